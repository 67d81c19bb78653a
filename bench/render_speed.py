"""kg render's speed, on a store or on synthetic graphs.

Usage: python bench/render_speed.py --store PATH [--focus NAME ...]
       python bench/render_speed.py [--sizes 500 5000 20000]

With --store: the time of ``kg render`` as the CLI runs it (a new process, so
imports and opening the store count), by default (the overview of the top
entities) and with each --focus NAME (the neighbourhood read with bound
queries), and the time to first paint of each page.

Without: scale-free graphs (Barabasi-Albert, m=2, fixed seed) with kg's node
attributes, drawn by render_graph (the code kg render runs after its queries).
First paint is measured in headless Chromium (Debian's, via Selenium) from
navigation start to the vis-network 'afterDrawing' event, with the page opened
from file:// and no network.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
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


def store_runs(store: Path, focus: list[str], tmp: Path) -> None:
    runs = [("kg render", [])] + [(f"kg render --focus {name!r}", ["--focus", name]) for name in focus]
    rows = []
    with chromium() as driver:
        driver.set_script_timeout(300)
        driver.set_page_load_timeout(300)
        for i, (label, extra) in enumerate(runs):
            out = tmp / f"r{i}.html"
            cpu0 = _child_cpu()
            t0 = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "kg", "render", "--store", str(store), "-o", str(out), *extra],
                                  capture_output=True, text=True, check=True)
            secs = time.perf_counter() - t0
            rows.append((label, secs, _child_cpu() - cpu0, done.stdout.strip(), out.stat().st_size / 1e6,
                         first_paint(driver, out)))
    print("| command | wall time (s) | CPU time (s) | drawn | HTML (MB) | first paint (s) |")
    print("| --- | ---: | ---: | --- | ---: | ---: |")
    for label, secs, cpu, drawn, mb, paint in rows:
        print(f"| `{label}` | {secs:.2f} | {cpu:.2f} | {drawn.split(' ->')[0]} | {mb:.1f} | {paint:.1f} |")


def _child_cpu() -> float:
    """User plus system CPU seconds of the finished child processes (the render itself: on a
    busy machine its wall time also counts the time other processes had the cores)."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[500, 5000, 20000])
    ap.add_argument("--store", type=Path, default=None, help="time kg render on this store instead")
    ap.add_argument("--focus", action="append", default=[], metavar="NAME", help="also time --focus NAME")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    if args.store is not None:
        store_runs(args.store, args.focus, tmp)
        return
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
            rows.append((n, edges, secs, out.stat().st_size / 1e6, paint))
    print("| nodes | edges | render (s) | HTML (MB) | first paint in Chromium (s) |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for n, e, secs, mb, paint in rows:
        print(f"| {n:,} | {e:,} | {secs:.1f} | {mb:.1f} | {paint:.1f} |")


if __name__ == "__main__":
    main()
