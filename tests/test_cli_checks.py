"""What the CLI checks before it works: dates that exist, entity types in any letter case, no
store from a build that read nothing, a store's parent folders made, a build's progress with
its total."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg.cli import main

from .conftest import SEEDS

KG = [sys.executable, "-m", "kg"]


def invoke(*args, **kw):
    return CliRunner().invoke(main, [str(a) for a in args], **kw)


@pytest.mark.parametrize("value", ["2019-13-01", "2019-03-40", "2019-02-29", "2019-00-10", "yesterday", "2019-3-1", ""])
@pytest.mark.parametrize("option", ["--since", "--until"])
def test_a_date_that_does_not_exist_is_an_error(seeds_store, tmp_path, option, value):
    r = invoke("render", "--store", seeds_store, option, value, "-o", tmp_path / "g.html")
    assert r.exit_code != 0 and not (tmp_path / "g.html").exists()
    assert value in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("value", ["2019-02-28", "2020-02-29", "2019-03", "2019"])
def test_a_real_date_or_month_or_year_is_taken(seeds_store, tmp_path, value):
    r = invoke("render", "--store", seeds_store, "--since", value, "-o", tmp_path / "g.html")
    assert r.exit_code == 0, r.output


def test_the_python_api_checks_dates_too(seeds_store, tmp_path):
    from kg.errors import InputError
    from kg.store import Store
    from kg.views.html import render

    with Store.open_read(seeds_store) as st, pytest.raises(InputError, match="2019-13-01"):
        render(st, tmp_path / "g.html", since="2019-13-01")


@pytest.mark.parametrize("spelling", ["person", "PERSON", "Person"])
def test_type_is_case_insensitive_everywhere(seeds_store, tmp_path, spelling):
    r = invoke("render", "--store", seeds_store, "--type", spelling, "-o", tmp_path / "g.html")
    assert r.exit_code == 0, r.output
    people = invoke("render", "--store", seeds_store, "--type", "Person", "-o", tmp_path / "p.html").stdout
    assert r.stdout.split(" -> ")[0] == people.split(" -> ")[0]
    assert invoke("top", "--store", seeds_store, "--type", spelling, "--csv").exit_code == 0


def test_the_python_api_takes_a_type_in_any_case(seeds_store):
    from kg.api import Graph

    with Graph(seeds_store) as g:
        assert list(g.top("person")) == list(g.top("Person"))


def test_a_build_that_read_nothing_creates_no_store(tmp_path):
    r = subprocess.run([*KG, "build", "nosuch.txt"], cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode != 0 and "nosuch.txt" in r.stderr
    assert not (tmp_path / ".kg").exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    r = subprocess.run([*KG, "build", "empty", "--store", "a/new/store"], cwd=tmp_path, capture_output=True)
    assert r.returncode != 0 and not (tmp_path / "a").exists()
    q = subprocess.run([*KG, "query", "entities"], cwd=tmp_path, capture_output=True, text=True)
    assert q.returncode != 0 and "no kg store" in q.stderr


def test_a_build_that_read_nothing_keeps_a_store_that_was_there(store_copy):
    before = invoke("query", "entities", "--store", store_copy, "--csv").stdout
    r = invoke("build", "nosuch.txt", "--store", store_copy)
    assert r.exit_code != 0 and store_copy.is_dir()
    assert invoke("query", "entities", "--store", store_copy, "--csv").stdout == before and before.count("\n") > 5


def test_a_store_path_gets_its_parent_folders(tmp_path):
    target = tmp_path / "a" / "new" / "path"
    r = invoke("build", SEEDS / "000_27735b4e4882bb1f.txt", "--store", target, "-q")
    assert r.exit_code == 0, r.output
    assert invoke("articles", "--store", target, "--csv").stdout.count("\n") == 2


def test_count_articles_is_the_build_total(tmp_path):
    from kg.ingest.articles import count_articles

    (tmp_path / "feed.jsonl").write_text('{"text": "One."}\n\n{"text": "Two."}\n{"text": "Three."}\n')
    assert count_articles([SEEDS]) == 5
    # the missing file is one failed article for the build
    assert count_articles([SEEDS, tmp_path / "feed.jsonl", tmp_path / "nosuch.txt"]) == 9
    assert count_articles([SEEDS, Path("-")]) is None  # standard input: not known before it is read


def test_every_article_moves_the_progress_on_written_skipped_or_failed(tmp_path):
    from kg.builder.runner import build

    folder = tmp_path / "news"
    shutil.copytree(SEEDS, folder)
    (folder / "bad.txt").write_bytes(b"\xff\xfe not text \x00" * 3)
    ticks: list[str] = []
    build([folder], tmp_path / "s", progress=ticks.append)
    first = len(ticks)
    ticks.clear()
    build([folder], tmp_path / "s", progress=ticks.append)  # all unchanged now
    assert first == len(ticks) == 6


@pytest.mark.skipif(shutil.which("script") is None, reason="needs script(1) for a terminal")
def test_the_build_bar_on_a_terminal_shows_its_total_and_time_left(tmp_path):
    """Under a pseudo-terminal (script(1)) tqdm draws the bar: "n/5 [elapsed<left"."""
    import re

    cmd = " ".join([sys.executable, "-m", "kg", "build", str(SEEDS), "--store", str(tmp_path / "s"), "-j", "1"])
    r = subprocess.run(["script", "-qec", f"stty cols 120 rows 40; {cmd}", "/dev/null"], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stdout
    assert re.search(r"\b[1-5]/5 \[\d\d:\d\d<\d\d:\d\d", r.stdout), r.stdout[-500:]


@pytest.mark.parametrize("endpoint", ["http://localhost:99999/q", "http://localhost:abc/q"])
def test_an_endpoint_with_a_bad_port_is_one_line(endpoint):
    r = subprocess.run([*KG, "query", "entities", "--endpoint", endpoint], capture_output=True, text=True)
    assert r.returncode != 0 and "[KG601]" in r.stderr and "Traceback" not in r.stderr
