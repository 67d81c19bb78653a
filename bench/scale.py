"""kg at scale, side by side on the same text: tokenizer, extraction, kg build, store, queries.

Usage: python bench/scale.py [--sizes 1000 10000 50000] [--work /tmp/kg-bench] [--seed 1]
                             [--jobs N] [--compare-size 10000] [--repeat 20] [--render-repeat 5]
                             [--out FILE.md]

For every size: a corpus from bench/make_corpus.py (fixed seed), ``kg build`` end to end
(wall time, words/s, articles/s, peak RSS of the whole process tree sampled every 50 ms
and of its largest process), quads and store bytes per article (``kg stats``, every file
in the store folder) as built and after ``kg compact`` (and its wall time), a second
``kg build`` of the unchanged corpus, and the latencies that say whether the store
answers in a blink: the median over --repeat runs of every named query for one article
(-p source; the slowest one is shown, all of them at --compare-size), ``kg top`` and
``kg neighbours`` of the entity in most articles (corpus queries), and the first row of
a whole-store ``kg query entities``. At --compare-size, on the same articles: spaCy's
tokenizer alone, the extraction pipeline alone (``nlp.pipe`` in one process, and in
--jobs worker processes), and the ratios to kg build; every named query for one article
(median, p95) and for the whole store (median, and peak RSS of the kg process);
``kg query`` cold start against ``python -c "import rdflib"``; ``kg render --focus`` on the
entity and on the person in most articles, and the default ``kg render`` (median of
--render-repeat runs).

Run it with ``PYTHONPATH=TREE`` to measure another kg tree (the commands it starts
inherit the variable), e.g. the last commit from ``git archive`` for a before/after.
"""

from __future__ import annotations

import argparse
import csv
import io
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil

KG = [sys.executable, "-m", "kg"]
HERE = Path(__file__).resolve().parent


def corpus(work: Path, n: int, seed: int) -> Path:
    out = work / f"corpus-{n}"
    if not (out / "metadata.csv").exists():
        subprocess.run([sys.executable, str(HERE / "make_corpus.py"), str(out), "--articles", str(n),
                        "--seed", str(seed)], check=True)
    return out


def texts(folder: Path):
    from kg.ingest import iter_articles

    for a in iter_articles([folder]):
        if not isinstance(a, Exception):
            yield a


def run_measured(cmd: list[str]) -> tuple[float, int, int, str]:
    """Wall seconds, peak RSS of the process tree (sum) and of its largest process, stdout."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak_tree, peak_one = 0, 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak_tree, peak_one
        p = psutil.Process(proc.pid)
        while not done.is_set():
            try:
                rss = [p.memory_info().rss] + [c.memory_info().rss for c in p.children(recursive=True)]
            except psutil.Error:
                rss = [0]
            peak_tree, peak_one = max(peak_tree, sum(rss)), max(peak_one, max(rss))
            time.sleep(0.05)

    th = threading.Thread(target=sample, daemon=True)
    th.start()
    out, err = proc.communicate()
    wall = time.perf_counter() - t0
    done.set()
    th.join()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {err.strip()[-500:]}")
    return wall, peak_tree, peak_one, out.strip()


def du(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def pipe_speed(nlp, folder: Path) -> float:
    def docs():
        for a in texts(folder):
            d = nlp.make_doc(a.text)
            if d.has_extension("kg_published"):
                d._.kg_published = a.published
            yield d

    t0 = time.perf_counter()
    for _ in nlp.pipe(docs(), batch_size=16):
        pass
    return time.perf_counter() - t0


def _extract_batch(batch) -> int:
    from kg.builder.workers import _STATE, init_worker
    from kg.nlp.extract import extract

    init_worker("shipped")
    nlp = _STATE["nlp"]
    with nlp.memory_zone():
        return sum(len(ex.entities) for ex in extract(nlp, batch))


def parallel_extraction_speed(folder: Path, jobs: int) -> float:
    """Extraction alone in ``jobs`` worker processes, batched as kg build batches
    (spaCy's own n_process cannot carry kg's Doc extensions back to the parent)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from kg.builder.runner import EXTRACT_BATCH
    from kg.builder.workers import chunked

    t0 = time.perf_counter()
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        for _ in pool.map(_extract_batch, chunked(texts(folder), EXTRACT_BATCH), chunksize=1):
            pass
    return time.perf_counter() - t0


def first_row(cmd: list[str]) -> float:
    """Seconds until the first data row (the line after the header) is printed."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    proc.stdout.readline()
    proc.stdout.readline()
    secs = time.perf_counter() - t0
    proc.kill()
    proc.wait()
    return secs


def store_figures(store: Path) -> dict:
    out = subprocess.run([*KG, "stats", "--store", str(store), "--format", "json"], capture_output=True, text=True,
                         check=True).stdout
    import json

    return json.loads(out)


def top_entity(store: Path) -> str:
    """The IRI of the entity in most articles (the first row of the named query top)."""
    r = subprocess.run([*KG, "query", "top", "--store", str(store), "--format", "csv", "--timeout", "0"],
                       capture_output=True, text=True, check=True)
    return r.stdout.splitlines()[1].split(",", 1)[0]


def latencies(store: Path, folder: Path, repeat: int) -> dict[str, float]:
    """Median seconds of: each named query for one article, kg top, kg neighbours of the top
    entity, and the first row of a whole-store kg query entities."""
    from kg.query import named_queries

    source = sorted(p.name for p in folder.glob("*.txt"))[len(list(folder.glob("*.txt"))) // 2]
    out: dict[str, float] = {}
    for name, nq in named_queries().items():
        if "?source" in nq.text.split("WHERE")[0]:
            cmd = [*KG, "query", name, "--store", str(store), "--format", "csv", "--timeout", "0", "-p", "source",
                   source]
            out[name] = statistics.median(timed(cmd, repeat))
    entity = top_entity(store)
    out["kg top"] = statistics.median(timed([*KG, "top", "--store", str(store), "--format", "csv"], repeat))
    out["kg neighbours"] = statistics.median(
        timed([*KG, "neighbours", entity, "--store", str(store), "--format", "csv", "--limit", "20"], repeat))
    out["first row, whole-store entities"] = statistics.median(
        [first_row([*KG, "query", "entities", "--store", str(store), "--format", "csv", "--timeout", "0"])
         for _ in range(max(1, repeat // 4))])
    return out


def timed(cmd: list[str], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        out.append(time.perf_counter() - t0)
    return out


def med_p95(xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]
    return f"{1000 * statistics.median(xs):,.0f} | {1000 * p95:,.0f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 50000])
    ap.add_argument("--work", type=Path, default=Path("/tmp/kg-bench"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--compare-size", type=int, default=10000)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--whole-repeat", type=int, default=3, help="Runs of each whole-store query.")
    ap.add_argument("--render-repeat", type=lambda v: max(1, int(v)), default=5,
                    help="Runs of each kg render (at least 1).")
    ap.add_argument("--queries", nargs="*", default=None, help="Only these named queries (default: all).")
    ap.add_argument("--skip-extraction", action="store_true",
                    help="With --reuse: skip the tokenizer and extraction-alone timings.")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--reuse", type=float, default=None, metavar="SECONDS",
                    help="Skip the builds: reuse the store of --compare-size built earlier by this script, "
                         "whose kg build took SECONDS (for the ratios).")
    args = ap.parse_args()
    from kg.builder.workers import default_jobs

    jobs = args.jobs or default_jobs()
    args.work.mkdir(parents=True, exist_ok=True)
    lines = [f"jobs={jobs}, seed={args.seed}, {psutil.cpu_count()} CPUs, "
             f"{psutil.virtual_memory().total / 2**30:.0f} GiB", ""]

    def say(s: str = "") -> None:
        print(s, flush=True)
        lines.append(s)

    say("| articles | words | kg build (s) | words/s | articles/s | peak RSS tree (MB) | peak RSS largest "
        "process (MB) | quads/article | store bytes/article (KB) | after kg compact (KB) | kg compact (s) | "
        "slowest named query, one article (ms) | "
        "kg top (ms) | kg neighbours (ms) | first row of whole-store entities (ms) | unchanged rebuild (s) | "
        "speed-up |")
    say("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
        "| ---: | ---: |")
    built = {}
    lat: dict[int, dict[str, float]] = {}
    if args.reuse:
        folder = corpus(args.work, args.compare_size, args.seed)
        built[args.compare_size] = (folder, args.work / f"store-{args.compare_size}",
                                    sum(len(a.text.split()) for a in texts(folder)), args.reuse)
    for n in [] if args.reuse else args.sizes:
        folder = corpus(args.work, n, args.seed)
        words = sum(len(a.text.split()) for a in texts(folder))
        store = args.work / f"store-{n}"
        subprocess.run(["rm", "-rf", str(store)], check=True)
        wall, tree, one, out = run_measured([*KG, "build", str(folder), "--store", str(store), "--jobs", str(jobs)])
        again, *_ = run_measured([*KG, "build", str(folder), "--store", str(store), "--jobs", str(jobs)])
        size = du(store)
        packing, *_ = run_measured([*KG, "compact", "--store", str(store), "--quiet"])
        packed = du(store)
        quads = store_figures(store)["quads"]
        built[n] = (folder, store, words, wall)
        lat[n] = t = latencies(store, folder, args.repeat)
        slowest = max((v, k) for k, v in t.items() if not k.startswith(("kg ", "first")))
        say(f"| {n:,} | {words:,} | {wall:.1f} | {words / wall:,.0f} | {n / wall:,.1f} | {tree / 2**20:,.0f} | "
            f"{one / 2**20:,.0f} | {quads / n:,.0f} | {size / 1000 / n:,.1f} | {packed / 1000 / n:,.1f} | "
            f"{packing:.1f} | {1000 * slowest[0]:,.0f} "
            f"({slowest[1]}) | {1000 * t['kg top']:,.0f} | {1000 * t['kg neighbours']:,.0f} | "
            f"{1000 * t['first row, whole-store entities']:,.0f} | {again:.2f} | {wall / again:,.0f}x |")

    if args.compare_size in built:
        import spacy

        from kg.nlp.assemble import build_nlp

        folder, store, words, e2e = built[args.compare_size]
        n = args.compare_size
        say()
        say(f"Same {n:,} articles ({words:,} words):")
        say()
        say("| stage | seconds | words/s | articles/s | kg build / this |")
        say("| --- | ---: | ---: | ---: | ---: |")
        rows = [] if args.skip_extraction else [
            ("spaCy tokenizer alone", pipe_speed(spacy.blank("en"), folder)),
            ("extraction alone, nlp.pipe, 1 process", pipe_speed(build_nlp(), folder))]
        if jobs > 1 and not args.skip_extraction:
            rows.append((f"extraction alone, {jobs} worker processes (no mapping, no store)",
                         parallel_extraction_speed(folder, jobs)))
        rows.append((f"kg build end to end, --jobs {jobs}", e2e))
        for name, secs in rows:
            say(f"| {name} | {secs:.1f} | {words / secs:,.0f} | {n / secs:,.1f} | {secs / e2e:.0%} |")

        from kg.query import named_queries

        source = sorted(p.name for p in folder.glob("*.txt"))[n // 2]
        say()
        say(f"`kg query` on the {n:,}-article store, wall time of the whole command in ms "
            f"(median | p95 of {args.repeat} runs; whole store: median of {args.whole_repeat}):")
        say()
        say("| query | one article (-p source): median | p95 | whole store: median | rows (whole store) | "
            "whole store: peak RSS (MB) |")
        say("| --- | ---: | ---: | ---: | ---: | ---: |")
        for name, nq in named_queries().items():
            if (args.queries is not None and name not in args.queries) or "?entity" in nq.description:
                continue  # neighbours answers for one entity: it is timed above
            base = [*KG, "query", name, "--store", str(store), "--format", "csv", "--timeout", "0"]
            one = med_p95(timed([*base, "-p", "source", source], args.repeat)) \
                if "?source" in nq.text.split("WHERE")[0] else "- | -"
            whole, rows_n, peak = [], 0, 0
            for _ in range(args.whole_repeat):
                wall, _tree, largest, out = run_measured(base)
                rows_n, peak = out.count("\n"), max(peak, largest)  # (out is stripped: no final newline)
                whole.append(wall)
            say(f"| {name} | {one} | {statistics.median(whole) * 1000:,.0f} | {rows_n:,} | {peak / 2**20:,.0f} |")
        ask = [*KG, "query", "ASK { ?s ?p ?o }", "--store", str(store), "--format", "csv"]
        cold = timed(ask, args.repeat)
        rdflib = timed([sys.executable, "-c", "import rdflib"], args.repeat)
        say()
        say(f"Cold start: `kg query 'ASK {{ ?s ?p ?o }}'` median {1000 * statistics.median(cold):,.0f} ms; "
            f"`python -c \"import rdflib\"` median {1000 * statistics.median(rdflib):,.0f} ms "
            f"(ratio {statistics.median(cold) / statistics.median(rdflib):.2f}).")
        out = args.work / f"focus-{n}.html"
        for who, focus in (("the entity in most articles", _top_label(store)),
                           ("the person in most articles", _busiest_label(store))):
            secs = timed([*KG, "render", "--store", str(store), "--focus", focus, "-o", str(out)], args.render_repeat)
            say(f"`kg render --focus {focus!r}` ({who}) on the {n:,}-article store: median "
                f"{statistics.median(secs):.2f} s of {len(secs)} runs ({min(secs):.2f}-{max(secs):.2f}).")
        out = args.work / f"overview-{n}.html"
        secs = timed([*KG, "render", "--store", str(store), "-o", str(out)], args.render_repeat)
        say(f"`kg render` (the default overview) on the {n:,}-article store: median {statistics.median(secs):.2f} s "
            f"of {len(secs)} runs ({min(secs):.2f}-{max(secs):.2f}).")
    if args.out:
        args.out.write_text("\n".join(lines) + "\n")


def _top_label(store: Path) -> str:
    """The label of the entity in most articles (``kg top``): the busiest focus view (``--focus``
    takes a label: where two entities share it, the first IRI is drawn)."""
    r = subprocess.run([*KG, "top", "--store", str(store), "--limit", "1", "--format", "csv"],
                       capture_output=True, text=True, check=True)
    return next(csv.DictReader(io.StringIO(r.stdout)))["label"]


def _busiest_label(store: Path) -> str:
    """A person named in many articles: the focus of the render benchmark."""
    q = ("PREFIX kg: <https://w3id.org/kg-news/ontology#> PREFIX skos: <http://www.w3.org/2004/02/skos/core#> "
         "SELECT ?label (COUNT(DISTINCT ?g) AS ?n) WHERE { "
         "GRAPH ?g { ?e kg:personMention ?m ; skos:prefLabel ?label } } "
         "GROUP BY ?label ORDER BY DESC(?n) ?label LIMIT 1")
    r = subprocess.run([*KG, "query", q, "--store", str(store), "--format", "csv", "--timeout", "0"],
                       capture_output=True, text=True, check=True)
    return r.stdout.splitlines()[1].rsplit(",", 1)[0].strip('"')


if __name__ == "__main__":
    main()
