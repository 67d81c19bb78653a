"""Every named query's CSV on the seeds and the gold sets, built by a given kg tree.

    python bench/snapshot_queries.py TREE_ROOT OUT_DIR [--python PYTHON]

With ``PYTHONPATH=TREE_ROOT`` in front, ``python -m kg`` imports that tree's kg
package (its code, its queries/ and ontology/), so two trees can be compared with
everything else held fixed: each set is built into a fresh store (``kg build DIR
--store S --jobs 1``) and each named query of the tree is written as
``OUT_DIR/<set>/<query>.csv`` (``kg query NAME --store S --format csv``, with
``--sort`` where the tree's kg query has it: since it, named queries stream unsorted
by default). ``diff -r`` of two such folders shows every row that changed, order included.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SETS = ("seeds", "tests/extra/articles", "tests/extra2/articles", "tests/extra3/articles",
        "tests/dev_news/articles", "tests/gum_news/articles")


def _kg(root: Path, python: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(root))
    env.pop("KG_STORE", None)
    return subprocess.run([python, "-m", "kg", *args], env=env, cwd=root, capture_output=True, check=False)


def snapshot(root: Path, out: Path, python: str) -> None:
    names = sorted(p.stem for p in (root / "queries").glob("*.rq"))
    sort = ["--sort"] if b"--sort" in _kg(root, python, "query", "--help").stdout else []
    with tempfile.TemporaryDirectory(prefix="kg-snap-") as tmp:
        for name in SETS:
            label = name.split("/")[-2] if name.endswith("/articles") else name
            store = Path(tmp) / label
            done = _kg(root, python, "build", str(REPO / name), "--store", str(store), "--jobs", "1")
            if done.returncode != 0:
                sys.exit(f"build of {name} failed: {done.stderr.decode()[-500:]}")
            folder = out / label
            folder.mkdir(parents=True, exist_ok=True)
            for q in names:
                res = _kg(root, python, "query", q, "--store", str(store), "--format", "csv", *sort)
                (folder / f"{q}.csv").write_bytes(res.stdout if res.returncode == 0
                                                  else b"ERROR " + res.stderr)
            print(f"{label}: {len(names)} queries", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", type=Path, help="root of the kg tree to import (its kg/, queries/)")
    ap.add_argument("out", type=Path, help="folder for <set>/<query>.csv")
    ap.add_argument("--python", default=str(REPO / ".venv" / "bin" / "python"))
    args = ap.parse_args()
    snapshot(args.root.resolve(), args.out.resolve(), args.python)


if __name__ == "__main__":
    main()
