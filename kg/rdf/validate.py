"""Check the store against ontology/shapes.ttl with pySHACL."""

from __future__ import annotations

from kg.resources import ontology_dir
from kg.store import Store


def store_graph(store: Store):
    """The union of all article graphs as an rdflib Graph."""
    return _union_graph(store.quads())


def _union_graph(quads):
    """Quads (any graphs) -> one rdflib Graph of their triples (via N-Triples)."""
    import pyoxigraph as ox
    import rdflib

    triples = {ox.Triple(q.subject, q.predicate, q.object) for q in quads}
    data = ox.serialize(sorted(triples, key=str), format=ox.RdfFormat.N_TRIPLES)
    return rdflib.Graph().parse(data=data, format="nt")


def validate(store: Store) -> tuple[bool, list[str]]:
    """Returns (conforms, one readable line per violation)."""
    return validate_graph(store_graph(store))


def validate_quads(quads) -> tuple[bool, list[str]]:
    """Validate quads that are not in a store (one article's mapping, say)."""
    return validate_graph(_union_graph(quads))


def validate_graph(data) -> tuple[bool, list[str]]:
    import pyshacl
    import rdflib

    shapes = rdflib.Graph().parse(ontology_dir() / "shapes.ttl", format="turtle")
    # the ontology's event types are individuals the data refers to
    data.parse(ontology_dir() / "kg.ttl", format="turtle")
    conforms, report, _ = pyshacl.validate(data, shacl_graph=shapes, inference="none",
                                           allow_warnings=True)
    SH = rdflib.Namespace("http://www.w3.org/ns/shacl#")
    lines = []
    for r in report.subjects(rdflib.RDF.type, SH.ValidationResult):
        focus = report.value(r, SH.focusNode)
        path = report.value(r, SH.resultPath)
        msg = report.value(r, SH.resultMessage)
        lines.append(f"{focus} {path or ''}: {msg}")
    return bool(conforms), sorted(lines)
