"""Store -> networkx graph -> pyvis HTML that works offline (vis.js inlined).

Article text is untrusted: pyvis embeds labels and tooltips with Jinja's ``tojson``
(which escapes ``<``, ``>`` and ``&``), and vis-network 9 shows string tooltips as
text, never as HTML. The page loads nothing from the network.
"""

from __future__ import annotations

import re
from pathlib import Path

import networkx as nx

from kg.errors import KGError
from kg.resources import queries_dir
from kg.store import Store

COLOURS = {"Organisation": "#e4572e", "Person": "#4c8bf5", "Place": "#2ca58d"}
PHYSICS_LIMIT = 400  # above this many nodes the layout is computed here and physics is off


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
    raise KGError(f"no entity named {name!r} in the store")


def select(g: nx.MultiGraph, *, focus: str | None = None, depth: int = 1,
           types: set[str] | None = None, source: str | None = None) -> nx.MultiGraph:
    if types:
        g = g.subgraph([n for n, d in g.nodes(data=True) if d["type"] in types]).copy()
    if source:
        g = g.subgraph([n for n, d in g.nodes(data=True) if source in d["sources"]]).copy()
    if focus:
        centre = find_node(g, focus)
        keep = nx.single_source_shortest_path_length(g, centre, cutoff=max(depth, 0))
        g = g.subgraph(keep).copy()
    return g


def _tooltip(d: dict) -> str:
    parts = [f"{d['label']} ({d['type']})"]
    if d["aliases"]:
        parts.append("also: " + ", ".join(sorted(d["aliases"])[:8]))
    for sentence, source in d["evidence"]:
        short = sentence if len(sentence) < 220 else sentence[:217] + "..."
        parts.append(f"“{short.strip()}” [{source}]")
    return "\n".join(parts)


def _offline(page: str) -> str:
    """Drop pyvis's Bootstrap <link>/<script> tags: they point at a CDN and the view needs none."""
    page = re.sub(r"<link[^>]*?href=\"https?://[^\"]*\"[^>]*?/?>", "", page, flags=re.S)
    return re.sub(r"<script[^>]*?src=\"https?://[^\"]*\"[^>]*?>\s*</script>", "", page, flags=re.S)


def render(store: Store, output: Path, *, focus: str | None = None, depth: int = 1,
           types: set[str] | None = None, source: str | None = None) -> tuple[int, int]:
    from pyvis.network import Network

    g = select(to_networkx(store), focus=focus, depth=depth, types=types, source=source)
    simple = nx.Graph(g)
    centrality = nx.degree_centrality(simple) if len(simple) > 1 else {n: 1.0 for n in simple}
    net = Network(height="800px", width="100%", cdn_resources="in_line", select_menu=False,
                  filter_menu=False, notebook=False, heading="")
    big = len(g) > PHYSICS_LIMIT
    pos = nx.spring_layout(simple, seed=1, iterations=30) if big else {}
    for n, d in g.nodes(data=True):
        kwargs = {}
        if big:
            x, y = pos[n]
            kwargs = {"x": float(x) * 2000, "y": float(y) * 2000, "physics": False}
        net.add_node(n, label=d["label"], title=_tooltip(d),
                     color=COLOURS.get(d["type"], "#999"), size=10 + 40 * centrality.get(n, 0),
                     **kwargs)
    edges = {}
    for a, b, d in g.edges(data=True):
        key = (a, b, d["label"])
        if key not in edges:
            edges[key] = d
    for (a, b, label), d in edges.items():
        net.add_edge(a, b, label="" if label == "mentioned with" else label,
                     title=f"{label}: “{d['sentence'].strip()[:200]}” [{d['source']}]",
                     color="#bbbbbb" if label == "mentioned with" else "#555555")
    net.toggle_physics(not big)
    page = _offline(net.generate_html(notebook=False))
    legend = "".join(
        f'<span style="margin-right:1em"><span style="display:inline-block;width:12px;height:12px;'
        f'border-radius:6px;background:{c}"></span> {t}</span>' for t, c in COLOURS.items()
    )
    page = page.replace("<body>", f'<body>\n<div id="kg-legend" style="font:14px sans-serif;'
                        f'padding:6px">{legend}</div>', 1)
    output.write_text(page, encoding="utf-8")
    return len(g), len(edges)
