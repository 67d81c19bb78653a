"""Claims side by side: the counts of one happening across articles, grouped, and their figures compared.

Pure functions on the rows of the named queries ``counts`` (value, upper, qualifier, what,
event, date, place, source, sentence) and ``statements`` (speaker, speakerLabel, quote,
source, sentence): dicts whose values are what ``kg.open(...).query`` gives (str, float,
``datetime.date``, None) or plain strings ("" for unbound), so they do not depend on how
the graph stores a count.

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

Each count's **figure** is an interval: "more than x" and "at least x" = (x, inf), "about x"
= (x(1-t), x(1+t)) with the tolerance t, "between a and b" = (a, b), "up to x" and "less
than x" = (0, x), an exact x = (x, x), a vague amount with no number ("hundreds of people")
= (0, inf). A claim is **disputed** when the intervals of two of its articles do not overlap;
the figures that conflict with another article's are marked.

A **statement group** is what one speaker (the same entity) said in different articles
about the same thing: statements in the sentence of a count of one claim, or, for the rest,
statements whose quotes share enough words (Jaccard overlap of their words, function words
left out, at least ``min_overlap``).
"""

from __future__ import annotations

import calendar
import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from kg.nlp.numbers import singular
from kg.resources import nlp_data_dir

__all__ = ["Claim", "Figure", "Said", "Source", "StatementGroup", "disputed_figures", "group_counts",
           "group_statements", "interval", "same_what", "words"]

INF = math.inf
_DAY = re.compile(r"(-?\d{4,})(?:-(\d{2})(?:-(\d{2}))?)?(?:Z|[+-]\d{2}:\d{2})?")  # date, gYearMonth, gYear
_WORD = re.compile(r"[^\W_]+(?:[.,'’][^\W_]+)*")


@dataclass(frozen=True)
class Source:
    """An article as a claim names it: its source name, outlet and publication date, when known."""

    source: str
    outlet: str = ""
    published: date | None = None


@dataclass
class Figure:
    """One article's count in a claim: the row of ``counts``, its interval and who said it."""

    source: str
    value: float | None
    upper: float | None
    qualifier: str
    what: str
    event: str
    date: str
    place: str
    sentence: str
    outlet: str = ""
    published: str = ""
    speaker: str = ""  # the speakers of the statements in the same sentence, "; "-joined
    low: float = 0.0
    high: float = INF
    disputed: bool = False  # its interval does not overlap another article's in the claim

    @property
    def amount(self) -> str:
        """The figure as written: "about 3,000", "20,000–30,000", "more than 6,000", "vague" (no number)."""
        if self.value is None:
            return self.qualifier or "?"
        if self.upper is not None:
            return f"{_number(self.value)}–{_number(self.upper)}"
        q = self.qualifier
        return f"{'' if q in ('exact', '') else q + ' '}{_number(self.value)}"

    @property
    def range(self) -> str:
        """The interval it allows: "2,700–3,300", "10,000–∞", "any" for no number."""
        if self.value is None:
            return "any"
        if self.low == self.high:
            return _number(self.low)
        return f"{_number(self.low)}–{'∞' if self.high == INF else _number(self.high)}"

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["amount"] = self.amount
        d["high"] = None if self.high == INF else self.high  # JSON has no infinity
        return d


@dataclass
class Claim:
    """Counts of one happening from at least two articles."""

    id: str
    event: str
    what: str
    place: str
    first: str  # the earliest date of its counts ("" when none is dated)
    last: str
    figures: list[Figure]
    disputed: bool

    @property
    def sources(self) -> list[str]:
        return sorted({f.source for f in self.figures})

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "event": self.event, "what": self.what, "place": self.place, "first": self.first,
                "last": self.last, "disputed": self.disputed, "sources": self.sources,
                "figures": [f.to_dict() for f in self.figures]}


@dataclass
class Said:
    """One statement of a statement group."""

    source: str
    quote: str
    sentence: str
    outlet: str = ""
    published: str = ""


@dataclass
class StatementGroup:
    """What one speaker said about the same thing in different articles."""

    id: str
    speaker: str  # the entity's IRI
    speaker_label: str
    claim: str  # the claim whose counts' sentences hold the statements, or "" (grouped by shared words)
    statements: list[Said] = field(default_factory=list)

    @property
    def sources(self) -> list[str]:
        return sorted({s.source for s in self.statements})

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "speaker": self.speaker, "speaker_label": self.speaker_label, "claim": self.claim,
                "sources": self.sources, "statements": [asdict(s) for s in self.statements]}


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


def _number(x: float) -> str:
    return f"{int(x):,}" if x == int(x) else f"{x:,.6g}"


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

    ``ceiling``, when given, bounds "more than x" and "at least x" at x * ceiling instead of
    infinity: a reader takes "more than 500" to mean hundreds, not thousands.
    """
    if value is None:
        return 0.0, INF
    if upper is not None:
        return min(value, upper), max(value, upper)
    q = qualifier.lower()
    if q in ("more than", "at least"):
        return value, value * ceiling if ceiling else INF
    if q == "about":
        return round(value * (1 - tolerance), 9), round(value * (1 + tolerance), 9)
    if q in ("up to", "less than"):
        return 0.0, value
    if q == "vague":
        return 0.0, INF
    return value, value


def _overlap(a: Figure, b: Figure) -> bool:
    return a.low <= b.high and b.low <= a.high


# ------------------------------------------------------------------------------------------ words
@cache
def _irregular() -> dict[str, str]:
    data = json.loads((nlp_data_dir() / "numbers.json").read_text(encoding="utf-8"))
    return dict(data.get("irregular_plurals", {}))


@cache
def _stopwords() -> frozenset[str]:
    lines = (Path(__file__).with_name("stopwords.txt")).read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip() for w in lines if w.strip() and not w.startswith("#"))


def _singular(word: str) -> str:
    return singular(word, _irregular())


def _what_words(what: str) -> tuple[str, ...]:
    return tuple(w.lower() for w in _WORD.findall(what))


def _contains(big: tuple[str, ...], small: tuple[str, ...]) -> bool:
    n = len(small)
    return any(big[i:i + n] == small for i in range(len(big) - n + 1))


def same_what(a: str, b: str) -> bool:
    """The same head noun after lower-casing and singularising, or one phrase inside the other."""
    wa, wb = _what_words(a), _what_words(b)
    if not wa or not wb:
        return False
    return _singular(wa[-1]) == _singular(wb[-1]) or _contains(wa, wb) or _contains(wb, wa)


def words(text: str) -> frozenset[str]:
    """The words of a quote that say what it is about: lower case, no function words, numbers
    without their thousands commas ("3,500" -> "3500")."""
    out = set()
    for w in _WORD.findall(text.lower()):
        w = w.replace(",", "").replace("’", "'")
        if w not in _stopwords() and (len(w) > 2 or w.isdigit()):
            out.add(w)
    return frozenset(out)


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


# ----------------------------------------------------------------------------------------- counts
@dataclass
class _Count:
    figure: Figure
    when: tuple[date, date] | None  # its own days, else its article's publication day
    dated: tuple[date, date] | None  # its own days only
    order: int


def _sources(sources: Mapping[str, Source] | Iterable[Source] | None) -> dict[str, Source]:
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


def _counts(rows: Iterable[Mapping[str, Any]], arts: dict[str, Source], speakers: dict[tuple[str, str], list[str]],
            tolerance: float, ceiling: float | None) -> list[_Count]:
    out = []
    for i, r in enumerate(rows):
        what = _text(r.get("what")).strip()
        if not what:
            continue  # nothing to compare it with
        source, sentence = _text(r.get("source")), _text(r.get("sentence"))
        value, upper, qualifier = _float(r.get("value")), _float(r.get("upper")), _text(r.get("qualifier"))
        art = arts.get(source, Source(source))
        low, high = interval(value, upper, qualifier, tolerance=tolerance, ceiling=ceiling)
        fig = Figure(source=source, value=value, upper=upper, qualifier=qualifier, what=what,
                     event=_text(r.get("event")), date=_text(r.get("date")), place=_text(r.get("place")),
                     sentence=sentence, outlet=art.outlet, published=_text(art.published),
                     speaker="; ".join(speakers.get((source, sentence), [])), low=low, high=high)
        dated = _days(fig.date)
        when = dated or _days(_text(art.published))
        out.append(_Count(fig, when, dated, i))
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


def _mark_disputes(figures: list[Figure]) -> bool:
    disputed = False
    for i, a in enumerate(figures):
        for b in figures[i + 1:]:
            if a.source != b.source and not _overlap(a, b):
                a.disputed = b.disputed = True
                disputed = True
    return disputed


def _claim(members: list[_Count]) -> Claim:
    figures = [m.figure for m in members]
    dated = sorted(m.dated for m in members if m.dated)
    places = Counter(f.place for f in figures if f.place)
    return Claim(id="", event=figures[0].event, what=min((f.what for f in figures), key=lambda w: (len(w), w)),
                 place=places.most_common(1)[0][0] if places else "",
                 first=dated[0][0].isoformat() if dated else "",
                 last=max(d[1] for d in dated).isoformat() if dated else "",
                 figures=figures, disputed=_mark_disputes(figures))


def group_counts(rows: Iterable[Mapping[str, Any]], window_days: int = 7, tolerance: float = 0.1, *,
                 ceiling: float | None = None, statements: Iterable[Mapping[str, Any]] = (),
                 sources: Mapping[str, Source] | Iterable[Source] | None = None) -> list[Claim]:
    """The claims among the rows of the ``counts`` query, in date order (undated last), ids c1, c2, ...

    ``statements`` (rows of the ``statements`` query) name each figure's speaker;
    ``sources`` give outlets and publication dates (an undated count is then dated by its article).
    """
    arts = _sources(sources)
    counts = _counts(rows, arts, _speakers(statements), tolerance, ceiling)
    counts.sort(key=lambda c: (c.when is None, c.when or (date.min, date.min), c.order))
    groups: list[list[_Count]] = []
    for c in counts:
        home = next((g for g in groups if all(_same_happening(c, m, window_days) for m in g)), None)
        if home is None:
            groups.append([c])
        else:
            home.append(c)
    claims = []
    for g in groups:
        if len({m.figure.source for m in g}) < 2:
            continue
        g.sort(key=lambda m: (m.figure.source, m.order))
        claims.append(_claim(g))
    claims.sort(key=lambda c: (not c.first, c.first, c.event, c.what, c.sources))
    for i, c in enumerate(claims, 1):
        c.id = f"c{i}"
    return claims


def disputed_figures(claims: Iterable[Claim]) -> set[tuple[str, str, str]]:
    """(source, sentence, what) of every figure that conflicts with another article's: what a
    view of the ``counts`` or ``timeline`` rows needs to mark a row as disputed."""
    return {(f.source, f.sentence, f.what) for c in claims for f in c.figures if f.disputed}


# ------------------------------------------------------------------------------------- statements
def group_statements(rows: Iterable[Mapping[str, Any]], claims: Iterable[Claim] = (), *, min_overlap: float = 0.3,
                     sources: Mapping[str, Source] | Iterable[Source] | None = None) -> list[StatementGroup]:
    """Statement groups among the rows of the ``statements`` query, ids s1, s2, ...

    First, per claim and speaker, the statements made in the sentences of the claim's counts
    (from two articles or more); then, per speaker, the other statements whose quotes share
    at least ``min_overlap`` of their words (Jaccard) with one already in the group.
    Statements whose speaker is no entity (no IRI) are left out: "the same speaker" needs one.
    """
    arts = _sources(sources)
    said: list[tuple[str, str, Said]] = []
    for r in rows:
        speaker = _text(r.get("speaker"))
        if not speaker:
            continue
        source = _text(r.get("source"))
        art = arts.get(source, Source(source))
        said.append((speaker, _text(r.get("speakerLabel")) or speaker,
                     Said(source=source, quote=_text(r.get("quote")), sentence=_text(r.get("sentence")),
                          outlet=art.outlet, published=_text(art.published))))
    claims = list(claims)
    rank = {c.id: i for i, c in enumerate(claims)}
    where = {(f.source, f.sentence): c.id for c in claims for f in c.figures}
    groups: list[StatementGroup] = []
    used: set[int] = set()
    by_claim: dict[tuple[str, str], list[int]] = {}
    for i, (speaker, _, s) in enumerate(said):
        if (s.source, s.sentence) in where:
            by_claim.setdefault((where[s.source, s.sentence], speaker), []).append(i)
    for (claim, speaker), members in by_claim.items():
        if len({said[i][2].source for i in members}) >= 2:
            groups.append(StatementGroup("", speaker, said[members[0]][1], claim, [said[i][2] for i in members]))
            used.update(members)
    rest: dict[str, list[list[int]]] = {}
    for i, (speaker, _, s) in enumerate(said):
        if i in used:
            continue
        ws = words(s.quote)
        clusters = rest.setdefault(speaker, [])
        home = next((c for c in clusters if any(_jaccard(ws, words(said[j][2].quote)) >= min_overlap for j in c)),
                    None)
        if home is None:
            clusters.append([i])
        else:
            home.append(i)
    for speaker, clusters in rest.items():
        for members in clusters:
            if len({said[i][2].source for i in members}) >= 2:
                groups.append(StatementGroup("", speaker, said[members[0]][1], "", [said[i][2] for i in members]))
    groups.sort(key=lambda g: (not g.claim, rank.get(g.claim, 0), g.speaker_label, g.sources))
    for i, g in enumerate(groups, 1):
        g.id = f"s{i}"
        g.statements.sort(key=lambda s: s.source)
    return groups
