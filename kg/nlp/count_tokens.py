"""The shared state and token tests of the count finder (kg.nlp.counts).

:class:`Scan` holds one Doc's tokens and word lists, read once; :class:`Number` one number
the finder reads, with what each later step of the finder decides about it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spacy.attrs import LOWER, ORTH
from spacy.tokens import Doc, Token

from kg.nlp.extensions import doc_text
from kg.nlp.lexicon import Lexicon
from kg.nlp.numbers import parse_digits, parse_words, singular
from kg.types import Count


@dataclass
class Scan:
    """One Doc, its tokens' texts and the word lists of numbers.json, and the counts found so far."""

    doc: Doc
    lex: Lexicon
    sent_of: list[int]
    nums: dict
    quals: list[tuple[str, str]]  # longest first
    not_units: set[str]
    months: set[str]
    vague: list[tuple[str, list[str]]]  # longest first: "hundreds of thousands" before "hundreds"
    vague_first: set[str]
    currencies: dict
    lowers: list[str]
    texts: list[str]
    full_text: str
    signs: list[tuple[str, str]]  # glued currency signs, longest first
    n: int
    out: list[Count] = field(default_factory=list)

    @classmethod
    def of(cls, doc: Doc, lex: Lexicon, sent_of: list[int]) -> Scan:
        """The scan of ``doc``, with no count found yet."""
        nums = lex.numbers
        strings = doc.vocab.strings
        arrays = doc.to_array([LOWER, ORTH]).tolist() if len(doc) else []  # no Token object per token
        vague = sorted(((k, k.split()) for k in nums["vague"]), key=lambda kv: -len(kv[1]))
        return cls(
            doc=doc, lex=lex, sent_of=sent_of, nums=nums,
            quals=sorted(nums["qualifiers"].items(), key=lambda kv: -len(kv[0])),
            not_units=set(nums["not_count_units"]), months=set(lex.dates["months"]),
            vague=vague, vague_first={words[0] for _, words in vague}, currencies=nums["currencies"],
            lowers=[strings[low] for low, _ in arrays], texts=[strings[orth] for _, orth in arrays],
            full_text=doc_text(doc),
            signs=lex.pattern("glued_signs", lambda lx: sorted(lx.numbers["glued_currencies"].items(),
                                                               key=lambda kv: -len(kv[0]))),
            n=len(doc),
        )


@dataclass
class Number:
    """A number read at token ``i`` (after a currency sign at ``start``), up to token ``j``, and
    what the later steps decide: its range and qualifier, what it counts and its head noun."""

    start: int
    i: int
    j: int
    value: float | None
    currency: str | None
    vague_key: str | None
    prev: Token | None = None  # the token before ``start``
    nxt: Token | None = None  # the token at ``j``
    compound: tuple[int, int] | None = None  # "the 2,300-member guild": the counted noun's tokens
    unit_at: int = 0  # the token after the number past "more", "other" ...: a unit, if any
    upper: float | None = None
    qualifier: str = "exact"
    end: int = 0  # end of the number, or of its range
    q_start: int = 0  # first token, with the qualifier before it
    np_start: int = 0  # where the counted noun phrase is looked for
    elided: bool = False  # "700 of them": the count ends at "them"
    a: int = 0  # the counted noun phrase's tokens
    b: int = 0
    what: str | None = None
    head: str | None = None
    head_from: Count | None = None  # an earlier count whose noun this one takes
    who_head: str | None = None
    head_of_money: str | None = None  # the currency word that ends the noun phrase ("7 billion rupees")


def num_value(tokens: list[Token], lex: Lexicon) -> float | None:
    """The value of a number written in digits or words with its scale words, else None."""
    nums = lex.numbers
    words = [t.text[:-1] if t.text.endswith(".") and t.text[:-1].lower() in nums["scale_abbreviations"] else t.text
             for t in tokens]  # "£8.1m." at a sentence's end
    if len(words) == 1:
        d = parse_digits(words[0])
        if d is not None:
            return d
    return parse_words(words, nums["units"], nums["scales"])


def said_before(text: str, at: int, *forms: str) -> bool:
    """Whether one of the noun's forms is written before character ``at``."""
    alts = "|".join(re.escape(f) for f in forms if f)
    return bool(alts) and re.search(r"\b(?:" + alts + r")\b", text[:at], re.IGNORECASE) is not None


def word_before(text: str, at: int) -> str:
    """The lower-cased word right before character ``at`` ("hurt" in "hurt six deckhands")."""
    m = re.search(r"(\w+)\W*$", text[max(0, at - 30) : at])
    return m.group(1).lower() if m else ""


def is_numberish(tok: Token, lex: Lexicon) -> bool:
    """Whether the token may be part of a number: digits, a number word or a scale word."""
    return numberish_text(tok.text, tok.lower_, lex)


def numberish_text(text: str, low: str, lex: Lexicon) -> bool:
    """Whether a token's text (and its lower case) may be part of a number."""
    return (
        (text[:1].isdigit() and parse_digits(text) is not None)
        or low in lex.numbers["units"]
        # "bn", "mn" but not "BN" or "MN", which are names (a party, a state) more often than scales
        or (low in lex.numbers["scales"] and low not in lex.numbers["scale_abbreviations"]
            and not (text.isupper() and len(text) > 1 and len(low) <= 3))
    )


def singular_noun(word: str, lex: Lexicon) -> str:
    """The singular of a plural noun, irregular ones from numbers.json irregular_plurals."""
    return singular(word, lex.numbers["irregular_plurals"])


def is_plural_noun(tok: Token, lex: Lexicon) -> bool:
    """Whether the token is a plural noun (not a name in capitals, not "dialysis")."""
    w = tok.lower_
    if tok.is_upper and len(w) > 1:
        return False
    if w.endswith("sis") or (w.endswith("us") and tok.tag_ == "NN"):
        return False  # "dialysis machines", "virus samples": a singular noun that ends in "s"
    return w in lex.numbers["irregular_plurals"] or (w.endswith("s") and not w.endswith("ss") and len(w) > 3)


def plural_ahead(doc: Doc, j: int, lex: Lexicon) -> bool:
    """A plural noun within the next three words, with no punctuation or stop word before it."""
    words = 0
    for k in range(j, min(j + 4, len(doc))):
        t = doc[k]
        if t.text in {"-", "–"} and not t.whitespace_ and k > j and not doc[k - 1].whitespace_:
            continue  # "light-rail operators"
        words += 1
        if words > 3 or t.is_punct or t.like_num or t.lower_ in lex.numbers["np_stop_words"]:
            return False
        if is_plural_noun(t, lex):
            return True
    return False


def small_number(tok: Token, lex: Lexicon) -> bool:
    """A number word or a number up to 1,000 written in digits (not a year): "nine in ten", "one in 50"."""
    if tok.lower_ in lex.numbers["units"]:
        return True
    d = parse_digits(tok.text) if tok.text[:1].isdigit() else None
    return d is not None and d <= 1000 and "." not in tok.text


def starts_sentence(doc: Doc, i: int) -> bool:
    """Token i starts its sentence, after any quotation marks or brackets."""
    j = i
    while j > 0 and not doc[j].is_sent_start and doc[j - 1].is_punct:
        j -= 1
    return doc[j].is_sent_start or j == 0
