"""Counts: numbers that count people, groups or things, and money amounts.

A count is a number (digits, words, scale words, a range or a vague amount) with
an optional qualifier before it ("more than", "some", "up to") and the noun
phrase it counts after it ("ISIS fighters"), or, when the noun is left out, the
subject of a linking verb before it ("membership ... was between 20,000 and
30,000") or the noun of the previous count in the sentence. Ages, durations,
years, ordinals, fractions and percentages are not counts.
"""

from __future__ import annotations

import re

from spacy.attrs import LOWER, ORTH
from spacy.tokens import Doc, Token

from kg.nlp.extensions import doc_text
from kg.nlp.numbers import parse_digits, parse_words, singular
from kg.types import Count


def _num_value(tokens: list[Token], lex) -> float | None:
    nums = lex.numbers
    words = [t.text[:-1] if t.text.endswith(".") and t.text[:-1].lower() in nums["scale_abbreviations"] else t.text
             for t in tokens]  # "£8.1m." at a sentence's end
    if len(words) == 1:
        d = parse_digits(words[0])
        if d is not None:
            return d
    return parse_words(words, nums["units"], nums["scales"])


_GLUED_NUMBER = re.compile(r"(\d[\d,]*(?:\.\d+)?)([a-z]{0,2})")


def _said_before(text: str, at: int, *forms: str) -> bool:
    """Whether one of the noun's forms is written before character ``at``."""
    alts = "|".join(re.escape(f) for f in forms if f)
    return bool(alts) and re.search(r"\b(?:" + alts + r")\b", text[:at], re.IGNORECASE) is not None


def _word_before(text: str, at: int) -> str:
    """The lower-cased word right before character ``at`` ("hurt" in "hurt six deckhands")."""
    m = re.search(r"(\w+)\W*$", text[max(0, at - 30) : at])
    return m.group(1).lower() if m else ""


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


def _glued_value(number: str, scales: list[str], lex) -> float | None:
    """The value of a glued amount's number ("1.2", "1.2bn") with the scale words after it."""
    m = _GLUED_NUMBER.fullmatch(number)
    if m is None:
        return None
    words = [m.group(1)] + ([m.group(2)] if m.group(2) else []) + scales
    if len(words) == 1:
        return parse_digits(words[0])
    return parse_words(words, lex.numbers["units"], lex.numbers["scales"])


def _money_compared(doc, start: int, out: list[Count], sentence: int, nums: dict) -> Count | None:  # noqa: ANN001
    """The sentence's last sum of money when a bare number at ``start`` is compared with it ("up from",
    "down from", "compared with", "against", numbers.json money_comparisons), else None."""
    before = " ".join(t.lower_ for t in doc[max(0, start - 3) : start])
    if not any(before == w or before.endswith(" " + w) for w in nums["money_comparisons"]):
        return None
    end = start
    while end < len(doc) and (doc[end].like_num or doc[end].text in {",", "."} and end + 1 < len(doc)
                              and doc[end + 1].like_num and not doc[end].whitespace_):
        end += 1
    if end < len(doc) and doc[end].pos_ in {"VERB", "AUX", "NOUN"}:
        return None  # "compared with 400 sold last year": a number of what was sold, not money
    last = next((c for c in reversed(out) if c.sentence == sentence), None)
    if last is None or not last.currency:
        return None  # the sentence's last count is the money
    between = [doc[k] for k in range(start - 1, -1, -1) if doc[k].idx >= last.end]
    # ("$50 each, and 400 were sold, up from 300": another number stands between)
    return None if any(t.like_num and any(ch.isdigit() for ch in t.text) for t in between) else last


def _after_aged(doc, start: int, age_words: list[str]) -> bool:  # noqa: ANN001 (a spaCy Doc)
    """The number at ``start`` follows "aged" (numbers.json age_words), directly or in its list
    ("aged 24, 27 and 31", "aged 18 to 50", "aged between 18 and 50")."""
    k = start - 1
    while k >= 0 and (doc[k].text in {",", "and", "to", "-", "–", "between", "or"} or doc[k].like_num):
        k -= 1
    return k >= 0 and doc[k].lower_ in age_words


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


def _is_numberish(tok: Token, lex) -> bool:
    return _numberish_text(tok.text, tok.lower_, lex)


def _numberish_text(text: str, low: str, lex) -> bool:
    return (
        (text[:1].isdigit() and parse_digits(text) is not None)
        or low in lex.numbers["units"]
        # "bn", "mn" but not "BN" or "MN", which are names (a party, a state) more often than scales
        or (low in lex.numbers["scales"] and low not in lex.numbers["scale_abbreviations"]
            and not (text.isupper() and len(text) > 1 and len(low) <= 3))
    )


def _singular(word: str, lex) -> str:
    return singular(word, lex.numbers["irregular_plurals"])


def _is_plural_noun(tok: Token, lex) -> bool:
    w = tok.lower_
    if tok.is_upper and len(w) > 1:
        return False
    if w.endswith("sis") or (w.endswith("us") and tok.tag_ == "NN"):
        return False  # "dialysis machines", "virus samples": a singular noun that ends in "s"
    return w in lex.numbers["irregular_plurals"] or (w.endswith("s") and not w.endswith("ss") and len(w) > 3)


def _hyphen_compound(doc: Doc, j: int, lex) -> tuple[int, int] | None:
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


def _noun_phrase_after(doc: Doc, i: int, lex) -> tuple[int, int]:
    """Token range of the noun phrase a number counts, starting at token i."""
    j = i
    end = i
    while j < len(doc) and j - i < 6:
        t = doc[j]
        if t.text in {"-", "–"} and end == j and j + 1 < len(doc) and doc[j + 1].is_alpha and doc[j - 1].is_alpha \
                and not doc[j].whitespace_ and not doc[j - 1].whitespace_:
            end = j + 2  # "part-time workers", "long-haul routes": a hyphenated modifier is one word
            if _is_plural_noun(doc[j + 1], lex):
                break  # "three drop-offs"
            j += 2
            continue
        if t.lower_ in {"and", "or"} and end == j > i and _plural_ahead(doc, j + 1, lex):
            j += 1  # "ferry and harbour pilots": coordinated modifiers of one plural head
            continue
        if j == i and t.text in {'"', "“"} and j + 1 < len(doc) and doc[j + 1].is_alpha and j > 0 \
                and doc[j - 1].whitespace_ and not t.whitespace_:  # an opening mark, not '... 251", said
            j += 1  # 30 "replicas": the noun in quotation marks
            continue
        if t.is_punct or t.is_space or t.like_num or t.lower_ in lex.numbers["np_stop_words"]:
            break
        if t.text in {"’s", "'s"}:
            break
        if j > i and t.tag_ in {"VBN", "VBD"} and j + 1 < len(doc) and doc[j + 1].pos_ in {"ADP", "DET"}:
            break  # "a $4 billion dam built by ...": a verb ends the noun phrase
        end = j + 1
        if _is_plural_noun(t, lex):
            break  # the head noun: "ISIS fighters", "Yazidi children"
        j += 1
    if end > i + 1 and doc[i].text in {'"', "“"} and end < len(doc) and doc[end].text in {'"', "”"}:
        end += 1  # the closing mark too
    return i, end


def _plural_ahead(doc: Doc, j: int, lex) -> bool:
    """A plural noun within the next three words, with no punctuation or stop word before it."""
    words = 0
    for k in range(j, min(j + 4, len(doc))):
        t = doc[k]
        if t.text in {"-", "–"} and not t.whitespace_ and k > j and not doc[k - 1].whitespace_:
            continue  # "light-rail operators"
        words += 1
        if words > 3 or t.is_punct or t.like_num or t.lower_ in lex.numbers["np_stop_words"]:
            return False
        if _is_plural_noun(t, lex):
            return True
    return False


def _np_before_linking(doc: Doc, sent_start: int, i: int, lex) -> tuple[int, int] | None:
    """'ISIS membership in Iraq and Syria was still between ...' -> 'ISIS membership'."""
    j = i - 1
    skip = lex.numbers["linking_skip_words"]
    while j >= sent_start and doc[j].lower_ in skip:
        j -= 1
    if j < sent_start or doc[j].lower_ not in lex.numbers["linking_verbs"]:
        return None
    j -= 1
    # skip a prepositional phrase of names: "in Iraq and Syria"
    k = j
    while k >= sent_start and (doc[k].is_title or doc[k].lower_ in lex.numbers["name_connectors"]):
        k -= 1
    if k >= sent_start and doc[k].lower_ in lex.numbers["linking_name_prepositions"] and k < j:
        j = k - 1
    end = j + 1
    stop = lex.numbers["np_stop_words"]
    while j >= sent_start and not doc[j].is_punct and doc[j].lower_ not in stop and end - j <= 3:
        j -= 1
    start = j + 1
    return (start, end) if start < end else None


def _number_of_before(doc: Doc, sent_start: int, i: int, lex) -> tuple[int, int, int] | None:
    """'the number of families sheltering in Orvik rose to 3,100', '... had climbed to 57': the noun
    phrase after "number of" earlier in the sentence, when the figure comes right after a word
    that gives the number its value (numbers.json number_of_links): (start, end, the counted noun)."""
    nums = lex.numbers
    if i - 1 < sent_start or doc[i - 1].lower_ not in nums["number_of_links"]:
        return None
    at = next((k for k in range(i - 2, sent_start, -1) if doc[k].lower_ == "of" and doc[k - 1].lower_ == "number"),
              None)
    if at is None or at + 1 >= i - 1:
        return None
    # the counted noun, past up to two modifiers ("displaced families", "cholera cases")
    noun = next((k for k in range(at + 1, min(at + 4, i - 1)) if _is_plural_noun(doc[k], lex)), None)
    if noun is None or any(not doc[k].is_alpha or not doc[k].is_lower for k in range(at + 1, noun)):
        return None
    end = noun + 1
    stops = set(nums["np_stop_words"]) | set(nums["number_of_links"])
    while end < i - 1 and end - at <= 5 and not doc[end].is_punct and doc[end].lower_ not in stops \
            and doc[end].pos_ not in {"AUX"} and doc[end].tag_ not in {"VBZ", "VBP", "VBD"}:
        end += 1
    return at + 1, end, noun


def _people_subject(doc: Doc, j: int, lex) -> bool:
    """The bare number before token j is the subject of a verb said of people, active or passive
    (numbers.json people_verbs, people_participles): "2 million were affected", "12 have been
    arrested", "nine died" (not "12,000 were exported")."""
    words = [t for t in doc[j : j + 4] if not t.is_space and t.lower_ not in lex.numbers["unit_skip_words"]][:3]
    if not words:
        return False
    first = words[0].lower_
    if first in lex.numbers["people_verbs"]:
        return True
    rest = [t.lower_ for t in words[1:] if t.lower_ != "been"]
    return first in lex.numbers["people_auxiliaries"] and bool(rest) and rest[0] in lex.numbers["people_participles"]


def _small_number(tok: Token, lex) -> bool:
    """A number word or a number up to 1,000 written in digits (not a year): "nine in ten", "one in 50"."""
    if tok.lower_ in lex.numbers["units"]:
        return True
    d = parse_digits(tok.text) if tok.text[:1].isdigit() else None
    return d is not None and d <= 1000 and "." not in tok.text


def _singular_subject_before(doc: Doc, start: int, i: int, lex) -> str | None:
    """The noun of "a NOUN was killed" (or "one NOUN was ...") before token i in its sentence: what an
    elided count of people after it ("and three were wounded") counts."""
    parts = lex.numbers["people_participles"]
    for k in range(i - 1, start + 1, -1):
        if doc[k].lower_ in parts and doc[k - 1].lower_ in {"was", "is"} and doc[k - 2].pos_ == "NOUN" \
                and doc[k - 2].is_lower and any(t.lower_ in {"a", "an", "one"} for t in doc[max(start, k - 5) : k - 2]):
            return doc[k - 2].text  # "a Tarsk ranger was injured" (not "the hospital was evacuated")
    return None


def _subset(text: str, start: int, lex) -> bool:
    """The count at ``start`` is a part of another: "including four nurses", "among them 12"."""
    before = text[max(0, start - 16) : start].lower().rstrip()
    return any(before.endswith(m) for m in lex.numbers["subset_markers"])


def _sent_start(doc: Doc, i: int) -> bool:
    """Token i starts its sentence, after any quotation marks or brackets."""
    j = i
    while j > 0 and not doc[j].is_sent_start and doc[j - 1].is_punct:
        j -= 1
    return doc[j].is_sent_start or j == 0


def find_counts(doc: Doc, lex, sent_of: list[int]) -> list[Count]:
    nums = lex.numbers
    quals = sorted(nums["qualifiers"].items(), key=lambda kv: -len(kv[0]))
    not_units = set(nums["not_count_units"])
    months = set(lex.dates["months"])
    # longest first: "hundreds of thousands" before "hundreds"
    vague = sorted(((k, k.split()) for k in nums["vague"]), key=lambda kv: -len(kv[1]))
    vague_first = {words[0] for _, words in vague}
    currencies = nums["currencies"]
    strings = doc.vocab.strings
    arrays = doc.to_array([LOWER, ORTH]).tolist() if len(doc) else []  # no Token object per token
    lowers = [strings[low] for low, _ in arrays]
    texts = [strings[orth] for _, orth in arrays]
    full_text = doc_text(doc)
    signs = lex.pattern("glued_signs", lambda lx: sorted(lx.numbers["glued_currencies"].items(),
                                                         key=lambda kv: -len(kv[0])))
    out: list[Count] = []
    i, n = 0, len(doc)
    while i < n:
        # cheap test first: most tokens are neither numbers, currencies nor vague amounts
        low = lowers[i]
        glued = _glued_currency(texts[i], signs)
        if low not in vague_first and texts[i] not in currencies and glued is None \
                and not _numberish_text(texts[i], low, lex):
            i += 1
            continue
        tok = doc[i]
        vague_key = None
        if low in vague_first:
            for k, words in vague:
                if lowers[i : i + len(words)] == words:
                    vague_key = k
                    break
        currency = None
        start = i
        if tok.text in currencies and not tok.text.islower() and i + 1 < n and _is_numberish(doc[i + 1], lex):
            # a sign or a symbol before the number ("$", "Rs"); a currency's word follows it ("5 million won")
            currency = currencies[tok.text]
            i += 1
            tok = doc[i]
        if currency:
            glued = None
        hyphen = i + 2 < n and texts[i + 1] == "-" and not tok.whitespace_ and not doc[i + 1].whitespace_ \
            and lowers[i + 2] in nums["scales"]  # "R7.2-billion": the scale after a hyphen
        if glued is not None and glued[2] in nums["glued_needs_scale"] and not (
                i + 1 < n and lowers[i + 1] in nums["scales"]) and not hyphen and "," not in glued[1]:
            glued = None  # "the R62 road": a one-letter sign counts only before a scale word (or grouped
            # thousands: "R95,000")
        if vague_key is None and glued is None and not _is_numberish(tok, lex):
            i += 1
            continue
        if vague_key is None and tok.lower_ in nums["not_count_words"] and not currency:
            i += 1
            continue
        # the number itself, with scale words: "7.7 million", "five hundred"
        j = i
        if vague_key:
            j = i + len(vague_key.split())
            value = None
        elif glued is not None:  # "Sh75 million", "Rs500"
            currency, number, _ = glued
            j = i + 3 if hyphen else i + 1
            while j < n and lowers[j] in nums["scales"]:
                j += 1
            value = _glued_value(number, texts[i + 1 : j], lex)
            if value is None:
                i += 1
                continue
        else:
            while j < n and not (  # "2.4 million three years before": digits and a scale end the number
                doc[i].text[:1].isdigit() and doc[j].lower_ in nums["units"] and doc[j - 1].lower_ in nums["scales"]
            ) and (
                _is_numberish(doc[j], lex)
                or (j > i and doc[j].lower_.rstrip(".") in nums["scale_abbreviations"] and not doc[j - 1].whitespace_
                    and doc[j - 1].text[:1].isdigit())  # "£2.7m": the scale written onto the number
                or (doc[j].lower_ == "and" and j > i and j + 1 < n and doc[j + 1].lower_ in nums["units"])
                or (doc[j].text == "-" and j > i and not doc[j - 1].whitespace_ and not doc[j].whitespace_
                    and j + 1 < n and doc[j - 1].lower_ in nums["units"] and doc[j + 1].lower_ in nums["units"])
            ):  # "seventy-one": a tens word and a unit joined by a hyphen
                j += 1
            grouped = _grouped_digits(doc, i, months)
            if grouped is not None:
                j, value = grouped
            else:
                value = _num_value(list(doc[i:j]), lex)
            if value is None:
                i += 1
                continue
        prev = doc[start - 1] if start > 0 else None
        nxt = doc[j] if j < n else None
        # not counts: ages, durations, years, dates, times, ordinals, fractions, percentages
        compound = _hyphen_compound(doc, j, lex) if nxt is not None and nxt.text in {"-", "–"} else None
        unit_at = j
        while unit_at < n - 1 and doc[unit_at].lower_ in nums["unit_skip_words"]:
            unit_at += 1  # "30 more minutes"
        if compound is None and nxt is not None and (
                nxt.text in {"-", "–"} or doc[unit_at].lower_ in not_units or nxt.text == "%"):
            i = j
            continue
        if not currency and unit_at + 1 < n and doc[unit_at].is_alpha and doc[unit_at + 1].lower_ == "number":
            i = j
            continue  # "the 999 emergency number": a number to call, not a count
        if not currency and j - 1 > i and doc[j - 1].lower_ == "m" and not doc[j - 2].whitespace_ \
                and (nxt is None or nxt.lower_ in nums["metre_events"] or nxt.is_punct):
            i = j  # "the 200m butterfly", "won the 800m.": metres of a race, not millions
            continue
        if not currency and value is not None and (
                (j + 1 < n and doc[j].lower_ == "in" and _small_number(doc[j + 1], lex)
                 and value < (_num_value([doc[j + 1]], lex) or 0))
                or (start >= 2 and prev is not None and prev.lower_ == "in" and _small_number(doc[start - 2], lex)
                    and (_num_value([doc[start - 2]], lex) or value) < value)):
            i = j
            continue  # "three in five Velm trout": a proportion, not a count
        noun = nxt
        while noun is not None and noun.i + 1 < n and noun.pos_ in {"NOUN", "ADJ"} and doc[noun.i + 1].pos_ == "NOUN" \
                and doc[noun.i + 1].is_lower:
            noun = doc[noun.i + 1]  # "the six dialysis units": the last noun is what is counted
        if prev is not None and prev.lower_ in nums["referring_determiners"] and value is not None and value <= 10 \
                and tok.is_alpha and j == i + 1 and not currency and noun is not None and noun.is_alpha \
                and (noun.lower_ in nums["referring_nouns"]
                     or _said_before(full_text, doc[start].idx, noun.lower_, _singular(noun.lower_, lex))):
            i = j
            continue  # "the two firms kept their brands": the firms named before, no new count
        if prev is not None and prev.lower_ in nums["not_count_before"] and not currency:
            i = j
            continue  # "Category 4 storm", "Route 9"
        if not currency and _after_aged(doc, start, nums["age_words"]):
            i = j
            continue  # "four women, aged 22, 29 and 35", "adults aged 18 to 50": ages, not counts
        if not currency and value is not None and value < 120 and j == i + 1 and start >= 2 and prev is not None \
                and prev.text == "," and doc[start - 2].is_title and doc[start - 2].is_alpha \
                and (nxt is None or nxt.text in {",", ".", ";", ")"}):
            i = j
            continue  # "said Osk Tarvel, 63, who fled": a person's age between commas, not a count
        if not currency and prev is not None and prev.lower_ == "of" and start >= 2 \
                and doc[start - 2].lower_ in nums["age_nouns"] and (
                    nxt is None or not nxt.is_alpha or nxt.lower_ in {"and", "or"} or nxt.pos_ in {"VERB", "AUX"}):
            i = j
            continue  # "a girl of seven": her age, not a count
        if prev is not None and (prev.lower_.rstrip(".") in months or prev.text in {"/", ":"} or (
                prev.text in {"-", "–"} and (not prev.whitespace_ or (start >= 2 and doc[start - 2].like_num)))):
            # ("TARSK - Nine of ...": a dateline's dash; "2 - 1", "200 - 300": a score, a range)
            i = j
            continue
        if start >= 3 and prev is not None and prev.lower_ in {"and", "or", "to"} \
                and re.fullmatch(r"\d{1,2}", doc[start - 2].text) and doc[start - 3].lower_.rstrip(".") in months:
            i = j
            continue  # "Oct. 3 and 4": the second day of a date
        if prev is not None and not currency and (prev.is_title or prev.is_upper) \
                and any(c.isalpha() for c in prev.text) and not prev.text.endswith(".") \
                and not _sent_start(doc, start - 1) and prev.lower_ not in lex.dates["weekdays"] \
                and re.fullmatch(r"\d{1,3}", doc[i].text) and j == i + 1 \
                and not (nxt is not None and _is_plural_noun(nxt, lex)):
            i = j
            continue  # "Velmo 2 runs", "the Norvale 40 index": a number that is part of a name
        if nxt is not None and j == i + 1 and not currency and doc[i].text.isdigit() \
                and nxt.text in lex.org_heads and nxt.is_title and not nxt.text.endswith("s") \
                and not (j + 1 < n and doc[j + 1].is_lower and doc[j + 1].pos_ == "NOUN"):
            i = j
            continue  # "the army's 7 Division": a unit's number, not a count
        if nxt is not None and (nxt.lower_.rstrip(".") in months or nxt.text in {":", "/"}):  # "4 Mar. 2031"
            i = j
            continue
        if value is not None and not currency and re.fullmatch(r"(1[6-9]|20)\d\d", doc[i].text) and j == i + 1:
            if not (nxt is not None and _is_plural_noun(nxt, lex)) or (
                    prev is not None and (prev.lower_ in nums["of_determiners"] or prev.text in {"'s", "’s"})):
                # "after the 2031 floods", "Velm's 2031 floods": the year of the event
                i = j
                continue
        # a range: "between 20,000 and 30,000", "1,500 to 2,000"
        upper = None
        qualifier = "exact"
        end = j
        # "$3.1 billion to $3.4 billion": the currency again after the connector
        cur_gap = 1 if currency and j + 2 < n and doc[j + 1].text in currencies else 0
        if (value is not None and j + 1 + cur_gap < n and doc[j].lower_ in nums["range_connectors"]
                and _is_numberish(doc[j + 1 + cur_gap], lex)):
            k = j + 1 + cur_gap
            while k < n and _is_numberish(doc[k], lex):
                k += 1
            up = _num_value(list(doc[j + 1 + cur_gap : k]), lex)
            is_between = start >= 1 and doc[start - 1].lower_ == "between"
            if up is not None and (doc[j].lower_ != "and" or is_between) and up > value:
                upper, qualifier, end = up, "between", k
                if k < n and doc[k].lower_ in not_units:
                    i = k
                    continue  # "between 50 and 100 basis points": a range of a unit, not a count
        if end + 2 < n and lowers[end] == "of" and lowers[end + 1] in {"every", "each"} \
                and _is_numberish(doc[end + 2], lex):
            k = end + 2
            while k < n and _is_numberish(doc[k], lex):
                k += 1
            i = k
            continue  # "5 of every 400 parcels": a rate, neither number counts anything
        # qualifier before
        q_start = start
        before = " ".join(t.lower_ for t in doc[max(0, start - 3) : start])
        for phrase, q in quals:
            if before.endswith(phrase) and (before == phrase or before.endswith(" " + phrase)):
                if qualifier != "between":
                    qualifier = q
                q_start = start - len(phrase.split())
                break
        if qualifier in {"exact", "between"} and start >= 1 and doc[start - 1].lower_ == "between":
            q_start = start - 1
        if vague_key:
            qualifier = "about"
        # what is counted
        np_start = end
        elided = False
        if np_start < n and doc[np_start].lower_ == "of":
            # "hundreds of people", "16 million of the 27.7 million registered voters"
            np_start += 1
            while np_start < n and doc[np_start].lower_ in nums["of_determiners"]:
                np_start += 1
            poss = next((k for k in range(np_start, min(np_start + 4, n)) if doc[k].text in {"'s", "’s"}), None)
            if poss is not None and all(t.is_alpha for t in doc[np_start:poss]):
                np_start = poss + 1  # "4,100 of the town's 9,800 members"
            while np_start < n and _is_numberish(doc[np_start], lex):
                np_start += 1
            if np_start < n and doc[np_start].lower_ in nums["of_pronouns"]:
                # "three of them women": the noun after; "700 of them in ...": elided, the count ends at "them"
                np_start += 1
                elided = not (np_start < n and _is_plural_noun(doc[np_start], lex))
        if compound is not None:  # "the 2,300-member guild": members are counted
            a, b = compound
            np_start = end = b
        else:
            a, b = _noun_phrase_after(doc, np_start, lex)
            if elided:
                a = b = np_start
            if b > a and doc[a].pos_ == "ADV" and doc[a].lower_ not in nums["unit_skip_words"] \
                    and not _plural_ahead(doc, a + 1, lex) and not (a + 1 < n and doc[a + 1].pos_ == "NOUN"):
                b = a  # "some 700 still stationed there": no noun is named ("three heavily armed men" is)
            if b > a + 1 and (doc[a].lower_ in nums["nominal_participles"] or doc[a].lower_ in nums[
                    "people_participles"]) and doc[a + 1].pos_ not in {"NOUN", "PROPN"}:
                b = a + 1  # "nine of the injured went home": the participle is the noun
            # "175 billion won into the scheme": the currency, not a verb ("12 won medals": a verb)
            money_word = b > a and doc[a].lower_ in nums["currencies"] and not (
                a + 1 < n and doc[a + 1].pos_ in {"NOUN", "PROPN", "ADJ", "DET", "NUM", "PRON"})
            if b > a and doc[a].tag_ in {"VBD", "VBN", "VBG", "MD"} and not money_word \
                    and doc[a].lower_ not in nums["nominal_participles"] \
                    and doc[a].lower_ not in nums["people_participles"] and not (
                    a + 1 < n and doc[a + 1].pos_ in {"NOUN", "PROPN"}) and not _plural_ahead(doc, a + 1, lex):
                b = a  # "including 19 blamed on ...", "two preferred a ...": a verb, the noun is elided
            if b > a and (doc[a].lower_ in nums["not_what_starts"]
                          or (b - a == 1 and doc[a].lower_ in nums["unit_skip_words"])):
                b = a  # "$4 billion last year", "$9 million more over ...": no noun is counted there
        what = doc[a:b].text if b > a else None
        who_head = None
        if not what and compound is None and 0 < np_start < n - 2 and doc[np_start].lower_ == "who" \
                and doc[np_start - 1].lower_ in nums["of_pronouns"]:
            # "40 of those who fled": the people the relative clause names
            k = next((k for k in range(np_start + 1, min(n, np_start + 5)) if doc[k].pos_ == "VERB"), None)
            if k is not None and not any(t.is_punct for t in doc[np_start : k]):
                what, who_head = doc[np_start - 1 : k + 1].text, "person"
        head_from = None
        if what and b - a == 1 and np_start == end and compound is None and not currency \
                and doc[a].lower_ in nums["nominal_participles"] and (b >= n or doc[b].pos_ not in {"VERB", "AUX"}):
            # "sank two trawlers and left nine dead": the state, the noun of the sentence's count
            head_from = next((c for c in reversed(out) if c.sentence == sent_of[i] and c.what and not c.currency
                              and c.head and c.head not in nums["nominal_participles"]
                              and _word_before(full_text, c.start) in nums["people_harm_verbs"]), None)
            if head_from is not None:
                what = head_from.what
        if what and what.lower() == "others" and not currency:
            # "four divers drowned and three others were rescued": the noun of the sentence's
            # count before it
            head_from = next((c for c in reversed(out) if c.sentence == sent_of[i] and c.what and not c.currency
                              and c.head and c.head != "other"), None)
            if head_from is not None:
                what = f"{what} ({head_from.what})"  # "others (divers)"
        if currency:
            what = what if what and what.lower() not in nums["not_what_after_currency"] else None
        head = None
        head_of_money = None  # the currency word that ends the noun phrase ("7 billion rupees")
        if head_from is not None:
            head = head_from.head
        elif who_head is not None:
            head = who_head
        elif what:
            head_tok = doc[b - 2] if b - a > 1 and doc[b - 1].is_punct else doc[b - 1]  # 30 "replicas"
            head = _singular(head_tok.text, lex)
            if head_tok.lower_ in lex.numbers["currencies"]:
                currency = currency or lex.numbers["currencies"][head_tok.lower_]
                head_of_money = head_tok.lower_
        sent_start = doc[i].sent.start
        if not what and not currency and value is not None and value >= 100 and q_start >= 2 \
                and doc[q_start - 1].lower_ == "of" and doc[q_start - 2].lower_ in nums["population_places"]:
            what, head = "people", "person"  # "a province of some 250,000": the people who live there
        if not what and not currency:
            rng = _np_before_linking(doc, sent_start, q_start, lex)
            if rng and value is not None and value < 130 and upper is None \
                    and doc[rng[1] - 1].lower_ in nums["age_nouns"]:
                rng = None  # "Her son is nine": one person's age, not a count
            numbered = _number_of_before(doc, sent_start, q_start, lex) if not rng else None
            if rng:
                what = doc[rng[0] : rng[1]].text
                head = _singular(doc[rng[1] - 1].text, lex)
            elif numbered:
                # "has pushed the number of families sheltering in X to about 3,100"
                what = doc[numbered[0] : numbered[1]].text
                head = _singular(doc[numbered[2]].text, lex)
            else:
                # the noun of an earlier count of the sentence, not of a part of one ("including
                # four nurses"); "2,000 more" compares with the sentence's first count
                prior = [c for c in out if c.sentence == sent_of[i] and c.what and not c.currency
                         and not _subset(full_text, c.start, lex)]
                people = value is not None and value >= 2 and _people_subject(doc, end, lex)
                subject = _singular_subject_before(doc, sent_start, q_start, lex) if people else None
                pa, pb = _noun_phrase_after(doc, end + 1, lex) if end + 1 < n and doc[end].lower_ in {"were", "are"} \
                    else (0, 0)
                # (the whole phrase, in lower case, a plural noun at its end: not "police officers" cut
                # short, "women's rights activists", "Velm Rovers players", "hers")
                harmed = q_start > 0 and doc[q_start - 1].lower_ in nums["people_harm_verbs"] \
                    and doc[q_start - 1].pos_ == "VERB" and value is not None and upper is None \
                    and not (end < n and doc[end].lower_ == "of") \
                    and not any(_word_before(full_text, c.start) not in nums["prepositions"] for c in prior)
                # (not after "injuring two guards and trapping three", "attacked 300 sheep, injuring 40": the
                # count before, a verb's object, says what; one after a preposition, "in two villages", does not)
                if harmed:
                    what, head = "people", "person"  # "burning a hut and injuring five": five people
                elif pb > pa and _is_plural_noun(doc[pb - 1], lex) and doc[pb - 1].tag_ == "NNS" \
                        and all(t.is_lower and t.is_alpha for t in doc[pa:pb]) \
                        and not (pb < n and (doc[pb].pos_ in {"NOUN", "PROPN", "PART"} or doc[pb].text in {"'", "’"})):
                    # "nine were pupils and four were teachers": the noun the copula gives them
                    what, head = doc[pa:pb].text, _singular(doc[pb - 1].text, lex)
                elif subject is not None:
                    # "a ranger was injured and four were treated": three peacekeepers
                    what, head = subject, _singular(subject, lex)
                elif people:
                    what, head = "people", "person"  # "some 2 million were evacuated", "9 cars, and 14 were rescued"
                elif prior:
                    # "2,000 more" compares with the sentence's first count; otherwise the latest count at
                    # least as large ("900 trout from 40 lakes ... in 610 of them": trout)
                    skip_word = end < n and doc[end].lower_ in nums["unit_skip_words"]
                    if skip_word and re.fullmatch(r"\s*,\s*", full_text[prior[-1].end : doc[q_start].idx]):
                        lead = prior[-1]  # "nearly 5,000 voters, some 800 more than in 2030"
                    elif skip_word:
                        lead = prior[0]
                    else:
                        lead = next((c for c in reversed(prior) if value is not None and c.value is not None
                                     and c.value >= value), prior[-1])
                    what, head = lead.what, lead.head
                elif (money_before := _money_compared(doc, q_start, out, sent_of[i], nums)) is not None:
                    # "sells for 84,000 Velm pounds, up from 26,000 in March": the same money
                    currency, what, head = money_before.currency, money_before.what, money_before.head
                    head_of_money = head
                elif elided and value is not None and value >= 2 and _sent_start(doc, q_start):
                    # "Five of them swam ashore": them are what the last count of the two sentences before counted
                    back = next((c for c in reversed(out) if 0 < sent_of[i] - c.sentence <= 2 and c.what
                                 and not c.currency and c.head), None)
                    if back is not None:
                        what, head = f"{doc[np_start - 1].text} ({back.what})", back.head
        if currency:
            money = nums["currency_what"].get(currency, currency)
            if what and head_of_money is None:
                what = f"{money} ({what})"  # "$6 billion bond": dollars are counted, for a loan
            what = what or money
            head = nums["currency_heads"].get(currency, head)
        if not what and value is not None and not currency:
            i = end
            continue  # a bare number with nothing counted
        if vague_key and (not what or not (doc[end].lower_ == "of" or _is_plural_noun(doc[end], lex))):
            i = end
            continue
        s_char = doc[q_start].idx
        e_tok = b if b > end else end
        e_char = doc[e_tok - 1].idx + len(doc[e_tok - 1].text)
        out.append(Count(
            text=full_text[s_char:e_char], start=s_char, end=e_char, sentence=sent_of[i],
            value=value, upper=upper, qualifier="vague" if vague_key else qualifier,
            magnitude=float(nums["vague"][vague_key]) if vague_key else None,
            currency=currency, what=what, head=head,
        ))
        i = max(end, i + 1)
    return out
