"""Screenshots for the README: the seeds graph and the timeline, in headless Chromium.

Run: python scripts/screenshots.py   (writes docs/graph.png and docs/timeline.png)
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/browser.py, the Chromium helper

from kg.builder.runner import build
from kg.store import Store
from kg.views.html import render
from kg.views.timeline import render_timeline
from tests.browser import chromium

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    build([ROOT / "seeds"], tmp / "store")
    with Store.open_read(tmp / "store") as st:
        render(st, tmp / "graph.html")
        render_timeline(st, tmp / "timeline.html")
    with chromium(1400, 1000) as d:
        d.get((tmp / "graph.html").as_uri())
        time.sleep(8)  # let the physics settle
        d.execute_script("network.stopSimulation(); network.fit(); window.kgSearch('Mustafa Bali');"
                         "network.fit({animation: false});")
        time.sleep(0.5)
        d.save_screenshot(str(ROOT / "docs" / "graph.png"))
        d.set_window_size(1100, 900)
        d.get((tmp / "timeline.html").as_uri())
        time.sleep(0.5)
        d.save_screenshot(str(ROOT / "docs" / "timeline.png"))
    print("docs/graph.png, docs/timeline.png")


if __name__ == "__main__":
    main()
