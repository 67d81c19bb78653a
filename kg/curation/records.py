"""The curation graph (``id/curation``): the corrections a store keeps, where they applied,
and the counter that numbers them. Reading here; the writes are quads handed to one journal
commit (kg.curation.write), never written one by one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from kg.curation.model import Correction, from_triples
from kg.store import Store

if TYPE_CHECKING:
    import pyoxigraph


def curation_node() -> pyoxigraph.NamedNode:
    import pyoxigraph as ox

    from kg.rdf.mapping import curation_graph_iri

    return ox.NamedNode(curation_graph_iri())


def has_corrections(store: Store) -> bool:
    """Whether the store has a curation graph (one call: what a build pays when there is none)."""
    return store.raw.contains_named_graph(curation_node())


def corrections(store: Store) -> list[Correction]:
    """The store's corrections, by number."""
    if not has_corrections(store):
        return []
    return from_triples((q.subject, q.predicate, q.object) for q in store.quads(curation_node().value))


def applied_in(store: Store) -> dict[int, set[str]]:
    """Correction number -> the article graphs it changed when it was last applied to them."""
    import pyoxigraph as ox

    from kg.rdf.iris import KG
    from kg.rdf.mapping import correction_number

    out: dict[int, set[str]] = {}
    if not has_corrections(store):
        return out
    for q in store.raw.quads_for_pattern(None, ox.NamedNode(KG + "appliedIn"), None, curation_node()):
        n = correction_number(q.subject.value)
        if n is not None:
            out.setdefault(n, set()).add(q.object.value)
    return out


def last_number(store: Store) -> int:
    import pyoxigraph as ox

    from kg.rdf.iris import KG

    g = curation_node()
    last = [int(q.object.value) for q in store.raw.quads_for_pattern(g, ox.NamedNode(KG + "lastCorrection"), None, g)]
    return max([*last, *(c.n for c in corrections(store))], default=0)


def counter(store: Store, n: int) -> tuple[list[pyoxigraph.Quad], list[pyoxigraph.Quad]]:
    """The quads that set the counter of corrections to ``n`` (when it is below) and those that
    go: (to add, to remove)."""
    import pyoxigraph as ox

    from kg.rdf.iris import KG

    g = curation_node()
    p = ox.NamedNode(KG + "lastCorrection")
    old = list(store.raw.quads_for_pattern(g, p, None, g))
    n = max(n, last_number(store))
    new = ox.Quad(g, p, ox.Literal(str(n), datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer")), g)
    return [new], [q for q in old if q != new]


def notes(changed: dict[str, Iterable[int]]) -> list[pyoxigraph.Quad]:
    """The quads that note which corrections changed which article graphs (kg:appliedIn)."""
    import pyoxigraph as ox

    from kg.rdf.iris import KG
    from kg.rdf.mapping import correction_iri

    p, g = ox.NamedNode(KG + "appliedIn"), curation_node()
    return [ox.Quad(ox.NamedNode(correction_iri(n)), p, ox.NamedNode(graph), g)
            for graph, numbers in changed.items() for n in sorted(numbers)]


def stale_notes(store: Store, graphs: Iterable[str]) -> list[pyoxigraph.Quad]:
    """What is noted of ``graphs`` (kg:appliedIn): to remove when they are written anew."""
    import pyoxigraph as ox

    from kg.rdf.iris import KG

    p, g = ox.NamedNode(KG + "appliedIn"), curation_node()
    return [q for graph in graphs for q in store.raw.quads_for_pattern(None, p, ox.NamedNode(graph), g)]
