"""Every vocabulary kg writes, in one place.

prefix  namespace                                     what kg uses it for
kg      https://w3id.org/kg-news/ontology#            the kg ontology (``KG``, in sync with ontology/kg.ttl;
                                                      tests/test_ontology.py checks)
id      https://w3id.org/kg-news/id/                  kg's own resources: articles, sentences, entities, ...
                                                      (minted in kg.rdf.mapping only)
rdf     http://www.w3.org/1999/02/22-rdf-syntax-ns#   rdf:type
rdfs    http://www.w3.org/2000/01/rdf-schema#         labels and comments in the ontology
skos    http://www.w3.org/2004/02/skos/core#          entity names: skos:prefLabel, skos:altLabel
schema  https://schema.org/                           article metadata: datePublished, url, headline
xsd     http://www.w3.org/2001/XMLSchema#             literal datatypes (integer, decimal, boolean, date, ...)
owl     http://www.w3.org/2002/07/owl#                owl:sameAs to Wikidata and GeoNames
prov    http://www.w3.org/ns/prov#                    provenance superclasses and superproperties in the ontology
dcterms http://purl.org/dc/terms/                     the ontology's own metadata (creator, licence, ...)
wd, gn  Wikidata and GeoNames entity IRIs             the targets of owl:sameAs

The W3C, Dublin Core and schema.org vocabularies are rdflib's ``DefinedNamespace``
classes (``SKOS.prefLabel`` is a ``URIRef``; a misspelled SKOS, RDF, RDFS, OWL,
PROV or DCTERMS term raises at once). ``VOCABULARIES`` maps each prefix to its
namespace IRI (tests/test_ontology.py checks it against ontology/kg.ttl,
ontology/context.jsonld and what kg.rdf.mapping writes).

This module imports rdflib, so the ``kg query`` path (kg.query, kg.store at import
time) does not import it: it takes the id, kg and xsd IRIs as plain strings from
kg.rdf.iris, as this module does.
"""

from __future__ import annotations

from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SDO, SKOS, XSD, DefinedNamespace, Namespace
from rdflib.term import URIRef

from kg.rdf import iris

NS = iris.KG
ONTOLOGY = "https://w3id.org/kg-news/ontology"  # the ontology's IRI, the graph ``kg export --with-ontology`` adds
ID = Namespace(iris.ID)  # base of every IRI kg mints
SCHEMA = SDO  # schema.org, https (rdflib's name for it is SDO)
WD = Namespace(iris.WD)
GN = Namespace(iris.GN)


class KG(DefinedNamespace):
    """Terms of ``ontology/kg.ttl``. A misspelled term raises at once."""

    _NS = Namespace(NS)
    _fail = True

    # classes
    Article: URIRef
    Entity: URIRef
    Organisation: URIRef
    Person: URIRef
    Place: URIRef
    Affiliation: URIRef
    Count: URIRef
    DateMention: URIRef
    Event: URIRef
    EventType: URIRef
    Statement: URIRef
    Relation: URIRef
    RoleChange: URIRef
    Correction: URIRef
    # event types
    Surrender: URIRef
    Evacuation: URIRef
    Flight: URIRef
    Departure: URIRef
    Arrival: URIRef
    Killing: URIRef
    Injury: URIRef
    Capture: URIRef
    Detention: URIRef
    Rescue: URIRef
    Sheltering: URIRef
    Displacement: URIRef
    Attack: URIRef
    # properties
    sourceFile: URIRef
    contentHash: URIRef
    extractor: URIRef
    outlet: URIRef
    publishedFrom: URIRef
    text: URIRef
    sentences: URIRef
    foundBy: URIRef
    span: URIRef
    affiliationSpan: URIRef
    countSpan: URIRef
    dateSpan: URIRef
    statementSpan: URIRef
    mention: URIRef
    organisationMention: URIRef
    personMention: URIRef
    placeMention: URIRef
    person: URIRef
    organisation: URIRef
    role: URIRef
    isSpokesperson: URIRef
    value: URIRef
    upperBound: URIRef
    lowerBound: URIRef
    qualifier: URIRef
    currency: URIRef
    what: URIRef
    head: URIRef
    event: URIRef
    attributedTo: URIRef
    eventType: URIRef
    trigger: URIRef
    place: URIRef
    date: URIRef
    precision: URIRef
    isRelative: URIRef
    speaker: URIRef
    speakerText: URIRef
    quote: URIRef
    toldTo: URIRef
    # relations of the kinds with a record of their own (kg/nlp/data/relation_kinds.json)
    relationSpan: URIRef
    generator: URIRef
    pattern: URIRef
    score: URIRef
    holder: URIRef
    position: URIRef
    change: URIRef
    # curation (kg merge, retype, relabel, split, reject, affiliate)
    action: URIRef
    target: URIRef
    keep: URIRef
    newType: URIRef
    newLabel: URIRef
    newEntity: URIRef
    withOrganisation: URIRef
    newRole: URIRef
    asSpokesperson: URIRef
    inArticle: URIRef
    factKind: URIRef
    factSpan: URIRef
    factText: URIRef
    factSentence: URIRef
    ofEntity: URIRef
    appliedIn: URIRef
    lastCorrection: URIRef


ENTITY_TYPES = ("Organisation", "Person", "Place")

VOCABULARIES: dict[str, str] = {  # prefix -> namespace IRI, for every vocabulary kg writes
    "kg": NS,
    "id": str(ID),
    "rdf": str(RDF),
    "rdfs": str(RDFS),
    "skos": str(SKOS),
    "schema": str(SCHEMA),
    "xsd": str(XSD),
    "owl": str(OWL),
    "prov": str(PROV),
    "dcterms": str(DCTERMS),
    "wd": str(WD),
    "gn": str(GN),
}

REFERENCES = {"wd": WD, "gn": GN}  # gazetteer id prefix ("wd:Q30") -> namespace of the linked entity

PREFIXES = {  # the prefixes of kg's Turtle and TriG output, in this order
    "kg": NS,
    "skos": str(SKOS),
    "schema": str(SCHEMA),
    "owl": str(OWL),
    "xsd": str(XSD),
}

__all__ = ["DCTERMS", "ENTITY_TYPES", "GN", "ID", "KG", "NS", "ONTOLOGY", "OWL", "PREFIXES", "PROV", "RDF", "RDFS",
           "REFERENCES", "SCHEMA", "SKOS", "VOCABULARIES", "WD", "XSD"]
