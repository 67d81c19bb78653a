"""Regenerate kg/nlp/data/subdivisions.jsonl: the first-level subdivisions of every country
(states, provinces, regions, governorates, counties ...) from ISO 3166-2 as pycountry ships it
(Debian iso-codes data, LGPL-2.1; see kg/nlp/data/README.md).

Run once by a developer (``pip install '.[gazetteer]'``); the product ships the output file and
does not need pycountry. A name is left out when a reader would often mean something else by it:
- it is spelled by an earlier gazetteer file (orgs, places_extra, places: a city of the same
  name stays the city) or by two subdivisions (which one would a text mean?);
- every word of it is a common English word: a one-word name that is a common word
  ("Central", "Western") or a many-word one made of common words only ("Free State", "North
  West"), read from the UNER English EWT training text as scripts/make_places.py does;
- a one-word name that is a given name (kg/nlp/data/given_names.txt) or a demonym, that the
  openly licensed NER corpora tag inside a person's name (a surname), or that is a word of two
  other subdivisions' names or more (a generic word of names: "Norte", "Sud");
- it holds a digit, brackets, a slash or a comma, or letters outside the Latin script.
A state, province, region, county, governorate, prefecture or district is also written with
that word after its name ("Kedah State"): an alias. Kinds of subdivision that are local
(municipalities, parishes, communes, quarters, atolls) are left out: the gazetteer names the
divisions world news names.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

import pycountry
from make_places import common_words, fold, latin, write_rows  # (scripts/: the same spellings and common words)

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "kg" / "nlp" / "data"
OUT = DATA / "subdivisions.jsonl"
EARLIER = ("orgs.jsonl", "places_extra.jsonl", "places.jsonl")
CORPORA = ROOT.parent / "shared" / "corpora"

KINDS = {
    "State", "Province", "Region", "Department", "County", "Governorate", "Prefecture", "District",
    "Administrative region", "Autonomous region", "Autonomous community", "Autonomous province",
    "Autonomous republic", "Republic", "Land", "Voivodship", "Regional state", "Union territory",
    "Emirate", "Oblast", "Capital territory", "Capital district", "Federal territory", "Federal district",
    "Territory", "Division", "Canton", "Metropolitan region", "Special administrative region",
}

SUFFIXED = {"State", "Province", "Region", "County", "Governorate", "Prefecture", "District"}


def person_words() -> set[str]:
    """Every word the NER corpora tag inside a person's name (B-PER, I-person, ...)."""
    words: set[str] = set()
    files = [*CORPORA.glob("uner-english-ewt/*.iob2"), *CORPORA.glob("ner-more/**/*.iob2"),
             *CORPORA.glob("ner-more/**/*.conll"), *CORPORA.glob("ner-more/**/*.conll.txt"),
             *CORPORA.glob("ner-more/btc/**/*.conll"), *CORPORA.glob("ner-more/wnut17/**/*.conll")]
    for path in set(files):
        for line in path.open(encoding="utf-8", errors="replace"):
            parts = line.rstrip("\n").split("\t") if "\t" in line else line.split()
            if len(parts) < 2:
                continue
            token = parts[1] if len(parts) >= 3 and parts[0].isdigit() else parts[0]
            if any(re.fullmatch(r"[BI]-(PER|PERSON|person)", p) for p in parts[1:]):
                words.add(token)
    return words


def earlier_names() -> set[str]:
    names: set[str] = set()
    for name in EARLIER:
        for line in (DATA / name).open(encoding="utf-8"):
            row = json.loads(line)
            names.update(fold(n).lower() for n in [row["label"], *row.get("aliases", [])])
    return names


def word_list(name: str) -> set[str]:
    return {w for line in (DATA / name).read_text(encoding="utf-8").splitlines()
            if not line.startswith("#") for w in line.split()}


def main() -> None:
    common, persons, taken = common_words(), person_words(), earlier_names()
    given, demonyms = word_list("given_names.txt"), word_list("demonyms.txt")
    subs = [s for s in pycountry.subdivisions if s.parent_code is None and s.type in KINDS]
    spelled = Counter(fold(s.name).lower() for s in subs)
    # a word that is part of two names or more ("Norte" in "Norte de Santander", "Rio Grande do
    # Norte") is a generic word of names (north, coast, upper), not a name on its own
    inside = Counter(w.lower() for s in pycountry.subdivisions for w in set(fold(s.name).split())
                     if len(s.name.split()) > 1)
    rows = []
    for s in sorted(subs, key=lambda s: s.code):
        name = s.name.strip()
        words = name.replace("-", " ").split()
        if (re.search(r"[\d(),/]", name) or not latin(name) or not name[:1].isupper()
                or fold(name).lower() in taken or spelled[fold(name).lower()] > 1
                or all(w.lower() in common for w in words)
                or (len(words) == 1 and (name in given or name in demonyms or name in persons
                                         or inside[fold(name).lower()] >= 2))):
            continue
        # "Kedah State", "Pahang State": how news writes many of them
        aliases = {name} - {fold(name)}
        if s.type in SUFFIXED and not name.endswith(s.type):
            aliases |= {f"{name} {s.type}", f"{fold(name)} {s.type}"}
        rows.append({"id": f"iso3166-2:{s.code}", "label": fold(name), "type": "Place", "aliases": sorted(aliases),
                     "kind": "state"})
    write_rows(OUT, rows)
    print(f"wrote {len(rows)} subdivisions of {len(subs)} to {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
