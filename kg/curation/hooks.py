"""Corrections where articles come in: a build's batch (``for_write``, applied as the batch is
written, so a rebuild never undoes a correction) and a curation export loaded (``load``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from kg.curation.apply import apply
from kg.curation.model import Correction, from_triples
from kg.curation.naming import graphs_with, node
from kg.curation.records import corrections, has_corrections, last_number, notes, stale_notes
from kg.curation.write import Outcome, make
from kg.store import Store


def for_write(store: Store, graphs: Sequence[str], nquads: bytes) -> bytes:
    """What to write for a batch of article graphs (``nquads``, about to replace ``graphs``):
    the batch with the store's corrections applied, and the notes of where they applied, so
    a rebuild never undoes a correction and the write stays one atomic bulk load. The batch
    as it is (after one lookup) when the store has no corrections."""
    import pyoxigraph as ox

    if not has_corrections(store):
        return nquads
    every = corrections(store)
    if not every or not nquads:
        return nquads
    for q in stale_notes(store, graphs):
        store.raw.remove(q)
    nquads, noted = curate_batch(every, nquads)
    return nquads + (ox.serialize(noted, format=ox.RdfFormat.N_QUADS) or b"" if noted else b"")


def curate_batch(every: Sequence[Correction], nquads: bytes) -> tuple[bytes, list]:
    """A batch of article graphs (N-Quads) with the corrections ``every`` applied, and the
    quads that note where they applied (to load with the batch)."""
    if not every or not nquads:
        return nquads, []
    rewritten, changed = apply_nquads(nquads, every)
    return rewritten, notes(changed)


def apply_nquads(nquads: bytes, corrections: Sequence[Correction]) -> tuple[bytes, dict[str, set[int]]]:
    """A batch of article graphs as N-Quads (kg build's batches), each graph rewritten by
    ``corrections``; and, per graph IRI, the numbers of the corrections that changed it."""
    import pyoxigraph as ox

    from kg.rdf.mapping import article_iri, gazetteer_graph_iri

    by_graph: dict[str, list[ox.Quad]] = {}
    for q in ox.parse(nquads, format=ox.RdfFormat.N_QUADS):
        by_graph.setdefault(q.graph_name.value, []).append(q)
    # what the gazetteer graph says of an entity whose names a correction rewrites goes into the
    # articles that name it, where the correction rewrites it with the rest (kg.curation.write.moves)
    named = {ox.NamedNode(iri) for c in corrections for iri in c.names}
    shared = by_graph.pop(gazetteer_graph_iri(), [])
    moving = [q for q in shared if q.subject in named]
    out: list[ox.Quad] = [q for q in shared if q.subject not in named]
    changed: dict[str, set[int]] = {}
    base = article_iri("")
    for graph, quads in by_graph.items():
        if not graph.startswith(base):  # no article: as it is
            out += quads
            continue
        subjects = {q.subject for q in quads}
        node = ox.NamedNode(graph)
        quads += [ox.Quad(q.subject, q.predicate, q.object, node) for q in moving if q.subject in subjects]
        rewritten, numbers = apply(quads, corrections)
        out += rewritten
        changed[graph] = numbers
    return ox.serialize(out, format=ox.RdfFormat.N_QUADS) or b"", changed


def split_out(parsed: Sequence) -> tuple[list, list]:
    """Parsed triples or quads -> (those of the curation graph and its corrections, the rest)."""
    from kg.rdf.mapping import correction_number, curation_graph_iri

    graph = curation_graph_iri()
    mine, rest = [], []
    for q in parsed:
        subject = getattr(q.subject, "value", "")
        in_graph = getattr(getattr(q, "graph_name", None), "value", None) == graph
        if in_graph or subject == graph or correction_number(subject) is not None:
            mine.append(q)
        else:
            rest.append(q)
    return mine, rest


@dataclass(frozen=True)
class Incoming:
    """Corrections read from a file, and where the store that exported them had applied them."""

    corrections: list[Correction]
    applied: dict[int | None, set[str]]


def read(parsed: Sequence, where: str) -> Incoming:
    """The corrections among parsed triples or quads (a CurationError for a malformed one)."""
    from kg.rdf.iris import KG
    from kg.rdf.mapping import correction_number

    incoming = from_triples(((q.subject, q.predicate, q.object) for q in parsed), where)
    applied: dict[int | None, set[str]] = {}  # a store's export says where its corrections are applied
    for q in parsed:
        if q.predicate.value == KG + "appliedIn":
            applied.setdefault(correction_number(q.subject.value), set()).add(q.object.value)
    return Incoming(incoming, applied)


def load(store: Store, incoming: Incoming) -> list[Outcome]:
    """Corrections read from a file (``kg load`` of a curation export, or of a whole store):
    each one the store does not have yet is numbered after the store's own, kept, and applied
    to the article graphs it touches."""
    have = {_identity(c) for c in corrections(store)}
    out = []
    for c in incoming.corrections:
        if _identity(c) in have:
            continue
        was = incoming.applied.get(c.n, set())
        c = c.renumbered(last_number(store) + 1)
        out.append(make(store, c, _graphs_for(store, c), applied=was))
        have.add(_identity(c))
    return out


def _identity(c: Correction) -> Correction:
    return replace(c, n=0, note=c.note or None)


def _graphs_for(store: Store, c: Correction) -> list[str]:
    """The article graphs ``c`` may change: its article for one fact or an added affiliation,
    else those its target appears in."""
    if c.kind or c.action == "affiliate":
        return [c.article] if c.article and store.raw.contains_named_graph(node(c.article)) else []
    return graphs_with(store, c.target)
