"""The corpus summary: what ``kg top`` answers, kept beside the store instead of counted
from every mention at each call (issue 16: 6 s at 1,000 articles, a minute at 10,000).

A SQLite file in the store folder (local and derived, like the locations table: never
exported, pushed or served) holds, per article graph and entity, the entity's type,
its mentions there and its label there, and per entity the totals, indexed by rank. The
numbers are those of the named query ``top`` (queries/top.rq), row for row: an entity
counts in an article where it has a mention and a ``skos:prefLabel``; its mentions are
the mention statements times the labels there; its label is the least of its labels in
code-point order; rows are ranked by articles, mentions, then label.

Every write of article graphs through kg.store.Store (build, remove, load, curation)
updates it in the same process, after the RDF write. What no kg write path sees (a kill
between the two, a SPARQL update through ``kg serve --writable``) is caught when the
summary is read: each article's ``kg:contentHash`` is compared with the one summarised,
and what differs is summarised again; ``kg query --update`` drops the summary, which is
then made again from the store on the next read.
"""

from __future__ import annotations

import hashlib
import heapq
import itertools
import os
import re
import sqlite3
import sys
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from kg.rdf.iris import ID, KG

if TYPE_CHECKING:
    import pyoxigraph

FILE = "summary.sqlite"
_ARTICLE = ID + "article/"
_PREF_LABEL = "http://www.w3.org/2004/02/skos/core#prefLabel"
_TYPES = {KG + "organisationMention": "Organisation", KG + "personMention": "Person", KG + "placeMention": "Place"}
_HASH = KG + "contentHash"
_VERSION = 6  # PRAGMA user_version; a file of another version is made again from the store
# Kept small (issue 16: the first version took 27 KB an article at 50,000 articles, the second
# 12 KB at 1,000): article graphs and entities are numbered (``graph``, ``entity.id``) and the
# per-article rows (``seen``) hold numbers only, with the entity's label there left out (NULL)
# where it is the entity's label (see ``_settle``); entity IRIs lose the prefix every kg IRI
# shares (see ``_short``) and types are numbers (``_TYPE_CODES``, in the names' order); an entity's
# number is a 23-bit checksum of its IRI followed by 8 bits that tell apart the IRIs sharing it
# (``_ids``), so that it is found by its IRI without an index on the IRI (32 bytes an entity) or
# on a checksum column (17). The
# ranking index holds the counts only (SQLite sorts the few rows that tie on them by label and
# IRI as it reads), and one index serves every type: ``top`` without a type merges the three
# ranked types; a name in another letter case is found by a scan of the entity table (``named``).
_SCHEMA = """
CREATE TABLE IF NOT EXISTS graph (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, hash TEXT);
CREATE TABLE IF NOT EXISTS entity (id INTEGER PRIMARY KEY, entity TEXT NOT NULL, type INTEGER NOT NULL,
                                   articles INTEGER NOT NULL, mentions INTEGER NOT NULL, label TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS entity_rank ON entity (type, articles DESC, mentions DESC);
CREATE TABLE IF NOT EXISTS seen (graph INTEGER NOT NULL, entity INTEGER NOT NULL, mentions INTEGER NOT NULL,
                                 label TEXT, PRIMARY KEY (graph, entity)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS seen_entity ON seen (entity, graph);
CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
_TYPE_NAMES = sorted(set(_TYPES.values()))
_TYPE_CODES = {name: code for code, name in enumerate(_TYPE_NAMES)}


def _fingerprint(folder: Path) -> str:
    """The names, sizes and modification times of the store's RocksDB files. A write changes
    them (RocksDB appends to its write-ahead log and manifest, and writes table files anew,
    never in place); a read does not. Its info log and lock file, which opening touches, and
    kg's SQLite files beside it are left out. A table file that RocksDB's background compaction
    deletes between the listing and its stat is left out too: the fingerprint then differs from
    the last one, so the next check reads the hashes again, which is the safe side."""
    parts = []
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if entry.name.startswith(("LOG", "LOCK")) or ".sqlite" in entry.name or not entry.is_file():
            continue
        try:
            st = entry.stat()
        except FileNotFoundError:
            continue
        parts.append(f"{entry.name} {st.st_size} {st.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _short(iri: str) -> str:
    """An entity IRI as stored: without kg's IRI base, or whole after a "<" (which no IRI
    holds) when it is not under it. Order is kept among the IRIs under the base."""
    return iri[len(ID):] if iri.startswith(ID) else "<" + iri


_SLOTS = 8  # low bits of an entity's number: up to 256 IRIs may share a checksum


def _ids(stored: str) -> tuple[int, int]:
    """The range of numbers an entity of this stored IRI may have: its CRC-32 in 23 bits,
    shifted by ``_SLOTS`` (numbers below 2**31: 4 bytes in SQLite), the first free slot taken
    when it is made. An IRI is found by a search of the table's own key over the range."""
    low = (zlib.crc32(stored.encode("utf-8")) & 0x7FFFFF) << _SLOTS
    return low, low + (1 << _SLOTS) - 1


def _long(stored: str) -> str:
    return stored[1:] if stored.startswith("<") else ID + stored


Row = tuple[str, str, int, str]  # entity IRI, type name, mentions and label in one article


_READ_IRIS = b"|".join(re.escape(f"<{iri}>".encode()) for iri in (*_TYPES, _PREF_LABEL, _HASH))
_READ_LINE = re.compile(rb"^[^\n]*(?:" + _READ_IRIS + rb")[^\n]*$", re.MULTILINE)


def summary_lines(nquads: bytes) -> bytes:
    """The lines of an N-Quads document that :func:`article_rows` can use: those that name one of
    the predicates it reads (a statement is one line in N-Quads; a literal that merely contains
    such a name passes too, and is skipped by its predicate). Parsing a few thousand lines
    instead of all the batch's is most of the summary's cost of a build."""
    return b"\n".join(_READ_LINE.findall(nquads))


def article_rows(quads: Iterable[pyoxigraph.Quad]) -> dict[str, tuple[str | None, list[Row]]]:
    """Article graph -> (its content hash, its summary rows (entity, type, mentions, label)),
    from the quads of those graphs."""
    mentions: dict[str, dict[tuple[str, str], int]] = {}
    labels: dict[str, dict[str, list[str]]] = {}
    hashes: dict[str, str | None] = {}
    for q in quads:
        g = q.graph_name.value if hasattr(q.graph_name, "value") else ""
        if not g.startswith(_ARTICLE):
            continue
        hashes.setdefault(g, None)
        p = q.predicate.value
        kind = _TYPES.get(p)
        if kind is not None:
            key = (q.subject.value, kind)
            per = mentions.setdefault(g, {})
            per[key] = per.get(key, 0) + 1
        elif p == _PREF_LABEL:
            labels.setdefault(g, {}).setdefault(q.subject.value, []).append(q.object.value)
        elif p == _HASH and q.subject.value == g:
            hashes[g] = q.object.value
    out: dict[str, tuple[str | None, list[Row]]] = {}
    for g, h in hashes.items():
        named = labels.get(g, {})
        rows = [(e, kind, n * len(named[e]), min(named[e])) for (e, kind), n in mentions.get(g, {}).items()
                if named.get(e)]
        out[g] = (h, rows)
    return out


class Summary:
    """The summary file of the store at ``path`` (made on first use)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path) / FILE
        self._db: sqlite3.Connection | None = None

    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            # the build writes from its writer thread, one batch at a time; the store closes it after
            self._db = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
            if self._db.execute("PRAGMA user_version").fetchone()[0] != _VERSION:
                # another version's file (or a new one): it is derived, so made again from the store
                self._db.close()
                self.path.unlink(missing_ok=True)
                self._db = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
                self._db.executescript(_SCHEMA + f"PRAGMA user_version = {_VERSION};")
        return self._db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def drop(self) -> None:
        """Forget everything (after a change kg cannot follow): the next read summarises again."""
        self.close()
        self.path.unlink(missing_ok=True)

    # ----------------------------------------------------------------- keeping it
    def record(self, graphs: Iterable[str], quads: Iterable[pyoxigraph.Quad]) -> None:
        """``graphs`` now hold ``quads`` (a graph absent from ``quads`` now holds nothing)."""
        found = article_rows(quads)
        changes = {g: found.get(g, (None, [])) for g in graphs if g.startswith(_ARTICLE)}
        changes.update({g: v for g, v in found.items() if g not in changes})
        if changes:
            self._apply(changes)

    def forget(self, graphs: Iterable[str]) -> None:
        self.record(graphs, [])

    def _apply(self, changes: dict[str, tuple[str | None, list[Row]]]) -> None:
        db = self._conn()
        with db:
            touched: dict[int, list] = {}  # entity id -> [articles change, mentions change, settle?]
            for g, (h, rows) in changes.items():
                name = g[len(_ARTICLE):]
                found = db.execute("SELECT id FROM graph WHERE name = ?", (name,)).fetchone()
                gid = found[0] if found else None
                if gid is not None:
                    for eid, n in db.execute("SELECT entity, mentions FROM seen WHERE graph = ?", (gid,)):
                        d = touched.setdefault(eid, [0, 0, False])
                        d[0] -= 1
                        d[1] -= n
                        d[2] = True  # the least label may have gone with it
                    db.execute("DELETE FROM seen WHERE graph = ?", (gid,))
                if h is None and not rows:
                    db.execute("DELETE FROM graph WHERE name = ?", (name,))
                    continue
                if gid is None:
                    gid = db.execute("INSERT INTO graph (name, hash) VALUES (?, ?)", (name, h)).lastrowid
                else:
                    db.execute("UPDATE graph SET hash = ? WHERE id = ?", (h, gid))
                for e, kind, n, label in rows:
                    eid, known = self._entity(db, _short(e), _TYPE_CODES[kind], label)
                    db.execute("INSERT INTO seen VALUES (?, ?, ?, ?)", (gid, eid, n, None if label == known else label))
                    d = touched.setdefault(eid, [0, 0, False])
                    d[0] += 1
                    d[1] += n
                    d[2] = d[2] or label < known
            for eid, (da, dm, settle) in touched.items():
                if settle and not self._settle(db, eid):
                    continue
                db.execute("UPDATE entity SET articles = articles + ?, mentions = mentions + ? WHERE id = ?",
                           (da, dm, eid))

    @staticmethod
    def _entity(db: sqlite3.Connection, entity: str, kind: int, label: str) -> tuple[int, str]:
        """The number and label of an entity row, made (with no articles yet) when new."""
        low, high = _ids(entity)
        taken = set()
        for eid, iri, k, known in db.execute("SELECT id, entity, type, label FROM entity WHERE id BETWEEN ? AND ?",
                                             (low, high)):
            if iri == entity and k == kind:
                return eid, known
            taken.add(eid)
        eid = next((i for i in range(low, high + 1) if i not in taken), None)
        if eid is None:  # 256 entities sharing 23 bits of checksum: not in any store of this world
            raise sqlite3.IntegrityError(f"no free number for {entity!r}")
        db.execute("INSERT INTO entity VALUES (?, ?, ?, 0, 0, ?)", (eid, entity, kind, label))
        return eid, label

    @staticmethod
    def _settle(db: sqlite3.Connection, eid: int) -> bool:
        """Make the entity's label the least of its labels in the articles that have it again
        (a ``seen`` row's NULL label is the entity's label), or drop the entity when no article
        has it; False when dropped."""
        (label,) = db.execute("SELECT label FROM entity WHERE id = ?", (eid,)).fetchone()
        (least,) = db.execute("SELECT MIN(COALESCE(label, ?)) FROM seen WHERE entity = ?", (label, eid)).fetchone()
        if least is None:
            db.execute("DELETE FROM entity WHERE id = ?", (eid,))
            return False
        if least != label:
            db.execute("UPDATE seen SET label = ? WHERE entity = ? AND label IS NULL", (label, eid))
            db.execute("UPDATE seen SET label = NULL WHERE entity = ? AND label = ?", (eid, least))
            db.execute("UPDATE entity SET label = ? WHERE id = ?", (least, eid))
        return True

    # ----------------------------------------------------------------- reading it
    def refresh(self, store) -> int:  # noqa: ANN001 (kg.store.Store)
        """Summarise again the article graphs whose content hash differs from the one
        summarised (or that are new or gone); returns how many. Skipped when the store's files
        are those of the last check (``_fingerprint``): reading every article's hash took 3 s
        at 50,000 articles, at each kg top."""
        import pyoxigraph as ox

        fingerprint = _fingerprint(Path(store.path))
        db = self._conn()
        checked = db.execute("SELECT value FROM state WHERE key = 'checked'").fetchone()
        if checked and checked[0] == fingerprint:
            return 0
        now: dict[str, str | None] = {}
        for q in store.raw.quads_for_pattern(None, ox.NamedNode(_HASH), None, None):
            g = q.graph_name
            if isinstance(g, ox.NamedNode) and g.value.startswith(_ARTICLE) and q.subject == g:
                now[g.value] = q.object.value
        for g in store.graphs():  # an article graph without a hash (a hand-made one) is summarised too
            if g.startswith(_ARTICLE):
                now.setdefault(g, None)
        db = self._conn()
        had = {_ARTICLE + g: h for g, h in db.execute("SELECT name, hash FROM graph")}
        stale = [g for g, h in now.items() if g not in had or had[g] != h or h is None]
        gone = [g for g in had if g not in now]
        if gone:
            self.forget(gone)
        for i in range(0, len(stale), 256):
            part = stale[i : i + 256]
            self.record(part, (q for g in part for q in store.quads(g)))
        with db:  # the files as they were before this check: a write meanwhile makes the next one check
            db.execute("INSERT OR REPLACE INTO state VALUES ('checked', ?)", (fingerprint,))
        return len(stale) + len(gone)

    def named(self, name: str) -> list[tuple[str, str]]:
        """(entity, label) of the entities whose label (the first in code-point order of the
        articles' labels) is ``name`` in any letter case (ASCII case folding, SQLite's NOCASE):
        a scan of the entity table, for the rare name that no usual spelling finds."""
        sql = "SELECT DISTINCT entity, label FROM entity WHERE label = ? COLLATE NOCASE ORDER BY 2, 1"
        return [(_long(e), label) for e, label in self._conn().execute(sql, (name,))]

    def articles(self) -> Iterator[tuple[str, str, int]]:
        """(entity, type, articles) of every entity, in no order."""
        for e, kind, articles in self._conn().execute("SELECT entity, type, articles FROM entity"):
            yield _long(e), _TYPE_NAMES[kind], articles

    def top(self, type_: str | None = None, limit: int | None = None, offset: int | None = None) -> Iterator[tuple]:
        """(entity, label, type, articles, mentions), ranked as the named query ``top``: by
        articles, mentions, label, then IRI and type. Without a type, the three ranked types
        are merged (one ranking index per type, none for all)."""
        if type_ and type_ not in _TYPE_CODES:
            return
        kinds = [_TYPE_CODES[type_]] if type_ else list(_TYPE_CODES.values())
        # (SQL's LIMIT -1: no limit; past 2**63 - 1 neither SQLite nor islice counts)
        last = None if limit is None or limit < 0 else min((offset or 0) + limit, sys.maxsize)
        db = self._conn()

        def ranked(kind: int) -> Iterator[tuple]:
            sql = ("SELECT articles, mentions, label, entity FROM entity WHERE type = ? "
                   "ORDER BY articles DESC, mentions DESC, label, entity LIMIT ?")
            for articles, mentions, label, e in db.execute(sql, (kind, -1 if last is None else last)):
                yield -articles, -mentions, label, e, kind

        rows = heapq.merge(*(ranked(k) for k in kinds))
        for articles, mentions, label, e, kind in itertools.islice(rows, offset or 0, last):
            yield _long(e), label, _TYPE_NAMES[kind], -articles, -mentions

    def neighbours(self, entity: str, limit: int | None = None, offset: int | None = None) -> Iterator[tuple]:
        """(neighbour, label, type, articles) of the entities in the articles that name ``entity``,
        ranked as the named query ``neighbours`` (articles where both occur, then label)."""
        sql = ("SELECT e.entity, MIN(COALESCE(b.label, e.label)) AS label, e.type, COUNT(DISTINCT b.graph) AS articles "
               "FROM seen b JOIN entity e ON e.id = b.entity "
               "WHERE b.graph IN (SELECT s.graph FROM entity x JOIN seen s ON s.entity = x.id "
               "WHERE x.id BETWEEN ? AND ? AND x.entity = ?) "
               "AND e.entity != ? GROUP BY e.id "
               "ORDER BY articles DESC, label, e.entity, e.type")
        args: list = [*_ids(_short(entity)), _short(entity), _short(entity)]
        if limit is not None or offset:
            sql += " LIMIT ? OFFSET ?"
            args += [-1 if limit is None else limit, offset or 0]
        for e, label, kind, articles in self._conn().execute(sql, args):
            yield _long(e), label, _TYPE_NAMES[kind], articles
