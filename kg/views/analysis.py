"""Graph analytics over the networkx graph: centrality, neighbours, communities."""

from __future__ import annotations

import networkx as nx

from kg.views.graph import find_node


def most_central(g: nx.MultiGraph, n: int = 10) -> list[tuple[str, str, float]]:
    """(label, type, degree centrality) of the ``n`` most connected entities."""
    simple = nx.Graph(g)
    c = nx.degree_centrality(simple) if len(simple) > 1 else {k: 1.0 for k in simple}
    top = sorted(c.items(), key=lambda kv: (-kv[1], g.nodes[kv[0]]["label"]))[:n]
    return [(g.nodes[k]["label"], g.nodes[k]["type"], v) for k, v in top]


def connections(g: nx.MultiGraph, name: str) -> list[tuple[str, str, str]]:
    """Who is connected to ENTITY, and how: (neighbour label, neighbour type, relation labels)."""
    centre = find_node(g, name)
    out = []
    for nb in g.neighbors(centre):
        labels = sorted({d["label"] for d in g.get_edge_data(centre, nb).values()})
        out.append((g.nodes[nb]["label"], g.nodes[nb]["type"], ", ".join(labels)))
    return sorted(out)


def communities(g: nx.Graph) -> dict[str, int]:
    """Community number per node (networkx Louvain, seeded; largest first). Louvain took
    6 ms on a 154-node neighbourhood where greedy modularity took 150 ms; label
    propagation keeps graphs of over 3,000 nodes quick."""
    if g.number_of_edges() == 0:
        return {n: i for i, n in enumerate(g)}
    if len(g) > 3000:
        found = nx.community.label_propagation_communities(g)  # fast enough for big graphs
    else:
        found = nx.community.louvain_communities(g, seed=1)
    ordered = sorted(found, key=lambda c: (-len(c), min(c)))
    return {n: i for i, c in enumerate(ordered) for n in c}
