"""Claims side by side: the counts of one happening across articles, grouped, and their figures compared.

Pure functions on the rows of the named query ``counts`` (value, upper, qualifier, what, event,
date, place, source, sentence; and, where given, the count's ``text`` and its offset ``at`` in the
sentence) and of ``statements`` (kg.claims.statements): dicts whose values are what
``kg.open(...).query`` gives (str, float, ``datetime.date``, None) or plain strings ("" for
unbound), so they do not depend on how the graph stores a count.

A **claim** is a group of counts, from at least two articles, of the same happening: two
counts are of the same happening when they have

- the same event type (counts with no event only when both have the same place),
- a compatible "what": the same head noun (last word, lower case, singular) or one
  phrase inside the other ("ISIS fighters" and "fighters"),
- the same place when both have one,
- dates at most ``window_days`` apart (a count with no date of its own is dated by its
  article's publication date when that is known, else it fits any date).

Counts are taken in date order and each joins the first group all of whose counts it
matches (complete linkage: no chain of near-matches drifts from one happening to another).
Only the groups that can match are looked at: groups are indexed by event and by the words of
what they count, and a group whose dated counts all lie more than the window behind is closed,
so 16,000 counts are grouped in well under a second.

Each count's **figure** is an interval: "more than x" and "at least x" = (x, inf), "about x"
= (x(1-t), x(1+t)) with the tolerance t, "between a and b" = (a, b), "up to x" and "less
than x" = (0, x), an exact x = (x, x), a vague amount with no number ("hundreds of people")
= (0, inf). Each figure also has a **reading** (kg.claims.readings): "200 more people",
"expected to evacuate", "designed to accommodate 20,000", a total so far or one day's figure.
A claim is **disputed** when the intervals of two of its articles' figures of comparable
readings do not overlap; the figures that conflict with another article's are marked. An
article that gives the same figure twice for a claim is one figure (``repeated`` says how often).
"""

from __future__ import annotations

import calendar
import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from typing import Any

from kg.claims import readings
from kg.claims.model import INF, Claim, Figure, Said, Source, StatementGroup
from kg.claims.statements import group_statements, words
from kg.nlp.numbers import singular
from kg.resources import nlp_data_dir

__all__ = ["Claim", "Figure", "Said", "Source", "StatementGroup", "disputed_figures", "group_counts",
           "group_statements", "interval", "same_what", "source_map", "words"]

_DAY = re.compile(r"(-?\d{4,})(?:-(\d{2})(?:-(\d{2}))?)?(?:Z|[+-]\d{2}:\d{2})?")  # date, gYearMonth, gYear
_WORD = re.compile(r"[^\W_]+(?:[.,'’][^\W_]+)*")
Progress = Callable[[int], None]  # called with the number of counts done since the last call


# ------------------------------------------------------------------------------------------- values
def _text(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, date):
        return v.isoformat()
    return str(v)


def _float(v: Any) -> float | None:
    """A finite number, or None ("", "x", 1e400, NaN)."""
    if v is None or v == "":
        return None
    try:
        x = float(v)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) else None


def _offset(v: Any) -> int | None:
    x = _float(v)
    return int(x) if x is not None and x >= 0 and x == int(x) else None


def _days(value: str) -> tuple[date, date] | None:
    """The days a date, year-month or year covers (first, last); None if it is no real date."""
    m = _DAY.fullmatch(value)
    if m is None:
        return None
    try:
        year = int(m[1])
        if m[3]:
            d = date(year, int(m[2]), int(m[3]))
            return d, d
        if m[2]:
            month = int(m[2])
            return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])
        return date(year, 1, 1), date(year, 12, 31)
    except (ValueError, OverflowError):  # 2019-02-30, month 13, year 0
        return None


def interval(value: float | None, upper: float | None, qualifier: str, *, tolerance: float = 0.1,
             ceiling: float | None = None) -> tuple[float, float]:
    """The range of numbers a count allows (see the module's docstring).

    What each qualifier allows is data (kg/claims/readings.json ``intervals``). ``ceiling``, when
    given, bounds "more than x" and "at least x" at x * ceiling instead of infinity: a reader
    takes "more than 500" to mean hundreds, not thousands.
    """
    if value is None:
        return 0.0, INF
    if upper is not None:
        return min(value, upper), max(value, upper)
    shape = readings.readings().intervals.get(qualifier.lower(), "exact")  # kg/claims/readings.json
    return {"from": (value, value * ceiling if ceiling else INF),
            "around": (round(value * (1 - tolerance), 9), round(value * (1 + tolerance), 9)),
            "to": (0.0, value), "any": (0.0, INF)}.get(shape, (value, value))


# ------------------------------------------------------------------------------------------ words
@cache
def _irregular() -> dict[str, str]:
    data = json.loads((nlp_data_dir() / "numbers.json").read_text(encoding="utf-8"))
    return dict(data.get("irregular_plurals", {}))


@cache
def _what_words(what: str) -> tuple[str, ...]:
    return tuple(w.lower() for w in _WORD.findall(what))


@cache
def _head(what: str) -> str:
    wa = _what_words(what)
    return singular(wa[-1], _irregular()) if wa else ""


def _contains(big: tuple[str, ...], small: tuple[str, ...]) -> bool:
    n = len(small)
    return any(big[i:i + n] == small for i in range(len(big) - n + 1))


def same_what(a: str, b: str) -> bool:
    """The same head noun after lower-casing and singularising, or one phrase inside the other."""
    wa, wb = _what_words(a), _what_words(b)
    if not wa or not wb:
        return False
    return _head(a) == _head(b) or _contains(wa, wb) or _contains(wb, wa)


@cache
def _keys(what: str) -> frozenset[str]:
    """The index keys of a what: its words, and its head noun. Two whats that are the same
    (``same_what``) share a key: the head of one, or the last word of the phrase inside the other."""
    return frozenset(_what_words(what)) | {_head(what)}


# ----------------------------------------------------------------------------------------- counts
@dataclass
class _Count:
    figure: Figure
    when: tuple[date, date] | None  # its own days, else its article's publication day
    dated: tuple[date, date] | None  # its own days only
    order: int
    text: str = ""  # the count as written in its sentence, where the rows give it
    at: int | None = None  # where in the sentence

    def read(self) -> None:
        """Its figure's reading and vague words (only a claim's counts need them)."""
        f = self.figure
        f.reading = readings.read(f.what, f.sentence, self.text, self.at)
        f.vague = readings.vague_words(self.text) if f.value is None else ""


@dataclass
class _Group:
    number: int  # groups are tried in the order they were made
    members: list[_Count] = field(default_factory=list)
    ends: date | None = None  # the earliest last day of its dated members

    def add(self, c: _Count) -> None:
        self.members.append(c)
        if c.when is not None and (self.ends is None or c.when[1] < self.ends):
            self.ends = c.when[1]


def source_map(sources: Mapping[str, Source] | Iterable[Source] | None) -> dict[str, Source]:
    if sources is None:
        return {}
    if isinstance(sources, Mapping):
        return dict(sources)
    return {s.source: s for s in sources}


def _speakers(statements: Iterable[Mapping[str, Any]]) -> dict[tuple[str, str], list[str]]:
    out: dict[tuple[str, str], list[str]] = {}
    for r in statements:
        label = _text(r.get("speakerLabel"))
        key = (_text(r.get("source")), _text(r.get("sentence")))
        if label and label not in out.setdefault(key, []):
            out[key].append(label)
    return out


def _figure(r: Mapping[str, Any], art: Source, speakers: dict[tuple[str, str], list[str]], tolerance: float,
            ceiling: float | None) -> Figure:
    source, sentence, what = _text(r.get("source")), _text(r.get("sentence")), _text(r.get("what")).strip()
    value, upper, qualifier = _float(r.get("value")), _float(r.get("upper")), _text(r.get("qualifier"))
    low, high = interval(value, upper, qualifier, tolerance=tolerance, ceiling=ceiling)
    return Figure(source=source, value=value, upper=upper, qualifier=qualifier, what=what,
                  event=_text(r.get("event")), date=_text(r.get("date")), place=_text(r.get("place")),
                  sentence=sentence, outlet=art.outlet, published=_text(art.published),
                  speaker="; ".join(speakers.get((source, sentence), [])), low=low, high=high)


def _counts(rows: Iterable[Mapping[str, Any]], arts: dict[str, Source], speakers: dict[tuple[str, str], list[str]],
            tolerance: float, ceiling: float | None) -> list[_Count]:
    out = []
    for i, r in enumerate(rows):
        if not _text(r.get("what")).strip():
            continue  # nothing to compare it with
        source = _text(r.get("source"))
        art = arts.get(source, Source(source))
        fig = _figure(r, art, speakers, tolerance, ceiling)
        dated = _days(fig.date)
        out.append(_Count(fig, dated or _days(_text(art.published)), dated, i, _text(r.get("text")),
                          _offset(r.get("at"))))
    return out


def _near(a: tuple[date, date] | None, b: tuple[date, date] | None, window: int) -> bool:
    if a is None or b is None:
        return True
    gap = (max(a[0], b[0]) - min(a[1], b[1])).days
    return gap <= window


def _same_happening(a: _Count, b: _Count, window: int) -> bool:
    fa, fb = a.figure, b.figure
    if fa.event != fb.event:
        return False
    if not fa.event and not (fa.place and fb.place):
        return False  # no event: only what and place can say it is the same happening
    if fa.place and fb.place and fa.place.casefold() != fb.place.casefold():
        return False
    return same_what(fa.what, fb.what) and _near(a.when, b.when, window)


def _groups(counts: list[_Count], window: int, progress: Progress | None) -> list[_Group]:
    """Each count (in date order) into the first group all of whose counts it matches; only
    the groups of its event sharing a key of its what are tried, and of those only the open
    ones (a dated count after a group's window closes is never near its earliest-ending member)."""
    groups: list[_Group] = []
    index: dict[tuple[str, str], list[_Group]] = defaultdict(list)
    closed: dict[tuple[str, str], list[_Group]] = defaultdict(list)  # still open to undated counts
    for n, c in enumerate(counts, 1):
        event, keys = c.figure.event, _keys(c.figure.what)
        tried: dict[int, _Group] = {}
        for k in keys:
            bucket = index[event, k]
            if c.when is not None:  # counts come in date order: set aside the groups closed for good
                shut = [g for g in bucket if g.ends is not None and (c.when[0] - g.ends).days > window]
                if shut:
                    closed[event, k] += shut
                    bucket[:] = [g for g in bucket if g.ends is None or (c.when[0] - g.ends).days <= window]
            else:
                tried.update((g.number, g) for g in closed[event, k])
            tried.update((g.number, g) for g in bucket)
        home = next((tried[i] for i in sorted(tried)
                     if all(_same_happening(c, m, window) for m in tried[i].members)), None)
        if home is None:
            home = _Group(len(groups))
            groups.append(home)
            for k in keys:
                index[event, k].append(home)
        home.add(c)
        if progress and n % 1000 == 0:
            progress(1000)
    if progress:
        progress(len(counts) % 1000)
    return groups


def _one_each(members: list[_Count]) -> list[Figure]:
    """The figures of a group, an article's repeated figure (same numbers, same reading) once."""
    seen: dict[tuple, Figure] = {}
    for m in members:
        f = m.figure
        key = (f.source, f.value, f.upper, f.qualifier.lower(), f.reading)
        if key in seen:
            seen[key].repeated += 1
        else:
            seen[key] = f
    return list(seen.values())


def _mark_disputes(figures: list[Figure]) -> bool:
    disputed = False
    for i, a in enumerate(figures):
        for b in figures[i + 1:]:
            if a.source != b.source and readings.comparable(a.reading, b.reading) \
                    and not (a.low <= b.high and b.low <= a.high):
                a.disputed = b.disputed = True
                disputed = True
    return disputed


def _claim(members: list[_Count]) -> Claim:
    for m in members:
        m.read()
    figures = _one_each(members)
    dated = sorted(m.dated for m in members if m.dated)
    places = Counter(f.place for f in figures if f.place)
    return Claim(id="", event=figures[0].event, what=min((f.what for f in figures), key=lambda w: (len(w), w)),
                 place=places.most_common(1)[0][0] if places else "",
                 first=dated[0][0].isoformat() if dated else "",
                 last=max(d[1] for d in dated).isoformat() if dated else "",
                 figures=figures, disputed=_mark_disputes(figures))


def group_counts(rows: Iterable[Mapping[str, Any]], window_days: int = 7, tolerance: float = 0.1, *,
                 ceiling: float | None = None, statements: Iterable[Mapping[str, Any]] = (),
                 sources: Mapping[str, Source] | Iterable[Source] | None = None,
                 progress: Progress | None = None) -> list[Claim]:
    """The claims among the rows of the ``counts`` query, in date order (undated last), ids c1, c2, ...

    ``statements`` (rows of the ``statements`` query) name each figure's speaker;
    ``sources`` give outlets and publication dates (an undated count is then dated by its article);
    ``progress`` hears how many counts were grouped (in steps of 1,000).
    """
    arts = source_map(sources)
    counts = _counts(rows, arts, _speakers(statements), tolerance, ceiling)
    counts.sort(key=lambda c: (c.when is None, c.when or (date.min, date.min), c.order))
    claims = []
    for g in _groups(counts, window_days, progress):
        if len({m.figure.source for m in g.members}) < 2:
            continue
        g.members.sort(key=lambda m: (m.figure.source, m.order))
        claims.append(_claim(g.members))
    claims.sort(key=lambda c: (not c.first, c.first, c.event, c.what, c.sources))
    for i, c in enumerate(claims, 1):
        c.id = f"c{i}"
    return claims


def disputed_figures(claims: Iterable[Claim]) -> set[tuple[str, str, str]]:
    """(source, sentence, what) of every figure that conflicts with another article's: what a
    view of the ``counts`` or ``timeline`` rows needs to mark a row as disputed."""
    return {(f.source, f.sentence, f.what) for c in claims for f in c.figures if f.disputed}
