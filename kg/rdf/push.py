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
sent. Redirects are never followed: urllib would turn a redirected POST into a
GET without its body and carry the ``Authorization`` header to the new host, so
a 3xx is an error naming the ``Location``. Credentials never appear in a
message: an endpoint with ``user:password@`` in it is refused (the password
would be in ``ps`` and in shell history), and every URL shown has its user
information replaced by ``***``. The password comes from ``KG_PUSH_PASSWORD``
or a netrc file (``--netrc``: ``$NETRC``, else ``~/.netrc``).
"""

from __future__ import annotations

import base64
import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from kg.errors import Errors, RemoteError
from kg.store import Store

TRANSIENT = {429, 502, 503, 504}
CONTENT_TYPE = "application/n-triples"
PASSWORD_ENV = "KG_PUSH_PASSWORD"


@dataclass
class Auth:
    user: str | None = None
    password: str | None = None
    token: str | None = None

    def header(self) -> str | None:
        if self.token:
            return f"Bearer {self.token}"
        if self.user is not None:
            raw = f"{self.user}:{self.password or ''}".encode()
            return "Basic " + base64.b64encode(raw).decode("ascii")
        return None

    def __repr__(self) -> str:  # never the secrets, in a log or a traceback
        return f"Auth(user={self.user!r}, password={'***' if self.password else None}, " \
               f"token={'***' if self.token else None})"


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


def check_endpoint(endpoint: str) -> str:
    """The endpoint if it is an http(s) URL without credentials in it, else a RemoteError."""
    try:
        parts = urllib.parse.urlsplit(endpoint)
    except ValueError as exc:
        raise RemoteError(Errors.KG601.format(endpoint=redact(endpoint))) from exc
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise RemoteError(Errors.KG601.format(endpoint=redact(endpoint)))
    if "@" in parts.netloc:
        raise RemoteError(Errors.KG651.format(endpoint=redact(endpoint)))
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


def resolve_auth(endpoint: str, *, user: str | None = None, password: str | None = None,
                 token: str | None = None, use_netrc: bool = False,
                 netrc_file: str | os.PathLike[str] | None = None) -> Auth:
    """The credentials for a push: a bearer ``token`` if given; else ``user`` with
    ``password`` (or ``$KG_PUSH_PASSWORD``), the netrc entry filling what is missing."""
    if token:
        return Auth(token=token)
    password = password or os.environ.get(PASSWORD_ENV) or None
    if use_netrc or netrc_file:
        entry = netrc_auth(endpoint, netrc_file)
        if user is None or user == entry.user:
            user, password = entry.user, password or entry.password
    if user is not None and password is None:
        raise RemoteError(Errors.KG653.format(user=user))
    return Auth(user=user, password=password)


def _batches(store: Store, graph: str, size: int) -> Iterator[bytes]:
    import pyoxigraph as ox

    batch: list = []
    for q in sorted(store.quads(graph), key=str):
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


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A 3xx reaches the caller as an HTTPError instead of being followed."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: ANN001, ANN201
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


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
         backoff: float, sleep: Callable[[float], None] = time.sleep) -> int:
    """One GSP request with retries; returns the number of retries it took.

    Returns only when the endpoint confirmed the batch (2xx, and the triple count
    where it reports one); raises RemoteError otherwise."""
    check_endpoint(url)
    headers = {"Content-Type": CONTENT_TYPE}
    if (h := auth.header()) is not None:
        headers["Authorization"] = h
    sent = body.count(b"\n")  # N-Triples: one triple per line
    shown = redact(url)
    for attempt in range(retries + 1):
        req = urllib.request.Request(url, data=body, method=method, headers=headers)
        try:
            with _OPENER.open(req, timeout=timeout) as resp:
                answer = resp.read()
                status, content_type = resp.status, resp.headers.get("Content-Type", "")
        except urllib.error.HTTPError as exc:
            if 300 <= exc.code < 400:
                location = exc.headers.get("Location")
                where = redact(urllib.parse.urljoin(url, location)) if location else "(no Location given)"
                raise RemoteError(Errors.KG650.format(url=shown, status=exc.code, location=where)) from None
            text = exc.read().decode("utf-8", "replace")
            if exc.code not in TRANSIENT or attempt == retries:
                raise RemoteError(_explain(exc.code, url, text)) from None
        except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
            reason = getattr(exc, "reason", exc)
            if attempt == retries:
                if isinstance(reason, TimeoutError) or "timed out" in str(reason):
                    raise RemoteError(Errors.KG607.format(url=shown, seconds=timeout, tries=retries + 1)) from None
                raise RemoteError(Errors.KG608.format(url=shown, reason=reason, tries=retries + 1)) from None
        else:
            if not 200 <= status < 300:
                raise RemoteError(_explain(status, url, answer.decode("utf-8", "replace")))
            reported = _reported_count(content_type, answer)
            if reported is not None and reported != sent:
                raise RemoteError(Errors.KG652.format(url=shown, reported=reported, sent=sent))
            return attempt
        sleep(backoff * (2 ** attempt))
    raise AssertionError("unreachable")


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
