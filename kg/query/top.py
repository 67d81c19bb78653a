"""``kg top`` from the corpus summary (kg.store.summary): the rows of the named query
``top`` without counting every mention of the store at each call."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kg.store import Store

VARIABLES = ["entity", "label", "type", "articles", "mentions"]
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
