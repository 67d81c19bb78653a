"""kg export in every format, then kg load into an empty store, gives back every named
query's rows (issue 18: a Turtle export loaded elsewhere gave 0 articles and 0 rows)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.query import named_queries
from kg.rdf.export import FORMATS, QUAD_FORMATS, export_bytes

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
    assert _unplaced(tmp_path / "other") == 0  # every statement went back into its article's graph
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


@pytest.mark.parametrize("fmt", sorted(set(FORMATS) - QUAD_FORMATS))
def test_a_triple_format_says_which_article_each_mention_is_in(seeds_store, fmt):
    """A mention is a value on its entity; without graphs only its reification, named by
    its article, says whose text its offsets point into."""
    import pyoxigraph as ox

    from kg.store import Store

    rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    with Store.open_read(seeds_store) as store:
        mentions = [q for q in store.quads() if q.predicate.value.endswith("Mention")]
        data = export_bytes(store, fmt)
    triples = list(ox.parse(data, format=getattr(ox.RdfFormat, FORMATS[fmt])))
    stated = {}
    for t in triples:
        if t.predicate.value.startswith(rdf) and t.predicate.value[len(rdf):] in ("subject", "predicate", "object"):
            stated.setdefault(t.subject.value, {})[t.predicate.value[len(rdf):]] = t.object
    placed = {(v["subject"], v["predicate"], v["object"], node.rsplit("/", 1)[0]) for node, v in stated.items()}
    assert len(mentions) > 100
    assert placed == {(q.subject, q.predicate, q.object, q.graph_name.value) for q in mentions}
