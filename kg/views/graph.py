"""Store -> networkx: entities as nodes (label, type, aliases, evidence, sources,
dates), relations and co-mentions as edges; and choosing the part to draw."""

from __future__ import annotations

from collections.abc import Callable

import networkx as nx

from kg.errors import Errors, InputError
from kg.resources import queries_dir
from kg.store import Store


def _rows(store: Store, name: str) -> list[dict[str, str]]:
    text = (queries_dir() / "internal" / f"{name}.rq").read_text(encoding="utf-8")
    result = store.raw.query(text, use_default_graph_as_union=True)
    variables = [v.value for v in result.variables]
    return [{v: (sol[v].value if sol[v] is not None else "") for v in variables} for sol in result]


def to_networkx(store: Store) -> nx.MultiGraph:
    g = nx.MultiGraph()
    for r in _rows(store, "graph_nodes"):
        node = g.nodes.get(r["entity"])
        if node is None:
            g.add_node(r["entity"], label=r["label"], type=r["type"], aliases=set(), evidence=[],
                       sources=set(), dates=set())
            node = g.nodes[r["entity"]]
        node["sources"].add(r["source"])
        if r["date"]:
            node["dates"].add(r["date"])
        if len(node["evidence"]) < 5 and (r["sentence"], r["source"]) not in node["evidence"]:
            node["evidence"].append((r["sentence"], r["source"]))
    for r in _rows(store, "graph_aliases"):
        if r["entity"] in g:
            g.nodes[r["entity"]]["aliases"].add(r["alias"])
    for r in _rows(store, "graph_edges"):
        if r["a"] in g and r["b"] in g:
            g.add_edge(r["a"], r["b"], key=r["label"], label=r["label"], source=r["source"],
                       sentence=r["sentence"])
    _add_generic_edges(store, g)
    return g


def _add_generic_edges(store: Store, g: nx.MultiGraph) -> None:
    """The edges of the relations of the kinds with a record of their own (a role change), from
    each node that is their subject (kg.views.reader.generic_links)."""
    from kg.views.reader import Reader, _sentence, generic_links

    reader = Reader(store)
    for a in list(g):
        for b, label, at, graph in generic_links(store, a):
            for source in reader.source(graph):
                if b in g and not g.has_edge(a, b, key=label):
                    g.add_edge(a, b, key=label, label=label, source=source,
                               sentence=reader.text(_sentence(source, at)))


def find_node(g: nx.MultiGraph, name: str) -> str:
    low = name.strip().lower()
    for n, d in g.nodes(data=True):
        if d["label"].lower() == low or low in {a.lower() for a in d["aliases"]}:
            return n
    from kg.query.entities import closest, hint

    names = {d["label"] for _, d in g.nodes(data=True)} | {a for _, d in g.nodes(data=True) for a in d["aliases"]}
    raise InputError(Errors.KG130.format(name=name, hint=hint(closest(name, names))))


def select(g: nx.MultiGraph, *, focus: str | None = None, depth: int = 1,
           types: set[str] | None = None, source: str | None = None,
           since: str | None = None, until: str | None = None, always: str | None = None) -> nx.MultiGraph:
    """The part of the graph to draw: by type, article, publication dates, ego network
    (``always``: a node kept whatever the filters say)."""
    keep = [n for n, d in g.nodes(data=True)
            if n == always or (not types or d["type"] in types)
            and (not source or source in d["sources"])
            and (not (since or until) or any(in_range(x, since, until) for x in d["dates"]))]
    if len(keep) < len(g):
        g = g.subgraph(keep).copy()
    if focus:
        centre = find_node(g, focus)
        near = nx.single_source_shortest_path_length(g, centre, cutoff=max(depth, 0))
        g = g.subgraph(near).copy()
    return g


def in_range(date: str, since: str | None, until: str | None) -> bool:
    """Whether the ISO ``date`` is on or after ``since`` and on or before ``until`` (each a day,
    a month or a year: ``until`` 2019-03 keeps every day of March)."""
    return bool(date) and (not since or date >= since) and (not until or date[:len(until)] <= until)


def _named_in(store: Store, sources: list[str]) -> set[str]:
    """The entities mentioned in the articles ``sources`` (read from the store's indexes)."""
    import pyoxigraph as ox

    from kg.rdf.iris import KG

    source_file = ox.NamedNode(KG + "sourceFile")
    props = [ox.NamedNode(KG + t + "Mention") for t in ("organisation", "person", "place")]
    found: set[str] = set()
    for s in sources:
        for q in store.raw.quads_for_pattern(None, source_file, ox.Literal(s), None):
            if q.subject != q.graph_name:
                continue
            for p in props:
                found.update(m.subject.value for m in store.raw.quads_for_pattern(None, p, None, q.graph_name))
    return found


def _filtered(store: Store, counts: dict[str, int], meta: dict[str, dict[str, str]], source: str | None,
              since: str | None, until: str | None) -> dict[str, int]:
    """``counts`` of the entities named in the articles the filters keep (all without filters)."""
    if not (source or since or until):
        return counts
    chosen = [s for s, m in meta.items() if (not source or s == source)
              and (not (since or until) or in_range(m.get("date", ""), since, until))]
    named = _named_in(store, chosen)
    return {e: n for e, n in counts.items() if e in named}


TOP = 150  # entities the default view of a big store draws


def choose(store: Store, *, focus: str | None = None, depth: int = 1, top: int | None = None,
           everything: bool = False, types: set[str] | None = None, source: str | None = None,
           since: str | None = None, until: str | None = None, notify: Callable[[str], None] | None = None,
           meta: dict[str, dict[str, str]] | None = None) -> tuple[nx.MultiGraph, str | None, str]:
    """The graph a view draws, read from the store no more than needed, with the
    focus entity's IRI (or None) and a note of what was left out ("" if nothing).

    ``--focus`` reads the neighbourhood alone (bound queries); otherwise a store
    with more than ``top`` (default ``TOP``) entities gives the ``top``
    mentioned in most articles unless ``everything``. ``notify`` (if given) is
    called with the note before the slow part starts; ``meta`` is ``fetch.articles``
    if the caller has it, or a dict to fill with the articles read (see fetch.Reader)."""
    from kg.views import fetch

    note = ""
    centre = None
    if focus:
        g, centre = fetch.neighbourhood(store, focus, depth, meta)
    else:
        limit = TOP if top is None else top
        # one aggregate ranks and counts them, of the types asked for: the cut comes after the type filter
        filtered = bool(types or source or since or until)
        if not everything:
            meta = fetch.articles(store) if meta is None else meta
            if (source or since or until) and not meta:  # the caller's dict to fill: the filters need it now
                meta.update(fetch.articles(store))
        counts = {} if everything else _filtered(store, fetch.article_counts(store, types), meta or {}, source,
                                                 since, until)
        total = len(counts)
        if everything or (total <= limit and not filtered):
            if notify and everything:
                notify("drawing every entity; on a big store this takes a while (--top N draws the N "
                       "mentioned in most articles)")
            g = to_networkx(store)
        else:
            kinds = f" ({', '.join(sorted(types))})" if types else ""
            note = "" if total <= limit else (
                f"Showing the {limit:,} entities{kinds} mentioned in most articles, of {total:,}"
                f"{' that the filters keep' if source or since or until else ''}. To see more: "
                f"kg render --top N (more entities), --focus ENTITY (one entity and its neighbours), "
                f"--all (every entity; slow on a big store).")
            if notify and note:
                notify(note)
            g = fetch.top_entities(store, limit, meta, counts=counts)
    g = select(g, types=types, source=source, since=since, until=until, always=centre)
    return g, centre, note
