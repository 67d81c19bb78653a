"""kg eval's typed-entity errors by cause (kg/evaluate_causes.py). Names are invented."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.evaluate import norm
from kg.evaluate_causes import CAUSES, entity_causes, tally

from .conftest import GOLD

GOLD_ENTS = [
    {"name": "Velm Harbour Police", "type": "Organisation", "aliases": ["VHP"]},
    {"name": "Ada Corwen", "type": "Person", "aliases": ["Corwen"]},
    {"name": "Orvik", "type": "Place", "aliases": []},
    {"name": "Tarsk Radio", "type": "Organisation", "aliases": [], "optional": True},
]

# predicted (label, type) -> the causes of the errors of the article
ROWS = [
    ([("Velm Harbour Police", "Organisation"), ("Ada Corwen", "Person"), ("Orvik", "Place")], []),
    ([("VHP", "Organisation"), ("Corwen", "Person"), ("Orvik", "Place")], []),  # aliases match
    ([("Velm Harbour Police", "Organisation"), ("Ada Corwen", "Place"), ("Orvik", "Place")], ["wrong type"]),
    ([("Senior Velm Harbour Police", "Organisation"), ("Ada Corwen", "Person"), ("Orvik", "Place")],
     ["wrong boundary"]),
    ([("Velm Harbour", "Place"), ("Ada Corwen", "Person"), ("Orvik", "Place")], ["wrong boundary"]),
    ([("Velm Harbour Police", "Organisation"), ("Ada Corwen", "Person")], ["missed span"]),
    ([("Velm Harbour Police", "Organisation"), ("Ada Corwen", "Person"), ("Orvik", "Place"), ("Diesel", "Person")],
     ["spurious"]),
    ([("Velm Harbour Police", "Organisation"), ("Ada Corwen", "Person"), ("Orvik", "Place"), ("Tarsk Radio", "Place")],
     []),  # an optional gold entity neither helps nor hurts
    ([("Orvik Corwen", "Person")], ["wrong boundary", "missed span"]),  # one wrong span, two gold names in it
]


@pytest.mark.parametrize("pred, causes", ROWS)
def test_each_error_has_one_cause(pred, causes):
    preds = {f"e{k}": p for k, p in enumerate(pred)}
    names = {k: {norm(label)} for k, (label, _) in preds.items()}
    gforms = [{norm(g["name"])} | {norm(a) for a in g["aliases"]} for g in GOLD_ENTS]
    got = entity_causes(preds, names, GOLD_ENTS, gforms)
    assert sorted(c for c, _ in got) == sorted(causes)
    assert sum(tally(got).values()) == len(causes) and list(tally(got)) == list(CAUSES)


def test_kg_eval_reports_the_causes(seeds_store):
    r = CliRunner().invoke(main, ["eval", str(GOLD), "--store", str(seeds_store), "--format", "json"])
    doc = json.loads(r.output)
    assert set(doc["causes"]["entities"]) == set(CAUSES)
    r = CliRunner().invoke(main, ["eval", str(GOLD), "--store", str(seeds_store)])
    assert "entity errors by cause: missed span" in r.output
