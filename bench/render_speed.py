"""kg render at 500, 5,000 and 20,000 nodes: render time, HTML size, time to first paint.

Usage: python bench/render_speed.py [--sizes 500 5000 20000]
The graphs are scale-free (Barabasi-Albert, m=2, fixed seed) with kg's node
attributes; render_graph is the same code kg render runs after its queries.
First paint is measured in headless Chromium (Debian's, via Selenium) from
navigation start to the vis-network 'afterDrawing' event, with the page opened
from file:// and no network.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import networkx as nx

from kg.views.html import render_graph
from tests.browser import chromium


def graph(n: int) -> nx.MultiGraph:
    base = nx.barabasi_albert_graph(n, 2, seed=1)
    g = nx.MultiGraph()
    kinds = ["Person", "Place", "Organisation"]
    for i in base:
        g.add_node(str(i), label=f"Entity {i}", type=kinds[i % 3], aliases={f"E{i}"},
                   evidence=[(f"Entity {i} was named in a sentence of article {i % 97}.", f"a{i % 97}.txt")],
                   sources={f"a{i % 97}.txt"}, dates={f"2020-01-{1 + i % 28:02d}"})
    for a, b in base.edges():
        g.add_edge(str(a), str(b), key="mentioned with", label="mentioned with", source="a.txt", sentence="s")
    return g


def first_paint(driver, path: Path, timeout: float = 300) -> float:
    driver.get("about:blank")
    t0 = time.monotonic()
    driver.get(path.as_uri())
    while time.monotonic() - t0 < timeout:
        if driver.execute_script("return window.kgDrawn === true"):
            return time.monotonic() - t0
        time.sleep(0.05)
    return float("nan")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[500, 5000, 20000])
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    rows = []
    with chromium() as driver:
        driver.set_script_timeout(300)
        driver.set_page_load_timeout(300)
        for n in args.sizes:
            g = graph(n)
            out = tmp / f"g{n}.html"
            t0 = time.perf_counter()
            nodes, edges = render_graph(g, out)
            secs = time.perf_counter() - t0
            paint = first_paint(driver, out)
            physics = driver.execute_script("return network.physics.options.enabled")
            rows.append((n, edges, secs, out.stat().st_size / 1e6, paint, physics))
    print("| nodes | edges | render (s) | HTML (MB) | first paint in Chromium (s) | physics |")
    print("| ---: | ---: | ---: | ---: | ---: | --- |")
    for n, e, secs, mb, paint, physics in rows:
        mode = "on" if physics else "off (layout precomputed)"
        print(f"| {n:,} | {e:,} | {secs:.1f} | {mb:.1f} | {paint:.1f} | {mode} |")


if __name__ == "__main__":
    main()
