"""kg build of one very big article: time and peak memory, as the CLI runs it.

Usage: python bench/huge_article.py [--names 5000] [--chars 1000000] [--only names|long]

Two synthetic articles, made with a fixed seed in a temporary folder:

- ``names``: one paragraph of N sentences, each naming a new person, an organisation,
  a count and a weekday ("Ada Corwenkalo, a spokesman for the Marsk Group, said 412
  people fled on Tuesday."): every stage that looks at all mentions, counts or
  sentences once per mention is quadratic in it.
- ``long``: the dev sets' articles (tests/dev_news*/articles) repeated to C characters,
  as one article: ordinary prose at a length no news article has.

Each is built with ``kg build --jobs 1`` into a new store in a child process; the
wall time and the child's peak resident memory (``wait4``'s rusage) are printed with
the counts ``kg build`` reports.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRST = ["Ada", "Bram", "Cora", "Dov", "Elin", "Fane", "Gus", "Hal", "Ines", "Jory", "Kai", "Lina", "Milo", "Nora"]
LAST = ["Corwen", "Halden", "Marsk", "Vell", "Tarrow", "Brisk", "Venn", "Orlen", "Quade", "Rusk", "Stave", "Thorne"]
SYLLABLES = ["ka", "lo", "mi", "ra", "te", "vo", "su", "ne", "di", "po", "ga", "he"]


def names_article(n: int) -> str:
    rnd = random.Random(1)
    sents = []
    for _ in range(n):
        name = f"{rnd.choice(FIRST)} {rnd.choice(LAST)}{''.join(rnd.choice(SYLLABLES) for _ in range(2))}"
        sents.append(f"{name}, a spokesman for the {rnd.choice(LAST)} Group, said {rnd.randint(2, 900)} "
                     "people fled on Tuesday.")
    return "Names\n\n" + " ".join(sents) + "\n"


def long_article(chars: int) -> str:
    texts = [p.read_text(encoding="utf-8") for p in sorted(ROOT.glob("tests/dev_news*/articles/*.txt"))]
    one = "\n\n".join(texts)
    return ("Long\n\n" + one * (chars // len(one) + 1))[:chars]


def build(path: Path, store: Path) -> tuple[float, float, str]:
    """kg build in a child process: wall seconds, the child's peak RSS (MB), its last line."""
    with tempfile.TemporaryFile("w+") as out:
        t0 = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "kg", "build", str(path), "--store", str(store),
                                  "--jobs", "1"], stdout=out, stderr=subprocess.STDOUT, text=True)
        _, status, usage = os.wait4(child.pid, 0)  # this child's own rusage
        wall = time.perf_counter() - t0
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        lines = out.read().strip().splitlines()
    if child.returncode:
        raise SystemExit("\n".join(lines[-3:]))
    return wall, usage.ru_maxrss / 1024, lines[-1] if lines else ""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--names", type=int, default=5000)
    ap.add_argument("--chars", type=int, default=1_000_000)
    ap.add_argument("--only", choices=["names", "long"])
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cases = {"names": (f"{args.names} names", names_article(args.names)),
                 "long": (f"{args.chars:,} characters", long_article(args.chars))}
        for key, (what, text) in cases.items():
            if args.only and key != args.only:
                continue
            path = Path(tmp) / f"{key}.txt"
            path.write_text(text, encoding="utf-8")
            wall, peak_mb, said = build(path, Path(tmp) / f"store-{key}")
            size = len(text.encode()) / 1e3
            print(f"{key:6} {what:>20} {size:8.0f} KB  {wall:7.1f} s  peak {peak_mb:7.0f} MB  {said}")


if __name__ == "__main__":
    main()
