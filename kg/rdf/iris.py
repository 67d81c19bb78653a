"""The namespace IRIs as plain strings, for code that must not import rdflib (the
``kg query`` path, the Python API's value conversion). kg.rdf.namespaces builds its
rdflib namespaces on the same strings; tests/test_ontology.py checks they agree."""

ID = "https://w3id.org/kg-news/id/"  # base of every IRI kg mints
KG = "https://w3id.org/kg-news/ontology#"
XSD = "http://www.w3.org/2001/XMLSchema#"

__all__ = ["ID", "KG", "XSD"]
