"""The rows kg claims reads, kept beside the store until the store changes.

Reading the counts and statements of 10,000 articles from the store takes three whole-store
queries (about 20 s of CPU; grouping them takes 6). The rows that kg.claims.rows reads are
kept in ``claims.sqlite`` in the store folder (local and derived, like the corpus summary:
never exported, pushed or served), with the fingerprint of the store's RocksDB files they were
read at (kg.store.summary's: names, sizes and modification times, which every write changes
and no read does). They are used only while the store's fingerprint is that one; any other
fingerprint, another version of the file, or a file SQLite cannot read means the rows are read
from the store again and the file made anew. The rows are kept only when the store did not
change while they were read; a store folder kg cannot write to simply gets no cache.

The file is written to a temporary name and moved into place, so a reader never sees half of it.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kg.store.summary import _fingerprint

__all__ = ["FILE", "cached_rows"]

FILE = "claims.sqlite"
_VERSION = 1  # PRAGMA user_version; bump when the rows' columns change
COUNT = ("value", "upper", "qualifier", "what", "event", "date", "place", "source", "sentence", "text", "at")
STATEMENT = ("speaker", "speakerLabel", "quote", "source", "sentence")
Row = dict[str, Any]
Rows = tuple[list[Row], list[Row]]


def _columns(names: tuple[str, ...]) -> str:
    return ", ".join(f'"{n}"' for n in names)


def _load(path: Path, fingerprint: str) -> Rows | None:
    """The rows kept at ``path`` if they were read at ``fingerprint``; None otherwise."""
    if not path.is_file():
        return None
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            if db.execute("PRAGMA user_version").fetchone()[0] != _VERSION:
                return None
            kept = db.execute("SELECT value FROM state WHERE key = 'fingerprint'").fetchone()
            if kept is None or kept[0] != fingerprint:
                return None
            counts = [dict(zip(COUNT, r, strict=True))
                      for r in db.execute(f"SELECT {_columns(COUNT)} FROM counts ORDER BY n")]
            statements = [dict(zip(STATEMENT, r, strict=True))
                          for r in db.execute(f"SELECT {_columns(STATEMENT)} FROM statements ORDER BY n")]
        finally:
            db.close()
    except sqlite3.Error:
        return None
    return counts, statements


def _save(path: Path, fingerprint: str, rows: Rows) -> None:
    """Keep ``rows`` at ``path`` (written aside, then moved in place); nothing if it cannot be written."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        tmp.unlink(missing_ok=True)
        db = sqlite3.connect(tmp)
        try:
            db.executescript(
                f"CREATE TABLE counts (n INTEGER PRIMARY KEY, {_columns(COUNT)});"
                f"CREATE TABLE statements (n INTEGER PRIMARY KEY, {_columns(STATEMENT)});"
                "CREATE TABLE state (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                f"PRAGMA user_version = {_VERSION};")
            for table, names, data in (("counts", COUNT, rows[0]), ("statements", STATEMENT, rows[1])):
                marks = ", ".join("?" * (len(names) + 1))
                db.executemany(f"INSERT INTO {table} VALUES ({marks})",
                               ((i, *(r[c] for c in names)) for i, r in enumerate(data)))
            db.execute("INSERT INTO state VALUES ('fingerprint', ?)", (fingerprint,))
            db.commit()
        finally:
            db.close()
        os.replace(tmp, path)
    except (sqlite3.Error, OSError):
        tmp.unlink(missing_ok=True)


def cached_rows(folder: Path, read: Callable[[], Rows]) -> Rows:
    """The rows ``read()`` gives for the store at ``folder``: kept ones while the store is unchanged."""
    path = folder / FILE
    before = _fingerprint(folder)
    kept = _load(path, before)
    if kept is not None:
        return kept
    rows = read()
    if _fingerprint(folder) == before:
        _save(path, before, rows)
    return rows
