"""Issue 41, extraction: no article crashes, hangs or blocks a build. Pipelines that
lack a parser or an NER run every kg component; each case runs in a subprocess, so a
segmentation fault fails the test instead of ending the test session."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# invented texts: quotations, counts with abbreviated units ("1.3m.", which spaCy's tokenizer
# re-splits with a special case), dates, attributions of every shape the statements read
TEXTS = [
    "Trains were running again today following a two-day stoppage that affected 160,000 passengers "
    "and cost the company about \u20ac1.3m.\n\nThree more walkouts are planned for September 7, 8 and 21. "
    "Union workers are protesting over pay cuts.\n\nBut Acme Rail does not believe a prolonged strike is "
    "on the cards.\n\n\"I don't think there is any credibility to that claim,\" company's spokesman John "
    "Smith told the Herald.\n",
    "The clinic admitted 30 children on Monday, the ministry said. Dr. Ada Corwen told reporters that "
    "12 of them were in a serious condition at 7 a.m. on Jan. 3, 2024.\n",
    "\u201cWe will rebuild,\u201d said Maj. Gen. Osk Tarvel of the Velm Armed Forces (VAF), adding that "
    "$2.5bn. had been pledged. According to the Velm Water Board, 4,000 homes lost power.\n",
    "Ms. Roe admitted 3 errors had been made. She told AFP the plant had closed in Feb. 2019 and said "
    "about 70 cattle drowned, St. Mary's hospital said. \"Is it safe?\" she asked.\n",
    "Acme Corp. Inc. said it would cut 1,200 jobs by Dec. 31. A statement from the union, signed by "
    "its president, Jane Roe, said the U.S. plant employs 5,000 people.\n",
]

RUN = """
import json, sys
from kg.nlp.assemble import build_nlp
nlp = build_nlp(sys.argv[1])
for name in sys.argv[2:]:
    nlp.remove_pipe(name)
kg = [n for n in nlp.pipe_names if n.startswith("kg_")]
out = []
for text in json.load(sys.stdin):
    doc = nlp(text)
    for tok in doc:  # the tree is safe to walk whether or not there is a parse
        list(tok.children), list(tok.subtree), tok.left_edge, tok.right_edge
    out.append(len(doc._.kg_statements or []))
print(json.dumps({"pipes": nlp.pipe_names, "kg": kg, "statements": out}))
"""
KG_COMPONENTS = ["kg_sentences", "kg_entities", "kg_dates", "kg_counts", "kg_relations", "kg_count_links"]


@pytest.mark.parametrize("ner, removed", [
    ("none", []),  # rules and gazetteer alone: no tagger, parser or NER
    ("shipped", ["parser"]),  # tagger and NER, no parser
    ("shipped", ["ner"]),  # tagger and parser, no NER
    ("shipped", ["parser", "tagger", "morphologizer"]),  # NER alone
])
def test_every_component_runs_on_a_pipeline_without_parser_or_ner(ner, removed):
    """Row P: with no parser, spaCy's tokenizer leaves the tree edges of the tokens after a
    re-split special case ("1.3m.") pointing outside the doc, and the statements' walk over a
    speech verb's children died of a segmentation fault (--ner none)."""
    r = subprocess.run([sys.executable, "-c", RUN, ner, *removed], input=json.dumps(TEXTS),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
    got = json.loads(r.stdout)
    assert got["kg"] == KG_COMPONENTS and not set(removed) & set(got["pipes"])
    assert len(got["statements"]) == len(TEXTS) and sum(got["statements"]) >= len(TEXTS)


def test_kg_build_with_no_ner_writes_the_article_that_crashed_it(tmp_path):
    """Row P through the kg command: `kg build DIR --ner none` died with signal 11."""
    folder = tmp_path / "news"
    folder.mkdir()
    for i, text in enumerate(TEXTS):
        (folder / f"{i}.txt").write_text(text, encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "kg", "build", folder, "--store", tmp_path / "store", "--ner", "none",
                        "--jobs", "1"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
    assert f"{len(TEXTS)} added" in r.stdout + r.stderr and "Traceback" not in r.stderr
