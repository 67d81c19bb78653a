"""Serialise the store to RDF (Oxigraph's serialisers; rdflib compacts JSON-LD).

Output is deterministic so that diffs mean something: article graphs in sorted
order, each graph's statements sorted, fixed prefixes. It streams one article
graph at a time, so memory follows the largest article, not the store (the
triple formats also keep a set of the triples already written, to merge the
entities that several articles share).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING

from kg.errors import Errors, InputError
from kg.rdf.namespaces import ONTOLOGY, PREFIXES
from kg.store import Store

if TYPE_CHECKING:
    import pyoxigraph

FORMATS = {"turtle": "TURTLE", "nt": "N_TRIPLES", "nquads": "N_QUADS", "trig": "TRIG", "jsonld": "JSON_LD"}
QUAD_FORMATS = {"nquads", "trig"}
ONTOLOGY_GRAPH = ONTOLOGY  # the graph that ``--with-ontology`` adds: the ontology's own IRI


def graph_for_source(store: Store, source: str) -> str:
    """The named graph of one article, given its source name (or its graph IRI)."""
    from kg.rdf.mapping import article_iri

    for candidate in (source, article_iri(source)):
        if candidate in set(store.graphs()):
            return candidate
    raise InputError(Errors.KG129.format(source=source))


def ontology_quads() -> list[pyoxigraph.Quad]:
    import pyoxigraph as ox

    from kg.resources import ontology_dir

    g = ox.NamedNode(ONTOLOGY_GRAPH)
    with (ontology_dir() / "kg.ttl").open("rb") as fh:
        return [ox.Quad(t.subject, t.predicate, t.object, g)
                for t in ox.parse(fh, format=ox.RdfFormat.TURTLE)]


def _quad_stream(store: Store, graph: str | None, with_ontology: bool) -> Iterator[pyoxigraph.Quad]:
    graphs = [graph] if graph else sorted(store.graphs())
    if with_ontology:
        yield from sorted(ontology_quads(), key=str)
    if not graph:
        yield from sorted(store.default_graph_quads(), key=str)
    for g in graphs:
        yield from sorted(store.quads(g), key=str)


def _triple_stream(quads: Iterator[pyoxigraph.Quad]) -> Iterator[pyoxigraph.Triple]:
    import pyoxigraph as ox

    seen: set[int] = set()
    for q in quads:
        t = ox.Triple(q.subject, q.predicate, q.object)
        h = hash(t)
        if h in seen:
            continue
        seen.add(h)
        yield t


def export(store: Store, fmt: str, out: IO[bytes], *, graph: str | None = None,
           with_ontology: bool = False) -> None:
    """Write the store (or one article graph) to ``out`` in ``fmt``."""
    import pyoxigraph as ox

    if fmt not in FORMATS:
        raise InputError(Errors.KG136.format(fmt=fmt, formats=", ".join(FORMATS)))
    quads = _quad_stream(store, graph, with_ontology)
    if fmt == "jsonld":
        out.write(_jsonld(_triple_stream(quads)))
        return
    rdf_format = getattr(ox.RdfFormat, FORMATS[fmt])
    prefixes = PREFIXES if fmt in ("turtle", "trig") else None
    data = quads if fmt in QUAD_FORMATS else _triple_stream(quads)
    ox.serialize(data, out, format=rdf_format, prefixes=prefixes)


def export_bytes(store: Store, fmt: str, **kw) -> bytes:
    import io

    buf = io.BytesIO()
    export(store, fmt, buf, **kw)
    return buf.getvalue()


def context() -> dict:
    """The JSON-LD context shipped for the ontology (ontology/context.jsonld)."""
    from kg.resources import ontology_dir

    return json.loads((ontology_dir() / "context.jsonld").read_text(encoding="utf-8"))


def _jsonld(triples: Iterator[pyoxigraph.Triple]) -> bytes:
    """Compact JSON-LD with the ontology's context embedded (rdflib does the
    compaction; it holds the graph in memory, so use N-Quads for very big stores)."""
    import pyoxigraph as ox
    import rdflib

    nt = ox.serialize(triples, format=ox.RdfFormat.N_TRIPLES)
    g = rdflib.Graph().parse(data=nt.decode("utf-8"), format="nt")
    doc = json.loads(g.serialize(format="json-ld", context=context()["@context"]))
    # rdflib orders nodes by its hash seed, which changes per process: sort them so the
    # same store always gives the same bytes
    if isinstance(doc.get("@graph"), list):
        doc["@graph"].sort(key=lambda node: json.dumps(node, sort_keys=True, ensure_ascii=False))
    return json.dumps(doc, sort_keys=True, indent=1, ensure_ascii=False).encode("utf-8")
