"""--ner: the shipped NER, none, or an installed (here: saved to disk) spaCy pipeline
whose NER fills in names no rule knows."""

import pytest
import spacy

from kg.nlp.assemble import build_nlp

from .conftest import run_doc


def _tiny_pipeline(path):
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("entity_ruler")
    ruler.add_patterns([
        {"label": "PERSON", "pattern": "Zorblax Kettering"},
        {"label": "ORG", "pattern": "Vexmoorly Dynamics"},
        {"label": "ORG", "pattern": "Vexmoorly"},
        {"label": "GPE", "pattern": "Syria"},
    ])
    nlp.to_disk(path)
    return str(path)


def test_model_entities_fill_in_and_rules_keep_their_types(tmp_path):
    nlp = build_nlp(ner=_tiny_pipeline(tmp_path / "tiny"))
    assert nlp.pipe_names[:2] == ["kg_sentences", "entity_ruler"]  # the installed pipeline, kg's components around it
    doc = run_doc(nlp, "zorblax said nothing. Zorblax Kettering thanked Vexmoorly for the help. He flew to Syria.")
    found = {(e.label, e.type) for e in doc._.kg_entities.values()}
    assert ("Zorblax Kettering", "Person") in found  # the model and the name-shape rule agree
    assert ("Vexmoorly", "Organisation") in found  # no rule types it: the model does
    assert ("Syria", "Place") in found  # the gazetteer wins


def test_without_model_the_unknown_names_are_not_typed(tmp_path):
    doc = run_doc(build_nlp(ner="none"), "Zorblax Kettering thanked Vexmoorly for the help. He flew to Syria.")
    assert "Vexmoorly" not in {e.label for e in doc._.kg_entities.values()}


def _invoke(*args):
    from click.testing import CliRunner

    from kg.cli import main

    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_ner_is_one_option_and_the_old_spellings_still_work(tmp_path):
    text = tmp_path / "in" / "a.txt"
    text.parent.mkdir()
    text.write_text("Rescuers pulled 12 people from the rubble in Hatay on Sunday.\n")
    store = tmp_path / "s"
    r = _invoke("build", text.parent, "--store", store, "--ner", "none", "--jobs", "1")
    assert r.exit_code == 0 and "1 added" in r.output, r.output
    # --no-model is the same choice (same pipeline id): nothing to redo
    r = _invoke("build", text.parent, "--store", store, "--no-model", "--jobs", "1")
    assert r.exit_code == 0 and "1 unchanged" in r.output, r.output
    # another NER replaces the article's graph
    r = _invoke("build", text.parent, "--store", store, "--ner", _tiny_pipeline(tmp_path / "tiny"), "--jobs", "1")
    assert r.exit_code == 0 and "1 replaced" in r.output, r.output
    r = _invoke("build", text.parent, "--store", store, "--model", str(tmp_path / "tiny"), "--jobs", "1")
    assert r.exit_code == 0 and "1 unchanged" in r.output, r.output


@pytest.mark.parametrize("args", [
    ["--model", "x", "--no-model"],
    ["--ner", "shipped", "--no-model"],
    ["--ner", "none", "--model", "x"],
])
def test_contradictory_ner_options_give_one_line(tmp_path, args):
    r = _invoke("build", tmp_path, "--store", tmp_path / "s", *args)
    assert r.exit_code != 0 and "contradict" in r.output and len(r.output.strip().splitlines()) == 1, r.output
    assert not (tmp_path / "s").exists()


def test_help_shows_ner_and_hides_the_old_spellings():
    r = _invoke("build", "--help")
    assert "--ner shipped|none|NAME" in r.output
    assert "--no-model" not in r.output and "--model" not in r.output


def test_unknown_ner_is_one_line(tmp_path):
    r = _invoke("build", tmp_path, "--store", tmp_path / "s", "--ner", "no_such_pipeline_xx")
    assert r.exit_code == 1 and "not installed" in r.output and len(r.output.strip().splitlines()) == 1, r.output


def test_a_folder_that_is_not_a_pipeline_is_one_line(tmp_path):
    (tmp_path / "not_a_pipeline").mkdir()
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text("Rescuers pulled 12 people from the rubble on Sunday.\n")
    r = _invoke("build", tmp_path / "in", "--store", tmp_path / "s", "--ner", tmp_path / "not_a_pipeline")
    assert r.exit_code == 1 and "[KG401]" in r.output and len(r.output.strip().splitlines()) == 1, r.output
