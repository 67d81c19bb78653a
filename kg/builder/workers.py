"""Articles -> N-Quads, in batches, in worker processes: the parallel half of ``kg build``.

A worker holds one spaCy pipeline and turns a batch of articles into one
N-Quads blob per article (extraction and RDF mapping both happen here, so they
run on every core). What travels back is small and plain; the main process
only reads files, checks hashes and writes to the store. The same ``run_batch``
serves the local workers (``--jobs 1`` too: one worker process) and the Dask executor
(kg.builder.cluster); kg.builder.isolation finds and skips an article that kills a worker.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from kg.errors import Errors, KGError, ModelError
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


def init_worker(ner: str) -> None:
    """Build this process's pipeline once (``ner`` as in kg.nlp.assemble.build_nlp)."""
    from kg.nlp.assemble import build_nlp, extractor_id

    if _STATE.get("key") != ner:
        _STATE.update(nlp=build_nlp(ner), extractor=extractor_id(ner), key=ner)


def _done(ex: Extraction, extractor: str) -> Done:
    import pyoxigraph as ox

    from kg.rdf.mapping import to_quads

    blob = ox.serialize(to_quads(ex, extractor), format=ox.RdfFormat.N_QUADS)
    return Done(ex.article.source, blob or b"", {k: len(getattr(ex, k)) for k in TALLIES})


ZONE_ARTICLES = 1000  # articles per memory zone of a worker's pipeline, and before the first one


def _rolling_zone(nlp: Any, n: int) -> None:
    """Past its first ``ZONE_ARTICLES`` articles, keep this process's pipeline inside a memory zone
    renewed every ``ZONE_ARTICLES`` articles: leaving a zone frees the strings its articles added to
    spaCy's vocabulary, so a long-lived worker does not grow with every new name (what the first
    articles added stays, a bounded amount). Work inside a zone is about 2.5% slower (bench/vs_spacy.py
    on 150 articles: 8.06 s against 7.84 s, medians of five), so a short build runs without one."""
    seen = _STATE.get("articles", 0)
    _STATE["articles"] = seen + n
    if seen < ZONE_ARTICLES:
        return
    zone = _STATE.get("zone")
    if zone is None or _STATE["zone_articles"] >= ZONE_ARTICLES:
        if zone is not None:
            zone.__exit__(None, None, None)
        zone = _STATE["zone"] = nlp.memory_zone()
        zone.__enter__()
        _STATE["zone_articles"] = 0
    _STATE["zone_articles"] += n


def run_batch(articles: list[Article], ner: str = "shipped") -> list[Done]:
    """Extract and map a batch, inside the worker's rolling memory zone (:func:`_rolling_zone`).
    An article that makes the pipeline fail is reported, the others go on."""
    from kg.nlp.extract import extract

    init_worker(ner)
    nlp, extractor = _STATE["nlp"], _STATE["extractor"]
    _rolling_zone(nlp, len(articles))
    try:
        return [_done(ex, extractor) for ex in extract(nlp, articles)]
    except Exception:  # noqa: BLE001 - isolate the article at fault below
        if len(articles) == 1:
            raise
    return [d for a in articles for d in run_alone(a, ner)]


def run_alone(article: Article, ner: str = "shipped") -> list[Done]:
    """``run_batch([article])``; an article that makes the pipeline fail is reported (KG002)."""
    try:
        return run_batch([article], ner)
    except Exception as exc:  # noqa: BLE001 - one bad article must not stop a build
        return [Done(article.source, error=Errors.KG002.format(path=article.path or article.source,
                                                               kind=type(exc).__name__, detail=str(exc)[:200]))]


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
    """``run_batch`` over batches of articles in ``jobs`` worker processes, results in input order.

    At most two batches per worker are in flight, so memory stays flat however long the input
    is. Enter this before opening the store: the workers are forked at once, while the parent
    holds no RocksDB handle and no threads (fork, not spawn, so that ``build()`` also works from
    a notebook or a script without a main guard). Each worker builds its spaCy pipeline on its
    first batch, so an unchanged rebuild loads no spaCy at all.

    Extraction never runs in the calling process, ``jobs=1`` included: when a worker dies (a
    crash in native code, the kernel's out-of-memory kill) or a batch overruns its time
    (kg.builder.isolation.time_limit, ``per_article`` seconds each when given), the batches in
    flight are run again one article at a time in a process of their own
    (kg.builder.isolation.Solo); the article at fault is reported and skipped, its neighbours
    are written, and a new pool goes on with the rest. (Those processes are forked while the
    store is open; they never touch it, and a forked process ends with ``os._exit``, so no
    RocksDB handle of the parent is closed or flushed by them.)
    """

    def __init__(self, jobs: int, ner: str = "shipped", per_article: float | None = None) -> None:
        from kg.builder.isolation import Solo

        self.jobs, self.ner, self.per_article = max(1, jobs), ner, per_article
        self._pool: Any = None
        self._procs: list[Any] = []
        self._solo = Solo(ner, per_article)

    def __enter__(self) -> Workers:
        self._start()
        return self

    def _start(self) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        before = set(multiprocessing.active_children())
        self._pool = ProcessPoolExecutor(self.jobs, mp_context=multiprocessing.get_context("fork"),
                                         initializer=_exit_with_parent)
        try:
            self._pool.submit(_ready).result()  # a fork pool starts all its workers on the first task
        except BrokenProcessPool as exc:
            raise KGError(Errors.KG001) from exc
        self._procs = [p for p in multiprocessing.active_children() if p not in before]

    def _stop(self) -> None:
        """End the pool at once, its workers killed (one may hang, the pool may be broken)."""
        for p in self._procs:
            if p.is_alive():
                p.kill()
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._pool, self._procs = None, []

    def __exit__(self, *exc: object) -> None:
        self._solo.close()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)

    def map(self, batches: Iterable[list[Article]]) -> Iterator[list[Done]]:
        pending: deque = deque()  # (batch, future)
        try:
            for batch in batches:
                pending.append((batch, self._submit(batch)))
                if len(pending) >= 2 * self.jobs:
                    yield from self._next(pending)
            while pending:
                yield from self._next(pending)
        finally:
            for _, f in pending:
                f.cancel()

    def _submit(self, batch: list[Article]) -> Future:
        """The batch's future; a pool a worker's death broke since the last result refuses new work,
        and then the future holds that error, for ``_next`` to deal with in turn."""
        from concurrent.futures.process import BrokenProcessPool

        try:
            return self._pool.submit(run_batch, batch, self.ner)
        except BrokenProcessPool as exc:
            broken: Future = Future()
            broken.set_exception(exc)
            return broken

    def _next(self, pending: deque) -> Iterator[list[Done]]:
        """The results of the oldest batch in flight; after a worker's death or a batch over its
        time, those of every batch in flight, found again one article at a time."""
        from concurrent.futures import TimeoutError as Timeout
        from concurrent.futures.process import BrokenProcessPool

        from kg.builder.isolation import time_limit

        batch, future = pending[0]
        try:
            done = future.result(timeout=time_limit(batch, self.per_article))
        except (BrokenProcessPool, Timeout):
            flight = list(pending)
            pending.clear()
            finished = [f.done() and not f.cancelled() and f.exception() is None for _, f in flight]
            self._stop()
            for (b, f), ok in zip(flight, finished, strict=True):
                yield f.result() if ok else [d for a in b for d in self._solo.run(a)]
            self._start()
            return
        except ModelError:
            raise  # the pipeline itself cannot be built (KG401 ...): the whole build's error, no article's
        except Exception:  # noqa: BLE001 - the batch's own failure (a result that cannot travel back ...)
            pending.popleft()
            yield [d for a in batch for d in self._solo.run(a)]  # alone; the pool goes on
            return
        pending.popleft()
        yield done


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
