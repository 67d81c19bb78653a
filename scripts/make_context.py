"""Write ontology/context.jsonld from ontology/kg.ttl (a test keeps them in sync).

Every kg class and property gets a bare term; the reused vocabularies get prefixes.
Run: python scripts/make_context.py
"""

from __future__ import annotations

import json
from pathlib import Path

import rdflib
from rdflib.namespace import OWL, RDF

ROOT = Path(__file__).resolve().parent.parent
KG = "https://w3id.org/kg-news/ontology#"
PREFIXES = {
    "kg": KG,
    "schema": "https://schema.org/",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "prov": "http://www.w3.org/ns/prov#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "owl": "http://www.w3.org/2002/07/owl#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "dcterms": "http://purl.org/dc/terms/",
}


def context() -> dict:
    g = rdflib.Graph().parse(ROOT / "ontology" / "kg.ttl")
    ctx: dict = dict(PREFIXES)
    for s in sorted(set(g.subjects()), key=str):
        iri = str(s)
        if not iri.startswith(KG) or iri == KG:
            continue
        name = iri[len(KG):]
        if (s, RDF.type, OWL.ObjectProperty) in g:
            ctx[name] = {"@id": f"kg:{name}", "@type": "@id"}
        else:
            ctx[name] = f"kg:{name}"
    return {"@context": ctx}


if __name__ == "__main__":
    out = ROOT / "ontology" / "context.jsonld"
    out.write_text(json.dumps(context(), indent=2) + "\n")
    print(f"{len(context()['@context'])} entries -> {out}")
