"""Articles -> N-Quads, in batches, in worker processes: the parallel half of ``kg build``.

A worker holds one spaCy pipeline and turns a batch of articles into one
N-Quads blob per article (extraction and RDF mapping both happen here, so they
run on every core). What travels back is small and plain; the main process
only reads files, checks hashes and writes to the store. The same ``run_batch``
serves ``--jobs 1`` (in the main process) and the Dask executor (kg.builder.cluster).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from kg.errors import KGError
from kg.types import Article, Extraction

TALLIES = ("entities", "affiliations", "counts", "dates", "statements")


@dataclass
class Done:
    """One article after extraction and mapping."""

    source: str
    nquads: bytes = b""  # the article's named graph, N-Quads (UTF-8)
    tallies: dict[str, int] = field(default_factory=dict)
    error: str | None = None  # a one-line message when extraction failed


_STATE: dict[str, Any] = {}  # per process: the pipeline and its extractor id


def init_worker(model: str | None, use_model: bool) -> None:
    """Build this process's pipeline once (a ProcessPool initializer)."""
    from kg.nlp.assemble import build_nlp, extractor_id

    if _STATE.get("key") != (model, use_model):
        _STATE.update(nlp=build_nlp(model, use_model), extractor=extractor_id(model, use_model),
                      key=(model, use_model))


def _done(ex: Extraction, extractor: str) -> Done:
    import pyoxigraph as ox

    from kg.rdf.mapping import to_quads

    blob = ox.serialize(to_quads(ex, extractor), format=ox.RdfFormat.N_QUADS)
    return Done(ex.article.source, blob or b"", {k: len(getattr(ex, k)) for k in TALLIES})


def run_batch(articles: list[Article], model: str | None = None, use_model: bool = True) -> list[Done]:
    """Extract and map a batch. A memory zone frees the strings the batch added to
    spaCy's vocabulary, so a long-lived worker does not grow with every new name.
    An article that makes the pipeline fail is reported, the others go on."""
    from kg.nlp.extract import extract

    init_worker(model, use_model)
    nlp, extractor = _STATE["nlp"], _STATE["extractor"]
    try:
        with nlp.memory_zone():
            return [_done(ex, extractor) for ex in extract(nlp, articles)]
    except Exception:  # noqa: BLE001 - isolate the article at fault below
        if len(articles) == 1:
            raise
    out = []
    for a in articles:
        try:
            out.extend(run_batch([a], model, use_model))
        except Exception as exc:  # noqa: BLE001 - one bad article must not stop a build
            out.append(Done(a.source, error=f"{a.path or a.source}: extraction failed "
                                            f"({type(exc).__name__}: {str(exc)[:200]})"))
    return out


def _ready() -> bool:
    return True


def _exit_with_parent() -> None:
    """Worker initializer: end this worker when the parent dies (a kill -9 of
    kg build would otherwise leave workers waiting forever on their queue)."""
    import os
    import threading
    import time

    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, daemon=True, name="kg-parent-watch").start()


class Workers:
    """``run_batch`` over batches of articles, results in input order.

    With ``jobs`` > 1 the batches go to that many worker processes, at most two
    batches per worker in flight, so memory stays flat however long the input
    is. Enter this before opening the store: the workers are forked at once,
    while the parent holds no RocksDB handle and no threads (fork, not spawn, so
    that ``build()`` also works from a notebook or a script without a main
    guard). Each worker builds its spaCy pipeline on its first batch, so an
    unchanged rebuild loads no spaCy at all.
    """

    def __init__(self, jobs: int, model: str | None = None, use_model: bool = True) -> None:
        self.jobs, self.model, self.use_model = jobs, model, use_model
        self._pool = None

    def __enter__(self) -> Workers:
        if self.jobs > 1:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(self.jobs, mp_context=multiprocessing.get_context("fork"),
                                             initializer=_exit_with_parent)
            self._pool.submit(_ready).result()  # a fork pool starts all its workers on the first task
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)

    def map(self, batches: Iterable[list[Article]]) -> Iterator[list[Done]]:
        if self._pool is None:
            for batch in batches:
                yield run_batch(batch, self.model, self.use_model)
            return
        from concurrent.futures.process import BrokenProcessPool

        pending: deque = deque()
        try:
            for batch in batches:
                pending.append(self._pool.submit(run_batch, batch, self.model, self.use_model))
                if len(pending) >= 2 * self.jobs:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        except BrokenProcessPool as exc:
            raise KGError("an extraction worker died (out of memory?); what was written so far is whole; "
                          "run the build again, perhaps with fewer --jobs") from exc
        finally:
            for f in pending:
                f.cancel()


def chunked(items: Iterable[Article], size: int) -> Iterator[list[Article]]:
    batch: list[Article] = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def default_jobs() -> int:
    import os

    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)
