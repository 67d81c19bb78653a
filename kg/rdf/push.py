"""``kg push``: upload the store to a remote graph store through the SPARQL 1.1
Graph Store HTTP Protocol (GSP).

Each article graph goes to the same graph IRI remotely (or every graph into the
one ``--graph`` IRI), as N-Triples in batches of ``batch_size`` triples: the
first batch of a graph is a PUT when replacing (so the remote graph ends up
equal to ours), every other batch a POST (append). Transient failures
(connection errors, timeouts, 429, 502, 503, 504) are retried with exponential
back-off; 401/403, 404 and 413 stop at once with a message saying what to do.

What counts as stored: a batch is done only when the endpoint answered it with
a 2xx status, and, where the endpoint reports how many triples it read (Fuseki's
JSON ``{"count": N, "tripleCount": N}``), only when that number is the number
sent. Redirects are never followed: a redirected POST would become a GET without
its body and carry the ``Authorization`` header to the new host, so a 3xx is an
error naming the ``Location``. Each request is bounded in time and memory
(kg.rdf.bounded); a Retry-After never makes kg wait longer than ``--timeout``. Credentials never appear in a
message: an endpoint with ``user:password@`` in it is refused (the password
would be in ``ps`` and in shell history), and every URL shown has its user
information replaced by ``***``. The password comes from ``KG_PUSH_PASSWORD``
or a netrc file (``--netrc``: ``$NETRC``, else ``~/.netrc``).
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import re
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from kg.errors import Errors, RemoteError
from kg.rdf import bounded
from kg.store import Store

TRANSIENT = {429, 502, 503, 504}
CONTENT_TYPE = "application/n-triples"
PASSWORD_ENV = "KG_PUSH_PASSWORD"
ANSWER_BYTES = 1 << 20  # a graph store answers a batch with a status and a line or two


@dataclass
class Auth:
    user: str | None = None
    password: str | None = None
    token: str | None = None
    digest: bool = False  # answer the endpoint's HTTP digest challenge instead of sending basic credentials

    def header(self) -> str | None:
        if self.token:
            return f"Bearer {self.token}"
        if self.user is not None and not self.digest:
            raw = f"{self.user}:{self.password or ''}".encode()
            return "Basic " + base64.b64encode(raw).decode("ascii")
        return None

    def __repr__(self) -> str:  # never the secrets, in a log or a traceback
        return f"Auth(user={self.user!r}, password={'***' if self.password else None}, " \
               f"token={'***' if self.token else None}, digest={self.digest})"


@dataclass
class PushReport:
    graphs: int = 0
    triples: int = 0
    requests: int = 0
    retries: int = 0


def redact(url: str) -> str:
    """``url`` with any ``user:password@`` replaced by ``***@`` (for messages)."""
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError:
        return "<an unreadable URL>"
    if "@" not in parts.netloc:
        return url
    return urllib.parse.urlunsplit(parts._replace(netloc="***@" + parts.netloc.rsplit("@", 1)[1]))


_AUTH_ECHO = re.compile(r"(?i)\b(authorization|bearer|basic|digest|password|token)(\s*[:=]?\s*)([^\s,;\"']+)")


def hide_secrets(text: str, auth: Auth) -> str:
    """``text`` (an endpoint's answer, shown in a message) without the credentials of ``auth`` or
    anything after an ``Authorization:``, ``Bearer`` or ``password=`` (a server may echo them)."""
    for secret in (auth.token, auth.password, auth.header()):
        if secret:
            text = text.replace(secret, "***")
    return _AUTH_ECHO.sub(lambda m: m.group(1) + m.group(2) + "***", text)


def _credentials_in_url(shown: str) -> str:
    return Errors.KG651.format(endpoint=shown)


def check_endpoint(endpoint: str, credentials: Callable[[str], str] = _credentials_in_url) -> str:
    """The endpoint if it is an http(s) URL without credentials in it, else a RemoteError
    (``credentials`` gives the message for a user or password in the URL, shown redacted)."""
    try:
        parts = urllib.parse.urlsplit(endpoint)
        parts.port  # noqa: B018 - a port that is no number, or past 65535, raises ValueError here
    except ValueError as exc:
        raise RemoteError(Errors.KG601.format(endpoint=redact(endpoint))) from exc
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise RemoteError(Errors.KG601.format(endpoint=redact(endpoint)))
    if "@" in parts.netloc:
        raise RemoteError(credentials(redact(endpoint)))
    return endpoint


def netrc_auth(endpoint: str, path: str | os.PathLike[str] | None = None) -> Auth:
    """User and password for the endpoint's host from a netrc file (``path``, else
    ``$NETRC``, else ``~/.netrc``)."""
    import netrc

    file = Path(path or os.environ.get("NETRC") or Path.home() / ".netrc")
    host = urllib.parse.urlsplit(endpoint).hostname or ""
    try:
        entries = netrc.netrc(os.fspath(file))
    except FileNotFoundError as exc:
        raise RemoteError(Errors.KG655.format(path=file, reason="no such file")) from exc
    except netrc.NetrcParseError as exc:  # exc.msg may quote a token of the file: show the line only
        reason = f"syntax error on line {exc.lineno}" if exc.lineno else exc.msg
        raise RemoteError(Errors.KG655.format(path=file, reason=reason)) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise RemoteError(Errors.KG655.format(path=file, reason=getattr(exc, "strerror", None) or exc)) from exc
    found = entries.authenticators(host)
    if found is None:
        raise RemoteError(Errors.KG654.format(host=host, path=file))
    login, _account, password = found
    return Auth(user=login or None, password=password)


_TOKEN = re.compile(r"[\x21-\x7e]+")  # printable ASCII: what an Authorization header can carry


def resolve_auth(endpoint: str, *, user: str | None = None, password: str | None = None,
                 token: str | None = None, use_netrc: bool = False,
                 netrc_file: str | os.PathLike[str] | None = None, digest: bool = False,
                 token_var: str = "KG_PUSH_TOKEN") -> Auth:
    """The credentials for a push: a bearer ``token`` if given (read from ``$token_var``; the
    white space around it, such as the newline of a file it was read from, left out); else
    ``user`` with ``password`` (or ``$KG_PUSH_PASSWORD``), the netrc entry filling what is missing."""
    token = token.strip() if token else None
    if token:
        if not _TOKEN.fullmatch(token):
            raise RemoteError(Errors.KG657.format(var=token_var))
        return Auth(token=token)
    password = password or os.environ.get(PASSWORD_ENV) or None
    if use_netrc or netrc_file:
        entry = netrc_auth(endpoint, netrc_file)
        if user is None or user == entry.user:
            user, password = entry.user, password or entry.password
    if user is not None and password is None:
        raise RemoteError(Errors.KG653.format(user=user))
    return Auth(user=user, password=password, digest=digest)


def _batches(store: Store, graph: str, size: int) -> Iterator[bytes]:
    """The graph as N-Triples batches, with its entities' types and labels (kg.rdf.described)."""
    import pyoxigraph as ox

    from kg.rdf.described import describe

    batch: list = []
    for q in sorted(describe(list(store.quads(graph))), key=str):
        batch.append(ox.Triple(q.subject, q.predicate, q.object))
        if len(batch) >= size:
            yield ox.serialize(batch, format=ox.RdfFormat.N_TRIPLES)
            batch = []
    if batch:
        yield ox.serialize(batch, format=ox.RdfFormat.N_TRIPLES)


def graph_url(endpoint: str, graph: str) -> str:
    sep = "&" if "?" in endpoint else "?"
    return f"{endpoint}{sep}{urllib.parse.urlencode({'graph': graph})}"


def _explain(status: int, url: str, body: str) -> str:
    url = redact(url)
    detail = body.strip().splitlines()[0][:200] if body.strip() else ""
    if status in (401, 403):
        return Errors.KG602.format(status=status, url=url)
    if status == 404:
        return Errors.KG603.format(url=url)
    if status == 413:
        return Errors.KG604
    if detail:
        return Errors.KG606.format(status=status, url=url, detail=detail)
    return Errors.KG605.format(status=status, url=url)


def _reported_count(content_type: str, body: bytes) -> int | None:
    """How many triples the endpoint says it read, where it says so (Fuseki's JSON)."""
    if "json" not in content_type.lower() or not body.strip():
        return None
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict):
        return None
    for key in ("tripleCount", "count"):
        if isinstance(data.get(key), int) and not isinstance(data.get(key), bool):
            return data[key]
    return None


def send(method: str, url: str, body: bytes, auth: Auth, *, timeout: float, retries: int,
         backoff: float) -> int:
    """One GSP request with retries; returns the number of retries it took.

    Connection errors, timeouts and the TRANSIENT statuses are retried up to
    ``retries`` times, waiting ``backoff`` x 2^n seconds between tries, or what the
    server's Retry-After asks, but never longer than ``timeout`` (a 503 asking for an
    hour). Each request is bounded in time and memory (kg.rdf.bounded: a byte every
    few seconds times out, an endless answer is cut). Redirects are not followed.
    Returns only when the endpoint confirmed the batch (2xx, and the triple count
    where it reports one); raises RemoteError otherwise."""
    check_endpoint(url)
    headers = {"Content-Type": CONTENT_TYPE}
    if (h := auth.header()) is not None:
        headers["Authorization"] = h
    sent = body.count(b"\n")  # N-Triples: one triple per line
    tried = 0
    while True:
        answer = _attempt(method, url, body, headers, timeout, tried, retries)
        if answer is not None and answer.status == 401 and auth.digest and auth.user is not None:
            reply = digest_authorization(method, url, answer.headers.get("WWW-Authenticate", ""), auth.user,
                                         auth.password or "")
            if reply is not None:  # answered once: a second 401 means wrong credentials (KG602)
                headers["Authorization"] = reply
                answer = _attempt(method, url, body, headers, timeout, tried, retries)
        if tried < retries and (answer is None or answer.status in TRANSIENT):
            tried += 1
            time.sleep(_pause(answer, backoff, tried, timeout))
            continue
        break
    assert answer is not None
    return _confirmed(answer, url, sent, tried, auth)


def _attempt(method: str, url: str, body: bytes, headers: dict[str, str], timeout: float, tried: int,
             retries: int) -> bounded.Answer | None:
    """The endpoint's answer; None for a failure worth another try while tries are left."""
    shown = redact(url)
    try:
        return bounded.request(method, url, body=body, headers=headers, timeout=timeout, limit=ANSWER_BYTES)
    except bounded.TooLarge as exc:
        raise RemoteError(Errors.KG670.format(url=shown, limit=f"{exc.limit >> 20} MB")) from None
    except TimeoutError:
        if tried < retries:
            return None
        raise RemoteError(Errors.KG607.format(url=shown, seconds=timeout, tries=tried + 1)) from None
    except (OSError, http.client.HTTPException) as exc:
        if tried < retries:
            return None
        raise RemoteError(Errors.KG608.format(url=shown, reason=_why(exc), tries=tried + 1)) from None
    except (ValueError, UnicodeError):  # a header http.client refuses: its text may be a credential
        raise RemoteError(Errors.KG608.format(url=shown, reason="a request header is not valid HTTP",
                                              tries=1)) from None


def _pause(answer: bounded.Answer | None, backoff: float, tried: int, timeout: float) -> float:
    """Seconds to wait before try ``tried + 1``: Retry-After (seconds or a date) if given, else
    exponential back-off; never over ``timeout``."""
    wait = backoff * 2 ** (tried - 1)
    after = answer.headers.get("Retry-After") if answer is not None else None
    if after:
        try:
            wait = float(after)
        except ValueError:
            import email.utils

            try:
                wait = email.utils.parsedate_to_datetime(after).timestamp() - time.time()
            except (TypeError, ValueError, OverflowError):
                pass
    return max(0.0, min(wait, timeout, 120.0))


def _confirmed(answer: bounded.Answer, url: str, sent: int, tried: int, auth: Auth) -> int:
    shown = redact(url)
    status = answer.status
    if 300 <= status < 400:
        location = answer.headers.get("Location")
        where = redact(urllib.parse.urljoin(url, location)) if location else "(no Location given)"
        raise RemoteError(Errors.KG650.format(url=shown, status=status, location=where))
    if not 200 <= status < 300:
        raise RemoteError(_explain(status, url, hide_secrets(answer.body.decode("utf-8", "replace"), auth)))
    reported = _reported_count(answer.headers.get("Content-Type", ""), answer.body)
    if reported is not None and reported != sent:
        raise RemoteError(Errors.KG652.format(url=shown, reported=reported, sent=sent))
    return tried


_DIGEST_PARAM = re.compile(r'(\w+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))')
_DIGEST_HASH = {"MD5": "md5", "SHA-256": "sha256"}


def digest_authorization(method: str, url: str, challenge: str, user: str, password: str) -> str | None:
    """The ``Authorization`` value answering an HTTP digest challenge (RFC 7616; MD5 or SHA-256,
    qop ``auth`` or none), or None when ``challenge`` asks for something else. The password
    itself is never sent, only a hash over it, the server's nonce and this request."""
    import hashlib
    import secrets

    found = re.search(r"\bDigest\s+(.*)", challenge, re.IGNORECASE | re.DOTALL)
    if found is None:
        return None
    params = {k.lower(): bare or re.sub(r"\\(.)", r"\1", quoted)
              for k, quoted, bare in _DIGEST_PARAM.findall(found.group(1))}
    algorithm = params.get("algorithm", "MD5").upper()
    if algorithm not in _DIGEST_HASH or "nonce" not in params:
        return None

    def h(text: str) -> str:
        return hashlib.new(_DIGEST_HASH[algorithm], text.encode("utf-8")).hexdigest()

    parts = urllib.parse.urlsplit(url)
    uri = parts.path + (f"?{parts.query}" if parts.query else "")
    realm, nonce = params.get("realm", ""), params["nonce"]
    ha1, ha2 = h(f"{user}:{realm}:{password}"), h(f"{method}:{uri}")
    qops = [q.strip() for q in params.get("qop", "").split(",") if q.strip()]

    def quote(v: str) -> str:
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'

    fields = [f"username={quote(user)}", f"realm={quote(realm)}", f"nonce={quote(nonce)}", f"uri={quote(uri)}",
              f"algorithm={algorithm}"]
    if "auth" in qops:
        nc, cnonce = "00000001", secrets.token_hex(8)
        fields += [f"response={quote(h(f'{ha1}:{nonce}:{nc}:{cnonce}:auth:{ha2}'))}", "qop=auth", f"nc={nc}",
                   f"cnonce={quote(cnonce)}"]
    elif qops:
        return None  # auth-int only
    else:
        fields.append(f"response={quote(h(f'{ha1}:{nonce}:{ha2}'))}")
    if "opaque" in params:
        fields.append(f"opaque={quote(params['opaque'])}")
    return "Digest " + ", ".join(fields)


def _why(exc: BaseException | None) -> str:
    """The last, most specific part of a urllib3 error (e.g. 'Connection refused')."""
    text = str(exc) if exc is not None else "unknown error"
    if "Errno" in text:
        return text[text.rindex("[Errno"):].split("]", 1)[-1].strip(" ')\"") or text
    return text


def push(store: Store, endpoint: str, *, graph: str | None = None, replace: bool = False,
         auth: Auth | None = None, batch_size: int = 10_000, timeout: float = 60.0,
         retries: int = 4, backoff: float = 0.5,
         progress: Callable[[str], None] | None = None) -> PushReport:
    """Upload every article graph (or all into ``graph``); counts only what the endpoint confirmed."""
    from kg.rdf.load import check_iri

    check_endpoint(endpoint)
    if graph is not None:
        check_iri(graph, "--graph")
    auth = auth or Auth()
    report = PushReport()
    sources = sorted(store.graphs())
    first_for_target: set[str] = set()
    for g in sources:
        target = graph or g
        url = graph_url(endpoint, target)
        for body in _batches(store, g, batch_size):
            method = "PUT" if replace and target not in first_for_target else "POST"
            first_for_target.add(target)
            report.retries += send(method, url, body, auth, timeout=timeout, retries=retries, backoff=backoff)
            report.requests += 1
            report.triples += body.count(b"\n")
        report.graphs += 1
        if progress:
            progress(g)
    return report
