"""kg train --ner-corpora: the combined NER training set (kg/training/ner_more.py) read from
column files described in kg/training/ner_corpora.json. Small invented files stand in for the
corpora; the real training is not run here."""

from __future__ import annotations

import json

import pytest
import spacy
from click.testing import CliRunner
from spacy.tokens import DocBin

from kg.cli import main
from kg.training.ner_more import convert, guess_spaces, load_table, read_columns

TABLE = load_table()
RE3D_LIKE = {"sep": "\t", "token": 0, "tag": -1, "text_comment": False,
             "labels": {"Person": "PER", "Location": "LOC", "Organisation": "ORG"}}


def test_every_corpus_maps_to_kg_labels_and_names_its_licence():
    for name, spec in TABLE["corpora"].items():
        assert set(spec["labels"].values()) <= {"PER", "LOC", "ORG"}, name
        assert spec["license"] and spec["license_file"] and spec["url"], name
    assert set(TABLE["default"]) <= set(TABLE["corpora"])


@pytest.mark.parametrize(("rows", "expected"), [
    # IOB2, a label kg does not model reads as outside
    (["Anna\tB-Person", "Berg\tI-Person", "bought\tO", "a\tO", "Zorp\tB-Weapon", "in\tO", "Velm\tB-Location"],
     [(0, 2, "PER"), (6, 7, "LOC")]),
    # IOB1: an I- tag opens an entity, a B- tag splits two adjacent ones
    (["Velm\tI-Location", "Tarn\tB-Location", "Bay\tI-Location", "Corp\tI-Organisation"],
     [(0, 1, "LOC"), (1, 3, "LOC"), (3, 4, "ORG")]),
    # a blank token is dropped with its tag
    (["Anna\tB-Person", " \tO", "spoke\tO"], [(0, 1, "PER")]),
])
def test_column_files_map_labels_per_corpus(tmp_path, rows, expected):
    from kg.training.ner import spans_of

    path = tmp_path / "x.conll"
    path.write_text("-DOCSTART-\tO\n\n" + "\n".join(rows) + "\n\nNext\tO\n", encoding="utf-8")
    first, second = list(read_columns(path, RE3D_LIKE))
    assert spans_of(first.tags) == expected
    assert second.tokens == ["Next"]


def test_spaces_are_guessed_around_punctuation_when_no_text_is_kept():
    tokens = ["Anna", "(", "Velm", ")", "said", "it", "'s", "$", "5", "."]
    spaces = guess_spaces(tokens, TABLE["detokenise"])
    text = "".join(t + (" " if s else "") for t, s in zip(tokens, spaces, strict=True))
    assert text == "Anna (Velm) said it's $5."


def _fake_corpora(root):
    uner = root / "uner-english-ewt"
    uner.mkdir(parents=True)
    for split in ("train", "dev", "test"):
        (uner / f"en_ewt-ud-{split}.iob2").write_text(
            "# text = Anna Berg met Tarn Corp.\n1\tAnna\tB-PER\n2\tBerg\tI-PER\n3\tmet\tO\n4\tTarn\tB-ORG\n"
            "5\tCorp\tI-ORG\n6\t.\tO\n\n", encoding="utf-8")
    gum = root / "gum-cc-by"
    gum.mkdir()
    for split in ("train", "dev", "test"):
        (gum / f"files.{split}").write_text("", encoding="utf-8")
    wiki = root / "ner-more" / "wikigold" / "CONLL-format" / "data"
    wiki.mkdir(parents=True)
    (wiki / "wikigold.conll.txt").write_text(
        "-DOCSTART- O\n\nVelm I-LOC\nis O\nnear O\nTarn I-MISC\n. O\n", encoding="utf-8")
    (root / "ner-more" / "wikigold" / "LICENSE").write_text("CC BY 4.0\n", encoding="utf-8")


def test_the_combined_set_holds_uner_and_the_extra_corpora_dev_is_uner_dev(tmp_path):
    _fake_corpora(tmp_path / "c")
    summary = convert(tmp_path / "c", tmp_path / "out", ["wikigold"])
    assert summary["train_sources"]["uner-english-ewt"] == {"docs": 1, "words": 6, "ents": 2}
    assert summary["train_sources"]["wikigold"] == {"docs": 1, "words": 5, "ents": 1}  # MISC dropped
    nlp = spacy.blank("en")
    train = list(DocBin().from_disk(tmp_path / "out" / "train.spacy").get_docs(nlp.vocab))
    assert [d.text for d in train] == ["Anna Berg met Tarn Corp.", "Velm is near Tarn."]
    assert [(e.text, e.label_) for e in train[1].ents] == [("Velm", "LOC")]
    assert len(DocBin().from_disk(tmp_path / "out" / "dev.spacy")) == 1
    again = convert(tmp_path / "c", tmp_path / "out2", ["wikigold"])
    assert again == summary
    assert (tmp_path / "out" / "train.spacy").read_bytes() == (tmp_path / "out2" / "train.spacy").read_bytes()


def _train(*args: str):
    return CliRunner().invoke(main, ["train", *args])


def test_ner_corpora_errors_are_one_line_with_a_code(tmp_path):
    r = _train("--ner-corpora", str(tmp_path), "-o", str(tmp_path / "m"))
    assert r.exit_code != 0 and "KG173" in r.output and "ner-more" in r.output, r.output
    _fake_corpora(tmp_path / "c")
    r = _train("--ner-corpora", str(tmp_path / "c"), "--ner-extra", "wikigold,nope", "-o", str(tmp_path / "m"))
    assert r.exit_code != 0 and "KG174" in r.output and "nope" in r.output, r.output
    r = _train("--ner-corpora", str(tmp_path / "c"), "--ner-extra", "btc", "-o", str(tmp_path / "m"),
               "--work-dir", str(tmp_path / "w"))
    assert r.exit_code != 0 and "KG172" in r.output, r.output
    r = _train("--ner-corpora", str(tmp_path / "c"), "--base", str(tmp_path), "-o", str(tmp_path / "m"))
    assert r.exit_code != 0 and "KG177" in r.output, r.output
    r = _train("--ner-corpora", str(tmp_path / "c"), "--corpus", str(tmp_path), "-o", str(tmp_path / "m"))
    assert r.exit_code != 0 and "KG146" in r.output, r.output
    assert "Traceback" not in r.output and not (tmp_path / "m").exists()


def test_a_trained_ner_replaces_the_base_pipelines_own(tmp_path):
    from kg.nlp.assemble import shipped_model_dir
    from kg.training.ner_more import assemble

    ner_nlp = spacy.blank("en")
    ner = ner_nlp.add_pipe("ner")
    for label in ("PER", "LOC", "ORG", "MISC"):
        ner.add_label(label)
    ner_nlp.initialize()
    ner_nlp.meta["sources"] = [{"name": "invented", "license": "CC0"}]
    ner_nlp.to_disk(tmp_path / "ner")
    assemble(shipped_model_dir(), tmp_path / "ner", tmp_path / "out")
    nlp = spacy.load(tmp_path / "out")
    assert nlp.pipe_names == ["tok2vec", "tagger", "morphologizer", "parser", "ner"]
    assert "MISC" in nlp.get_pipe("ner").labels  # the new one, with its own tok2vec
    cfg = nlp.config["components"]["ner"]["model"]["tok2vec"]
    assert "Listener" not in cfg["@architectures"]
    meta = json.loads((tmp_path / "out" / "meta.json").read_text())
    assert meta["sources"][-1]["name"] == "invented"
    assert (tmp_path / "out" / "licenses" / "gum-cc-by.LICENSE.txt").is_file()
    assert nlp("Anna Berg spoke.")[0].tag_  # the tagger still runs on the shared tok2vec


def test_two_training_steps_give_a_credited_ner_with_its_scores(tmp_path):
    from kg.training.ner_more import train

    _fake_corpora(tmp_path / "c")
    scores = train(tmp_path / "c", tmp_path / "ner", tmp_path / "work", ["wikigold"], max_steps=2)
    assert set(scores) == {"dev", "ewt_test", "gum_test"} and "ALL" in scores["dev"]
    nlp = spacy.load(tmp_path / "ner")
    assert nlp.pipe_names == ["ner"] and set(nlp.get_pipe("ner").labels) == {"PER", "LOC", "ORG"}
    meta = json.loads((tmp_path / "ner" / "meta.json").read_text())
    assert meta["name"] == "kg_ner_more" and meta["kg_train_data"]["extra"] == ["wikigold"]
    assert [s["license"] for s in meta["sources"]][-1] == "CC BY 4.0"
    assert (tmp_path / "ner" / "licenses" / "wikigold.LICENSE.txt").is_file()
