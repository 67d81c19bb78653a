"""kg.builder.years: a dateline with no year takes its year from the other articles of a build."""

from __future__ import annotations

from kg.builder.years import FROM_OTHERS, with_years
from kg.ingest.datelines import yearless_dateline
from kg.types import Article


def _art(source: str, published: str | None = None, month_day: tuple[int, int] | None = None) -> Article:
    return Article(source=source, text="x", content_hash=source, published=published,
                   published_from="text" if published else None, month_day=month_day)


def test_a_wire_dateline_without_a_year_is_read_as_month_and_day():
    assert yearless_dateline("Depot Burned\n\nTARSK, Feb 7 (Velmpress) - Raiders burned a depot ...") == (2, 7)
    assert yearless_dateline("ORVIK, Velmland, March 3 (AP) — The port reopened.") == (3, 3)
    assert yearless_dateline("ORVIK, Sept. 9 - The port reopened.") == (9, 9)
    assert yearless_dateline("ORVIK, Sept. 9, 2041 (AP) - The port reopened.") is None  # a full date
    assert yearless_dateline("The port reopened on Feb 7 (a Monday) - at last.") is None  # no dateline


def test_the_year_nearest_the_last_dated_article_and_the_held_ones_after_the_first():
    items = [_art("a", month_day=(12, 30)), _art("b", "2041-01-03"), _art("c", month_day=(2, 7)),
             _art("d", month_day=(2, 29)), _art("e", "2041-06-01"), _art("f", month_day=(5, 2))]
    out = {a.source: (a.published, a.published_from) for a in with_years(items)}
    assert out["a"] == ("2040-12-30", FROM_OTHERS)  # held until "b": the December before it
    assert out["c"] == ("2041-02-07", FROM_OTHERS)
    assert out["d"] == ("2040-02-29", FROM_OTHERS)  # the only 29 February of the three years
    assert out["f"] == ("2041-05-02", FROM_OTHERS)
    assert out["b"] == ("2041-01-03", "text") and out["e"] == ("2041-06-01", "text")
    assert [a.source for a in with_years(items)] == ["a", "b", "c", "d", "e", "f"]


def test_an_article_alone_keeps_no_date():
    assert [(a.published, a.published_from) for a in with_years([_art("a", month_day=(2, 7))])] == [(None, None)]


def test_a_build_dates_the_wire_article_and_its_dateline(tmp_path):
    import kg

    src = tmp_path / "in"
    src.mkdir()
    (src / "01.txt").write_text("Velm Depot Burned\n\nTARSK, Feb 7 (Velmpress) - Raiders burned a grain depot "
                                "on Sunday, officials said.\n", encoding="utf-8")
    (src / "02.txt").write_text("Port Strike Ends\n\nORVIK, Velmland, Feb 2, 2041 (Velmpress) - Dockers went "
                                "back to work on Monday.\n", encoding="utf-8")
    kg.build(src, tmp_path / "s")
    with kg.open(tmp_path / "s") as g:
        rows = {tuple(str(v) for v in r) for r in g.query("dates", source="01.txt").rows}
    assert {("Feb 7", "2041-02-07", "01.txt"), ("Sunday", "2041-02-03", "01.txt")} <= rows, rows
