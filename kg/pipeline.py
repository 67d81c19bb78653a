"""build(): the one place the stages are chained (ingest -> nlp -> mapping -> store)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from kg.errors import InputError
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


def build(
    paths: list[Path],
    store_path: Path,
    *,
    model: str | None = None,
    use_model: bool = True,
    max_chars: int | None = None,
    options: object | None = None,
    stdin: bytes | None = None,
    stdin_format: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> BuildReport:
    """Read articles under ``paths``, extract, and write one named graph per article.

    Streams: files are read lazily, extracted in spaCy batches and written one
    article per transaction, so memory stays flat however many files there are
    and an interrupted build leaves whole articles only (the next run does the rest).
    """
    from itertools import chain

    from kg.extract import extract
    from kg.ingest import DEFAULT_MAX_CHARS
    from kg.mapping import article_iri, to_quads
    from kg.nlp.pipeline import build_nlp, extractor_id

    report = BuildReport()
    # a missing --model is a user error to report before any work is done
    nlp = build_nlp(model, use_model) if model else None
    extractor = extractor_id(model, use_model)
    seen: dict[str, str] = {}
    totals = {"entities": 0, "affiliations": 0, "counts": 0, "dates": 0, "statements": 0}
    with Store(store_path) as store:

        def pending() -> Iterator[Article]:
            items = iter_articles(paths, max_chars=max_chars or DEFAULT_MAX_CHARS, options=options,
                                  stdin=stdin, stdin_format=stdin_format)
            for item in items:
                if isinstance(item, InputError):
                    report.failed.append(str(item))
                    continue
                report.warnings.extend(item.warnings)
                if item.source in seen and seen[item.source] != item.path:
                    report.failed.append(
                        f"{item.path}: another article is also named {item.source!r} ({seen[item.source]}); "
                        "article names must be unique"
                    )
                    continue
                seen[item.source] = item.path
                iri = article_iri(item.source)
                if store.article_hash(iri) == item.content_hash and store.article_extractor(iri) == extractor:
                    report.skipped.append(item.source)
                    continue
                yield item

        todo = pending()
        first = next(todo, None)
        if first is None:
            return report
        nlp = nlp or build_nlp(model, use_model)
        for ex in extract(nlp, chain([first], todo)):
            graph = article_iri(ex.article.source)
            existed = store.article_hash(graph) is not None
            store.replace_graph(graph, to_quads(ex, extractor))
            (report.replaced if existed else report.added).append(ex.article.source)
            totals["entities"] += len(ex.entities)
            totals["affiliations"] += len(ex.affiliations)
            totals["counts"] += len(ex.counts)
            totals["dates"] += len(ex.dates)
            totals["statements"] += len(ex.statements)
            if progress:
                progress(ex.article.source)
        report.counts = totals
    return report


def remove(store_path: Path, sources: list[str]) -> list[str]:
    """Delete article graphs by source name; returns the sources removed. Entities
    live inside the article graphs, so one mentioned nowhere else goes with it."""
    from kg.mapping import article_iri

    with Store(store_path, create=False) as store:
        graphs = set(store.graphs())
        missing = [s for s in sources if article_iri(s) not in graphs and s not in graphs]
        if missing:
            raise InputError(f"no article {missing[0]!r} in the store (see: kg stats or kg query provenance)")
        for s in sources:
            store.remove_graph(s if s in graphs else article_iri(s))
    return sources
