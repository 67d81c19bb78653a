"""What people look at: the store as a network view and a timeline.

graph     store -> networkx, and choosing the part to draw
analysis  centrality, neighbours, communities
fetch     reading only a neighbourhood or the top entities (bound queries)
layout    positions: a networkx layout per component, overlaps removed, fragments packed
html      the offline network page (pyvis / vis-network inlined)
timeline  dated counts as bars per period, points and a paged table (its own script, no library)
inline    View: a page shown inline in Jupyter (iframe srcdoc) and saved with save()
"""

from kg.views.analysis import communities, connections, most_central
from kg.views.graph import find_node, select, to_networkx
from kg.views.html import render, render_graph
from kg.views.inline import View, graph_view, timeline_view
from kg.views.timeline import render_timeline

__all__ = ["View", "communities", "connections", "find_node", "graph_view", "most_central", "render", "render_graph",
           "render_timeline", "select", "timeline_view", "to_networkx"]
