"""Store -> networkx graph -> an offline HTML network view (pyvis / vis-network inlined).

The page has a search box (label or alias), filters by type, article and
publication date, a legend, colouring by type or by community (networkx
modularity), node size by degree centrality, edge labels and tooltips with the
label, type, aliases, evidence sentences and sources.

Article text is untrusted. Every value reaches the page as JSON inside a
<script> block, with ``<``, ``>``, ``&`` and quotes escaped as \\u sequences, so
no value can close the script or open a tag. vis-network would put a string
``title`` into the tooltip as HTML, so nodes and edges carry their tooltip text
in ``kgTip`` and the page's script turns it into a DOM element filled with
``textContent``; the controls also write with ``textContent`` only (a browser
test proves payloads do not run). Nothing is loaded from the network (the
Bootstrap CDN tags pyvis adds are removed).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import networkx as nx

from kg.errors import KGError
from kg.resources import queries_dir
from kg.store import Store

COLOURS = {"Organisation": "#e4572e", "Person": "#4c8bf5", "Place": "#2ca58d"}
COMMUNITY_COLOURS = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666",
                     "#1f78b4", "#b2df8a", "#fb9a99", "#cab2d6"]
PHYSICS_LIMIT = 400  # above this many nodes the layout is computed here and physics is off
ASSETS = Path(__file__).resolve().parent / "assets"


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
    """Community number per node (networkx greedy modularity; largest first)."""
    if g.number_of_edges() == 0:
        return {n: i for i, n in enumerate(g)}
    if len(g) > 3000:
        found = nx.community.label_propagation_communities(g)  # fast enough for big graphs
    else:
        found = nx.community.greedy_modularity_communities(g)
    ordered = sorted(found, key=lambda c: (-len(c), min(c)))
    return {n: i for i, c in enumerate(ordered) for n in c}


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


def safe_json(value: object) -> str:
    """JSON that is safe inside an HTML <script> element."""
    text = json.dumps(value, ensure_ascii=False)
    for ch, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("'", "\\u0027"),
                    ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(ch, esc)
    return text


def render(store: Store, output: Path, *, focus: str | None = None, depth: int = 1,
           types: set[str] | None = None, source: str | None = None, since: str | None = None,
           until: str | None = None, colour_by: str = "type") -> tuple[int, int]:
    g = select(to_networkx(store), focus=focus, depth=depth, types=types, source=source, since=since,
               until=until)
    return render_graph(g, output, colour_by=colour_by)


def render_graph(g: nx.MultiGraph, output: Path, *, colour_by: str = "type",
                 title: str = "kg graph") -> tuple[int, int]:
    """Write the HTML view of ``g``; returns (nodes, edges drawn)."""
    from pyvis.network import Network

    simple = nx.Graph(g)
    centrality = nx.degree_centrality(simple) if len(simple) > 1 else {n: 1.0 for n in simple}
    comm = communities(simple)
    big = len(g) > PHYSICS_LIMIT
    pos = _layout(simple) if big else {}
    net = Network(height="780px", width="100%", cdn_resources="in_line", select_menu=False,
                  filter_menu=False, notebook=False, heading="")
    # fill pyvis's lists directly: add_node/add_edge check for duplicates with a list scan (quadratic)
    for n, d in g.nodes(data=True):
        type_colour = COLOURS.get(d["type"], "#999999")
        comm_colour = COMMUNITY_COLOURS[comm.get(n, 0) % len(COMMUNITY_COLOURS)]
        node = {
            "id": n, "label": d["label"], "kgTip": _tooltip(d), "shape": "dot",
            "color": comm_colour if colour_by == "community" else type_colour,
            "size": 10 + 40 * centrality.get(n, 0), "font": {"color": "#222222"},
            "kgType": d["type"], "kgAliases": sorted(d["aliases"]), "kgSources": sorted(d["sources"]),
            "kgDates": sorted(d["dates"]), "kgTypeColour": type_colour, "kgCommunityColour": comm_colour,
            "kgCommunity": comm.get(n, 0),
        }
        if big:
            x, y = pos[n]
            node.update(x=float(x), y=float(y), physics=False)
        net.nodes.append(node)
        net.node_ids.append(n)
        net.node_map[n] = node
    edges = {}
    for a, b, d in g.edges(data=True):
        edges.setdefault((a, b, d["label"]), d)
    for (a, b, label), d in edges.items():
        net.edges.append({
            "from": a, "to": b, "label": "" if label == "mentioned with" else label,
            "kgTip": f"{label}: “{d['sentence'].strip()[:200]}” [{d['source']}]",
            "color": "#bbbbbb" if label == "mentioned with" else "#555555", "width": 1,
        })
    net.toggle_physics(not big)
    if big:
        net.set_edge_smooth("false")
    page = _offline(net.generate_html(notebook=False))
    page = _inject(page, g, title, colour_by)
    output.write_text(page, encoding="utf-8")
    return len(g), len(edges)


def _layout(g: nx.Graph) -> dict:
    """Positions for a big graph, in pixels, computed once here so the browser
    does not simulate: networkx's spring layout up to 2,000 nodes; above that a
    Fruchterman-Reingold layout vectorised with numpy (networkx's sparse version
    loops over nodes in Python: 21 s at 5,000 nodes, minutes at 20,000)."""
    import math

    n = len(g)
    scale = 60 * math.sqrt(n)
    if n <= 2000:
        pos = nx.spring_layout(g, seed=1, iterations=30, scale=scale)
        return {k: (float(v[0]), float(v[1])) for k, v in pos.items()}
    return fast_spring_layout(g, iterations=30 if n <= 8000 else 15, scale=scale)


def fast_spring_layout(g: nx.Graph, iterations: int = 30, scale: float = 1.0, seed: int = 1) -> dict:
    """Fruchterman-Reingold with exact repulsion, positions as complex numbers so
    each block of pairs is a few vectorised numpy operations."""
    import numpy as np

    nodes = list(g)
    n = len(nodes)
    index = {v: i for i, v in enumerate(nodes)}
    edges = np.array([(index[a], index[b]) for a, b in g.edges() if a != b], dtype=np.int64).reshape(-1, 2)
    rng = np.random.default_rng(seed)
    z = (rng.random(n) + 1j * rng.random(n)).astype(np.complex64)
    k2 = np.float32(1.0 / n)
    t = 0.1
    dt = t / (iterations + 1)
    block = max(1, int(2_000_000 // n))
    for _ in range(iterations):
        disp = np.zeros(n, dtype=np.complex64)
        for i0 in range(0, n, block):
            delta = z[i0:i0 + block, None] - z[None, :]
            d2 = delta.real * delta.real + delta.imag * delta.imag
            np.maximum(d2, np.float32(1e-9), out=d2)
            disp[i0:i0 + block] = (delta / d2).sum(axis=1) * k2
        if len(edges):
            delta = z[edges[:, 0]] - z[edges[:, 1]]
            pull = delta * np.abs(delta) * np.float32(np.sqrt(n))
            np.add.at(disp, edges[:, 0], -pull)
            np.add.at(disp, edges[:, 1], pull)
        length = np.abs(disp) + np.float32(1e-9)
        z += disp * (np.minimum(length, t) / length)
        t -= dt
    z -= z.mean()
    z *= scale / (max(np.abs(z.real).max(), np.abs(z.imag).max()) or 1.0)
    return {v: (float(z[i].real), float(z[i].imag)) for i, v in enumerate(nodes)}


def _inject(page: str, g: nx.MultiGraph, title: str, colour_by: str) -> str:
    """Add the legend, the controls and their script (shipped in kg/assets)."""
    sources = sorted({s for _, d in g.nodes(data=True) for s in d["sources"]})
    dates = sorted({x for _, d in g.nodes(data=True) for x in d["dates"]})
    config = {"types": COLOURS, "sources": sources, "dates": dates, "colourBy": colour_by}
    controls = (ASSETS / "controls.html").read_text(encoding="utf-8")
    script = (ASSETS / "controls.js").read_text(encoding="utf-8")
    scripts = (f"<script type=\"application/json\" id=\"kg-config\">{safe_json(config)}</script>\n"
               f"<script>{script}</script>\n")
    page = page.replace("<body>", "<body>\n" + controls, 1).replace("</body>", scripts + "</body>", 1)
    page = re.sub(r"<title>.*?</title>", "", page, count=1, flags=re.S)
    return page.replace("<head>", f"<head>\n<title>{html.escape(title)}</title>", 1)
