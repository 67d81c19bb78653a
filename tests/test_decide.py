"""The learned entity decision (kg/nlp/entities/decide.py), its weights file and its training
(kg/training/decider.py, `kg train --entity-decider`). Sentences and names are invented."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from kg.nlp.entities.decide import CLASSES, DECIDER_FILE, FEATURES_KEY, NONE, Decider, apply, entity_features
from kg.rdf.mapping import found_by
from kg.resources import nlp_data_dir
from kg.types import LOC, ORG, PER, Entity, Mention

from .conftest import ROOT, run_doc

SHIPPED = nlp_data_dir() / DECIDER_FILE
# every feature family entity_features writes: a shipped weight outside them would be a name or a
# word learned from one article, which the weights file must not hold
FAMILIES = re.compile(
    r"^(bias|gazetteer|outlet|acronym|allcaps|digit|hyphen|inner_function_word|short_last|mentions_log"
    r"|first_sentence_only|starts_lower|starts_roman|one_common_word|typed_by_model"
    r"|rule_type=\w+|gazetteer_type=\w+|kind=[\w ]+|ntok=\d"
    r"|(first|last|inner):(given|orghead|firm|legal|demonym|title|placehead|role|common|team|event|service"
    r"|gaz(Person|Organisation|Place)(:(country|state|city))?)"
    r"|src=[\w-]+|ner[=~](Person|Organisation|Place|NORP|OTHER|NONE)"
    r"|(prev|next)=(SPEECH|ROLE|NUM|\S{1,6}))$")


def test_the_shipped_weights_file_keeps_its_schema():
    data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    assert data["classes"] == list(CLASSES)
    assert 0.0 <= data["thresholds"]["retype"] <= 1.01 and 0.0 <= data["thresholds"]["drop"] <= 1.01
    meta = data["meta"]
    assert meta["trained_by"] == "kg train --entity-decider" and meta["seed"] == 0 and meta["examples"] > 1000
    assert {s["name"] for s in meta["sets"]} >= {"realnews", "seeds"}
    assert all(len(w) == len(CLASSES) and all(isinstance(x, float | int) for x in w)
               for w in data["weights"].values())
    strange = [f for f in data["weights"] if not FAMILIES.match(f)]
    assert not strange, strange


def _decider(weights: dict[str, list[float]], retype: float = 0.7, drop: float = 0.6) -> Decider:
    return Decider(weights, CLASSES, retype, drop)


# weights over (Person, Organisation, Place, None), features, the rules' type -> decided type, changed
DECISIONS = [
    ({"x": [4.0, 0.0, 0.0, 0.0]}, {"x": 1.0}, LOC, PER, True),  # sure: retyped
    ({"x": [0.5, 0.0, 0.0, 0.0]}, {"x": 1.0}, LOC, LOC, False),  # Person wins, not surely: the rules stay
    ({"x": [0.0, 0.0, 0.0, 4.0]}, {"x": 1.0}, ORG, NONE, True),  # surely no entity: dropped
    ({"x": [0.0, 0.0, 0.0, 0.6]}, {"x": 1.0}, ORG, ORG, False),  # "no entity" wins, not surely
    ({"x": [0.0, 4.0, 0.0, 0.0]}, {"y": 1.0}, PER, PER, False),  # no known feature: uniform, the rules stay
    ({"x": [0.0, 4.0, 0.0, 0.0]}, {"x": 1.0}, ORG, ORG, False),  # agrees with the rules
]


@pytest.mark.parametrize("weights, feats, rules, decided, changed", DECISIONS)
def test_a_decision_overrides_the_rules_only_when_sure(weights, feats, rules, decided, changed):
    d = _decider(weights).decide(Entity("k", "Name", rules), feats)
    assert (d.type, d.changed) == (decided, changed)
    assert 0.0 < d.score <= 1.0


def test_probabilities_are_a_softmax_over_the_classes():
    p = _decider({"x": [1.0, 0.0, 0.0, 0.0]}).probabilities({"x": 2.0})
    assert abs(sum(p) - 1.0) < 1e-9 and p[0] == max(p)
    assert abs(p[0] / p[1] - 2.718281828 ** 2) < 1e-6


def test_features_name_the_evidence_not_the_words(rules_nlp):
    doc = run_doc(rules_nlp, "Mr Arvo Kessel said the Orvik Harbour Authority would reopen the port in Paris.")
    feats = doc.user_data[FEATURES_KEY]
    by_label = {e.label: feats[k] for k, e in doc._.kg_entities.items()}
    kessel = by_label["Arvo Kessel"]
    assert kessel["rule_type=Person"] == 1.0 and kessel["src=title"] == 1.0 and kessel["next=said"] == 1.0
    assert by_label["Orvik Harbour Authority"]["last:orghead"] == 1.0
    paris = by_label["Paris"]
    assert paris["gazetteer"] == 1.0 and paris["prev=in"] == 1.0 and paris["kind=city"] == 1.0
    assert not any("kessel" in f.lower() or "paris" in f.lower() for fs in feats.values() for f in fs)


def test_a_dropped_entity_takes_its_mentions_with_it(rules_nlp):
    doc = run_doc(rules_nlp, "Mr Ada Corwen said the port in Paris would reopen. Corwen said the talks went well.")
    ents, ments = dict(doc._.kg_entities), list(doc._.kg_mentions)
    person = next(k for k, e in ents.items() if e.label == "Ada Corwen")
    # weights that are sure every Person is no entity, and leave the others to the rules
    decider = _decider({"rule_type=Person": [0.0, 0.0, 0.0, 9.0]})
    kept, kept_ments = apply(doc, ents, ments, rules_nlp.get_pipe("kg_entities").lex, [], decider)
    assert person not in kept and all(m.entity != person for m in kept_ments)
    assert {m.entity for m in kept_ments} == set(kept) and len(kept) == len(ents) - 1
    assert all(e.score is not None for e in kept.values())


def test_entity_features_of_a_mentionless_entity_still_have_the_rules_type(rules_nlp):
    doc = rules_nlp.make_doc("Nothing here.")
    f = entity_features(doc, Entity("k", "Velm Group", ORG), [], rules_nlp.get_pipe("kg_entities").lex, [])
    assert f["rule_type=Organisation"] == 1.0 and f["bias"] == 1.0


FOUND_BY = [
    (Entity("k", "Ada", PER), "title", "title"),  # no decision ran (decide=False)
    (Entity("k", "Ada", PER, score=0.93), "title", "title@0.93"),
    (Entity("k", "Ada", PER, score=0.71, retyped=True), "name shape", "name-shape>Person@0.71"),
]


@pytest.mark.parametrize("ent, source, word", FOUND_BY)
def test_found_by_records_the_generator_and_the_decision(ent, source, word):
    assert found_by(Mention("k", "Ada", 0, 3, 0, source), ent) == word


def test_the_pipeline_records_each_decision_in_found_by(seeds_store):
    from kg.rdf.namespaces import KG
    from kg.store import Store

    with Store.open_read(seeds_store) as st:
        words = [w for q in st.quads() if q.predicate.value == str(KG) + "foundBy" for w in q.object.value.split()]
    assert words and all(re.fullmatch(r"[\w-]+(>\w+)?@(0|1)\.\d\d", w) for w in words), words[:5]


def test_kg_train_entity_decider_is_deterministic_and_writes_a_valid_file(tmp_path):
    pytest.importorskip("sklearn")
    recipe = tmp_path / "recipe.json"
    sets = [{"name": name, "articles": str(ROOT / "tests" / name / "articles"),
             "gold": str(ROOT / "tests" / name / "gold"), "weight": 1.0, "real": name == "extra"}
            for name in ("extra", "extra2", "extra3")]
    recipe.write_text(json.dumps({"sets": sets}))
    outs = []
    for k in range(2):
        out = tmp_path / f"w{k}.json"
        res = subprocess.run([sys.executable, "-m", "kg", "train", "--entity-decider", str(recipe), "-o", str(out)],
                             capture_output=True, text=True, cwd=tmp_path)
        assert res.returncode == 0, res.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    data = json.loads(outs[0])
    assert data["classes"] == list(CLASSES) and data["meta"]["by_set"]["extra"] > 0
    assert Decider.from_bytes(outs[0]).probabilities({"bias": 1.0})


def test_kg_train_entity_decider_refuses_a_missing_recipe(tmp_path):
    res = subprocess.run([sys.executable, "-m", "kg", "train", "--entity-decider", str(tmp_path / "no.json")],
                         capture_output=True, text=True, cwd=tmp_path)
    assert res.returncode != 0 and "no such recipe file" in res.stderr and "Traceback" not in res.stderr


def test_the_recipe_holds_out_the_realnews_dev_split():
    recipe = json.loads((ROOT / "kg/training/decider_data.json").read_text())
    real = [s for s in recipe["sets"] if s.get("real")]
    assert [s["name"] for s in real] == ["realnews"]
    assert real[0]["exclude_ids"] == {"file": "bench/realnews_split.json", "key": "dev"}
    dev = json.loads((ROOT / "bench/realnews_split.json").read_text())["dev"]
    assert len(dev) == 27 and len(set(dev)) == 27 and all(re.fullmatch(r"r[a-i]\d\d", i) for i in dev)


def test_a_saved_pipeline_carries_its_weights(tmp_path, nlp):
    nlp.get_pipe("kg_entities").to_disk(tmp_path / "ents")
    assert (tmp_path / "ents" / DECIDER_FILE).read_bytes() == SHIPPED.read_bytes()


def test_the_shipped_pipeline_runs_the_decision(nlp, rules_nlp):
    assert nlp.get_pipe("kg_entities").decide and nlp.get_pipe("kg_entities").decider is not None
    assert not rules_nlp.get_pipe("kg_entities").decide
    text = "Ada Corwen, a spokeswoman for the Velm Harbour Authority, said the port would reopen on Monday."
    labels = {(e.label, e.type) for e in run_doc(nlp, text)._.kg_entities.values()}
    assert ("Ada Corwen", PER) in labels


@pytest.mark.parametrize("typed_by, retype_model, decided", [
    ("model", 0.6, PER),  # only the statistical NER typed it: its own threshold, lower here
    ("rule", 0.6, LOC),  # a rule typed it: the rules' threshold (0.7) holds
    ("model", None, LOC),  # a weights file without retype_model: the one threshold for both
])
def test_a_type_only_the_statistical_ner_gave_has_its_own_threshold(typed_by, retype_model, decided):
    """P(Person) is about 0.65 here: between the two thresholds."""
    decider = Decider({"x": [1.6, 0.0, 0.0, 0.0]}, CLASSES, 0.7, 0.8, retype_model)
    feats = {"x": 1.0}
    assert 0.6 < decider.probabilities(feats)[0] < 0.7
    assert decider.decide(Entity("k", "Name", LOC, typed_by=typed_by), feats).type == decided


def test_an_entity_only_the_statistical_ner_typed_says_so(nlp):
    """Entity.typed_by: "model" when no rule, list or context typed the name, "rule" otherwise;
    the decision's features carry it."""
    doc = run_doc(nlp, "Mr Arvo Kessel visited Quorvand Tesselby on Monday.")
    by_label = {e.label: (k, e) for k, e in doc._.kg_entities.items()}
    assert by_label["Arvo Kessel"][1].typed_by == "rule"  # a title before it
    assert by_label["Quorvand Tesselby"][1].typed_by == "model"  # two unknown words: the NER's reading alone
    feats = doc.user_data[FEATURES_KEY]
    for key, ent in doc._.kg_entities.items():
        assert (feats[key].get("typed_by_model") == 1.0) == (ent.typed_by == "model")
