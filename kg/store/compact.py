"""``kg compact``: the store written again in one pass, about a third smaller.

Why it shrinks (measured on the 1,000- and 50,000-article benchmark stores, issue 16):
Oxigraph's RocksDB writes the table files it makes itself, by compaction, into the
level that takes new data, and that level is not compressed; the files of a bulk load
are written LZ4-compressed and, into an empty store, placed below every other level,
where they stay. A build writes in batches, so most of its data goes through
compaction; written again into a fresh store with one bulk load, the same quads take
85 MB instead of 127 MB at 1,000 articles, and 4.1 GB instead of 5.9 GB at 50,000
(168 s). ``pyoxigraph.Store.optimize()`` compacts in place into the same uncompressed
level, so it does not help.

How it stays safe: the quads go into a new folder beside the store while the old store
stays open and locked (a second writer waits; readers read the old one). Then the old
store is closed, its lock file locked again by kg (:func:`_swap`), the old folder renamed
aside, the new one given its name, and the old one deleted. A kill
during the copy leaves the store as it was (the next writer removes the half-written
copy, :func:`clear_leftovers`); a kill between the two renames leaves the old folder
aside, and the next writer puts it back (:func:`put_back`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from kg.errors import Errors, StoreError

# files of a kg store folder that are not RocksDB's: they move to the new folder as they are
_SIDE_FILES = ("kg-store", "locations.sqlite", "summary.sqlite")


@dataclass(frozen=True)
class Compacted:
    before: int  # bytes on disk
    after: int
    quads: int
    seconds: float


def _copy_path(path: Path) -> Path:
    return path.parent / f".{path.name}.compacting"


def _aside_path(path: Path) -> Path:
    return path.parent / f".{path.name}.before-compacting"


def put_back(path: Path) -> None:
    """Before ``path`` is opened: a store renamed aside by a compaction killed between its
    two renames is put back (a live compaction leaves that state for microseconds, so it
    is looked at twice, 0.2 s apart). A reader that may not rename leaves it as it is."""
    aside = _aside_path(path)
    if not path.exists() and aside.is_dir():
        time.sleep(0.2)
        if not path.exists() and aside.is_dir():
            with contextlib.suppress(OSError):
                os.rename(aside, path)


def clear_leftovers(path: Path) -> None:
    """Once a writer holds the store's lock: what a killed compaction left beside it (a
    half-written copy; an old folder that was not yet deleted) is removed, and so are the
    table files a killed bulk load left inside it (``bulk-*.sst``: Oxigraph's bulk loader
    writes them, then RocksDB takes them in by a link of its own name, so one still under
    the bulk name is the loader's copy; only a writer makes them, and this one holds the
    lock, so none is in use)."""
    for left in (_copy_path(path), _aside_path(path)):
        if left.is_dir():
            shutil.rmtree(left, ignore_errors=True)
    for table in path.glob("bulk-*.sst"):
        with contextlib.suppress(OSError):
            table.unlink()


def compact(path: Path, *, quiet: bool = True) -> Compacted:
    """Write the store at ``path`` again in one bulk load and put it in place of the old one."""
    import pyoxigraph as ox

    from kg.progress import bar
    from kg.store.local import Store, folder_bytes

    path = Path(path)
    start = time.monotonic()
    store = Store(path, create=False)  # the write lock: no build writes meanwhile
    copy, aside = _copy_path(path), _aside_path(path)
    try:
        before = store.size_on_disk()
        try:  # what the gazetteer graph says of entities no article names any more (a store of an older kg)
            store.prune_gazetteer()
        except OSError as exc:
            raise StoreError(Errors.KG206.format(path=path, reason=exc)) from exc
        try:  # the summary brought up to date (and to this kg's layout) first, so that it is copied so
            store.summary.refresh(store)
        except (sqlite3.Error, OSError):
            pass  # a summary that cannot be written is made again when next read, as anywhere else
        store.close_side_files()
        shutil.rmtree(copy, ignore_errors=True)
        quads = 0

        def counted():
            nonlocal quads
            with bar(desc="compact", unit="quad", unit_scale=True, quiet=quiet) as progress:
                for q in store.raw:
                    quads += 1
                    if quads % 65536 == 0:
                        progress.update(65536)
                    yield q

        try:
            fresh = ox.Store(str(copy))
            fresh.bulk_extend(counted())
            fresh.flush()
            del fresh
            for name in _SIDE_FILES:
                if name.endswith(".sqlite") and (path / name).is_file():
                    _vacuum_into(path / name, copy / name)
                elif (path / name).is_file():
                    shutil.copy2(path / name, copy / name)
        except (OSError, RuntimeError) as exc:
            shutil.rmtree(copy, ignore_errors=True)
            raise StoreError(Errors.KG206.format(path=path, reason=exc)) from exc
    finally:
        # RocksDB writes by path name, also when it closes: the old store must be closed
        # before its folder is renamed, or it writes into the new one
        store.release()
    _swap(path, copy, aside)
    return Compacted(before, folder_bytes(path), quads, time.monotonic() - start)


def _vacuum_into(source: Path, target: Path) -> None:
    """A SQLite file copied without its free pages (the summary is rewritten in place at
    every build, and grows by a third that way)."""
    db = sqlite3.connect(source)
    try:
        db.execute("VACUUM INTO ?", (str(target),))
    finally:
        db.close()


def _swap(path: Path, copy: Path, aside: Path) -> None:
    """Put ``copy`` in place of the store at ``path``, holding the old store's lock file
    (the lock RocksDB takes) so that no writer opens the old store in between; one that
    got in first keeps it, and the copy is dropped."""
    import fcntl

    with open(path / "LOCK", "a+b") as lock:
        try:
            fcntl.lockf(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            shutil.rmtree(copy, ignore_errors=True)
            raise StoreError(Errors.KG204.format(path=path, holder="another writer")) from exc
        os.rename(path, aside)
        os.rename(copy, path)
    shutil.rmtree(aside, ignore_errors=True)
