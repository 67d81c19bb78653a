import csv
import io
import json

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.errors import QueryError
from kg.query import format_rows, named_queries, resolve_query, run
from kg.store import Store

COLUMNS = {
    "entities": ["entity", "label", "type", "source"],
    "aliases": ["entity", "label", "alias"],
    "spokespeople": ["person", "personLabel", "organisation", "organisationLabel", "role", "spokesperson", "source"],
    "counts": ["value", "upper", "qualifier", "what", "event", "date", "place", "source", "sentence"],
    "dates": ["text", "date", "source"],
    "statements": ["speaker", "speakerLabel", "quote", "source", "sentence"],
}


def test_named_queries_have_descriptions():
    nq = named_queries()
    assert set(COLUMNS) | {"provenance", "timeline"} <= set(nq)
    assert all(q.description for q in nq.values())


@pytest.mark.parametrize("name", sorted(COLUMNS))
def test_named_query_columns_and_rows(seeds_store, name):
    with Store.open_read(seeds_store) as st:
        variables, rows = run(st, resolve_query(name))
    assert variables == COLUMNS[name]
    assert rows, name


def test_counts_on_seeds_are_real(seeds_store):
    with Store.open_read(seeds_store) as st:
        variables, rows = run(st, resolve_query("counts"))
    table = list(csv.DictReader(io.StringIO(format_rows(variables, rows, "csv"))))
    hit = [r for r in table if r["value"] == "6000"]
    assert hit and hit[0]["qualifier"] == "more than" and hit[0]["source"] == "000_27735b4e4882bb1f.txt"
    rng = [r for r in table if r["upper"] == "30000"]
    assert rng and rng[0]["value"] == "20000" and rng[0]["date"] == "2018-07"


def test_parameter_binding(seeds_store):
    with Store.open_read(seeds_store) as st:
        _, rows = run(st, resolve_query("entities"), {"source": "002_167a2ecf2e1924a6.txt"})
    assert rows and {r[3].value for r in rows} == {"002_167a2ecf2e1924a6.txt"}


def test_srj_is_sparql_results_format(seeds_store):
    with Store.open_read(seeds_store) as st:
        v, rows = run(st, resolve_query("dates"))
    doc = json.loads(format_rows(v, rows, "srj"))
    assert doc["head"]["vars"] == ["text", "date", "source"]
    assert doc["results"]["bindings"][0]["text"]["type"] == "literal"


def test_updates_are_refused_without_flag(seeds_store):
    with Store.open_read(seeds_store) as st, pytest.raises(QueryError, match="read-only"):
        run(st, "PREFIX x: <http://x/> DELETE WHERE { ?s ?p ?o }")


def test_malformed_query_gives_position(seeds_store):
    with Store.open_read(seeds_store) as st, pytest.raises(QueryError, match=r"at line 1, column \d+"):
        run(st, "SELECT ?x WHERE { ?x }")


def test_unknown_named_query():
    with pytest.raises(QueryError, match="unknown named query"):
        resolve_query("nosuchquery")


SEEDS_HAVE_NONE = {"role_changes"}  # the seeds report no one starting or leaving a role


@pytest.mark.parametrize("name", sorted(n for n, q in named_queries().items() if "?source" in q.text.split("WHERE")[0]))
def test_a_bound_source_gives_exactly_that_article_s_rows(seeds_store, name):
    # the binding is also written as VALUES at the start of WHERE (for speed): same rows as filtering
    text = resolve_query(name)
    with Store.open_read(seeds_store) as st:
        variables, rows = run(st, text)
        col = variables.index("source")
        sources = sorted({r[col].value for r in rows})
        if name in SEEDS_HAVE_NONE:  # checked on invented articles instead (tests/test_role_changes.py)
            assert not sources
            return
        assert len(sources) >= 4
        for source in sources:
            _, bound = run(st, text, {"source": source})
            assert [[t and t.value for t in r] for r in bound] == \
                [[t and t.value for t in r] for r in rows if r[col].value == source]


def test_a_bound_value_cannot_escape_its_literal(seeds_store):
    with Store.open_read(seeds_store) as st:
        _, rows = run(st, resolve_query("entities"), {"source": 'x" } } SELECT * WHERE { ?s ?p ?o } #'})
    assert rows == []


@pytest.mark.parametrize("name", sorted(set(named_queries()) - {"top", "neighbours"}))
def test_unsorted_named_query_streams_the_same_rows_as_sorted(seeds_store, name):
    """kg query NAME streams without its final ORDER BY (no row held back for a sort of the
    whole result; an Oxigraph variant may order one article's rows as it goes); --sort gives
    the query's own order; the rows are the same either way."""
    sorted_text, streamed = resolve_query(name), resolve_query(name, sort=False)
    final = "\nORDER BY "
    assert final in sorted_text and final not in streamed
    with Store.open_read(seeds_store) as st:
        a = run(st, sorted_text)
        b = run(st, streamed)
    assert a[0] == b[0] and (len(a[1]) > 0 or name in SEEDS_HAVE_NONE)
    assert sorted(map(repr, a[1])) == sorted(map(repr, b[1]))


@pytest.mark.parametrize("name", ["top", "neighbours"])
def test_a_ranking_keeps_its_order_unsorted(name):
    assert resolve_query(name, sort=False) == resolve_query(name)


def test_a_binding_that_fails_leaves_the_next_binding_of_the_same_query_right(seeds_store):
    """The projection of a query is remembered per (text, names bound); a value that cannot be written
    as VALUES (a blank node) must not leave a wrong projection behind for the next values."""
    import pyoxigraph as ox

    text = resolve_query("entities")
    with Store.open_read(seeds_store) as st:
        try:
            run(st, text, {"source": ox.BlankNode()})
        except QueryError:
            pass
        _, rows = run(st, text, {"source": "002_167a2ecf2e1924a6.txt"})
    assert rows and {r[3].value for r in rows} == {"002_167a2ecf2e1924a6.txt"}


@pytest.mark.parametrize("name", ["counts", "statements"])
def test_unsorted_rows_of_one_article_stream_in_the_order_of_its_text(seeds_store, name):
    """Unsorted, the articles come in the store's order but each article's counts and
    statements in the order of its text, as --sort orders them within an article: a consumer
    that reads an article's rows in order (a scorer matching greedily) sees the same order
    whatever the store's layout."""
    with Store.open_read(seeds_store) as st:
        variables, in_order = run(st, resolve_query(name))
        _, streamed = run(st, resolve_query(name, sort=False))
    source = variables.index("source")

    def by_article(rows) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for row in rows:
            out.setdefault(row[source].value, []).append(repr(row))
        return out

    assert by_article(streamed) == by_article(in_order) and len(by_article(in_order)) == 5


def test_parameters_bound_without_values_give_the_rows_bound_with_them(seeds_store):
    """``values=False`` binds the parameters by substitution alone (a view binds the graph it reads
    that way): the rows are those the VALUES block gives, and a parameter the query does not
    project is refused with KG307, as pyoxigraph cannot bind it."""
    import pyoxigraph as ox

    text = ("PREFIX kg: <https://w3id.org/kg-news/ontology#>\n"
            "SELECT ?g ?entity ?at WHERE { GRAPH ?g { ?entity kg:organisationMention ?at } }")
    with Store.open_read(seeds_store) as st:
        _, every = run(st, text)
        graphs = sorted({r[0].value for r in every})
        assert len(graphs) == 5
        for g in graphs:
            _, by_values = run(st, text, {"g": ox.NamedNode(g)})
            _, substituted = run(st, text, {"g": ox.NamedNode(g)}, values=False)
            assert sorted(map(repr, substituted)) == sorted(map(repr, by_values))
            assert substituted and {r[0].value for r in substituted} == {g}
        with pytest.raises(QueryError, match="KG307"):
            run(st, text.replace("SELECT ?g ", "SELECT "), {"g": ox.NamedNode(graphs[0])}, values=False)


@pytest.mark.parametrize("name", ["counts", "statements", "provenance", "timeline"])
@pytest.mark.parametrize("fmt", ["csv", "tsv", "srj", "json", "nl", "table"])
def test_a_dump_run_one_article_at_a_time_has_the_rows_of_the_whole_store_query(seeds_store, name, fmt):
    """A whole-store dump of a named query that cuts sentences from the text runs one article at a
    time (Oxigraph keeps what a query computes until it ends): one header, one JSON document, and
    the rows of the query over the whole store."""
    from kg.query import stream_query
    from kg.query.by_article import one_article_at_a_time

    text = resolve_query(name, sort=False)
    assert one_article_at_a_time(text) and not one_article_at_a_time(resolve_query(name))
    whole, parts = io.BytesIO(), io.BytesIO()
    stream_query(seeds_store, text, {}, fmt, whole)
    stream_query(seeds_store, text, {}, fmt, parts, by_article=True)
    a, b = whole.getvalue().decode("utf-8"), parts.getvalue().decode("utf-8")
    if fmt == "json":  # an array of objects
        ja, jb = json.loads(a), json.loads(b)
        assert len(ja) > 5 and sorted(map(json.dumps, ja)) == sorted(map(json.dumps, jb))
    elif fmt == "nl":
        la, lb = a.splitlines(), b.splitlines()
        assert len(la) > 5 and sorted(la) == sorted(lb) and all(json.loads(x) for x in la)
    elif fmt == "srj":
        ja, jb = json.loads(a), json.loads(b)
        assert ja["head"] == jb["head"] and len(ja["results"]["bindings"]) > 5
        assert sorted(map(json.dumps, ja["results"]["bindings"])) == sorted(map(json.dumps, jb["results"]["bindings"]))
    elif fmt == "table":  # the column widths come from the first rows, which come in another order
        la, lb = a.splitlines(), b.splitlines()
        assert la[0].split() == lb[0].split() and la[-1] == lb[-1] and la[-1] != "(0 rows)"
    else:
        la, lb = a.splitlines(), b.splitlines()
        assert la[0] == lb[0] and len(la) > 6 and sorted(la[1:]) == sorted(lb[1:])


def test_only_a_dump_whose_rows_each_name_one_article_is_run_one_article_at_a_time():
    from kg.query.by_article import one_article_at_a_time

    assert not one_article_at_a_time(resolve_query("entities", sort=False))  # nothing computed per row
    assert not one_article_at_a_time(resolve_query("dates", sort=False))  # grouped
    assert not one_article_at_a_time(resolve_query("top", sort=False))
    cut = resolve_query("provenance", sort=False)
    assert one_article_at_a_time(cut)
    assert not one_article_at_a_time(cut + "\nLIMIT 10")
    assert not one_article_at_a_time(cut + "\nORDER BY ?source # {sorted}")
    assert not one_article_at_a_time(cut.replace("?source WHERE", "WHERE", 1))  # no source column
    assert not one_article_at_a_time(cut.replace("?source WHERE", "where", 1))
    optional = cut.replace("GRAPH ?g { ?g kg:sourceFile", "OPTIONAL { GRAPH ?g { ?g kg:sourceFile", 1).replace(
        "kg:sentences ?sents . }", "kg:sentences ?sents . } }", 1)
    assert optional != cut and not one_article_at_a_time(optional)  # a row could lack its article


def test_a_dump_one_article_at_a_time_binds_each_source_as_the_store_holds_it(store_copy):
    """A load or an update can leave a source name that is not a plain string: each is bound as
    it is, and the rows are still those of the whole-store query; a source that is a blank node
    cannot be bound, and the query runs over the whole store at once."""
    from kg.query import stream_query

    text = resolve_query("provenance", sort=False)

    def both() -> tuple[list[str], list[str]]:
        whole, parts = io.BytesIO(), io.BytesIO()
        stream_query(store_copy, text, {}, "tsv", whole)
        stream_query(store_copy, text, {}, "tsv", parts, by_article=True)
        a, b = whole.getvalue().decode("utf-8").splitlines(), parts.getvalue().decode("utf-8").splitlines()
        assert a[0] == b[0]
        return sorted(a[1:]), sorted(b[1:])

    with Store(store_copy) as st:
        sources = sorted(r[0].value for r in run(st, "PREFIX kg: <https://w3id.org/kg-news/ontology#> "
                                                      "SELECT ?s WHERE { GRAPH ?g { ?g kg:sourceFile ?s } }")[1])
        for old, new in ((sources[0], '"{}"@en'), (sources[1], '"{}"^^<https://example.org/name>'),
                         (sources[2], "<file:///{}>")):
            st.update("PREFIX kg: <https://w3id.org/kg-news/ontology#> DELETE { GRAPH ?g { ?g kg:sourceFile ?s } } "
                      "INSERT { GRAPH ?g { ?g kg:sourceFile " + new.format(old) + " } } "
                      "WHERE { GRAPH ?g { ?g kg:sourceFile ?s FILTER(STR(?s) = \"" + old + "\") } }")
    whole, parts = both()
    assert whole == parts and sum(sources[0] in r for r in whole) > 10 and any("@en" in r for r in whole)
    with Store(store_copy) as st:
        st.update("PREFIX kg: <https://w3id.org/kg-news/ontology#> DELETE { GRAPH ?g { ?g kg:sourceFile ?s } } "
                  "INSERT { GRAPH ?g { ?g kg:sourceFile _:blank } } "
                  "WHERE { GRAPH ?g { ?g kg:sourceFile ?s FILTER(STR(?s) = \"" + sources[3] + "\") } }")
    whole, parts = both()
    assert whole == parts and any("_:" in r for r in whole)


def test_kg_query_dumps_provenance_one_article_at_a_time_with_the_same_rows(seeds_store):
    """Through the CLI, with the default timeout (a child process): the whole-store provenance is
    the rows of the single query."""
    with Store.open_read(seeds_store) as st:
        variables, rows = run(st, resolve_query("provenance", sort=False))
    result = CliRunner().invoke(main, ["query", "provenance", "--store", str(seeds_store), "--format", "csv"])
    assert result.exit_code == 0, result.output
    got = list(csv.reader(io.StringIO(result.output)))
    assert got[0] == variables and len(got) - 1 == len(rows) > 100
    sources = variables.index("source")
    assert sorted(r[sources] for r in got[1:]) == sorted(r[sources].value for r in rows)
    assert [r[sources] for r in got[1:]] == sorted(r[sources] for r in got[1:])  # article after article
