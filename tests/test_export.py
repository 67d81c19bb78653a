import shutil
import subprocess

import pytest
import rdflib
from rdflib.compare import isomorphic

from kg.export import export
from kg.store import Store
from kg.validate import store_graph


def test_turtle_round_trips_isomorphically(seeds_store):
    with Store.open_read(seeds_store) as st:
        data = export(st, "turtle")
        reference = store_graph(st)
    g = rdflib.Graph().parse(data=data, format="turtle")
    assert len(g) == len(reference)
    assert isomorphic(g, reference)


@pytest.mark.parametrize("fmt, rdflib_fmt", [("nt", "nt"), ("jsonld", "json-ld")])
def test_triple_formats_parse(seeds_store, fmt, rdflib_fmt):
    with Store.open_read(seeds_store) as st:
        data = export(st, fmt)
        n = len(store_graph(st))
    assert len(rdflib.Graph().parse(data=data, format=rdflib_fmt)) == n


@pytest.mark.parametrize("fmt, rdflib_fmt", [("nquads", "nquads"), ("trig", "trig")])
def test_named_graphs_are_kept(seeds_store, fmt, rdflib_fmt):
    with Store.open_read(seeds_store) as st:
        data = export(st, fmt)
        n = len(list(st.quads()))
    ds = rdflib.Dataset()
    ds.parse(data=data, format=rdflib_fmt)
    assert len(list(ds.quads())) == n
    assert len([c for c in ds.contexts() if "article/" in str(c.identifier)]) == 5


def test_export_is_deterministic(seeds_store):
    with Store.open_read(seeds_store) as st:
        assert export(st, "turtle") == export(st, "turtle")


@pytest.mark.skipif(shutil.which("rapper") is None, reason="raptor2-utils (rapper) not installed")
def test_independent_parser_counts_the_same_triples(seeds_store, tmp_path):
    with Store.open_read(seeds_store) as st:
        (tmp_path / "g.ttl").write_bytes(export(st, "turtle"))
        n = len(store_graph(st))
    r = subprocess.run(["rapper", "-i", "turtle", "-c", str(tmp_path / "g.ttl")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert f"returned {n} triples" in r.stderr
