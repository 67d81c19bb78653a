"""Words per second of the extraction pipeline, with and without the shipped NER.

Usage: python bench/extraction_speed.py [--repeat 40] [--dir seeds]
Runs nlp.pipe over the articles of --dir repeated --repeat times, for the
tokenizer alone, the rules alone (--ner none) and the default pipeline.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import spacy

from kg.ingest import iter_articles
from kg.nlp.assemble import build_nlp


def measure(nlp, texts, published) -> float:
    def docs():
        for t in texts:
            d = nlp.make_doc(t)
            if d.has_extension("kg_published"):
                d._.kg_published = published
            yield d

    t0 = time.perf_counter()
    for _ in nlp.pipe(docs(), batch_size=16):
        pass
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=40)
    ap.add_argument("--dir", default=str(Path(__file__).resolve().parents[1] / "seeds"))
    args = ap.parse_args()
    arts = [a for a in iter_articles([Path(args.dir)]) if not isinstance(a, Exception)]
    texts = [a.text for a in arts] * args.repeat
    words = sum(len(t.split()) for t in texts)
    rows = []
    for name, nlp in (("tokenizer alone", spacy.blank("en")), ("rules alone (--ner none)", build_nlp(ner="none")),
                      ("default (rules + NER)", build_nlp())):
        measure(nlp, texts[: len(arts)], "2019-03-05")  # warm up
        secs = measure(nlp, texts, "2019-03-05")
        rows.append((name, words / secs))
    print(f"{len(texts)} articles, {words:,} words")
    print("| pipeline | words/s |\n| --- | ---: |")
    for name, wps in rows:
        print(f"| {name} | {wps:,.0f} |")


if __name__ == "__main__":
    main()
