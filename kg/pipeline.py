"""build(): the one place the stages are chained (ingest -> nlp -> mapping -> store)."""

from __future__ import annotations

from collections.abc import Callable
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
    progress: Callable[[str], None] | None = None,
) -> BuildReport:
    """Read articles under ``paths``, extract, and write one named graph per article."""
    from kg.extract import extract
    from kg.mapping import article_iri, to_quads
    from kg.nlp.pipeline import build_nlp, extractor_id

    report = BuildReport()
    # a missing --model is a user error to report before any work is done
    nlp = build_nlp(model, use_model) if model else None
    extractor = extractor_id(model, use_model)
    todo: list[Article] = []
    seen: dict[str, str] = {}
    with Store(store_path) as store:
        for item in iter_articles(paths):
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
            todo.append(item)
        if not todo:
            return report
        nlp = nlp or build_nlp(model, use_model)
        totals = {"entities": 0, "affiliations": 0, "counts": 0, "dates": 0, "statements": 0}
        for ex in extract(nlp, todo):
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
