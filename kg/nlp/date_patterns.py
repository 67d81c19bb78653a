"""The date regular expressions (:class:`DatePatterns`), built once per lexicon from dates.json's words."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kg.nlp.lexicon import Lexicon


@dataclass(frozen=True)
class DatePatterns:
    """The date regular expressions, built once per lexicon from dates.json's words."""

    strip: re.Pattern[str]  # a leading word that is context, not part of the date ("on", "last")
    month_day_year: re.Pattern[str]
    day_month_year: re.Pattern[str]
    day_and_month: re.Pattern[str]
    find: re.Pattern[str]  # every date expression in a text
    lead: re.Pattern[str]  # the preposition before a month or year found by ``find``
    recurring: re.Pattern[str]  # after a weekday: "s", "through Thursday", " mornings"
    recurring_tail: re.Pattern[str]  # after a pair of weekdays: " mornings", " each week"
    second_day: re.Pattern[str]  # after a month and day: "and 4" ("March 3 and 4")


def _alt(words: list[str]) -> str:
    """The words as alternatives of a regular expression, each escaped."""
    return "|".join(re.escape(w) for w in words)


def build_patterns(lex: Lexicon) -> DatePatterns:
    """The date patterns of the lexicon (kept by ``lex.pattern("date_patterns", build_patterns)``)."""
    d = lex.dates
    nth = f"(?:{_alt(d['ordinal_suffixes'])})"
    preps = "|".join([_alt(d["prepositions"]), *(re.escape(p) + "-?" for p in d["attached_prefixes"])])
    return DatePatterns(
        strip=re.compile(rf"^(?:{_alt(d['strip_prefixes'])}) "),
        month_day_year=re.compile(rf"(?:(\w+) )?(\w+) (\d{{1,2}}){nth}? (\d{{4}})"),
        day_month_year=re.compile(rf"(?:(\w+) )?(\d{{1,2}}){nth}? (\w+) (\d{{4}})"),
        day_and_month=re.compile(rf"(\w+) (\d{{1,2}}){nth}?|(\d{{1,2}}){nth}? (\w+)"),
        find=_word_pattern(lex, nth, preps),
        lead=re.compile(rf"(?i:{preps})\s+"),
        recurring=re.compile(
            rf"(?:\s+(?:{_alt(d['range_words'])})\s+(?:{_alt([w.capitalize() for w in d['weekdays']])})\b"
            rf"|s?\s+(?:{_alt(d['recurring_after'])})\b)"
        ),
        # "Monday and Thursday mornings", "... each week": what comes after a pair of weekdays that repeats
        recurring_tail=re.compile(rf"s?\s+(?:{_alt(d['recurring_after'])})\b|\s+(?:each|every|a)\s+week\b",
                                  re.I),
        # "and 4" ends the date: not "and 4 people", "and 4,000", "- 7:40pm" (a time)
        # (nor "5 Mar 2031 and 6 Sept. 2031": a day with its own month)
        second_day=re.compile(rf"\s*(?:{_alt(d['range_words'])})\s*(\d{{1,2}})\b(?![,.:]?\d)(?!,?\s+\d{{4}})"
                              rf"(?!\s+(?!(?:{_alt(d['prepositions'])})\b)[a-z])"
                              rf"(?!\s+(?:{_alt([m.capitalize() for m in d['months']])})\b)"),
    )


# ----------------------------------------------------------------- the finding pattern
def _word_pattern(lex: Lexicon, nth: str, preps: str) -> re.Pattern[str]:
    """The pattern of every date expression a text may write in words or figures."""
    short = set(lex.dates["short_month_names"])
    names = {m.capitalize() for m in lex.dates["months"] if len(m) > 3 or m in short}
    months_cap = "|".join(sorted(names, key=len, reverse=True))
    # abbreviations ("Nov. 4, 2024") only where a day follows, with a year or the abbreviation's
    # full stop ("Aug. 21"): "Mar" alone may be a name
    abbr = "|".join(sorted({m.capitalize() for m in lex.dates["months"]} - names, key=len, reverse=True))
    wd = "|".join(w.capitalize() for w in lex.dates["weekdays"])
    rel_days = "|".join(re.escape(k) for k in sorted(lex.dates["relative_days"], key=len, reverse=True))
    rel_per = "|".join(re.escape(k) for k in sorted(lex.dates["relative_periods"], key=len, reverse=True))
    rel_cap = "|".join(re.escape(k[:1].upper() + k[1:]) for k in sorted(
        [*lex.dates["relative_days"], *lex.dates["relative_periods"]], key=len, reverse=True) if k[:1].isalpha())
    age = _alt(lex.dates["not_after_year"])
    scheduled = "|".join(rf"(?<=\b{re.escape(w)} for )" for w in lex.dates["scheduled_for"])
    counted = _alt(lex.dates["not_after_bare_year"])
    # (spaces, never a line break: "Cuts Power To 23\n\nMarch 4" is no "23 March")
    # Every alternative starts a word: the guard "(?<![^\W_])" (no letter or digit before) lets the
    # engine leave the middle of a word at once instead of trying all of them there (3x faster)
    return re.compile(
        rf"(?<![^\W_])(?:\b(?:(?:{wd}),?[^\S\n]+)?(?:(?:{months_cap}|{abbr})\.?[^\S\n]+\d{{1,2}}{nth}?,?[^\S\n]+\d{{4}}"
        rf"|\d{{1,2}}[^\S\n]+(?:{months_cap}|{abbr})\.?,?[^\S\n]+\d{{4}}"  # "9 Apr 2031", "9 Apr, 2031"
        rf"|(?:{months_cap})[^\S\n]+\d{{4}}"
        rf"|(?:{months_cap})\.?[^\S\n]+\d{{1,2}}{nth}?\b(?!,?[^\S\n]*\d{{4}})"
        rf"|(?:{abbr})\.[^\S\n]+\d{{1,2}}{nth}?\b(?!,?[^\S\n]*\d{{4}})"  # "Aug. 21": the full stop makes it a month
        # "on Oct 3", "by Apr 9": a preposition before an abbreviation without its full stop
        rf"|(?:(?<=\bon )|(?<=\bby )|(?<=\buntil )|(?<=\bsince )|(?<=\bfrom ))(?:{abbr})[^\S\n]+\d{{1,2}}{nth}?\b"
        rf"(?!,?[^\S\n]*\d{{4}})(?![.,]?\d)(?![^\S\n]+(?:{counted})\b)"  # (not "Jan 3 weeks ago")
        rf"|\d{{1,2}}{nth}?[^\S\n]+(?:{months_cap})\b"
        rf"|(?:{wd})\b"
        rf")"
        rf"|\b\d{{4}}-\d{{2}}-\d{{2}}\b"
        rf"|\b(?i:{preps})[^\S\n]+(?:{months_cap})\b(?!\.?[^\S\n]+\d)"  # "in May", "In January, ..." (not "Sept. 9")
        # "last November", "next March": the month before the publication or after it
        # (not "the last May Day parade", "the next March Against Hunger": a name, no date)
        rf"|(?<!\bthe )(?<!\bThe )\b(?i:{_alt(list(lex.dates['month_steps']))})[^\S\n]+(?:{months_cap})\b"
        rf"(?!\.?[^\S\n]+\d)(?![^\S\n]+[A-Z])"
        # "unpaid March wages", "the June exams": a month before a plural noun is when they fall
        # (not "May", a modal verb as often)
        rf"|(?:{months_cap.replace('May|', '').replace('|May', '')})(?=[^\S\n]+[a-z]{{3,}}s\b)"
        # "scheduled for June", "due for March": what is planned for a month
        rf"|(?:{scheduled})(?:{months_cap})\b(?!\.?[^\S\n]+\d)(?![^\S\n]+[A-Z])"
        rf"|\b(?i:{preps})[^\S\n]+(?:1[89]\d\d|20\d\d)\b(?![^\S\n]*[-–]?[^\S\n]*(?:{age}))"
        # an older year only after "in" or "since" and before a clause's end: "built in Orvik in 1688."
        rf"|\b(?i:in|since)[^\S\n]+1[0-7]\d\d\b(?=[^\S\n]*(?:[,.;:)]|$))"
        # a year before a noun, after an article or possessive: "the 2028 election", "its 2019 budget",
        # "Velm's 2009 drought", "a 2029 upgrade"
        rf"|(?:(?<=\bthe )|(?<=\bThe )|(?<=\bits )|(?<=\btheir )|(?<=\w's )|(?<=\w’s ))(?:1[89]\d\d|20\d\d)\b"
        rf"(?![^\S\n]*[-–]?[^\S\n]*(?:{age}))(?=[^\S\n]+[A-Za-z])"  # "the 2030 World Cup" too
        # ("a 2029 upgrade", not "a 2000 km journey", "a 1900 page report": a measure before its noun)
        rf"|(?:(?<=\ba )|(?<=\bA ))(?:19\d\d|20\d\d)\b(?![^\S\n]*[-–]?[^\S\n]*(?:{age}))"
        rf"(?![^\S\n]+(?:{_alt(lex.dates['not_after_article_year'])})\b)(?=[^\S\n]+[a-z])"
        # "its appeal for 2031" (not "for 2000 days"), "between 2011 and 2017" (not "1200 and 1900 voters")
        rf"|(?<=\bfor )(?:1[89]\d\d|20\d\d)\b(?![-–,.]?\d)(?![^\S\n]+(?:{counted})\b)"
        rf"|(?<=\d\d\d\d and )(?:1[89]\d\d|20\d\d)\b(?![-–,.]?\d)(?![^\S\n]+(?:{counted})\b)"
        # "from 2004 to 2009": the end of a period of years
        rf"|(?<=\d\d\d\d to )(?:1[89]\d\d|20\d\d)\b(?![-–,.]?\d)(?![^\S\n]+(?:{counted})\b)"
        rf"|\b(?:{rel_days}|{rel_per}|{rel_cap})\b)",  # "Last year, ...": also with a capital, opening a sentence
    )
