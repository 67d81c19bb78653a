"""Loads the data files in kg/nlp/data/ once per process (patterns are data, not code)."""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from kg.resources import nlp_data_dir


def _words(path: Path) -> set[str]:
    out: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            out.update(line.split())
    return out


def _json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


_ARABIC_ARTICLE = re.compile(r"^(?:al|el|as|ash|ad|ar|az|an|at|ez|es|ed|er|et|en)$")


@lru_cache(maxsize=1 << 16)
def normalize_name(text: str) -> str:
    """Key under which names are compared: case, accents, hyphens, apostrophes and
    Arabic article spellings (al-/el-/az-/ez-) folded away. Cached (bounded): the
    gazetteer lookup asks for the same few thousand spans over and over."""
    t = unicodedata.normalize("NFKD", text)
    t = "".join(c for c in t if not unicodedata.combining(c))
    t = t.replace("\u2019", "'").replace("\u2018", "'").lower()
    t = re.sub(r"[\-\u2010-\u2015_/]+", " ", t)
    t = re.sub(r"[.\"“”,()]", "", t)
    t = re.sub(r"^the\s+", "", t.strip())
    words = ["al" if _ARABIC_ARTICLE.match(w) else w for w in t.split()]
    return " ".join(words)


@dataclass(frozen=True)
class GazetteerEntry:
    ref_id: str | None
    label: str
    type: str
    outlet: bool = False
    aliases: tuple[str, ...] = ()
    kind: str = ""


@dataclass
class Lexicon:
    roles: dict[str, dict]
    role_modifiers: set[str]
    person_titles: set[str]
    byline_verbs: set[str]
    credit_markers: set[str]
    alias_markers: list[str]
    group_descriptions: set[str]
    leader_verbs: list[str]
    speech_verbs: set[str]
    event_triggers: dict[str, str]
    numbers: dict
    dates: dict
    org_heads: set[str]
    org_first_words: set[str]
    org_context_after: set[str]
    place_heads: set[str]
    place_of_words: set[str]
    place_proper_heads: set[str]
    locative_preps: set[str]
    connectors: set[str]
    arabic_articles: set[str]
    not_entities: set[str]
    compass_modifiers: set[str]
    org_appositive_nouns: set[str]
    org_type_nouns_after: set[str]
    demonyms: set[str]
    given_names: set[str]
    common_words: set[str]
    gazetteer: dict[str, GazetteerEntry] = field(default_factory=dict)
    gazetteer_max_tokens: int = 1
    # first word of every gazetteer key: a span whose first word is not here cannot match
    gazetteer_first_words: frozenset[str] = frozenset()


def _load_gazetteer(data: Path) -> tuple[dict[str, GazetteerEntry], int]:
    table: dict[str, GazetteerEntry] = {}
    by_id: dict[str, GazetteerEntry] = {}
    longest = 1
    # earlier files win: hand-curated organisations and places before generated places
    for name in ("orgs.jsonl", "places_extra.jsonl", "places.jsonl"):
        path = data / name
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            entry = GazetteerEntry(
                ref_id=row.get("id"),
                label=row["label"],
                type=row["type"],
                outlet=bool(row.get("outlet")),
                aliases=tuple(row.get("aliases", [])),
                kind=row.get("kind", ""),
            )
            # a later row with a known id adds spellings to the first row's entity
            if entry.ref_id:
                entry = by_id.setdefault(entry.ref_id, entry)
            for form in (row["label"], *row.get("aliases", [])):
                key = normalize_name(form)
                if key and key not in table:
                    table[key] = entry
                    longest = max(longest, len(key.split()))
    return table, longest


def _numbers(path: Path) -> dict:
    nums = _json(path)
    for key in ("not_count_units", "not_count_words", "linking_verbs", "np_stop_words"):
        nums[key] = set(nums[key])
    return nums


@lru_cache(maxsize=4)
def load_lexicon(data_dir: str | None = None) -> Lexicon:
    data = Path(data_dir) if data_dir else nlp_data_dir()
    roles = _json(data / "roles.json")
    speech = _json(data / "speech.json")
    ents = _json(data / "entities.json")
    gaz, longest = _load_gazetteer(data)
    return Lexicon(
        roles=roles["roles"],
        role_modifiers=set(roles["role_modifiers"]),
        person_titles=set(roles["person_titles"]),
        byline_verbs=set(roles["byline_verbs"]),
        credit_markers=set(roles["credit_markers"]),
        alias_markers=list(roles["alias_markers"]),
        group_descriptions=set(roles["group_descriptions"]),
        leader_verbs=list(roles["leader_verbs"]),
        speech_verbs=set(speech["verbs"]),
        event_triggers=_json(data / "events.json")["triggers"],
        numbers=_numbers(data / "numbers.json"),
        dates=_json(data / "dates.json"),
        org_heads=set(ents["org_heads"]),
        org_first_words=set(ents["org_first_words"]),
        org_context_after=set(ents["org_context_after"]),
        place_heads=set(ents["place_heads"]),
        place_of_words=set(ents["place_of_words"]),
        place_proper_heads=set(ents["place_proper_heads"]),
        locative_preps=set(ents["locative_preps"]),
        connectors=set(ents["connectors"]),
        arabic_articles=set(ents["arabic_articles"]),
        not_entities=set(ents["not_entities"]),
        compass_modifiers=set(ents["compass_modifiers"]),
        org_appositive_nouns=set(ents["org_appositive_nouns"]),
        org_type_nouns_after=set(ents["org_type_nouns_after"]),
        demonyms=_words(data / "demonyms.txt"),
        given_names=_words(data / "given_names.txt"),
        common_words=_words(data / "common_words.txt"),
        gazetteer=gaz,
        gazetteer_max_tokens=longest,
        gazetteer_first_words=frozenset(key.split()[0] for key in gaz),
    )
