"""Issue 41, the store's files (rows B5, B6): a damaged store or side file is refused with
what to do, before anything is written, and a side file that cannot follow a write that
happened is a warning, not an error. Through the installed ``kg``."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .conftest import SEEDS
from .test_hostile_input import kg

TRIPLES = "<urn:a> <urn:b> <urn:c> .\n<urn:a> <urn:b> \"d\" .\n"


def listing(folder: Path) -> dict[str, int]:
    return {p.name: p.stat().st_size for p in folder.iterdir() if p.name not in ("LOCK", "writer.pid")
            and not p.name.startswith("LOG")}


def articles(store: Path) -> list[str]:
    r = kg("articles", "--store", store, "--format", "csv")
    assert r.returncode == 0, r.stderr
    return [line.split(",")[0] for line in r.stdout.splitlines()[1:]]


def test_b6_a_store_without_current_is_refused_and_not_reinitialised(tmp_path):
    data = tmp_path / "t.nt"
    data.write_text(TRIPLES, encoding="utf-8")
    store = tmp_path / "store"
    assert kg("load", data, "--store", store).returncode == 0
    (store / "CURRENT").unlink()
    before = listing(store)
    for args in (("load", data), ("build", SEEDS, "--no-model", "--jobs", "1"), ("query", "ASK {}"), ("stats",)):
        r = kg(*args, "--store", store)
        assert r.returncode != 0 and "Traceback" not in r.stderr, (args, r.stderr[-800:])
        assert "[KG207]" in r.stderr and "CURRENT" in r.stderr and "MANIFEST-" in r.stderr, r.stderr
    assert listing(store) == before  # no new database beside the old files
    manifest = next(p.name for p in store.glob("MANIFEST-*"))
    (store / "CURRENT").write_text(manifest + "\n")  # what the message says to do
    r = kg("query", "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }", "--store", store, "--format", "csv")
    assert r.returncode == 0 and r.stdout.split()[1] == "2", r.stderr


def _one_article(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    src = sorted(SEEDS.glob("*.txt"))[len(list(tmp_path.iterdir())) % 5]
    (folder / src.name).write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def test_b5_a_garbage_locations_file_is_named_before_anything_is_written(tmp_path):
    store = tmp_path / "store"
    first, second = _one_article(tmp_path, "a"), _one_article(tmp_path, "b")
    assert kg("build", first, "--store", store, "--no-model", "--jobs", "1").returncode == 0
    (store / "locations.sqlite").write_bytes(b"not a database at all" * 10)
    before = articles(store)
    r = kg("build", second, "--store", store, "--no-model", "--jobs", "1")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "[KG208]" in r.stderr and "locations.sqlite" in r.stderr, r.stderr
    assert articles(store) == before


def test_b5_locations_that_cannot_be_written_after_the_write_are_a_warning(tmp_path):
    store = tmp_path / "store"
    first, second = _one_article(tmp_path, "a"), _one_article(tmp_path, "b")
    assert kg("build", first, "--store", store, "--no-model", "--jobs", "1").returncode == 0
    db = sqlite3.connect(store / "locations.sqlite")
    db.execute("CREATE TRIGGER no BEFORE INSERT ON location BEGIN SELECT RAISE(ABORT, 'refused'); END")
    db.commit()
    db.close()
    r = kg("build", second, "--store", store, "--no-model", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    assert "[KG206]" not in r.stderr and "[KG209]" in r.stderr and "were written" in r.stderr
    assert len(articles(store)) == 2
