"""``kg stats``: what is in the store."""

from __future__ import annotations

from kg.resources import queries_dir
from kg.store.local import Store


def stats(store: Store) -> dict:
    from kg.query import run

    text = (queries_dir() / "internal" / "stats_types.rq").read_text(encoding="utf-8")
    _, rows = run(store, text)
    by_type = {r[0].value.rsplit("#", 1)[-1]: int(r[1].value) for r in rows}
    graphs = list(store.graphs())
    articles = sum(1 for g in graphs if "/article/" in g)
    return {
        "store": str(store.path),
        "articles": articles,
        "other_graphs": len(graphs) - articles,
        "entities": by_type,
        "quads": len(store),
        "bytes_on_disk": store.size_on_disk(),
    }
