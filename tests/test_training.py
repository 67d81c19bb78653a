"""kg train --corpora: the whole shipped pipeline (tagger, parser, NER) from open data.
A two-step run proves the command works end to end (conversion, spaCy training, choice
of checkpoint, meta.json with sources and licences, scores); the real 10,000-step run
is not repeated here (87 minutes on one core)."""

from __future__ import annotations

import json
import shutil

import pytest
import spacy
from click.testing import CliRunner

from kg.cli import main

from .conftest import SHARED

CORPORA = SHARED / "corpora"


def _train(*args: str):
    return CliRunner().invoke(main, ["train", *args])


def test_train_needs_one_corpus_option(tmp_path):
    r = _train("-o", str(tmp_path / "m"))
    assert r.exit_code != 0 and "KG146" in r.output, r.output
    r = _train("--corpora", str(tmp_path), "--corpus", str(tmp_path), "-o", str(tmp_path / "m"))
    assert r.exit_code != 0 and "KG146" in r.output, r.output


def test_train_refuses_a_folder_without_the_corpora(tmp_path):
    r = _train("--corpora", str(tmp_path), "-o", str(tmp_path / "m"), "--work-dir", str(tmp_path / "w"))
    assert r.exit_code != 0 and "KG145" in r.output and "ud-english-ewt" in r.output, r.output
    assert not (tmp_path / "m").exists()


@pytest.mark.skipif(not (CORPORA / "ud-english-ewt").is_dir(), reason=f"training corpora not at {CORPORA}")
def test_two_training_steps_give_a_loadable_credited_parsed_pipeline(tmp_path):
    out = tmp_path / "model"
    r = _train("--corpora", str(CORPORA), "--steps", "2", "--parser-steps", "2", "-o", str(out),
               "--work-dir", str(tmp_path / "work"))
    assert r.exit_code == 0, r.output
    # stage 2 ran: the shipped parser is the narrower one of kg/training/parser.cfg
    assert (tmp_path / "work" / "parser" / "model-last").is_dir()
    parser = spacy.util.load_config(out / "config.cfg")["components"]["parser"]["model"]
    assert (parser["hidden_width"], parser["maxout_pieces"]) == (64, 2)
    assert "ewt_test" in r.output and "LAS" in r.output
    nlp = spacy.load(out)
    assert nlp.pipe_names == ["tok2vec", "tagger", "morphologizer", "parser", "ner"]
    assert set(nlp.get_pipe("ner").labels) == {"PER", "LOC", "ORG"}
    meta = json.loads((out / "meta.json").read_text())
    assert meta["name"] == "kg_parsed" and meta["license"] == "CC BY-SA 4.0"
    assert {"ewt_test", "gum_test", "gum_news_devtest"} <= set(meta["kg_scores"])
    assert sorted(p.name for p in (out / "licenses").iterdir()) == [
        "gum-cc-by.LICENSE.txt", "ud-english-ewt.LICENSE.txt", "uner-english-ewt.LICENSE.txt"]
    # the conversion is the same every time: the training split's bytes are fixed by the corpora
    summary = json.loads((tmp_path / "work" / "corpus" / "summary.json").read_text())
    assert summary["train"]["docs"] > 1000 and summary["stats"]["uner_train_ner_only_sents"] > 9000


def test_train_never_replaces_a_folder_that_is_not_a_pipeline(tmp_path):
    keep = tmp_path / "notes"
    keep.mkdir()
    (keep / "todo.txt").write_text("mine")
    r = _train("--corpora", str(CORPORA), "-o", str(keep), "--work-dir", str(tmp_path / "w"))
    assert r.exit_code != 0 and "KG147" in r.output, r.output
    assert (keep / "todo.txt").read_text() == "mine"


def test_parser_from_needs_a_stage_one_pipeline(tmp_path):
    r = _train("--corpora", str(CORPORA), "--parser-from", str(tmp_path), "-o", str(tmp_path / "m"),
               "--work-dir", str(tmp_path / "w"))
    assert r.exit_code != 0 and "KG148" in r.output, r.output
    # a pipeline without the components stage 2 sources (here: tok2vec and NER only) is refused too
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("tok2vec")
    nlp.add_pipe("ner")
    nlp.initialize()
    nlp.to_disk(tmp_path / "ner-only")
    r = _train("--corpora", str(CORPORA), "--parser-from", str(tmp_path / "ner-only"), "-o", str(tmp_path / "m"),
               "--work-dir", str(tmp_path / "w"))
    assert r.exit_code != 0 and "KG148" in r.output, r.output


def test_parser_from_may_not_be_the_folder_it_replaces(tmp_path):
    from kg.nlp.assemble import shipped_model_dir

    base = tmp_path / "stage1"
    shutil.copytree(shipped_model_dir(), base)
    r = _train("--corpora", str(CORPORA), "--parser-from", str(base), "-o", str(base),
               "--work-dir", str(tmp_path / "w"))
    assert r.exit_code != 0 and "KG149" in r.output, r.output
    assert (base / "parser" / "model").is_file()


def test_parser_from_goes_with_corpora_only(tmp_path):
    r = _train("--corpus", str(tmp_path), "--parser-from", str(tmp_path), "-o", str(tmp_path / "m"))
    assert r.exit_code != 0 and "KG168" in r.output, r.output


def test_the_shipped_config_names_no_training_folder():
    from kg.nlp.assemble import shipped_model_dir

    paths = spacy.util.load_config(shipped_model_dir() / "config.cfg")["paths"]
    assert paths["train"] is None and paths["dev"] is None and paths.get("base") is None


def test_the_shipped_pipeline_has_the_narrower_parser():
    from kg.nlp.assemble import shipped_model_dir

    cfg = spacy.util.load_config(shipped_model_dir() / "config.cfg")
    model = cfg["components"]["parser"]["model"]
    assert (model["hidden_width"], model["maxout_pieces"]) == (64, 2)
