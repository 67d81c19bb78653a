"""kg.builder.workers: parallel extraction gives the same graph, isolates a failing article,
and does not grow spaCy's vocabulary batch after batch."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import spacy
from spacy.language import Language

from kg.builder.runner import build
from kg.builder.workers import _STATE, Workers, chunked, run_batch
from kg.ingest import iter_articles
from kg.rdf.export import export_bytes
from kg.rdf.mapping import article_iri
from kg.store import Store
from kg.training.synthetic import write_corpus

from .conftest import synthetic_and_seeds


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    return synthetic_and_seeds(tmp_path_factory.mktemp("corpus"), 90, 11)


def test_two_workers_build_the_same_store_as_one(corpus, tmp_path):
    one = build([corpus], tmp_path / "one", jobs=1)
    two = build([corpus], tmp_path / "two", jobs=2)
    assert len(one.added) == len(two.added) == 95 and not one.failed and not two.failed
    assert one.counts == two.counts and one.counts["entities"] > 1000
    with Store.open_read(tmp_path / "one") as a, Store.open_read(tmp_path / "two") as b:
        assert export_bytes(a, "nquads") == export_bytes(b, "nquads")
    # unchanged: nothing goes to the workers
    again = build([corpus], tmp_path / "two", jobs=2)
    assert len(again.skipped) == 95 and not again.added and not again.replaced


def test_a_changed_article_replaces_its_graph_in_a_parallel_build(corpus, tmp_path):
    folder = tmp_path / "c"
    shutil.copytree(corpus / "seeds", folder)
    build([folder], tmp_path / "s", jobs=2)
    path = next(p for p in sorted(folder.glob("*.txt")))
    path.write_text(path.read_text() + "\nThe Red Cross said 40 people were rescued on Monday.\n")
    r = build([folder], tmp_path / "s", jobs=2)
    assert r.replaced == [path.name] and len(r.skipped) == 4
    from kg.query import resolve_query, run

    with Store.open_read(tmp_path / "s") as st:
        _, rows = run(st, resolve_query("counts"), {"source": path.name})
        texts = [q.object.value for q in st.quads(article_iri(path.name)) if q.predicate.value.endswith("#text")]
    sentences = {(r[0].value, r[-1].value) for r in rows}
    assert ("40", "The Red Cross said 40 people were rescued on Monday.") in sentences
    assert len(texts) == 1 and texts[0].endswith("rescued on Monday.\n")  # the new text, once


class _Explodes:
    def __call__(self, doc):
        if "EXPLODE" in doc.text:
            raise RuntimeError("boom")
        return doc


@Language.factory("test_explodes")
def _make_explodes(nlp, name):
    return _Explodes()


def test_an_article_that_breaks_the_pipeline_is_reported_and_the_others_written(tmp_path):
    # a real spaCy pipeline (given as --model) with a component that fails on one text
    model = spacy.blank("en")
    model.add_pipe("test_explodes")
    model.to_disk(tmp_path / "model")
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text("Rescuers pulled 12 people from the rubble in Hatay on Sunday.")
    (folder / "b.txt").write_text("EXPLODE: 30 people were hurt in Aleppo.")
    (folder / "c.txt").write_text("The UN said 500 families fled Goma on Friday.")
    r = build([folder], tmp_path / "s", ner=str(tmp_path / "model"), jobs=1)
    assert sorted(r.added) == ["a.txt", "c.txt"]
    assert len(r.failed) == 1 and "b.txt: extraction failed (RuntimeError: boom)" in r.failed[0]
    with Store.open_read(tmp_path / "s") as st:
        assert sorted(g.rsplit("/", 1)[1] for g in st.graphs() if "/article/" in g) == ["a.txt", "c.txt"]
    _STATE.clear()


def test_memory_zones_keep_the_vocabulary_from_growing(tmp_path, monkeypatch):
    import kg.builder.workers as workers

    monkeypatch.setattr(workers, "ZONE_ARTICLES", 16)  # a zone after the first batch, renewed every batch
    _STATE.clear()
    write_corpus(tmp_path / "c", 96, seed=5)  # invented names: every batch brings new strings
    batches = list(chunked((a for a in iter_articles([tmp_path / "c"])), 16))
    sizes = []
    for batch in batches:
        done = run_batch(batch, "none")
        assert all(d.nquads and not d.error for d in done)
        sizes.append(len(_STATE["nlp"].vocab.strings))
    # the first batch, outside a zone, adds its strings for good; from then on each renewal frees
    # the last batch's: the size stays within less than what one batch adds
    grown = sizes[1] - sizes[0]
    assert grown > 0 and max(sizes[1:]) - min(sizes[1:]) < grown
    _STATE.clear()


def test_workers_keep_results_in_input_order(corpus):
    arts = list(iter_articles([corpus / "synthetic"]))[:40]
    with Workers(2, "none") as w:
        out = [d.source for batch in w.map(chunked(iter(arts), 3)) for d in batch]
    assert out == [a.source for a in arts]
