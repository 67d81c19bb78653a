"""A publication date printed near the top of an article, where news pages put it:
a line of its own ("Monday, Oct. 6, 2031", "Posted Apr 2, 2030", a byline
"By Ada Corwen | Friday, May 16, 2031") or a dateline ("HALDEN, Pa. (Jan. 8, 2030) —");
else on a line of its own at the very end, where some pages print it ("Tue 3 Mar 2039
14.20 GMT" under the last paragraph). Only a full calendar date counts (day, month and
year): kg never guesses a year."""

from __future__ import annotations

import json
import re
from datetime import datetime
from functools import lru_cache

from kg.resources import nlp_data_dir

_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]{0,6}\.?"
_DATE = re.compile(
    rf"({_MONTH}\s{{1,3}}\d{{1,2}},?\s{{1,3}}\d{{4}}|\d{{1,2}}\s{{1,3}}{_MONTH},?\s{{1,3}}\d{{4}}|\d{{4}}-\d{{2}}-\d{{2}})"
)
_TOP_LINES = 6  # the headline, a byline, a date line, the dateline paragraph...
_SHORT_LINE = 120  # a line this short with no full stop at its end is not a sentence
_DATE_LINE_WORDS = 8  # besides the date, a date line or byline has a few words ("By Ada Corwen |", "Posted")
_DATELINE_END = re.compile(r"\s{0,3}\)?\s{0,3}[\-—–(]")  # the date ends a dateline: "(Jan. 8, 2030) —"
_FAR_APART = (datetime(2001, 1, 1), datetime(2002, 2, 2))
_CLOCK_END = re.compile(r"\b[ap]\.m\.$", re.I)  # "8:52 p.m.": a time's full stop ends no sentence


def _ends_sentence(line: str) -> bool:
    """The line ends with a full stop that is not a time's ("Updated April 18, 2031, 8:52 p.m.")."""
    return line.endswith(".") and not _CLOCK_END.search(line)


@lru_cache(maxsize=1)
def _dates_data() -> dict:
    """kg/nlp/data/dates.json, read once."""
    return json.loads((nlp_data_dir() / "dates.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _date_line_words() -> frozenset[str]:
    """The words a first line may hold besides a date and still be a date line ("Updated",
    weekdays): kg/nlp/data/dates.json, date_line_words and weekdays."""
    data = _dates_data()
    return frozenset({"", *data["date_line_words"], *data["weekdays"]})


@lru_cache(maxsize=1)
def _short_weekdays() -> frozenset[str]:
    """"mon", "tue", "tues", "wed", "thu", "thur", "thurs" ... from dates.json's weekdays."""
    return frozenset(w[:n] for w in _dates_data()["weekdays"] for n in (3, 4, 5))


def _full_date(value: str) -> str | None:
    """ISO date when ``value`` states day, month and year (parsed with two defaults that
    differ in every field, kept only when both agree), else None."""
    from dateutil import parser as dparser

    try:
        first, second = (dparser.parse(value.replace("Sept.", "Sep."), default=d).date() for d in _FAR_APART)
    except (ValueError, OverflowError, TypeError):
        return None
    return first.isoformat() if first == second else None


# "14/11/2031 08:40", "14.11.2031": a date line written in figures
_NUMERIC = re.compile(r"(?<![\d/.])(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?![\d/]|\.\d)")


@lru_cache(maxsize=1)
def _release_before() -> re.Pattern[str]:
    """A release word right before a number ("version 12.05.2041"): dates.json release_words."""
    words = "|".join(re.escape(w) for w in _dates_data()["release_words"])
    return re.compile(rf"\b(?:{words})\.?\s*$", re.I)


def numeric_dates(text: str) -> list[tuple[int, int, str]]:
    """Every day, month and year written in figures in ``text``, as (start, end, ISO date): day first
    with dots ("14.11.2031"); with slashes only when one of the first two numbers is over 12 and so
    must be the day ("14/11/2031", "11/14/2031"), never a guess between 03/04 and 04/03."""
    found = []
    for m in _NUMERIC.finditer(text):
        if _release_before().search(text, max(0, m.start() - 12), m.start()):
            continue  # "version 12.05.2041": a release's number, not a day
        a, sep, b, year = int(m.group(1)), m.group(2), int(m.group(3)), int(m.group(4))
        if sep == "." or a > 12:
            day, month = a, b
        elif b > 12:
            day, month = b, a
        else:
            continue
        try:
            found.append((m.start(), m.end(), datetime(year, month, day).date().isoformat()))
        except ValueError:
            continue
    return found


def _numeric_date(line: str) -> str | None:
    """The first date written in figures on a short line ("14/11/2031 08:40"), else None."""
    m = _NUMERIC.search(line)
    if m is None:
        return None
    found = numeric_dates(line[m.start():m.end()])
    return found[0][2] if found else None


# "TARSKBY, Feb 7 (Velmpress) -", "ORVIK, Velmland, March 3 (AP) —": an agency's dateline with no year
_YEARLESS = re.compile(
    rf"^[A-Z][A-Z .'’/\-]{{1,40}},(?:[^,\n(]{{1,40}},)?\s{{1,3}}({_MONTH})\s{{1,3}}(\d{{1,2}})\s{{0,3}}"
    rf"(?:\([^)\n]{{1,40}}\)\s{{0,3}})?[\-—–]")


def yearless_dateline_at(text: str) -> tuple[int, int, int, int] | None:
    """(start, end, month, day) of a dateline in the first lines that gives no year ("TARSKBY,
    Feb 7 (Velmpress) -"; start and end of "Feb 7"), else None."""
    seen, pos = 0, 0
    for raw in text[:3000].splitlines(keepends=True):
        line = raw.strip()
        at = pos + len(raw) - len(raw.lstrip())
        pos += len(raw)
        if not line:
            continue
        seen += 1
        if seen > _TOP_LINES:
            break
        m = _YEARLESS.match(line)
        if m:
            try:
                when = datetime.strptime(f"{m.group(1)[:3].title()} {m.group(2)} 2000", "%b %d %Y")
            except ValueError:
                return None
            return at + m.start(1), at + m.end(2), when.month, when.day
    return None


def yearless_dateline(text: str) -> tuple[int, int] | None:
    """(month, day) of a dateline in the first lines that gives no year, else None. kg takes its
    year from the other articles of a build (kg.builder.years), never from the text alone."""
    found = yearless_dateline_at(text)
    return found[2:] if found else None


def top_date(text: str) -> str | None:
    """The publication date the first lines state, else None."""
    seen = 0
    for line in text[:3000].splitlines():
        line = line.strip()
        if not line:
            continue
        seen += 1
        if seen > _TOP_LINES:
            break
        if seen == 1 and _DATE.sub(" ", line).strip(" ,|").lower() not in _date_line_words():
            continue  # the headline: "Remembering Sept. 11, 2001" is about a date, not dated
        # (a first line that is a date and nothing else, "March 9, 2031", dates the article)
        # (separators are no words: "Ada Corwen · Velm News · Posted: Aug 13, 2031 5:30 AM")
        short = len(line) <= _SHORT_LINE and not _ends_sentence(line) \
            and len([w for w in _DATE.sub(" ", line).split() if any(c.isalnum() for c in w)]) <= _DATE_LINE_WORDS
        if short:
            iso = _numeric_date(line)
            if iso:
                return iso
        for m in _DATE.finditer(line if short else line[:100]):
            if not short and not _DATELINE_END.match(line, m.end()):
                continue
            iso = _full_date(m.group(1))
            if iso:
                return iso
    return None


_BOTTOM_LINES = 3  # the last lines: a credit, a byline, the date line
# a time ("14.20", "5:10pm", "p.m."), a time zone ("BST", "GMT+4")
_TIME_WORD = re.compile(r"\d{1,2}[:.]\d{2}(?:[ap]\.?m\.?)?|[apAP]\.?[mM]\.?|[A-Z]{2,4}(?:[+-]\d{1,2})?")
_BOTTOM_WORDS = 3  # besides the date, a weekday, a time and a zone ("Tue", "14.20", "BST")


def bottom_date(text: str) -> str | None:
    """The publication date a short line of its own states among the article's last lines: the
    date and at most three words that are a weekday, a time, a time zone or a date line's word
    (dates.json date_line_words), "at" or "on", nothing else ("Tue 3 Mar 2039 14.20 GMT", "Published on
    3 March 2039"; not "Born 3 March 1950",
    "Applications close 30 April 2039")."""
    lines = [line.strip() for line in text[-1500:].splitlines() if line.strip()][-_BOTTOM_LINES:]
    for line in reversed(lines):
        if len(line) > _SHORT_LINE // 2 or _ends_sentence(line):
            continue
        m = _DATE.search(line)
        if m is None:
            continue
        rest = [w.strip(",.|") for w in _DATE.sub(" ", line).split() if any(c.isalnum() for c in w)]
        if len(rest) <= _BOTTOM_WORDS and all(_TIME_WORD.fullmatch(w) or w.lower() in _date_line_words()
                                              or w.lower() in _short_weekdays() or w.lower() in {"at", "on"}
                                              for w in rest):
            iso = _full_date(m.group(1))
            if iso:
                return iso
    return None
