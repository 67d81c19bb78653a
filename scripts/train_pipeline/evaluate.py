"""Evaluate a spaCy pipeline on the converted gold DocBins, from raw text.

Each gold Doc's text is run through nlp.pipe (the pipeline's own tokenizer); predictions
are aligned to the gold tokens with spacy.training.Example and scored with spaCy's scorers
(tag_acc, pos_acc, dep_uas/dep_las (punctuation excluded, as spaCy does), sents, ents P/R/F
per type, exact span match).

  evaluate.py MODEL --data corpus/ewt_test.spacy corpus/gum_test.spacy ... [--ner-map sm]
  evaluate.py MODEL --speed raw.txt          words/s of nlp.pipe on one core

--ner-map sm maps en_core_web_sm-style labels: PERSON->PER, ORG->ORG, GPE/LOC/FAC->LOC,
everything else dropped (NORP is not mapped: it is nationalities/groups, not a PER/ORG/LOC
name in UNER or GUM).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

SM_MAP = {"PERSON": "PER", "ORG": "ORG", "GPE": "LOC", "LOC": "LOC", "FAC": "LOC"}


def remap(doc, mapping):
    from spacy.tokens import Span
    ents = [Span(doc, e.start, e.end, label=mapping[e.label_]) for e in doc.ents if e.label_ in mapping]
    doc.set_ents(ents, default="outside")
    return doc


def score_file(nlp, path, mapping=None):
    from spacy.scorer import Scorer
    from spacy.tokens import DocBin
    from spacy.training import Example

    refs = list(DocBin().from_disk(path).get_docs(nlp.vocab))
    preds = list(nlp.pipe([r.text for r in refs], batch_size=64))
    if mapping:
        preds = [remap(p, mapping) for p in preds]
    examples = [Example(p, r) for p, r in zip(preds, refs)]
    has_tree = [e for e in examples if e.reference.has_annotation("DEP")]
    has_ner = [e for e in examples if e.reference.has_annotation("ENT_IOB")]
    out = {"docs": len(refs), "words": sum(len(r) for r in refs)}
    names = set(nlp.pipe_names)
    if has_tree:
        if "tagger" in names:
            out.update(Scorer.score_token_attr(has_tree, "tag"))
        out.update(Scorer.score_token_attr(has_tree, "pos"))
        if "parser" in names:
            out.update(Scorer.score_deps(has_tree, "dep", head_attr="head", ignore_labels=("p", "punct")))
            out.update(Scorer.score_spans(has_tree, "sents", has_annotation=lambda d: d.has_annotation("DEP")))
        out["tree_words"] = sum(len(e.reference) for e in has_tree)
    if has_ner:
        s = Scorer.score_spans(has_ner, "ents", has_annotation=lambda d: d.has_annotation("ENT_IOB"))
        s.pop("ents_per_type", None)
        out.update(s)
        per = Scorer.score_spans(has_ner, "ents")["ents_per_type"]
        out["ents_per_type"] = {k: per.get(k, {"p": 0, "r": 0, "f": 0}) for k in ("PER", "LOC", "ORG")}
        out["ner_words"] = sum(len(e.reference) for e in has_ner)
        gold = {"PER": 0, "LOC": 0, "ORG": 0}
        for e in has_ner:
            for ent in e.reference.ents:
                gold[ent.label_] = gold.get(ent.label_, 0) + 1
        out["gold_ents"] = gold
    out.pop("dep_las_per_type", None)
    return out


def speed(nlp, path, repeats=1):
    texts = [t for t in Path(path).read_text(encoding="utf-8").split("\n") if t.strip()]
    n_words = 0
    list(nlp.pipe(texts[:50]))  # warm-up
    best = cpu = None
    for _ in range(repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        n_words = sum(len(d) for d in nlp.pipe(texts, batch_size=256))
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        best = dt if best is None else min(best, dt)
        cpu = dc if cpu is None else min(cpu, dc)
    # wall-clock words/s depends on what else runs on the machine; CPU-time words/s
    # (process_time, one thread) is the figure for one dedicated core
    return {"texts": len(texts), "tokens": n_words, "wall_seconds": round(best, 2),
            "cpu_seconds": round(cpu, 2), "words_per_s_wall": round(n_words / best),
            "words_per_s_cpu": round(n_words / cpu)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("--data", nargs="*", default=[])
    ap.add_argument("--ner-map", choices=["none", "sm"], default="none")
    ap.add_argument("--speed")
    ap.add_argument("--out")
    args = ap.parse_args()
    assert os.environ.get("OMP_NUM_THREADS") == "1", "run with OMP_NUM_THREADS=1 (one core)"
    import spacy

    nlp = spacy.load(args.model)
    mapping = SM_MAP if args.ner_map == "sm" else None
    res = {"model": args.model, "pipeline": nlp.pipe_names}
    for d in args.data:
        res[Path(d).stem] = score_file(nlp, d, mapping)
    if args.speed:
        res["speed"] = speed(nlp, args.speed)
    txt = json.dumps(res, indent=1)
    print(txt)
    if args.out:
        Path(args.out).write_text(txt)


if __name__ == "__main__":
    main()
