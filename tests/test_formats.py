"""Every input format reaches the store with its text and metadata."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kg.ingest import iter_articles
from kg.ingest.readers import ReadOptions, sniff
from kg.query import run
from kg.store import Store

DATA = Path(__file__).parent / "data" / "formats"
KG = [sys.executable, "-m", "kg"]


def articles(*paths, **kw):
    return list(iter_articles([Path(p) for p in paths], **kw))


def test_html_main_text_and_metadata_by_trafilatura():
    [a] = articles(DATA / "page.html")
    assert a.source == "page.html"
    assert a.published == "2024-05-14" and a.published_from == "metadata"
    assert a.outlet == "Harbour Daily" and a.title == "Aid convoy reaches besieged town"
    assert a.url == "https://harbourdaily.example/world/aid-convoy-reaches-besieged-town"
    assert "Omar Haroun, a spokesman for the World Food Programme" in a.text
    for boilerplate in ("Subscribe now", "Celebrity chef", "All rights reserved", "window.tracking", "display:flex"):
        assert boilerplate not in a.text


def test_markdown_front_matter_and_markup():
    [a] = articles(DATA / "notes.md")
    assert (a.title, a.published, a.outlet, a.url) == (
        "Port strike enters second week", "2024-06-03", "Field Notes", "https://example.org/notes/port-strike")
    assert "title:" not in a.text and "**" not in a.text and "](" not in a.text and "# Port" not in a.text
    assert "the union Frente Portuario said" in a.text


def test_jsonl_one_article_per_line_with_configured_fields():
    items = articles(DATA / "feed.jsonl", options=ReadOptions.with_fields({"text": "body"}))
    good = [i for i in items if not isinstance(i, Exception)]
    bad = [str(i) for i in items if isinstance(i, Exception)]
    assert [a.source for a in good] == ["feed.jsonl#a1", "feed.jsonl#a2", "feed.jsonl#line-5"]
    assert good[0].published == "2024-06-18" and good[0].outlet == "Wire One" and good[0].title == "Flood waters rise"
    assert good[1].published == "2024-06-17"  # 'published' when there is no 'date'
    assert any("feed.jsonl:3" in m and "no text" in m for m in bad)
    assert any("feed.jsonl:4" in m and "not valid JSON" in m for m in bad)


def test_jsonl_default_field_names(tmp_path):
    f = tmp_path / "d.jsonl"
    f.write_text('{"text": "Ten people died in Lagos on Monday.", "date": "2024-01-02", "outlet": "X"}\n')
    [a] = articles(f)
    assert a.source == "d.jsonl#line-1" and a.published == "2024-01-02" and a.outlet == "X"


def test_unknown_field_key_is_a_user_error():
    from kg.errors import InputError

    with pytest.raises(InputError, match="unknown key"):
        ReadOptions.with_fields({"body": "text"})


@pytest.mark.parametrize("data, suffix", [
    (b'{"text": "x"}\n', ".jsonl"), (b"<!DOCTYPE html><html>", ".html"), (b"---\ntitle: x\n---\n", ".md"),
    (b"Plain news text.", ".txt"),
])
def test_stdin_format_is_sniffed(data, suffix):
    assert sniff(data) == suffix


def test_build_from_every_format_and_stdin(tmp_path):
    store = tmp_path / "s"
    r = subprocess.run([*KG, "build", str(DATA / "page.html"), str(DATA / "notes.md"), str(DATA / "feed.jsonl"),
                        "--field", "text=body", "--store", str(store), "--no-model"], capture_output=True, text=True)
    assert r.returncode == 3, r.stderr  # two bad JSON lines are named, the rest is in
    assert "5 added" in r.stdout
    r = subprocess.run([*KG, "build", "-", "--store", str(store), "--no-model"],
                       input="Talks collapsed in Doha on Friday, a Qatari official said.", capture_output=True,
                       text=True)
    assert r.returncode == 0 and "1 added" in r.stdout, r.stderr
    with Store.open_read(store) as st:
        _, rows = run(st, "PREFIX kg: <https://w3id.org/kg-news/ontology#> SELECT ?s WHERE { ?a kg:sourceFile ?s }")
        sources = sorted(r[0].value for r in rows)
    assert sources[:5] == ["feed.jsonl#a1", "feed.jsonl#a2", "feed.jsonl#line-5", "notes.md", "page.html"]
    assert sources[5].startswith("stdin-") and sources[5].endswith(".txt")
    with Store.open_read(store) as st:
        _, rows = run(st, (Path(__file__).parents[1] / "queries" / "spokespeople.rq").read_text())
        found = {(r[1].value, r[3].value) for r in rows}
    assert ("Omar Haroun", "World Food Programme") in found  # extraction ran on the HTML's main text


def test_metadata_csv_still_wins_for_plain_files(tmp_path):
    shutil.copy(DATA / "notes.md", tmp_path / "notes.md")
    (tmp_path / "metadata.csv").write_text("file,published,outlet\nnotes.md,2024-06-04,Other Outlet\n")
    [a] = articles(tmp_path)
    assert a.published == "2024-06-04" and a.outlet == "Other Outlet" and a.title == "Port strike enters second week"


def test_jsonl_in_utf16_and_in_a_legacy_encoding_is_read_line_by_line(tmp_path):
    lines = '{"id": 1, "text": "Café in Raqqa."}\n{"id": 2, "text": "Ümit in Aleppo."}\n'
    (tmp_path / "u16.jsonl").write_bytes(lines.encode("utf-16"))
    (tmp_path / "legacy.jsonl").write_bytes(lines.encode("cp1252"))
    arts = articles(tmp_path / "u16.jsonl", tmp_path / "legacy.jsonl")
    assert [a.text for a in arts] == ["Café in Raqqa.", "Ümit in Aleppo."] * 2
    assert [len(a.warnings) for a in arts] == [0, 0, 1, 0]  # the encoding is named once, not per line
    assert "legacy.jsonl:1: not UTF-8; decoded as cp125" in arts[2].warnings[0]  # detected once, then reused


def test_jsonl_from_standard_input_is_streamed_and_a_runaway_line_ends_it(tmp_path):
    from kg.errors import InputError

    feed = b'{"id": 1, "text": "One."}\n{"id": 2, "text": "Two."}\n'
    got = list(iter_articles([Path("-")], stdin=feed))
    assert [a.source for a in got] == [f"stdin-{hashlib.sha256(feed).hexdigest()[:12]}.jsonl#{i}" for i in (1, 2)]
    assert all(a.path == "" for a in got)  # standard input has no location
    got = list(iter_articles([Path("-")], stdin=feed + b'{"id": 3, "text": "' + b"x" * 5000, max_chars=100))
    assert [type(a).__name__ for a in got] == ["InputError", "Article", "Article"]
    assert isinstance(got[0], InputError) and "standard input" in str(got[0])


@pytest.mark.parametrize("name, data", [
    ("big.jsonl", '{"id": 1, "text": "One.", "n": 1' + "0" * 5000 + '}\n{"id": 2, "text": "Two."}\n'),
    ("big.md", "---\ntitle: T\nn: 1" + "0" * 5000 + "\n---\nThe army said 12 died.\n"),
])
def test_an_integer_of_5000_digits_is_reported_not_raised(tmp_path, name, data):
    from kg.errors import InputError

    (tmp_path / name).write_text(data, encoding="utf-8")
    got = list(iter_articles([tmp_path / name]))
    if name.endswith(".jsonl"):
        assert isinstance(got[0], InputError) and "big.jsonl:1" in str(got[0]) and "digits" in str(got[0])
        assert got[1].source == "big.jsonl#2"
    else:
        [a] = got
        assert a.title is None and "not valid YAML" in a.warnings[0]


def test_jsonl_records_without_an_id_never_clash_with_records_that_have_one(tmp_path):
    f = tmp_path / "d.jsonl"
    f.write_text('{"text": "Ten people died in Lagos on Monday."}\n'
                 '{"id": "1", "text": "Nine people were hurt in Accra on Monday."}\n')
    assert [a.source for a in articles(f)] == ["d.jsonl#line-1", "d.jsonl#1"]
