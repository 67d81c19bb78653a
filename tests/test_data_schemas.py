"""Every entity data file of kg/nlp/data is checked against its JSON Schema (kg/nlp/data/schemas),
and against what a schema cannot say: a word list holds each word once, and every list a lexicon
file names is read by some code (a list no code reads is dead weight a reader still trusts)."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry, Resource

from kg.relation_kinds import data_files
from kg.resources import nlp_data_dir

DATA = nlp_data_dir()
SCHEMAS = DATA / "schemas"
KG = Path(__file__).resolve().parents[1] / "kg"

# (data file, schema, one JSON object per line?)
FILES = [
    ("entities.json", "lexicon", False),
    ("roles.json", "lexicon", False),
    ("speech.json", "lexicon", False),
    ("relations.json", "lexicon", False),
    ("numbers.json", "lexicon", False),
    ("dates.json", "lexicon", False),
    ("events.json", "lexicon", False),
    ("sentences.json", "lexicon", False),
    ("decider_features.json", "lexicon", False),
    ("entity_decider.json", "entity_decider", False),
    ("entity_rules.jsonl", "entity_rule", True),
    ("orgs.jsonl", "gazetteer_curated_row", True),
    ("places_extra.jsonl", "gazetteer_curated_row", True),
    ("places.jsonl", "gazetteer_row", True),
    ("subdivisions.jsonl", "gazetteer_row", True),
    *((name, "lexicon", False) for name in data_files()),  # the generic relation kinds' (relation_kinds.json)
]
WORD_FILES = ["given_names.txt", "demonyms.txt", "legal_forms.txt", "common_words.txt"]
LEXICONS = [name for name, schema, _ in FILES if schema == "lexicon"]


def _registry() -> Registry:
    resources = []
    for path in SCHEMAS.glob("*.schema.json"):
        resource = Resource.from_contents(json.loads(path.read_text(encoding="utf-8")))
        resources += [(path.name, resource), (resource.id(), resource)]
    return Registry().with_resources(resources)


def _validator(schema: str) -> Draft202012Validator:
    contents = json.loads((SCHEMAS / f"{schema}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(contents)
    return Draft202012Validator(contents, registry=_registry())


def _rows(name: str, per_line: bool) -> list[tuple[str, object]]:
    text = (DATA / name).read_text(encoding="utf-8")
    if not per_line:
        return [(name, json.loads(text))]
    return [(f"{name}:{n}", json.loads(line)) for n, line in enumerate(text.splitlines(), 1) if line.strip()]


def _errors(validator: Draft202012Validator, rows: list[tuple[str, object]]) -> list[str]:
    """One line per error, naming the innermost failing part of an anyOf/oneOf."""
    found = [(where, best_match([err])) for where, row in rows for err in validator.iter_errors(row)]
    return [f"{where}: {'/'.join(map(str, err.absolute_path))}: {err.message[:200]}" for where, err in found]


@pytest.mark.parametrize("name,schema,per_line", FILES)
def test_the_data_file_follows_its_schema(name, schema, per_line):
    assert _errors(_validator(schema), _rows(name, per_line)) == []


@pytest.mark.parametrize("schema,row,complaint", [
    ("lexicon", {"org_heads": ["Council", "Council"]}, "non-unique"),
    ("lexicon", {"org_heads": ["Council "]}, "does not match"),
    ("lexicon", {"_comment": 3}, "is not of type"),
    ("gazetteer_row", {"id": "Q5", "label": "X", "type": "Place"}, "does not match"),
    ("gazetteer_row", {"id": None, "label": "X", "type": "City"}, "is not one of"),
    ("gazetteer_curated_row", {"id": None, "label": "X", "type": "Place"}, "'source' is a required property"),
    ("entity_rule", {"id": "r", "note": "a rule with a type", "type": "Place", "when": [{"shape": "single"}],
                     "drop": True}, "is valid under each of"),
    ("entity_rule", {"id": "r", "note": "a rule with a type", "type": "Place",
                     "when": [{"word": "next", "in": "place_heads", "is": ["x"]}]}, "is valid under each of"),
    ("entity_decider", {"classes": ["Person", "Organisation", "Place", "None"], "thresholds": {"retype": 1, "drop": 2},
                        "meta": {"trained_by": "t", "seed": 0, "C": 1, "examples": 1, "by_set": {"s": 1}},
                        "weights": {"bias": [0, 0, 0, 0], "digit": [0, 0, 0]}}, "is"),
])
def test_a_schema_refuses_a_bad_row(schema, row, complaint):
    errors = _errors(_validator(schema), [("row", row)])
    assert errors and any(complaint in e for e in errors), errors


@pytest.mark.parametrize("name", WORD_FILES)
def test_a_word_file_holds_each_word_once(name):
    words = [w for line in (DATA / name).read_text(encoding="utf-8").splitlines()
             if not line.startswith("#") for w in line.split()]
    assert words
    assert [w for w, n in Counter(words).items() if n > 1] == []


@pytest.mark.parametrize("name", LEXICONS)
def test_every_list_a_lexicon_names_is_read_by_some_code(name):
    """A top-level key no module of kg names (as a word) is a list nothing reads."""
    code = "\n".join(p.read_text(encoding="utf-8") for p in KG.rglob("*.py"))
    keys = [k for k in json.loads((DATA / name).read_text(encoding="utf-8")) if not k.startswith("_")]
    assert [k for k in keys if not re.search(rf"\b{re.escape(k)}\b", code)] == []
