"""Train the entity decision (kg.nlp.entities.decide) from gold-annotated articles.

The recipe (``kg/training/decider_data.json``) names the gold sets and their weights. Each
article is run through the kg pipeline with no decision; every entity the rules found gets the
gold class of the gold entity its names match (the shared scorer's matching: normalised label
or alias), ``None`` where no gold entity matches, and is left out where it matches only an
optional one. A multinomial logistic regression (scikit-learn, L2, fixed seed) is fitted on
the features; its regularisation and the thresholds that turn its probabilities into decisions
are chosen by cross-validation grouped by article, over every set: the largest gain over the
rules (each entity weighing what its set weighs: realnews train 3, the fictional sets 0.3) among
the thresholds whose changes are right at least three times in four on realnews and on the
fictional sets alike (a wrong override is a visible error in an analyst's graph).

Needs scikit-learn (``pip install 'kg[train]'``) at training time only: the decision itself
is a dot product over the weights file.
"""

from __future__ import annotations

import csv
import json
import os
import random
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from kg.evaluate import norm
from kg.nlp.entities.decide import CLASSES, FEATURES_KEY, NONE

SEED = 0
RETYPE_GRID = (0.0, 0.4, 0.5, 0.6, 0.7, 0.8, 1.01)  # 1.01: never
DROP_GRID = (0.0, 0.35, 0.4, 0.5, 0.6, 0.8, 1.01)
C_GRID = (0.3, 1.0, 3.0, 10.0)
CV_REPEATS = 3
MIN_PRECISION = 0.75  # an override of the rules must be right three times in four, wherever it is measured


@dataclass
class Example:
    article: str
    features: dict[str, float]
    label: str  # a class of CLASSES
    rule_type: str
    weight: float
    group: str  # the gold set's name
    name: str = ""  # the entity's label (for reading errors; never written to the weights)
    real: bool = False  # from a set of real news (the recipe's "real": true), else a fictional one
    typed_by: str = "rule"  # Entity.typed_by: "model" when only the statistical NER typed it


def _gold_label(forms: set[str], gold: list[dict]) -> str | None:
    """The gold class of an entity with these normalised names; None: leave it out (optional)."""
    hits = [g for g in gold if forms & ({norm(g["name"])} | {norm(a) for a in g.get("aliases", [])})]
    if not hits:
        return NONE
    required = [g for g in hits if not g.get("optional")]
    return required[0]["type"] if required else None


def stage(articles: Path, excluded: set[str], work: Path) -> Path:
    """The articles of a gold set but the held-out ones (named by their stem or, for realnews, the
    stem's four-character id), with a metadata.csv (made from meta.json where there is one)."""
    out = work / articles.parent.name
    out.mkdir(parents=True)
    for p in sorted(articles.glob("*.txt")):
        if p.stem not in excluded and p.stem[:4] not in excluded:
            shutil.copy(p, out / p.name)
    for name in ("metadata.csv",):
        if (articles / name).is_file():
            shutil.copy(articles / name, out / name)
    meta = articles / "meta.json"
    if meta.is_file():
        rows = json.loads(meta.read_text(encoding="utf-8"))
        with open(out / "metadata.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["file", "published", "outlet", "url", "title"])
            for name, m in sorted(rows.items()):
                w.writerow([name, m.get("published") or "", m.get("outlet") or "", m.get("url") or "", ""])
    return out


def examples(nlp, folder: Path, gold_dir: Path, weight: float, group: str,  # noqa: ANN001 (a spaCy Language)
             real: bool = False) -> list[Example]:
    """One example per entity the pipeline finds in the folder's articles."""
    from kg.ingest.articles import iter_articles
    from kg.nlp.extract import linear_text
    from kg.types import Article

    out = []
    arts = [a for a in iter_articles([folder]) if isinstance(a, Article)]
    for art in arts:
        gold_file = gold_dir / (Path(art.source).stem + ".json")
        if not gold_file.is_file():
            continue
        gold = json.loads(gold_file.read_text(encoding="utf-8"))["entities"]
        doc = nlp.make_doc(linear_text(art.text))  # the text extraction reads (kg.nlp.extract)
        doc._.kg_published = art.published
        for _, proc in nlp.pipeline:
            doc = proc(doc)
            if _ == "kg_entities":
                break
        feats = doc.user_data.get(FEATURES_KEY, {})
        for key, ent in doc._.kg_entities.items():
            forms = {norm(ent.label)} | {norm(a) for a in ent.aliases}
            label = _gold_label(forms, gold)
            if label is not None:
                out.append(Example(art.source, feats[key], label, ent.type, weight, group, ent.label, real,
                                   ent.typed_by))
    return out


def collect(recipe: Path, root: Path, ner: str = "shipped") -> list[Example]:
    """Every example of the recipe's gold sets (paths relative to ``root``, the checkout)."""
    from kg.nlp.assemble import build_nlp

    data = json.loads(recipe.read_text(encoding="utf-8"))
    nlp = build_nlp(ner)
    nlp.get_pipe("kg_entities").decider = None  # the evidence as the rules leave it
    out: list[Example] = []
    with tempfile.TemporaryDirectory(prefix="kg-decider-") as tmp:
        for k, s in enumerate(data["sets"]):
            excluded: set[str] = set(s.get("exclude", ()))
            if "exclude_ids" in s:  # {"file": a JSON file, "key": its list of held-out ids}
                excluded |= set(json.loads((root / s["exclude_ids"]["file"]).read_text())[s["exclude_ids"]["key"]])
            folder = stage(root / s["articles"], excluded, Path(tmp) / str(k))
            out += examples(nlp, folder, root / s["gold"], float(s.get("weight", 1.0)), s["name"], bool(s.get("real")))
    return out


def fit(exs: list[Example], c: float):  # noqa: ANN201 (a fitted scikit-learn pipeline)
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    vec = DictVectorizer()
    x = vec.fit_transform([e.features for e in exs])
    model = LogisticRegression(C=c, max_iter=2000, random_state=SEED)
    model.fit(x, [e.label for e in exs], sample_weight=[e.weight for e in exs])
    return vec, model


def _outcomes(probs: list[dict[str, float]], exs: list[Example], thresholds: tuple[float, float, float],
              ) -> dict[str, list[float]]:
    """Per kind of set (real news, fiction): the decisions' weighted gain over the rules (typed true
    positives minus false positives), how many entities they changed and how many of those for the
    better, at these thresholds (retype, drop, retype a type only the statistical NER gave)."""
    retype, drop, retype_model = thresholds
    out = {"real": [0.0, 0, 0], "fiction": [0.0, 0, 0]}
    for p, e in zip(probs, exs, strict=True):
        best = max(p, key=p.get)
        decided = e.rule_type
        if best == NONE and p[best] >= drop:
            decided = NONE
        elif best not in (NONE, e.rule_type) and p[best] >= (retype_model if e.typed_by == "model" else retype):
            decided = best
        if decided == e.rule_type:
            continue
        before = 1 if e.rule_type == e.label else -1
        after = 0 if decided == NONE else (1 if decided == e.label else -1)
        row = out["real" if e.real else "fiction"]
        row[0] += (after - before) * e.weight
        row[1] += 1
        row[2] += after > before
    return out


def cross_validate(exs: list[Example], c: float, folds: int = 5, seed: int = SEED,
                   ) -> dict[tuple[float, float, float], dict]:
    """Held-out probabilities for every article of every set (``folds`` folds by article, shuffled
    with ``seed``), and each threshold triple's outcomes (``_outcomes``)."""
    arts = sorted({(e.group, e.article) for e in exs})
    random.Random(seed).shuffle(arts)
    probs: list[dict[str, float]] = []
    held: list[Example] = []
    for k in range(folds):
        test = set(arts[k::folds])
        vec, model = fit([e for e in exs if (e.group, e.article) not in test], c)
        part = [e for e in exs if (e.group, e.article) in test]
        for row in model.predict_proba(vec.transform([e.features for e in part])):
            probs.append(dict(zip(model.classes_, row, strict=True)))
        held += part
    return {(r, d, m): _outcomes(probs, held, (r, d, m)) for r in RETYPE_GRID for d in DROP_GRID for m in RETYPE_GRID}


def choose(tables: list[dict[tuple[float, float, float], dict]]) -> tuple[tuple[float, float, float], float]:
    """The thresholds of the largest gain on real news (the yardstick: tuned on held-out real news
    only) among those that lose nothing on the fictional sets and whose changes are right at least
    MIN_PRECISION of the time in real news and in the fictional sets alike (over every shuffle);
    of equal gains, the higher thresholds (fewer changes)."""
    best, best_gain = (1.01, 1.01, 1.01), 0.0
    for key in tables[0]:
        rows = [t[key] for t in tables]
        gain = sum(r["real"][0] for r in rows)
        keeps_fiction = sum(r["fiction"][0] for r in rows) >= 0
        precise = all(sum(r[k][2] for r in rows) >= MIN_PRECISION * sum(r[k][1] for r in rows) for k in rows[0])
        if precise and keeps_fiction and (gain, key) > (best_gain, best):
            best, best_gain = key, gain
    return best, best_gain


def train_decider(recipe: Path, root: Path, out: Path, ner: str = "shipped") -> dict:
    """Fit, choose C and thresholds by cross-validation, write the weights file; returns its meta."""
    import sklearn

    exs = collect(recipe, root, ner)
    best = None
    for c in C_GRID:  # three shuffles of the folds: one is noisy on 63 articles
        thresholds, gain = choose([cross_validate(exs, c, seed=seed) for seed in range(CV_REPEATS)])
        if best is None or gain > best[0]:
            best = (gain, c, thresholds)
    gain, c, thresholds = best
    vec, model = fit(exs, c)
    order = [list(model.classes_).index(k) for k in CLASSES]
    weights = {}
    for j, name in enumerate(vec.get_feature_names_out()):
        w = [round(float(model.coef_[i, j]), 4) for i in order]
        if any(abs(v) >= 1e-4 for v in w):
            weights[name] = w
    bias = [round(float(model.intercept_[i]), 4) for i in order]
    weights["bias"] = [a + b for a, b in zip(weights.get("bias", [0.0] * 4), bias, strict=True)]
    sets = json.loads(recipe.read_text(encoding="utf-8"))["sets"]
    meta = {
        "trained_by": "kg train --entity-decider", "seed": SEED, "C": c, "scikit_learn": sklearn.__version__,
        "ner": ner, "examples": len(exs),
        "by_set": {s["name"]: sum(1 for e in exs if e.group == s["name"]) for s in sets},
        "sets": sets, "cv_gain_over_rules": round(gain / CV_REPEATS, 1),  # weighted real-news entities
        "licences": "realnews gold: internal evaluation only (weights only, no text); tests/ sets: the project's own",
    }
    part = out.with_name(out.name + ".part")  # whole or not at all: every pipeline load reads it
    part.write_text(dump(meta, thresholds, weights), encoding="utf-8")
    os.replace(part, out)
    return meta


def dump(meta: dict, thresholds: tuple[float, float, float], weights: dict[str, list[float]]) -> str:
    """The weights file: its meta first, then one line per feature (easy to read and to diff)."""
    retype, drop, retype_model = thresholds
    head = {"classes": list(CLASSES), "thresholds": {"retype": retype, "drop": drop, "retype_model": retype_model},
            "meta": meta}
    lines = [json.dumps(head, indent=1, ensure_ascii=False)[:-2] + ',\n "weights": {']
    rows = [f"  {json.dumps(k, ensure_ascii=False)}: {json.dumps(v)}" for k, v in sorted(weights.items())]
    return "\n".join(lines) + "\n" + ",\n".join(rows) + "\n }\n}\n"
