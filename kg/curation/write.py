"""Making a correction: numbered, stamped, applied to the article graphs it changes and
recorded, all in one journal commit (kg.store.journal), so that a kill or a full disk at any
moment leaves the store as it was or with the correction made, never in between.

What the gazetteer graph says of an entity whose names a correction rewrites (its owl:sameAs,
the gazetteer's other names) moves into every article graph that names it, as each article
held it before the gazetteer graph (``moves``): the correction then merges, relabels, splits
or rejects those names and links with the rest of the entity, article by article.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from kg.curation.apply import apply
from kg.curation.model import Correction, to_quads
from kg.curation.records import counter, last_number
from kg.store import Store
from kg.store.journal import commit

if TYPE_CHECKING:
    import pyoxigraph

Changed = dict[str, set[int]]  # article graph -> the numbers of the corrections that changed it


def stamp(store: Store, c: Correction, by: str | None, note: str | None) -> Correction:
    import getpass

    if by is None:
        try:
            by = getpass.getuser()
        except (KeyError, OSError):
            by = "unknown"
    now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    return replace(c, n=last_number(store) + 1, by=by, created=now, note=note or None)


@dataclass(frozen=True)
class Outcome:
    """A correction made (or undone) and the article graphs it rewrote."""

    correction: Correction
    articles: list[str]

    def line(self) -> str:
        n = len(self.articles)
        return f"correction {self.correction.n}: {self.correction.describe()} ({n} article{'s' * (n != 1)} rewritten)"


def moves(store: Store, cs: Iterable[Correction]) -> tuple[dict[str, list[pyoxigraph.Quad]], list[pyoxigraph.Quad]]:
    """What the gazetteer graph says of the entities whose names ``cs`` rewrite
    (``Correction.names``): per article graph that names one, the quads it gets (in that
    graph); and the gazetteer graph's quads that leave it."""
    import pyoxigraph as ox

    from kg.rdf.mapping import article_iri, gazetteer_graph_iri

    gazetteer, base = ox.NamedNode(gazetteer_graph_iri()), article_iri("")
    into: dict[str, list] = {}
    leaving: list = []
    for iri in sorted({iri for c in cs for iri in c.names}):
        node = ox.NamedNode(iri)
        said = list(store.raw.quads_for_pattern(node, None, None, gazetteer))
        if not said:
            continue
        leaving += said
        named_in = {q.graph_name.value for q in store.raw.quads_for_pattern(node, None, None, None)
                    if isinstance(q.graph_name, ox.NamedNode) and q.graph_name.value.startswith(base)}
        for graph in named_in:
            into.setdefault(graph, []).extend(ox.Quad(q.subject, q.predicate, q.object, ox.NamedNode(graph))
                                              for q in said)
    return into, leaving


def rewrite(store: Store, cs: Sequence[Correction], graphs: Iterable[str]) -> tuple[dict[str, list], Changed, list]:
    """``graphs`` (and those the gazetteer's quads move into) with ``cs`` applied: the graphs to
    write (changed, or given the gazetteer's quads), the corrections that changed each, and the
    gazetteer graph's quads that leave it."""
    into, leaving = moves(store, cs)
    write: dict[str, list] = {}
    changed: dict[str, set[int]] = {}
    for graph in sorted(set(graphs) | set(into)):
        quads = list(store.quads(graph)) + into.get(graph, [])
        new, numbers = apply(quads, cs)
        if numbers:
            changed[graph] = numbers
        if numbers or graph in into:
            write[graph] = new
    return write, changed, leaving


def make(store: Store, c: Correction, graphs: Sequence[str], *, applied: Iterable[str] = ()) -> Outcome:
    """Apply ``c`` (numbered) to ``graphs`` (the article graphs it may change) and keep it, in
    one commit; ``applied`` names graphs it is known to be applied in already (a store's export)."""
    write, changed, leaving = rewrite(store, [c], graphs)
    record = list(to_quads(c, applied_in=set(changed) | (set(applied) & set(store.graphs()))))
    count, old = counter(store, c.n)
    commit(store, list(write), [q for quads in write.values() for q in quads] + record + count, leaving + old)
    return Outcome(c, sorted(changed))
