"""kg compact (kg.store.compact): the same quads, fewer bytes, and a store that stays whole
when a compaction is cut short."""

from __future__ import annotations

import os
import shutil

from click.testing import CliRunner

from kg.cli import main
from kg.store import Store

from .conftest import synthetic_and_seeds


def kg(*args, code: int = 0) -> str:
    r = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert r.exit_code == code, r.output
    return r.output


def _lines(text: str) -> list[str]:
    return sorted(line for line in text.splitlines() if line.strip())


def test_compact_keeps_every_quad_and_the_side_tables_in_fewer_bytes(tmp_path):
    corpus = synthetic_and_seeds(tmp_path / "corpus", 60, seed=7)
    store = tmp_path / "store"
    kg("build", corpus, "--store", store, "--jobs", "1")
    before = _lines(kg("export", "--store", store, "--format", "nquads"))
    top = kg("top", "--store", store, "--format", "csv", "--limit", "1000")
    articles = kg("articles", "--store", store, "--format", "csv")
    size = sum(f.stat().st_size for f in store.iterdir() if f.is_file())
    with Store.open_read(store) as st:
        quads = len(st)  # the store's own (an export adds each entity's rdf:type and rdfs:label)
    out = kg("compact", "--store", store)
    assert out.startswith(f"compacted {store}: ") and f"{quads:,} quads" in out
    assert _lines(kg("export", "--store", store, "--format", "nquads")) == before
    assert kg("top", "--store", store, "--format", "csv", "--limit", "1000") == top
    assert kg("articles", "--store", store, "--format", "csv") == articles
    assert sum(f.stat().st_size for f in store.iterdir() if f.is_file()) < size
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus", "store"]  # nothing left beside it
    kg("build", corpus, "--store", store, "--jobs", "1")  # the compacted store takes writes as before
    assert _lines(kg("export", "--store", store, "--format", "nquads")) == before


def test_a_store_left_aside_by_a_cut_compaction_is_put_back(store_copy):
    """Killed between its two renames, a compaction leaves the old store aside and no store
    under its name: the next writer puts it back, with everything in it."""
    before = _lines(kg("export", "--store", store_copy, "--format", "nquads"))
    aside = store_copy.parent / f".{store_copy.name}.before-compacting"
    os.rename(store_copy, aside)
    kg("remove", "no-such-article.txt", "--store", store_copy, code=1)  # it opens the store first
    assert store_copy.is_dir() and not aside.exists()
    assert _lines(kg("export", "--store", store_copy, "--format", "nquads")) == before


def test_a_half_written_copy_is_removed_and_the_store_kept(store_copy):
    """Killed while copying, a compaction leaves a partial copy beside the untouched store:
    the next writer removes it."""
    before = _lines(kg("export", "--store", store_copy, "--format", "nquads"))
    copy = store_copy.parent / f".{store_copy.name}.compacting"
    shutil.copytree(store_copy, copy)
    next(copy.glob("*.sst")).write_bytes(b"cut short")
    kg("compact", "--store", store_copy)
    assert not copy.exists()
    assert _lines(kg("export", "--store", store_copy, "--format", "nquads")) == before


def test_compact_without_a_store_is_a_one_line_error(tmp_path):
    out = kg("compact", "--store", tmp_path / "none", code=1)
    assert out.count("\n") == 1 and "KG201" in out
