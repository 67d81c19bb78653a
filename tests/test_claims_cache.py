"""kg claims at 10,000 articles (issue 42): the rows it reads are kept beside the store
(kg/claims/cache.py) and read back while the store is unchanged, never after it changed."""

from __future__ import annotations

import sqlite3

import pyoxigraph as ox

from kg.claims import compare
from kg.claims.cache import FILE, cached_rows
from kg.claims.rows import read_rows
from kg.store import Store


def _claims(path) -> list[dict]:
    with Store.open_read(path) as st:
        return [c.to_dict() for c in compare(st).claims]


def _retell(path, what: str) -> None:
    """Make every kept count count ``what`` (as a stale or tampered file would)."""
    db = sqlite3.connect(path / FILE)
    db.execute('UPDATE counts SET "what" = ?', (what,))
    db.commit()
    db.close()


def test_the_kept_rows_are_the_store_s_rows(store_copy):
    with Store.open_read(store_copy) as st:
        fresh = read_rows(st)
        compare(st)
    assert (store_copy / FILE).is_file()
    kept = cached_rows(store_copy, lambda: (_ for _ in ()).throw(AssertionError("read the store again")))
    assert kept == fresh and any(r["at"] is not None for r in kept[0])  # numbers stay numbers
    assert _claims(store_copy) == _claims(store_copy)


def test_kept_rows_are_read_back_while_the_store_is_unchanged(store_copy):
    before = _claims(store_copy)
    _retell(store_copy, "zebras")  # were the kept rows read back, every claim would count zebras
    assert {c["what"] for c in _claims(store_copy)} == {"zebras"} != {c["what"] for c in before}


def test_kept_rows_are_not_used_once_the_store_changed(store_copy):
    before = _claims(store_copy)
    _retell(store_copy, "zebras")
    with Store(store_copy) as st:  # any write: here a triple in the default graph, which no claim reads
        st.add_quads([ox.Quad(ox.NamedNode("urn:x:a"), ox.NamedNode("urn:x:b"), ox.Literal("c"))])
    assert _claims(store_copy) == before
    assert _claims(store_copy) == before  # and the file made anew holds the store's rows


def test_a_kept_file_of_another_version_or_no_database_is_made_again(store_copy):
    before = _claims(store_copy)
    db = sqlite3.connect(store_copy / FILE)
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    assert _claims(store_copy) == before
    (store_copy / FILE).write_bytes(b"not a database")
    assert _claims(store_copy) == before
    assert not [p for p in store_copy.iterdir() if p.name.endswith(".tmp")]  # nothing left aside


def test_rows_read_while_the_store_changed_are_not_kept(store_copy):
    (store_copy / FILE).unlink(missing_ok=True)  # (the shared seeds store keeps rows once a test ran kg claims)
    def read_while_written():
        with Store.open_read(store_copy) as st:
            rows = read_rows(st)
        with Store(store_copy) as st:  # a build writes meanwhile
            st.add_quads([ox.Quad(ox.NamedNode("urn:x:a"), ox.NamedNode("urn:x:b"), ox.Literal("c"))])
        return rows

    rows = cached_rows(store_copy, read_while_written)
    assert rows[0] and not (store_copy / FILE).exists()
    _claims(store_copy)
    assert (store_copy / FILE).exists()  # the next read, with the store unchanged, keeps them
