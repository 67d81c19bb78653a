"""Views as Python objects for notebooks: shown inline by Jupyter, saved as files.

A ``View`` holds a whole offline page (the network or the timeline). Jupyter
calls ``_repr_html_`` and gets an ``<iframe srcdoc="...">`` carrying the page
itself, escaped, so it shows in a served Jupyter, in an exported notebook and
offline alike (an iframe pointing at a ``file://`` path is an empty box in a
served Jupyter). The iframe is sandboxed: the page's scripts run, but cannot
reach the notebook around it; it may download a file it makes and write to the
clipboard (the network view's Corrections panel).

>>> view = graph_view(g.store, focus="Syrian Democratic Forces")
>>> view              # drawn inline in Jupyter
>>> view.save("graph.html")
"""

from __future__ import annotations

import html
import os
from pathlib import Path

from kg.store import Store


class View:
    """An offline HTML page that Jupyter shows inline; ``save`` writes it to a file."""

    def __init__(self, page: str, *, height: int = 720, title: str = "kg view", nodes: int | None = None,
                 edges: int | None = None) -> None:
        self.html = page
        self.height = height
        self.title = title
        self.nodes = nodes
        self.edges = edges

    def _repr_html_(self) -> str:
        return (f'<iframe srcdoc="{html.escape(self.html, quote=True)}" title="{html.escape(self.title)}" '
                f'sandbox="allow-scripts allow-downloads" allow="clipboard-write" '
                f'style="width:100%;height:{int(self.height)}px;border:1px solid #ddd">'
                "</iframe>")

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the page to ``path`` whole or not at all (a regular file only, as kg render)."""
        from kg.outputs import output_path

        with output_path(path) as tmp:
            tmp.write_text(self.html, encoding="utf-8")
        return Path(path)

    def __repr__(self) -> str:
        size = f", {self.nodes} nodes, {self.edges} edges" if self.nodes is not None else ""
        return f"<kg View {self.title!r}{size}, {len(self.html):,} characters>"


def graph_view(store: Store, *, focus: str | None = None, depth: int = 1, types: set[str] | None = None,
               source: str | None = None, since: str | None = None, until: str | None = None,
               colour_by: str = "type", top: int | None = None, everything: bool = False,
               height: int = 720) -> View:
    """The network view (as ``kg render`` draws it, same filters) as a :class:`View`."""
    from kg.views.html import page_of

    page = page_of(store, focus=focus, depth=depth, types=types, source=source, since=since, until=until,
                   colour_by=colour_by, top=top, everything=everything)
    return View(page.html, height=height, title="kg graph", nodes=page.nodes, edges=page.edges)


def timeline_view(store: Store, *, height: int = 900) -> View:
    """The timeline page (as ``kg timeline`` writes it) as a :class:`View`."""
    from kg.views.timeline import disputed, outlets, page, rows

    data = rows(store)
    return View(page(data, disputed(store, data), outlets(store)), height=height, title="kg timeline")
