"""Choosing what a view reads: the neighbourhood of one entity (``kg render --focus``), the
entities mentioned in most articles (the overview of a big store), and the index of every entity
and article a page's search and article picker look in (``index``). ``graph.to_networkx`` reads
everything instead. The reads themselves are kg.views.reader's.

One query per entity is fast (a 2,000-article store: 150 entities' mentions in 1 s), where one
query with a VALUES list of them all took 7 s and the whole-store queries of ``to_networkx``
minutes. The entities in a sentence with the focus are asked of the engine a sentence at a time
(it filters a graph's mentions faster than Python reads them).
"""

from __future__ import annotations

import sqlite3

import networkx as nx

from kg.errors import Errors, InputError
from kg.store import Store
from kg.views.reader import (  # noqa: F401 (the names views and tests know fetch by)
    EVIDENCE,
    TYPES,
    Place,
    Reader,
    _article_text,
    _iri,
    _sentence_bounds,
    articles,
    generic_links,
    graph_rows,
    rows,
)


def article_counts(store: Store, types: set[str] | None = None) -> dict[str, int]:
    """Entity IRI -> number of articles that mention it (``types``: only entities mentioned as
    one of these types): from the corpus summary kept beside the store (kg.store.summary,
    brought up to date first: a 10,000-article store is ranked without reading every mention),
    else, where the summary cannot be read or written, by the aggregate query
    ``view_entity_articles``."""
    try:
        store.summary.refresh(store)
        found = [(e, t, int(n)) for e, t, n in store.summary.articles()]
    except (sqlite3.Error, OSError):
        found = [(r["entity"], r["type"], int(r["articles"])) for r in rows(store, "view_entity_articles")]
    counts: dict[str, int] = {}
    for entity, type_, n in found:
        if not types or type_ in types:
            counts[entity] = max(counts.get(entity, 0), n)
    return counts



def find_entity(store: Store, name: str) -> str:
    """The IRI of the entity whose label or alias is ``name`` (any case); KG130 if none."""
    import pyoxigraph as ox

    name_term = ox.Literal(name.strip())
    found = sorted(r["entity"] for r in rows(store, "view_label", name=name_term))  # exact: an index look-up
    if not found:  # any case: a scan of every label
        found = sorted(r["entity"] for r in rows(store, "view_find", name=name_term))
    if not found:
        from kg.query.entities import names_hint

        raise InputError(Errors.KG130.format(name=name, hint=names_hint(store, name)))
    return found[0]



def _comentioned(store: Store, entity: str) -> set[str]:
    """The entities with a mention in a sentence that mentions ``entity`` (the ``?other`` of
    queries/internal/view_comentions.rq, in article graphs: named by IRIs): the sentences of its mentions
    (``view_sentences_of``), then the entities named in each (``view_sentence_mentions``, its
    graph bound). The engine reads one article's mentions a query and returns only those in the
    sentence: an entity in 580 articles of 10,000 in 0.12 s, where reading every mention of those
    articles into Python took 0.45 s and view_comentions, which joins them all, 1.4 s."""
    import pyoxigraph as ox

    found: set[str] = set()
    for r in rows(store, "view_sentences_of", entity=ox.NamedNode(entity)):
        found.update(o["other"] for o in graph_rows(store, "view_sentence_mentions", g=ox.NamedNode(r["g"]),
                                                    k=ox.Literal(r["k"])))
    found.discard(entity)
    return found


def neighbours(store: Store, entity: str) -> set[str]:
    """The entities named in a sentence with ``entity``, or linked to it by an affiliation, a statement or
    a relation of a kind with a record of its own (a role change)."""
    near = _comentioned(store, entity)
    near |= {r["b"] for r in rows(store, "view_relations", a=_iri(entity))}
    near |= {r["a"] for r in rows(store, "view_relations_to", b=_iri(entity))}
    near |= {b for b, *_ in generic_links(store, entity)} | {a for a, *_ in generic_links(store, entity, to=True)}
    return near - {entity}


def neighbourhood(store: Store, name: str, depth: int = 1,
                  meta: dict[str, dict[str, str]] | None = None) -> tuple[nx.MultiGraph, str]:
    """The entities within ``depth`` edges of the one named ``name``, the edges
    between them, and the centre's IRI; reads only those from the store."""
    centre = find_entity(store, name)
    seen = {centre}
    frontier = {centre}
    for _ in range(max(depth, 0)):
        if not frontier:
            break  # nothing new within reach: a depth of 10**11 ends here too
        nxt: set[str] = set()
        for e in sorted(frontier):
            nxt |= neighbours(store, e)
        frontier = nxt - seen
        seen |= frontier
    g = nx.MultiGraph()
    reader = Reader(store, meta)
    reader.add_nodes(g, sorted(seen))
    reader.add_edges(g)
    return g, centre


def top_entities(store: Store, n: int, meta: dict[str, dict[str, str]] | None = None,
                 counts: dict[str, int] | None = None) -> nx.MultiGraph:
    """The ``n`` entities mentioned in most articles (ties by IRI) and the edges between them
    (``counts``: ``article_counts``, if the caller has it)."""
    counts = article_counts(store) if counts is None else counts
    g = nx.MultiGraph()
    reader = Reader(store, articles(store) if meta is None else meta)  # many articles: one query for all
    reader.add_nodes(g, sorted(counts, key=lambda e: (-counts[e], e))[:n])
    reader.add_edges(g)
    return g
