"""--model: an installed (here: saved to disk) spaCy pipeline's NER fills in names no rule knows."""

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
    nlp = build_nlp(model=_tiny_pipeline(tmp_path / "tiny"))
    assert "kg_model_ner" in nlp.pipe_names
    doc = run_doc(nlp, "zorblax said nothing. Zorblax Kettering thanked Vexmoorly for the help. He flew to Syria.")
    found = {(e.label, e.type) for e in doc._.kg_entities.values()}
    assert ("Zorblax Kettering", "Person") in found  # the model and the name-shape rule agree
    assert ("Vexmoorly", "Organisation") in found  # no rule types it: the model does
    assert ("Syria", "Place") in found  # the gazetteer wins


def test_without_model_the_unknown_names_are_not_typed(tmp_path):
    doc = run_doc(build_nlp(use_model=False), "Zorblax Kettering thanked Vexmoorly for the help. He flew to Syria.")
    assert "Vexmoorly" not in {e.label for e in doc._.kg_entities.values()}
