"""kg query: an analyst's own SPARQL needs no PREFIX for kg's and the common vocabularies,
and a syntax error reads as a sentence, not as the parser's grammar."""

import pytest
from click.testing import CliRunner

from kg.cli import main


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.mark.parametrize("pattern", [
    "?p a schema:Person", "?p a kg:Person", "?p skos:prefLabel ?l", "?p rdf:type ?t",
    "?t rdfs:label ?l", "?a kg:date ?d FILTER(DATATYPE(?d) = xsd:date)", "?a prov:wasAttributedTo ?x",
])
def test_common_prefixes_need_no_declaration(seeds_store, pattern):
    r = invoke("query", f"SELECT (COUNT(*) AS ?n) WHERE {{ {pattern} }}", "--store", seeds_store, "--format", "csv")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "n"


def test_a_declared_prefix_wins(seeds_store):
    q = "PREFIX schema: <urn:other:> SELECT (COUNT(*) AS ?n) WHERE { ?p a schema:Person }"
    r = invoke("query", q, "--store", seeds_store, "--format", "csv")
    assert r.exit_code == 0 and r.output.splitlines()[1] == "0"


def test_the_python_api_knows_them_too(seeds_store):
    from kg.query import run
    from kg.store import Store

    with Store.open_read(seeds_store) as st:
        variables, rows = run(st, "SELECT ?p WHERE { ?p kg:personMention ?m } LIMIT 1")
    assert variables == ["p"] and rows


@pytest.mark.parametrize(("query", "says"), [
    ("SELECT ?x WHERE { ?x a foo:Person }", 'unknown prefix "foo:" at line 1, column 24'),
    ("SELECT ?x WHERE {\n  ?x a <urn:x> .\n  ?x nope:p ?y }", 'unknown prefix "nope:" at line 3, column 6'),
    ("SELECT ?x WHERE { ?x a <urn:x> ", "the query ends too soon at line 1, column 32"),
    ("SELEC ?x WHERE { }", 'begins with SELECT, CONSTRUCT, ASK or DESCRIBE (after any PREFIX), not "SELEC"'),
    ('SELECT ?x WHERE { ?x ?p "abc }', "the query ends too soon at line 1, column 31"),
])
def test_a_syntax_error_is_worded_plainly(seeds_store, query, says):
    r = CliRunner().invoke(main, ["query", query, "--store", str(seeds_store)])
    assert r.exit_code != 0
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kg: [KG306] malformed SPARQL query: "), r.stderr
    assert says in lines[0]
    assert "Prefix not found" not in lines[0] and "['" not in lines[0] and "[_]" not in lines[0]
