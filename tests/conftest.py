from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "seeds"
GOLD = Path(__file__).resolve().parent / "gold"
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="session")
def nlp():
    from kg.nlp.assemble import build_nlp

    return build_nlp()


@pytest.fixture(scope="session")
def rules_nlp():
    """The pipeline without the learned entity decision: the rules' own entities, which the rule
    tables of test_entities, test_entity_rules and test_relations check (the decision is checked
    by test_decide and, with the rest, on the gold sets)."""
    from kg.nlp.assemble import build_nlp

    return build_nlp(decide=False)


@pytest.fixture(scope="session")
def lex():
    from kg.nlp.lexicon import load_lexicon

    return load_lexicon()


@pytest.fixture(scope="session")
def seeds_store(tmp_path_factory) -> Path:
    """The store built from seeds/ once per test session (read-only use)."""
    from kg.builder.runner import build

    path = tmp_path_factory.mktemp("seeds") / "store"
    report = build([SEEDS], path)
    assert len(report.added) == 5 and not report.failed
    return path


@pytest.fixture
def store_copy(seeds_store, tmp_path) -> Path:
    """A private, writable copy of the seeds store."""
    dst = tmp_path / "store"
    shutil.copytree(seeds_store, dst)
    (dst / "LOCK").unlink(missing_ok=True)
    return dst


def synthetic_and_seeds(out: Path, n: int, seed: int) -> Path:
    """A corpus folder: ``n`` synthetic articles (kg.training.synthetic) beside a copy of the seeds."""
    from kg.training.synthetic import write_corpus

    write_corpus(out / "synthetic", n, seed=seed)
    shutil.copytree(SEEDS, out / "seeds")
    return out


def shared_scorer():
    """The team's shared scorer (../shared/tools/score.py), imported as a module."""
    import importlib.util

    path = SHARED / "tools" / "score.py"
    if not path.exists():
        pytest.skip(f"shared scorer not found at {path}")
    spec = importlib.util.spec_from_file_location("score", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_doc(nlp, text: str, published: str | None = None):
    doc = nlp.make_doc(text)
    doc._.kg_published = published
    return nlp(doc)
