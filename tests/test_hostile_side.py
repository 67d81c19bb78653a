"""Issue 41, what a store keeps beside its RDF and what a kill leaves (rows B3, B7, B8): a lost
side file is rebuilt from the store and never trusted blindly, a load never merges two versions
of an article or writes kg's own graphs unchecked, and the next writer removes a killed
writer's leftovers. Through the installed ``kg``."""

from __future__ import annotations

import csv
import fcntl
import io
from pathlib import Path

from .conftest import SEEDS
from .test_hostile_input import kg
from .test_hostile_store import articles

TEXT = "The Velm Water Board said 4,000 homes in Osk lost power on Monday.\n"
OTHER = "Acme Rail said on Tuesday that 160,000 passengers were affected by the strike.\n"
KG = "https://w3id.org/kg-news/"


def build(folder: Path, store: Path):  # noqa: ANN201
    return kg("build", folder, "--store", store, "--no-model", "--jobs", "1")


def one(tmp_path: Path, folder: str, text: str, name: str = "story.txt") -> Path:
    (tmp_path / folder).mkdir(exist_ok=True)
    (tmp_path / folder / name).write_text(text, encoding="utf-8")
    return tmp_path / folder


def texts(store: Path, source: str = "story.txt") -> list[str]:
    r = kg("query", f"SELECT ?t WHERE {{ GRAPH <{KG}id/article/{source}> {{ ?a <{KG}ontology#text> ?t }} }}",
           "--store", store, "--format", "csv")
    assert r.returncode == 0, r.stderr
    return sorted(row[0].strip() for row in list(csv.reader(io.StringIO(r.stdout)))[1:])


def export(store: Path) -> str:
    r = kg("export", "--format", "nquads", "--store", store)
    assert r.returncode == 0, r.stderr
    return r.stdout


# ----------------------------------------------------------------- B3: a lost locations.sqlite
def test_b3_a_lost_locations_file_is_rebuilt_and_the_same_name_from_another_folder_refused(tmp_path):
    store = tmp_path / "store"
    assert build(one(tmp_path, "a", TEXT), store).returncode == 0
    (store / "locations.sqlite").unlink()
    r = build(one(tmp_path, "b", OTHER), store)
    assert "Traceback" not in r.stderr and "1 replaced" not in r.stderr + r.stdout, r.stderr
    assert r.returncode != 0 and "[KG210]" in r.stderr and "story.txt" in r.stderr, r.stderr
    assert texts(store) == [TEXT.strip()]  # the stored article is as it was
    assert (store / "locations.sqlite").exists()  # rebuilt from the store's articles


def test_b3_after_a_lost_locations_file_an_unchanged_build_learns_the_paths_again(tmp_path):
    store = tmp_path / "store"
    first = one(tmp_path, "a", TEXT)
    assert build(first, store).returncode == 0
    (store / "locations.sqlite").unlink()
    r = build(first, store)  # the same folder, unchanged: its path is recorded again
    assert r.returncode == 0 and "1 unchanged" in r.stderr + r.stdout, r.stderr
    r = build(one(tmp_path, "b", OTHER), store)  # then the usual refusal, naming the first file
    assert r.returncode != 0 and "[KG154]" in r.stderr and str(first / "story.txt") in r.stderr, r.stderr
    assert texts(store) == [TEXT.strip()]


# ----------------------------------------------------------------- B7: loads over other versions
def test_b7_loading_an_older_export_over_a_newer_article_is_refused(tmp_path):
    store, folder = tmp_path / "store", one(tmp_path, "a", TEXT)
    assert build(folder, store).returncode == 0
    old = tmp_path / "old-export.nq"
    old.write_text(export(store), encoding="utf-8")
    (folder / "story.txt").write_text(OTHER, encoding="utf-8")  # a newer version of the same article
    assert build(folder, store).returncode == 0
    before = export(store)
    r = kg("load", old, "--store", store)
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert "[KG211]" in r.stderr and "story.txt" in r.stderr and "--replace" in r.stderr, r.stderr
    assert export(store) == before and texts(store) == [OTHER.strip()]
    assert kg("validate", "--store", store).returncode == 0
    r = kg("load", old, "--store", store, "--replace")  # asked for: the file's version replaces the store's
    assert r.returncode == 0, r.stderr
    assert texts(store) == [TEXT.strip()]
    assert kg("validate", "--store", store).returncode == 0


def test_b7_loading_into_kgs_own_graphs_is_refused(tmp_path):
    store = tmp_path / "store"
    assert build(SEEDS, store).returncode == 0
    data = tmp_path / "x.nt"
    data.write_text(f'<{KG}id/entity/a> <http://www.w3.org/2004/02/skos/core#prefLabel> "" .\n', encoding="utf-8")
    before = export(store)
    for graph in (f"{KG}id/curation", f"{KG}id/gazetteer"):
        r = kg("load", data, "--store", store, "--graph", graph)
        assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
        assert "[KG212]" in r.stderr and graph in r.stderr, r.stderr
    assert export(store) == before
    assert kg("curation", "--store", store).returncode == 0


# ----------------------------------------------------------------- B8: what a killed writer leaves
def test_b8_the_next_writer_removes_bulk_files_a_killed_build_left(tmp_path):
    """The leftovers are made by hand: a kill inside Oxigraph's bulk load (a few
    milliseconds per batch) cannot be reached reliably. A reader leaves them; a writer,
    which holds the store's lock, removes them."""
    store = tmp_path / "store"
    assert build(one(tmp_path, "a", TEXT), store).returncode == 0
    left = [store / "bulk-123456789.sst", store / "bulk-987654321.sst"]
    for f in left:
        f.write_bytes(b"\0" * 4096)
    assert kg("articles", "--store", store).returncode == 0
    assert all(f.exists() for f in left)  # a reader holds no lock: it removes nothing
    assert build(one(tmp_path, "b", OTHER, "other.txt"), store).returncode == 0
    assert not any(f.exists() for f in left)
    assert sorted(articles(store)) == ["other.txt", "story.txt"]


def test_b8_the_next_export_to_a_target_removes_the_part_file_a_killed_one_left(tmp_path):
    """The leftover is made by hand (a kill between the temporary file's creation and its
    rename is not reachable reliably on a small store); a part file some writer still
    holds locked, as a live kg export does, is left alone."""
    store = tmp_path / "store"
    assert build(one(tmp_path, "a", TEXT), store).returncode == 0
    target = tmp_path / "exp.nq"
    stale, live = tmp_path / ".exp.nq.k1ll3d.part", tmp_path / ".exp.nq.l1v3.part"
    stale.write_text("half an export", encoding="utf-8")
    live.write_text("being written", encoding="utf-8")
    other = tmp_path / ".other.nq.k1ll3d.part"  # another target's: not this export's business
    other.write_text("x", encoding="utf-8")
    with live.open("rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        r = kg("export", "--format", "nquads", "--store", store, "-o", target)
        assert r.returncode == 0, r.stderr
        assert not stale.exists() and live.exists() and other.exists()
    assert target.read_text(encoding="utf-8") == export(store)
    assert sorted(p.name for p in tmp_path.glob(".*.part")) == [".exp.nq.l1v3.part", ".other.nq.k1ll3d.part"]
