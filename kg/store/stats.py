"""``kg stats``: what is in the store."""

from __future__ import annotations

from kg.resources import queries_dir
from kg.store.local import Store


def stats(store: Store) -> dict:
    from kg.query import run

    text = (queries_dir() / "internal" / "stats_types.rq").read_text(encoding="utf-8")
    _, rows = run(store, text)
    by_type = {r[0].value.rsplit("#", 1)[-1]: int(r[1].value) for r in rows}
    from kg.rdf.mapping import curation_graph_iri, gazetteer_graph_iri

    graphs = list(store.graphs())
    articles = sum(1 for g in graphs if "/article/" in g)
    own = sum(1 for g in graphs if g in (gazetteer_graph_iri(), curation_graph_iri()))
    return {
        "store": str(store.path),
        "articles": articles,
        "other_graphs": len(graphs) - articles - own,  # loaded from elsewhere
        "entities": by_type,
        "quads": len(store),
        "bytes_on_disk": store.size_on_disk(),
    }
