import json
import os
import shutil
import subprocess
import sys

import pytest
import rdflib
from rdflib.compare import isomorphic

from kg.rdf.export import FORMATS, PREFIXES, context, export_bytes, graph_for_source
from kg.rdf.load import load
from kg.rdf.mapping import gazetteer_graph_iri
from kg.rdf.validate import store_graph
from kg.store import Store

from .conftest import described

RDFLIB = {"turtle": "turtle", "nt": "nt", "nquads": "nquads", "trig": "trig", "jsonld": "json-ld", "rdfxml": "xml"}
SOURCE = "001_00adbe57efcb47f9.txt"


@pytest.mark.parametrize("fmt", ["turtle", "nt", "rdfxml"])
def test_triple_formats_parse_to_the_store_graph(seeds_store, fmt):
    with Store.open_read(seeds_store) as st:
        data = export_bytes(st, fmt)
        reference = store_graph(st) + reifications(st)
        for _g, *triple in described(st):
            reference.add(tuple(triple))
    g = rdflib.Graph().parse(data=data, format=RDFLIB[fmt])
    assert len(g) == len(reference)
    assert isomorphic(g, reference)


def reifications(st: Store) -> rdflib.Graph:
    """What a triple format adds to the union: each mention (a value on its entity) as an
    rdf:Statement named by its article's graph and the mention's number (its 4th field)."""
    g = rdflib.Graph()
    for q in st.quads():
        if q.predicate.value.endswith("Mention"):
            node = rdflib.URIRef(f"{q.graph_name.value}/m{q.object.value.split()[3]}")
            g.add((node, rdflib.RDF.type, rdflib.RDF.Statement))
            g.add((node, rdflib.RDF.subject, rdflib.URIRef(q.subject.value)))
            g.add((node, rdflib.RDF.predicate, rdflib.URIRef(q.predicate.value)))
            g.add((node, rdflib.RDF.object, rdflib.Literal(q.object.value)))
    return g


@pytest.mark.parametrize("fmt", ["nquads", "trig", "jsonld"])
def test_named_graphs_are_kept(seeds_store, fmt):
    with Store.open_read(seeds_store) as st:
        data = export_bytes(st, fmt)
        n = len(list(st.quads())) + len(described(st))
    ds = rdflib.Dataset()
    ds.parse(data=data, format=RDFLIB[fmt])
    assert len(list(ds.quads())) == n
    assert len([c for c in ds.contexts() if "article/" in str(c.identifier)]) == 5


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_format_round_trips_through_kg_load(seeds_store, tmp_path, fmt):
    with Store.open_read(seeds_store) as st:
        data = export_bytes(st, fmt)
        reference = store_graph(st)
        graphs = set(st.graphs())
    path = tmp_path / f"g.{ {'turtle': 'ttl', 'nquads': 'nq', 'rdfxml': 'rdf'}.get(fmt, fmt)}"
    path.write_bytes(data)
    with Store(tmp_path / "other") as other:
        load(other, path)
        again = store_graph(other)
        if fmt in ("nquads", "trig", "jsonld"):
            assert set(other.graphs()) == graphs
    assert isomorphic(again, reference)


@pytest.mark.parametrize("fmt", ["turtle", "nquads", "jsonld"])
def test_export_is_deterministic_across_processes(seeds_store, fmt):
    def run(seed: str) -> bytes:
        # a different hash seed per process: rdflib's JSON-LD node order followed it
        r = subprocess.run([sys.executable, "-m", "kg", "export", "--store", str(seeds_store), "--format", fmt],
                           capture_output=True, check=True, env={**os.environ, "PYTHONHASHSEED": seed})
        return r.stdout

    first = run("1")
    assert first == run("2")
    if fmt != "turtle":
        return
    lines = [ln for ln in first.decode().splitlines() if ln.startswith("@prefix")]
    assert {ln.split()[1] for ln in lines} == {f"{p}:" for p in PREFIXES}


def test_a_triple_export_loads_the_gazetteer_links_back_into_the_gazetteer_graph(seeds_store, tmp_path):
    """Turtle has no graphs: kg load puts a gazetteer entity's owl:sameAs into the gazetteer
    graph again, once, not into each article that names the entity."""
    import pyoxigraph as ox

    same_as = ox.NamedNode("http://www.w3.org/2002/07/owl#sameAs")

    def links(st: Store) -> tuple[set, set]:
        quads = list(st.raw.quads_for_pattern(None, same_as, None, None))
        return {q.graph_name.value for q in quads}, {(q.subject.value, q.object.value) for q in quads}

    with Store.open_read(seeds_store) as st:
        path = tmp_path / "all.ttl"
        path.write_bytes(export_bytes(st, "turtle"))
        graphs, before = links(st)
    assert graphs == {gazetteer_graph_iri()} and len(before) > 5
    with Store(tmp_path / "other") as other:
        load(other, path)
        assert links(other) == (graphs, before)


def test_one_article_graph(seeds_store):
    with Store.open_read(seeds_store) as st:
        iri = graph_for_source(st, SOURCE)
        data = export_bytes(st, "nquads", graph=iri)
        expected = {str(q) for q in st.quads(iri)}
        subjects = {q.subject for q in st.quads(iri)}
        gazetteer = {str(q) for q in st.quads(gazetteer_graph_iri()) if q.subject in subjects}
        others = {str(q) for q in st.quads(gazetteer_graph_iri()) if q.subject not in subjects}
        added = [d for d in described(st) if str(d[0]) == iri]
    ds = rdflib.Dataset()
    ds.parse(data=data, format="nquads")
    # the article's graph, and what the gazetteer graph says of its entities (links, other names)
    assert {str(c.identifier) for c in ds.contexts() if len(c)} == {iri, gazetteer_graph_iri()}
    assert gazetteer and others and len(list(ds.quads())) == len(expected) + len(gazetteer) + len(added)
    assert not any(line in data.decode() for line in others)


def test_unknown_article_is_a_user_error(seeds_store):
    from kg.errors import InputError

    with Store.open_read(seeds_store) as st, pytest.raises(InputError, match="no article"):
        graph_for_source(st, "nope.txt")


def test_with_ontology_adds_the_ontology_graph(seeds_store):
    from kg.resources import ontology_dir

    onto = rdflib.Graph().parse(ontology_dir() / "kg.ttl")
    with Store.open_read(seeds_store) as st:
        data = export_bytes(st, "trig", with_ontology=True)
    ds = rdflib.Dataset()
    ds.parse(data=data, format="trig")
    g = ds.graph(rdflib.URIRef("https://w3id.org/kg-news/ontology"))
    assert isomorphic(rdflib.Graph() + g, onto)


def test_jsonld_uses_the_shipped_context(seeds_store):
    with Store.open_read(seeds_store) as st:
        doc = json.loads(export_bytes(st, "jsonld"))
    ctx = context()["@context"]
    assert doc["@context"] == ctx
    assert all(set(g) == {"@id", "@graph"} for g in doc["@graph"])  # one named graph per article
    keys = {k for g in doc["@graph"] for node in g["@graph"] for k in node}
    assert "contentHash" in keys and "kg:contentHash" not in keys  # compacted with the context terms


def test_context_is_in_sync_with_the_ontology():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "scripts" / "make_context.py"
    spec = importlib.util.spec_from_file_location("make_context", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.context() == context()


@pytest.mark.skipif(shutil.which("rapper") is None, reason="raptor2-utils (rapper) not installed")
def test_independent_parser_counts_the_same_triples(seeds_store, tmp_path):
    with Store.open_read(seeds_store) as st:
        (tmp_path / "g.ttl").write_bytes(export_bytes(st, "turtle"))
        reference = store_graph(st) + reifications(st)
        for _g, *triple in described(st):
            reference.add(tuple(triple))
        n = len(reference)
    r = subprocess.run(["rapper", "-i", "turtle", "-c", str(tmp_path / "g.ttl")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert f"returned {n} triples" in r.stderr


def test_bad_file_changes_nothing(store_copy, tmp_path):
    from kg.errors import InputError

    bad = tmp_path / "bad.ttl"
    bad.write_text("<urn:a> <urn:b> <urn:c> .\n<urn:a> <urn:b> .\n")
    with Store(store_copy) as st:
        before = len(st)
        with pytest.raises(InputError, match="not valid turtle"):
            load(st, bad)
        assert len(st) == before


@pytest.mark.parametrize("fmt", ["nquads", "turtle"])  # (JSON-LD's @graph order varies between runs)
def test_export_to_a_file_writes_what_stdout_gets_and_nothing_else(seeds_store, tmp_path, fmt):
    """-o goes through kg.outputs (a temporary file renamed over the target): same bytes, no leftovers."""
    base = [sys.executable, "-m", "kg", "export", "--store", str(seeds_store), "--format", fmt]
    to_stdout = subprocess.run(base, capture_output=True, check=True).stdout
    out = tmp_path / "g.out"
    out.write_bytes(b"an older export")
    r = subprocess.run([*base, "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0 and r.stderr == f"{len(to_stdout)} bytes -> {out}\n", r.stderr
    assert out.read_bytes() == to_stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.out"]
