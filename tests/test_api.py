"""The public Python API (kg.build, kg.open, kg.extract) on the seeds, built once per module."""

from __future__ import annotations

import csv
import datetime as dt
import inspect
import io
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import kg
from kg.cli import main

from .conftest import SEEDS

ONE = "001_00adbe57efcb47f9.txt"  # a seed article published 2019-03-05


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, kg.BuildReport]:
    path = tmp_path_factory.mktemp("api") / "store"
    report = kg.build(SEEDS, path, jobs=1)
    return path, report


@pytest.fixture(scope="module")
def graph(built):
    with kg.open(built[0]) as g:
        yield g


def _cli_rows(store: Path, *args: str) -> list[list[str]]:
    r = CliRunner().invoke(main, ["query", *args, "--store", str(store), "--format", "csv"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return list(csv.reader(io.StringIO(r.output)))


def _as_cli(v: object) -> str:
    """How kg query --format csv writes a value the API returns as a Python object."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, dt.date):
        return v.isoformat()
    return str(v)


def test_build_returns_a_build_report(built):
    _, report = built
    assert isinstance(report, kg.BuildReport)
    assert len(report.added) == 5 and not report.failed
    assert report.counts["entities"] > 0


def test_build_again_skips_unchanged_articles(built):
    report = kg.build([str(SEEDS)], built[0], jobs=1)
    assert len(report.skipped) == 5 and not report.added


def test_counts_rows_are_typed(graph):
    rows = list(graph.query("counts"))
    assert len(rows) > 10
    assert all(isinstance(r["value"], (int, float)) or r["value"] is None for r in rows)
    assert any(isinstance(r["value"], float) for r in rows)
    assert any(r["upper"] is None for r in rows) and any(r["upper"] is not None for r in rows)
    assert any(r["date"] is None for r in rows)
    full = [r["date"] for r in rows if isinstance(r["date"], dt.date)]
    partial = [r["date"] for r in rows if isinstance(r["date"], kg.PartialDate)]
    assert full and partial
    assert all(isinstance(p, str) and len(p) in (4, 7) for p in partial)
    assert all(isinstance(r["source"], str) and isinstance(r["sentence"], str) for r in rows)


def test_integers_booleans_and_dates(graph):
    prov = list(graph.query("provenance"))
    assert prov and all(isinstance(r["start"], int) and r["end"] > r["start"] for r in prov)
    spokes = list(graph.query("spokespeople"))
    assert {r["spokesperson"] for r in spokes} == {True, False}
    published = graph.query("PREFIX kg: <https://w3id.org/kg-news/ontology#> "
                            "PREFIX schema: <https://schema.org/> "
                            "SELECT ?source ?published WHERE "
                            "{ ?a kg:sourceFile ?source ; schema:datePublished ?published }")
    by_source = {r["source"]: r["published"] for r in published}
    assert by_source[ONE] == dt.date(2019, 3, 5)


def test_bound_query_gives_that_article_and_matches_the_cli(graph, built):
    everything = graph.query("counts")
    mine = graph.query("counts", source=ONE)
    assert 0 < len(mine) < len(everything)
    assert {r["source"] for r in mine} == {ONE}
    cli = _cli_rows(built[0], "counts", "-p", "source", ONE, "--sort")
    assert cli[0] == mine.columns
    for api_row, cli_row in zip(mine.rows, cli[1:], strict=True):
        for v, cell in zip(api_row, cli_row, strict=True):
            assert float(cell) == v if isinstance(v, float) else _as_cli(v) == cell, (v, cell)


def test_bindings_are_bound_not_pasted(graph):
    assert len(graph.query("counts", source=f'{ONE}" }} UNION {{ ?s ?p ?o')) == 0
    with pytest.raises(TypeError, match="source="):
        graph.query("counts", source=dt.date(2019, 3, 5))


def test_to_dataframe_dtypes(graph):
    pd = pytest.importorskip("pandas")
    counts = graph.query("counts").to_dataframe()
    assert str(counts["value"].dtype) == "Float64"
    assert str(counts["qualifier"].dtype) == "string"
    assert counts["upper"].isna().any() and counts["upper"].notna().any()
    assert counts["upper"][counts["upper"].isna()].iloc[0] is pd.NA
    assert counts["date"].dtype == object  # full and partial dates: nothing invented by default
    start = graph.query("counts").to_dataframe(partial_dates="start")
    assert pd.api.types.is_datetime64_any_dtype(start["date"])
    assert pd.Timestamp("2018-07-01") in set(start["date"].dropna())
    assert str(graph.query("spokespeople").to_dataframe()["spokesperson"].dtype) == "boolean"
    assert str(graph.query("provenance").to_dataframe()["start"].dtype) == "Int64"
    published = graph.query("PREFIX schema: <https://schema.org/> "
                            "SELECT ?a ?published WHERE { ?a schema:datePublished ?published }").to_dataframe()
    assert pd.api.types.is_datetime64_any_dtype(published["published"]) and len(published) >= 1


def test_to_networkx_has_one_node_per_entity(graph):
    entities = {r["entity"] for r in graph.query("entities")}
    net = graph.to_networkx()
    assert net.number_of_nodes() == len(entities) > 0
    assert set(net.nodes) == entities


def test_analytics_through_the_graph(graph):
    top = graph.most_central(3)
    assert len(top) == 3 and top[0][2] >= top[1][2] >= top[2][2]
    label = top[0][0]
    assert graph.connections(label)
    with pytest.raises(kg.KGError):
        graph.connections("No Such Entity Anywhere")


def test_stats(graph, built):
    s = graph.stats()
    assert s["articles"] == 5
    assert sum(s["entities"].values()) == len({r["entity"] for r in graph.query("entities")})
    assert s["quads"] > 0 and s["store"] == str(built[0])


def test_ask_and_construct(graph):
    assert graph.query("ASK { ?s <https://w3id.org/kg-news/ontology#personMention> ?m }") is True
    triples = graph.query("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o } LIMIT 3")
    assert triples.columns == ["subject", "predicate", "object"] and len(triples) == 3


def test_bad_input_is_a_kg_error(graph, tmp_path):
    with pytest.raises(kg.errors.QueryError):
        graph.query("no_such_query")
    with pytest.raises(kg.errors.QueryError):
        graph.query("SELECT ?x WHERE {")
    with pytest.raises(kg.errors.QueryError):
        graph.query("DELETE WHERE { ?s ?p ?o }")
    with pytest.raises(kg.errors.StoreError):
        kg.open(tmp_path / "missing")


def test_closed_graph(built):
    g = kg.open(built[0])
    g.close()
    with pytest.raises(kg.KGError, match="closed"):
        g.query("counts")


TEXT = ("Nadia Okafor, a spokeswoman for Oxfam, said on Tuesday that 120 midwives had arrived in Accra. "
        "Tomasz Wierzbicki, director of the Norwegian Refugee Council, said the convoy left Kumasi on Monday.")


def test_extract_one_text():
    ex = kg.extract(TEXT, "2023-06-15", title="Midwives arrive")  # a Thursday
    assert isinstance(ex, kg.Extraction) and isinstance(ex.article, kg.Article)
    found = {(e.label, e.type) for e in ex.entities.values()}
    assert {("Nadia Okafor", "Person"), ("Tomasz Wierzbicki", "Person"), ("Oxfam", "Organisation"),
            ("Norwegian Refugee Council", "Organisation")} <= found
    dates = {d.text: d.value for d in ex.dates}
    assert dates["Tuesday"] == "2023-06-13" and dates["Monday"] == "2023-06-12"
    assert ex.article.title == "Midwives arrive"
    spokes = [(ex.entities[a.person].label, ex.entities[a.organisation].label) for a in ex.affiliations
              if a.spokesperson]
    assert ("Nadia Okafor", "Oxfam") in spokes


def test_extract_takes_a_date_and_other_ner_choices():
    ex = kg.extract(TEXT, dt.date(2023, 6, 22), ner="none")
    assert {d.text: d.value for d in ex.dates}["Tuesday"] == "2023-06-20"
    assert ("Oxfam", "Organisation") in {(e.label, e.type) for e in ex.entities.values()}
    assert kg.extract(TEXT).article.published is None  # no date given or stated: nothing guessed


def test_extract_bad_input():
    with pytest.raises(kg.errors.InputError):
        kg.extract(TEXT, "next week")
    with pytest.raises(kg.errors.InputError):
        kg.extract("   ")
    with pytest.raises(kg.errors.ModelError):
        kg.extract(TEXT, ner="no_such_spacy_pipeline_xyz")


def test_import_kg_loads_no_heavy_library():
    code = ("import sys, kg\n"
            "heavy = [m for m in ('spacy', 'pyoxigraph', 'rdflib', 'pandas', 'networkx') if m in sys.modules]\n"
            "print(heavy)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


def test_querying_loads_neither_spacy_nor_rdflib(built):
    code = ("import sys, kg\n"
            f"rows = list(kg.open(r'{built[0]}').query('counts', source='{ONE}'))\n"
            "print(len(rows), [m for m in ('spacy', 'rdflib') if m in sys.modules])")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    n, _, heavy = r.stdout.strip().partition(" ")
    assert int(n) > 0 and heavy == "[]"


def test_public_names_exist_and_are_documented():
    import kg.builder.runner  # noqa: F401 - the stage folders must not shadow the API
    import kg.nlp.extract  # noqa: F401

    assert inspect.isfunction(kg.build) and inspect.isfunction(kg.extract) and inspect.isfunction(kg.open)
    for name in kg.__all__:
        obj = getattr(kg, name)
        assert inspect.getdoc(obj), name
    for obj in (kg.build, kg.open, kg.extract, kg.Graph, kg.Result, kg.Graph.query, kg.Result.to_dataframe):
        assert obj.__doc__ and len(obj.__doc__.split()) > 10, obj
    for obj in (kg.build, kg.open, kg.extract, kg.Graph, kg.Result):
        assert ">>>" in obj.__doc__, obj  # a short example
