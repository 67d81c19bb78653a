"""The kg ontology namespace, in sync with ontology/kg.ttl (tests/test_ontology.py checks)."""

from __future__ import annotations

from rdflib.namespace import DefinedNamespace, Namespace
from rdflib.term import URIRef

NS = "https://w3id.org/kg-news/ontology#"


class KG(DefinedNamespace):
    """Terms of ``ontology/kg.ttl``. A misspelled term raises at once."""

    _NS = Namespace(NS)
    _fail = True

    # classes
    Article: URIRef
    Sentence: URIRef
    Entity: URIRef
    Organisation: URIRef
    Person: URIRef
    Place: URIRef
    Mention: URIRef
    Affiliation: URIRef
    Count: URIRef
    DateMention: URIRef
    Event: URIRef
    EventType: URIRef
    Statement: URIRef
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
    inArticle: URIRef
    sentence: URIRef
    text: URIRef
    startOffset: URIRef
    endOffset: URIRef
    index: URIRef
    refersTo: URIRef
    foundBy: URIRef
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


ENTITY_TYPES = ("Organisation", "Person", "Place")
