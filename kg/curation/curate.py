"""Corrections on a store: the analysts' commands (merge, retype, relabel, split, reject,
affiliate). Each checks its input, then makes the correction in one commit
(kg.curation.write.make); bad input raises a CurationError before anything is written.

The rest of curation, re-exported here: naming.py (which entity a name means), records.py
(the curation graph), write.py (one correction, one commit), status.py (listing, apply_all,
undo), hooks.py (kg build's and kg load's hooks).
"""

from __future__ import annotations

from urllib.parse import unquote

from kg.curation.hooks import Incoming, curate_batch, for_write, load, read, split_out
from kg.curation.model import FACT_KINDS, Correction, short
from kg.curation.naming import Named, anchor_of, entity, entity_type, graphs_with, mention_texts, node, rows
from kg.curation.records import applied_in, corrections, has_corrections
from kg.curation.status import Status, apply_all, gone, listing, undo
from kg.curation.write import Outcome, make, stamp
from kg.errors import CurationError, Errors
from kg.store import Store

__all__ = ["Incoming", "Named", "Outcome", "Status", "affiliate", "applied_in", "apply_all", "corrections",
           "curate_batch", "entity", "entity_type", "for_write", "gone", "graphs_with", "has_corrections",
           "listing", "load", "make", "merge", "read", "reject", "relabel", "retype", "split", "split_out",
           "undo"]


def merge(store: Store, keep: str, other: str, *, by: str | None = None, note: str | None = None) -> Outcome:
    k, o = entity(store, keep), entity(store, other)
    if k.iri == o.iri:
        raise CurationError(Errors.KG806.format(name=keep, other=other, iri=k.iri))
    c = stamp(store, Correction(0, "merge", o.iri, keep=k.iri, type=k.type, label=k.label), by, note)
    return make(store, c, graphs_with(store, o.iri))


def retype(store: Store, name: str, type_: str, *, by: str | None = None, note: str | None = None) -> Outcome:
    type_ = entity_type(type_)
    e = entity(store, name)
    if e.type == type_ and not _mixed(store, e.iri):
        raise CurationError(Errors.KG814.format(iri=e.iri, type=type_))
    c = stamp(store, Correction(0, "retype", e.iri, type=type_), by, note)
    return make(store, c, graphs_with(store, e.iri))


def _mixed(store: Store, iri: str) -> bool:
    return len({r[1].value for r in rows(store, "curation_entity", entity=node(iri))}) > 1


def relabel(store: Store, name: str, label: str, *, by: str | None = None, note: str | None = None) -> Outcome:
    label = " ".join(label.split())
    if not label:
        raise CurationError(Errors.KG811)
    e = entity(store, name)
    c = stamp(store, Correction(0, "relabel", e.iri, label=label), by, note)
    return make(store, c, graphs_with(store, e.iri))


def split(store: Store, name: str, alias: str, *, by: str | None = None, note: str | None = None) -> Outcome:
    from kg.rdf.mapping import typed_entity_iri

    e = entity(store, name)
    new = typed_entity_iri(e.type, alias)
    if new == e.iri:
        raise CurationError(Errors.KG808.format(alias=alias, iri=e.iri))
    graphs = graphs_with(store, e.iri)
    texts = mention_texts(store, e.iri, graphs)
    if alias.casefold() not in {t.casefold() for t in texts}:
        shown = ", ".join(repr(t) for t in sorted(texts)[:10]) or "nothing"
        raise CurationError(Errors.KG807.format(iri=e.iri, alias=alias, texts=shown))
    c = stamp(store, Correction(0, "split", e.iri, label=alias, new=new, type=e.type), by, note)
    return make(store, c, graphs)


def reject(store: Store, target: str, *, by: str | None = None, note: str | None = None) -> Outcome:
    """Reject an entity (by any name :func:`entity` takes) or one fact (its IRI as the
    provenance query prints it: ``.../article/SOURCE/aN``, ``cN``, ``dN``, ``eN``, ``qN``, ``mN``)."""
    from kg.rdf.mapping import article_iri

    base = article_iri("")
    text = target.strip().strip("<>")
    if text.startswith("article/"):
        text = article_iri("")[: -len("article/")] + text
    if not text.startswith(base):
        e = entity(store, target)
        c = stamp(store, Correction(0, "reject", e.iri, label=e.label), by, note)
        return make(store, c, graphs_with(store, e.iri))
    c = _fact(store, text, target)
    c = stamp(store, c, by, note)
    return make(store, c, [c.article])


def _fact(store: Store, iri: str, given: str) -> Correction:
    import re

    from kg.rdf.iris import KG
    from kg.rdf.mapping import article_iri

    base = article_iri("")
    source, _, local = iri[len(base):].partition("/")
    graph = base + source
    m = re.fullmatch(r"([acdeqmr])(\d+)", local)
    if not m:
        raise CurationError(Errors.KG804.format(value=given, reason=f"{local or 'no fact'!r} is not aN, cN, dN, eN, "
                                                                 "qN, rN or mN"))
    if not store.raw.contains_named_graph(node(graph)):
        raise CurationError(Errors.KG804.format(value=given, reason=f"no article {unquote(source)!r}"))
    kind = FACT_KINDS[m.group(1)]
    if kind == "Mention":
        props = {KG + t + "Mention" for t in ("organisation", "person", "place")}
        for q in store.quads(graph):
            fields = q.object.value.split(" ") if q.predicate.value in props else []
            # "start end sentence n"; an older layout's "start end sentenceStart sentenceEnd n foundBy"
            number = fields[3] if len(fields) == 4 else fields[4] if len(fields) > 4 else None
            if number == m.group(2):
                said, sentence = anchor_of(store, graph, q.object.value)
                return Correction(0, "reject", iri, article=graph, kind=kind, span=" ".join(fields[:2]),
                                  entity=q.subject.value, text=said, sentence=sentence)
        raise CurationError(Errors.KG804.format(value=given, reason=f"{unquote(source)} has no mention {m.group(2)}"))
    from kg.rdf.mapping import SPAN

    fact = node(iri)
    span_of = SPAN[kind]
    if kind == "Event":  # an event is where its count is
        counts = [q.subject for q in store.raw.quads_for_pattern(None, node(KG + "event"), fact, node(graph))]
        fact = counts[0] if counts else fact
    spans = [q.object.value for q in store.raw.quads_for_pattern(fact, span_of, None, node(graph))]
    if not spans:
        raise CurationError(Errors.KG804.format(value=given, reason=f"{unquote(source)} has no {local}"))
    said, sentence = anchor_of(store, graph, spans[0])
    return Correction(0, "reject", iri, article=graph, kind=kind, span=" ".join(spans[0].split(" ")[:2]),
                      text=said, sentence=sentence)


def affiliate(store: Store, person: str, organisation: str, *, role: str = "", spokesperson: bool = False,
              article: str | None = None, by: str | None = None, note: str | None = None) -> Outcome:
    """Add an affiliation of ``person`` with ``organisation`` to ``article`` (a source name;
    default: the first article, in sorted order, whose graph mentions both)."""
    from kg.rdf.export import graph_for_source

    p, o = entity(store, person), entity(store, organisation)
    if p.type != "Person":
        raise CurationError(Errors.KG810.format(iri=p.iri, actual=p.type, expected="Person"))
    if o.type != "Organisation":
        raise CurationError(Errors.KG810.format(iri=o.iri, actual=o.type, expected="Organisation"))
    both = [r[0].value for r in rows(store, "curation_both", person=node(p.iri), organisation=node(o.iri))]
    free = [g for g in both if not _affiliated(store, g, p.iri, o.iri)]
    graph = graph_for_source(store, article) if article else (free or both or [None])[0]
    if graph is None or graph not in both:
        where = f" in {article}" if article else ""
        raise CurationError(Errors.KG809.format(person=p.iri, organisation=o.iri, where=where))
    if graph not in free:
        raise CurationError(Errors.KG815.format(person=p.iri, organisation=o.iri, source=short(graph)))
    c = Correction(0, "affiliate", p.iri, organisation=o.iri, role=" ".join(role.split()),
                   spokesperson=spokesperson, article=graph)
    return make(store, stamp(store, c, by, note), [graph])


def _affiliated(store: Store, graph: str, person: str, organisation: str) -> bool:
    """Whether the article graph already has an affiliation of ``person`` with ``organisation``."""
    from kg.rdf.iris import KG

    g = node(graph)
    nodes = {q.subject for q in store.raw.quads_for_pattern(None, node(KG + "person"), node(person), g)}
    return any(q.subject in nodes
               for q in store.raw.quads_for_pattern(None, node(KG + "organisation"), node(organisation), g))
