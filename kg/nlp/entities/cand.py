"""A candidate name (a token span with the rule that found it and its type) and the
token shapes every step asks about."""

from __future__ import annotations

import re
from dataclasses import dataclass

from spacy.tokens import Token

from kg.nlp.lexicon import GazetteerEntry

DROPPED = "kg_dropped_chunks"  # doc.user_data key: token spans a drop rule (or a date) rejected
_ACRONYM = re.compile(r"^[A-Z][A-Z0-9&\-]{1,7}$")


@dataclass
class Cand:
    start: int  # token index
    end: int  # token index (exclusive)
    type: str | None
    rule: str
    gaz: GazetteerEntry | None = None
    title: int | None = None  # token index of a title ("Mr") that belongs to the mention
    model_type: str | None = None  # the statistical NER's type, used when nothing better decides


def is_cap(tok: Token) -> bool:
    t = tok.text
    # (a French or Italian elided particle before a capital continues a name: "Val d'Orvik")
    return bool(t) and (t[0].isupper() and any(c.isalpha() for c in t)
                        or (t[:1] in {"d", "l"} and t[1:2] in {"'", "’"} and t[2:3].isupper()))


def is_acronym(text: str) -> bool:
    return bool(_ACRONYM.match(text)) and sum(c.isalpha() for c in text) >= 2
