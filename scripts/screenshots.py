"""Regenerate the README's screenshots, docs/graph.png and docs/timeline.png, from the seeds.

Usage: python scripts/screenshots.py [--store PATH] [--out docs]

Builds the seeds into a temporary store (unless --store is given), writes the
network view and the timeline as kg render and kg timeline do, and takes each
page's picture in headless Chromium (Debian's chromium and chromium-driver, as
the browser tests use) once the page has drawn.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # tests.browser: the Chromium the browser tests start


def wait(driver, ready: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not driver.execute_script(f"return {ready}"):
        if time.monotonic() > deadline:
            raise TimeoutError(ready)
        time.sleep(0.1)
    time.sleep(0.5)  # let the last frame paint


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", type=Path, default=None, help="an existing store (default: build the seeds)")
    ap.add_argument("--out", type=Path, default=ROOT / "docs")
    args = ap.parse_args()

    from kg.builder.runner import build
    from kg.store import Store
    from kg.views.html import render
    from kg.views.timeline import render_timeline
    from tests.browser import chromium

    work = Path(tempfile.mkdtemp(prefix="kg-shots-"))
    store = args.store
    if store is None:
        store = work / "store"
        build([ROOT / "seeds"], store, jobs=1)
    with Store.open_read(store) as st:
        render(st, work / "graph.html")
        render_timeline(st, work / "timeline.html")
    args.out.mkdir(parents=True, exist_ok=True)
    with chromium(1400, 900) as driver:
        driver.get((work / "graph.html").as_uri())
        wait(driver, "window.kgDrawn === true")
        driver.save_screenshot(str(args.out / "graph.png"))
        driver.set_window_size(1400, 1250)
        driver.get((work / "timeline.html").as_uri())
        wait(driver, "window.kgTimelineReady === true")
        driver.save_screenshot(str(args.out / "timeline.png"))
    print(f"{args.out / 'graph.png'}, {args.out / 'timeline.png'}")


if __name__ == "__main__":
    main()
