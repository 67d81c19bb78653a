"""Counts: numbers that count people, groups or things, and money amounts.

A count is a number (digits, words, scale words, a range or a vague amount) with
an optional qualifier before it ("more than", "some", "up to") and the noun
phrase it counts after it ("ISIS fighters"), or, when the noun is left out, the
subject of a linking verb before it ("membership ... was between 20,000 and
30,000") or the noun of the previous count in the sentence. Ages, durations,
years, ordinals, fractions and percentages are not counts.

:func:`find_counts` tries each token in turn: it reads a number there (here), drops what is no
count (:mod:`kg.nlp.count_filters`), reads a range, a rate and a qualifier (here), then what the
number counts (:mod:`kg.nlp.count_nouns`). The shared state and token tests are in
:mod:`kg.nlp.count_tokens`.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from kg.nlp.count_filters import not_a_count
from kg.nlp.count_nouns import what_is_counted
from kg.nlp.count_tokens import Number, Scan, is_numberish, is_plural_noun, num_value, numberish_text
from kg.nlp.lexicon import Lexicon
from kg.nlp.numbers import parse_digits, parse_words
from kg.types import Count

_GLUED_NUMBER = re.compile(r"(\d[\d,]*(?:\.\d+)?)([a-z]{0,2})")


def find_counts(doc: Doc, lex: Lexicon, sent_of: list[int]) -> list[Count]:
    """The counts and sums of money of ``doc``, in text order (``sent_of``: each token's sentence)."""
    sc = Scan.of(doc, lex, sent_of)
    i = 0
    while i < sc.n:
        i = _count_at(sc, i)
    return sc.out


def _count_at(sc: Scan, i: int) -> int:
    """Whether a count starts at token i (appended to ``sc.out`` when it does): the next token to try."""
    num = _read_number(sc, i)
    if isinstance(num, int):
        return num
    _look_after(sc, num)
    if not_a_count(sc, num):
        return num.j
    skip = _range(sc, num)
    if skip is None:
        skip = _rate(sc, num)
    if skip is not None:
        return skip
    _qualifier(sc, num)
    what_is_counted(sc, num)
    return _emit(sc, num)


def _read_number(sc: Scan, i: int) -> Number | int:
    """The number at token i (a vague amount, a sum after or with its currency sign, digits or words
    with their scale), or, when none starts there, the next token to try."""
    low, text = sc.lowers[i], sc.texts[i]
    glued = _glued_currency(text, sc.signs)
    # cheap test first: most tokens are neither numbers, currencies nor vague amounts
    if low not in sc.vague_first and text not in sc.currencies and glued is None \
            and not numberish_text(text, low, sc.lex):
        return i + 1
    vague_key = _vague_at(sc, i)
    start, i, currency = _currency_sign(sc, i)
    if currency:
        glued = None
    tok = sc.doc[i]
    hyphen = i + 2 < sc.n and sc.texts[i + 1] == "-" and not tok.whitespace_ and not sc.doc[i + 1].whitespace_ \
        and sc.lowers[i + 2] in sc.nums["scales"]  # "R7.2-billion": the scale after a hyphen
    if glued is not None and glued[2] in sc.nums["glued_needs_scale"] and not (
            i + 1 < sc.n and sc.lowers[i + 1] in sc.nums["scales"]) and not hyphen and "," not in glued[1]:
        glued = None  # "the R62 road": a one-letter sign counts only before a scale word (or grouped
        # thousands: "R95,000")
    if vague_key is None and glued is None and not is_numberish(tok, sc.lex):
        return i + 1
    if vague_key is None and tok.lower_ in sc.nums["not_count_words"] and not currency:
        return i + 1
    # the number itself, with scale words: "7.7 million", "five hundred"
    if vague_key:
        j, value = i + len(vague_key.split()), None
    elif glued is not None:  # "Sh75 million", "Rs500"
        currency, number, _ = glued
        j = i + 3 if hyphen else i + 1
        while j < sc.n and sc.lowers[j] in sc.nums["scales"]:
            j += 1
        value = _glued_value(number, sc.texts[i + 1 : j], sc.lex)
        if value is None:
            return i + 1
    else:
        j, value = _digits_or_words(sc, i)
        if value is None:
            return i + 1
    return Number(start, i, j, value, currency, vague_key)


def _vague_at(sc: Scan, i: int) -> str | None:
    """The vague amount ("hundreds of thousands", "dozens") whose words start at token i, else None."""
    if sc.lowers[i] in sc.vague_first:
        for k, words in sc.vague:
            if sc.lowers[i : i + len(words)] == words:
                return k
    return None


def _currency_sign(sc: Scan, i: int) -> tuple[int, int, str | None]:
    """A sign or a symbol before the number ("$", "Rs"): (its token, the number's, the currency);
    else (i, i, None). A currency's word after the number ("5 million won") is read later."""
    text = sc.texts[i]
    if text in sc.currencies and not text.islower() and i + 1 < sc.n and is_numberish(sc.doc[i + 1], sc.lex):
        return i, i + 1, sc.currencies[text]
    return i, i, None


def _digits_or_words(sc: Scan, i: int) -> tuple[int, float | None]:
    """The end and value of the number written in digits or words from token i, with its scale words."""
    doc, nums, lex = sc.doc, sc.nums, sc.lex
    j = i
    while j < sc.n and not (  # "2.4 million three years before": digits and a scale end the number
        doc[i].text[:1].isdigit() and doc[j].lower_ in nums["units"] and doc[j - 1].lower_ in nums["scales"]
    ) and (
        is_numberish(doc[j], lex)
        or (j > i and doc[j].lower_.rstrip(".") in nums["scale_abbreviations"] and not doc[j - 1].whitespace_
            and doc[j - 1].text[:1].isdigit())  # "£2.7m": the scale written onto the number
        or (doc[j].lower_ == "and" and j > i and j + 1 < sc.n and doc[j + 1].lower_ in nums["units"])
        or (doc[j].text == "-" and j > i and not doc[j - 1].whitespace_ and not doc[j].whitespace_
            and j + 1 < sc.n and doc[j - 1].lower_ in nums["units"] and doc[j + 1].lower_ in nums["units"])
    ):  # "seventy-one": a tens word and a unit joined by a hyphen
        j += 1
    grouped = _grouped_digits(doc, i, sc.months)
    if grouped is not None:
        return grouped
    return j, num_value(list(doc[i:j]), lex)


def _look_after(sc: Scan, num: Number) -> None:
    """The tokens around the number: the one before and after it, a hyphenated counted noun ("the
    2,300-member guild") and the word after it past "more", "other" (where a unit would be)."""
    doc, n = sc.doc, sc.n
    num.prev = doc[num.start - 1] if num.start > 0 else None
    num.nxt = doc[num.j] if num.j < n else None
    num.compound = _hyphen_compound(doc, num.j, sc.lex) if num.nxt is not None and num.nxt.text in {"-", "–"} \
        else None
    unit_at = num.j
    while unit_at < n - 1 and doc[unit_at].lower_ in sc.nums["unit_skip_words"]:
        unit_at += 1  # "30 more minutes"
    num.unit_at = unit_at


def _range(sc: Scan, num: Number) -> int | None:
    """A range ("between 20,000 and 30,000", "1,500 to 2,000", "$3.1 billion to $3.4 billion") read into
    ``num``; the next token to try when it is a range of a unit ("between 50 and 100 basis points")."""
    doc, n, j, lex = sc.doc, sc.n, num.j, sc.lex
    num.end = j
    # "$3.1 billion to $3.4 billion": the currency again after the connector
    cur_gap = 1 if num.currency and j + 2 < n and doc[j + 1].text in sc.currencies else 0
    if (num.value is not None and j + 1 + cur_gap < n and doc[j].lower_ in sc.nums["range_connectors"]
            and is_numberish(doc[j + 1 + cur_gap], lex)):
        k = j + 1 + cur_gap
        while k < n and is_numberish(doc[k], lex):
            k += 1
        up = num_value(list(doc[j + 1 + cur_gap : k]), lex)
        is_between = num.start >= 1 and doc[num.start - 1].lower_ == "between"
        if up is not None and (doc[j].lower_ != "and" or is_between) and up > num.value:
            num.upper, num.qualifier, num.end = up, "between", k
            if k < n and doc[k].lower_ in sc.not_units:
                return k  # "between 50 and 100 basis points": a range of a unit, not a count
    return None


def _rate(sc: Scan, num: Number) -> int | None:
    """The next token to try past a rate ("5 of every 400 parcels": neither number counts anything), else None."""
    end, n = num.end, sc.n
    if end + 2 < n and sc.lowers[end] == "of" and sc.lowers[end + 1] in sc.nums["rate_words"] \
            and is_numberish(sc.doc[end + 2], sc.lex):
        k = end + 2
        while k < n and is_numberish(sc.doc[k], sc.lex):
            k += 1
        return k
    return None


def _qualifier(sc: Scan, num: Number) -> None:
    """The qualifier before the number ("more than", "some", numbers.json qualifiers) and where the count starts."""
    doc, start = sc.doc, num.start
    num.q_start = start
    before = " ".join(t.lower_ for t in doc[max(0, start - 3) : start])
    for phrase, q in sc.quals:
        if before.endswith(phrase) and (before == phrase or before.endswith(" " + phrase)):
            if num.qualifier != "between":
                num.qualifier = q
            num.q_start = start - len(phrase.split())
            break
    if num.qualifier in {"exact", "between"} and start >= 1 and doc[start - 1].lower_ == "between":
        num.q_start = start - 1
    if num.vague_key:
        num.qualifier = "about"


def _emit(sc: Scan, num: Number) -> int:
    """Append the count when it counts something (a money sum counts its currency): the next token to try."""
    doc, nums = sc.doc, sc.nums
    if num.currency:
        money = nums["currency_what"].get(num.currency, num.currency)
        if num.what and num.head_of_money is None:
            num.what = f"{money} ({num.what})"  # "$6 billion bond": dollars are counted, for a loan
        num.what = num.what or money
        num.head = nums["currency_heads"].get(num.currency, num.head)
    end = num.end
    if not num.what and num.value is not None and not num.currency:
        return end  # a bare number with nothing counted
    if num.vague_key and (not num.what or not (doc[end].lower_ == "of" or is_plural_noun(doc[end], sc.lex))):
        return end
    s_char = doc[num.q_start].idx
    e_tok = num.b if num.b > end else end
    e_char = doc[e_tok - 1].idx + len(doc[e_tok - 1].text)
    sc.out.append(Count(
        text=sc.full_text[s_char:e_char], start=s_char, end=e_char, sentence=sc.sent_of[num.i],
        value=num.value, upper=num.upper, qualifier="vague" if num.vague_key else num.qualifier,
        magnitude=float(nums["vague"][num.vague_key]) if num.vague_key else None,
        currency=num.currency, what=num.what, head=num.head,
    ))
    return max(end, num.i + 1)


def _glued_currency(text: str, signs: list[tuple[str, str]]) -> tuple[str, str, str] | None:
    """("KES", "75", "Sh") for "Sh75": a currency sign written onto its number (``signs``:
    numbers.json glued_currencies, longest first), else None."""
    if not text or text[0].isdigit() or not any(ch.isdigit() for ch in text):
        return None  # (most tokens: no sign, or no digit after one)
    for sign, code in signs:
        if text.startswith(sign) and len(text) > len(sign) and text[len(sign)].isdigit() \
                and _GLUED_NUMBER.fullmatch(text[len(sign):]):
            return code, text[len(sign):], sign
    return None


def _glued_value(number: str, scales: list[str], lex: Lexicon) -> float | None:
    """The value of a glued amount's number ("1.2", "1.2bn") with the scale words after it."""
    m = _GLUED_NUMBER.fullmatch(number)
    if m is None:
        return None
    words = [m.group(1)] + ([m.group(2)] if m.group(2) else []) + scales
    if len(words) == 1:
        return parse_digits(words[0])
    return parse_words(words, lex.numbers["units"], lex.numbers["scales"])


def _grouped_digits(doc, i: int, months: set[str]) -> tuple[int, float] | None:  # noqa: ANN001 (a spaCy Doc)
    """A number written in groups of three digits split by spaces ("12 500", "2 108 045") or by a
    comma and a space ("2, 108, 045": one group opening with 0, which no listed number does): the end of its
    tokens and its value; None for anything else (not "May 5 100 people": a day after a month)."""
    first = doc[i].text
    if not (first.isdigit() and len(first) <= 3) or (i > 0 and doc[i - 1].lower_.rstrip(".") in months):
        return None
    groups, j = [first], i + 1
    while j < len(doc):
        if doc[j - 1].whitespace_ == " " and doc[j].text.isdigit() and len(doc[j].text) == 3:
            groups.append(doc[j].text)
            j += 1
        elif not doc[j - 1].whitespace_ and doc[j].text == "," and j + 1 < len(doc) and doc[j].whitespace_ == " " \
                and doc[j + 1].text.isdigit() and len(doc[j + 1].text) == 3:
            groups.append("," + doc[j + 1].text)
            j += 2
        else:
            break
    commas = [g for g in groups[1:] if g.startswith(",")]
    if len(groups) < 2 or (commas and (len(commas) != len(groups) - 1
                                       or not any(g.startswith(",0") for g in commas))):
        return None  # ("250, 300, 400 visitors": a list; a group opening with 0 is no number of its own)
    return j, float("".join(g.lstrip(",") for g in groups))


def _hyphen_compound(doc: Doc, j: int, lex: Lexicon) -> tuple[int, int] | None:
    """The counted noun of "the 2,300-member guild", "a 4,000-patient study": token range of
    the noun after the hyphen, when it is a plain noun (not a unit: "30-year-old") and
    another noun follows it."""
    if j + 2 >= len(doc):
        return None
    word, after = doc[j + 1], doc[j + 2]
    if not word.is_alpha or not word.is_lower or word.lower_ in lex.numbers["not_count_units"]:
        return None
    if after.text in {"-", "–"} or not after.is_alpha or word.lower_ in lex.numbers["not_count_words"]:
        return None
    if word.pos_ and word.pos_ not in {"NOUN", "PROPN", "ADJ"}:
        return None
    if word.lower_ in lex.numbers["strength_words"]:
        return j + 2, j + 3  # "a 650-strong brigade": the force is counted, in its members
    return j + 1, j + 2
