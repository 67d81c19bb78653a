"""The namespace IRIs as plain strings, for code that must not import rdflib (the
``kg query`` path, the Python API's value conversion, and kg.rdf.mapping, which every
``kg build`` runs in its main process and in each worker: rdflib took about 0.05 s of CPU to
import in each). kg.rdf.namespaces builds its rdflib namespaces on the same strings;
tests/test_ontology.py checks they agree."""

ID = "https://w3id.org/kg-news/id/"  # base of every IRI kg mints
KG = "https://w3id.org/kg-news/ontology#"
XSD = "http://www.w3.org/2001/XMLSchema#"
SKOS = "http://www.w3.org/2004/02/skos/core#"
SCHEMA = "https://schema.org/"
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
OWL = "http://www.w3.org/2002/07/owl#"
PROV = "http://www.w3.org/ns/prov#"
DCTERMS = "http://purl.org/dc/terms/"
WD = "http://www.wikidata.org/entity/"
GN = "https://sws.geonames.org/"
REFERENCES = {"wd": WD, "gn": GN}  # gazetteer id prefix ("wd:Q30") -> namespace of the linked entity
# How kg.rdf.mapping lays an article out in RDF, part of every article's kg:extractor: an
# article written by another layout counts as changed, so the next build writes it again.
# 2: facts typed by their span property, default values left out, the gazetteer graph.
# 3: spans name their sentence by number (the article's kg:sentences), kg:foundBy on the article.
LAYOUT = 3

__all__ = ["DCTERMS", "GN", "ID", "KG", "LAYOUT", "OWL", "PROV", "RDF", "RDFS", "REFERENCES", "SCHEMA", "SKOS", "WD",
           "XSD"]
