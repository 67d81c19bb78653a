import rdflib
from rdflib.namespace import OWL, RDF, RDFS

from kg.rdf.namespaces import KG, NS
from kg.resources import ontology_dir


def _graph():
    return rdflib.Graph().parse(ontology_dir() / "kg.ttl", format="turtle")


def test_namespace_module_matches_the_ontology_file():
    g = _graph()
    in_file = {str(s)[len(NS):] for s in g.subjects() if str(s).startswith(NS)}
    in_module = {k for k in KG.__annotations__}
    assert in_file == in_module


def test_every_term_has_label_and_comment():
    g = _graph()
    for s in set(g.subjects()):
        if str(s).startswith(NS):
            assert g.value(s, RDFS.label), s
            assert g.value(s, RDFS.comment), s


def test_reuses_w3c_and_schema_org():
    g = _graph()
    assert (KG.Person, RDFS.subClassOf, rdflib.URIRef("https://schema.org/Person")) in g
    assert (KG.Article, RDFS.subClassOf, rdflib.URIRef("https://schema.org/NewsArticle")) in g
    assert (KG.sentence, RDFS.subPropertyOf, rdflib.URIRef("http://www.w3.org/ns/prov#wasDerivedFrom")) in g
    assert set(g.subjects(RDF.type, OWL.Class))


def test_misspelled_term_fails():
    import pytest

    with pytest.raises(AttributeError):
        KG.Persn  # noqa: B018
