"""The statistical pipeline shipped inside the package (tagger, parser, NER): it loads
offline, it is the default, and a bad retrain fails here (floors on the UNER dev split
and on the seeds)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import spacy

from kg.nlp.assemble import build_nlp, extractor_id, shipped_model_dir

from .conftest import SHARED, run_doc

UNER = SHARED / "corpora" / "uner-english-ewt"


def test_shipped_model_is_small_credited_and_loads_offline(tmp_path):
    path = shipped_model_dir()
    size = sum(f.stat().st_size for f in path.rglob("*") if f.is_file())
    assert size <= 25 * 1024 * 1024
    meta = json.loads((path / "meta.json").read_text())
    assert meta["license"] == "CC BY-SA 4.0"
    names = [src["name"] for src in meta["sources"]]
    assert any("UNER" in n for n in names) and any("GUM" in n for n in names)
    # a fresh interpreter with no network access to anything: only the package's files
    code = ("import spacy, kg.nlp.assemble as p; nlp = spacy.load(p.shipped_model_dir()); "
            "print([(e.text, e.label_) for e in nlp('Angela Merkel met officials from Siemens in Munich.').ents])")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                       env={"PATH": "/usr/bin:/bin", "HF_HUB_OFFLINE": "1", "no_proxy": "*", "http_proxy": "http://0.0.0.0:9",
                            "https_proxy": "http://0.0.0.0:9"})
    assert r.returncode == 0, r.stderr
    assert "('Angela Merkel', 'PER')" in r.stdout


def test_default_pipeline_uses_the_model_and_no_model_does_not():
    names = build_nlp().pipe_names
    assert {"tagger", "parser", "ner"} <= set(names)
    # kg's sentences first (the parser keeps them), then the parse, then kg's rules
    assert names[0] == "kg_sentences" and names.index("parser") < names.index("kg_entities")
    assert not {"parser", "ner"} & set(build_nlp(ner="none").pipe_names)
    assert extractor_id("shipped").endswith("rules+kg_parsed-1.0.0")
    assert extractor_id("none").endswith(" rules")


def test_the_model_finds_a_name_no_rule_or_list_knows(nlp):
    text = "Villagers thanked Marenko for the food."
    with_model = {(e.label, e.type) for e in run_doc(nlp, text)._.kg_entities.values()}
    rules = {(e.label, e.type) for e in run_doc(build_nlp(ner="none"), text)._.kg_entities.values()}
    assert "Marenko" not in {label for label, _ in rules}
    assert ("Marenko", "Person") in with_model


@pytest.mark.skipif(not UNER.is_dir(), reason=f"UNER corpus not at {UNER}")
def test_f1_floor_on_the_uner_dev_split(tmp_path):
    from kg.training.ner import convert, score

    data = convert(UNER, tmp_path)
    s = score(shipped_model_dir(), data["dev"])
    assert s["ALL"]["f"] >= 0.58, s  # shipped: 0.604
    assert s["PER"]["f"] >= 0.60 and s["LOC"]["f"] >= 0.64, s


def test_conversion_reads_oth_and_stray_tags_as_outside():
    from kg.training.ner import spans_of

    assert spans_of(["B-PER", "I-PER", "O", "O", "B-LOC"]) == [(0, 2, "PER"), (4, 5, "LOC")]
    assert spans_of(["I-ORG", "I-ORG", "O"]) == [(0, 2, "ORG")]  # an I- with nothing open starts one
    assert spans_of(["B-PER", "B-PER"]) == [(0, 1, "PER"), (1, 2, "PER")]
    from pathlib import Path

    sample = Path(__file__).parent / "data" / "uner_sample.iob2"
    from kg.training.ner import read_iob2

    [s] = list(read_iob2(sample))
    assert s.tags == ["B-ORG", "I-ORG", "I-ORG", "O", "O", "O", "O", "B-PER", "I-PER", "O", "O"]


def test_model_loads_with_spacy_itself():
    nlp = spacy.load(shipped_model_dir())
    assert nlp.pipe_names == ["tok2vec", "tagger", "morphologizer", "parser", "ner"]
    assert set(nlp.get_pipe("ner").labels) == {"PER", "LOC", "ORG"}
    doc = nlp("The union said its members would strike on Monday.")
    assert doc.has_annotation("DEP") and doc[1].dep_ == "nsubj" and doc[2].dep_ == "ROOT"


def test_shipped_tokenizer_is_the_one_its_config_builds():
    """build_nlp leaves the shipped model's saved tokenizer unread (kg.nlp.assemble._not_loaded):
    spaCy's English tokenizer built from the model's config must be that tokenizer, byte for byte."""
    saved = spacy.load(shipped_model_dir(), exclude=["lemmatizer"]).tokenizer.to_bytes()
    built = spacy.load(shipped_model_dir(), exclude=["lemmatizer", "tokenizer"]).tokenizer.to_bytes()
    assert saved == built


@pytest.mark.parametrize("ner", ["shipped", "none"])
def test_kg_tokenizer_is_spacys_with_kgs_changes_made_afterwards(ner):
    """kg.nlp.tokenizer.make_tokenizer builds, in one go, the tokenizer that spaCy's English one becomes
    when kg's two changes are made to it afterwards (as for a pipeline with a tokenizer of its own)."""
    from kg.nlp import tokenizer

    built = build_nlp(ner).tokenizer.to_bytes(exclude=["vocab"])
    nlp = spacy.load(shipped_model_dir(), exclude=["lemmatizer"]) if ner == "shipped" else spacy.blank("en")
    tokenizer.keep_abbreviations(nlp)
    tokenizer.split_agency_dash(nlp)
    assert built == nlp.tokenizer.to_bytes(exclude=["vocab"])
