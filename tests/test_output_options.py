"""Output options as sqlite-utils has them: --csv, --tsv, --json (an array of objects), --nl
(one object a line), --table, --no-headers; SPARQL results JSON as --format srj; -h."""

import csv
import io
import json

import pytest
from click.testing import CliRunner

from kg.cli import COMMANDS, main


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_json_is_an_array_of_objects(seeds_store):
    r = invoke("query", "entities", "--store", seeds_store, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    rows = list(csv.DictReader(io.StringIO(invoke("query", "entities", "--store", seeds_store, "--csv").stdout)))
    assert isinstance(data, list) and len(data) == len(rows) > 0
    assert sorted(data, key=json.dumps) == sorted(rows, key=json.dumps)  # the same values, as strings
    assert invoke("query", "entities", "--store", seeds_store, "--format", "json").stdout == r.stdout


def test_json_numbers_are_numbers(seeds_store):
    q = ("SELECT ?n ?x ?b ?unbound WHERE { { SELECT (COUNT(*) AS ?n) WHERE { ?s kg:personMention ?o } } "
         "BIND(1.5 AS ?x) BIND(true AS ?b) OPTIONAL { ?s <urn:nothing> ?unbound } }")
    r = invoke("query", q, "--store", seeds_store, "--json")
    [row] = json.loads(r.stdout)
    assert isinstance(row["n"], int) and row["n"] > 0 and row["x"] == 1.5 and row["b"] is True
    assert row["unbound"] is None


def test_nl_is_one_object_a_line(seeds_store):
    r = invoke("query", "entities", "--store", seeds_store, "--nl")
    lines = r.stdout.splitlines()
    assert lines and all(isinstance(json.loads(line), dict) for line in lines)
    assert [json.loads(line) for line in lines] == json.loads(invoke("query", "entities", "--store", seeds_store,
                                                                      "--json").stdout)


def test_srj_is_sparql_results_json(seeds_store):
    doc = json.loads(invoke("query", "dates", "--store", seeds_store, "--format", "srj").stdout)
    assert doc["head"]["vars"] == ["text", "date", "source"] and doc["results"]["bindings"]


@pytest.mark.parametrize("fmt", ["json", "nl", "srj", "csv"])
def test_a_dump_run_one_article_at_a_time_gives_the_same_rows(seeds_store, fmt):
    """kg query provenance over the whole store runs one article at a time (kg.query.by_article)."""
    whole = invoke("query", "provenance", "--store", seeds_store, "--format", fmt).stdout
    one = invoke("query", "provenance", "--store", seeds_store, "--format", fmt, "--limit", 100000).stdout
    if fmt == "json":
        assert sorted(map(json.dumps, json.loads(whole))) == sorted(map(json.dumps, json.loads(one)))
    elif fmt == "nl":
        assert sorted(whole.splitlines()) == sorted(one.splitlines())
    elif fmt == "srj":
        rows = [json.loads(t)["results"]["bindings"] for t in (whole, one)]
        assert sorted(map(json.dumps, rows[0])) == sorted(map(json.dumps, rows[1]))
    else:
        assert sorted(whole.splitlines()) == sorted(one.splitlines())


@pytest.mark.parametrize("flag", ["--csv", "--tsv", "--table"])
def test_a_flag_is_its_format(seeds_store, flag):
    by_flag = invoke("query", "entities", "--store", seeds_store, flag)
    by_name = invoke("query", "entities", "--store", seeds_store, "--format", flag[2:])
    assert by_flag.exit_code == 0 and by_flag.stdout == by_name.stdout


@pytest.mark.parametrize(("fmt", "drop"), [("--csv", 1), ("--tsv", 1), ("--table", 2)])
def test_no_headers(seeds_store, fmt, drop):
    with_head = invoke("query", "entities", "--store", seeds_store, fmt).stdout.splitlines()
    without = invoke("query", "entities", "--store", seeds_store, fmt, "--no-headers").stdout.splitlines()
    assert without == with_head[drop:]


def test_two_formats_at_once_are_refused(seeds_store):
    r = CliRunner().invoke(main, ["query", "entities", "--store", str(seeds_store), "--csv", "--json"])
    assert r.exit_code == 2 and "--csv" in r.stderr and "--json" in r.stderr


@pytest.mark.parametrize("command", [["articles"], ["top"], ["neighbours", "Mustafa Bali"], ["curation"]])
def test_table_printing_commands_share_the_options(seeds_store, command):
    data = json.loads(invoke(*command, "--store", seeds_store, "--json").stdout)
    assert isinstance(data, list) and all(isinstance(row, dict) for row in data)
    if command != ["curation"]:
        assert data
        assert invoke(*command, "--store", seeds_store, "--nl").stdout.count("\n") == len(data)
        text = invoke(*command, "--store", seeds_store, "--csv", "--no-headers").stdout
        assert text.count("\n") == len(data)


def test_stats_json_is_its_format_json_without_a_warning(seeds_store):
    r = CliRunner().invoke(main, ["stats", "--store", str(seeds_store), "--json"])
    assert r.exit_code == 0 and not r.stderr
    assert json.loads(r.stdout) == json.loads(invoke("stats", "--store", seeds_store, "--format", "json").stdout)


@pytest.mark.parametrize("name", [None, *sorted(COMMANDS)])
def test_h_is_help(name):
    args = [name, "-h"] if name else ["-h"]
    r = invoke(*args)
    assert r.exit_code == 0 and r.stdout == invoke(*args[:-1], "--help").stdout
