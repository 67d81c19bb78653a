"""Where articles came from: the path each article was read from, beside the store.

The path tells two files with the same name apart. It stays on this machine: a SQLite table
beside the RDF (``locations.sqlite``), not a triple that export, push or a SPARQL endpoint would
hand to someone else. Written right after the article's graph; a store without a row (older
stores, a kill in between) only loses the check, never data.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path

from kg.errors import Errors, StoreError

FILE = "locations.sqlite"


class Locations:
    """The article-graph -> path table of one store folder, opened on first use."""

    def __init__(self, folder: Path, read_only: bool, warnings: list[str]) -> None:
        self.path = folder / FILE
        self.read_only = read_only
        self.warnings = warnings  # the store's side_warnings: a failed side write is a warning
        self._db: sqlite3.Connection | None = None

    def db(self) -> sqlite3.Connection | None:
        """The table (None for a read-only store without the file); a damaged file is KG208."""
        if self._db is None:
            if self.read_only and not self.path.exists():
                return None
            try:
                if self.read_only:
                    db = sqlite3.connect(f"{self.path.as_uri()}?mode=ro", uri=True)
                else:
                    db = sqlite3.connect(self.path)
                    db.execute("CREATE TABLE IF NOT EXISTS location (graph TEXT PRIMARY KEY, path TEXT NOT NULL)")
                db.execute("SELECT count(*) FROM location WHERE 0").fetchone()
            except sqlite3.Error as exc:  # garbage, a folder, unreadable: named, before anything is written
                raise StoreError(Errors.KG208.format(file=self.path, reason=exc)) from exc
            self._db = db
        return self._db

    def mark_unknown(self, graphs: Iterable[str]) -> None:
        """Give every article graph without a row (the file was lost, or a kill came between an
        article's write and its row) the row "path unknown" (an empty path), so that a file of
        the same name is not taken for that article (kg.builder.runner.pending): the rows are
        rebuilt from the store's articles, never trusted to be complete."""
        graphs = set(graphs)
        if not graphs:
            return
        try:
            with self.db() as db:
                known = {row[0] for row in db.execute("SELECT graph FROM location")}
                db.executemany("INSERT INTO location VALUES (?, '')", [(g,) for g in sorted(graphs - known)])
        except sqlite3.Error as exc:
            self.warnings.append(Errors.KG209.format(file=self.path, n=len(graphs), reason=exc))

    def get(self, graph: str) -> str | None:
        """The path the article in ``graph`` was read from; None when there is no row for it
        (standard input); "" when where it came from is not known (``mark_unknown``)."""
        db = self.db()
        if db is None:
            return None
        row = db.execute("SELECT path FROM location WHERE graph = ?", (graph,)).fetchone()
        return row[0] if row else None

    def record(self, paths: dict[str, str | None]) -> None:
        """Remember (or, for None, forget) where article graphs were read from. Called after
        the articles were written: a failure here is a warning, never an error that would
        report a write as failed after it happened."""
        try:
            with self.db() as db:
                db.executemany("DELETE FROM location WHERE graph = ?", [(g,) for g, p in paths.items() if not p])
                db.executemany("INSERT OR REPLACE INTO location VALUES (?, ?)", [(g, p) for g, p in paths.items() if p])
        except (sqlite3.Error, StoreError) as exc:
            reason = exc.__cause__ if isinstance(exc, StoreError) and exc.__cause__ else exc
            self.warnings.append(Errors.KG209.format(file=self.path, n=len(paths), reason=reason))

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
