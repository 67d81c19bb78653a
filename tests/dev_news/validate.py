#!/usr/bin/env python3
"""Validate a development set's gold files against their articles and GUIDELINE.md v2 shape.

Usage: python tests/dev_news/validate.py [SET_FOLDER]   (default: this folder)"""

import datetime as dt
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "shared" / "tools"))  # ../shared beside the checkout
from score import norm

root = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parent
QUAL = {"exact", "about", "more than", "at least", "up to", "less than", "between"}
TYPES = {"Organisation", "Person", "Place"}
WD = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
errors = 0


def err(f, m):
    global errors
    errors += 1
    print(f"{f}: {m}")


tot = {}
for gf in sorted((root / "gold").glob("*.json")):
    g = json.loads(gf.read_text(encoding="utf-8"))
    art = root / "articles" / g["article"]
    if g["article"] != gf.stem + ".txt":
        err(gf.name, "article name mismatch")
    text = art.read_text(encoding="utf-8")
    assert set(g) == {"article", "published", "entities", "affiliations", "counts", "dates", "statements"}, g.keys()
    pub = g["published"]
    if pub is not None:
        dt.date.fromisoformat(pub)
    forms = {}
    for e in g["entities"]:
        if e["type"] not in TYPES:
            err(gf.name, f"type {e}")
        for s in [e["name"]] + e["aliases"]:
            if s not in text:
                err(gf.name, f"entity form not in text: {s!r}")
            n = norm(s)
            if n in forms and forms[n] != e["name"]:
                err(gf.name, f"form {s!r} shared by {forms[n]} and {e['name']}")
            forms[n] = e["name"]
    names = {e["name"] for e in g["entities"]}
    if len(names) != len(g["entities"]):
        err(gf.name, "duplicate entity names")
    for a in g["affiliations"]:
        for k in ("person", "organisation"):
            if a[k] not in names:
                err(gf.name, f"affiliation {k} not an entity name: {a[k]}")
        if not isinstance(a["spokesperson"], bool):
            err(gf.name, "spokesperson not bool")
        ptype = next(e["type"] for e in g["entities"] if e["name"] == a["person"]) if a["person"] in names else None
        if ptype != "Person":
            err(gf.name, f"affiliation person not Person: {a}")
    for c in g["counts"]:
        if c["text"] not in text:
            err(gf.name, f"count text not in text: {c['text']!r}")
        if c["qualifier"] not in QUAL:
            err(gf.name, f"qualifier {c}")
        if c["value"] is None and not c.get("optional"):
            err(gf.name, f"null value count not optional {c}")
        if c["upper"] is not None and c["qualifier"] != "between":
            err(gf.name, f"upper without between {c}")
        if c["qualifier"] == "between" and c["upper"] is None:
            err(gf.name, f"between without upper {c}")
        if c["date"] is not None and not re.fullmatch(r"\d{4}(-\d\d(-\d\d)?)?", c["date"]):
            err(gf.name, f"bad count date {c}")
        if c["date"] and pub is None and len(c["date"]) == 10:
            err(gf.name, f"count date with null published {c}")
        for k in ("text", "value", "upper", "qualifier", "what", "head", "date"):
            if k not in c:
                err(gf.name, f"count missing {k}")
    seen = set()
    for d in g["dates"]:
        if d["text"] not in text:
            err(gf.name, f"date text not in text: {d['text']!r}")
        v = d["value"]
        if v is not None:
            if not re.fullmatch(r"\d{4}(-\d\d(-\d\d)?)?", v):
                err(gf.name, f"bad date {d}")
            if v in seen:
                err(gf.name, f"duplicate date value {v}")
            seen.add(v)
            if d["text"] in WD:
                day = dt.date.fromisoformat(v)
                p = dt.date.fromisoformat(pub)
                if WD[day.weekday()] != d["text"] or not (0 <= (p - day).days < 7):
                    err(gf.name, f"weekday resolution wrong {d}")
        elif pub is not None and d["text"] in WD:
            err(gf.name, f"weekday unresolved though published {d}")
        elif pub is None and re.search(r"\b(19|20)\d\d\b", d["text"]):
            err(gf.name, f"absolute date left null {d}")
    for s in g["statements"]:
        if s["speaker"] not in names:
            err(gf.name, f"speaker not an entity name: {s['speaker']}")
        if not isinstance(s["optional"], bool):
            err(gf.name, "optional not bool")
        if not s["quote"].strip():
            err(gf.name, "empty quote")
        # quote words should come from the article
        qt = set(re.sub(r"[\W_]+", " ", s["quote"].lower()).split())
        at = set(re.sub(r"[\W_]+", " ", text.lower()).split())
        miss = qt - at
        if miss:
            err(gf.name, f"quote words not in article {miss}: {s['quote'][:60]}")

    def add(k, items):
        t = tot.setdefault(k, [0, 0])
        req = sum(1 for i in items if not i.get("optional"))
        t[0] += req
        t[1] += len(items) - req

    add("entities", g["entities"])
    add("affiliations", g["affiliations"])
    add("spokespeople", [a for a in g["affiliations"] if a["spokesperson"]])
    add("counts", g["counts"])
    add("dates", g["dates"])
    add("statements", g["statements"])
    tot.setdefault("dates_with_value", [0, 0])[0] += sum(1 for d in g["dates"] if d["value"])
    tot.setdefault("articles", [0, 0])[0] += 1
    tot.setdefault("published_null", [0, 0])[0] += pub is None
print(json.dumps({k: {"required": v[0], "optional": v[1]} for k, v in tot.items()}, indent=1))
print("errors:", errors)
sys.exit(1 if errors else 0)
