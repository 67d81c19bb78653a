"""The kg pipeline is saved and loaded the spaCy way: ``nlp.to_disk(dir)`` writes each
component's lexicon files into its folder, and ``spacy.load(dir)`` (kg's factories
registered) gives a pipeline that extracts exactly what the original does."""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
import sys

import pytest
import spacy

from kg.nlp.assemble import build_nlp
from kg.nlp.extract import to_extraction
from kg.nlp.lexicon import ALL_FILES, read_lexicon
from kg.resources import nlp_data_dir
from kg.types import Article

from .conftest import run_doc
from .test_model_option import _tiny_pipeline

# an invented article: a date, counts with an event, a speaker, a quote, an affiliation
TEXT = (
    "Dockworkers at Valparaiso stayed off work on Monday, the port authority said.\n\n"
    "About 2,400 workers joined the strike, union spokeswoman Marta Quispe of the Harbour Workers Union "
    "told Radio Andina. \"We will not return until the contracts are signed,\" she said.\n\n"
    "Police detained 35 protesters near the harbour the day before, according to Carlos Vendrell, "
    "a spokesman for the Ministry of Transport.\n"
)
PUBLISHED = "2026-03-04"

# run in a fresh interpreter: only what the saved folder and kg's registered factories give
LOAD_AND_EXTRACT = """
import dataclasses, json, sys
import spacy
import kg.nlp.factories  # registers kg's factories
from kg.nlp.extract import to_extraction
from kg.types import Article

nlp = spacy.load(sys.argv[1])
doc = nlp.make_doc(sys.argv[2])
doc._.kg_published = sys.argv[3]
ex = dataclasses.asdict(to_extraction(Article("a.txt", sys.argv[2], "h"), nlp(doc)))
print(json.dumps({"pipe_names": nlp.pipe_names, "extraction": ex}, default=sorted, sort_keys=True))
"""

COMPONENT_FILES = {
    "kg_sentences": ["sentences.json"],
    "kg_dates": ["dates.json"],
    "kg_counts": ["numbers.json", "dates.json"],
    "kg_relations": ["roles.json", "speech.json", "relations.json"],
    "kg_count_links": ["events.json", "relations.json"],
}


def _extraction(nlp) -> dict:
    ex = to_extraction(Article("a.txt", TEXT, "h"), run_doc(nlp, TEXT, PUBLISHED))
    return json.loads(json.dumps(dataclasses.asdict(ex), default=sorted, sort_keys=True))


def test_saved_pipeline_loads_in_a_fresh_interpreter_and_extracts_the_same(nlp, tmp_path):
    original = _extraction(nlp)
    for kind in ("entities", "affiliations", "counts", "dates", "statements"):
        assert original[kind], kind  # the article exercises every component
    nlp.to_disk(tmp_path / "pipeline")
    for component, files in COMPONENT_FILES.items():
        for name in files:
            saved = (tmp_path / "pipeline" / component / name).read_bytes()
            assert saved == (nlp_data_dir() / name).read_bytes(), (component, name)
    r = subprocess.run([sys.executable, "-c", LOAD_AND_EXTRACT, str(tmp_path / "pipeline"), TEXT, PUBLISHED],
                       capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    loaded = json.loads(r.stdout)
    assert loaded["pipe_names"] == nlp.pipe_names
    assert loaded["extraction"] == original


def test_a_loaded_component_reads_its_words_from_its_folder(nlp, tmp_path):
    nlp.to_disk(tmp_path / "pipeline")
    events = tmp_path / "pipeline" / "kg_count_links" / "events.json"
    data = json.loads(events.read_text(encoding="utf-8"))
    assert data["triggers"]["detained"] == "Detention"
    data["triggers"]["detained"] = "Capture"
    events.write_text(json.dumps(data), encoding="utf-8")
    loaded = spacy.load(tmp_path / "pipeline")
    before = {c["text"]: c["event"] for c in _extraction(nlp)["counts"]}
    after = {c["text"]: c["event"] for c in _extraction(loaded)["counts"]}
    assert before["35 protesters"] == "Detention" and after["35 protesters"] == "Capture"
    assert {k: v for k, v in after.items() if k != "35 protesters"} == \
        {k: v for k, v in before.items() if k != "35 protesters"}
    # saving the loaded pipeline again writes the words it uses, not the package's
    loaded.to_disk(tmp_path / "again")
    assert (tmp_path / "again" / "kg_count_links" / "events.json").read_bytes() == events.read_bytes()


def test_model_ner_is_saved_with_the_pipeline(tmp_path):
    tiny = _tiny_pipeline(tmp_path / "tiny")
    # the NER's own reading, which this checks is saved (the learned decision may judge a lone
    # unknown word the NER alone typed; tests/test_decide.py checks it)
    nlp = build_nlp(ner=tiny, decide=False)
    text = "Zorblax Kettering thanked Vexmoorly for the help."
    original = _extraction_of(nlp, text)
    assert ("Vexmoorly", "Organisation") in original
    nlp.to_disk(tmp_path / "pipeline")
    shutil.rmtree(tmp_path / "tiny")  # the saved pipeline carries its own copy
    loaded = spacy.load(tmp_path / "pipeline")
    assert loaded.pipe_names == nlp.pipe_names
    assert _extraction_of(loaded, text) == original


def _extraction_of(nlp, text: str) -> set[tuple[str, str]]:
    return {(e.label, e.type) for e in run_doc(nlp, text)._.kg_entities.values()}


def test_a_lexicon_holds_the_files_asked_for():
    dates = read_lexicon(None, ("dates.json",))
    assert dates.dates["weekdays"] and not dates.roles and not dates.gazetteer
    full = read_lexicon()
    assert full.dates == dates.dates and full.roles and full.gazetteer and full.relations and full.sentences
    assert set(ALL_FILES) >= {f for files in COMPONENT_FILES.values() for f in files}
    with pytest.raises(ValueError, match="unknown lexicon file 'nope.json'"):
        read_lexicon(None, ("nope.json",))
