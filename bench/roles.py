"""Score kg's role changes (queries/role_changes.rq) on ../shared/realnews, train and dev apart.

Usage: python bench/roles.py [--shared ../shared] [--work DIR] [--store STORE] [--details train]
       python bench/roles.py --import ../relgold/roles.jsonl   (rewrites bench/roles_gold.jsonl)

The gold (bench/roles_gold.jsonl) was written on the 90 real articles by an annotator who did not
see kg's output. It is kept in the repository as offsets only: per role change the article's id
(its four first characters, as bench/realnews_split.json), the spans of the person, organisation,
role and sentence, the change (start | end) and the date; its first line lists the articles read.
The names are read out of the article texts in ../shared/realnews/articles when the bench runs;
without ../shared the bench says so and stops (exit 0). Nothing of the texts is written outside
the temporary work folder.

It builds the articles into a fresh store (or reads ``--store``, one built by this bench or by
``kg build`` on the staged articles), runs the named queries role_changes, entities and aliases
and scores: a role change found matches a gold one when it is in the same article, has the same
change, a person whose names (label or aliases) include the gold person's name, normalised as
../shared/tools/score.py does, and, when the gold names one, an organisation whose names include
the gold organisation's ("strict"); "person+change" leaves the organisation out. One kg row per
article, person and change (the organisations and dates of its rows pooled). Prints P/R/F1 per
part, and of the strict matches whose gold has a date, how many have it among their rows' dates.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOLD = HERE / "roles_gold.jsonl"


def _score_module(shared: Path):  # noqa: ANN202 (the shared scorer, for its name normalisation)
    spec = importlib.util.spec_from_file_location("shared_score", shared / "tools" / "score.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def import_gold(source: Path) -> None:
    """Write bench/roles_gold.jsonl from the annotator's file: offsets, change and date only."""
    done = source.with_name("articles_done.txt")
    read = sorted({line.strip()[:4] for line in done.read_text(encoding="utf-8").splitlines() if line.strip()})
    keep = ("person_span", "organisation_span", "role_span", "sentence_span", "change", "date")
    lines = [json.dumps({"articles_read": read})]
    for line in source.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            lines.append(json.dumps({"article": row["article"][:4], **{k: row.get(k) for k in keep}}))
    GOLD.write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_gold(shared: Path) -> tuple[list[str], list[dict]]:
    """The articles read and the gold role changes, with their names read out of the texts."""
    rows = [json.loads(x) for x in GOLD.read_text(encoding="utf-8").splitlines() if x.strip()]
    files = {p.stem[:4]: p for p in (shared / "realnews" / "articles").glob("r*.txt")}
    out = []
    for r in rows[1:]:
        text = files[r["article"]].read_text(encoding="utf-8")
        out.append({**r, "source": files[r["article"]].name, "person": _cut(text, r["person_span"]),
                    "organisation": _cut(text, r["organisation_span"])})
    return rows[0]["articles_read"], out


def _cut(text: str, span: list[int] | None) -> str | None:
    return text[span[0]:span[1]] if span else None


def build(shared: Path, work: Path) -> Path:
    from kg.training.decider import stage

    articles = stage(shared / "realnews" / "articles", set(), work)
    kg = str(Path(sys.executable).with_name("kg"))
    store = work / "store"
    subprocess.run([kg, "build", str(articles), "--store", str(store), "-q", "--jobs", "1"], check=True,
                   stdout=subprocess.DEVNULL)
    return store


def query(store: Path, name: str) -> list[dict]:
    kg = str(Path(sys.executable).with_name("kg"))
    res = subprocess.run([kg, "query", name, "--store", str(store), "--format", "csv"], check=True,
                         capture_output=True, text=True)
    return list(csv.DictReader(res.stdout.splitlines()))


def predictions(store: Path, norm) -> tuple[dict, dict]:  # noqa: ANN001
    """(source, person IRI, change) -> {"orgs": the organisations of its rows, "dates": their dates};
    and the names of every entity."""
    names: dict[str, set[str]] = {}
    for r in query(store, "entities"):
        names.setdefault(r["entity"], set()).add(norm(r["label"]))
    for r in query(store, "aliases"):
        names.setdefault(r["entity"], set()).update({norm(r["label"]), norm(r["alias"])})
    found: dict[tuple[str, str, str], dict[str, set[str]]] = {}
    for r in query(store, "role_changes"):
        names.setdefault(r["person"], set()).add(norm(r["personLabel"]))
        if r["organisation"]:
            names.setdefault(r["organisation"], set()).add(norm(r["organisationLabel"]))
        got = found.setdefault((r["source"], r["person"], r["change"]), {"orgs": set(), "dates": set()})
        got["orgs"].update({r["organisation"]} - {""})
        got["dates"].update({r["date"]} - {""})
    return found, names


def score(gold: list[dict], found: dict, names: dict, norm, strict: bool) -> dict:  # noqa: ANN001
    used, tp, missed, dated, right = set(), 0, [], 0, 0
    for g in gold:
        hit = None
        for key, got in found.items():
            source, person, change = key
            if key in used or source != g["source"] or change != g["change"] \
                    or norm(g["person"]) not in names.get(person, set()):
                continue
            org = norm(g["organisation"] or "")
            if strict and org and not any(org in names.get(o, set()) for o in got["orgs"]):
                continue
            hit = key
            break
        if hit:
            used.add(hit)
            tp += 1
            dated += bool(g.get("date"))
            right += bool(g.get("date")) and g["date"] in found[hit]["dates"]
        else:
            missed.append(g)
    fp = len(found) - len(used)
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / len(gold) if gold else 0.0
    return {"tp": tp, "fp": fp, "fn": len(gold) - tp, "p": round(p, 3), "r": round(r, 3),
            "f1": round(2 * p * r / (p + r), 3) if p + r else 0.0, "dates": f"{right}/{dated}", "missed": missed,
            "spurious": [k for k in found if k not in used]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=HERE.parent.parent / "shared")
    ap.add_argument("--work", type=Path, default=None)
    ap.add_argument("--store", type=Path, default=None, help="a store built on the staged articles, to reuse")
    ap.add_argument("--details", choices=("train",), default=None, help="print train's misses and spurious rows")
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--import", dest="source", type=Path, default=None)
    args = ap.parse_args()
    if args.source:
        import_gold(args.source)
        return
    if not (args.shared / "realnews" / "articles").is_dir():
        print(f"no realnews set under {args.shared}: nothing to score (the gold's names are read from it)")
        return
    norm = _score_module(args.shared).norm
    read, gold = read_gold(args.shared)
    work = Path(tempfile.mkdtemp(prefix="kg-roles-", dir=args.work))
    store = args.store or build(args.shared, work)
    found, names = predictions(store, norm)
    dev_ids = set(json.loads((HERE / "realnews_split.json").read_text())["dev"])
    out = {}
    print("| part | articles | gold | strict P | R | F1 | person+change P | R | F1 | dates right (strict) |\n"
          + "| --- " * 10 + "|")
    for part in ("train", "dev"):
        ids = {a for a in read if (a in dev_ids) == (part == "dev")}
        g = [x for x in gold if x["article"] in ids]
        f = {k: v for k, v in found.items() if k[0][:4] in ids}
        s, loose = score(g, f, names, norm, True), score(g, f, names, norm, False)
        out[part] = {"strict": {k: v for k, v in s.items() if k not in ("missed", "spurious")},
                     "person_change": {k: v for k, v in loose.items() if k not in ("missed", "spurious")}}
        print(f"| {part} | {len(ids)} | {len(g)} | {s['p']} | {s['r']} | {s['f1']} | {loose['p']} | {loose['r']} | "
              f"{loose['f1']} | {s['dates']} |")
        if args.details == part:
            for m in s["missed"]:
                print(f"  M {m['source']} {m['person']} {m['change']} {m['organisation']} {m.get('date')}")
            for k in s["spurious"]:
                orgs = [sorted(names.get(o, ()))[:1] for o in found[k]["orgs"]]
                print(f"  S {k[0]} {sorted(names.get(k[1], ()))[:1]} {k[2]} {orgs}")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
