"""Issue 15, the input side: nothing a feed or a user throws at kg loses data,
hangs it, or ends in a traceback. Each case is run on real files; the CLI cases
go through the installed ``kg`` command in a subprocess, with a memory cap and
a timeout so that a regression cannot eat the machine or hang the suite."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from kg.errors import InputError
from kg.ingest import iter_articles
from kg.ingest.metadata import parse_published

from .conftest import SEEDS

GOOD = (SEEDS / "001_00adbe57efcb47f9.txt").read_text(encoding="utf-8")
MEMORY_CAP = 3 * 1024**3  # address space of a kg subprocess
# "billion laughs": each anchor stands for nine copies of the one before; title expands to 9**9 strings
LAUGHS = "".join(["---\na: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n",
                  *(f"{c}: &{c} [{', '.join([f'*{p}'] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True)),
                  "title: *i\n---\nThe army said 12 people died in Aleppo.\n"])


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def kg(*args: object, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kg", *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, preexec_fn=_cap_memory)


def build(*args: object, store: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    return kg("build", *args, "--store", store, "--jobs", "1", "--no-model", timeout=timeout)


def nquads(store: Path) -> str:
    r = kg("export", "--format", "nquads", "--store", store)
    assert r.returncode == 0, r.stderr
    return r.stdout


def assert_clean(r: subprocess.CompletedProcess, *phrases: str) -> None:
    """No traceback; each phrase is on one stderr line that starts with error:/warning:."""
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout, r.stderr
    lines = r.stderr.splitlines()
    for phrase in phrases:
        hits = [ln for ln in lines if phrase in ln]
        assert hits, f"{phrase!r} not in stderr:\n{r.stderr}"
        assert all(ln.startswith(("error: ", "warning: ")) for ln in hits), hits


def items(*paths: Path, **kw) -> tuple[list, list[str]]:
    arts, errors = [], []
    for it in iter_articles(list(paths), **kw):
        (errors.append(str(it)) if isinstance(it, InputError) else arts.append(it))
    return arts, errors


def jsonl(path: Path, *records: dict | str) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records), encoding="utf-8")
    return path


# ------------------------------------------------------------------ identity
def test_duplicate_jsonl_id_second_is_reported_and_skipped(tmp_path):
    feed = jsonl(tmp_path / "feed.jsonl", {"id": "a", "text": "First story about Aleppo."},
                 {"id": "b", "text": "Second story about Raqqa."},
                 {"id": "a", "text": "A different story reusing id a."})
    arts, errors = items(feed)
    assert [a.source for a in arts] == ["feed.jsonl#a", "feed.jsonl#b"]
    assert arts[0].text == "First story about Aleppo."
    assert len(errors) == 1 and "feed.jsonl:3" in errors[0] and "'a'" in errors[0] and "line 1" in errors[0]


def test_duplicate_jsonl_id_does_not_merge_graphs_or_churn_rebuilds(tmp_path):
    feed = jsonl(tmp_path / "feed.jsonl", {"id": "a", "text": "The army said 12 people died in Aleppo."},
                 {"id": "a", "text": "Rebels said 40 fighters surrendered in Raqqa."})
    store = tmp_path / "store"
    r = build(feed, store=store)
    assert r.returncode == 3, r.stderr  # one record good, one bad
    assert_clean(r, "feed.jsonl:2")
    assert r.stdout.startswith("1 added, 0 replaced, 0 unchanged, 1 failed")
    before = nquads(store)
    assert before.count("contentHash") == 1 and "Raqqa" not in before
    again = build(feed, store=store)
    assert again.stdout.startswith("0 added, 0 replaced, 1 unchanged, 1 failed"), again.stdout
    assert again.returncode == 3
    assert nquads(store) == before


def test_same_file_name_from_another_folder_does_not_replace_the_stored_article(tmp_path):
    (tmp_path / "x").mkdir()
    (tmp_path / "y").mkdir()
    (tmp_path / "x" / "a.txt").write_text("The army said 12 people died in Aleppo.", encoding="utf-8")
    (tmp_path / "y" / "a.txt").write_text("Rebels said 40 fighters surrendered in Raqqa.", encoding="utf-8")
    store = tmp_path / "store"
    assert build(tmp_path / "x", store=store).returncode == 0
    before = nquads(store)
    r = build(tmp_path / "y", store=store)
    assert r.returncode == 1
    assert_clean(r, "already has an article named 'a.txt'")
    assert str(tmp_path / "x" / "a.txt") in r.stderr
    assert nquads(store) == before
    # the same file, edited, and given by another spelling of its path, still replaces itself
    (tmp_path / "x" / "a.txt").write_text("The army said 13 people died in Aleppo.", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "kg", "build", "x/../x/a.txt", "--store", str(store), "--jobs", "1",
                        "--no-model"], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert r.returncode == 0 and r.stdout.startswith("0 added, 1 replaced"), r.stdout + r.stderr


def test_same_file_name_twice_in_one_build_is_reported(tmp_path):
    for d, text in (("x", "The army said 12 people died in Aleppo."), ("y", "Rebels said 40 surrendered.")):
        (tmp_path / "in" / d).mkdir(parents=True)
        (tmp_path / "in" / d / "a.txt").write_text(text, encoding="utf-8")
    (tmp_path / "in" / "b.txt").write_text(GOOD, encoding="utf-8")
    r = build(tmp_path / "in", store=tmp_path / "store")
    assert r.returncode == 3
    assert_clean(r, "another article is also named 'a.txt'")
    assert r.stdout.startswith("2 added")


def test_a_folder_of_unique_names_keeps_the_file_name_as_source(tmp_path):
    arts, errors = items(SEEDS)
    assert not errors and sorted(a.source for a in arts) == sorted(p.name for p in SEEDS.glob("*.txt"))
    assert all(Path(a.path).is_absolute() for a in arts)


# ------------------------------------------------------------------ dates
@pytest.mark.parametrize("value, expected", [
    ("2019-03-05", "2019-03-05"),
    ("2019-03-05T10:20:00Z", "2019-03-05"),
    ("5 March 2019", "2019-03-05"),
    ("March 5, 2019", "2019-03-05"),
    ("Tue, 05 Mar 2019 10:00:00 GMT", "2019-03-05"),
    ("Tuesday", None),
    ("March 5", None),
    ("12", None),
    ("2019", None),
    ("March 2019", None),
    ("2019-02-30", None),
    ("30/02/2019", None),
    ("9" * 40, None),
])
def test_publication_date_only_from_a_full_calendar_date(value, expected):
    warnings: list[str] = []
    assert parse_published(value, "x.md", warnings) == expected
    assert len(warnings) == (expected is None)


@pytest.mark.parametrize("front", ["published: 2019-02-30", "published: Tuesday", "published: March 5",
                                   "published: 12", "date: 2019-13-01T00:00:00"])
def test_a_bad_front_matter_date_is_a_warning_and_the_folder_goes_on(tmp_path, front):
    (tmp_path / "a_good.md").write_text("---\npublished: 2019-03-05\n---\nThe army said 12 died.\n")
    (tmp_path / "b_bad.md").write_text(f"---\ntitle: Bad date\n{front}\n---\nOn Tuesday 12 people died.\n")
    (tmp_path / "c_good.txt").write_text("The army said 40 surrendered.\n")
    arts, errors = items(tmp_path)
    assert not errors and [a.source for a in arts] == ["a_good.md", "b_bad.md", "c_good.txt"]
    bad = arts[1]
    assert bad.published is None and bad.title == "Bad date"
    assert len(bad.warnings) == 1 and "b_bad.md" in bad.warnings[0] and "left unknown" in bad.warnings[0]
    assert arts[0].published == "2019-03-05"


def test_a_bare_number_as_jsonl_date_is_not_a_date(tmp_path):
    feed = jsonl(tmp_path / "feed.jsonl", {"id": 1, "text": "On Tuesday 12 died.", "published": 12},
                 {"id": 2, "text": "On Tuesday 12 died.", "published": "2019-03-05"})
    arts, errors = items(feed)
    assert not errors and [a.published for a in arts] == [None, "2019-03-05"]
    assert "'12'" in arts[0].warnings[0]


# ------------------------------------------------------------------ limits
def test_a_deeply_nested_json_line_is_reported_and_the_others_are_read(tmp_path):
    feed = jsonl(tmp_path / "feed.jsonl", {"id": 1, "text": "One."}, "[" * 100_000, {"id": 3, "text": "Three."})
    arts, errors = items(feed)
    assert [a.source for a in arts] == ["feed.jsonl#1", "feed.jsonl#3"]
    assert len(errors) == 1 and "feed.jsonl:2" in errors[0] and "nested" in errors[0]


def test_a_long_jsonl_line_is_skipped_without_reading_the_file_into_memory(tmp_path):
    feed = tmp_path / "feed.jsonl"
    with feed.open("w", encoding="utf-8") as fh:
        fh.write(json.dumps({"id": 1, "text": "One."}) + "\n")
        fh.write('{"id": 2, "text": "' + "x" * 40_000_000 + '"}\n')  # 40 MB on one line
        fh.write(json.dumps({"id": 3, "text": "Three."}) + "\n")
    tracemalloc.start()
    try:
        arts, errors = items(feed, max_chars=10_000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [a.source for a in arts] == ["feed.jsonl#1", "feed.jsonl#3"]
    assert len(errors) == 1 and "feed.jsonl:2" in errors[0] and "size limit" in errors[0]
    assert peak < 5_000_000, f"peak {peak:,} bytes: the long line was read whole"


def test_yaml_aliases_in_front_matter_are_refused(tmp_path):
    (tmp_path / "laughs.md").write_text(LAUGHS, encoding="utf-8")
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30));"
            "from pathlib import Path; from kg.ingest import iter_articles;"
            "a = list(iter_articles([Path(sys.argv[1])]))[0];"
            "print(a.title, len(a.text), *a.warnings, sep='|')")
    r = subprocess.run([sys.executable, "-c", code, str(tmp_path / "laughs.md")], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr[-500:]
    title, _, warning = r.stdout.strip().split("|")
    assert title == "None" and "laughs.md" in warning and "aliases" in warning


def test_non_regular_files_are_refused_without_being_opened(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "good.txt").write_text(GOOD, encoding="utf-8")
    os.mkfifo(folder / "pipe.txt")
    (folder / "zero.txt").symlink_to("/dev/zero")
    code = ("import sys; from pathlib import Path; from kg.ingest import iter_articles;"
            "from kg.errors import InputError;"
            "[print(type(i).__name__, i if isinstance(i, InputError) else i.source)"
            " for i in iter_articles([Path(p) for p in sys.argv[1:]])]")
    args = [folder, folder / "pipe.txt", folder / "zero.txt"]
    r = subprocess.run([sys.executable, "-c", code, *map(str, args)], capture_output=True, text=True, timeout=60,
                       preexec_fn=_cap_memory)
    assert r.returncode == 0, r.stderr[-500:]
    lines = r.stdout.splitlines()
    assert lines[0] == "Article good.txt"
    errors = [ln for ln in lines if ln.startswith("InputError")]
    assert len(errors) == 4 and len(lines) == 5
    assert sum("a FIFO" in e for e in errors) == 2 and sum("a character device" in e for e in errors) == 2


def test_standard_input_is_read_up_to_the_limit_only(tmp_path):
    with open("/dev/zero", "rb") as zero:
        r = subprocess.run([sys.executable, "-m", "kg", "build", "-", "--store", str(tmp_path / "s"),
                            "--max-chars", "1000", "--jobs", "1", "--no-model"], stdin=zero, capture_output=True,
                           text=True, timeout=60, preexec_fn=_cap_memory)
    assert r.returncode == 1
    assert_clean(r, "standard input")


# ------------------------------------------------------------------ the pipeline
def test_spacy_length_limit_is_not_lower_than_max_chars():
    """spaCy refuses a text over its max_length (1,000,000 by default: error E088, a
    traceback for an article of 1.25 M characters, under the documented --max-chars
    of 5 M). The pipeline lifts it, so --max-chars is the limit. A full build of a
    1.1 M-character article takes minutes, so this checks the pipeline's gate only:
    make_doc is where spaCy raises E088."""
    from kg.ingest import DEFAULT_MAX_CHARS
    from kg.nlp.assemble import build_nlp

    nlp = build_nlp("none")
    assert nlp.max_length >= DEFAULT_MAX_CHARS
    doc = nlp.make_doc("Officials said 20 people died. " * 40_000)  # 1,240,000 characters
    assert len(doc.text) == 1_240_000


def test_a_number_of_400_digits_does_not_break_the_mapping(tmp_path):
    (tmp_path / "n.txt").write_text("The army said " + "1" * 400 + " people were killed in Aleppo.\n")
    (tmp_path / "good.txt").write_text(GOOD, encoding="utf-8")
    store = tmp_path / "store"
    r = build(tmp_path, store=store)
    assert r.returncode == 0, r.stderr
    assert_clean(r)
    assert r.stdout.startswith("2 added, 0 replaced, 0 unchanged, 0 failed")
    assert "ontology#value" in nquads(store)  # the good article's counts are there


# ------------------------------------------------------------------ the matrix, through the kg command
def deep_file(root: Path, depth: int, text: str, name: str = "deep.txt") -> None:
    """``text`` in a file ``name`` ``depth`` folders of 204-byte names below ``root`` (made relative to an open
    folder, as no path reaches it past PATH_MAX)."""
    fd = os.open(root, os.O_RDONLY)
    try:
        for i in range(depth):
            name = f"d{i:02d}" + "x" * 200
            os.mkdir(name, dir_fd=fd)
            inner = os.open(name, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        out = os.open(name, os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(out, text.encode("utf-8"))
        os.close(out)
    finally:
        os.close(fd)


def _matrix_cases(root: Path) -> dict[str, tuple[list[Path], int, tuple[str, ...]]]:
    """name -> (paths given to kg build, expected exit status, phrases of the one-line messages)."""
    cases: dict[str, tuple[list[Path], int, tuple[str, ...]]] = {}

    def folder(name: str) -> Path:
        d = root / name
        d.mkdir()
        (d / "good.txt").write_text(GOOD, encoding="utf-8")
        return d

    d = folder("dup_id")
    jsonl(d / "feed.jsonl", {"id": "a", "text": "One story."}, {"id": "a", "text": "Another story."})
    cases["dup_id"] = ([d], 3, ("feed.jsonl:2",))
    d = folder("same_name")
    (d / "sub").mkdir()
    (d / "sub" / "good.txt").write_text("Another article entirely.", encoding="utf-8")
    cases["same_name"] = ([d], 3, ("also named 'good.txt'",))
    d = folder("impossible_date")
    (d / "bad.md").write_text("---\npublished: 2019-02-30\n---\nOn Tuesday 12 died.\n", encoding="utf-8")
    cases["impossible_date"] = ([d], 0, ("bad.md: publication date '2019-02-30'",))
    d = folder("vague_dates")
    (d / "tue.md").write_text("---\npublished: \"Tuesday\"\n---\nOn Tuesday 12 died.\n", encoding="utf-8")
    (d / "march.md").write_text("---\npublished: March 5\n---\nOn Tuesday 12 died.\n", encoding="utf-8")
    jsonl(d / "feed.jsonl", {"id": 1, "text": "On Tuesday 12 died.", "published": 12})
    cases["vague_dates"] = ([d], 0, ("'Tuesday'", "'March 5'", "'12'"))
    d = folder("nested_json")
    jsonl(d / "feed.jsonl", {"id": 1, "text": "One."}, "[" * 100_000, {"id": 3, "text": "Three."})
    cases["nested_json"] = ([d], 3, ("feed.jsonl:2",))
    d = folder("laughs")
    (d / "laughs.md").write_text(LAUGHS, encoding="utf-8")
    cases["laughs"] = ([d], 0, ("laughs.md: front matter",))
    d = folder("dev_zero")
    (d / "zero.txt").symlink_to("/dev/zero")
    cases["dev_zero"] = ([d], 3, ("zero.txt: not a regular file",))
    d = folder("fifo")
    os.mkfifo(root / "pipe.txt")
    cases["fifo"] = ([d, root / "pipe.txt"], 3, ("pipe.txt: not a regular file",))
    d = folder("long_line")
    with (d / "feed.jsonl").open("w", encoding="utf-8") as fh:
        fh.write('{"id": 1, "text": "' + "x" * 30_000_000 + '"}\n')
    cases["long_line"] = ([d], 3, ("feed.jsonl:1",))
    d = folder("big_number")
    (d / "n.txt").write_text("The army said " + "9" * 400 + " people were killed.\n", encoding="utf-8")
    cases["big_number"] = ([d], 0, ())
    d = folder("path_max")  # issue 41, G: paths over PATH_MAX, a name over NAME_MAX
    deep_file(d, 25, "Five people died in Lagos on Monday.")
    cases["path_max"] = ([d, d / ("y" * 300 + ".txt")], 3, ("over the system's limit of", "a name of 304 bytes"))
    d = folder("deep_markdown")  # issue 41, G: past markdown-it's nesting limit the text was lost silently
    (d / "deep.md").write_text("> " * 30 + "Nine people were hurt in Accra.\n", encoding="utf-8")
    cases["deep_markdown"] = ([d], 0, ("deep.md: Markdown nested more than 20 levels",))
    return cases


MATRIX = ["dup_id", "same_name", "impossible_date", "vague_dates", "nested_json", "laughs", "dev_zero", "fifo",
          "long_line", "big_number", "deep_markdown", "path_max"]


@pytest.fixture(scope="module")
def matrix(tmp_path_factory):
    root = tmp_path_factory.mktemp("matrix")
    return root, _matrix_cases(root)


@pytest.mark.parametrize("name", MATRIX)
def test_bad_input_matrix_through_the_kg_command(matrix, name):
    root, cases = matrix
    paths, status, phrases = cases[name]
    r = build(*paths, "--max-chars", "1000000", store=root / f"store-{name}", timeout=180)
    assert r.returncode == status, r.stdout + r.stderr[-2000:]
    assert_clean(r, *phrases)
    assert "added" in r.stdout


@pytest.mark.parametrize("bad", ["fifo", "dev_zero", "same_name", "long_line"])
def test_bad_input_leaves_the_store_as_it_was(matrix, tmp_path, bad):
    root, cases = matrix
    store = tmp_path / "store"
    other = tmp_path / "x"
    other.mkdir()
    (other / "good.txt").write_text("The army said 12 people died in Aleppo.", encoding="utf-8")
    (other / "other.txt").write_text(GOOD, encoding="utf-8")
    assert build(other, store=store).returncode == 0
    before = nquads(store)
    bad_only = {"fifo": [root / "pipe.txt"], "dev_zero": [root / "dev_zero" / "zero.txt"],
                "same_name": [root / "same_name" / "sub" / "good.txt"],
                "long_line": [root / "long_line" / "feed.jsonl"]}[bad]
    r = build(*bad_only, "--max-chars", "1000000", store=store)
    assert r.returncode == 1, r.stdout + r.stderr
    assert_clean(r, "error: ")
    assert nquads(store) == before


@pytest.mark.parametrize("name, text", [
    ("spaces.txt", "The army said 12 died.\nUpdated" + " " * 30_000 + "\nMore text."),
    ("brackets.md", "The army said 12 died. " + "[" * 60_000),
    ("links.md", "The army said 12 died. " + "[a](" * 100_000),
])
def test_hostile_text_does_not_make_the_readers_backtrack(tmp_path, name, text):
    """Regular expressions that backtrack on long runs (O(n^2): minutes for 30,000
    spaces after 'Updated') would hang a build; a read takes well under a second."""
    (tmp_path / name).write_text(text, encoding="utf-8")
    code = ("import sys; from pathlib import Path; from kg.ingest import iter_articles;"
            "print(*(type(i).__name__ for i in iter_articles([Path(sys.argv[1])])))")
    r = subprocess.run([sys.executable, "-c", code, str(tmp_path / name)], capture_output=True, text=True,
                       timeout=30)
    assert r.stdout.strip() == "Article", r.stderr[-500:]


def test_an_html_page_with_only_a_copyright_year_has_no_publication_date(tmp_path):
    """trafilatura's extensive date search turns "Copyright 2021" into 2021-01-01: a
    guess, not a date the page states."""
    (tmp_path / "c.html").write_text(
        "<html><head><title>Port strike</title></head><body><article><h1>Port strike</h1>"
        "<p>Dockworkers at Valparaiso stayed off work on Monday, the union said, in a long dispute over pay "
        "and conditions that has closed the port.</p><p>The strike is the second this year, and officials "
        "said 40 ships were waiting outside the harbour.</p></article>"
        "<footer>Copyright 2021 Field Notes</footer></body></html>", encoding="utf-8")
    arts, errors = items(tmp_path / "c.html")
    assert not errors and arts[0].published is None and "Valparaiso" in arts[0].text


@pytest.mark.parametrize("name, text", [
    # an unclosed parenthesis of capitals: the caption pattern split it in 2^n ways (26 letters: 8 s)
    ("caption", "Workers gathered (" + "A" * 60 + "! and 30 people left on Monday."),
    # a sentence of 120,000 characters before "ORG, PERSON": the role search ran over all of it (64 KB: 38 s)
    ("long sentence", "Acme Corporation, Jane Roe spoke" + " and then some words" * 6000
     + ". Acme Corporation, Jane Roe spoke."),
])
def test_hostile_text_does_not_make_extraction_backtrack(name, text):
    """Patterns that backtrack exponentially or scan a whole long sentence per person
    would hang a build worker; each of these took seconds to hours before."""
    code = ("import sys, kg; ex = kg.extract(sys.stdin.read(), '2024-01-02', ner='none');"
            "print(len(ex.sentences))")
    r = subprocess.run([sys.executable, "-c", code], input=text, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and int(r.stdout) >= 1, r.stderr[-500:]


def test_a_bad_metadata_csv_date_is_a_warning_like_any_other_bad_date(tmp_path):
    """A metadata.csv date that is not YYYY-MM-DD no longer refuses the article: the
    date is unknown (or the one the text states) and a warning names it."""
    (tmp_path / "a.txt").write_text("date 2024-05-06\nTen people died in Lagos on Monday.", encoding="utf-8")
    (tmp_path / "b.txt").write_text("Nine people were hurt in Accra on Monday.", encoding="utf-8")
    (tmp_path / "metadata.csv").write_text("file,published\na.txt,Tuesday\nb.txt,2019-03-05garbage\n", encoding="utf-8")
    arts, errors = items(tmp_path)
    assert errors == []
    by = {a.source: a for a in arts}
    assert by["a.txt"].published == "2024-05-06" and by["b.txt"].published is None
    assert any("KG118" in w for a in arts for w in a.warnings)
