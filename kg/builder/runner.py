"""build(): the one place the stages are chained (ingest -> nlp -> mapping -> store)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from kg.builder.known_bad import KnownBad
from kg.builder.workers import TALLIES
from kg.errors import Errors, InputError, StoreError
from kg.ingest import iter_articles
from kg.store import Store
from kg.types import Article


@dataclass
class BuildReport:
    """What a build did: the sources added, replaced, skipped (unchanged) and failed (one-line
    messages), warnings, and how many entities, affiliations, counts, dates and statements the
    written articles hold."""

    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # one-line messages
    warnings: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


@dataclass
class Writer:
    """The one write loop of every executor: finished articles go into the store (with the
    path each was read from) and into the report. With ``store=None`` (a Dask build that
    pushes to a remote endpoint instead) only the report is kept.

    With ``background=True`` the store write of a batch runs in a thread while the caller goes
    on reading files and feeding workers: Oxigraph's bulk loader releases the GIL, so the
    writing process is no longer idle while RocksDB ingests. One batch is in flight at most
    (memory stays at two batches); the locations, the report and ``progress`` are updated in
    the caller's thread when the batch is in the store, so ``progress`` counts written articles."""

    store: Store | None
    report: BuildReport
    replacing: set[str] = field(default_factory=set)  # sources already in the store
    located: dict[str, str] = field(default_factory=dict)  # source -> path, filled by pending()
    progress: Callable[[str], None] | None = None
    totals: dict[str, int] = field(default_factory=dict)
    background: bool = False
    _inflight: tuple[Future, list[str], dict[str, int]] | None = field(default=None, init=False, repr=False)
    _thread: ThreadPoolExecutor | None = field(default=None, init=False, repr=False)

    def write(self, sources: list[str], nquads: bytes, tallies: dict[str, int]) -> None:
        """Write the graphs of ``sources`` (``nquads`` holds all of them) in one bulk load."""
        from kg.rdf.mapping import article_iri

        self.wait()
        if self.store is None:
            self._written(sources, tallies)
            return
        graphs = [article_iri(s) for s in sources]
        from kg.curation.curate import for_write

        nquads = for_write(self.store, graphs, nquads)  # the store's corrections: a rebuild never undoes one
        if not self.background:
            self.store.write_articles(graphs, nquads)
            self._written(sources, tallies)
            return
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="kg-writer")
        self._inflight = (self._thread.submit(self.store.write_articles, graphs, nquads), sources, tallies)

    def wait(self) -> None:
        """Wait for the batch in flight (raising its error), then record it."""
        if self._inflight is not None:
            future, sources, tallies = self._inflight
            self._inflight = None
            future.result()
            self._written(sources, tallies)

    def _written(self, sources: list[str], tallies: dict[str, int]) -> None:
        from kg.rdf.mapping import article_iri

        if self.store is not None:
            self.store.record_locations({article_iri(s): self.located.get(s) for s in sources})
            self.report.warnings.extend(self.store.side_warnings)
            self.store.side_warnings.clear()
        for s in sources:
            self.located.pop(s, None)
            if s in self.replacing:
                self.replacing.discard(s)
                self.report.replaced.append(s)
            else:
                self.report.added.append(s)
            if self.progress:
                self.progress(s)
        for k, n in tallies.items():
            self.totals[k] = self.totals.get(k, 0) + n

    def pending(self, items: Iterable[Article | InputError], extractor: str) -> Iterator[Article]:
        """The articles still to extract (see ``pending``); ``progress`` is told of each one
        skipped or failed there, as of each one written."""
        return pending(items, self.store, extractor, self.report, self.replacing, self.located, self.progress)

    def failed(self, source: str, error: str) -> None:
        """An article whose extraction failed: reported, and counted by ``progress``."""
        self.located.pop(source, None)
        self.report.failed.append(error)
        if self.progress:
            self.progress(source)

    def close(self) -> BuildReport:
        try:
            self.wait()
        finally:
            if self._thread is not None:
                self._thread.shutdown(wait=True)
                self._thread = None
        if self.report.added or self.report.replaced:
            self.report.counts = {k: self.totals.get(k, 0) for k in TALLIES}
        return self.report


WRITE_BATCH = 64  # articles per bulk write: bigger batches, fewer table files for RocksDB to compact
EXTRACT_BATCH = 16  # articles per worker task


def build(
    paths: list[Path],
    store_path: Path,
    *,
    ner: str = "shipped",
    jobs: int = 1,
    max_chars: int | None = None,
    options: object | None = None,
    stdin: bytes | None = None,
    stdin_format: str | None = None,
    progress: Callable[[str], None] | None = None,
    article_timeout: float | None = None,
) -> BuildReport:
    """Read articles under ``paths``, extract, and write one named graph per article.

    ``ner`` chooses the statistical NER: "shipped", "none" (rules and gazetteer
    alone) or an installed spaCy pipeline's name or path (kg.nlp.assemble.build_nlp).

    Streams: files are read lazily; unchanged articles (same hash, same pipeline)
    are skipped without loading spaCy; the others go in batches of
    ``EXTRACT_BATCH`` to ``jobs`` worker processes (kg.builder.workers), at most two
    batches per worker in flight, and come back as N-Quads that are written
    ``WRITE_BATCH`` articles at a time. What is in flight is bounded however
    many files there are, and an interrupted build leaves whole articles only.

    An article that kills its worker process or takes longer than ``article_timeout`` seconds
    (default: kg.builder.isolation.time_limit) is found by running the batches in flight one
    article at a time; it goes to ``report.failed`` and the others are written. One that failed
    (not for its time) is not tried again while its text and the pipeline stay the same
    (kg.builder.known_bad).
    """
    from kg.nlp.assemble import check_model, extractor_id

    check_model(ner)  # a missing model is a user error before any work is done
    extractor = extractor_id(ner)
    made = new_folders(Path(store_path))
    try:
        report = _build(paths, store_path, ner=ner, jobs=jobs, max_chars=max_chars, options=options, stdin=stdin,
                        stdin_format=stdin_format, progress=progress, extractor=extractor,
                        article_timeout=article_timeout)
    except BaseException:
        remove_if_unused(made)
        raise
    if not (report.added or report.replaced):  # read nothing: no store where there was none
        remove_if_unused(made)
    return report


def new_folders(path: Path) -> list[Path]:
    """The store folder and the parents of it that do not exist yet (innermost first): what a
    build creates, and removes again when it read nothing."""
    return [p for p in (path, *path.parents) if not p.exists()]


def remove_if_unused(made: list[Path]) -> None:
    """Remove the folders a build created when they hold no article (a build that read
    nothing, or failed before writing one), so that a later query says "no kg store". A store
    that holds the record of articles whose extraction failed (kg.builder.known_bad) is kept
    with it: the next build skips them while they are unchanged instead of crashing again."""
    import shutil

    from kg.builder.known_bad import FILE
    from kg.errors import KGError

    if not made or not made[0].is_dir() or (made[0] / FILE).is_file():
        return
    try:
        with Store.open_read(made[0]) as st:
            if any(True for _ in st.graphs()):
                return
    except (KGError, OSError):
        return
    shutil.rmtree(made[0], ignore_errors=True)
    for folder in made[1:]:
        try:
            folder.rmdir()
        except OSError:
            return


def _build(paths: list[Path], store_path: Path, *, ner: str, jobs: int, max_chars: int | None,
           options: object | None, stdin: bytes | None, stdin_format: str | None,
           progress: Callable[[str], None] | None, extractor: str,
           article_timeout: float | None) -> BuildReport:
    """The build itself (see ``build``)."""
    from kg.builder.workers import Workers, chunked
    from kg.builder.years import with_years
    from kg.ingest import DEFAULT_MAX_CHARS

    items = with_years(iter_articles(paths, max_chars=max_chars or DEFAULT_MAX_CHARS, options=options,
                                     stdin=stdin, stdin_format=stdin_format))
    items, jobs = _fit_jobs(items, jobs)
    bad = KnownBad(store_path, extractor)
    with Workers(jobs, ner, article_timeout) as workers, Store(store_path) as store:
        writer = Writer(store, BuildReport(), progress=progress, background=True)
        buffer: list = []

        def flush() -> None:
            tallies: dict[str, int] = {}
            for d in buffer:
                for k, n in d.tallies.items():
                    tallies[k] = tallies.get(k, 0) + n
            writer.write([d.source for d in buffer], b"".join(d.nquads for d in buffer), tallies)
            buffer.clear()

        try:
            todo = _not_known_bad(writer.pending(items, extractor), bad, writer)
            for results in workers.map(chunked(todo, EXTRACT_BATCH)):
                for d in results:
                    if d.error:
                        writer.failed(d.source, d.error)
                        bad.failed(d.source, d.error)
                    else:
                        buffer.append(d)
                        bad.written(d.source)
                if len(buffer) >= WRITE_BATCH:
                    flush()
            if buffer:
                flush()
        finally:
            report = writer.close()  # the batch in flight is whole in the store before it closes
            bad.save()
        if report.added or report.replaced:
            report.warnings.extend(_corrections_gone(store))
        return report


def _not_known_bad(articles: Iterable[Article], bad: KnownBad, writer: Writer) -> Iterator[Article]:
    """The articles to extract, without those whose extraction failed before as they are now
    (kg.builder.known_bad): they are reported as failed again, with the first message."""
    for a in articles:
        message = bad.skip(a)
        if message is None:
            yield a
        else:
            writer.failed(a.source, message)


PEEK_JOBS = 64  # workers whose first batches are read ahead to size the pool (so 1,024 articles at most)


def _fit_jobs(items: Iterator, jobs: int) -> tuple[Iterator, int]:
    """``items`` (unchanged) and the workers for them: a build of few articles (all read within
    the first batches of min(jobs, PEEK_JOBS) workers, before any worker starts) gets no more
    workers than it has batches of EXTRACT_BATCH articles (-j 32 for 5 files started 32 workers,
    and each worker loads a pipeline before it does anything)."""
    import itertools
    import math

    ahead = list(itertools.islice(items, min(jobs, PEEK_JOBS) * EXTRACT_BATCH))
    rest = itertools.chain(ahead, items)
    if len(ahead) == min(jobs, PEEK_JOBS) * EXTRACT_BATCH:
        return rest, jobs
    n = sum(1 for a in ahead if isinstance(a, Article))
    return rest, max(1, min(jobs, math.ceil(n / EXTRACT_BATCH)))


def _corrections_gone(store: Store) -> list[str]:
    """A warning per correction (kg.curation) that the articles now in the store no longer
    give a target: it is reported, never dropped silently. Nothing to do without corrections."""
    from kg.curation.curate import gone, has_corrections

    return gone(store) if has_corrections(store) else []


def pending(items: Iterable[Article | InputError], store: Store | None, extractor: str,
            report: BuildReport, replacing: set[str], located: dict[str, str] | None = None,
            progress: Callable[[str], None] | None = None) -> Iterator[Article]:
    """The articles that need extracting: read errors and duplicate names go to
    ``report.failed``; articles whose hash and pipeline match the store are
    skipped; those already in the store are noted in ``replacing``.

    A source name is a file name: two files of one build with the same name, or
    a file whose name the store already holds for an article read from another
    path (the store keeps each article's path, Store.article_location) with another
    text, are refused, never merged or replaced. The same file given twice (a folder
    and a file in it) is read once. ``located`` collects the path of each article
    yielded, for the writer to record. ``progress`` is called for each item not yielded."""
    from kg.rdf.mapping import article_iri

    def done(source: str) -> None:
        if progress:
            progress(source)

    seen: dict[str, str] = {}
    for item in items:
        if isinstance(item, InputError):
            report.failed.append(str(item))
            done("")
            continue
        report.warnings.extend(item.warnings)
        if item.source in seen:
            if seen[item.source] != item.path:
                report.failed.append(str(InputError(
                    Errors.KG121.format(path=item.path, source=item.source, other=seen[item.source]))))
            done(item.source)
            continue
        seen[item.source] = item.path
        if store is not None:
            iri = article_iri(item.source)
            stored = store.article_hash(iri)
            other = store.article_location(iri) if stored is not None else None
            if stored == item.content_hash and store.article_extractor(iri) == extractor:
                if other == "" and item.path:  # the same text: where it was read from is known again
                    store.record_locations({iri: item.path})
                report.skipped.append(item.source)
                done(item.source)
                continue
            if stored is not None:
                refusal = _refusal(item, stored, other)
                if refusal:
                    report.failed.append(refusal)
                    done(item.source)
                    continue
                replacing.add(item.source)
        if located is not None and item.path:
            located[item.source] = item.path
        yield item



def _refusal(item: Article, stored: str, other: str | None) -> str | None:
    """Why ``item`` may not replace the stored article of its name (hash ``stored``, read from
    ``other``: "" when not known), or None: another text from another path (KG154), or from a
    path the store no longer knows (KG210: it may be another file of that name)."""
    if stored == item.content_hash or not item.path or other is None or other == item.path:
        return None
    if other == "":
        return str(StoreError(Errors.KG210.format(path=item.path, source=item.source)))
    return str(InputError(Errors.KG154.format(path=item.path, source=item.source, other=other)))


def remove(store_path: Path, sources: list[str]) -> list[str]:
    """Delete article graphs by source name; returns the sources removed. Entities
    live inside the article graphs, so one mentioned nowhere else goes with it."""
    from kg.rdf.mapping import article_iri

    with Store(store_path, create=False) as store:
        graphs = set(store.graphs())
        missing = [s for s in sources if article_iri(s) not in graphs and s not in graphs]
        if missing:
            raise InputError(Errors.KG129.format(source=missing[0]))
        for s in sources:
            store.remove_graph(s if s in graphs else article_iri(s))
    return sources
