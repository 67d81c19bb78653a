"""kg claims: counts of the same happening across articles grouped into claims, figures compared,
statements side by side; on hand-written rows, on the seeds store, through the CLI and in Chromium."""

from __future__ import annotations

import csv
import io
import json
import math
import os
import time
from datetime import date

import pytest
from click.testing import CliRunner

from kg.claims import (
    Comparison,
    Source,
    compare_store,
    disputed_figures,
    group_counts,
    group_statements,
    interval,
    same_what,
)
from kg.claims.output import CSV_COLUMNS
from kg.claims.store import COUNT_COLUMNS, named_rows
from kg.cli.claims import claims as claims_command
from kg.errors import OutputError
from kg.store import Store
from kg.views.claims import claims_view, page
from tests import browser

INF = math.inf


def count(source: str, value: float | None, qualifier: str = "exact", *, upper: float | None = None,
          what: str = "people", event: str = "Evacuation", date: str = "", place: str = "Baghouz",
          sentence: str | None = None) -> dict[str, object]:
    """A row of the counts query, as kg.open(...).query gives it."""
    return {"value": value, "upper": upper, "qualifier": qualifier, "what": what, "event": event, "date": date,
            "place": place, "source": source, "sentence": sentence or f"{source}: {qualifier} {value} {what}."}


def statement(source: str, speaker: str, quote: str, sentence: str | None = None) -> dict[str, str]:
    return {"speaker": f"https://w3id.org/kg-news/id/person/{speaker.lower().replace(' ', '-')}" if speaker else "",
            "speakerLabel": speaker or "the company", "quote": quote, "source": source,
            "sentence": sentence or quote}


# ------------------------------------------------------------------------------------ figures
@pytest.mark.parametrize(("value", "upper", "qualifier", "expected"), [
    (500, None, "exact", (500, 500)),
    (500, None, "more than", (500, INF)),
    (75, None, "at least", (75, INF)),
    (3000, None, "about", (2700, 3300)),
    (20000, 30000, "between", (20000, 30000)),
    (1.9e9, None, "up to", (0, 1.9e9)),
    (50, None, "less than", (0, 50)),
    (None, None, "vague", (0, INF)),  # "hundreds of people": no number, nothing to contradict
])
def test_interval_of_each_qualifier(value, upper, qualifier, expected):
    assert interval(value, upper, qualifier) == pytest.approx(expected)


def test_tolerance_and_ceiling():
    assert interval(3000, None, "about", tolerance=0.25) == pytest.approx((2250, 3750))
    assert interval(500, None, "more than", ceiling=2) == (500, 1000)


@pytest.mark.parametrize(("a", "b", "same"), [
    ("people", "People", True),
    ("ISIS fighters", "ISIL fighters", True),  # same head noun
    ("fighters", "ISIS fighter", True),
    ("more people", "people", True),
    ("children", "child", True),  # irregular plural
    ("civilians", "people", False),
    ("cars", "people", False),
    ("ISIS membership", "ISIS", True),  # one inside the other
    ("", "people", False),
])
def test_same_what(a, b, same):
    assert same_what(a, b) is same and same_what(b, a) is same


# ----------------------------------------------------------------------------------- grouping
def test_overlapping_figures_make_one_claim_that_agrees():
    [claim] = group_counts([count("a.txt", 500, "about"), count("b.txt", 520, "exact")])
    assert claim.sources == ["a.txt", "b.txt"] and claim.event == "Evacuation" and claim.place == "Baghouz"
    assert not claim.disputed and not any(f.disputed for f in claim.figures)


def test_disjoint_figures_are_disputed_and_marked():
    [claim] = group_counts([count("a.txt", 3500), count("b.txt", 3000, "about"), count("c.txt", 3400, "about")])
    assert claim.disputed
    marked = {f.source: f.disputed for f in claim.figures}
    # 3,500 is outside "about 3,000" (2,700-3,300); "about 3,400" (3,060-3,740) overlaps both
    assert marked == {"a.txt": True, "b.txt": True, "c.txt": False}


def test_more_than_500_and_about_3000_overlap_unless_a_ceiling_is_set():
    rows = [count("a.txt", 500, "more than"), count("b.txt", 3000, "about")]
    assert not group_counts(rows)[0].disputed  # (500, inf) and (2,700, 3,300) overlap
    assert group_counts(rows, ceiling=2)[0].disputed  # (500, 1,000) does not
    assert group_counts([count("a.txt", 5000, "more than"), count("b.txt", 3000, "about")])[0].disputed


def test_figures_of_one_article_never_dispute_each_other():
    rows = [count("a.txt", 20000, what="people", event="Sheltering", place=""),
            count("a.txt", 66000, "more than", event="Sheltering", place=""),
            count("b.txt", None, "vague", event="Sheltering", place="al-Hol")]
    [claim] = group_counts(rows)
    assert not claim.disputed and not any(f.disputed for f in claim.figures)
    rows[2] = count("b.txt", 70000, "about", event="Sheltering", place="al-Hol")
    [claim] = group_counts(rows)
    assert claim.disputed and [f.disputed for f in claim.figures] == [True, False, True]


@pytest.mark.parametrize(("b", "grouped"), [
    ({"event": "Surrender"}, False),  # another event
    ({"place": "Raqqa"}, False),  # another place
    ({"place": ""}, True),  # no place: fits any
    ({"what": "civilians"}, False),  # something else counted
    ({"what": "more people"}, True),
    ({"date": "2019-03-10"}, True),  # 6 days after
    ({"date": "2019-03-12"}, False),  # 8 days after
    ({"date": "2019-03"}, True),  # the month holds the day
    ({"date": ""}, True),  # undated, publication date unknown: fits
])
def test_what_makes_two_counts_one_happening(b, grouped):
    a = count("a.txt", 100, date="2019-03-04")
    assert len(group_counts([a, count("b.txt", 100, **{"date": "2019-03-04", **b})])) == (1 if grouped else 0)


def test_the_window_is_a_parameter():
    rows = [count("a.txt", 100, date="2019-03-04"), count("b.txt", 100, date="2019-03-12")]
    assert group_counts(rows) == [] and len(group_counts(rows, window_days=8)) == 1


def test_an_undated_count_is_dated_by_its_article():
    rows = [count("a.txt", 100, date="2019-03-04"), count("b.txt", 100)]
    near = {"b.txt": Source("b.txt", "AP", date(2019, 3, 5))}
    far = [Source("b.txt", "AP", date(2019, 4, 5))]
    [claim] = group_counts(rows, sources=near)
    assert [f.outlet for f in claim.figures] == ["", "AP"] and claim.figures[1].published == "2019-03-05"
    assert group_counts(rows, sources=far) == []


def test_counts_with_no_event_need_the_same_place():
    assert len(group_counts([count("a.txt", 5, event=""), count("b.txt", 5, event="")])) == 1
    assert group_counts([count("a.txt", 5, event="", place=""), count("b.txt", 5, event="", place="")]) == []
    assert group_counts([count("a.txt", 5, event=""), count("b.txt", 5)]) == []


def test_one_article_is_no_claim_and_no_chain_drifts():
    assert group_counts([count("a.txt", 1), count("a.txt", 2)]) == []
    # b is within 7 days of a and of c, but a and c are 12 days apart: not one happening
    rows = [count("a.txt", 1, date="2019-03-01"), count("b.txt", 1, date="2019-03-07"),
            count("c.txt", 1, date="2019-03-13")]
    [claim] = group_counts(rows)
    assert claim.sources == ["a.txt", "b.txt"] and (claim.first, claim.last) == ("2019-03-01", "2019-03-07")


def test_plain_string_rows_as_in_csv_give_the_same_claims():
    typed = [count("a.txt", 3500.0), count("b.txt", 3000.0, "about", date="2019-03-04")]
    plain = [{k: "" if v is None else str(v) for k, v in r.items()} for r in typed]
    assert [c.to_dict() for c in group_counts(typed)] == [c.to_dict() for c in group_counts(plain)]


def test_bad_values_are_left_without_a_number_not_an_error():
    rows = [count("a.txt", "x"), count("b.txt", "1e400"), count("c.txt", 10, date="2019-02-30"),
            count("d.txt", 10, what="")]
    [claim] = group_counts(rows)
    assert claim.sources == ["a.txt", "b.txt", "c.txt"]  # d counts nothing to compare
    assert [f.amount for f in claim.figures] == ["exact", "exact", "10"] and not claim.disputed


def test_a_figure_names_the_speaker_of_its_sentence():
    said = "Bali said 3,500 people left."
    rows = [count("a.txt", 3500, sentence=said), count("b.txt", 3000, "about")]
    [claim] = group_counts(rows, statements=[statement("a.txt", "Mustafa Bali", "3,500 people left", said)])
    assert [f.speaker for f in claim.figures] == ["Mustafa Bali", ""]


# --------------------------------------------------------------------------------- statements
def test_statements_in_the_sentences_of_one_claim_are_grouped_by_speaker():
    s1, s2 = "Bali said 3,500 people left.", "Bali said about 3,000 people came out."
    claims = group_counts([count("a.txt", 3500, sentence=s1), count("b.txt", 3000, "about", sentence=s2)])
    rows = [statement("a.txt", "Mustafa Bali", "3,500 people left", s1),
            statement("b.txt", "Mustafa Bali", "about 3,000 people came out", s2),
            statement("b.txt", "Kino Gabriel", "the operation is over")]
    [group] = group_statements(rows, claims)
    assert (group.id, group.speaker_label, group.claim, group.sources) == ("s1", "Mustafa Bali", "c1",
                                                                         ["a.txt", "b.txt"])


def test_statements_sharing_words_are_grouped_and_others_are_not():
    rows = [statement("a.txt", "Kino Gabriel", "The operation is over, or as good as over"),
            statement("b.txt", "Kino Gabriel", "the operation is as good as over, he told al-Hadath TV"),
            statement("c.txt", "Kino Gabriel", "civilians are still leaving the enclave"),
            statement("d.txt", "Mustafa Bali", "the operation is as good as over"),
            statement("e.txt", "", "the operation is as good as over")]  # no entity: left out
    [group] = group_statements(rows)
    assert (group.speaker_label, group.claim, group.sources) == ("Kino Gabriel", "", ["a.txt", "b.txt"])
    assert group_statements(rows, min_overlap=0.9) == []


# ------------------------------------------------------------------------------------ the seeds
@pytest.fixture(scope="module")
def seeds_claims(seeds_store):
    return compare_store(seeds_store)


def test_seeds_give_claims_with_several_sources(seeds_claims):
    claims = seeds_claims.claims
    assert claims and all(len(c.sources) >= 2 for c in claims)
    by = {(c.event, c.place): c for c in claims}
    evacuation = by["Evacuation", "Baghouz"]  # CNN: 3,500 people evacuated; ITV: about 3,000 came out
    amounts = {f.outlet: f.amount for f in evacuation.figures}
    assert amounts["CNN"] == "3,500" and amounts["ITV News"] == "about 3,000" and evacuation.disputed
    assert {f.speaker for f in evacuation.figures if f.outlet in ("CNN", "ITV News")} == {"Mustafa Bali"}
    assert ("Surrender", "Baghouz") in by and not by["Surrender", "Baghouz"].disputed
    # and the speaker quoted on it by both outlets
    bali = [g for g in seeds_claims.statements if g.speaker_label == "Mustafa Bali" and g.claim == evacuation.id]
    assert bali and len(bali[0].sources) == 2


def test_the_api_rows_give_the_same_claims(seeds_store):
    import kg

    with kg.open(seeds_store) as g:
        typed = group_counts(g.query("counts"), statements=g.query("statements"))
    with Store.open_read(seeds_store) as st:
        plain = group_counts(named_rows(st, "counts", COUNT_COLUMNS))
    assert [(c.event, c.sources, [f.amount for f in c.figures]) for c in typed] == \
        [(c.event, c.sources, [f.amount for f in c.figures]) for c in plain]
    assert any(f.speaker for c in typed for f in c.figures)


def test_the_timeline_rows_of_disputed_figures_can_be_found(seeds_store, seeds_claims):
    marked = disputed_figures(seeds_claims.claims)
    assert marked and all(key[0] for key in marked)
    with Store.open_read(seeds_store) as st:
        timeline = named_rows(st, "timeline", ("source", "sentence", "what"))
    with Store.open_read(seeds_store) as st:
        counts = {(r["source"], r["sentence"], r["what"]) for r in named_rows(st, "counts", COUNT_COLUMNS)}
    assert marked <= counts  # the keys of the rows a view marks
    # the AP's dated "200 more people ... expected" is in the timeline and contradicts nobody (issue 42:
    # it was marked as conflicting with CNN's 3,500)
    more = {(r["source"], r["sentence"], r["what"]) for r in timeline if r["what"] == "more people"}
    assert more and not more & marked


def test_the_notebook_view_holds_the_page(seeds_store, seeds_claims):
    with Store.open_read(seeds_store) as st:
        view = claims_view(st)
    assert view.title == "kg claims" and view.html.count('<section class="claim') == len(seeds_claims.claims)
    assert "srcdoc=" in view._repr_html_()


def test_a_query_without_the_columns_is_a_one_line_error(seeds_store):
    with Store.open_read(seeds_store) as st, pytest.raises(OutputError) as exc:
        named_rows(st, "dates", COUNT_COLUMNS)
    assert exc.value.code == "KG780" and "value" in exc.value.message


# ------------------------------------------------------------------------------------------ CLI
def run_cli(*args: str):
    return CliRunner().invoke(claims_command, list(args), catch_exceptions=False)


def test_cli_csv_lists_every_figure_and_statement(seeds_store, seeds_claims):
    r = run_cli("--store", str(seeds_store), "--format", "csv")
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader(io.StringIO(r.output)))
    assert tuple(rows[0]) == CSV_COLUMNS
    figures = [x for x in rows if x["kind"] == "count"]
    assert len(figures) == sum(len(c.figures) for c in seeds_claims.claims)
    assert {"kind": "count", "amount": "about 3,000", "outlet": "ITV News", "speaker": "Mustafa Bali",
            "disputed": "true"}.items() <= next(x for x in figures if x["amount"] == "about 3,000").items()
    assert any(x["kind"] == "statement" and x["speaker"] == "Mustafa Bali" for x in rows)


def test_cli_table_json_and_disputed(seeds_store, seeds_claims):
    table = run_cli("--store", str(seeds_store), "--format", "table").output
    assert "DISPUTED" in table and "about 3,000" in table and table.rstrip().endswith(")")
    data = json.loads(run_cli("--store", str(seeds_store), "--format", "json", "--disputed").output)
    assert data["claims"] and all(c["disputed"] for c in data["claims"])
    assert len(data["claims"]) == len(seeds_claims.disputed)
    assert all(s["claim"] in {c["id"] for c in data["claims"]} for s in data["statements"])
    wide = json.loads(run_cli("--store", str(seeds_store), "--format", "json", "--window", "0").output)
    assert len(wide["claims"]) <= len(seeds_claims.claims)


def test_an_empty_store_has_no_claims(tmp_path):
    Store(tmp_path / "empty").close()
    r = run_cli("--store", str(tmp_path / "empty"), "--format", "table")
    assert r.exit_code == 0 and r.output == "(0 claims, 0 disputed; 0 statement groups; " \
        "! marks a figure that does not overlap another article's)\n"
    r = run_cli("--store", str(tmp_path / "empty"), "--html", str(tmp_path / "empty.html"))
    assert r.exit_code == 0 and "No claim" in (tmp_path / "empty.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(("args", "code"), [
    (["--store", "{tmp}/none"], "KG201"),
    (["--html", "{tmp}/x.html", "--format", "csv"], "KG781"),
    (["--html", "{tmp}/no/such/x.html"], "KG703"),
])
def test_cli_errors_are_one_line(seeds_store, tmp_path, args, code):
    args = [a.format(tmp=tmp_path) for a in args]
    r = CliRunner().invoke(claims_command, ["--store", str(seeds_store), *args])
    assert r.exit_code == 1
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"kg: [{code}]"), r.output


def test_page_escapes_article_text():
    evil = "<script>window.__xss=1</script><img src=x onerror=alert(1)>"
    claims = group_counts([count("a.txt", 3500, sentence=evil), count(evil, 3000, "about", what=f"{evil} people")],
                          sources=[Source(evil, evil)])
    assert len(claims) == 1
    html = page(Comparison(claims, []))
    assert evil not in html and "&lt;script&gt;window.__xss=1&lt;/script&gt;" in html


# ------------------------------------------------------------------------------------ Chromium
needs_browser = pytest.mark.skipif(not browser.available() and not os.environ.get("KG_REQUIRE_BROWSER"),
                                   reason="chromium / chromium-driver not installed")


@needs_browser
def test_the_page_shows_the_seeds_claims_in_chromium(seeds_store, seeds_claims, tmp_path):
    pytest.importorskip("selenium")
    from selenium.webdriver.common.by import By

    out = tmp_path / "claims.html"
    r = run_cli("--store", str(seeds_store), "--html", str(out))
    assert r.exit_code == 0 and r.output.startswith(f"{len(seeds_claims.claims)} claims"), r.output
    evacuation = next(c for c in seeds_claims.claims if (c.event, c.place) == ("Evacuation", "Baghouz"))
    with browser.chromium() as d:
        d.get(out.as_uri())
        deadline = time.monotonic() + 30
        while not d.execute_script("return window.kgClaimsReady === true"):
            assert time.monotonic() < deadline, "the page did not load"
            time.sleep(0.1)
        assert [e for e in d.get_log("browser") if e["level"] == "SEVERE"] == []
        sections = d.find_elements(By.CSS_SELECTOR, "section.claim")
        assert len(sections) == len(seeds_claims.claims)
        box = d.find_element(By.ID, f"claim-{evacuation.id}")
        assert "disputed" in box.get_attribute("class") and box.is_displayed()
        rows = box.find_elements(By.CSS_SELECTOR, "tr.figure")
        assert len({row.get_attribute("data-source") for row in rows}) >= 2
        text = box.text
        assert "3,500" in text and "about 3,000" in text and "ITV News" in text and "Mustafa Bali" in text
        assert len(box.find_elements(By.CSS_SELECTOR, "tr.conflict")) >= 2
        # the switch hides the claims that agree, and only those
        d.find_element(By.ID, "only-disputed").click()
        shown = [s.get_attribute("data-claim") for s in sections if s.is_displayed()]
        assert shown == [c.id for c in seeds_claims.claims if c.disputed]
        said = d.find_element(By.CSS_SELECTOR, f"section.statements[data-claim='{evacuation.id}']")
        assert "Mustafa Bali" in said.text and "about 3,000 people came out of Baghouz" in said.text


@needs_browser
def test_article_text_runs_nothing_in_chromium(tmp_path):
    pytest.importorskip("selenium")
    from selenium.webdriver.common.by import By

    evil = "<img src=x onerror=\"window.__xss=1\"><script>window.__xss=2</script>"
    claims = group_counts([count("a.txt", 3500, sentence=evil), count(evil, 3000, "about", what=f"{evil} people")],
                          sources=[Source(evil, evil)], statements=[statement("a.txt", evil, evil, evil)])
    assert len(claims) == 1 and {f.source: f.speaker for f in claims[0].figures}["a.txt"] == evil
    out = tmp_path / "evil.html"
    out.write_text(page(Comparison(claims, [])), encoding="utf-8")
    with browser.chromium() as d:
        d.get(out.as_uri())
        time.sleep(0.5)
        assert d.execute_script("return window.__xss === undefined && window.kgClaimsReady === true")
        assert evil in d.find_element(By.CSS_SELECTOR, "section.claim").text


def test_the_timeline_marks_the_disputed_figures_of_the_seeds(seeds_store, tmp_path):
    from kg.store import Store
    from kg.views.timeline import payload
    from kg.views.timeline import rows as timeline_rows

    with Store.open_read(seeds_store) as st:
        data = timeline_rows(st)
    disputed = {(r["source"], r["sentence"], r["what"]) for r in data[:2]}
    marked = [r[-1] for r in payload(data, disputed)["rows"]]
    # only contradicted figures are marked, not every count
    assert marked[:2] == [1, 1] and sum(marked) == 2 < len(marked)
