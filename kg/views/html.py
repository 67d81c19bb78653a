"""Store -> networkx graph -> an offline HTML network view (pyvis / vis-network inlined).

The page has a search box (label or alias), filters by type, article (listed by
date, outlet and title) and publication date, a legend, colouring by type or by
community (networkx Louvain; Okabe-Ito colours, safe for colour-blind
readers), node size by degree and tooltips with the label, type, aliases,
evidence sentences and sources; an edge's relation shows on hover.

Positions are computed here (kg.views.layout: no two node boxes overlap, small
components packed around the main one) and physics is off, so the first paint
is final. The page fits the visible nodes after every filter and search, and
centres the --focus entity (ringed in black). Labels are at least 12 px on
screen: the page's script labels the most connected nodes whose labels then
overlap nothing, and the rest on hover, when found, or on zooming in.

Curation: the page cannot change the store, so a click (or right-click) on a node
opens a menu that writes the kg command making the correction (``kg merge KEEP
OTHER``, ``kg retype``, ``kg relabel``, ``kg reject``) into a Corrections panel, to
copy or download as ``kg-corrections.sh``. A node's id is its entity's IRI; the
commands carry ``--store`` with the store's absolute path when the page is drawn
from a store (``render``, ``page_of``), none from a bare graph (``render_graph``).

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
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import networkx as nx

from kg.errors import Errors, InputError
from kg.store import Store
from kg.types import date_problem, entity_type
from kg.views import fetch
from kg.views.analysis import communities
from kg.views.graph import choose
from kg.views.index import article_index, entity_index, store_entities
from kg.views.layout import layout
from kg.views.payload import safe_json

# Okabe & Ito's colour-blind-safe palette (vermillion, blue, bluish green, orange, ...)
OKABE_ITO = ["#D55E00", "#0072B2", "#009E73", "#E69F00", "#56B4E9", "#CC79A7", "#F0E442", "#000000"]
COLOURS = {"Organisation": "#D55E00", "Person": "#0072B2", "Place": "#009E73"}
COMMUNITY_COLOURS = OKABE_ITO
FONT = 14  # label size in canvas units
# Labels drawn from the start, most connected first, while their boxes add up to at most this
# area (canvas units squared). The layout fills about a quarter of the picture with boxes, so
# this keeps labels >= 12 px at fit on a 1,400 x 750 px canvas (the 46 seeds entities: 220,000,
# all labelled, 14.6 px). The others show their label on hover and when found.
LABEL_AREA = 300_000
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


def render(store: Store, output: Path, *, focus: str | None = None, depth: int = 1,
           types: set[str] | None = None, source: str | None = None, since: str | None = None,
           until: str | None = None, colour_by: str = "type", top: int | None = None, everything: bool = False,
           notify: Callable[[str], None] | None = None) -> tuple[int, int]:
    """Write the view of the store to ``output``, whole or not at all, into a
    regular file only (kg.outputs); returns (nodes, edges) drawn. A big store
    gives its ``top`` entities unless ``everything`` (see graph.choose);
    ``notify`` hears what is left out before the work starts."""
    from kg.outputs import output_path

    page = page_of(store, focus=focus, depth=depth, types=types, source=source, since=since, until=until,
                   colour_by=colour_by, top=top, everything=everything, notify=notify)
    with output_path(output) as tmp:  # refuses folders, devices and missing folders
        tmp.write_text(page.html, encoding="utf-8")
    return page.nodes, page.edges


@dataclass
class Page:
    html: str
    nodes: int
    edges: int


def page_of(store: Store, *, focus: str | None = None, depth: int = 1, types: set[str] | None = None,
            source: str | None = None, since: str | None = None, until: str | None = None,
            colour_by: str = "type", top: int | None = None, everything: bool = False,
            notify: Callable[[str], None] | None = None) -> Page:
    """The HTML page of the view (as ``render`` writes it)."""
    for name, value in (("--since", since), ("--until", until)):
        if value is not None and (problem := date_problem(value)):  # ("" too: no date is no filter)
            raise InputError(Errors.KG131.format(option=name, value=value, problem=problem))
    types = {entity_type(t) or t for t in types} if types else types  # any letter case
    if source is not None:  # an article the store does not hold drew an empty page (with "did you mean")
        from urllib.parse import unquote

        from kg.rdf.export import graph_for_source
        from kg.rdf.mapping import article_iri

        source = unquote(graph_for_source(store, source)[len(article_iri("")):])  # "NAME" for "NAME.txt" too
    meta: dict[str, dict[str, str]] = {} if focus else fetch.articles(store)  # --focus: read as it draws
    g, centre, note = choose(store, focus=focus, depth=depth, top=top, everything=everything, types=types,
                             source=source, since=since, until=until, notify=notify, meta=meta)
    path = getattr(store, "path", None)  # a local store: the corrections' commands name it
    # the page's search and article picker look in the whole store, not only in what is drawn
    catalogue = Catalogue(entity_index(store_entities(store)), fetch.articles(store) if focus else meta)
    return graph_page(g, colour_by=colour_by, focus=centre, note=note, articles=meta, catalogue=catalogue,
                      store_path=str(Path(path).resolve()) if path is not None else None)


@dataclass
class Catalogue:
    """What a page drawn from a store searches beyond its nodes (kg.views.index)."""

    entities: dict  # entity_index
    articles: dict[str, dict[str, str]]  # every article's title, outlet and date


def render_graph(g: nx.MultiGraph, output: Path, *, colour_by: str = "type", title: str = "kg graph",
                 focus: str | None = None, note: str = "",
                 articles: dict[str, dict[str, str]] | None = None) -> tuple[int, int]:
    """Write the HTML view of ``g``; returns (nodes, edges drawn)."""
    page = graph_page(g, colour_by=colour_by, title=title, focus=focus, note=note, articles=articles)
    output.write_text(page.html, encoding="utf-8")
    return page.nodes, page.edges


def _box(label: str, size: float, font: float) -> tuple[float, float, float, float]:
    """The box vis-network draws for a dot of radius ``size`` with ``label`` under it:
    (dx, dy) of its centre from the node, width, height; text width overestimated
    (0.6 em a character) so that real labels fit."""
    if not label:
        return 0.0, 0.0, 2 * size, 2 * size
    text_w, text_h = 0.6 * font * len(label) + 4, 1.25 * font + 2
    return 0.0, text_h / 2, max(2 * size, text_w), 2 * size + text_h


def _labelled(g: nx.MultiGraph, degree: dict, size: dict, font: dict, focus: str | None) -> set:
    """The nodes labelled from the start: the focus, then the most connected while the
    label boxes fit in LABEL_AREA (all of them in a small graph)."""
    area = sum(4 * size[n] ** 2 for n in g)
    out = set()
    for n in sorted(g, key=lambda n: (n != focus, -degree[n], g.nodes[n]["label"])):
        _, _, w, h = _box(g.nodes[n]["label"], size[n], font[n])
        extra = w * h - 4 * size[n] ** 2
        if n != focus and area + extra > LABEL_AREA:
            break
        area += extra
        out.add(n)
    return out


def graph_page(g: nx.MultiGraph, *, colour_by: str = "type", title: str = "kg graph", focus: str | None = None,
               note: str = "", articles: dict[str, dict[str, str]] | None = None,
               store_path: str | None = None, catalogue: Catalogue | None = None) -> Page:
    """The offline HTML page drawing ``g`` (positions fixed here, see kg.views.layout);
    ``store_path``: the store the correction commands name with ``--store`` (None: no --store)."""
    from pyvis.network import Network

    simple = nx.Graph(g)
    degree = dict(simple.degree())
    top_degree = max(degree.values(), default=0) or 1
    comm = communities(simple)
    size = {n: 6 + 14 * math.sqrt(degree[n] / top_degree) + (6 if n == focus else 0) for n in g}
    font = {n: FONT + (4 if n == focus else 0) for n in g}
    labelled = _labelled(g, degree, size, font, focus)
    boxes = {n: _box(g.nodes[n]["label"] if n in labelled else "", size[n], font[n]) for n in g}
    pos = layout(simple, boxes, centre=focus)
    net = Network(height="calc(100vh - 96px)", width="100%", cdn_resources="in_line", select_menu=False,
                  filter_menu=False, notebook=False, heading="")
    # fill pyvis's lists directly: add_node/add_edge check for duplicates with a list scan (quadratic)
    for n, d in g.nodes(data=True):
        type_colour = COLOURS.get(d["type"], "#999999")
        comm_colour = COMMUNITY_COLOURS[comm.get(n, 0) % len(COMMUNITY_COLOURS)]
        x, y = pos[n]
        node = {
            "id": n, "kgLabel": d["label"], "kgTip": _tooltip(d), "shape": "dot", "x": x, "y": y,
            "size": size[n], "color": comm_colour if colour_by == "community" else type_colour,
            "font": {"size": font[n], "color": "#111111", "strokeWidth": 3, "strokeColor": "#ffffff"},
            "kgType": d["type"], "kgAliases": sorted(d["aliases"]), "kgSources": sorted(d["sources"]),
            "kgDates": sorted(d["dates"]), "kgTypeColour": type_colour, "kgCommunityColour": comm_colour,
            "kgCommunity": comm.get(n, 0), "kgDegree": degree[n], "kgLabelled": n in labelled,
        }
        if n in labelled:
            node["label"] = d["label"]
        if n == focus:
            ring = {"background": node["color"], "border": "#000000"}
            halo = {"enabled": True, "color": "rgba(0,0,0,0.6)", "size": 14, "x": 0, "y": 0}
            node.update(kgFocus=True, borderWidth=5, color={**ring, "highlight": ring, "hover": ring}, shadow=halo)
        net.nodes.append(node)
        net.node_ids.append(n)
        net.node_map[n] = node
    edges = {}
    for a, b, d in g.edges(data=True):
        edges.setdefault((a, b, d["label"]), d)
    for (a, b, label), d in edges.items():
        co = label == "mentioned with"
        net.edges.append({
            "from": a, "to": b, "kgLabel": label,
            "kgTip": f"{label}: “{d['sentence'].strip()[:200]}” [{d['source']}]",
            "color": "#c8c8c8" if co else "#555555", "width": 1 if co else 2,
        })
    net.set_options(json.dumps(OPTIONS))
    page = _offline(net.generate_html(notebook=False))
    page = _inject(page, g, title, colour_by, focus=focus, note=note, articles=articles or {}, store_path=store_path,
                   catalogue=catalogue)
    return Page(page, len(g), len(edges))


OPTIONS = {
    "physics": {"enabled": False},  # positions are final (kg.views.layout): nothing moves after the first paint
    "layout": {"improvedLayout": False},
    "interaction": {"hover": True, "tooltipDelay": 120, "hideEdgesOnDrag": False, "multiselect": False},
    "nodes": {"shape": "dot", "borderWidth": 1},
    "edges": {"smooth": False, "font": {"size": 13, "align": "middle", "strokeWidth": 3,
                                        "strokeColor": "#ffffff"}},
}


def _inject(page: str, g: nx.MultiGraph, title: str, colour_by: str, *, focus: str | None, note: str,
            articles: dict[str, dict[str, str]], store_path: str | None = None,
            catalogue: Catalogue | None = None) -> str:
    """Add the legend, the controls and their script (shipped in kg/views/assets). The article
    picker lists the drawn nodes' articles, or with a ``catalogue`` every article of the store;
    the search looks in the catalogue's entities too."""
    drawn = {s for _, d in g.nodes(data=True) for s in d["sources"]}
    menu = article_index(catalogue.articles if catalogue else {s: articles[s] for s in drawn if s in articles}, drawn)
    dates = sorted({x for _, d in g.nodes(data=True) for x in d["dates"]})
    config = {"types": COLOURS, "articles": menu, "dates": dates, "colourBy": colour_by, "focus": focus,
              "note": note, "store": store_path, "index": catalogue.entities if catalogue else None}
    controls = (ASSETS / "controls.html").read_text(encoding="utf-8")
    script = (ASSETS / "controls.js").read_text(encoding="utf-8")
    scripts = (f"<script type=\"application/json\" id=\"kg-config\">{safe_json(config)}</script>\n"
               f"<script>{script}</script>\n")
    page = page.replace("<body>", "<body>\n" + controls, 1).replace("</body>", scripts + "</body>", 1)
    page = re.sub(r"<title>.*?</title>", "", page, count=1, flags=re.S)
    return page.replace("<head>", f"<head>\n<title>{html.escape(title)}</title>", 1)
