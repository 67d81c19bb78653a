"""kg claims and kg timeline at scale: the time of each as the CLI runs it, and the pages' sizes.

Usage: python bench/claims_speed.py --store PATH [--runs 1]

Runs, each in a new process (imports and opening the store count), ``kg claims --format csv``,
``kg claims --html FILE`` and ``kg timeline -o FILE``, and prints the wall-clock and CPU time
(user + system, of the child) of each, the claims found and the pages' sizes. Make a store with
``python bench/make_corpus.py /tmp/c2000 --articles 2000`` and ``kg build /tmp/c2000 --store
/tmp/c2000.kg``. (Issue 42, 2,000 articles: 178 s for CSV, 356 s for HTML, a 15.6 MB timeline.)
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

KG = [sys.executable, "-m", "kg"]


def timed(args: list[str]) -> tuple[float, float, str]:
    """Wall-clock seconds, the child's CPU seconds and its standard output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(KG + args, check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", type=Path, required=True)
    ap.add_argument("--runs", type=int, default=1)
    args = ap.parse_args()
    store = str(args.store)
    with tempfile.TemporaryDirectory() as tmp:
        claims_html, timeline = os.path.join(tmp, "claims.html"), os.path.join(tmp, "timeline.html")
        for _ in range(args.runs):
            wall, cpu, out = timed(["claims", "--store", store, "--format", "csv"])
            rows = list(csv.DictReader(io.StringIO(out)))
            claims = {r["group"] for r in rows if r["kind"] == "count"}
            disputed = {r["group"] for r in rows if r["kind"] == "count" and r["disputed"] == "true"}
            print(f"kg claims --format csv   {wall:6.1f} s wall {cpu:6.1f} s CPU  "
                  f"{len(claims)} claims, {len(disputed)} disputed")
            wall, cpu, _ = timed(["claims", "--store", store, "--html", claims_html])
            print(f"kg claims --html         {wall:6.1f} s wall {cpu:6.1f} s CPU  "
                  f"{os.path.getsize(claims_html) / 1e6:.2f} MB")
            wall, cpu, _ = timed(["timeline", "--store", store, "-o", timeline])
            print(f"kg timeline              {wall:6.1f} s wall {cpu:6.1f} s CPU  "
                  f"{os.path.getsize(timeline) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
