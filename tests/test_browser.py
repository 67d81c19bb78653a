"""kg render and kg timeline in a real browser (headless Debian Chromium via Selenium)."""

from __future__ import annotations

import os
import shlex
import time
from pathlib import Path

import pytest

from kg.store import Store
from kg.views import render, to_networkx
from kg.views.timeline import render_timeline
from tests import browser

if not browser.available():
    if os.environ.get("KG_REQUIRE_BROWSER"):
        raise RuntimeError("chromium and chromium-driver are required (KG_REQUIRE_BROWSER is set)")
    pytest.skip("chromium / chromium-driver not installed", allow_module_level=True)
pytest.importorskip("selenium")

from selenium.common.exceptions import NoAlertPresentException  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

PAYLOAD_ARTICLE = (
    "date 2024-05-08\nAhmed Ali, a spokesman for the Free Syrian Army, said "
    "<script>window.__xss=1;alert(1)</script> that "
    "20 people died in Idlib on Monday. <img src=x onerror=\"window.__xss=2;alert(2)\"> Witnesses told "
    "Reuters that <a href=\"javascript:window.__xss=3;alert(3)\">Click Here</a> more than 300 people fled.\n"
)
EVIL = "<img src=x onerror=window.__xss=4;alert(4)>"
G = "https://w3id.org/kg-news/id/article/evil.nq"
EVIL_SENTENCE = "</script><script>window.__xss=7</script>"
# an article graph in kg's representation: a person mentioned in the article's only sentence
# (kg:personMention "start end sentence n" into kg:text, sentence n where kg:sentences says)
EVIL_QUADS = f"""
<{G}> <https://w3id.org/kg-news/ontology#sourceFile> "evil <script>window.__xss=5</script>.txt" <{G}> .
<{G}> <https://w3id.org/kg-news/ontology#text> "{EVIL_SENTENCE}" <{G}> .
<{G}> <https://w3id.org/kg-news/ontology#sentences> "0:0-{len(EVIL_SENTENCE)}" <{G}> .
<urn:evil:p> <http://www.w3.org/2004/02/skos/core#prefLabel> "{EVIL}" <{G}> .
<urn:evil:p> <http://www.w3.org/2004/02/skos/core#altLabel> "<svg onload=window.__xss=6>" <{G}> .
<urn:evil:p> <https://w3id.org/kg-news/ontology#personMention> "0 8 0 1" <{G}> .
"""


@pytest.fixture(scope="module")
def driver():
    with browser.chromium() as d:
        yield d


def open_page(driver, path: Path, ready: str = "window.kgDrawn === true") -> None:
    driver.get(path.as_uri())
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if driver.execute_script(f"return {ready}"):
            return
        time.sleep(0.1)
    raise TimeoutError(path)


def errors(driver) -> list[dict]:
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


@pytest.fixture(scope="module")
def seeds_page(seeds_store, tmp_path_factory) -> tuple[Path, int]:
    out = tmp_path_factory.mktemp("view") / "graph.html"
    with Store.open_read(seeds_store) as st:
        n, _ = render(st, out)
        assert n == len(to_networkx(st))
    return out, n


def test_seeds_view_loads_offline_without_errors_and_shows_every_node(driver, seeds_page):
    path, n = seeds_page
    open_page(driver, path)
    assert errors(driver) == []
    assert driver.execute_script("return network.body.data.nodes.length") == n
    assert driver.execute_script("return Object.keys(network.getPositions()).length") == n
    legend = driver.find_element(By.ID, "kg-legend").text
    assert "Organisation" in legend and "Person" in legend and "Place" in legend


BOXES = """
var s = network.getScale(), ids = nodes.getIds({filter: function (n) { return !n.hidden; }});
var boxes = ids.map(function (id) { return network.getBoundingBox(id); }), over = [];
for (var i = 0; i < boxes.length; i++) for (var j = i + 1; j < boxes.length; j++) {
  var a = boxes[i], b = boxes[j];
  if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) over.push([ids[i], ids[j]]);
}
var labels = ids.filter(function (id) { return nodes.get(id).label; });
var px = labels.map(function (id) { return nodes.get(id).font.size * s; });
var lo = network.canvasToDOM({x: Math.min.apply(null, boxes.map(function (b) { return b.left; })),
                              y: Math.min.apply(null, boxes.map(function (b) { return b.top; }))});
var hi = network.canvasToDOM({x: Math.max.apply(null, boxes.map(function (b) { return b.right; })),
                              y: Math.max.apply(null, boxes.map(function (b) { return b.bottom; }))});
var c = document.querySelector('#mynetwork canvas').getBoundingClientRect();
return {overlaps: over, labelled: labels.length, smallest: Math.min.apply(null, px), shown: ids.length,
        fill: Math.max((hi.x - lo.x) / c.width, (hi.y - lo.y) / c.height), scale: s};
"""


def test_labels_are_legible_at_fit_and_no_node_boxes_overlap(driver, seeds_page):
    path, n = seeds_page
    open_page(driver, path)
    got = driver.execute_script(BOXES)
    assert got["overlaps"] == []  # vis-network's own boxes: the dot and the label under it
    assert got["labelled"] == n == 45  # every seeds entity is labelled ...
    assert got["smallest"] >= 12  # ... at 12 px or more on screen
    assert got["fill"] > 0.85  # and the picture fills the canvas
    assert driver.execute_script("return network.physics.options.enabled") is False  # nothing moves


def test_edges_are_labelled_on_hover_only(driver, seeds_page):
    open_page(driver, seeds_page[0])
    assert driver.execute_script("return edges.get({filter: function (e) { return e.label; }}).length") == 0
    roles = driver.execute_script("return edges.get().map(function (e) { return e.kgLabel; })")
    assert "spokesman" in roles and "mentioned with" in roles


def test_the_view_refits_after_a_filter(driver, seeds_page):
    open_page(driver, seeds_page[0])
    whole = driver.execute_script(BOXES)["scale"]
    driver.execute_script("var s = document.getElementById('kg-source'); s.value = '003_877df361cf5ac634.txt';"
                          "s.dispatchEvent(new Event('change'));")
    got = driver.execute_script(BOXES)
    assert 1 < got["shown"] < 45
    assert got["fill"] > 0.75 and got["scale"] > 1.2 * whole  # zoomed in: the few visible nodes fill the canvas
    assert got["smallest"] >= 12 and got["overlaps"] == []
    driver.execute_script("var s = document.getElementById('kg-source'); s.value = '';"
                          "s.dispatchEvent(new Event('change'));")
    driver.find_element(By.CSS_SELECTOR, ".kg-type[value=Place]").click()
    got = driver.execute_script(BOXES)
    assert got["fill"] > 0.75 and got["overlaps"] == []


def test_focus_entity_is_marked_and_centred(driver, seeds_store, tmp_path):
    out = tmp_path / "focus.html"
    with Store.open_read(seeds_store) as st:
        n, _ = render(st, out, focus="SDF", depth=1)
    assert 5 < n < 45
    open_page(driver, out)
    assert errors(driver) == []
    sdf = "https://w3id.org/kg-news/id/organisation/syrian-democratic-forces"
    node = driver.execute_script("var n = nodes.get(arguments[0]); return {kgFocus: n.kgFocus, label: n.label,"
                                 " borderWidth: n.borderWidth, color: n.color};", sdf)
    assert node["kgFocus"] and node["borderWidth"] == 5 and node["color"]["border"] == "#000000"
    assert node["label"] == "Syrian Democratic Forces"
    x, y, w, h = driver.execute_script(
        "var p = network.canvasToDOM(network.getPosition(arguments[0]));"
        "var c = document.querySelector('#mynetwork canvas');"
        "return [p.x, p.y, c.clientWidth, c.clientHeight];", sdf)
    assert abs(x - w / 2) < 3 and abs(y - h / 2) < 3
    got = driver.execute_script(BOXES)
    assert got["overlaps"] == [] and got["smallest"] >= 12 and got["labelled"] == n
    assert "Syrian Democratic Forces" in driver.find_element(By.ID, "kg-legend").text


def test_article_menu_shows_title_outlet_and_date(driver, tmp_path):
    from kg.builder.runner import build

    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "strike.md").write_text(
        "---\ntitle: Port strike enters second week\npublished: 2024-06-03\noutlet: Field Notes\n---\n"
        "Dockworkers at Valparaiso stayed off work on Monday, said Nadia Okafor, a spokeswoman for Oxfam.\n")
    (tmp_path / "in" / "talks.md").write_text(
        "---\ntitle: Talks resume in Valparaiso\npublished: 2024-06-05\noutlet: Harbour Times\n---\n"
        "Oxfam and the port authority met in Valparaiso on Wednesday.\n")
    store = tmp_path / "store"
    build([tmp_path / "in"], store, jobs=1)
    out = tmp_path / "graph.html"
    with Store.open_read(store) as st:
        render(st, out)
    open_page(driver, out)
    options = driver.execute_script("return Array.prototype.map.call("
                                    "document.querySelectorAll('#kg-source-list option'),"
                                    " function (o) { return [o.value, o.textContent]; })")
    assert options == [["strike.md", "2024-06-03 \u00b7 Field Notes \u00b7 Port strike enters second week"],
                       ["talks.md", "2024-06-05 \u00b7 Harbour Times \u00b7 Talks resume in Valparaiso"]]


def test_overview_of_a_big_store_says_what_was_left_out(driver, seeds_store, tmp_path):
    out = tmp_path / "top.html"
    with Store.open_read(seeds_store) as st:
        n, _ = render(st, out, top=12)
    assert n <= 12
    open_page(driver, out)
    note = driver.find_element(By.ID, "kg-note")
    assert note.is_displayed() and "12 entities mentioned in most articles, of 45" in note.text
    assert "--all" in note.text and "--focus" in note.text


def test_search_box_finds_mustafa_bali(driver, seeds_page):
    open_page(driver, seeds_page[0])
    box = driver.find_element(By.ID, "kg-search")
    box.clear()
    box.send_keys("mustafa bali", Keys.ENTER)
    assert driver.execute_script("return network.getSelectedNodes()") == [
        "https://w3id.org/kg-news/id/person/mustafa-bali"]
    assert driver.find_element(By.ID, "kg-search-status").text == "found: Mustafa Bali (Person)"
    box.clear()
    box.send_keys("Bali", Keys.ENTER)  # a surname alias or part of a name finds it too
    assert driver.execute_script("return network.getSelectedNodes()") == [
        "https://w3id.org/kg-news/id/person/mustafa-bali"]
    box.clear()
    box.send_keys("Nobody Atall", Keys.ENTER)
    assert driver.find_element(By.ID, "kg-search-status").text == "not found"


def _top_page(seeds_store, tmp_path, top: int) -> tuple[Path, set[str]]:
    """The overview of the seeds drawing ``top`` entities, and the labels drawn."""
    out = tmp_path / "top.html"
    with Store.open_read(seeds_store) as st:
        render(st, out, top=top)
    return out, set()


def _options(driver, datalist: str) -> list[list[str]]:
    return driver.execute_script("return Array.prototype.map.call(document.querySelectorAll(arguments[0] + ' option'),"
                                 " function (o) { return [o.value, o.textContent]; })", datalist)


def test_search_finds_entities_of_the_store_that_are_not_drawn(driver, seeds_store, tmp_path):
    """Issue 42: at 2,000 articles the search found only the 150 drawn entities ("Mustafa" not found)."""
    out, _ = _top_page(seeds_store, tmp_path, 3)
    open_page(driver, out)
    drawn = driver.execute_script("return nodes.get().map(function (n) { return n.kgLabel; })")
    assert "Mustafa Bali" not in drawn and len(drawn) <= 3
    assert driver.execute_script("return window.kgSearch('mustafa bali')") == []
    status = driver.find_element(By.ID, "kg-search-status").text
    assert status.startswith("Mustafa Bali (Person, in ") and "is not drawn: kg render --focus 'Mustafa Bali'" in status
    assert driver.execute_script("return window.kgFound.label") == "Mustafa Bali"
    # a drawn entity is still found and selected, by part of its name too
    first = driver.execute_script("var n = nodes.get()[0]; return {id: n.id, kgLabel: n.kgLabel};")
    assert driver.execute_script("return window.kgSearch(arguments[0])", first["kgLabel"]) == [first["id"]]
    # type-ahead: the store's entities whose name or a word of it starts with what is typed
    box = driver.find_element(By.ID, "kg-search")
    box.clear()
    box.send_keys("musta")
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not _options(driver, "#kg-search-list"):
        time.sleep(0.1)
    assert ["Mustafa Bali", "Person \u00b7 2 articles \u00b7 not drawn"] in _options(driver, "#kg-search-list") or \
        any(o[0] == "Mustafa Bali" and o[1].endswith("not drawn") for o in _options(driver, "#kg-search-list"))
    assert driver.execute_script("return window.kgSearch('Nobody Atall')") == []
    assert driver.find_element(By.ID, "kg-search-status").text == "not found"
    assert errors(driver) == []


def test_article_picker_holds_every_article_of_the_store(driver, tmp_path):
    """Issue 42: the article menu listed the drawn nodes' articles in one long list; now every article
    of the store, found by typing, and an article with no drawn entity says how to draw it."""
    from kg.builder.runner import build

    (tmp_path / "in").mkdir()
    for name, text in (("a.md", "Nadia Okafor, a spokeswoman for Oxfam, spoke in Valparaiso on Monday.\n"),
                       ("b.md", "Ahmed Ali of the Red Cross met Maria Lopez in Lima.\n"),
                       ("c.md", "Oxfam and Nadia Okafor returned to Valparaiso.\n")):
        (tmp_path / "in" / name).write_text(f"---\ntitle: Story {name}\npublished: 2024-06-0{len(name)}\n---\n{text}")
    store = tmp_path / "store"
    build([tmp_path / "in"], store, jobs=1)
    out = tmp_path / "top.html"
    with Store.open_read(store) as st:
        render(st, out, top=1)  # Oxfam or Valparaiso: in a.md and c.md
    open_page(driver, out)
    every = ["a.md", "b.md", "c.md"]
    assert sorted(o[0] for o in _options(driver, "#kg-source-list")) == every
    drawn = set(driver.execute_script(
        "return [].concat.apply([], nodes.get().map(function (n) { return n.kgSources; }))"))
    other = next(s for s in every if s not in drawn)
    assert other == "b.md"
    box = driver.find_element(By.ID, "kg-source")
    box.send_keys("story b")  # typing narrows the menu
    assert _options(driver, "#kg-source-list") == [["b.md", "2024-06-04 \u00b7 Story b.md"]]
    driver.execute_script("var s = document.getElementById('kg-source'); s.value = arguments[0];"
                          "s.dispatchEvent(new Event('change'));", other)
    assert driver.execute_script("return window.kgShown") == 0
    assert driver.find_element(By.ID, "kg-source-status").text == (
        f"none of the drawn entities is in this article: kg render --source {other} draws its entities")
    driver.execute_script("var s = document.getElementById('kg-source'); s.value = '';"
                          "s.dispatchEvent(new Event('change'));")
    assert driver.execute_script("return window.kgShown") == driver.execute_script("return nodes.length")


def test_community_colours_have_a_legend(driver, seeds_page):
    open_page(driver, seeds_page[0])
    driver.execute_script("var s = document.getElementById('kg-colour'); s.value = 'community';"
                          "s.dispatchEvent(new Event('change'));")
    items = driver.execute_script("return Array.prototype.map.call("
                                  "document.querySelectorAll('#kg-legend .kg-community'),"
                                  " function (i) { return [i.textContent.trim(), i.firstChild.style.background]; })")
    groups = driver.execute_script("var g = {}; nodes.get().forEach(function (n) {"
                                   " g[n.kgCommunity] = (g[n.kgCommunity] || 0) + 1; }); return g;")
    assert len(items) == min(12, len(groups)) > 1
    sizes = sorted(groups.values(), reverse=True)[:12]
    assert [int(text.rsplit("(", 1)[1].rstrip(")")) for text, _ in items] == sizes  # largest first
    # each colour is the colour of its community's nodes, named by one of them
    for text, colour in items:
        name = text.rsplit(" (", 1)[0]
        node = driver.execute_script("var name = arguments[0];"
                                     "return nodes.get().filter(function (n) { return n.kgLabel === name; })[0]"
                                     ".kgCommunityColour", name)
        assert colour == driver.execute_script(
            "var d = document.createElement('div'); d.style.background = arguments[0];"
            "return d.style.background;", node)
    driver.execute_script("var s = document.getElementById('kg-colour'); s.value = 'type';"
                          "s.dispatchEvent(new Event('change'));")
    assert driver.find_elements(By.CSS_SELECTOR, "#kg-legend .kg-community") == []


def test_filters_by_type_article_and_date(driver, seeds_page, seeds_store):
    open_page(driver, seeds_page[0])
    with Store.open_read(seeds_store) as st:
        g = to_networkx(st)
    people = sum(1 for _, d in g.nodes(data=True) if d["type"] == "Person")
    driver.find_element(By.CSS_SELECTOR, ".kg-type[value=Person]").click()
    assert driver.execute_script("return window.kgShown") == len(g) - people
    hidden = driver.execute_script("return nodes.get({filter: function (n) { return n.hidden; }}).length")
    assert hidden == people
    driver.find_element(By.CSS_SELECTOR, ".kg-type[value=Person]").click()
    source = "003_877df361cf5ac634.txt"
    driver.execute_script(f"var s = document.getElementById('kg-source'); s.value = '{source}';"
                          "s.dispatchEvent(new Event('change'));")
    assert driver.execute_script("return window.kgShown") == sum(1 for _, d in g.nodes(data=True)
                                                                 if source in d["sources"])
    driver.execute_script("var s = document.getElementById('kg-source'); s.value = '';"
                          "s.dispatchEvent(new Event('change'));"
                          "var a = document.getElementById('kg-since'); a.value = '2019-03-06';"
                          "a.dispatchEvent(new Event('change'));")
    assert driver.execute_script("return window.kgShown") == sum(
        1 for _, d in g.nodes(data=True) if any(x >= "2019-03-06" for x in d["dates"]))


def test_community_colouring_switch(driver, seeds_page):
    open_page(driver, seeds_page[0])
    driver.execute_script("var s = document.getElementById('kg-colour'); s.value = 'community';"
                          "s.dispatchEvent(new Event('change'));")
    same = driver.execute_script(
        "return nodes.get().every(function (n) { return (n.color.background || n.color) === n.kgCommunityColour; })")
    groups = driver.execute_script(
        "return new Set(nodes.get().map(function (n) { return n.kgCommunity; })).size")
    assert same and groups > 1


def _ids(driver) -> dict[str, str]:
    """The seeds view's nodes: label -> id (the entity's IRI)."""
    return driver.execute_script("var o = {}; nodes.get().forEach(function (n) { o[n.kgLabel] = n.id; }); return o;")


def _click(driver, node_id: str, *, right: bool = False) -> None:
    """A real mouse click (or right-click) on a node's dot, which nothing covers."""
    canvas = driver.find_element(By.CSS_SELECTOR, "#mynetwork canvas")
    x, y = driver.execute_script(
        "var p = network.canvasToDOM(network.getPosition(arguments[0])); return [p.x, p.y];", node_id)
    on = driver.execute_script("var r = arguments[0].getBoundingClientRect();"
                               "return document.elementFromPoint(r.left + arguments[1], r.top + arguments[2]).tagName;",
                               canvas, x, y)
    assert on == "CANVAS", f"{node_id} is covered by a {on}"
    move = ActionChains(driver).move_to_element_with_offset(
        canvas, int(x - canvas.size["width"] / 2), int(y - canvas.size["height"] / 2))
    (move.context_click() if right else move.click()).perform()


def _panel(driver) -> list[str]:
    return driver.execute_script("return Array.prototype.map.call("
                                 "document.querySelectorAll('#kg-corrections-list code'),"
                                 " function (c) { return c.textContent; })")


def test_node_menu_writes_the_curation_commands(driver, seeds_page, seeds_store, tmp_path):
    open_page(driver, seeds_page[0])
    store = str(Path(seeds_store).resolve())
    ids = _ids(driver)
    bali = ids["Mustafa Bali"]
    assert bali == "https://w3id.org/kg-news/id/person/mustafa-bali"  # a node's id is its entity's full IRI
    assert not driver.find_element(By.ID, "kg-menu").is_displayed()
    assert not driver.find_element(By.ID, "kg-corrections").is_displayed()
    # a click on a node opens its menu: the entity, its IRI, the corrections; its own type is no choice
    _click(driver, bali)
    menu = driver.find_element(By.ID, "kg-menu")
    assert menu.is_displayed() and "Mustafa Bali (Person)" in menu.text and bali in menu.text
    for action in ("Merge into\u2026", "Relabel\u2026", "Reject", "Person", "Organisation", "Place"):
        assert action in menu.text
    assert not menu.find_element(By.CSS_SELECTOR, ".kg-menu-retype[value=Person]").is_enabled()
    menu.find_element(By.CSS_SELECTOR, ".kg-menu-retype[value=Organisation]").click()
    assert not menu.is_displayed()
    retype = shlex.join(["kg", "retype", bali, "Organisation", "--store", store])
    assert _panel(driver) == [retype]
    assert driver.find_element(By.ID, "kg-corrections").is_displayed()
    assert driver.find_element(By.ID, "kg-corrections-toggle").text == "Corrections (1)"
    # a right-click opens the menu too; "Merge into..." then a click on the entity to keep
    baghouz, syria = ids["Baghouz"], ids["Syria"]
    _click(driver, baghouz, right=True)
    assert "Baghouz (Place)" in menu.text
    menu.find_element(By.CSS_SELECTOR, ".kg-menu-merge").click()
    assert "Merge Baghouz into" in menu.text
    _click(driver, syria)
    merge = shlex.join(["kg", "merge", syria, baghouz, "--store", store])  # KEEP OTHER: the clicked one merged away
    assert _panel(driver) == [retype, merge]
    assert driver.execute_script("return network.getSelectedNodes()") == [syria]
    # the merge target from the menu's list; Escape cancels
    driver.execute_script("window.kgMenu(arguments[0])", ids["Syrian Democratic Forces"])
    menu.find_element(By.CSS_SELECTOR, ".kg-menu-merge").click()
    targets = [t.text for t in menu.find_elements(By.CSS_SELECTOR, ".kg-menu-target option")]
    assert len(targets) == 45 and "Syrian Democratic Forces (Organisation)" not in targets  # 44 others, a prompt
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    assert not menu.is_displayed() and len(_panel(driver)) == 2
    # relabel (a label with a quote, shell-quoted) and reject, with a note
    _click(driver, bali)
    menu.find_element(By.CSS_SELECTOR, ".kg-menu-note").send_keys("SDF's spokesman")
    menu.find_element(By.CSS_SELECTOR, ".kg-menu-relabel").click()
    label = menu.find_element(By.CSS_SELECTOR, ".kg-menu-label")
    assert label.get_attribute("value") == "Mustafa Bali"
    label.clear()
    label.send_keys("Mustafa Bali (SDF's)", Keys.ENTER)
    relabel = shlex.join(["kg", "relabel", bali, "Mustafa Bali (SDF's)", "--store", store, "--note", "SDF's spokesman"])
    islamic_state = ids["Islamic State"]
    _click(driver, islamic_state)
    menu.find_element(By.CSS_SELECTOR, ".kg-menu-reject").click()
    reject = shlex.join(["kg", "reject", islamic_state, "--store", store])
    assert _panel(driver) == [retype, merge, relabel, reject]
    assert shlex.split(relabel)[3] == "Mustafa Bali (SDF's)"  # a shell reads back what was typed
    # "Download as kg-corrections.sh": a script of those lines, made in the page (a Blob)
    script = _download_corrections(driver, tmp_path)
    text = script.read_text(encoding="utf-8")
    assert text.startswith("#!/bin/sh\n")
    assert [line for line in text.splitlines() if line.startswith("kg ")] == [retype, merge, relabel, reject]
    assert driver.execute_script("return document.querySelectorAll('a[href^=\"http\"]').length") == 0
    driver.find_element(By.ID, "kg-corrections-copy").click()
    deadline = time.monotonic() + 5
    while not driver.find_element(By.ID, "kg-corrections-status").text and time.monotonic() < deadline:
        time.sleep(0.1)
    assert driver.find_element(By.ID, "kg-corrections-status").text == "copied"
    # removing a line, and the filters and search still work with the menu there
    driver.find_elements(By.CSS_SELECTOR, "#kg-corrections-list button")[1].click()
    assert _panel(driver) == [retype, relabel, reject]
    assert driver.execute_script("return window.kgSearch('Baghouz')") == [baghouz]
    assert errors(driver) == []


def _download_corrections(driver, tmp_path: Path) -> Path:
    """Click "Download as kg-corrections.sh" and wait for the file (a Blob made in the page)."""
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.find_element(By.ID, "kg-corrections-download").click()
    script = downloads / "kg-corrections.sh"
    deadline = time.monotonic() + 10
    while not script.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    return script


def test_the_downloaded_corrections_apply_to_the_store(driver, store_copy, tmp_path):
    """The page's script, run as it is, makes the corrections with kg's commands."""
    import subprocess
    import sys

    import kg

    out = tmp_path / "graph.html"
    with Store.open_read(store_copy) as st:
        render(st, out)
    open_page(driver, out)
    ids = _ids(driver)
    driver.execute_script("window.kgMenu(arguments[0])", ids["Mustafa Bali"])
    driver.find_element(By.CSS_SELECTOR, "#kg-menu .kg-menu-note").send_keys("SDF's spokesman, as a test")
    driver.find_element(By.CSS_SELECTOR, "#kg-menu .kg-menu-retype[value=Organisation]").click()
    driver.execute_script("window.kgMenu(arguments[0])", ids["Baghouz"])
    driver.find_element(By.CSS_SELECTOR, "#kg-menu .kg-menu-merge").click()
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element(By.CSS_SELECTOR, "#kg-menu .kg-menu-target")).select_by_visible_text("Syria (Place)")
    script = _download_corrections(driver, tmp_path)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("KG_STORE", None)
    done = subprocess.run(["sh", str(script)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    with kg.open(store_copy) as g:
        listed = [(r["action"], r["note"] or "") for r in g.curation()]
        people = {r["entity"] for r in g.top("Person", limit=None)}
        entities = {r["entity"] for r in g.top(limit=None)}
    assert listed == [("retype", "SDF's spokesman, as a test"), ("merge", "")]
    assert ids["Mustafa Bali"] in entities and ids["Mustafa Bali"] not in people  # an Organisation now
    assert ids["Syria"] in entities and ids["Baghouz"] not in entities  # merged into Syria


def test_correction_commands_without_a_store_have_no_store_option(driver, seeds_store, tmp_path):
    from kg.views.html import render_graph

    with Store.open_read(seeds_store) as st:
        g = to_networkx(st)
    out = tmp_path / "bare.html"
    render_graph(g, out)
    open_page(driver, out)
    bali = "https://w3id.org/kg-news/id/person/mustafa-bali"
    driver.execute_script("window.kgMenu(arguments[0])", bali)
    driver.find_element(By.CSS_SELECTOR, "#kg-menu .kg-menu-reject").click()
    assert _panel(driver) == [f"kg reject {bali}"]
    # the entity to keep chosen from the merge menu's list
    from selenium.webdriver.support.ui import Select

    driver.execute_script("window.kgMenu(arguments[0])", bali)
    driver.find_element(By.CSS_SELECTOR, "#kg-menu .kg-menu-merge").click()
    Select(driver.find_element(By.CSS_SELECTOR, "#kg-menu .kg-menu-target")).select_by_visible_text(
        "Syrian Democratic Forces (Organisation)")
    sdf = "https://w3id.org/kg-news/id/organisation/syrian-democratic-forces"
    assert _panel(driver) == [f"kg reject {bali}", f"kg merge {sdf} {bali}"]
    assert not driver.find_element(By.ID, "kg-menu").is_displayed()


def _hover(driver, node_id: str) -> str:
    """Move the mouse onto a node and return its tooltip's text (vis shows it after a pause)."""
    canvas = driver.find_element(By.CSS_SELECTOR, "#mynetwork canvas")
    # show this node alone, so no neighbour lies over it
    driver.execute_script("network.stopSimulation(); var id = arguments[0];"
                          "nodes.update(nodes.get().map(function (n) { return {id: n.id, hidden: n.id !== id}; }));"
                          "network.fit({animation: false});", node_id)
    w, h = canvas.size["width"], canvas.size["height"]
    for dx, dy in ((0, 0), (0, 5), (5, 0), (0, -5), (-5, 0), (0, 8)):
        x, y = driver.execute_script(
            "var p = network.canvasToDOM(network.getPosition(arguments[0])); return [p.x, p.y];", node_id)
        ActionChains(driver).move_to_element_with_offset(canvas, int(-w / 2 + 3), int(-h / 2 + 3)).pause(0.2) \
            .move_to_element_with_offset(canvas, int(x - w / 2 + dx), int(y - h / 2 + dy)).pause(0.1) \
            .move_by_offset(1, 1).perform()
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            tip = driver.execute_script(
                "var t = document.querySelector('div.vis-tooltip');"
                "return t && t.style.visibility !== 'hidden' ? [t.textContent, Array.prototype.map.call("
                "t.querySelectorAll('*'), function (c) { return c.tagName; })] : null;")
            if tip and (node_id == "urn:evil:p") == ("<img src=x onerror=window.__xss=4" in tip[0]):
                assert tip[1] == ["DIV"]  # kg's text container only, no elements from the data
                return tip[0]
            time.sleep(0.1)
    raise TimeoutError("no tooltip")


def assert_nothing_ran(driver) -> None:
    try:
        alert = driver.switch_to.alert
        text = alert.text
        alert.dismiss()
        raise AssertionError(f"a payload opened an alert: {text}")
    except NoAlertPresentException:
        pass
    assert driver.execute_script("return window.__xss") is None
    assert driver.execute_script("return document.querySelectorAll('img, svg[onload], iframe').length") == 0
    scripts = driver.execute_script("return Array.prototype.map.call(document.scripts, function (s) {"
                                    " return s.textContent.indexOf('__xss') >= 0 && s.type !== 'application/json'"
                                    " && !/DataSet|kg-config|Plotly\\.newPlot/.test(s.textContent); })")
    assert not any(scripts)


def test_injected_payloads_do_not_run(driver, tmp_path):
    from kg.builder.runner import build
    from kg.rdf.load import load

    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "payload.txt").write_text(PAYLOAD_ARTICLE)
    store = tmp_path / "store"
    report = build([tmp_path / "in"], store)
    assert report.added == ["payload.txt"]
    (tmp_path / "evil.nq").write_text(EVIL_QUADS)
    with Store(store) as st:
        load(st, tmp_path / "evil.nq")
    out = tmp_path / "graph.html"
    with Store.open_read(store) as st:
        render(st, out)
        g = to_networkx(st)
    assert "urn:evil:p" in g
    open_page(driver, out)
    assert_nothing_ran(driver)
    assert errors(driver) == []
    text = _hover(driver, "urn:evil:p")
    assert EVIL in text and "</script><script>window.__xss=7</script>" in text  # shown as text
    ahmed = next(n for n, d in g.nodes(data=True) if d["label"] == "Ahmed Ali")
    text = _hover(driver, ahmed)
    assert "<script>window.__xss=1;alert(1)</script>" in text
    assert driver.execute_script("return window.kgSearch(arguments[0])", EVIL) == ["urn:evil:p"]
    assert EVIL in driver.find_element(By.ID, "kg-search-status").text
    assert "evil <script>" in driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('#kg-source-list option'),"
        " function (o) { return o.textContent; }).join('|')")
    assert_nothing_ran(driver)
    driver.execute_script("window.kgMenu('urn:evil:p')")  # the correction menu shows the label as text ...
    assert EVIL in driver.find_element(By.ID, "kg-menu").text
    driver.find_element(By.CSS_SELECTOR, "#kg-menu .kg-menu-relabel").click()
    driver.find_element(By.CSS_SELECTOR, "#kg-menu .kg-menu-label").send_keys("'; touch x; '", Keys.ENTER)
    relabel = driver.find_element(By.CSS_SELECTOR, "#kg-corrections-list code").text
    assert shlex.split(relabel)[:4] == ["kg", "relabel", "urn:evil:p", "'; touch x; '"]  # ... quoted
    assert_nothing_ran(driver)
    timeline = tmp_path / "timeline.html"
    with Store.open_read(store) as st:
        render_timeline(st, timeline)
    open_page(driver, timeline, "document.readyState === 'complete'")
    assert_nothing_ran(driver)
    assert "<img src=x" in driver.find_element(By.ID, "timeline-table").text


TIMELINE_READY = "window.kgTimelineReady === true"


def test_timeline_page_shows_the_dated_counts(driver, seeds_store, tmp_path):
    out = tmp_path / "timeline.html"
    with Store.open_read(seeds_store) as st:
        n = render_timeline(st, out)
    open_page(driver, out, TIMELINE_READY)
    assert errors(driver) == []
    rows = driver.execute_script("return document.querySelectorAll('#timeline-table tr.count').length")
    charted = driver.execute_script("return document.querySelectorAll('#timeline-points circle.point').length")
    assert driver.execute_script("return window.kgTimeline.rows.length") == n > 10
    assert rows == min(n, 50) and 5 < charted <= n
    assert "2019-03-04" in driver.find_element(By.ID, "timeline-table").text


def test_timeline_has_a_panel_per_kind_of_quantity_and_a_legend(driver, seeds_store, tmp_path):
    out = tmp_path / "timeline.html"
    with Store.open_read(seeds_store) as st:
        render_timeline(st, out)
    open_page(driver, out, TIMELINE_READY)
    titles = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('.panel-title'),"
                                   " function (t) { return t.textContent; })")
    assert [t.split(":")[0] for t in titles] == ["People", "Money", "Other quantities"]  # dollars apart from people
    assert titles[1] == "Money: 2 counts, 2014 to 2016"  # the dates as written
    # event types in distinct colours in the legend, and no event in grey
    legend = driver.execute_script("return Array.prototype.map.call("
                                   "document.querySelectorAll('#timeline-legend .item'),"
                                   " function (i) { return [i.textContent, i.firstChild.style.background]; })")
    by_event = dict(legend)
    assert len(set(by_event.values())) == len(by_event) > 2 and by_event["no event"] == "rgb(153, 153, 153)"
    # dates do not wrap, however narrow the window, and the chart follows the window's width
    driver.set_window_size(700, 900)
    lines = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('td.date'),"
                                  " function (t) { var r = document.createRange(); r.selectNodeContents(t);"
                                  " return r.getClientRects().length; })")
    assert set(lines) == {1}  # one line box per date: "2019-03-02" never breaks
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:  # redrawn shortly after a resize
        width = driver.execute_script("return document.getElementById('timeline-bars').getBoundingClientRect().width")
        if width < 700:
            break
        time.sleep(0.2)
    assert width < 700
    driver.set_window_size(1400, 1000)
    # a click on a point shows its row and the sentence under it
    point = driver.find_element(By.CSS_SELECTOR, "#timeline-points circle.point")
    row = point.get_attribute("data-row")
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click'))", point)
    shown = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('tr.shown'),"
                                  " function (t) { return t.id; })")
    assert shown == [f"row-{row}", f"sentence-{row}"]


def _many_counts(n: int) -> tuple[list[dict[str, str]], dict[str, str]]:
    """Counts of 200 articles over three years, four events, 30 places, three outlets."""
    rows = [{"date": f"{2017 + i % 3}-{1 + i % 12:02d}-{1 + (i * 7) % 28:02d}",
             "event": ["Evacuation", "Killing", "Flight", ""][i % 4], "value": str(5 + i), "upper": "",
             "qualifier": "exact", "what": "people", "place": f"Town {i % 30}", "source": f"a{i % 200:03d}.txt",
             "sentence": f"Officials said {5 + i} people left Town {i % 30}."} for i in range(n)]
    rows.sort(key=lambda r: r["date"])
    return rows, {f"a{i:03d}.txt": ["Reuters", "AP", "AFP"][i % 3] for i in range(200)}


def _select(driver, which: str, text: str) -> None:
    """Choose the option of a filter whose text starts with ``text`` ("": all)."""
    driver.execute_script(
        "var s = document.getElementById('timeline-' + arguments[0]), text = arguments[1];"
        "var o = Array.prototype.filter.call(s.options, function (o) {"
        "  return text === '' ? o.value === '' : o.textContent.indexOf(text) === 0; })[0];"
        "s.value = o.value; s.dispatchEvent(new Event('change'));", which, text)


def test_a_big_timeline_aggregates_by_month_drills_down_filters_and_pages(driver, tmp_path):
    """Issue 42: 16,706 dots on one page; now bars per month, the points of one month on a click,
    filters by place, outlet and event, and the table a page at a time."""
    from kg.views.timeline import page

    rows, outlet = _many_counts(4000)
    out = tmp_path / "timeline.html"
    out.write_text(page(rows, outlet=outlet), encoding="utf-8")
    open_page(driver, out, TIMELINE_READY)
    assert errors(driver) == []
    months = sorted({r["date"][:7] for r in rows})
    periods = driver.execute_script("return Array.prototype.map.call("
                                    "document.querySelectorAll('#timeline-chart g.period'),"
                                    " function (g) { return g.getAttribute('data-period'); })")
    assert periods == months and driver.execute_script("return window.kgTimeline.points") == 0  # too many: bars
    assert driver.execute_script("return document.querySelectorAll('#timeline-table tr.count').length") == 50
    # a click on May 2018 drills down to its counts, as points and rows
    driver.execute_script("document.querySelector('g.period[data-period=\"2018-05\"]')"
                          ".dispatchEvent(new MouseEvent('click'))")
    may = [i for i, r in enumerate(rows) if r["date"].startswith("2018-05")]
    assert driver.execute_script("return window.kgTimeline.rows") == may
    assert driver.execute_script("return document.querySelectorAll('#timeline-points circle.point').length") == len(may)
    assert "in 2018-05" in driver.find_element(By.ID, "timeline-status").text
    driver.find_element(By.ID, "timeline-all").click()
    # filters: place, outlet, event, together
    _select(driver, "place", "Town 7 ")
    assert driver.execute_script("return window.kgTimeline.rows") == [
        i for i, r in enumerate(rows) if r["place"] == "Town 7"]
    _select(driver, "outlet", "AP ")
    _select(driver, "event", "Killing ")
    expected = [i for i, r in enumerate(rows) if r["place"] == "Town 7" and outlet[r["source"]] == "AP"
                and r["event"] == "Killing"]
    assert expected and driver.execute_script("return window.kgTimeline.rows") == expected
    table = driver.find_element(By.ID, "timeline-table").text
    assert "Town 7" in table and "AP \u00b7 a" in table and "Town 8" not in table
    for which in ("place", "outlet", "event"):
        _select(driver, which, "")
    # the table a page at a time
    assert driver.find_element(By.ID, "timeline-page").text == "rows 1\u201350 of 4000 (page 1 of 80)"
    driver.find_element(By.ID, "timeline-next").click()
    assert driver.find_element(By.ID, "timeline-page").text.startswith("rows 51\u2013100 of 4000")
    first = driver.find_element(By.CSS_SELECTOR, "#timeline-table tr.count").get_attribute("id")
    assert first == "row-50"
    driver.execute_script("window.kgShowRow(1234)")  # a row on another page: its page is shown
    assert driver.find_element(By.ID, "timeline-page").text.startswith("rows 1201\u20131250")
    assert driver.execute_script("return document.querySelector('tr.shown').id") == "row-1234"


def test_big_graph_gets_a_precomputed_layout_and_no_physics(driver, tmp_path):
    import networkx as nx

    from kg.views.html import render_graph

    base = nx.barabasi_albert_graph(1200, 2, seed=1)
    g = nx.MultiGraph()
    for n in base:
        g.add_node(str(n), label=f"Entity {n}", type=["Person", "Place", "Organisation"][n % 3], aliases=set(),
                   evidence=[("A sentence.", "a.txt")], sources={"a.txt"}, dates={"2020-01-01"})
    for a, b in base.edges():
        g.add_edge(str(a), str(b), key="mentioned with", label="mentioned with", source="a.txt", sentence="x")
    out = tmp_path / "big.html"
    render_graph(g, out)
    t0 = time.monotonic()
    open_page(driver, out)
    assert time.monotonic() - t0 < 20
    assert driver.execute_script("return network.physics.options.enabled") is False
    assert driver.execute_script("return network.body.data.nodes.length") == 1200


def test_a_packed_timeline_shows_what_the_plain_one_shows(driver, tmp_path):
    """Issue 42: at 10,000 articles the timeline's JSON is 10.9 MB; a big page holds it gzipped
    in base64 (a quarter the size) and unpacks it in the browser: the same rows, sentences and
    points as the page with plain JSON."""
    from kg.views.timeline import page

    rows, outlet = _many_counts(600)
    seen = []
    for name, pack_over in (("plain", 10**9), ("packed", 0)):
        out = tmp_path / f"{name}.html"
        text = page(rows, outlet=outlet, pack_over=pack_over)
        assert ('data-encoding="gzip-base64"' in text) == (name == "packed")
        out.write_text(text, encoding="utf-8")
        open_page(driver, out, TIMELINE_READY)
        assert errors(driver) == []
        driver.execute_script("window.kgShowRow(599)")  # the last count, with its sentence
        seen.append((driver.execute_script("return window.kgTimeline.rows"),
                     driver.find_element(By.ID, "timeline-table").text,
                     driver.execute_script("return document.querySelectorAll('#timeline-chart g.period').length")))
    assert seen[0] == seen[1]
    assert rows[599]["sentence"] in seen[1][1]
