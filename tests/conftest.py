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


# what an export adds to each article graph for stores that do no RDFS reasoning: each entity's
# kg class and schema.org class, and its skos:prefLabel as rdfs:label
DESCRIBED = """
PREFIX kg: <https://w3id.org/kg-news/ontology#>
PREFIX schema: <https://schema.org/>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
SELECT DISTINCT ?g ?e ?p ?o WHERE {
  VALUES (?mention ?class ?schema) { (kg:personMention kg:Person schema:Person)
    (kg:organisationMention kg:Organisation schema:Organization) (kg:placeMention kg:Place schema:Place) }
  GRAPH ?g { { ?e ?mention [] } UNION { ?e a ?class } }
  VALUES ?slot { 1 2 3 }
  OPTIONAL { GRAPH ?g { ?e skos:prefLabel ?label } FILTER(?slot = 3) }
  BIND(IF(?slot = 3, rdfs:label, rdf:type) AS ?p)
  BIND(IF(?slot = 1, ?class, IF(?slot = 2, ?schema, ?label)) AS ?o)
  FILTER(BOUND(?o) && NOT EXISTS { GRAPH ?g { ?e ?p ?o } })
}"""


def described(st) -> list[tuple]:
    """The (graph, subject, predicate, object) an export adds to the store's quads, as rdflib terms."""
    from rdflib.util import from_n3

    return [tuple(from_n3(str(t)) for t in (row["g"], row["e"], row["p"], row["o"]))
            for row in st.raw.query(DESCRIBED)]
