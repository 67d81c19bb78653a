"""The CLI behaves like the tools analysts know (issue 18): clear errors with a "did you
mean", labelled counts, a list of the articles, and (issue 16) rows streamed as they come,
--limit/--offset, kg top and kg neighbours."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.query import named_queries

from .conftest import GOLD, SEEDS

KG = [sys.executable, "-m", "kg"]


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def _csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


# --- kg eval on a store without the gold articles --------------------------------------------

def test_eval_on_a_store_with_none_of_the_gold_articles_is_an_error(tmp_path):
    (tmp_path / "a.txt").write_text("The army said 12 people died in Baghouz on Monday.\n")
    assert invoke("build", tmp_path / "a.txt", "--store", tmp_path / "store", "-j", "1").exit_code == 0
    r = invoke("eval", GOLD, "--store", tmp_path / "store")
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.startswith("kg: [KG164] none of the 5 gold articles") and len(r.stderr.splitlines()) == 1


def test_eval_warns_about_the_gold_articles_missing_from_the_store(store_copy):
    assert invoke("remove", "001_00adbe57efcb47f9.txt", "--store", store_copy).exit_code == 0
    r = invoke("eval", GOLD, "--store", store_copy, "--format", "json")
    assert r.exit_code == 0 and json.loads(r.stdout)["missing"] == ["001_00adbe57efcb47f9.txt"]
    assert "[KG165] 1 of the 5 gold articles are not in the store" in r.stderr
    assert "001_00adbe57efcb47f9.txt" in r.stderr


# --- the same words in kg build and kg stats ----------------------------------------------------

def test_build_and_stats_label_what_they_count(tmp_path):
    r = invoke("build", SEEDS, "--store", tmp_path / "s", "-j", "1")
    assert "entities (counted per article; kg stats counts distinct ones)" in r.stdout
    per_article = int(r.stdout.split("in the articles written: ")[1].split()[0])
    s = invoke("stats", "--store", tmp_path / "s").stdout
    assert "triples" not in s and "\nquads " in s
    distinct = int(s.split("\nentities ")[1].split()[0])
    assert "distinct" in s and 0 < distinct <= per_article
    assert distinct == sum(json.loads(invoke("stats", "--store", tmp_path / "s", "--format", "json").stdout)
                           ["entities"].values())


# --- kg articles and kg remove --------------------------------------------------------------

def test_articles_lists_every_article_with_its_metadata(seeds_store):
    r = invoke("articles", "--store", seeds_store, "--format", "csv")
    assert r.exit_code == 0
    rows = _csv(r.stdout)
    assert list(rows[0]) == ["source", "title", "published", "outlet", "url"]
    with (SEEDS / "metadata.csv").open() as fh:
        meta = {m["file"]: m for m in csv.DictReader(fh)}
    assert [row["source"] for row in rows] == sorted(meta)
    for row in rows:
        assert (row["published"], row["outlet"]) == (meta[row["source"]]["published"], meta[row["source"]]["outlet"])
    table = invoke("articles", "--store", seeds_store, "--format", "table").stdout
    assert "(5 rows)" in table and "ITV News" in table


def test_remove_names_what_it_wants_and_the_closest_article(store_copy):
    before = invoke("articles", "--store", store_copy, "--format", "csv").stdout
    r = invoke("remove", "001_00adbe57efcb47f9", "--store", store_copy)
    assert r.exit_code == 1 and len(r.stderr.splitlines()) == 1
    assert r.stderr.startswith("kg: [KG167]") and "kg articles" in r.stderr
    assert "did you mean '001_00adbe57efcb47f9.txt'?" in r.stderr
    assert invoke("articles", "--store", store_copy, "--format", "csv").stdout == before


# --- kg serve on a missing store ----------------------------------------------------------------

def test_serve_fails_before_announcing_an_endpoint(tmp_path):
    r = subprocess.run([*KG, "serve", "--store", str(tmp_path / "missing")], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 1 and r.stderr.startswith("kg: [KG201]") and "SPARQL endpoint" not in r.stderr


# --- did you mean ---------------------------------------------------------------------------

@pytest.mark.parametrize("args, hint", [
    (["query", "alias"], "did you mean 'aliases'?"),
    (["expot"], "did you mean 'export'?"),
    (["stats", "--format", "jsn"], "did you mean 'json'?"),
    (["export", "--format", "trutle"], "did you mean 'turtle'?"),
])
def test_a_misspelt_name_gets_one_suggestion(seeds_store, args, hint):
    r = invoke(*args, "--store", seeds_store) if args[0] != "expot" else invoke(*args)
    assert r.exit_code != 0 and hint in r.output
    assert sum(hint in line for line in r.output.splitlines()) == 1


# --- JSON Lines with another text field -----------------------------------------------------

def test_jsonl_without_the_text_field_gets_one_message_naming_the_fields(tmp_path):
    lines = [{"id": str(i), "headline": f"Story {i}", "body": f"The army said {i} people died in Baghouz."}
             for i in range(4)]
    (tmp_path / "feed.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    r = invoke("build", tmp_path / "feed.jsonl", "--store", tmp_path / "s", "-j", "1")
    assert r.exit_code == 1
    errors = [ln for ln in r.stderr.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1, r.stderr
    assert "[KG166]" in errors[0] and "3 more lines" in errors[0]
    assert "body, headline, id" in errors[0] and "--field text=body" in errors[0]
    ok = invoke("build", tmp_path / "feed.jsonl", "--store", tmp_path / "s", "-j", "1", "--field", "text=body")
    assert ok.exit_code == 0 and ok.stdout.startswith("4 added")


# --- streamed rows, --limit and --offset ----------------------------------------------------------

@pytest.mark.parametrize("name", ["aliases", "entities"])
@pytest.mark.parametrize("fmt", ["csv", "tsv", "srj", "json", "table"])
def test_limit_and_offset_give_that_slice_of_the_rows(seeds_store, name, fmt):
    whole = _csv(invoke("query", name, "--store", seeds_store, "--format", "csv").stdout)
    assert len(whole) > 5
    part = invoke("query", name, "--store", seeds_store, "--format", fmt, "--limit", 3, "--offset", 2)
    assert part.exit_code == 0, part.output
    if fmt == "csv":
        assert _csv(part.stdout) == whole[2:5]
    elif fmt == "srj":
        assert len(json.loads(part.stdout)["results"]["bindings"]) == 3
    elif fmt == "json":
        rows = json.loads(part.stdout)  # an array of objects, unbound as null
        assert [{k: "" if v is None else str(v) for k, v in row.items()} for row in rows] == whole[2:5]
    else:
        assert "(3 rows)" in part.stdout if fmt == "table" else len(part.stdout.splitlines()) == 4


def test_limit_applies_to_a_query_with_its_own_limit(seeds_store):
    q = "SELECT ?s ?p ?o WHERE { ?s ?p ?o } ORDER BY ?s ?p ?o LIMIT 10"
    whole = _csv(invoke("query", q, "--store", seeds_store, "--format", "csv").stdout)
    part = invoke("query", q, "--store", seeds_store, "--format", "csv", "--limit", 2, "--offset", 8)
    assert len(whole) == 10 and _csv(part.stdout) == whole[8:10]


def test_the_first_rows_come_before_the_query_ends(seeds_store):
    """A cross product of every statement with every other (millions of rows): the first
    lines come at once, and the process is stopped long before the end."""
    q = "SELECT ?a ?b WHERE { ?a ?p ?x . ?b ?q ?y }"
    start = time.monotonic()
    p = subprocess.Popen([*KG, "query", q, "--store", str(seeds_store), "--format", "csv"], stdout=subprocess.PIPE)
    try:
        lines = [p.stdout.readline() for _ in range(1000)]
        took = time.monotonic() - start
    finally:
        p.kill()
        p.wait()
    assert lines[0] == b"a,b\r\n" and all(lines)
    assert took < 20, took


def test_a_limited_cross_product_finishes_within_the_timeout(seeds_store):
    q = "SELECT ?a ?b WHERE { ?a ?p ?x . ?b ?q ?y }"
    r = invoke("query", q, "--store", seeds_store, "--format", "csv", "--limit", 5, "--timeout", 10)
    assert r.exit_code == 0 and len(r.stdout.splitlines()) == 6


# --- kg top and kg neighbours -----------------------------------------------------------------

def test_an_entity_is_found_by_label_alias_or_iri_and_an_ambiguous_name_lists_them(store_copy):
    from kg.errors import QueryError
    from kg.query.entities import find_entities, resolve_entity
    from kg.store import Store

    with Store.open_read(store_copy) as st:
        aliases = _csv(invoke("query", "aliases", "--store", store_copy, "--format", "csv").stdout)
        row = aliases[0]
        assert resolve_entity(st, row["label"]) == row["entity"]
        assert resolve_entity(st, row["alias"]) == row["entity"]
        assert resolve_entity(st, row["label"].upper()) == row["entity"]
        odd = "".join(c.lower() if k % 2 else c.upper() for k, c in enumerate(row["label"]))
        assert resolve_entity(st, odd) == row["entity"]
        st.summary.refresh(st)
        assert row["entity"] in {e for e, _ in st.summary.named(odd)}  # the summary's labels, in any case
        assert resolve_entity(st, f"<{row['entity']}>") == row["entity"]
        with pytest.raises(QueryError, match=r"\[KG313\]"):
            resolve_entity(st, "No Such Entity Anywhere")
    other = next(r for r in aliases if r["entity"] != row["entity"])
    import pyoxigraph as ox

    with Store(store_copy) as st:  # another entity also called by the first one's label
        st.raw.add(ox.Quad(ox.NamedNode(other["entity"]), ox.NamedNode("http://www.w3.org/2004/02/skos/core#altLabel"),
                           ox.Literal(row["label"]), ox.NamedNode("urn:x:g")))
    with Store.open_read(store_copy) as st:
        assert {iri for iri, _ in find_entities(st, row["label"])} == {row["entity"], other["entity"]}
    if "neighbours" not in named_queries():
        return
    r = invoke("neighbours", row["label"], "--store", store_copy)
    assert r.exit_code == 2 and "[KG314] 2 entities are named" in r.stderr
    assert row["entity"] in r.stderr and other["entity"] in r.stderr


@pytest.mark.skipif("top" not in named_queries(), reason="the named query top is not there yet")
def test_top_runs_the_named_query_with_its_type_and_limit(seeds_store):
    r = invoke("top", "--store", seeds_store, "--format", "csv", "--limit", 3)
    rows = _csv(r.stdout)
    assert r.exit_code == 0 and 0 < len(rows) <= 3
    assert list(rows[0])[:5] == ["entity", "label", "type", "articles", "mentions"]
    people = _csv(invoke("top", "--store", seeds_store, "--format", "csv", "--type", "person").stdout)
    assert people and {p["type"].rsplit("#", 1)[-1] for p in people} == {"Person"}
    whole = invoke("query", "top", "--store", seeds_store, "--format", "csv", "--limit", 3).stdout
    assert r.stdout == whole


@pytest.mark.skipif("neighbours" not in named_queries(), reason="the named query neighbours is not there yet")
def test_neighbours_takes_a_label_and_gives_the_rows_of_the_iri(seeds_store):
    entities = _csv(invoke("query", "entities", "--store", seeds_store, "--format", "csv").stdout)
    label, iri = entities[0]["label"], entities[0]["entity"]
    by_label = invoke("neighbours", label, "--store", seeds_store, "--format", "csv")
    by_iri = invoke("query", "neighbours", "--store", seeds_store, "--format", "csv", "-p", "entity", f"<{iri}>")
    assert by_label.exit_code == 0 and by_label.stdout == by_iri.stdout
    assert list(_csv(by_label.stdout)[0])[:5] == ["neighbour", "label", "type", "articles", "affiliated"]


# --- progress bars ----------------------------------------------------------------------------

def _stderr_on_a_terminal(argv: list[str]) -> bytes:
    """What a command writes to standard error when that is a terminal (a pty of 120 columns)."""
    import fcntl
    import os
    import pty
    import struct
    import termios

    main_fd, child_fd = pty.openpty()
    fcntl.ioctl(child_fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    p = subprocess.Popen(argv, stderr=child_fd, stdout=subprocess.DEVNULL)
    os.close(child_fd)
    out = b""
    while True:
        try:
            data = os.read(main_fd, 4096)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        out += data
    p.wait(timeout=120)
    os.close(main_fd)
    return out


def test_export_shows_a_progress_bar_on_a_terminal_only(seeds_store, tmp_path):
    argv = [*KG, "export", "--store", str(seeds_store), "--format", "nq", "-o", str(tmp_path / "g.nq")]
    assert b"graph/s]" in _stderr_on_a_terminal(argv)
    assert b"graph/s]" not in _stderr_on_a_terminal([*argv, "--quiet"])
    piped = subprocess.run(argv, capture_output=True, text=True)
    out = tmp_path / "g.nq"
    assert piped.returncode == 0 and piped.stderr == f"{out.stat().st_size} bytes -> {out}\n"


# --- the same from Python ---------------------------------------------------------------------

def test_python_api_pages_rows_and_runs_top_and_neighbours(seeds_store):
    import kg

    with kg.open(seeds_store) as g:
        whole = g.query("aliases").rows
        assert g.query("aliases", limit=2, offset=1).rows == whole[1:3]
        with pytest.raises(TypeError):
            g.query("aliases", limit=-1)
        if "top" in named_queries():
            top = g.top("Person", limit=3)
            assert 0 < len(top.rows) <= 3 and {r[top.columns.index("type")] for r in top.rows} == {"Person"}
        if "neighbours" in named_queries():
            label = g.query("entities").rows[0][1]
            assert g.neighbours(label).columns[:2] == ["neighbour", "label"]


# --- kg query --endpoint ------------------------------------------------------------------------

def test_query_on_an_endpoint_gives_the_csv_of_the_local_store(store_copy):
    from .test_remote import command, free_port, wait_ready

    port = free_port()
    argv = command(store_copy, port)
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_ready(f"http://127.0.0.1:{port}", proc)
        url = f"http://127.0.0.1:{port}/query"
        for name in ("aliases", "entities", "spokespeople"):
            local = invoke("query", name, "--store", store_copy, "--format", "csv", "--limit", 5, "--offset", 1,
                           "--sort")
            remote = invoke("query", name, "--endpoint", url, "--format", "csv", "--limit", 5, "--offset", 1, "--sort")
            assert remote.exit_code == 0 and remote.stdout == local.stdout and remote.stdout.count("\n") > 1, name
        r = invoke("query", "aliases", "--endpoint", url, "--format", "json")
        assert r.exit_code == 2 and "[KG315]" in r.stderr
    finally:
        proc.terminate()
        proc.wait(10)
