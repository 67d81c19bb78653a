from pathlib import Path

import pytest

from kg.errors import InputError
from kg.ingest import date_from_text, iter_articles, read_article, read_metadata

from .conftest import SEEDS


def test_metadata_csv_gives_published_and_outlet():
    meta = read_metadata(SEEDS)
    assert meta["001_00adbe57efcb47f9.txt"]["published"] == "2019-03-05"
    a = read_article(SEEDS / "000_27735b4e4882bb1f.txt", meta["000_27735b4e4882bb1f.txt"])
    assert a.outlet == "CNN" and a.published is None  # the text states no date: unknown


@pytest.mark.parametrize(
    "text, expected",
    [
        (" date 2019-03-05 Columns of black smoke", "2019-03-05"),
        ("Body.\n\nLast Update: Tuesday, 12 March 2019 KSA 20:43", "2019-03-12"),
        ("TALLMARK, Nov 4, 2024 (Reuters) - The opposition claimed victory.", "2024-11-04"),
        ("BEIRUT, Lebanon, March 5, 2019 (AP) — Smoke rose.", "2019-03-05"),
        ("No date here, only Tuesday.", None),
        ("date 2019-02-30 impossible", None),
    ],
)
def test_date_stated_in_text(text, expected):
    assert date_from_text(text)[0] == expected


def test_header_date_is_blanked_but_offsets_kept():
    text = " date 2019-03-05 Columns of smoke"
    _, body = date_from_text(text)
    assert len(body) == len(text) and body.strip().startswith("Columns")
    assert "2019" not in body


def test_without_metadata_the_text_date_is_used(tmp_path):
    f = tmp_path / "a.txt"
    f.write_text(" date 2020-01-02 The UN said 30 people died.", encoding="utf-8")
    a = read_article(f)
    assert a.published == "2020-01-02" and a.published_from == "text"
    assert a.source == "a.txt" and len(a.content_hash) == 64


def test_never_guesses_a_publication_date(tmp_path):
    f = tmp_path / "b.txt"
    f.write_text("The UN said 30 people died on Tuesday.", encoding="utf-8")
    assert read_article(f).published is None


@pytest.mark.parametrize(
    "data, message",
    [(b"   \n\t ", "empty article"), (b"\x7fELF\x00\x00\x01binary", "binary")],
)
def test_bad_files(tmp_path, data, message):
    f = tmp_path / "x.txt"
    f.write_bytes(data)
    with pytest.raises(InputError, match=message):
        read_article(f)


@pytest.mark.parametrize("text, encoding", [
    ("Le café fut fermé par la police à Damas.", "latin-1"),
    ("Москва заявила о переговорах в среду.", "cp1251"),
    ("東京で会議が開かれた。", "shift_jis"),
])
def test_legacy_encodings_are_detected_with_a_warning_naming_the_file(tmp_path, text, encoding):
    f = tmp_path / "legacy.txt"
    f.write_bytes(text.encode(encoding))
    a = read_article(f)
    assert a.text == text
    assert len(a.warnings) == 1 and "legacy.txt" in a.warnings[0] and "not UTF-8" in a.warnings[0]


def test_utf8_bom_and_utf16(tmp_path):
    (tmp_path / "bom.txt").write_bytes("\ufeffHello Syria".encode("utf-8"))
    (tmp_path / "u16.txt").write_bytes("Hello Iraq".encode("utf-16"))
    assert read_article(tmp_path / "bom.txt").text == "Hello Syria"
    assert read_article(tmp_path / "u16.txt").text == "Hello Iraq"


def test_folder_recursion_and_errors(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "one.txt").write_text("The UN met.", encoding="utf-8")
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    items = list(iter_articles([tmp_path, tmp_path / "missing"]))
    ok = [i for i in items if not isinstance(i, InputError)]
    bad = [str(i) for i in items if isinstance(i, InputError)]
    assert [a.source for a in ok] == ["one.txt"]
    assert any("empty article" in b for b in bad) and any("no such file" in b for b in bad)


def test_bad_published_in_metadata(tmp_path):
    (tmp_path / "a.txt").write_text("Text.", encoding="utf-8")
    (tmp_path / "metadata.csv").write_text("file,published\na.txt,March 3\n", encoding="utf-8")
    [item] = list(iter_articles([Path(tmp_path)]))
    # like every unusable publication date: a warning, the date unknown, the article kept
    assert item.published is None and "YYYY-MM-DD" in item.warnings[0] and "KG118" in item.warnings[0]


@pytest.mark.parametrize("head, published", [
    ("Council Passes Budget\n\nMonday, Oct. 6, 2031\n\nThe council voted.", "2031-10-06"),
    ("Rovers Go Top\n\nBy Ada Corwen | Friday, May 16, 2031\n\nThe club won.", "2031-05-16"),
    ("Mayor Elected\n\nTARNBY, Ore. (Jan. 8, 2030) — The mayor won.", "2030-01-08"),
    ("Budget Passed\n\nPosted Apr 2, 2030\n\nThe vote was close.", "2030-04-02"),
    ("Mayor Elected\n\nThe mayor, who took office on March 3, 2019, won again.", None),  # a date in a sentence
    ("Mayor Elected\n\nThe vote is on Tuesday.", None),  # no full date: never guessed
    ("Remembering Sept. 11, 2001\n\nThe city fell silent.", None),  # a date in the headline is its subject
    # a first line that is a date and nothing else dates the article, above its headline
    ("March 9, 2031\n\nRovers Go Top\n\nThe club won.", "2031-03-09"),
    ("Sunday, 9 March 2031\n\nRovers Go Top\n\nThe club won.", "2031-03-09"),
    ("March 9, 2031: A Day To Remember\n\nThe club won.", None),
    # a date line in figures: day first with dots, and with slashes only where the day is plain
    ("Rovers Go Top\n\nBy Ada Corwen\n14/11/2031 08:40\n\nThe club won.", "2031-11-14"),
    ("Rovers Go Top\n\n11/14/2031\n\nThe club won.", "2031-11-14"),
    ("Rovers Go Top\n\n14.11.2031\n\nThe club won.", "2031-11-14"),
    # day first with a comma after the month, as some papers print it above a time
    ("Rovers Go Top\n\nBy Ada Corwen\n\n3 Mar, 2031 10:05 AM\n\nThe club won.", "2031-03-03"),
    ("Rovers Go Top\n\n03/04/2031\n\nThe club won.", None),  # March 4 or April 3: never guessed
    # a byline whose parts separators divide is no sentence: its date dates the article
    ("Rovers Go Top\n\nAda Corwen · Velm News · Posted: Nov 14, 2031 8:40 AM\n\nThe club won.", "2031-11-14"),
    ("Rovers Go Top\n\nThe plan of 14/11/2031 was dropped.\n\nThe club won.", None),  # a sentence
])
def test_publication_date_under_the_headline(head, published):
    from kg.ingest.datelines import top_date

    assert top_date(head) == published


@pytest.mark.parametrize("text, published", [
    ("Rovers Go Top\n\nThe club won.\n\nSports desk\n\nTue 3 Mar 2039 14.20 GMT\n", "2039-03-03"),
    ("Rovers Go Top\n\nThe club won.\n\nMarch 3, 2039\n", "2039-03-03"),
    ("Rovers Go Top\n\nThe club won.\n\nThe replay is on 3 March 2039 at the Velm ground\n", None),  # a sentence
    ("Rovers Go Top\n\nThe club won on 3 March 2039.\n", None),
    ("Rovers Go Top\n\nTue 3 Mar 2039 14.20 GMT\n\nThe club won.\n\nOne\n\nTwo\n\nThree\n", None),  # not at the end
    # a line with other words is no date line: a birth, a photo, a fixture, a deadline
    ("Rovers Go Top\n\nThe club won.\n\nBorn 3 March 1950\n", None),
    ("Rovers Go Top\n\nThe club won.\n\nFile photo taken 3 March 2031\n", None),
    ("Rovers Go Top\n\nThe club won.\n\nNext match: Sat 7 Mar 2039\n", None),
    ("Rovers Go Top\n\nThe club won.\n\nApplications close 30 April 2039\n", None),
])
def test_publication_date_on_a_line_of_its_own_at_the_end(text, published):
    from kg.ingest.datelines import bottom_date

    assert bottom_date(text) == published


def test_an_article_dated_only_at_its_end_has_that_publication_date(tmp_path):
    from kg.ingest.articles import iter_articles

    body = "\n\n".join(f"Paragraph {n} of the match report." for n in range(8))
    (tmp_path / "a.txt").write_text(f"Rovers Go Top\n\n{body}\n\nSports desk\n\nTue 3 Mar 2039 14.20 GMT\n",
                                    encoding="utf-8")
    [article] = list(iter_articles([tmp_path]))
    assert article.published == "2039-03-03"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Storm Cuts Power To Velm Valley\n\nTarsk Herald | Weather\nBy Ilka Orvane\n"
         "Updated June 3, 2031, 9:05 p.m.\n\nThousands lost power on Monday.", "2031-06-03"),
        ("Storm Cuts Power To Velm Valley\n\nBy Ilka Orvane\nJune 3, 2031 | 9:05 a.m.\n\nThousands lost power.",
         "2031-06-03"),
        ("Storm Cuts Power To Velm Valley\n\n" + "".join(f"Crews worked on line {k} overnight.\n\n" for k in range(8))
         + "Published on 3 June 2031", "2031-06-03"),
    ],
)
def test_a_date_line_ending_with_a_time_or_published_on_at_the_bottom(text, expected):
    """"9:05 p.m." ends with a time's full stop, not a sentence's; "Published on DATE" alone on the
    last line dates the article (what read_article takes when no metadata gives a date)."""
    from kg.ingest.datelines import bottom_date, top_date

    assert date_from_text(text)[0] is None or date_from_text(text)[0] == expected
    assert (top_date(text) or bottom_date(text)) == expected
