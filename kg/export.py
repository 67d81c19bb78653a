"""Serialise the store to RDF formats (Oxigraph's serialisers)."""

from __future__ import annotations

from kg.store import Store

FORMATS = {"turtle": "TURTLE", "nt": "N_TRIPLES", "nquads": "N_QUADS", "trig": "TRIG", "jsonld": "JSON_LD"}


def export(store: Store, fmt: str) -> bytes:
    import pyoxigraph as ox

    rdf_format = getattr(ox.RdfFormat, FORMATS[fmt], None)
    if rdf_format is None:
        raise ValueError(f"unsupported format {fmt}")
    quads = list(store.quads())
    if fmt in ("turtle", "nt", "jsonld"):
        # triple formats: the union of all article graphs, without duplicates
        triples = sorted({ox.Triple(q.subject, q.predicate, q.object) for q in quads}, key=str)
        return ox.serialize(triples, format=rdf_format, prefixes=PREFIXES) if fmt == "turtle" \
            else ox.serialize(triples, format=rdf_format)
    quads.sort(key=str)
    if fmt == "trig":
        return ox.serialize(quads, format=rdf_format, prefixes=PREFIXES)
    return ox.serialize(quads, format=rdf_format)


PREFIXES = {
    "kg": "https://w3id.org/kg-news/ontology#",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "schema": "https://schema.org/",
    "owl": "http://www.w3.org/2002/07/owl#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
}
