"""``kg top`` and ``kg neighbours`` from the corpus summary (kg.store.summary): the rows of
the named queries ``top`` and ``neighbours`` without counting every mention of the store at
each call."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kg.store import Store

VARIABLES = ["entity", "label", "type", "articles", "mentions"]
NEIGHBOUR_VARIABLES = ["neighbour", "label", "type", "articles", "affiliated"]
_INTEGER = "http://www.w3.org/2001/XMLSchema#integer"


def top_rows(store: Store, type_: str | None = None, limit: int | None = None,
             offset: int | None = None) -> list[list] | None:
    """The named query ``top``'s rows (pyoxigraph terms), from the summary after bringing it up
    to date with the store; None when the summary cannot be read or written here (the caller
    then runs the named query)."""
    import pyoxigraph as ox

    integer = ox.NamedNode(_INTEGER)
    try:
        store.summary.refresh(store)
        return [[ox.NamedNode(e), ox.Literal(label), ox.Literal(t), ox.Literal(str(a), datatype=integer),
                 ox.Literal(str(m), datatype=integer)]
                for e, label, t, a, m in store.summary.top(type_, limit, offset)]
    except (sqlite3.Error, OSError):
        return None


def neighbour_rows(store: Store, entity: str, limit: int | None = None, offset: int | None = None
                   ) -> list[list] | None:
    """The named query ``neighbours``' rows for the entity IRI ``entity`` (pyoxigraph terms):
    co-occurrence from the summary, affiliations by one bound query; None when the summary
    cannot be read or written here (the caller then runs the named query)."""
    import pyoxigraph as ox

    from kg.query.run import run
    from kg.resources import queries_dir

    integer = ox.NamedNode(_INTEGER)
    try:
        store.summary.refresh(store)
        found = list(store.summary.neighbours(entity, limit, offset))
    except (sqlite3.Error, OSError):
        return None
    text = (queries_dir() / "internal" / "neighbours_affiliated.rq").read_text(encoding="utf-8")
    _, linked = run(store, text, {"entity": f"<{entity}>"})
    linked_iris = {row[0].value for row in linked}
    return [[ox.NamedNode(n), ox.Literal(label), ox.Literal(t), ox.Literal(str(a), datatype=integer),
             ox.Literal("true" if n in linked_iris else "false")] for n, label, t, a in found]
