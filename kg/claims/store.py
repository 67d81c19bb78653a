"""The claims of a store: the rows of the named queries ``counts`` and ``statements`` (read the
fast way, kg.claims.rows; and the articles' outlets and publication dates, from the query the
network view's article menu uses), grouped by :mod:`kg.claims.group`.

Only query rows are read, never the graph itself, and they are kept beside the store until it
changes (kg.claims.cache: at 10,000 articles the queries take 20 s of CPU); a test holds
kg.claims.rows's rows equal to the named queries' on the seeds, so a change to how a count is
stored shows there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from kg.claims.cache import cached_rows
from kg.claims.group import Claim, Source, StatementGroup, group_counts, group_statements
from kg.claims.rows import read_rows
from kg.errors import Errors, OutputError, QueryError
from kg.query import resolve_query, run
from kg.resources import queries_dir
from kg.store import Store

__all__ = ["COUNT_COLUMNS", "STATEMENT_COLUMNS", "Comparison", "compare", "compare_store", "named_rows"]

COUNT_COLUMNS = ("value", "upper", "qualifier", "what", "event", "date", "place", "source", "sentence")
STATEMENT_COLUMNS = ("speaker", "speakerLabel", "quote", "source", "sentence")
ARTICLES = "view_articles"  # source, title, outlet, date (publication)


@dataclass
class Comparison:
    """The claims of a store and its statement groups."""

    claims: list[Claim]
    statements: list[StatementGroup]

    @property
    def disputed(self) -> list[Claim]:
        return [c for c in self.claims if c.disputed]

    def only_disputed(self) -> Comparison:
        """The disputed claims, and the statement groups about them."""
        keep = {c.id for c in self.disputed}
        return Comparison([c for c in self.claims if c.disputed], [s for s in self.statements if s.claim in keep])

    def to_dict(self) -> dict:
        return {"claims": [c.to_dict() for c in self.claims], "statements": [s.to_dict() for s in self.statements]}


def _rows(store: Store, text: str) -> tuple[list[str], list[dict[str, str]]]:
    variables, result = run(store, text)
    return variables, [{v: ("" if t is None else t.value) for v, t in zip(variables, r, strict=True)} for r in result]


def named_rows(store: Store, name: str, columns: tuple[str, ...]) -> list[dict[str, str]]:
    """The rows of the named query ``name`` as plain strings ("" where unbound), only ``columns``;
    an OutputError if the query no longer gives one of them."""
    variables, rows = _rows(store, resolve_query(name))
    missing = [c for c in columns if c not in variables]
    if missing:
        raise OutputError(Errors.KG780.format(name=name, missing=", ".join(missing), needed=", ".join(columns)))
    return [{c: r[c] for c in columns} for r in rows]


def _published(text: str) -> date | None:
    try:
        return date.fromisoformat(text[:10]) if len(text) >= 10 else None
    except ValueError:
        return None


def articles(store: Store) -> dict[str, Source]:
    """Each article's outlet and publication date; empty if the query is gone or fails
    (claims then simply do not date an undated count by its article)."""
    path = queries_dir() / "internal" / f"{ARTICLES}.rq"
    try:
        variables, rows = _rows(store, path.read_text(encoding="utf-8"))
    except (OSError, QueryError):
        return {}
    if "source" not in variables:
        return {}
    return {r["source"]: Source(r["source"], r.get("outlet", ""), _published(r.get("date", ""))) for r in rows}


def compare(store: Store, *, window_days: int = 7, tolerance: float = 0.1, ceiling: float | None = None,
            min_overlap: float = 0.3, progress: Callable[[str, int, int], None] | None = None) -> Comparison:
    """The claims and statement groups of an open store (see :mod:`kg.claims.group` for the parameters).

    ``progress`` (if given) hears each step as it starts, ``(what, done, total)``: "reading" the
    rows, then "grouping" the counts (called again as they are grouped), then "statements"."""
    tell = progress or (lambda what, done, total: None)
    tell("reading", 0, 0)
    rows, statements = cached_rows(store.path, lambda: read_rows(store))
    arts = articles(store)
    done = 0

    def grouped(n: int) -> None:
        nonlocal done
        done += n
        tell("grouping", done, len(rows))

    grouped(0)
    claims = group_counts(rows, window_days, tolerance, ceiling=ceiling, statements=statements, sources=arts,
                          progress=grouped)
    tell("statements", 0, len(statements))
    return Comparison(claims, group_statements(statements, claims, min_overlap=min_overlap, sources=arts))


def compare_store(path: str | Path, **options: float | int | None) -> Comparison:
    """:func:`compare` on the store at ``path``, opened read-only (``kg build`` can write meanwhile)."""
    with Store.open_read(Path(path)) as store:
        return compare(store, **options)  # type: ignore[arg-type]
