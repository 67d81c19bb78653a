"""Types other stores see: an export says what every entity is (kg's class and the schema.org
class the ontology maps it to) and names it with rdfs:label, so a store without reasoning
answers ``?p a schema:Person``."""

import csv
import io

import pytest
import rdflib
from click.testing import CliRunner

from kg.cli import main


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_people_in_a_turtle_export_are_schema_persons(seeds_store):
    r = invoke("export", "--store", seeds_store, "--format", "turtle", "-q")
    assert r.exit_code == 0
    g = rdflib.Graph().parse(data=r.stdout_bytes, format="turtle")
    answer = g.query("PREFIX schema: <https://schema.org/> SELECT (COUNT(?p) AS ?n) { ?p a schema:Person }")
    n = int(next(iter(answer))[0])
    rows = csv.DictReader(io.StringIO(invoke("query", "entities", "--store", seeds_store, "--format", "csv").output))
    people = {row["entity"] for row in rows if row["type"] == "Person"}
    assert people and n == len(people)


def test_schema_classes_are_the_ontologys():
    from kg.rdf.described import SCHEMA_CLASS
    from kg.resources import ontology_dir

    onto = rdflib.Graph().parse(ontology_dir() / "kg.ttl")
    schema = rdflib.Namespace("https://schema.org/")
    for kg_class, schema_class in SCHEMA_CLASS.items():
        supers = {str(o) for o in onto.objects(rdflib.URIRef(kg_class), rdflib.RDFS.subClassOf) if o in schema}
        assert supers == {schema_class}, kg_class


@pytest.mark.parametrize("fmt", ["turtle", "nquads"])
def test_an_export_loaded_back_is_the_store_it_came_from(seeds_store, tmp_path, fmt):
    """The types and labels an export adds are derived: kg load leaves them out again."""
    import pyoxigraph as ox

    from kg.rdf.export import export_bytes
    from kg.store import Store

    path = tmp_path / ("g.ttl" if fmt == "turtle" else "g.nq")
    with Store.open_read(seeds_store) as st:
        path.write_bytes(export_bytes(st, fmt))
        before = {str(q) for q in st.quads()}
    assert invoke("load", path, "--store", tmp_path / "other", "-q").exit_code == 0
    with Store.open_read(tmp_path / "other") as other:
        after = list(other.quads())
    assert not [q for q in after if q.predicate == ox.NamedNode(str(rdflib.RDFS.label))]
    assert not [q for q in after if q.object.value.startswith("https://schema.org/")]
    if fmt == "nquads":
        assert {str(q) for q in after} == before


def test_an_export_conforms_to_the_shapes_without_reasoning(seeds_store):
    """shapes.ttl says every entity is of its schema.org class and has an rdfs:label: an export
    holds both (a store without reasoning needs them), the store leaves them to RDFS."""
    import pyshacl

    from kg.rdf.export import export_bytes
    from kg.resources import ontology_dir
    from kg.store import Store

    with Store.open_read(seeds_store) as st:
        data = rdflib.Graph().parse(data=export_bytes(st, "turtle"), format="turtle")
    shapes = rdflib.Graph().parse(ontology_dir() / "shapes.ttl")
    assert pyshacl.validate(data, shacl_graph=shapes, inference="none")[0]
    data.remove((None, rdflib.RDFS.label, None))
    data.remove((None, rdflib.RDF.type, rdflib.URIRef("https://schema.org/Person")))
    conforms, report, _ = pyshacl.validate(data, shacl_graph=shapes, inference="none")
    assert not conforms
    sh = rdflib.Namespace("http://www.w3.org/ns/shacl#")
    kinds = {str(report.value(r, sh.sourceConstraintComponent)) for r in report.subjects(rdflib.RDF.type,
                                                                                          sh.ValidationResult)}
    assert kinds == {str(sh.ClassConstraintComponent), str(sh.MinCountConstraintComponent)}


def test_export_help_says_which_formats_keep_the_graphs():
    text = " ".join(invoke("export", "--help").output.split())
    assert "JSON-LD cannot" not in text and "N-Quads, TriG and JSON-LD keep one named graph per article" in text
    assert "rdf:type" in text
