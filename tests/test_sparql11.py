"""Every query kg ships is standard SPARQL 1.1: it parses with rdflib's SPARQL 1.1 parser, and
each named query gives the same rows on rdflib's engine, over ``kg export --format nquads`` of
the seeds, as on the local Oxigraph store (what a user who pushed the graph to another store
gets there)."""

from __future__ import annotations

from pathlib import Path

import pytest
import rdflib
from click.testing import CliRunner
from pyparsing import ParseException
from rdflib.plugins.sparql import prepareQuery

from kg.resources import queries_dir

QUERIES = sorted(queries_dir().glob("*.rq")) + sorted((queries_dir() / "internal").glob("*.rq"))
NAMED = sorted(queries_dir().glob("*.rq"))
XSD = "http://www.w3.org/2001/XMLSchema#"
# a value for the queries that need a bound parameter to mean anything
BINDINGS = {"neighbours": {"entity": "https://w3id.org/kg-news/id/organisation/syrian-democratic-forces"}}


# internal queries that use Oxigraph's LATERAL (SPARQL 1.2 draft) to read one article graph at a
# time: they run only on the embedded store (kg claims), never on another one
OXIGRAPH_ONLY = [p for p in QUERIES if p.parent.name == "internal" and "LATERAL" in p.read_text(encoding="utf-8")]


@pytest.mark.parametrize("path", [p for p in QUERIES if p not in OXIGRAPH_ONLY],
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_query_parses_as_sparql_1_1(path: Path):
    prepareQuery(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", OXIGRAPH_ONLY, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_internal_query_with_lateral_runs_on_the_embedded_store(path: Path):
    import pyoxigraph as ox

    assert list(ox.Store().query(path.read_text(encoding="utf-8"))) == []


@pytest.fixture(scope="module")
def exported(seeds_store, tmp_path_factory) -> rdflib.Dataset:
    from kg.cli import main as cli

    out = tmp_path_factory.mktemp("export") / "seeds.nq"
    result = CliRunner().invoke(cli, ["export", "--store", str(seeds_store), "--format", "nquads", "-o", str(out)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    ds = rdflib.Dataset(default_union=True)  # kg's queries read the union of the article graphs, as Oxigraph's
    ds.parse(out, format="nquads")
    assert len(ds) > 500
    return ds


def _cell(value: str, datatype: str | None = None, language: str | None = None) -> str:
    """A cell as a string that keeps a literal's datatype or language: no normalisation is
    needed, both engines give the same terms (numbers included: the queries cast with
    ``xsd:integer`` and aggregate with ``COUNT``, which both give ``xsd:integer``)."""
    if language:
        return f"{value}@{language}"
    return f"{value}^^{datatype}" if datatype and datatype != XSD + "string" else value


def _rdflib_cell(term) -> str:
    if term is None:
        return ""
    if isinstance(term, rdflib.Literal):
        return _cell(str(term), str(term.datatype) if term.datatype else None, term.language)
    return str(term)


def _ox_cell(term) -> str:
    import pyoxigraph as ox

    if term is None:
        return ""
    if isinstance(term, ox.Literal):
        return _cell(term.value, term.datatype.value, term.language)
    return term.value


def _local_rows(store: Path, text: str, bindings: dict[str, str]) -> set[tuple[str, ...]]:
    from kg.query import run
    from kg.store import Store

    with Store.open_read(store) as s:
        names, rows = run(s, text, {k: f"<{v}>" for k, v in bindings.items()})
        return {tuple(_ox_cell(term) for term in row) for row in rows}


# named queries the seeds give no rows of: compared on a store of invented articles that has them
SEEDS_HAVE_NONE = {"role_changes"}


@pytest.mark.parametrize("path", [p for p in NAMED if p.stem not in SEEDS_HAVE_NONE], ids=lambda p: p.stem)
def test_rdflib_gives_the_same_rows_as_the_local_store(path: Path, exported, seeds_store):
    text = path.read_text(encoding="utf-8")
    bindings = BINDINGS.get(path.stem, {})
    local = _local_rows(seeds_store, text, bindings)
    res = exported.query(text, initBindings={k: rdflib.URIRef(v) for k, v in bindings.items()})
    names = [str(v) for v in res.vars]
    remote = {tuple(_rdflib_cell(row[n]) for n in names) for row in res}
    assert local, f"{path.stem} gives no rows on the seeds"
    assert remote == local


VARIANTS = sorted((queries_dir() / "oxigraph").glob("*.rq"))


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_each_oxigraph_variant_gives_the_rows_of_its_standard_query_in_the_same_order(path: Path, seeds_store):
    """queries/oxigraph/NAME.rq uses LATERAL (SPARQL 1.2 draft, Oxigraph only) so that kg's own
    store evaluates the OPTIONAL parts one article graph at a time, or (entities) EXISTS for
    GROUP BY so that rows stream; it must answer exactly as the standard queries/NAME.rq that
    other stores run."""
    from kg.store import Store

    standard = (queries_dir() / path.name).read_text(encoding="utf-8")
    with Store.open_read(seeds_store) as s:
        got = []
        for text in (standard, path.read_text(encoding="utf-8")):
            res = s.raw.query(text, use_default_graph_as_union=True)
            got.append([tuple(_ox_cell(row[v]) for v in res.variables) for row in res])
    assert got[0] and got[0] == got[1]
    if "LATERAL" not in path.read_text(encoding="utf-8"):
        return
    with pytest.raises(ParseException):  # the variant is not SPARQL 1.1: what the standard query is for
        prepareQuery(path.read_text(encoding="utf-8"))


def test_rdflib_gives_the_same_role_changes_as_the_local_store(tmp_path):
    """role_changes.rq, which the seeds give no rows of, on two invented articles that have role
    changes: rdflib's engine over their export gives the local store's rows."""
    from kg.cli import main as cli

    from .test_role_changes import ARTICLES

    for name, text in ARTICLES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "metadata.csv").write_text("file,published\na1.txt,2021-03-10\na2.txt,2021-03-10\n", encoding="utf-8")
    store, out = tmp_path / "store", tmp_path / "roles.nq"
    runner = CliRunner()
    assert runner.invoke(cli, ["build", str(tmp_path), "--store", str(store), "-q"]).exit_code == 0
    assert runner.invoke(cli, ["export", "--store", str(store), "--format", "nquads", "-o", str(out)]).exit_code == 0
    ds = rdflib.Dataset(default_union=True)
    ds.parse(out, format="nquads")
    text = (queries_dir() / "role_changes.rq").read_text(encoding="utf-8")
    local = _local_rows(store, text, {})
    res = ds.query(text)
    remote = {tuple(_rdflib_cell(row[str(n)]) for n in res.vars) for row in res}
    assert len(local) >= 2
    assert remote == local
