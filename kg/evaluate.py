"""Score the store against gold annotations (one JSON per article, see the gold guideline).

The scoring follows the team's shared scorer (shared/tools/score.py) exactly: the
same name normalisation, matching rules and micro-averaging, applied to the rows of
the named queries; tests/test_evaluate.py checks that both give the same figures.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

from kg.errors import Errors, InputError
from kg.evaluate_causes import CAUSES, entity_causes, tally
from kg.query import plain, resolve_query, run
from kg.store import Store

CATEGORIES = ("entities", "entities_untyped", "affiliations", "spokespeople", "counts", "counts_value", "dates")
_IRREG = {"people": "person", "persons": "person", "children": "child", "men": "man", "women": "woman",
          "militia": "militia", "dollars": "dollar"}


def norm(s: str | None) -> str:
    s = unicodedata.normalize("NFKC", s or "").replace("\u2019", "'").replace("\u2018", "'")
    s = s.lower().strip()
    s = re.sub(r"^(the)\s+", "", s)
    s = re.sub(r"'s$", "", s)
    s = re.sub(r"[\s\-\u2010-\u2015]+", " ", s)
    s = re.sub(r"[.\"“”]", "", s)
    return s.strip()


def heads_match(gold_head: str, what: str | None) -> bool:
    words = [w for w in re.split(r"[^a-z]+", (what or "").lower()) if w]
    forms: set[str] = set()
    for w in words:
        forms |= {w, _IRREG.get(w, w)}
        if w.endswith("ies"):
            forms.add(w[:-3] + "y")
        if w.endswith("es"):
            forms.add(w[:-2])
        if w.endswith("s"):
            forms.add(w[:-1])
    g = gold_head.lower()
    if g == "dollar" and ("$" in (what or "") or "usd" in forms or "dollar" in forms):
        return True
    if g == "person" and forms & {"person", "people", "civilian", "resident", "evacuee"}:
        return True
    return g in forms


def _num(x: str | None) -> float | None:
    try:
        return float(str(x).replace(",", ""))
    except (TypeError, ValueError):
        return None


def prf(tp: int, fp: int, fn: int) -> dict:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"p": round(p, 3), "r": round(r, 3), "f1": round(f, 3), "tp": tp, "fp": fp, "fn": fn}


def query_rows(store: Store) -> dict[str, list[dict[str, str]]]:
    out = {}
    for name in ("entities", "aliases", "spokespeople", "counts", "dates"):
        variables, rows = run(store, resolve_query(name))
        out[name] = [{v: plain(t) for v, t in zip(variables, r, strict=True)} for r in rows]
    return out


_GOLD_LISTS = {  # category -> the string fields each of its items must have
    "entities": ("name", "type"), "affiliations": ("person", "organisation"), "counts": ("text",),
    "dates": ("text",), "statements": ("speaker", "quote"),
}


def _check_gold(gold: object) -> None:
    """Raise ValueError unless ``gold`` has the shape GUIDELINE.md describes (what the
    scoring below reads), so a malformed file is a one-line error, not a TypeError."""
    if not isinstance(gold, dict) or not isinstance(gold.get("article"), str):
        raise ValueError("expected an object with an 'article' name")
    for key, fields in _GOLD_LISTS.items():
        items = gold.get(key, [])
        if not isinstance(items, list):
            raise ValueError(f"'{key}' is not a list")
        for item in items:
            if not isinstance(item, dict) or not all(isinstance(item.get(f), str) for f in fields):
                raise ValueError(f"an item of '{key}' lacks {', '.join(fields)}")
            if key == "entities" and not all(isinstance(a, str) for a in item.get("aliases", [])):
                raise ValueError("entity aliases must be strings")


def _pair_order(pair: tuple) -> tuple[str, str, int, int]:
    """A found affiliation (gold person index, gold organisation index, person label, organisation
    label; an index or label may be None) by its labels, then its indices."""
    pi, oi, pl, ol = pair
    return (pl or "", ol or "", -1 if pi is None else pi, -1 if oi is None else oi)


def score(gold_dir: Path, rows: dict[str, list[dict[str, str]]]) -> dict:  # noqa: C901 (mirrors score.py)
    ents, aliases, spk = rows["entities"], rows["aliases"], rows["spokespeople"]
    counts, dates = rows["counts"], rows["dates"]
    names: dict[str, set[str]] = {}
    for r in ents:
        names.setdefault(r["entity"], set()).add(norm(r["label"]))
    for r in aliases:
        names.setdefault(r["entity"], set()).update({norm(r.get("label")), norm(r.get("alias"))})
    tot = {k: [0, 0, 0] for k in CATEGORIES}
    date_on_counts = [0, 0]
    causes: dict[str, int] = {}  # typed-entity errors by cause (kg.evaluate_causes)
    details: dict[str, dict[str, list]] = {}
    files = sorted(Path(gold_dir).glob("*.json"))
    if not files:
        raise InputError(Errors.KG138.format(path=gold_dir))
    for gf in files:
        try:
            gold = json.loads(gf.read_text(encoding="utf-8"))
            _check_gold(gold)
            src = gold["article"]
        except (OSError, ValueError, KeyError) as exc:
            raise InputError(Errors.KG139.format(path=gf, reason=exc)) from exc
        except RecursionError:  # (json's decoder recurses: [[[[... 100,000 deep)
            raise InputError(Errors.KG139.format(path=gf, reason="JSON nested too deeply")) from None
        d = details.setdefault(src, {"missed": [], "spurious": []})
        gents = gold.get("entities", [])
        gforms = [({norm(e["name"])} | {norm(a) for a in e.get("aliases", [])}) for e in gents]

        def match_gold(forms: set[str], gforms=gforms) -> list[int]:
            return [i for i, gfs in enumerate(gforms) if forms & gfs]

        pred: dict[str, tuple[str, str]] = {}
        for r in ents:
            if r.get("source") == src:
                pred.setdefault(r["entity"], (r["label"], r["type"].rsplit("#", 1)[-1].rsplit("/", 1)[-1]))
        errors = entity_causes(pred, {k: names.get(k, set()) | {norm(v[0])} for k, v in pred.items()}, gents, gforms)
        d["errors"] = [list(e) for e in errors]
        for cause, n in tally(errors).items():
            causes[cause] = causes.get(cause, 0) + n
        for typed in (True, False):
            key = "entities" if typed else "entities_untyped"
            hit: set[int] = set()
            fp = 0
            for iri, (label, typ) in pred.items():
                forms = names.get(iri, set()) | {norm(label)}
                m = match_gold(forms)
                ok = [i for i in m if (not typed or gents[i]["type"] == typ)]
                if ok:
                    hit.update(ok)
                elif m and all(gents[i].get("optional") for i in m):
                    pass
                elif not m or typed:
                    fp += 1
                    if typed:
                        d["spurious"].append(f"entity {label} ({typ})")
            req = [i for i, e in enumerate(gents) if not e.get("optional")]
            tp = len([i for i in req if i in hit])
            if typed:
                d["missed"] += [f"entity {gents[i]['name']} ({gents[i]['type']})" for i in req if i not in hit]
            t = tot[key]
            t[0] += tp
            t[1] += fp
            t[2] += len(req) - tp

        def gold_index(name: str, gforms=gforms) -> int | None:
            forms = {norm(name)}
            return next((i for i, gfs in enumerate(gforms) if forms & gfs), None)

        gaff = list(gold.get("affiliations", []))
        for key, only_spk in (("affiliations", False), ("spokespeople", True)):
            gold_pairs = {}
            for a in gaff:
                if only_spk and not a.get("spokesperson"):
                    continue
                gold_pairs[(gold_index(a["person"]), gold_index(a["organisation"]))] = a
            pred_pairs = set()
            for r in spk:
                if r.get("source") != src:
                    continue
                if only_spk and str(r.get("spokesperson", "")).lower() not in ("true", "1", "yes"):
                    continue
                pf = names.get(r["person"], set()) | {norm(r.get("personLabel", ""))}
                of = names.get(r["organisation"], set()) | {norm(r.get("organisationLabel", ""))}
                pi = next((i for i, g in enumerate(gforms) if pf & g), None)
                oi = next((i for i, g in enumerate(gforms) if of & g), None)
                pred_pairs.add((pi, oi, r.get("personLabel"), r.get("organisationLabel")))
            excused = {(gold_index(a["person"]), gold_index(a["organisation"])) for a in gaff
                       if a.get("optional") or (only_spk and not a.get("spokesperson"))}
            hit_pairs: set = set()
            fp = 0
            for pi, oi, pl, ol in sorted(pred_pairs, key=_pair_order):  # (a set: listed in a fixed order)
                if (pi, oi) in gold_pairs:
                    hit_pairs.add((pi, oi))
                elif (pi, oi) not in excused:
                    fp += 1
                    d["spurious"].append(f"{key} {pl} -> {ol}")
            req_pairs = {k for k, a in gold_pairs.items() if not a.get("optional")}
            d["missed"] += sorted(f"{key} {gold_pairs[k]['person']} -> {gold_pairs[k]['organisation']}"
                                  for k in req_pairs - hit_pairs)
            t = tot[key]
            t[0] += len(req_pairs & hit_pairs)
            t[1] += fp
            t[2] += len(req_pairs - hit_pairs)
        gc = [c for c in gold.get("counts", []) if c.get("value") is not None]
        pc = [r for r in counts if r.get("source") == src and _num(r.get("value")) is not None]
        for key, need_head in (("counts", True), ("counts_value", False)):
            used: set[int] = set()
            tp = fp = 0
            for r in pc:
                v, u = _num(r["value"]), _num(r.get("upper"))
                best = None
                for i, c in sorted(enumerate(gc), key=lambda ic: bool(ic[1].get("optional"))):
                    if i in used or abs(v - c["value"]) > 1e-6 * max(1, abs(c["value"])):
                        continue
                    if c.get("upper") is not None and (u is None or abs(u - c["upper"]) > 1e-6 * c["upper"]):
                        continue
                    if need_head and not (heads_match(c["head"], r.get("what")) or any(
                            heads_match(w, r.get("what")) for w in re.findall(r"[a-z]{4,}", c["what"].lower()))):
                        continue
                    best = i
                    break
                if best is not None:
                    used.add(best)
                    if not gc[best].get("optional"):
                        tp += 1
                        if need_head and gc[best].get("date"):
                            date_on_counts[1] += 1
                            if (r.get("date") or "").startswith(gc[best]["date"]):
                                date_on_counts[0] += 1
                else:
                    fp += 1
                    if need_head:
                        d["spurious"].append(f"count {r.get('value')} {r.get('what')}")
            req = [i for i, c in enumerate(gc) if not c.get("optional")]
            if need_head:
                d["missed"] += [f"count {gc[i]['text']}" for i in req if i not in used]
            t = tot[key]
            t[0] += tp
            t[1] += fp
            t[2] += len([i for i in req if i not in used])
        gd = {c["value"] for c in gold.get("dates", []) if c.get("value")}
        pdv = {(r.get("date") or "")[:10] for r in dates if r.get("source") == src and r.get("date")}
        d["missed"] += [f"date {x}" for x in sorted(gd - pdv)]
        d["spurious"] += [f"date {x}" for x in sorted(pdv - gd)]
        t = tot["dates"]
        t[0] += len(gd & pdv)
        t[1] += len(pdv - gd)
        t[2] += len(gd - pdv)
    out: dict = {k: prf(*v) for k, v in tot.items()}
    out["count_dates_accuracy"] = round(date_on_counts[0] / date_on_counts[1], 3) if date_on_counts[1] else None
    out["details"] = details
    out["causes"] = {"entities": {k: causes.get(k, 0) for k in CAUSES}}
    return out


def evaluate(store: Store, gold_dir: Path) -> dict:
    """The scores, and under ``missing`` the gold articles the store does not hold (scored as
    missed). None of them in the store is an InputError: the scores would all be 0."""
    gold_articles = _gold_articles(gold_dir)
    held = stored_sources(store)
    missing = [a for a in gold_articles if a not in held]
    if gold_articles and len(missing) == len(gold_articles):
        shown = ", ".join(missing[:3]) + (", ..." if len(missing) > 3 else "")
        raise InputError(Errors.KG164.format(n=len(missing), path=gold_dir, store=store.path, articles=shown))
    result = score(gold_dir, query_rows(store))
    result["missing"] = missing
    return result


def stored_sources(store: Store) -> set[str]:
    """The source names of the articles in the store."""
    from kg.resources import queries_dir

    _, rows = run(store, (queries_dir() / "internal" / "cli_articles.rq").read_text(encoding="utf-8"))
    return {plain(r[0]) for r in rows}


def _gold_articles(gold_dir: Path) -> list[str]:
    """The article names of the gold files (unreadable files are left to ``score`` to report)."""
    names = []
    for gf in sorted(Path(gold_dir).glob("*.json")):
        try:
            gold = json.loads(gf.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(gold, dict) and isinstance(gold.get("article"), str):
            names.append(gold["article"])
    return names


def format_report(result: dict) -> str:
    lines = [f"{'category':18s} {'P':>6s} {'R':>6s} {'F1':>6s} {'tp':>4s} {'fp':>4s} {'fn':>4s}"]
    for k in CATEGORIES:
        m = result[k]
        lines.append(f"{k:18s} {m['p']:6.3f} {m['r']:6.3f} {m['f1']:6.3f} {m['tp']:4d} {m['fp']:4d} {m['fn']:4d}")
    acc = result["count_dates_accuracy"]
    lines.append(f"{'count dates':18s} {'' if acc is None else f'{acc:.3f}'} (matched counts carrying the gold date)")
    entity_causes_ = result.get("causes", {}).get("entities", {})
    lines.append("entity errors by cause: " + ", ".join(f"{k} {v}" for k, v in entity_causes_.items()))
    for src in result.get("missing", []):
        lines.append(f"absent   {src}: not in the store (all its gold items count as missed)")
    for src, d in result["details"].items():
        for item in d["missed"]:
            lines.append(f"missed   {src}: {item}")
        for item in d["spurious"]:
            lines.append(f"spurious {src}: {item}")
        for cause, what in d.get("errors", []):
            lines.append(f"cause    {src}: {cause}: {what}")
    return "\n".join(lines) + "\n"
