"""kg why (kg/query/why.py): each mention of an entity with what found it and what the entity
decision said, read back from kg:foundBy."""

from __future__ import annotations

import csv
import io

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.query.why import FoundBy, parse_found_by


@pytest.mark.parametrize("word, expected", [
    ("gazetteer@0.93", FoundBy("gazetteer", None, 0.93)),
    ("name-shape>Person@0.71", FoundBy("name-shape", "Person", 0.71)),
    ("title", FoundBy("title", None, None)),  # built with decide=false, or by an older kg
    # a rule's own name may hold "@" or ">": the decision is read from the right
    ("org@v2@0.93", FoundBy("org@v2", None, 0.93)),
    ("x>y@0.80", FoundBy("x>y", None, 0.8)),
    ("x>y>Place@0.80", FoundBy("x>y", "Place", 0.8)),
])
def test_found_by_words_read_back(word, expected):
    assert parse_found_by(word) == expected


def test_decision_wording():
    assert FoundBy("x", None, 0.9).decision == "kept the rules' type"
    assert FoundBy("x", "Place", 0.9).decision == "overrode the rules: Place"
    assert FoundBy("x", None, None).decision == "rules (no decision)"


def test_kg_why_lists_every_mention_with_its_generator_and_score(seeds_store):
    r = CliRunner().invoke(main, ["why", "SDF", "--store", str(seeds_store), "--csv"])
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader(io.StringIO(r.output)))
    assert list(rows[0]) == ["source", "text", "type", "found_by", "decision", "score"]
    assert {row["text"] for row in rows} >= {"SDF", "Syrian Democratic Forces"}
    assert all(row["type"] == "Organisation" and row["found_by"] and 0 < float(row["score"]) <= 1 for row in rows)
    # as many rows as the entity has mentions in the store
    q = CliRunner().invoke(main, ["query", "provenance", "--store", str(seeds_store), "--csv"])
    texts = [row["text"] for row in csv.DictReader(io.StringIO(q.output)) if row["kind"] == "Mention"]
    assert len(rows) == sum(t in {"SDF", "Syrian Democratic Forces", "US-backed Syrian Democratic Forces"}
                            for t in texts)


def test_kg_why_an_unknown_name_is_one_line(seeds_store):
    r = CliRunner().invoke(main, ["why", "Nowhereville", "--store", str(seeds_store)])
    assert r.exit_code != 0 and "KG313" in r.output and "Traceback" not in r.output
