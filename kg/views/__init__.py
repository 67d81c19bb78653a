"""What people look at: the store as a network view and a timeline.

graph     store -> networkx, and choosing the part to draw
analysis  centrality, neighbours, communities
layout    positions for graphs too big for the browser to simulate
html      the offline network page (pyvis / vis-network inlined)
timeline  dated counts as a chart and a table
"""

from kg.views.analysis import communities, connections, most_central
from kg.views.graph import find_node, select, to_networkx
from kg.views.html import render, render_graph
from kg.views.timeline import render_timeline

__all__ = ["communities", "connections", "find_node", "most_central", "render", "render_graph", "render_timeline",
           "select", "to_networkx"]
