"""build(): the one place the stages are chained (ingest -> nlp -> mapping -> store)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from kg.errors import Errors, InputError
from kg.ingest import iter_articles
from kg.store import Store
from kg.types import Article


@dataclass
class BuildReport:
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # one-line messages
    warnings: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


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
    """
    from kg.builder.workers import TALLIES, Workers, chunked
    from kg.ingest import DEFAULT_MAX_CHARS
    from kg.nlp.assemble import check_model, extractor_id
    from kg.rdf.mapping import article_iri

    report = BuildReport()
    check_model(ner)  # a missing model is a user error before any work is done
    extractor = extractor_id(ner)
    totals = dict.fromkeys(TALLIES, 0)
    with Workers(jobs, ner) as workers, Store(store_path) as store:
        replacing: set[str] = set()
        located: dict[str, str] = {}

        def write(done: list) -> None:
            store.write_articles([article_iri(d.source) for d in done], b"".join(d.nquads for d in done))
            store.record_locations({article_iri(d.source): located.pop(d.source, None) for d in done})
            for d in done:
                if d.source in replacing:
                    replacing.discard(d.source)
                    report.replaced.append(d.source)
                else:
                    report.added.append(d.source)
                for k in TALLIES:
                    totals[k] += d.tallies.get(k, 0)
                if progress:
                    progress(d.source)

        buffer: list = []
        items = iter_articles(paths, max_chars=max_chars or DEFAULT_MAX_CHARS, options=options,
                              stdin=stdin, stdin_format=stdin_format)
        todo = pending(items, store, extractor, report, replacing, located)
        for results in workers.map(chunked(todo, EXTRACT_BATCH)):
            for d in results:
                if d.error:
                    located.pop(d.source, None)
                    report.failed.append(d.error)
                else:
                    buffer.append(d)
            if len(buffer) >= WRITE_BATCH:
                write(buffer)
                buffer = []
        if buffer:
            write(buffer)
        if report.added or report.replaced:
            report.counts = totals
    return report


def pending(items: Iterable[Article | InputError], store: Store | None, extractor: str,
            report: BuildReport, replacing: set[str], located: dict[str, str] | None = None) -> Iterator[Article]:
    """The articles that need extracting: read errors and duplicate names go to
    ``report.failed``; articles whose hash and pipeline match the store are
    skipped; those already in the store are noted in ``replacing``.

    A source name is a file name: two files of one build with the same name, or
    a file whose name the store already holds for an article read from another
    path (the store keeps each article's path, Store.article_location) with another
    text, are refused, never merged or replaced. The same file given twice (a folder
    and a file in it) is read once. ``located`` collects the path of each article
    yielded, for the writer to record."""
    from kg.rdf.mapping import article_iri

    seen: dict[str, str] = {}
    for item in items:
        if isinstance(item, InputError):
            report.failed.append(str(item))
            continue
        report.warnings.extend(item.warnings)
        if item.source in seen:
            if seen[item.source] != item.path:
                report.failed.append(str(InputError(
                    Errors.KG121.format(path=item.path, source=item.source, other=seen[item.source]))))
            continue
        seen[item.source] = item.path
        if store is not None:
            iri = article_iri(item.source)
            stored = store.article_hash(iri)
            if stored == item.content_hash and store.article_extractor(iri) == extractor:
                report.skipped.append(item.source)
                continue
            if stored is not None:
                other = store.article_location(iri)
                if stored != item.content_hash and other and item.path and other != item.path:
                    report.failed.append(str(InputError(Errors.KG154.format(
                        path=item.path, source=item.source, other=other))))
                    continue
                replacing.add(item.source)
        if located is not None and item.path:
            located[item.source] = item.path
        yield item



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
