"""Issue 41, kg build: no article crashes, hangs or blocks a build. Pipelines that
lack a parser or an NER run every kg component; each case runs in a subprocess, so a
segmentation fault fails the test instead of ending the test session."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from spacy.language import Language

# invented texts: quotations, counts with abbreviated units ("1.3m.", which spaCy's tokenizer
# re-splits with a special case), dates, attributions of every shape the statements read
TEXTS = [
    "Trains were running again today following a two-day stoppage that affected 160,000 passengers "
    "and cost the company about \u20ac1.3m.\n\nThree more walkouts are planned for September 7, 8 and 21. "
    "Union workers are protesting over pay cuts.\n\nBut Acme Rail does not believe a prolonged strike is "
    "on the cards.\n\n\"I don't think there is any credibility to that claim,\" company's spokesman John "
    "Smith told the Herald.\n",
    "The clinic admitted 30 children on Monday, the ministry said. Dr. Ada Corwen told reporters that "
    "12 of them were in a serious condition at 7 a.m. on Jan. 3, 2024.\n",
    "\u201cWe will rebuild,\u201d said Maj. Gen. Osk Tarvel of the Velm Armed Forces (VAF), adding that "
    "$2.5bn. had been pledged. According to the Velm Water Board, 4,000 homes lost power.\n",
    "Ms. Roe admitted 3 errors had been made. She told AFP the plant had closed in Feb. 2019 and said "
    "about 70 cattle drowned, St. Mary's hospital said. \"Is it safe?\" she asked.\n",
    "Acme Corp. Inc. said it would cut 1,200 jobs by Dec. 31. A statement from the union, signed by "
    "its president, Jane Roe, said the U.S. plant employs 5,000 people.\n",
]

RUN = """
import json, sys
from kg.nlp.assemble import build_nlp
nlp = build_nlp(sys.argv[1])
for name in sys.argv[2:]:
    nlp.remove_pipe(name)
kg = [n for n in nlp.pipe_names if n.startswith("kg_")]
out = []
for text in json.load(sys.stdin):
    doc = nlp(text)
    for tok in doc:  # the tree is safe to walk whether or not there is a parse
        list(tok.children), list(tok.subtree), tok.left_edge, tok.right_edge
    out.append(len(doc._.kg_statements or []))
print(json.dumps({"pipes": nlp.pipe_names, "kg": kg, "statements": out}))
"""
KG_COMPONENTS = ["kg_sentences", "kg_entities", "kg_dates", "kg_counts", "kg_relations", "kg_count_links"]


@pytest.mark.parametrize("ner, removed", [
    ("none", []),  # rules and gazetteer alone: no tagger, parser or NER
    ("shipped", ["parser"]),  # tagger and NER, no parser
    ("shipped", ["ner"]),  # tagger and parser, no NER
    ("shipped", ["parser", "tagger", "morphologizer"]),  # NER alone
])
def test_every_component_runs_on_a_pipeline_without_parser_or_ner(ner, removed):
    """Row P: with no parser, spaCy's tokenizer leaves the tree edges of the tokens after a
    re-split special case ("1.3m.") pointing outside the doc, and the statements' walk over a
    speech verb's children died of a segmentation fault (--ner none)."""
    r = subprocess.run([sys.executable, "-c", RUN, ner, *removed], input=json.dumps(TEXTS),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
    got = json.loads(r.stdout)
    assert got["kg"] == KG_COMPONENTS and not set(removed) & set(got["pipes"])
    assert len(got["statements"]) == len(TEXTS) and sum(got["statements"]) >= len(TEXTS)


def test_kg_build_with_no_ner_writes_the_article_that_crashed_it(tmp_path):
    """Row P through the kg command: `kg build DIR --ner none` died with signal 11."""
    folder = tmp_path / "news"
    folder.mkdir()
    for i, text in enumerate(TEXTS):
        (folder / f"{i}.txt").write_text(text, encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "kg", "build", folder, "--store", tmp_path / "store", "--ner", "none",
                        "--jobs", "1"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
    assert f"{len(TEXTS)} added" in r.stdout + r.stderr and "Traceback" not in r.stderr


# ------------------------------------------------------------------ poison isolation
# A spaCy component (given to kg build as part of an --ner pipeline) that really crashes or hangs on
# a marker word: a segmentation fault, the kill the kernel's out-of-memory killer sends, an endless
# loop. The script registers it and runs the kg command (workers are forked: they have it too).
POISON = '''
import ctypes, os, signal, sys, time
from spacy.language import Language

class Poison:
    def __call__(self, doc):
        if "SEGFAULT" in doc.text:
            ctypes.string_at(0)
        if "OOMKILL" in doc.text:
            os.kill(os.getpid(), signal.SIGKILL)
        if "ENDLESS" in doc.text:
            time.sleep(3600)
        if "MEMHOG" in doc.text:  # over a memory cap
            import resource
            old = resource.getrlimit(resource.RLIMIT_AS)
            resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, old[1]))
            try:
                bytearray(3 * 1024**3)
            finally:
                resource.setrlimit(resource.RLIMIT_AS, old)
        return doc

@Language.factory("test_poison")
def make_poison(nlp, name):
    return Poison()

if sys.argv[1] == "--save-model":
    import spacy
    nlp = spacy.blank("en")
    nlp.add_pipe("test_poison")
    nlp.to_disk(sys.argv[2])
else:
    from kg.cli import main
    sys.argv[0] = "kg"
    main()
'''


@pytest.fixture(scope="module")
def poison(tmp_path_factory) -> tuple[Path, Path]:
    """The script and the pipeline folder that holds the poison component."""
    folder = tmp_path_factory.mktemp("poison")
    script = folder / "poison_kg.py"
    script.write_text(POISON, encoding="utf-8")
    subprocess.run([sys.executable, script, "--save-model", folder / "model"], check=True, timeout=120)
    return script, folder / "model"


def _poisoned_folder(folder: Path, n: int, bad: dict[int, str]) -> Path:
    folder.mkdir()
    for i in range(n):
        word = bad.get(i, "")
        (folder / f"a{i:02d}.txt").write_text(f"Rescuers pulled {i + 2} people from the rubble in Hatay on "
                                              f"Sunday, the governor said. {word}\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_article_that_kills_its_worker_is_reported_and_its_neighbours_written(poison, tmp_path, jobs):
    """A segmentation fault killed kg build (--jobs 1: signal 11, no message; --jobs 2: KG001 and the
    build stopped, the rest of the batch unwritten): each article at fault is now found alone,
    named with what happened, and skipped; the others are written; exit status 3."""
    script, model = poison
    folder = _poisoned_folder(tmp_path / "in", 20, {3: "SEGFAULT", 9: "MEMHOG", 17: "OOMKILL"})
    r = subprocess.run([sys.executable, script, "build", folder, "--store", tmp_path / "s", "--ner", model,
                        "--jobs", jobs], capture_output=True, text=True, timeout=600)
    assert r.returncode == 3, (r.returncode, r.stderr[-3000:])
    assert "Traceback" not in r.stderr
    errors = [ln for ln in r.stderr.splitlines() if ln.startswith("error: ")]
    assert len(errors) == 3, r.stderr
    assert "a03.txt: extraction failed (crash: the extraction process killed by signal SIGSEGV; skipped)" \
        in errors[0]
    assert "a09.txt: extraction failed (MemoryError" in errors[1]
    assert "a17.txt: extraction failed (crash: the extraction process killed by signal SIGKILL; skipped)" \
        in errors[2]
    assert "17 added, 0 replaced, 0 unchanged, 3 failed" in r.stdout
    listed = subprocess.run([sys.executable, "-m", "kg", "articles", "--store", tmp_path / "s"],
                            capture_output=True, text=True, timeout=120)
    assert listed.stdout.count(".txt") == 17 and "a03.txt" not in listed.stdout
    # the next build does not try them again while they are unchanged; a changed one is tried
    again = subprocess.run(r.args, capture_output=True, text=True, timeout=600)
    assert again.returncode == 3 and "0 added, 0 replaced, 17 unchanged, 3 failed" in again.stdout, again.stderr
    assert [ln for ln in again.stderr.splitlines() if ln.startswith("error: ")] == [
        e + " (as in an earlier build: the text and the pipeline are unchanged, so it was not tried again)"
        for e in errors]
    (folder / "a03.txt").write_text("Rescuers pulled 5 people from the rubble in Hatay on Sunday.\n")
    fixed = subprocess.run(r.args, capture_output=True, text=True, timeout=600)
    assert fixed.returncode == 3 and "1 added, 0 replaced, 17 unchanged, 2 failed" in fixed.stdout, fixed.stderr


def test_the_known_bad_record_is_kept_when_every_article_of_a_new_store_fails(poison, tmp_path):
    """A build into a new store whose every article crashed removed the store folder as unused,
    and the record of the known-bad articles with it: every rerun crashed on them again. The
    store is kept with its record; an unchanged known-bad article is not tried again."""
    script, model = poison
    folder = _poisoned_folder(tmp_path / "in", 2, {0: "SEGFAULT", 1: "SEGFAULT"})
    r = subprocess.run([sys.executable, script, "build", folder, "--store", tmp_path / "s", "--ner", model,
                        "--jobs", "1"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 1 and "0 added, 0 replaced, 0 unchanged, 2 failed" in r.stdout, r.stderr[-3000:]
    assert (tmp_path / "s" / "failed-articles.json").is_file()
    again = subprocess.run(r.args, capture_output=True, text=True, timeout=600)
    assert again.returncode == 1 and "2 failed" in again.stdout, again.stderr[-3000:]
    errors = [ln for ln in again.stderr.splitlines() if ln.startswith("error: ")]
    assert len(errors) == 2 and all("so it was not tried again" in e for e in errors), again.stderr


def test_an_article_that_hangs_extraction_is_given_up_after_its_time(poison, tmp_path):
    script, model = poison
    folder = _poisoned_folder(tmp_path / "in", 4, {1: "ENDLESS"})
    r = subprocess.run([sys.executable, script, "build", folder, "--store", tmp_path / "s", "--ner", model,
                        "--jobs", "1", "--article-timeout", "5"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 3, (r.returncode, r.stderr[-3000:])
    assert "a01.txt: extraction failed (timeout: no result after 5 s; skipped)" in r.stderr
    assert "3 added, 0 replaced, 0 unchanged, 1 failed" in r.stdout


# ------------------------------------------------------------------ D1: punctuation runs
RUNS = ["*", "!", "(", "\"", "=", "#", "_", "$", "\u20ac", "\u201c", "!?", ":)"]


@pytest.mark.parametrize("run", RUNS)
def test_a_punctuation_run_is_cut_before_the_tokenizer_and_offsets_kept(run):
    from kg.nlp.extract import RUN_KEPT, linear_text

    text = "Police said. " + run * 30 + " Ten people died in Homs. " + run * 3 + " ok"
    cut = linear_text(text)
    assert len(cut) == len(text) and cut.index("Homs") == text.index("Homs")
    assert cut.split()[2] == (run * 30)[:RUN_KEPT] and run * 3 in cut  # a short run is left as it is


def test_long_punctuation_runs_build_in_linear_time(tmp_path):
    """Row D1: spaCy's tokenizer is quadratic on a run of punctuation (50,000 asterisks: 225 s);
    runs of every kind, 50,000 characters each, in a .txt and a .md, now build at once."""
    folder = tmp_path / "in"
    folder.mkdir()
    body = "".join(f"{run * (50_000 // len(run))}\nThe army said {i + 2} people died in Aleppo.\n"
                   for i, run in enumerate(RUNS))
    (folder / "runs.txt").write_text("Before the storm.\n" + body, encoding="utf-8")
    (folder / "runs.md").write_text("# Storm\n\n" + body.replace("Aleppo", "Homs"), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "kg", "build", folder, "--store", tmp_path / "s", "--ner", "none",
                        "--jobs", "1"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "2 added" in r.stdout, r.stderr[-2000:]
    code = ("import sys, kg; text = open(sys.argv[1], encoding='utf-8').read(); ex = kg.extract(text, ner='none');"
            "print(sorted({text[m.start:m.end] for m in ex.mentions}), len(ex.counts))")
    r = subprocess.run([sys.executable, "-c", code, folder / "runs.txt"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.split() == ["['Aleppo']", str(len(RUNS))], r.stderr[-2000:]


# ------------------------------------------------------------------ B4: names that are not UTF-8
def test_a_file_name_that_is_not_utf8_is_one_error_line_and_the_others_are_written(tmp_path):
    """Row B4: `bad\\xff.txt` among 70 files gave a UnicodeEncodeError traceback after 64 were
    written, on every rerun; a folder with such a name likewise."""
    folder = tmp_path / "in"
    folder.mkdir()
    for i in range(70):
        (folder / f"f{i:02d}.txt").write_text(f"Rescuers pulled {i + 2} people from the rubble in Hatay.\n")
    (folder / os.fsdecode(b"bad\xff.txt")).write_bytes(b"Nine people were hurt in Accra.\n")
    (folder / os.fsdecode(b"sub\xfe")).mkdir()
    (folder / os.fsdecode(b"sub\xfe") / "x.txt").write_bytes(b"Five people were hurt in Lagos.\n")
    args = [sys.executable, "-m", "kg", "build", folder, "--store", tmp_path / "s", "--ner", "none", "--jobs", "1"]
    for _ in range(2):  # a rerun: the same lines, nothing else
        r = subprocess.run(args, capture_output=True, text=True, timeout=300)
        assert r.returncode == 3 and "Traceback" not in r.stderr, r.stderr[-2000:]
        errors = [ln for ln in r.stderr.splitlines() if ln.startswith("error: ")]
        assert errors == [f"error: [KG108] {folder}/bad\\xff.txt: cannot read (its name is not valid UTF-8; "
                          "rename it)",
                          f"error: [KG105] {folder}/sub\\xfe: cannot read folder (its name is not valid UTF-8; "
                          "rename it)"], r.stderr
    assert "0 added, 0 replaced, 70 unchanged, 2 failed" in r.stdout


# ------------------------------------------------------------------ G: input that was refused or lost
def _read(*paths: Path) -> tuple[dict, list[str], list[str]]:
    from kg.errors import InputError
    from kg.ingest import iter_articles

    arts, errors = {}, []
    for it in iter_articles(list(paths)):
        if isinstance(it, InputError):
            errors.append(str(it))
        else:
            arts[it.source] = it
    return arts, errors, [w for a in arts.values() for w in a.warnings]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_byte_order_mark_is_read(tmp_path, encoding):
    """It was refused as a binary file."""
    text = "Nine people were hurt in Accra on Monday, police said. Caf\u00e9 owners left."
    (tmp_path / "a.txt").write_bytes(text.encode(encoding))
    arts, errors, warnings = _read(tmp_path / "a.txt")
    assert errors == [] and arts["a.txt"].text == text
    assert warnings == [f"a.txt: UTF-16 without a byte order mark; decoded as {encoding} (detected)"]


def test_binary_with_zero_bytes_is_still_refused(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"\x7fELF\x02\x01\x01\x00" * 64)
    arts, errors, _ = _read(tmp_path / "a.txt")
    assert arts == {} and "looks like a binary file" in errors[0]


ROW = "a.txt,2024-05-06,Le Monde,Caf\u00e9 cr\u00e8me \u00e0 Z\u00fcrich"


@pytest.mark.parametrize("csv_bytes", [
    f"file,published,outlet,title\n{ROW}\n".encode("latin-1"),
    f"FILE,Published,OUTLET,Title\n{ROW}\n".encode(),
    f"\ufeffFile,Published,Outlet,Title\r\n{ROW}\r\n".encode(),
])
def test_metadata_csv_in_latin1_or_with_a_capitalised_header_is_read(tmp_path, csv_bytes):
    """A Latin-1 metadata.csv was refused whole; a header FILE was 'needs a file column'."""
    (tmp_path / "a.txt").write_text("Nine people were hurt in Accra.\n", encoding="utf-8")
    (tmp_path / "metadata.csv").write_bytes(csv_bytes)
    arts, errors, _ = _read(tmp_path)
    assert errors == []
    a = arts["a.txt"]
    assert (a.published, a.outlet, a.title) == ("2024-05-06", "Le Monde", "Caf\u00e9 cr\u00e8me \u00e0 Z\u00fcrich")


def test_jsonl_text_that_is_not_a_string_is_an_error_per_line(tmp_path):
    """A list, an object or a number as text was stored as its JSON; an id-less line and an
    explicit "line-2" are never merged (the second is named and skipped)."""
    (tmp_path / "feed.jsonl").write_text("".join(json.dumps(r) + "\n" for r in [
        {"text": ["Nine", "people"]}, {"text": {"body": "x"}}, {"text": 42}, {"text": True},
        {"text": "A good story about Accra, where nine were hurt."}, {"id": "line-5", "text": "Another story."},
    ]), encoding="utf-8")
    arts, errors, _ = _read(tmp_path / "feed.jsonl")
    assert list(arts) == ["feed.jsonl#line-5"] and arts["feed.jsonl#line-5"].text.startswith("A good story")
    assert errors[:4] == [f"[KG170] feed.jsonl:{n}: field 'text' holds {kind}, not text; skipped" for n, kind in
                          [(1, "a list"), (2, "an object"), (3, "a number"), (4, "true or false")]]
    assert "[KG150] feed.jsonl:6: id 'line-5' is already used on line 5" in errors[4]


@pytest.mark.parametrize("name, text, tail", [
    ("quotes.md", "> " * 30 + "Nine people were hurt in Accra.\n\nThe police said so on Monday.", "Monday."),
    ("lists.md", "".join("  " * i + f"- item {i}\n" for i in range(40)) + "\nFive people died in Lagos.", "Lagos."),
    ("ordered.md", "".join("   " * i + f"1. step {i}\n" for i in range(40)) + "\nThe end.", "The end."),
])
def test_markdown_past_the_nesting_limit_keeps_its_text_and_says_so(tmp_path, name, text, tail):
    """markdown-it stops reading a block nested 20 deep (its maxNesting) and drops the rest of the
    file without a word: the deep text and everything after it were lost."""
    (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "flat.md").write_text("> " * 5 + "Two people were hurt in Accra.\n\n- a list\n", encoding="utf-8")
    arts, errors, warnings = _read(tmp_path)
    assert not errors
    words = [w for w in text.split() if w.strip(".").isalpha()]
    assert all(w in arts[name].text for w in words) and arts[name].text.endswith(tail), arts[name].text[-200:]
    assert ">" not in arts[name].text and "- item" not in arts[name].text
    assert len(warnings) == 1 and "[KG179]" in warnings[0] and name in warnings[0], warnings
    assert arts["flat.md"].text == "Two people were hurt in Accra.\n\na list"


def test_paths_over_path_max_are_one_line_each_and_the_others_are_built(tmp_path):
    """A name over NAME_MAX given to kg build was an OSError traceback (File name too long); a file whose
    path passes PATH_MAX is named with why, and the folder's other files are written."""
    from .test_hostile_input import deep_file

    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "good.txt").write_text("Nine people were hurt in Accra on Monday.\n", encoding="utf-8")
    deep_file(folder, 25, "Five people died in Lagos on Monday.")
    (folder / ("e" * 50)).mkdir()  # a folder within PATH_MAX, its file not
    deep_file(folder / ("e" * 50), 19, "Four people died in Lagos.", name="f" * 200 + ".txt")
    r = subprocess.run([sys.executable, "-m", "kg", "build", folder, folder / ("y" * 300 + ".txt"), "--store",
                        tmp_path / "s", "--ner", "none", "--jobs", "1"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 3 and "Traceback" not in r.stderr, r.stderr[-2000:]
    assert "1 added, 0 replaced, 0 unchanged, 3 failed" in r.stdout, r.stdout + r.stderr[-2000:]
    errors = [ln for ln in r.stderr.splitlines() if ln.startswith("error: ")]
    assert len(errors) == 3 and all(len(e) < 500 for e in errors), r.stderr
    assert sum("over the system's limit of 4,096 (PATH_MAX)" in e for e in errors) == 2, errors
    assert sum("a name of 304 bytes, over the 255 the file system allows" in e for e in errors) == 1, errors


def test_links_out_of_the_folder_are_not_followed(tmp_path):
    """A folder holding links to /etc and /etc/hostname ingested them."""
    outside = tmp_path / "outside"
    (outside / "deep").mkdir(parents=True)
    (outside / "secret.txt").write_text("The password is hunter2, said Ada Corwen.\n")
    (outside / "deep" / "more.txt").write_text("Nine people were hurt in Accra.\n")
    folder = tmp_path / "in"
    (folder / "sub").mkdir(parents=True)
    (folder / "ok.txt").write_text("Nine people were hurt in Accra.\n")
    (folder / "sub" / "same.txt").symlink_to(folder / "ok.txt")  # inside: followed
    (folder / "secret.txt").symlink_to(outside / "secret.txt")
    (folder / "elsewhere").symlink_to(outside)
    (folder / "passwd.bin").symlink_to(outside / "secret.txt")  # no article suffix: skipped as ever
    arts, errors, _ = _read(folder)
    assert sorted(arts) == ["ok.txt", "same.txt"]
    assert errors == [f"[KG171] {folder}/elsewhere: a link to {outside}, outside the folder {folder}; not followed "
                      "(give the target itself to read it)",
                      f"[KG171] {folder}/secret.txt: a link to {outside}/secret.txt, outside the folder {folder}; "
                      "not followed (give the target itself to read it)"]
    arts, errors, _ = _read(folder / "secret.txt")  # given by name: read
    assert list(arts) == ["secret.txt"] and errors == []


@pytest.mark.parametrize("articles, jobs, workers", [(5, 32, 1), (40, 32, 3), (40, 2, 2), (5000, 4, 4), (0, 8, 1)])
def test_no_more_workers_than_batches_of_articles(articles, jobs, workers):
    """-j 32 for 5 files started 32 worker processes."""
    from kg.builder.runner import _fit_jobs
    from kg.types import Article

    items = (Article(f"a{i}.txt", "Text.", "h") for i in range(articles))
    rest, got = _fit_jobs(items, jobs)
    assert got == workers and sum(1 for _ in rest) == articles


class _Segfault:
    def __call__(self, doc):
        if "SEGFAULT" in doc.text:
            import ctypes
            import faulthandler

            faulthandler.disable()  # (pytest's handler would print the dying worker's stack)
            ctypes.string_at(0)
        return doc


@Language.factory("test_hostile_segfault")
def _make_segfault(nlp, name):
    return _Segfault()


def test_a_worker_that_dies_while_the_next_batch_is_being_read_is_recovered(tmp_path):
    """The pool a worker's death broke refuses the next batch at once (BrokenProcessPool from
    submit, before any result is awaited): that batch too is run again, article by article."""
    import time

    import spacy

    from kg.builder.workers import Workers
    from kg.types import Article

    model = spacy.blank("en")
    model.add_pipe("test_hostile_segfault")
    model.to_disk(tmp_path / "model")
    texts = ["Nine people were hurt in Accra.", "SEGFAULT here.", "Five people were hurt in Lagos.",
             "Two people were hurt in Kano."]
    batches = [[Article(f"a{i}.txt", t, str(i))] for i, t in enumerate(texts)]
    got = []
    with Workers(1, str(tmp_path / "model")) as w:
        for out in w.map(iter(batches)):
            got += [(d.source, d.error is None) for d in out]
            if len(got) == 1:
                time.sleep(5)  # the second batch kills the worker meanwhile
    assert got == [("a0.txt", True), ("a1.txt", False), ("a2.txt", True), ("a3.txt", True)]
