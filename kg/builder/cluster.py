"""``kg build --executor dask``: extraction on a Dask distributed cluster.

The client (this process) reads the articles, skips the unchanged ones, cuts
the rest into partitions and hands them to Dask's scheduler (``Client.submit``;
at most two partitions per worker thread in flight, so the client's memory
stays flat). A task runs ``kg.builder.workers.run_batch`` on a worker (the spaCy
pipeline is built once per worker process) and writes the partition's N-Quads
to ``PARTS/part-NNNNNN.nq`` — a folder every worker can reach, a shared disk
on a real cluster. As parts finish, the client bulk-loads each into the store
(one atomic ingestion per part) or, with ``push``, PUTs each article graph to a
remote Graph Store endpoint (replacing it there). Parts are deleted once
loaded unless ``keep_parts``. There is no scheduling code of kg's own here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from kg.builder.runner import BuildReport, Writer
from kg.builder.workers import TALLIES, chunked
from kg.builder.years import with_years
from kg.errors import Errors, InputError, RemoteError
from kg.types import Article

PARTITION = 64  # articles per Dask task


@dataclass
class Part:
    path: str  # the N-Quads file the task wrote
    sources: list[str]
    tallies: dict[str, int]
    errors: list[str]


def extract_partition(articles: list[Article], out: str, ner: str) -> Part:
    """The Dask task: extract a partition, write its N-Quads file, return a summary."""
    import os

    from kg.builder.workers import run_batch

    done = run_batch(articles, ner)
    ok = [d for d in done if not d.error]
    tmp = out + ".tmp"
    with open(tmp, "wb") as fh:
        for d in ok:
            fh.write(d.nquads)
    os.replace(tmp, out)  # a part file is whole or absent
    tallies = {k: sum(d.tallies.get(k, 0) for d in ok) for k in TALLIES}
    return Part(out, [d.source for d in ok], tallies, [d.error for d in done if d.error])


def build_dask(paths: list[Path], store_path: Path | None, *, scheduler: str, parts: Path,
               push: str | None = None, keep_parts: bool = False, ner: str = "shipped",
               partition: int = PARTITION, options: object | None = None,
               max_chars: int | None = None, progress: Callable[[str], None] | None = None) -> BuildReport:
    try:
        from distributed import Client
    except ImportError as exc:
        raise InputError(Errors.KG128) from exc
    from kg.ingest import DEFAULT_MAX_CHARS, iter_articles
    from kg.nlp.assemble import check_model, extractor_id
    from kg.store import Store

    check_model(ner)
    extractor = extractor_id(ner)
    auth = None
    if push is not None:  # a bad or credential-bearing URL is refused before any work, as by kg push
        import os

        from kg.rdf.push import check_endpoint, resolve_auth

        check_endpoint(push)
        auth = resolve_auth(push, token=os.environ.get("KG_PUSH_TOKEN") or None)
    parts.mkdir(parents=True, exist_ok=True)
    try:
        client = Client(scheduler, timeout="10s")
    except (OSError, TimeoutError) as exc:
        raise RemoteError(Errors.KG609.format(scheduler=scheduler, reason=exc)) from exc
    store = Store(store_path) if push is None and store_path is not None else None
    writer = Writer(store, BuildReport(), progress=progress)

    def finish(part: Part) -> None:
        data = Path(part.path).read_bytes()
        if push is not None:
            _push_part(data, push, auth)
        writer.report.failed.extend(part.errors)
        writer.write(part.sources, data, part.tallies)
        if not keep_parts:
            Path(part.path).unlink(missing_ok=True)

    try:
        threads = max(1, sum(client.nthreads().values()))
        in_flight: deque = deque()
        items = with_years(iter_articles(paths, max_chars=max_chars or DEFAULT_MAX_CHARS, options=options))
        for i, batch in enumerate(chunked(writer.pending(items, extractor), partition)):
            out = str(parts / f"part-{i:06d}.nq")
            in_flight.append(client.submit(extract_partition, batch, out, ner, pure=False))
            if len(in_flight) >= 2 * threads:
                finish(in_flight.popleft().result())
        while in_flight:
            finish(in_flight.popleft().result())
    finally:
        client.close()
        if store is not None:
            store.close()
    return writer.close()


def _push_part(data: bytes, endpoint: str, auth) -> None:
    """PUT each article graph of an N-Quads part to a Graph Store endpoint (checked and
    authenticated once, as kg push does, before any partition is extracted)."""
    import pyoxigraph as ox

    from kg.rdf.push import graph_url, send

    by_graph: dict[str, list] = {}
    for q in ox.parse(data, format=ox.RdfFormat.N_QUADS):
        by_graph.setdefault(q.graph_name.value, []).append(ox.Triple(q.subject, q.predicate, q.object))
    for graph, triples in by_graph.items():
        body = ox.serialize(triples, format=ox.RdfFormat.N_TRIPLES)
        send("PUT", graph_url(endpoint, graph), body, auth, timeout=60.0, retries=4, backoff=0.5)
