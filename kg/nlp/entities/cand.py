"""A candidate name (a token span with the rule that found it and its type) and the
token shapes every step asks about."""

from __future__ import annotations

import re
from dataclasses import dataclass

from spacy.attrs import ORTH
from spacy.tokens import Doc, Token

from kg.nlp.lexicon import GazetteerEntry

DROPPED = "kg_dropped_chunks"  # doc.user_data key: token spans a drop rule (or a date) rejected
_TEXTS = "kg_token_texts"  # doc.user_data key: the token texts (token_texts)
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


def token_texts(doc: Doc) -> list[str]:
    """The doc's token texts, read once from one array (a Token object per look-up is what costs)
    and kept with the doc."""
    texts = doc.user_data.get(_TEXTS)
    if texts is None or len(texts) != len(doc):
        strings = doc.vocab.strings
        texts = doc.user_data[_TEXTS] = [strings[v] for v in doc.to_array(ORTH).tolist()]
    return texts


def is_cap(tok: Token) -> bool:
    t = tok.text
    # (a French or Italian elided particle before a capital continues a name: "Val d'Orvik")
    return bool(t) and (t[0].isupper() and any(c.isalpha() for c in t)
                        or (t[:1] in {"d", "l"} and t[1:2] in {"'", "’"} and t[2:3].isupper()))


def is_acronym(text: str) -> bool:
    return bool(_ACRONYM.match(text)) and sum(c.isalpha() for c in text) >= 2
