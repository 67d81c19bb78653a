"""What an export adds so that other stores see what each entity is, without reasoning.

The store keeps an entity's type once, in its mention property (``kg:personMention`` says
"a kg:Person"; ``rdf:type`` only for an entity an article names without a mention), and its
name as ``skos:prefLabel``. A store that does no RDFS reasoning (Virtuoso, GraphDB, rdflib
as they come) would then answer ``?p a schema:Person`` with nothing. So every export and
push gives, in each article graph, each entity that graph types:

- ``rdf:type`` its kg class (``kg:Person``, ``kg:Organisation``, ``kg:Place``) and the
  schema.org class the ontology makes it a subclass of (``SCHEMA_CLASS``);
- ``rdfs:label``, its ``skos:prefLabel`` in that graph.

They are derived, so the store does not hold them (its size and the named queries' answers
stay as they are): ``describe`` adds them to one graph's quads on the way out, and ``kg
load`` drops them again where the rest of the graph gives them (``underived``), so an export
loaded back is the store it came from.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from kg.rdf.iris import KG, SCHEMA, SKOS

if TYPE_CHECKING:
    import pyoxigraph

RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
PREF_LABEL = SKOS + "prefLabel"
# kg's entity class -> the schema.org class ontology/kg.ttl makes it a subclass of
# (tests/test_types.py checks the two agree)
SCHEMA_CLASS = {KG + "Organisation": SCHEMA + "Organization", KG + "Person": SCHEMA + "Person",
                KG + "Place": SCHEMA + "Place"}
MENTION_CLASS = {KG + "organisationMention": KG + "Organisation", KG + "personMention": KG + "Person",
                 KG + "placeMention": KG + "Place"}


def _classes(quads: Iterable[pyoxigraph.Quad]) -> dict[tuple, set[str]]:
    """(graph, entity) -> the kg classes the graph gives it, by a mention or by ``rdf:type``."""
    found: dict[tuple, set[str]] = {}
    for q in quads:
        p = q.predicate.value
        cls = MENTION_CLASS.get(p) or (q.object.value if p == RDF_TYPE and q.object.value in SCHEMA_CLASS else None)
        if cls is not None:
            found.setdefault((q.graph_name, q.subject), set()).add(cls)
    return found


def describe(quads: list[pyoxigraph.Quad]) -> list[pyoxigraph.Quad]:
    """``quads`` with each typed entity's ``rdf:type`` (its kg and schema.org classes) and
    ``rdfs:label`` (from ``skos:prefLabel``) in the graph that types it, each quad once."""
    import pyoxigraph as ox

    a, label = ox.NamedNode(RDF_TYPE), ox.NamedNode(RDFS_LABEL)
    classes = _classes(quads)
    extra: set = set()
    for (g, entity), kinds in classes.items():
        for cls in kinds:
            extra.add(ox.Quad(entity, a, ox.NamedNode(cls), g))
            extra.add(ox.Quad(entity, a, ox.NamedNode(SCHEMA_CLASS[cls]), g))
    for q in quads:
        if q.predicate.value == PREF_LABEL and (q.graph_name, q.subject) in classes:
            extra.add(ox.Quad(q.subject, label, q.object, q.graph_name))
    return quads + sorted(extra - set(quads), key=str)


def underived(quads: list[pyoxigraph.Quad]) -> list[pyoxigraph.Quad]:
    """``quads`` without what ``describe`` added and the rest of their graph gives back: a kg
    class its mention says, a schema.org class its kg class says, an ``rdfs:label`` that is
    its ``skos:prefLabel``. A type or label that says more than that stays."""
    mentioned = _classes(q for q in quads if q.predicate.value in MENTION_CLASS)
    classes = _classes(quads)
    schema = {k: {SCHEMA_CLASS[c] for c in kinds} for k, kinds in classes.items()}
    names = {(q.graph_name, q.subject, q.object) for q in quads if q.predicate.value == PREF_LABEL}

    def derived(q: pyoxigraph.Quad) -> bool:
        p, key = q.predicate.value, (q.graph_name, q.subject)
        if p == RDF_TYPE:
            return q.object.value in mentioned.get(key, ()) or q.object.value in schema.get(key, ())
        return p == RDFS_LABEL and (q.graph_name, q.subject, q.object) in names

    return [q for q in quads if not derived(q)]
