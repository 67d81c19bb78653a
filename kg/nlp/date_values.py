"""Date values: a date expression normalised to ISO with a precision (:func:`normalise`).

Absolute dates are parsed with python-dateutil; relative ones ("Tuesday", "last
month", "the day before") are resolved against the publication date with
dateutil's relativedelta. A weekday is the latest such day on or before
publication ("next Tuesday": the first one after). A month, or month and day, without a year is the
next one in a clause that looks forward, the latest one in one that looks back (the caller says which:
kg.nlp.dates.clause_tense), else a month is the latest one and a month and day the nearest one.
With no publication date a relative expression keeps its text, unresolved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from dateutil.relativedelta import relativedelta

from kg.nlp.date_patterns import DatePatterns, build_patterns
from kg.nlp.lexicon import Lexicon


@dataclass(frozen=True)
class Resolved:
    value: str | None
    precision: str | None
    relative: bool


def _fmt(d: date, precision: str) -> str:
    """The date written to the precision: "2031-03-09", "2031-03" or "2031"."""
    return {"day": d.isoformat(), "month": d.strftime("%Y-%m"), "year": f"{d.year:04d}"}[precision]


def latest_weekday(weekday: int, anchor: date) -> date:
    """The latest such day on or before the publication date (a bare "Tuesday")."""
    return anchor - timedelta(days=(anchor.weekday() - weekday) % 7)


def next_weekday(weekday: int, anchor: date) -> date:
    """The first such day after the publication date ("next Tuesday")."""
    return anchor + timedelta(days=(weekday - anchor.weekday()) % 7 or 7)


def previous_weekday(weekday: int, anchor: date) -> date:
    """The latest such day before the publication date ("last Sunday" written on a Sunday is a week back)."""
    return anchor - timedelta(days=(anchor.weekday() - weekday - 1) % 7 + 1)


def nearest_month_day(month: int, day: int, anchor: date) -> date | None:
    """A month and day without a year: the one nearest the publication date ("the trial
    starts Sept. 9", published in August, is this September; "on Dec. 30", published
    on Jan. 4, is last December)."""
    found = []
    for year in (anchor.year - 1, anchor.year, anchor.year + 1):
        try:
            found.append(date(year, month, day))
        except ValueError:
            continue
    return min(found, key=lambda d: (abs((d - anchor).days), d > anchor)) if found else None


def next_month_day(month: int, day: int | None, anchor: date) -> date | None:
    """The next such month (or month and day) on or after the publication date."""
    for year in (anchor.year, anchor.year + 1):
        try:
            d = date(year, month, day or 1)
        except ValueError:
            continue
        if (day is None and (year, month) >= (anchor.year, anchor.month)) or (day and d >= anchor):
            return d
    return None


def last_month_day(month: int, day: int | None, anchor: date) -> date | None:
    """The latest such month (or month and day) on or before the publication date."""
    for year in (anchor.year, anchor.year - 1):
        try:
            d = date(year, month, day or 1)
        except ValueError:
            continue
        if (day is None and (year, month) <= (anchor.year, anchor.month)) or (day and d <= anchor):
            return d
    return None


def normalise(
    text: str, published: str | None, lex: Lexicon, previous_day: str | None = None, tense: str | None = None
) -> Resolved:
    """Normalise one date expression. Never raises; unresolvable gives value None. ``tense``
    ("future", "past" or None, from the date's clause: :func:`clause_tense`) decides the year of a
    month, or month and day, written without one."""
    pat = lex.pattern("date_patterns", build_patterns)
    t = _cleaned(text, lex, pat)
    anchor = _iso_date(published)
    try:
        res = _absolute(t, lex, pat)
        if res is None:
            t = _without_weekday(t, lex, pat)
            res = _month_or_day(t, anchor, tense, lex, pat)
        if res is None:
            res = _weekday(t, anchor, tense, lex)
        if res is None:
            res = _relative_day(t, anchor, previous_day, lex)
        if res is None:
            res = _relative_period(t, anchor, lex)
    except (ValueError, OverflowError):
        return Resolved(None, None, False)
    return res if res is not None else Resolved(None, None, False)


def _cleaned(text: str, lex: Lexicon, pat: DatePatterns) -> str:
    """The expression in lower case, without commas, abbreviations' full stops and a leading word of
    context ("on", "last"; not in "last year")."""
    t = re.sub(r"\s+", " ", text.strip().lower().replace(",", " ")).strip()
    t = re.sub(r"\b([a-z]{3,4})\. ", r"\1 ", t)  # "nov. 4 2024"
    if t not in lex.dates["relative_periods"] and not t.startswith(tuple(lex.dates["keep_prefixes"])):
        t = pat.strip.sub("", t)
    return t


def _absolute(t: str, lex: Lexicon, pat: DatePatterns) -> Resolved | None:
    """A date written with its year ("2024-11-04", "Nov 4 2024", "4 November 2024", "November 2024", "2024")."""
    months = lex.dates["months"]
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", t)
    if m:
        return Resolved(date(*map(int, m.groups())).isoformat(), "day", False)
    m = pat.month_day_year.fullmatch(t)
    if m and m.group(2) in months:
        return Resolved(date(int(m.group(4)), months[m.group(2)], int(m.group(3))).isoformat(), "day", False)
    m = pat.day_month_year.fullmatch(t)
    if m and m.group(3) in months:
        return Resolved(date(int(m.group(4)), months[m.group(3)], int(m.group(2))).isoformat(), "day", False)
    m = re.fullmatch(r"(\w+) (\d{4})", t)
    if m and m.group(1) in months:
        return Resolved(f"{int(m.group(2)):04d}-{months[m.group(1)]:02d}", "month", False)
    m = re.fullmatch(r"(\d{4})", t)
    if m:
        return Resolved(m.group(1), "year", False)
    return None


def _without_weekday(t: str, lex: Lexicon, pat: DatePatterns) -> str:
    """"saturday november 17" -> "november 17": the month and day say which Saturday."""
    wm = re.fullmatch(r"(\w+) (.+)", t)
    if wm and wm.group(1) in lex.dates["weekdays"] and pat.day_and_month.fullmatch(wm.group(2)):
        return wm.group(2)
    return t


def _month_or_day(t: str, anchor: date | None, tense: str | None, lex: Lexicon,
                  pat: DatePatterns) -> Resolved | None:
    """A month and day, or a month, without a year: the next one when the clause looks forward, the
    latest one when it looks back, else the nearest day or the latest month."""
    months = lex.dates["months"]
    m = pat.day_and_month.fullmatch(t)
    if m:
        mon = m.group(1) or m.group(4)
        day = int(m.group(2) or m.group(3))
        if mon in months:
            d = None
            if anchor and tense == "future":
                d = next_month_day(months[mon], day, anchor)
            elif anchor and tense == "past":
                d = last_month_day(months[mon], day, anchor)
            elif anchor:
                d = nearest_month_day(months[mon], day, anchor)
            return Resolved(_fmt(d, "day") if d else None, "day", True)
    if t in months:
        d = None
        if anchor:
            d = next_month_day(months[t], None, anchor) if tense == "future" else \
                last_month_day(months[t], None, anchor)
        return Resolved(_fmt(d, "month") if d else None, "month", True)
    return None


def _weekday(t: str, anchor: date | None, tense: str | None, lex: Lexicon) -> Resolved | None:
    """A weekday: "next Tuesday" (tense "next") the one after, "last Sunday" the one before, a bare
    weekday the latest on or before publication."""
    weekdays = lex.dates["weekdays"]
    first = t.split(" ")[0]
    if first not in weekdays:
        return None
    pick = {"next": next_weekday, "last": previous_weekday}.get(tense or "", latest_weekday)
    d = pick(weekdays[first], anchor) if anchor else None
    return Resolved(_fmt(d, "day") if d else None, "day", True)


def _relative_day(t: str, anchor: date | None, previous_day: str | None, lex: Lexicon) -> Resolved | None:
    """"yesterday", "tomorrow" from publication; "the day before", "the day after" from the previous day written."""
    rel = lex.dates["relative_days"].get(t)
    if rel is None:
        return None
    if rel in ("before", "after"):
        base = _iso_date(previous_day) if previous_day else None
        if base is None:
            return Resolved(None, "day", True)
        d = base + timedelta(days=-1 if rel == "before" else 1)
    else:
        if anchor is None:
            return Resolved(None, "day", True)
        d = anchor + timedelta(days=int(rel))
    return Resolved(d.isoformat(), "day", True)


def _relative_period(t: str, anchor: date | None, lex: Lexicon) -> Resolved | None:
    """"last month", "next year" from publication; a week ("last week") gives no day."""
    per = lex.dates["relative_periods"].get(t)
    if per is None:
        return None
    unit, step = per
    if anchor is None:
        return Resolved(None, unit if unit != "week" else "day", True)
    if unit == "month":
        return Resolved(_fmt(anchor + relativedelta(months=step), "month"), "month", True)
    if unit == "year":
        return Resolved(f"{anchor.year + step:04d}", "year", True)
    return Resolved(None, "day", True)


def _iso_date(value: str | None) -> date | None:
    """The date an ISO string opens with, else None."""
    if not value:
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None
