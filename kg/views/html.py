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

from kg.errors import Errors, InputError
from kg.store import Store
from kg.views.analysis import communities
from kg.views.graph import select, to_networkx
from kg.views.layout import layout

COLOURS = {"Organisation": "#e4572e", "Person": "#4c8bf5", "Place": "#2ca58d"}
COMMUNITY_COLOURS = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666",
                     "#1f78b4", "#b2df8a", "#fb9a99", "#cab2d6"]
PHYSICS_LIMIT = 400  # above this many nodes the layout is computed here and physics is off
ASSETS = Path(__file__).resolve().parent / "assets"


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
    """Write the view of the store (filtered as ``select`` does) to ``output``, whole or
    not at all, into a regular file only (kg.outputs); returns (nodes, edges) drawn."""
    from kg.outputs import output_path

    for name, value in (("--since", since), ("--until", until)):
        if value and not re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", value):
            raise InputError(Errors.KG131.format(option=name, value=value))
    g = select(to_networkx(store), focus=focus, depth=depth, types=types, source=source, since=since,
               until=until)
    with output_path(output) as tmp:  # refuses folders, devices and missing folders
        return render_graph(g, tmp, colour_by=colour_by)


def render_graph(g: nx.MultiGraph, output: Path, *, colour_by: str = "type",
                 title: str = "kg graph") -> tuple[int, int]:
    """Write the HTML view of ``g``; returns (nodes, edges drawn)."""
    from pyvis.network import Network

    simple = nx.Graph(g)
    centrality = nx.degree_centrality(simple) if len(simple) > 1 else {n: 1.0 for n in simple}
    comm = communities(simple)
    big = len(g) > PHYSICS_LIMIT
    pos = layout(simple) if big else {}
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
