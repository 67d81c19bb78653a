"""``kg serve``'s front: the HTTP server on the user's port, in front of the Oxigraph engine.

One request must not take the endpoint down for others, and a web page the user
visits must not be able to write to it. Every request is checked here before it
reaches the engine (kg.store.engine, on a private loopback port):

- ``Host`` must name this server (a loopback name, the bound address, this
  machine's name or an ``--allow-host``): a DNS-rebound page is refused; an
  ``Origin`` must be this server's own or an ``--allow-origin``: a form posted
  from another site is refused (forms need no CORS preflight);
- writes (``/update``, Graph Store ``PUT``/``POST``/``DELETE``) are refused when
  read-only and need ``Authorization: Bearer TOKEN`` with ``--writable``;
- a query or update of over ``MAX_QUERY_BYTES``, nested deeper than
  ``kg.query.guard.MAX_DEPTH``, or calling an endpoint (``SERVICE``, ``LOAD``)
  not given with ``--allow-service`` is refused with 400 or 413;
- each read of a connection times out after ``IDLE_SECONDS`` (half-open
  connections are dropped; each has its own thread, so none blocks another).

When the engine dies during a request (a panic or a stack overflow), the
supervisor restarts it and the request answers 502. A request that was alone
in flight, or that crashes the engine again when retried, is the cause: its
text is remembered and refused from then on. Others in flight are retried once.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import itertools
import socket
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from kg.errors import QueryError
from kg.query.guard import MAX_DEPTH, check_query
from kg.store.engine import Engine

MAX_QUERY_BYTES = 1 << 20
DRAIN_BYTES = 16 << 20  # a body refused for its size is read (and dropped) up to this, so the client sees the 413
IDLE_SECONDS = 10.0
MAX_CONNECTIONS = 1024
REFUSALS_EVERY = 10.0
PATHS = ("/", "/query", "/update", "/store")
FORWARDED = ("Content-Type", "Accept", "Accept-Language")
HOP = {"connection", "keep-alive", "transfer-encoding", "server", "date", "content-length",
       "access-control-allow-origin"}
_CHUNK = 1 << 16
_IDS = itertools.count()


@dataclass
class Policy:
    writable: bool
    token: str | None
    hosts: frozenset[str]
    origins: frozenset[str]
    services: frozenset[str]
    wildcard: bool = False  # bound to 0.0.0.0 or ::, where a client may name any local address
    timeout: float = 30.0
    refused: set[str] = field(default_factory=set)  # digests of requests that crashed the engine


def accepted_hosts(bind: str, port: int, extra: tuple[str, ...] = ()) -> frozenset[str]:
    """Host header values that name this server: each name alone and with ``:port``."""
    names = {"localhost", "127.0.0.1", "[::1]", socket.gethostname(), *extra}
    if bind not in ("0.0.0.0", "::", ""):
        names.add(f"[{bind}]" if ":" in bind else bind)
    names = {n.lower() for n in names}
    return frozenset(names | {f"{n}:{port}" for n in names})


class Front(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024

    def __init__(self, address: tuple[str, int], policy: Policy, engine: Engine, log) -> None:  # noqa: ANN001
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.policy, self.engine, self.log = policy, engine, log
        self.active = 0
        self._count = threading.Lock()
        self._quiet_until, self._unsaid = 0.0, 0
        super().__init__(address, Handler)

    def log_refusal(self, line: str) -> None:
        """Log a refused request, at most one line per REFUSALS_EVERY seconds (a client sending
        thousands must not flood the log, or block on a log nobody reads)."""
        now = time.monotonic()
        with self._count:
            if now < self._quiet_until:
                self._unsaid += 1
                return
            unsaid, self._unsaid, self._quiet_until = self._unsaid, 0, now + REFUSALS_EVERY
        self.log(line + (f" ({unsaid} more refused before it)" if unsaid else ""))

    def server_bind(self) -> None:  # HTTPServer's looks the address up in DNS (getfqdn): not needed
        import socketserver

        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = str(self.server_address[0]), int(self.server_address[1])

    def process_request(self, request, client_address) -> None:  # noqa: ANN001
        with self._count:
            full = self.active >= MAX_CONNECTIONS
            if not full:
                self.active += 1
        if full:  # over the cap: dropped at once rather than a thread more
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request, client_address) -> None:  # noqa: ANN001
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self._count:
                self.active -= 1


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = IDLE_SECONDS
    server: Front

    def do_GET(self) -> None:  # noqa: N802
        self._handle()

    do_HEAD = do_POST = do_PUT = do_DELETE = do_GET  # noqa: N815

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - no access log
        pass

    # ------------------------------------------------------------ checks
    def _handle(self) -> None:
        policy, path = self.server.policy, urllib.parse.urlsplit(self.path).path
        if path not in PATHS:
            return self._say(404, f"no such path {path!r}: the endpoint is /query (and /update, /store)")
        refusal = self._foreign(policy) or self._write_refusal(policy, path)
        if refusal:
            return self._say(*refusal)
        if "Transfer-Encoding" in self.headers:
            return self._say(411, "send a Content-Length (chunked bodies are not accepted)")
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            return self._say(400, "bad Content-Length")
        if path == "/store":  # Graph Store data: streamed to the engine as it comes
            return self._forward(None, length)
        if length > MAX_QUERY_BYTES:
            self._discard(min(length, DRAIN_BYTES))  # else the client, still sending, may get a reset, not the 413
            return self._say(413, f"a query or update of over {MAX_QUERY_BYTES:,} bytes is refused")
        body = self.rfile.read(length) if length else b""
        texts = self._texts(body)
        if texts is None:
            return self._say(400, "the request body is not UTF-8")
        for text in texts:
            try:
                check_query(text, max_depth=MAX_DEPTH, allowed=policy.services)
            except QueryError as exc:
                self.server.log_refusal(f"refused a request from {self.client_address[0]}: {exc}")
                return self._say(400, str(exc))
        digest = hashlib.sha256(self.path.encode() + b"\0" + body).hexdigest()
        if digest in policy.refused:
            return self._say(400, "this request stopped the SPARQL engine before; it is refused")
        self._forward(body, len(body), digest=digest, what=_excerpt(texts))

    def _foreign(self, policy: Policy) -> tuple[int, str] | None:
        host = (self.headers.get("Host") or "").strip().lower()
        here = policy.hosts
        if policy.wildcard:  # the address this connection came to, as a client would write it
            local = self.connection.getsockname()[0]
            local = f"[{local}]" if ":" in local else local
            here = here | {local, f"{local}:{self.server.server_port}"}
        if host and host not in here:
            return 403, f"Host {host!r} is not this server (kg serve --allow-host NAME accepts another name)"
        origin = (self.headers.get("Origin") or "").strip().rstrip("/").lower()
        if origin and origin not in policy.origins and origin not in {f"http://{h}" for h in here if ":" in h}:
            return 403, f"requests from {origin!r} are refused (kg serve --allow-origin ORIGIN accepts a site)"
        return None

    def _write_refusal(self, policy: Policy, path: str) -> tuple[int, str] | None:
        if not (path == "/update" or (path == "/store" and self.command in ("PUT", "POST", "DELETE"))):
            return None
        if not policy.writable:
            return 403, "the endpoint is read-only (kg serve --writable accepts writes)"
        given = self.headers.get("Authorization") or ""
        if not (policy.token and hmac.compare_digest(given.encode(), f"Bearer {policy.token}".encode())):
            return 401, "a write needs 'Authorization: Bearer TOKEN' (the token kg serve printed at start)"
        return None

    def _texts(self, body: bytes) -> list[str] | None:
        """Every query or update text the engine could read from this request."""
        url = urllib.parse.urlsplit(self.path)
        fields = urllib.parse.parse_qs(url.query, keep_blank_values=True)
        ctype = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        try:
            decoded = body.decode("utf-8")
        except UnicodeDecodeError:
            return None
        # the body as a form whatever its declared type (an engine may read a type kg does not expect as
        # one), and as SPARQL unless it is declared a form: every reading the engine could make is checked
        for k, v in urllib.parse.parse_qs(decoded, keep_blank_values=True).items():
            fields.setdefault(k, []).extend(v)
        texts = [t for k in ("query", "update") for t in fields.get(k, [])]
        if body and ctype != "application/x-www-form-urlencoded":
            texts.append(decoded)
        return texts

    # ------------------------------------------------------------ to the engine and back
    def _forward(self, body: bytes | None, length: int, *, digest: str = "", what: str = "",
                 retried: bool = False) -> None:
        engine, key = self.server.engine, next(_IDS)
        if not engine.wait_ready(5.0):
            return self._say(503, "the SPARQL engine is restarting; try again")
        generation = engine.generation
        conn = http.client.HTTPConnection("127.0.0.1", engine.port, timeout=self.server.policy.timeout + 30)
        engine.begin(key, f"{self.command} {what or self.path[:80]} from {self.client_address[0]}")
        try:
            resp = self._send(conn, body, length)
        except (OSError, http.client.HTTPException) as exc:
            conn.close()
            crashed = body is not None and engine.crashed_since(generation)
            alone = engine.wait_restarted(generation, 5.0) if crashed else False  # still counted in flight
            engine.end(key)
            if not crashed:
                return self._say(502, f"the SPARQL engine failed: {exc}")
            if alone or retried:
                self.server.policy.refused.add(digest)
                return self._say(502, f"this request stopped the SPARQL engine ({engine.last_crash}); "
                                      "it was restarted and will refuse this request from now on")
            return self._forward(body, length, digest=digest, what=what, retried=True)
        try:
            self._relay(resp)
        finally:
            engine.end(key)
            conn.close()

    def _send(self, conn: http.client.HTTPConnection, body: bytes | None, length: int) -> http.client.HTTPResponse:
        conn.putrequest(self.command, self.path, skip_accept_encoding=True)
        for name in FORWARDED:
            if name in self.headers:
                conn.putheader(name, self.headers[name])
        conn.putheader("Content-Length", str(length))
        conn.endheaders()
        if body is not None:
            conn.send(body)
        else:
            left = length
            while left > 0:
                chunk = self.rfile.read(min(left, _CHUNK))
                if not chunk:
                    raise ConnectionError("the client stopped sending")
                conn.send(chunk)
                left -= len(chunk)
        return conn.getresponse()

    def _relay(self, resp: http.client.HTTPResponse) -> None:
        self.send_response(resp.status, resp.reason)
        for name, value in resp.getheaders():
            if name.lower() not in HOP:
                self.send_header(name, value)
        bodiless = self.command == "HEAD" or resp.status in (204, 304)
        size = resp.getheader("Content-Length")
        if bodiless or size is not None:
            self.send_header("Content-Length", "0" if bodiless and size is None else size or "0")
            self.end_headers()
            if not bodiless:
                self._copy(resp, chunked=False)
            return
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self._copy(resp, chunked=True)

    def _copy(self, resp: http.client.HTTPResponse, *, chunked: bool) -> None:
        try:
            while chunk := resp.read1(_CHUNK):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk) if chunked else chunk)
            if chunked:
                self.wfile.write(b"0\r\n\r\n")
        except (OSError, http.client.HTTPException):  # the engine died mid-answer, or the client left
            self.close_connection = True

    def _discard(self, n: int) -> None:
        """Read and drop up to ``n`` bytes of the request body (each read within the idle timeout)."""
        try:
            while n > 0 and (chunk := self.rfile.read(min(n, 1 << 16))):
                n -= len(chunk)
        except OSError:
            pass

    def _say(self, status: int, message: str) -> None:
        data = (message + "\n").encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        if status == 401:
            self.send_header("WWW-Authenticate", 'Bearer realm="kg serve"')
        if status >= 400:  # the body may be unread: the connection cannot carry another request
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)


def _excerpt(texts: list[str]) -> str:
    text = " ".join(" ".join(texts).split())
    return repr(text[:120] + ("..." if len(text) > 120 else ""))
