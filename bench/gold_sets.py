"""Score kg on the gold sets beside realnews, in one table: the seeds, the fictional regression
sets (tests/extra*, the tests/dev_news* sets pooled) and GUM news (only the five documents
the shipped model never trained on: tests/gum_news/README.md).

Usage: python bench/gold_sets.py [--ner shipped|none|NAME] [--shared ../shared]

Each set is built into a fresh store and scored with ../shared/tools/score.py on the named
queries' CSV, as bench/realnews.py does.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from realnews import CATEGORIES, build_and_dump, score_gold

ROOT = Path(__file__).resolve().parent.parent
# GUM's dev and test news documents, and the one no split lists (tests/gum_news/README.md)
GUM_HELD_OUT = ("GUM_news_homeopathic", "GUM_news_iodine", "GUM_news_nasa", "GUM_news_questionnaire",
                "GUM_news_sensitive")


def sets() -> dict[str, tuple[list[Path], Path, list[str] | None]]:
    """name -> (article files, gold folder, gold stems or None for all)."""
    out = {"seeds": (sorted((ROOT / "seeds").glob("*.txt")), ROOT / "tests/gold", None)}
    for name in ("extra", "extra2", "extra3"):
        d = ROOT / "tests" / name
        out[name] = (sorted((d / "articles").glob("*.*")), d / "gold", None)
    gum = ROOT / "tests/gum_news"
    out["gum_news held-out"] = ([gum / "articles" / f"{s}.txt" for s in GUM_HELD_OUT] + [gum / "articles/metadata.csv"],
                                gum / "gold", list(GUM_HELD_OUT))
    return out


def dev_news() -> list[tuple[Path, Path]]:
    return [(d / "articles", d / "gold") for d in sorted((ROOT / "tests").glob("dev_news*")) if (d / "gold").is_dir()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ner", default="shipped")
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = ap.parse_args()
    print(f"| set ({args.ner}) | " + " | ".join(CATEGORIES) + " |")
    print("| --- " * (len(CATEGORIES) + 1) + "|")
    rows = list(sets().items())
    pooled_files, pooled_gold = [], []
    for arts, gold in dev_news():
        pooled_files += [(arts.parent.name, p) for p in arts.iterdir()]
        pooled_gold += [(arts.parent.name, p) for p in gold.glob("*.json")]
    for name, (files, gold, stems) in rows + [("dev_news* pooled", (None, None, None))]:
        work = Path(tempfile.mkdtemp(prefix="kg-gold-"))
        arts = work / "articles"
        arts.mkdir()
        if files is None:  # the dev_news sets, one folder each, their gold side by side
            for set_name, p in pooled_files:
                (arts / set_name).mkdir(exist_ok=True)
                shutil.copy(p, arts / set_name / p.name)
            gold = work / "gold-all"
            gold.mkdir()
            for _, p in pooled_gold:
                shutil.copy(p, gold / p.name)
        else:
            for p in files:
                shutil.copy(p, arts / p.name)
        csv_dir = build_and_dump(arts, work, args.ner)
        stems = stems or sorted(p.stem for p in gold.glob("*.json"))
        s = score_gold(args.shared, csv_dir, gold, stems, work, "part")
        cells = [f"{s[c]['f1']:.3f}" if c in s else "" for c in CATEGORIES]
        print(f"| {name} ({len(stems)}) | " + " | ".join(cells) + " |")
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
