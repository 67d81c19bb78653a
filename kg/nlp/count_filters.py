"""Numbers that are no count: units, ages, dates, years, proportions, numbers in names.

:func:`not_a_count` tries the rules of :data:`NOT_A_COUNT` in their order; each looks at one number
the count finder (kg.nlp.counts) has read, and says whether it is no count. A number a rule drops is
skipped whole.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from kg.nlp.count_tokens import (
    Number,
    Scan,
    is_plural_noun,
    num_value,
    said_before,
    singular_noun,
    small_number,
    starts_sentence,
)


def not_a_count(sc: Scan, num: Number) -> bool:
    """Whether one of the rules of :data:`NOT_A_COUNT` says the number is no count."""
    return any(rule(sc, num) for rule in NOT_A_COUNT)


def _unit_after(sc: Scan, num: Number) -> bool:
    """A unit, a percent sign or a hyphen after the number ("30 minutes", "5%", "30-year-old")."""
    nxt = num.nxt
    return num.compound is None and nxt is not None and (
        nxt.text in {"-", "–"} or sc.doc[num.unit_at].lower_ in sc.not_units or nxt.text == "%")


def _number_to_call(sc: Scan, num: Number) -> bool:
    """"the 999 emergency number": a number to call, not a count."""
    doc, unit_at = sc.doc, num.unit_at
    return not num.currency and unit_at + 1 < sc.n and doc[unit_at].is_alpha and doc[unit_at + 1].lower_ == "number"


def _metres_of_a_race(sc: Scan, num: Number) -> bool:
    """"the 200m butterfly", "won the 800m.": metres of a race, not millions."""
    doc, i, j, nxt = sc.doc, num.i, num.j, num.nxt
    return not num.currency and j - 1 > i and doc[j - 1].lower_ == "m" and not doc[j - 2].whitespace_ \
        and (nxt is None or nxt.lower_ in sc.nums["metre_events"] or nxt.is_punct)


def _proportion(sc: Scan, num: Number) -> bool:
    """"three in five Velm trout": a proportion, not a count."""
    doc, j, start, value, prev, lex = sc.doc, num.j, num.start, num.value, num.prev, sc.lex
    return not num.currency and value is not None and (
        (j + 1 < sc.n and doc[j].lower_ == "in" and small_number(doc[j + 1], lex)
         and value < (num_value([doc[j + 1]], lex) or 0))
        or (start >= 2 and prev is not None and prev.lower_ == "in" and small_number(doc[start - 2], lex)
            and (num_value([doc[start - 2]], lex) or value) < value))


def _the_ones_named_before(sc: Scan, num: Number) -> bool:
    """"the two firms kept their brands": the firms named before, no new count."""
    doc, nums, prev, value = sc.doc, sc.nums, num.prev, num.value
    noun = num.nxt
    while noun is not None and noun.i + 1 < sc.n and noun.pos_ in {"NOUN", "ADJ"} and doc[noun.i + 1].pos_ == "NOUN" \
            and doc[noun.i + 1].is_lower:
        noun = doc[noun.i + 1]  # "the six dialysis units": the last noun is what is counted
    return prev is not None and prev.lower_ in nums["referring_determiners"] and value is not None and value <= 10 \
        and doc[num.i].is_alpha and num.j == num.i + 1 and not num.currency and noun is not None and noun.is_alpha \
        and (noun.lower_ in nums["referring_nouns"]
             or said_before(sc.full_text, doc[num.start].idx, noun.lower_, singular_noun(noun.lower_, sc.lex)))


def _a_numbered_name(sc: Scan, num: Number) -> bool:
    """"Category 4 storm", "Route 9": a word before the number that names a thing by it."""
    return num.prev is not None and num.prev.lower_ in sc.nums["not_count_before"] and not num.currency


def _an_age_after_aged(sc: Scan, num: Number) -> bool:
    """"four women, aged 22, 29 and 35", "adults aged 18 to 50": ages, not counts. The number follows
    "aged" (numbers.json age_words), directly or in its list (past age_list_words and other numbers)."""
    if num.currency:
        return False
    doc, between = sc.doc, sc.nums["age_list_words"]
    k = num.start - 1
    while k >= 0 and (doc[k].text in between or doc[k].like_num):
        k -= 1
    return k >= 0 and doc[k].lower_ in sc.nums["age_words"]


def _an_age_between_commas(sc: Scan, num: Number) -> bool:
    """"said Osk Tarvel, 63, who fled": a person's age between commas, not a count."""
    doc, start, prev, nxt, value = sc.doc, num.start, num.prev, num.nxt, num.value
    return not num.currency and value is not None and value < 120 and num.j == num.i + 1 and start >= 2 \
        and prev is not None and prev.text == "," and doc[start - 2].is_title and doc[start - 2].is_alpha \
        and (nxt is None or nxt.text in {",", ".", ";", ")"})


def _an_age_after_of(sc: Scan, num: Number) -> bool:
    """"a girl of seven": her age, not a count."""
    doc, start, prev, nxt = sc.doc, num.start, num.prev, num.nxt
    return not num.currency and prev is not None and prev.lower_ == "of" and start >= 2 \
        and doc[start - 2].lower_ in sc.nums["age_nouns"] and (
            nxt is None or not nxt.is_alpha or nxt.lower_ in {"and", "or"} or nxt.pos_ in {"VERB", "AUX"})


def _after_a_month_or_dash(sc: Scan, num: Number) -> bool:
    """A day after its month, a time after ":", a figure after a dash ("2 - 1", "200 - 300": a score, a
    range; "TARSK - Nine of ...": a dateline's dash is no such dash)."""
    prev, start = num.prev, num.start
    return prev is not None and (prev.lower_.rstrip(".") in sc.months or prev.text in {"/", ":"} or (
        prev.text in {"-", "–"} and (not prev.whitespace_ or (start >= 2 and sc.doc[start - 2].like_num))))


def _second_day_of_a_date(sc: Scan, num: Number) -> bool:
    """"Oct. 3 and 4": the second day of a date."""
    doc, start, prev = sc.doc, num.start, num.prev
    return start >= 3 and prev is not None and prev.lower_ in {"and", "or", "to"} \
        and re.fullmatch(r"\d{1,2}", doc[start - 2].text) is not None \
        and doc[start - 3].lower_.rstrip(".") in sc.months


def _part_of_a_name(sc: Scan, num: Number) -> bool:
    """"Velmo 2 runs", "the Norvale 40 index": a number that is part of a name."""
    doc, prev, nxt, lex = sc.doc, num.prev, num.nxt, sc.lex
    return prev is not None and not num.currency and (prev.is_title or prev.is_upper) \
        and any(c.isalpha() for c in prev.text) and not prev.text.endswith(".") \
        and not starts_sentence(doc, num.start - 1) and prev.lower_ not in lex.dates["weekdays"] \
        and re.fullmatch(r"\d{1,3}", doc[num.i].text) is not None and num.j == num.i + 1 \
        and not (nxt is not None and is_plural_noun(nxt, lex))


def _a_units_number(sc: Scan, num: Number) -> bool:
    """"the army's 7 Division": a unit's number, not a count."""
    doc, nxt, j = sc.doc, num.nxt, num.j
    return nxt is not None and j == num.i + 1 and not num.currency and doc[num.i].text.isdigit() \
        and nxt.text in sc.lex.org_heads and nxt.is_title and not nxt.text.endswith("s") \
        and not (j + 1 < sc.n and doc[j + 1].is_lower and doc[j + 1].pos_ == "NOUN")


def _before_a_month_or_time(sc: Scan, num: Number) -> bool:
    """"4 Mar. 2031", "10:15", "22/03": a day before its month, a part of a time or of a date in figures."""
    nxt = num.nxt
    return nxt is not None and (nxt.lower_.rstrip(".") in sc.months or nxt.text in {":", "/"})


def _the_year_of_an_event(sc: Scan, num: Number) -> bool:
    """"after the 2031 floods", "Velm's 2031 floods": the year of the event, not a count of floods."""
    doc, nxt, prev = sc.doc, num.nxt, num.prev
    if num.value is None or num.currency or not re.fullmatch(r"(1[6-9]|20)\d\d", doc[num.i].text) \
            or num.j != num.i + 1:
        return False
    return not (nxt is not None and is_plural_noun(nxt, sc.lex)) or (
        prev is not None and (prev.lower_ in sc.nums["of_determiners"] or prev.text in {"'s", "’s"}))


# tried in this order; the first that holds drops the number
NOT_A_COUNT: tuple[Callable[[Scan, Number], bool], ...] = (
    _unit_after, _number_to_call, _metres_of_a_race, _proportion, _the_ones_named_before, _a_numbered_name,
    _an_age_after_aged, _an_age_between_commas, _an_age_after_of, _after_a_month_or_dash, _second_day_of_a_date,
    _part_of_a_name, _a_units_number, _before_a_month_or_time, _the_year_of_an_event,
)
