"""Extraction -> RDF, and RDF in and out of the store.

namespaces  the kg ontology terms (in sync with ontology/kg.ttl) and the other vocabularies
mapping     Extraction -> quads: the only place IRIs are minted
export      the store as Turtle, N-Triples, N-Quads, TriG, JSON-LD
load        RDF files into the store
push        the store to a remote Graph Store endpoint
validate    SHACL validation against ontology/shapes.ttl
"""
