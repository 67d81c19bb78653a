"""One HTTP request with bounded time and memory, for ``kg push`` and ``kg query --endpoint``.

An endpoint is not trusted to end its answer: one streaming an endless 200 body,
or a 500 with ``Content-Length: 4 GB``, was read whole (a ``MemoryError`` at
3.5 GB), and one sending a byte every 3 s never timed out (a socket timeout
counts from the last byte, and each byte came in time). Here:

- the connection is made within ``timeout`` s; once the request is sent, the
  status line and headers must come within ``timeout`` s, and then each 64 KB
  of the body (or its end) within ``timeout`` s: a watchdog shuts the socket
  down when a deadline passes, which ends the read at once (``TimeoutError``);
- at most ``limit`` bytes of a body are read: over that is ``TooLarge`` for a
  2xx answer; an error answer is cut at ``ERROR_BYTES`` (only its first line is
  ever shown). The rest is never read: the connection is closed.

Redirects are not followed (the caller sees the 3xx).
"""

from __future__ import annotations

import http.client
import socket
import threading
import urllib.parse
from dataclasses import dataclass

__all__ = ["Answer", "TooLarge", "request"]

CHUNK = 1 << 16
ERROR_BYTES = 1 << 16


class TooLarge(Exception):
    """The answer's body is over the limit."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"over {limit:,} bytes")
        self.limit = limit


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes


class _Watchdog:
    """Shuts the connection's socket down when a phase runs past its deadline."""

    def __init__(self, conn: http.client.HTTPConnection) -> None:
        self.conn, self.fired, self._timer = conn, False, None

    def arm(self, seconds: float) -> None:
        self.disarm()
        self._timer = threading.Timer(seconds, self._fire)
        self._timer.daemon = True
        self._timer.start()

    def disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _fire(self) -> None:
        self.fired = True
        sock = self.conn.sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def request(method: str, url: str, *, body: bytes | None = None, headers: dict[str, str] | None = None,
            timeout: float, limit: int) -> Answer:
    """Send one request and read its answer within the bounds above."""
    parts = urllib.parse.urlsplit(url)
    kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    conn = kind(parts.hostname or "", parts.port, timeout=timeout)
    dog = _Watchdog(conn)
    target = urllib.parse.urlunsplit(("", "", parts.path or "/", parts.query, ""))
    try:
        conn.request(method, target, body=body, headers=headers or {})
        dog.arm(timeout)
        resp = conn.getresponse()
        ok = 200 <= resp.status < 300
        data = _read(resp, dog, timeout, limit if ok else ERROR_BYTES, cut=not ok)
        return Answer(resp.status, resp.headers, data)
    except (OSError, http.client.HTTPException):
        if dog.fired:
            raise TimeoutError(f"no answer within {timeout:g} s") from None
        raise
    finally:
        dog.disarm()
        conn.close()


def _read(resp: http.client.HTTPResponse, dog: _Watchdog, timeout: float, limit: int, *, cut: bool) -> bytes:
    parts, size = [], 0
    while size <= limit:
        dog.arm(timeout)
        chunk = resp.read(min(CHUNK, limit + 1 - size))
        dog.disarm()
        if dog.fired:
            raise TimeoutError(f"no answer within {timeout:g} s")
        if not chunk:
            return b"".join(parts)
        parts.append(chunk)
        size += len(chunk)
    if cut:
        return b"".join(parts)[:limit]
    raise TooLarge(limit)
