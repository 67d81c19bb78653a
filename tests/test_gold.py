"""Floors on the seeds' dev gold, scored by the shared scorer on the named queries' CSV."""

import importlib.util

import pytest

from kg.query import format_rows, resolve_query, run
from kg.store import Store

from .conftest import GOLD, SHARED

SCORER = SHARED / "tools" / "score.py"
FLOORS = {"entities": 0.90, "affiliations": 0.85, "spokespeople": 0.90, "counts": 0.90, "dates": 0.90}


@pytest.fixture(scope="module")
def scores(seeds_store, tmp_path_factory):
    if not SCORER.exists():
        pytest.skip(f"shared scorer not found at {SCORER}")
    spec = importlib.util.spec_from_file_location("score", SCORER)
    score = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(score)
    out = tmp_path_factory.mktemp("csv")
    with Store.open_read(seeds_store) as st:
        for name in ("entities", "aliases", "spokespeople", "counts", "dates"):
            v, rows = run(st, resolve_query(name))
            (out / f"{name}.csv").write_text(format_rows(v, rows, "csv"), encoding="utf-8")
    return score.score(GOLD, out)


@pytest.mark.parametrize("category", sorted(FLOORS))
def test_dev_gold_floor(scores, category):
    assert scores[category]["f1"] >= FLOORS[category], (category, scores[category], scores["details"])


def test_matched_counts_carry_the_gold_date(scores):
    assert scores["count_dates_accuracy"] >= 0.85
