"""Store -> networkx: entities as nodes (label, type, aliases, evidence, sources,
dates), relations and co-mentions as edges; and choosing the part to draw."""

from __future__ import annotations

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
    return g


def find_node(g: nx.MultiGraph, name: str) -> str:
    low = name.strip().lower()
    for n, d in g.nodes(data=True):
        if d["label"].lower() == low or low in {a.lower() for a in d["aliases"]}:
            return n
    raise InputError(Errors.KG130.format(name=name))


def select(g: nx.MultiGraph, *, focus: str | None = None, depth: int = 1,
           types: set[str] | None = None, source: str | None = None,
           since: str | None = None, until: str | None = None) -> nx.MultiGraph:
    """The part of the graph to draw: by type, article, publication dates, ego network."""
    keep = [n for n, d in g.nodes(data=True)
            if (not types or d["type"] in types)
            and (not source or source in d["sources"])
            and (not (since or until) or any((not since or x >= since) and (not until or x <= until)
                                             for x in d["dates"]))]
    if len(keep) < len(g):
        g = g.subgraph(keep).copy()
    if focus:
        centre = find_node(g, focus)
        near = nx.single_source_shortest_path_length(g, centre, cutoff=max(depth, 0))
        g = g.subgraph(near).copy()
    return g
