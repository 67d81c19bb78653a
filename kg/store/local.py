"""The only persistence code: an embedded Oxigraph (RocksDB) store on disk.

One named graph per article holds everything extracted from it, so building an
article again replaces exactly its contribution. Entity nodes are shared across
article graphs through their IRIs.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from kg.errors import Errors, StoreError
from kg.store.faults import point
from kg.store.locations import Locations

if TYPE_CHECKING:
    import pyoxigraph

DEFAULT_STORE = ".kg"
ENV_STORE = "KG_STORE"
_MARKER = "kg-store"  # file written inside every store folder kg creates
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


def default_path() -> Path:
    return Path(os.environ.get(ENV_STORE) or DEFAULT_STORE)


_PIDFILE = "writer.pid"  # who holds the store for writing (for the "in use" message)
DEFAULT_WAIT = 5.0  # seconds a writer waits for another writer to finish


def _holder(path: Path) -> str:
    try:
        pid, _, what = (path / _PIDFILE).read_text().partition(" ")
        return f"PID {int(pid)}" + (f" ({what.strip()})" if what.strip() else "")
    except (OSError, ValueError):
        return "another process"


def _explain(path: Path, exc: OSError) -> StoreError:
    msg = str(exc)
    if "lock" in msg.lower():
        return StoreError(Errors.KG204.format(path=path, holder=_holder(path)))
    if "not a directory" in msg.lower():
        return StoreError(Errors.KG202.format(path=path))
    return StoreError(Errors.KG205.format(path=path, reason=msg))


class Store:
    """A kg store: open for writing (``Store(path)``) or reading (``Store.open_read(path)``)."""

    def __init__(self, path: Path, *, read_only: bool = False, create: bool = True,
                 wait: float = DEFAULT_WAIT) -> None:
        import time

        import pyoxigraph

        self.path = Path(path)
        from kg.store.compact import put_back

        put_back(self.path)
        if self.path.exists() and not self.path.is_dir():
            raise StoreError(Errors.KG202.format(path=self.path))
        fresh = not self.path.exists() or not any(self.path.iterdir())
        if fresh and not create:
            raise StoreError(Errors.KG201.format(path=self.path))
        if fresh and not read_only:  # --store a/new/path: its folders made as the store is
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(Errors.KG205.format(path=self.path, reason=exc.strerror or exc)) from exc
        if not fresh and not (self.path / "CURRENT").exists():
            manifests = sorted(p.name for p in self.path.glob("MANIFEST-*"))
            if not (self.path / _MARKER).exists() and not manifests:
                raise StoreError(Errors.KG203.format(path=self.path))
            # RocksDB would start a new, empty database beside the old files: refused, nothing touched
            hint = (f"if only that file was lost, printf '{manifests[-1]}\\n' > {self.path / 'CURRENT'} puts it "
                    "back; otherwise " if manifests else "")
            raise StoreError(Errors.KG207.format(path=self.path, hint=hint))
        deadline = time.monotonic() + wait
        while True:
            try:
                if read_only:
                    self._store = pyoxigraph.Store.read_only(str(self.path))
                else:
                    self._store = pyoxigraph.Store(str(self.path))
                    (self.path / _MARKER).write_text("kg store (Oxigraph/RocksDB)\n")
                    (self.path / _PIDFILE).write_text(f"{os.getpid()} {' '.join(_argv())}"[:200])
                break
            except OSError as exc:
                # another writer holds the lock: wait a little for it, then say who it is
                if "lock" in str(exc).lower() and time.monotonic() < deadline:
                    time.sleep(0.2)
                    continue
                raise _explain(self.path, exc) from exc
            except RuntimeError as exc:  # RocksDB found the folder damaged ("Corruption: ...")
                # a reader opening while the writer compacts may find a file just deleted:
                # that is a race, not damage; the next try sees the new file list
                if read_only and "No such file" in str(exc) and time.monotonic() < deadline:
                    time.sleep(0.1)
                    continue
                raise StoreError(Errors.KG205.format(path=self.path, reason=exc)) from exc
        self.read_only = read_only
        self.side_warnings: list[str] = []  # side files (locations.sqlite) not updated after a write
        self.locations = Locations(self.path, read_only, self.side_warnings)
        if not read_only:
            from kg.store.compact import clear_leftovers

            clear_leftovers(self.path)
            from kg.store.journal import replay

            replay(self)  # a correction a kill or a full disk interrupted after its commit point is finished
            if self.locations.path.exists():
                self.locations.db()  # a damaged file is refused now, before any write (KG208)
            self._unknown_locations()

    @classmethod
    def open_read(cls, path: Path) -> Store:
        return cls(path, read_only=True, create=False)

    @property
    def raw(self) -> pyoxigraph.Store:
        return self._store

    # ----------------------------------------------------------------- articles
    def article_hash(self, graph: str) -> str | None:
        """The content hash stored for an article graph, or None if absent."""
        return self._article_value(graph, "contentHash")

    def older_layout(self) -> bool:
        """Whether the store holds facts in an older RDF layout (kg.rdf.iris.LAYOUT): layout 1's
        ``kg:span`` (before the facts had their own span property; one index lookup), or an
        article with no ``kg:sentences``, which layout 3's spans name their sentence by (a
        read of every article's type and sentences: 0.1 s at 10,000 articles)."""
        import pyoxigraph as ox

        from kg.rdf.iris import KG

        raw = self._store
        if any(True for _ in raw.quads_for_pattern(None, ox.NamedNode(KG + "span"), None, None)):
            return True
        typed = raw.quads_for_pattern(None, ox.NamedNode(RDF_TYPE), ox.NamedNode(KG + "Article"), None)
        articles = {q.graph_name for q in typed if q.subject == q.graph_name}
        if not articles:
            return False
        told = raw.quads_for_pattern(None, ox.NamedNode(KG + "sentences"), None, None)
        return bool(articles - {q.graph_name for q in told if q.subject == q.graph_name})

    def article_extractor(self, graph: str) -> str | None:
        """Which pipeline extracted the article (kg:extractor), or None."""
        return self._article_value(graph, "extractor")

    def _article_value(self, graph: str, prop: str) -> str | None:
        import pyoxigraph as ox

        from kg.rdf.iris import KG  # (the plain string: kg.rdf.namespaces imports rdflib)

        g = ox.NamedNode(graph)
        for quad in self._store.quads_for_pattern(None, ox.NamedNode(KG + prop), None, g):
            return quad.object.value
        return None

    def write_articles(self, graphs: list[str], nquads: bytes) -> None:
        """Write a batch of article graphs (``nquads`` holds all of them), replacing
        earlier versions of ``graphs``.

        Graphs already present are removed first, then the whole batch goes in with
        one call of Oxigraph's bulk loader: it builds RocksDB table files and
        ingests them in one atomic step (about 3x cheaper than a transaction per
        article). A kill leaves the batch either all there or absent, never part of
        an article; the next build redoes what is absent."""
        import pyoxigraph as ox

        try:
            named: set = set()  # the entities the replaced versions name
            for graph in graphs:
                g = ox.NamedNode(graph)
                if self._store.contains_named_graph(g):
                    named |= self._named_in(g)
                    self._store.remove_graph(g)
            point("graphs-removed")
            if nquads:
                self._store.bulk_load(nquads, format=ox.RdfFormat.N_QUADS)
            if named:
                self.prune_gazetteer(named)
        except OSError as exc:
            raise StoreError(Errors.KG206.format(path=self.path, reason=exc)) from exc
        from kg.store.summary import summary_lines

        self._summarise(graphs, lambda: ox.parse(summary_lines(nquads), format=ox.RdfFormat.N_QUADS) if nquads
                        else [])

    def remove_graph(self, graph: str) -> bool:
        import pyoxigraph as ox

        g = ox.NamedNode(graph)
        if not self._store.contains_named_graph(g):
            return False
        named = self._named_in(g)
        self._store.remove_graph(g)
        self.prune_gazetteer(named)
        self.record_locations({graph: None})
        self._summarise([graph], list)
        return True

    def _named_in(self, graph: pyoxigraph.NamedNode) -> set:
        """The subjects of ``graph`` that the gazetteer graph says something of."""
        import pyoxigraph as ox

        from kg.rdf.mapping import gazetteer_graph_iri

        gazetteer = ox.NamedNode(gazetteer_graph_iri())
        subjects = {q.subject for q in self._store.quads_for_pattern(None, None, None, graph)}
        return {s for s in subjects if any(True for _ in self._store.quads_for_pattern(s, None, None, gazetteer))}

    def prune_gazetteer(self, entities: Iterable | None = None) -> int:
        """Remove what the gazetteer graph says of ``entities`` (pyoxigraph terms; every entity
        it speaks of when None) that no other graph names any more, as subject or object:
        the last article naming them is gone. Returns the number of quads removed."""
        import pyoxigraph as ox

        from kg.rdf.mapping import gazetteer_graph_iri

        raw = self._store
        gazetteer = ox.NamedNode(gazetteer_graph_iri())
        if entities is None:
            entities = {q.subject for q in raw.quads_for_pattern(None, None, None, gazetteer)}

        def named_elsewhere(e) -> bool:  # noqa: ANN001 (a pyoxigraph term)
            return any(q.graph_name != gazetteer for q in raw.quads_for_pattern(e, None, None, None)) or any(
                q.graph_name != gazetteer for q in raw.quads_for_pattern(None, None, e, None))

        gone = [q for e in entities if not named_elsewhere(e) for q in raw.quads_for_pattern(e, None, None, gazetteer)]
        for q in gone:
            raw.remove(q)
        return len(gone)

    # ----------------------------------------------------------------- where articles came from
    def _unknown_locations(self) -> None:
        """Article graphs without a location row get "path unknown" (kg.store.locations)."""
        from kg.rdf.mapping import article_iri

        base = article_iri("")
        self.locations.mark_unknown(g.value for g in self._store.named_graphs()
                                    if g.value.startswith(base) and "/" not in g.value[len(base):])

    def article_location(self, graph: str) -> str | None:
        """The path the article in ``graph`` was read from (kg.store.locations.Locations.get)."""
        return self.locations.get(graph)

    def record_locations(self, paths: dict[str, str | None]) -> None:
        """Remember (or, for None, forget) where article graphs were read from; a failure is a
        warning in ``side_warnings``, never an error after the write happened."""
        self.locations.record(paths)

    def graphs(self) -> Iterator[str]:
        for g in self._store.named_graphs():
            yield g.value

    def add_quads(self, quads: Iterable[pyoxigraph.Quad]) -> None:
        """Add quads in one transaction (``kg load``): all or nothing."""
        quads = list(quads)
        try:
            self._store.extend(quads)
        except OSError as exc:
            raise StoreError(Errors.KG206.format(path=self.path, reason=exc)) from exc
        graphs = sorted({q.graph_name.value for q in quads if hasattr(q.graph_name, "value")})
        self._summarise(graphs, lambda: (q for g in graphs for q in self.quads(g)))

    def update(self, text: str, prefixes: dict[str, str] | None = None) -> None:
        """Run a SPARQL update (``kg query --update``), with ``prefixes`` declared. The corpus
        summary cannot follow an arbitrary update: it is dropped, and made again from the store
        when next read."""
        self._store.update(text, prefixes=prefixes)
        self.summary.drop()

    # ----------------------------------------------------------------- the corpus summary
    @property
    def summary(self):  # noqa: ANN201 (kg.store.summary.Summary, imported lazily)
        """What ``kg top`` reads (kg.store.summary), beside the RDF."""
        if getattr(self, "_summary", None) is None:
            from kg.store.summary import Summary

            self._summary = Summary(self.path)
        return self._summary

    def _summarise(self, graphs: list[str], quads) -> None:  # noqa: ANN001 (a callable giving quads)
        """Keep the summary in step with a write of ``graphs``. A summary that cannot be written
        is dropped (the next read makes it again): the RDF, already written, is what counts."""
        import sqlite3

        try:
            self.summary.record(graphs, quads())
        except (sqlite3.Error, OSError):
            try:
                self.summary.drop()
            except OSError:
                pass

    def quads(self, graph: str | None = None) -> Iterator[pyoxigraph.Quad]:
        import pyoxigraph as ox

        g = ox.NamedNode(graph) if graph else None
        yield from self._store.quads_for_pattern(None, None, None, g)

    def default_graph_quads(self) -> Iterator[pyoxigraph.Quad]:
        import pyoxigraph as ox

        yield from self._store.quads_for_pattern(None, None, None, ox.DefaultGraph())

    def __len__(self) -> int:
        return sum(1 for _ in self._store.quads_for_pattern(None, None, None, None))

    def size_on_disk(self) -> int:
        return folder_bytes(self.path)

    def flush(self) -> None:
        if not self.read_only:
            try:
                point("flush")
                self._store.flush()
            except OSError as exc:  # a full disk
                raise StoreError(Errors.KG206.format(path=self.path, reason=exc.strerror or exc)) from exc

    def close(self) -> None:
        try:
            self.flush()
        finally:
            del self._store
            self.close_side_files()
            if not self.read_only:
                (self.path / _PIDFILE).unlink(missing_ok=True)

    def close_side_files(self) -> None:
        """Close the SQLite files beside the RDF (the article locations, the summary)."""
        if getattr(self, "locations", None) is not None:
            self.locations.close()
        if getattr(self, "_summary", None) is not None:
            self._summary.close()
            self._summary = None

    def release(self) -> None:
        """Let go of the database without flushing it or removing the writer's PID file
        (kg.store.compact, which renames the folder right after)."""
        self.close_side_files()
        del self._store

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        if exc[0] is None:
            self.close()
            return
        try:
            self.close()
        except StoreError:
            pass  # the error that ended the block is the one to report (a full disk fails the flush too)


def _argv() -> list[str]:
    import sys

    return ["kg", *sys.argv[1:3]] if sys.argv else ["kg"]


def folder_bytes(path: Path) -> int:
    """Bytes of every file in a store folder; a file RocksDB's compaction deletes while they
    are counted counts nothing."""
    total = 0
    for f in Path(path).rglob("*"):
        try:
            total += f.stat().st_size if f.is_file() else 0
        except FileNotFoundError:
            continue
    return total


def destroy(path: Path) -> None:
    """Delete a kg store folder (only one that kg created)."""
    if (path / _MARKER).exists():
        shutil.rmtree(path)
