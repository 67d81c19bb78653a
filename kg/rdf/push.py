"""``kg push``: upload the store to a remote graph store through the SPARQL 1.1
Graph Store HTTP Protocol (GSP).

Each article graph goes to the same graph IRI remotely (or every graph into the
one ``--graph`` IRI), as N-Triples in batches of ``batch_size`` triples: the
first batch of a graph is a PUT when replacing (so the remote graph ends up
equal to ours), every other batch a POST (append). Transient failures
(connection errors, timeouts, 429, 502, 503, 504) are retried with exponential
back-off; 401/403, 404 and 413 stop at once with a message saying what to do.
"""

from __future__ import annotations

import base64
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from kg.errors import RemoteError
from kg.store import Store

TRANSIENT = {429, 502, 503, 504}
CONTENT_TYPE = "application/n-triples"


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


@dataclass
class PushReport:
    graphs: int = 0
    triples: int = 0
    requests: int = 0
    retries: int = 0


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
    detail = body.strip().splitlines()[0][:200] if body.strip() else ""
    if status in (401, 403):
        return (f"the endpoint refused our credentials ({status}) at {url}: check --user/--password "
                f"or the token variable")
    if status == 404:
        return (f"no Graph Store endpoint at {url} (404): check the URL form for your store "
                f"(kg push --help lists them)")
    if status == 413:
        return "the endpoint says a request is too large (413): use a smaller --batch-size"
    return f"the endpoint answered {status} at {url}" + (f": {detail}" if detail else "")


def send(method: str, url: str, body: bytes, auth: Auth, *, timeout: float, retries: int,
         backoff: float, sleep: Callable[[float], None] = time.sleep) -> int:
    """One GSP request with retries; returns the number of retries it took."""
    headers = {"Content-Type": CONTENT_TYPE}
    if (h := auth.header()) is not None:
        headers["Authorization"] = h
    for attempt in range(retries + 1):
        req = urllib.request.Request(url, data=body, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                resp.read()
                return attempt
        except urllib.error.HTTPError as exc:
            text = exc.read().decode("utf-8", "replace")
            if exc.code not in TRANSIENT or attempt == retries:
                raise RemoteError(_explain(exc.code, url, text)) from exc
        except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
            reason = getattr(exc, "reason", exc)
            if attempt == retries:
                if isinstance(reason, TimeoutError) or "timed out" in str(reason):
                    raise RemoteError(f"{url} did not answer within {timeout:g} s "
                                    f"(after {retries + 1} tries); raise --timeout") from exc
                raise RemoteError(f"cannot reach {url}: {reason} (after {retries + 1} tries)") from exc
        sleep(backoff * (2 ** attempt))
    raise AssertionError("unreachable")


def push(store: Store, endpoint: str, *, graph: str | None = None, replace: bool = False,
         auth: Auth | None = None, batch_size: int = 10_000, timeout: float = 60.0,
         retries: int = 4, backoff: float = 0.5,
         progress: Callable[[str], None] | None = None) -> PushReport:
    """Upload every article graph (or all into ``graph``)."""
    if not endpoint.startswith(("http://", "https://")):
        raise RemoteError(f"{endpoint}: the endpoint must be an http:// or https:// URL")
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
