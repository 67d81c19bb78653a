"""News-like synthetic articles with invented names, from a fixed seed.

Sentence patterns, name syllables and organisation parts are data
(``kg/training/synthetic.json``); real places come from the GeoNames gazetteer.
Two uses: news-shaped training sentences for the NER (``kg train --synthetic N``),
where every slot filled with a name is a gold entity, and benchmark corpora of
any size (``bench/make_corpus.py``). The same seed gives the same text.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from kg.resources import nlp_data_dir

LABEL = {"PER": "PER", "SUR": "PER", "ORG": "ORG", "ACR": "ORG", "ORG_LONG": "ORG",
         "LOC": "LOC", "VIL": "LOC", "COUNTRY": "LOC"}
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
SMALL = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "12", "15", "20"]
DEMONYMS = ["Chilean", "Kenyan", "Swedish", "Iraqi", "Peruvian", "Nigerian", "Polish", "Thai", "Somali",
            "Brazilian", "Ukrainian", "Malian"]
OUTLETS = ["Reuters", "AP", "AFP"]
_SLOT = re.compile(r"\{([A-Z_]+)\}")


@dataclass
class Sentence:
    text: str
    entities: list[tuple[int, int, str]] = field(default_factory=list)  # char offsets, PER/ORG/LOC


@dataclass
class SynthArticle:
    name: str
    title: str
    published: str
    outlet: str
    sentences: list[Sentence]

    @property
    def text(self) -> str:
        return self.title + "\n\n" + "\n\n".join(s.text for s in self.sentences) + "\n"


@lru_cache(maxsize=1)
def _material() -> tuple[dict, list[str], list[str]]:
    data = nlp_data_dir()
    spec = json.loads((Path(__file__).resolve().parent / "synthetic.json").read_text(encoding="utf-8"))
    cities, countries = [], []
    for line in (data / "places.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        label = row["label"]
        if not label.isascii():
            continue
        (countries if row.get("kind") == "country" else cities).append(label)
    return spec, sorted(cities), sorted(countries)


class Generator:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.spec, self.cities, self.countries = _material()
        self.last_person: tuple[str, str] | None = None

    # ------------------------------------------------------------ names
    def _word(self, kind: str, lo: int, hi: int) -> str:
        sy = self.spec["syllables"][kind]
        return "".join(self.rng.choice(sy) for _ in range(self.rng.randint(lo, hi))).capitalize()

    def person(self) -> tuple[str, str]:
        r = self.rng
        given = r.choice(self.spec["given_names"]) if r.random() < 0.6 else self._word("given", 2, 3)
        family = self._word("family", 2, 3)
        if r.random() < 0.1:
            family += "-" + self._word("family", 2, 3)
        self.last_person = (f"{given} {family}", family)
        return self.last_person

    def org(self) -> str:
        r, s = self.rng, self.spec
        k = r.random()
        if k < 0.3:
            return f"{self._word('family', 2, 3)} {r.choice(s['org_suffixes'])}"
        if k < 0.55:
            return f"{r.choice(s['org_adjectives'])} {r.choice(s['org_nouns'])} {r.choice(s['org_suffixes'])}"
        if k < 0.7:
            return f"{r.choice(s['org_lead'])} {r.choice(s['org_lead_tail'])}"
        if k < 0.85:
            return f"{r.choice(self.cities)} {r.choice(s['org_suffixes'])}"
        return self._word("place", 2, 4)  # a one-word invented name no list knows

    def long_org(self) -> tuple[str, str]:
        r, s = self.rng, self.spec
        words = [r.choice(s["org_adjectives"]), r.choice(s["org_nouns"]), r.choice(s["org_suffixes"])]
        if r.random() < 0.5:
            words.insert(1, r.choice(s["org_nouns"]))
        return " ".join(words), "".join(w[0] for w in words)

    # ------------------------------------------------------------ sentences
    def fill(self, template: str) -> Sentence:
        r = self.rng
        acr_pair = self.long_org() if "{ACR}" in template else None
        out, ents, pos = [], [], 0

        def put(text: str, label: str | None) -> None:
            start = sum(len(x) for x in out)
            out.append(text)
            if label:
                ents.append((start, start + len(text), label))

        for m in _SLOT.finditer(template):
            put(template[pos:m.start()], None)
            slot = m.group(1)
            if slot == "PER":
                put(self.person()[0], "PER")
            elif slot == "SUR":
                put((self.last_person or self.person())[1], "PER")
            elif slot == "ORG":
                put(self.org(), "ORG")
            elif slot == "ORG_LONG":
                put(acr_pair[0] if acr_pair else self.long_org()[0], "ORG")
            elif slot == "ACR":
                put(acr_pair[1], "ORG")
            elif slot == "LOC":
                put(r.choice(self.cities), "LOC")
            elif slot == "VIL":
                put(self._word("place", 2, 3), "LOC")
            elif slot == "COUNTRY":
                put(r.choice(self.countries), "LOC")
            else:
                put(self._plain(slot), None)
            pos = m.end()
        put(template[pos:], None)
        return Sentence("".join(out), ents)

    def _plain(self, slot: str) -> str:
        r, s = self.rng, self.spec
        if slot == "NUM":
            n = r.choice([r.randint(11, 99), r.randint(100, 999), r.randint(1, 99) * 100, r.randint(1, 400) * 1000])
            return f"{n:,}"
        return {
            "SMALL": lambda: r.choice(SMALL), "WEEKDAY": lambda: r.choice(WEEKDAYS),
            "MONTH": lambda: r.choice(MONTHS), "DEMONYM": lambda: r.choice(DEMONYMS),
            "ROLE": lambda: r.choice(s["roles"]), "SPK": lambda: r.choice(s["spk"]),
            "UNIT": lambda: r.choice(s["units"]), "EVENT": lambda: r.choice(s["events"]),
            "YEAR": lambda: str(r.randint(1990, 2024)), "DAY": lambda: str(r.randint(1, 28)),
        }[slot]()

    def sentences(self, n: int) -> Iterator[Sentence]:
        for _ in range(n):
            yield self.fill(self.rng.choice(self.spec["templates"]))

    def article(self, i: int, min_sentences: int = 8, max_sentences: int = 30) -> SynthArticle:
        r = self.rng
        day = dt.date(2015, 1, 1) + dt.timedelta(days=r.randint(0, 3650))
        sents = list(self.sentences(r.randint(min_sentences, max_sentences)))
        title = sents[0].text.split(",")[0].rstrip(".")[:90]
        return SynthArticle(f"synth_{i:06d}.txt", title, day.isoformat(), r.choice(OUTLETS), sents)


def training_docs(n: int, seed: int, vocab) -> Iterator:
    """``n`` synthetic sentences as spaCy Docs with gold entities (for the NER)."""
    import spacy
    from spacy.tokens import Doc
    from spacy.util import filter_spans

    nlp = spacy.blank("en", vocab=vocab)
    gen = Generator(seed)
    for sent in gen.sentences(n):
        doc: Doc = nlp.make_doc(sent.text)
        spans = [doc.char_span(s, e, label=lab, alignment_mode="expand") for s, e, lab in sent.entities]
        doc.ents = filter_spans([sp for sp in spans if sp is not None])
        yield doc


def write_corpus(out: Path, n: int, seed: int = 0, min_sentences: int = 8, max_sentences: int = 30) -> Path:
    """Write ``n`` articles as .txt files plus metadata.csv (for tests and benchmarks)."""
    import csv

    out.mkdir(parents=True, exist_ok=True)
    gen = Generator(seed)
    with (out / "metadata.csv").open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["file", "published", "outlet", "url", "title"])
        for i in range(n):
            a = gen.article(i, min_sentences, max_sentences)
            (out / a.name).write_text(a.text, encoding="utf-8")
            w.writerow([a.name, a.published, a.outlet, "", a.title])
    return out
