"""A write of several steps made all-or-nothing: recorded first, then applied, then forgotten.

A correction (kg merge, split, reject ...) replaces some article graphs, adds its record to the
curation graph and removes a few quads (what the gazetteer graph said of a merged entity, the
old correction counter). Oxigraph makes each step atomic, not the whole; so the whole goes
through a redo journal beside the RDF::

    STORE/journal.tmp/   graphs (one IRI a line), add.nq, remove.nq   written and synced,
    STORE/journal/       then renamed: the commit point,
                         then applied (Store.write_articles, the removals, a flush),
                         then deleted.

A kill or a full disk before the rename leaves the old state (``journal.tmp`` is deleted at the
next open); after it, the next writable open of the store (any kg command that writes: kg build,
kg curation apply, another correction) applies the journal again and so finishes the write.
Applying it twice gives the same store: the graphs are replaced, the additions and removals
are sets. A journal of up to ``ATOMIC_LIMIT`` quads is applied in one Oxigraph transaction (a
SPARQL update), so readers too see the old store or the new one; a bigger one in steps (the
bulk loader). ``kg.store.faults`` stops or fails it at each named point for the tests.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from kg.errors import Errors, StoreError
from kg.store.faults import point

if TYPE_CHECKING:
    import pyoxigraph

    from kg.store.local import Store

JOURNAL = "journal"
_FILES = ("graphs", "add.nq", "remove.nq")


def pending(path: Path) -> bool:
    """Whether the store at ``path`` has a committed write not yet applied (a kill came after
    its commit point)."""
    return (Path(path) / JOURNAL / "graphs").exists()


def commit(store: Store, graphs: Sequence[str], add: Sequence[pyoxigraph.Quad],
           remove: Sequence[pyoxigraph.Quad] = ()) -> None:
    """Replace ``graphs`` by what ``add`` holds of them, add the rest of ``add`` (other graphs),
    and remove ``remove``: all of it, or (killed or failing before the commit point) none."""
    import pyoxigraph as ox

    added = set(add)
    data = [b"".join(f"{g}\n".encode() for g in graphs),
            ox.serialize(list(add), format=ox.RdfFormat.N_QUADS) or b"",
            ox.serialize([q for q in remove if q not in added], format=ox.RdfFormat.N_QUADS) or b""]
    tmp, final = store.path / (JOURNAL + ".tmp"), store.path / JOURNAL
    try:
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
        for name, content in zip(_FILES, data, strict=True):
            _write_synced(tmp / name, content)
        point("journal-written")
        os.replace(tmp, final)  # the commit point
        _sync_dir(store.path)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise StoreError(Errors.KG206.format(path=store.path, reason=f"{exc.strerror or exc}; nothing was "
                                                                     "changed")) from exc
    point("journal-committed")
    replay(store)


def replay(store: Store) -> bool:
    """Apply a committed journal (again) and delete it; delete an uncommitted one. Whether there
    was a committed one. Called by ``commit`` and at each writable open of the store."""
    tmp, final = store.path / (JOURNAL + ".tmp"), store.path / JOURNAL
    shutil.rmtree(tmp, ignore_errors=True)  # killed before its commit point: the old state stays
    if not pending(store.path):
        shutil.rmtree(final, ignore_errors=True)
        return False
    graphs = [g for g in (final / "graphs").read_text(encoding="utf-8").splitlines() if g]
    add, remove = ((final / name).read_bytes() for name in _FILES[1:])
    try:
        if not _in_one_transaction(store, graphs, add, remove):
            _in_steps(store, graphs, add, remove)
        point("journal-removed")
        store.flush()
    except (OSError, StoreError) as exc:
        reason = exc.__cause__ if isinstance(exc, StoreError) and exc.__cause__ else exc
        raise StoreError(Errors.KG218.format(path=store.path, reason=reason)) from exc
    shutil.rmtree(final)
    _sync_dir(store.path)
    return True


def atomic_limit() -> int:
    """Up to how many quads a journal is applied in one transaction (``KG_ATOMIC_LIMIT``, the
    tests set 0 to take the other way)."""
    return int(os.environ.get("KG_ATOMIC_LIMIT", str(ATOMIC_LIMIT)))


ATOMIC_LIMIT = 200_000  # a SPARQL update of 25,000 quads takes about 2 s; the bulk loader is faster


def _in_one_transaction(store: Store, graphs: list[str], add: bytes, remove: bytes) -> bool:
    """The journal applied as one SPARQL update, one Oxigraph transaction: a reader meanwhile,
    or after a kill, sees the store before it or after it, never an article graph removed
    and not yet written again. False (nothing done) when it is too big or holds blank nodes
    (which an update's data cannot name)."""
    import pyoxigraph as ox

    from kg.store.summary import summary_lines

    if add.count(b"\n") + remove.count(b"\n") > atomic_limit() or b"_:" in add or b"_:" in remove:
        return False
    named: set = set()  # the entities the replaced versions name (for the gazetteer's pruning)
    for graph in graphs:
        g = ox.NamedNode(graph)
        if store.raw.contains_named_graph(g):
            named |= store._named_in(g)
    parts = [f"DROP SILENT GRAPH <{g}>" for g in graphs]
    for verb, data in (("DELETE", remove), ("INSERT", add)):
        by_graph: dict[str, list[str]] = {}
        for q in ox.parse(data, format=ox.RdfFormat.N_QUADS):
            by_graph.setdefault(str(q.graph_name), []).append(f"{q.subject} {q.predicate} {q.object} .")
        if by_graph:
            parts.append(f"{verb} DATA {{ " + " ".join(f"GRAPH {g} {{ {' '.join(t)} }}" for g, t in by_graph.items())
                         + " }")
    store.raw.update(" ;\n".join(parts))
    point("journal-loaded")
    if named:
        store.prune_gazetteer(named)
    store._summarise(graphs, lambda: ox.parse(summary_lines(add), format=ox.RdfFormat.N_QUADS) if add else [])
    return True


def _in_steps(store: Store, graphs: list[str], add: bytes, remove: bytes) -> None:
    """The journal applied by the bulk loader, then the removals: each step atomic, the whole
    finished by ``replay`` after a kill."""
    import pyoxigraph as ox

    store.write_articles(graphs, add)
    point("journal-loaded")
    for q in ox.parse(remove, format=ox.RdfFormat.N_QUADS):
        store.raw.remove(q)


def _write_synced(path: Path, content: bytes) -> None:
    with open(path, "wb") as f:
        f.write(content)
        f.flush()
        os.fsync(f.fileno())


def _sync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
