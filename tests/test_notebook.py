"""CI executes notebooks/explore.ipynb with nbclient (a real Jupyter kernel), so it cannot go stale;
its views are then checked in headless Chromium, as a reader of the exported notebook sees them."""

import re
import time

import pytest

from . import browser
from .conftest import ROOT

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

# kg.views.inline is imported by the notebook until kg.Graph has a view() method (kg/api.py);
# kg.views.claims for the claims page inline (kg.Graph.claims() gives the claims as data)
ALLOWED_SUBMODULES = {"kg.views.inline", "kg.views.claims"}


@pytest.fixture(scope="module")
def executed():
    nb = nbformat.read(ROOT / "notebooks" / "explore.ipynb", as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    return nb


def _outputs(nb, kind: str) -> list[str]:
    return [str(out.get("data", {}).get(kind, "")) if kind != "text" else out.get("text", "")
            for cell in nb.cells for out in cell.get("outputs", [])]


def test_explore_notebook_executes(executed):
    joined = "\n".join(_outputs(executed, "text") + _outputs(executed, "text/plain") + _outputs(executed, "text/html"))
    assert "5 articles added" in joined
    assert "Syrian Democratic Forces" in joined and "spokesman" in joined  # the spokespeople DataFrame
    assert "degree centrality" in joined and "Baghouz" in joined  # networkx analysis
    assert "connected to" in joined and "Syrian Democratic Forces" in joined
    assert "value: Float64" in joined and "qualifier: string" in joined  # typed DataFrame columns
    assert "Monday" in joined and "2019-03-04" in joined  # the bound query: one article's dates
    claims, disputed = map(int, re.search(r"(\d+) claims, (\d+) disputed", joined).groups())
    assert claims >= 1 and disputed >= 1  # g.claims(): the seeds' Baghouz evacuation, from 3 outlets
    claims_table = next(h for h in _outputs(executed, "text/html") if "allows" in h and "conflicts" in h)
    assert "about 3,000" in claims_table and "2,700–3,300" in claims_table and "CNN" in claims_table
    frames = [h for h in _outputs(executed, "text/html") if h.startswith("<iframe srcdoc=")]
    assert len(frames) == 4  # the network, the focus view, the timeline and the claims, each the page itself
    for h in frames:  # the page is in srcdoc (escaped), no src pointing at a file:// path
        rest = re.match(r'<iframe srcdoc="[^"]*"([^>]*)>', h)
        assert rest and "src=" not in rest.group(1)


def test_explore_notebook_corrects_the_graph(executed):
    """The curation cells: a retype through the API, listed by g.curation(), then undone."""
    text = "\n".join(_outputs(executed, "text"))
    assert "1 correction(s)\n" in text and "Organisation" in text
    assert "0 correction(s) after the undo" in text
    listed = [h for h in _outputs(executed, "text/html") if "retype" in h and "person/mustafa-bali" in h]
    assert listed  # g.curation() as a DataFrame
    shown = [h for h in _outputs(executed, "text/html") if "Mustafa Bali" in h and "articles" in h and "<table" in h]
    assert any("Organisation" in h for h in shown) and "Person" in shown[-1]  # retyped, then undone


@pytest.mark.skipif(not browser.available(), reason="chromium / chromium-driver not installed")
def test_exported_notebook_draws_the_graph_in_chromium(executed, tmp_path):
    """The executed notebook's HTML outputs in one page, as an HTML export shows them: the
    iframes' pages run and vis-network draws every node on a canvas."""
    pytest.importorskip("selenium")
    from selenium.webdriver.common.by import By

    body = "\n".join(f"<div class='output'>{h}</div>" for h in _outputs(executed, "text/html") if h)
    page = tmp_path / "explore.html"
    page.write_text(f"<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>{body}</body></html>",
                    encoding="utf-8")
    with browser.chromium() as driver:
        driver.get(page.as_uri())
        frames = driver.find_elements(By.TAG_NAME, "iframe")
        assert len(frames) == 4
        drawn = []
        for frame in frames[:2]:
            # Chromium defers drawing in a frame that is out of view, and a resize after the
            # first draw clears the canvas until the next one: show the frame, then wait for ink.
            driver.execute_script("arguments[0].scrollIntoView();", frame)
            driver.switch_to.frame(frame)
            deadline = time.monotonic() + 30
            while True:
                counted = driver.execute_script(
                    "if (window.kgDrawn !== true) return null;"
                    "var c = document.querySelector('#mynetwork canvas');"
                    "var px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, ink = 0;"
                    "for (var i = 3; i < px.length; i += 4) if (px[i] > 0) ink++;"
                    "return [network.body.data.nodes.length, Object.keys(network.getPositions()).length, ink];")
                if (counted and counted[2] > 0) or time.monotonic() > deadline:
                    break
                time.sleep(0.1)
            drawn.append(counted or [0, 0, 0])
            driver.switch_to.default_content()
        (n, placed, ink), (n_focus, _, ink_focus) = drawn
        assert n == placed == 45 and ink > 5000  # the seeds' entities, drawn on the canvas
        assert 1 < n_focus < n and ink_focus > 2000
        driver.switch_to.frame(frames[2])
        deadline = time.monotonic() + 30
        while not driver.execute_script("return window.kgTimelineReady === true") and time.monotonic() < deadline:
            time.sleep(0.1)
        assert driver.execute_script("return document.querySelectorAll('#timeline-points .point').length") > 5
        driver.switch_to.default_content()
        driver.switch_to.frame(frames[3])  # the claims: a disputed claim with figures from several articles
        deadline = time.monotonic() + 30
        while not driver.execute_script("return window.kgClaimsReady === true") and time.monotonic() < deadline:
            time.sleep(0.1)
        sources = driver.execute_script(
            "return Array.prototype.map.call(document.querySelectorAll('section.claim.disputed'), function (c) {"
            " return new Set(Array.prototype.map.call(c.querySelectorAll('tr.figure'),"
            " function (r) { return r.dataset.source; })).size; })")
        assert sources and max(sources) >= 2


def test_explore_notebook_uses_only_the_public_api():
    import kg

    nb = nbformat.read(ROOT / "notebooks" / "explore.ipynb", as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    imported = set(re.findall(r"^\s*(?:from|import)\s+(kg\.[\w.]+)", code, re.M))
    assert imported <= ALLOWED_SUBMODULES, imported - ALLOWED_SUBMODULES
    code = re.sub(r"^\s*from kg\.views\.(inline|claims) import .*$", "", code, flags=re.M)
    used = set(re.findall(r"\bkg\.(\w+)", code))
    assert used and used <= set(kg.__all__), used - set(kg.__all__)
