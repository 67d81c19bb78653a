"""The data of kg claims: plain dataclasses, no grouping logic (kg.claims.group makes them).

Source     an article as a claim names it
Figure     one article's count in a claim: what it says, the interval it allows, how it reads
Claim      counts of one happening from at least two articles
Said       one statement of a statement group
StatementGroup  what one speaker said about the same thing in different articles
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Any

__all__ = ["INF", "Claim", "Figure", "Said", "Source", "StatementGroup", "number"]

INF = math.inf


def number(x: float) -> str:
    """1234 -> "1,234", 2.5 -> "2.5"."""
    return f"{int(x):,}" if x == int(x) else f"{x:,.6g}"


@dataclass(frozen=True)
class Source:
    """An article as a claim names it: its source name, outlet and publication date, when known."""

    source: str
    outlet: str = ""
    published: date | None = None


@dataclass
class Figure:
    """One article's count in a claim: the row of ``counts``, its interval and who said it.

    ``reading`` is how the sentence reads the figure (kg/claims/readings.json): "" for a count
    of the happening itself, else "more" (added to an earlier figure), "expected" (planned,
    not yet happened), "capacity" (what a place holds), "cumulative" (a total so far) or
    "daily" (one day's); figures of readings that are not comparable never dispute each other.
    ``vague``: the words of an amount with no number ("hundreds"), "" otherwise."""

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
    reading: str = ""
    vague: str = ""
    repeated: int = 1  # how many times its article gives this figure for the claim (one source all the same)

    @property
    def amount(self) -> str:
        """The figure as written: "about 3,000", "20,000–30,000", "more than 6,000", "hundreds" (no number)."""
        if self.value is None:
            return self.vague or self.qualifier or "?"
        if self.upper is not None:
            return f"{number(self.value)}–{number(self.upper)}"
        q = self.qualifier
        return f"{'' if q in ('exact', '') else q + ' '}{number(self.value)}"

    @property
    def reads(self) -> str:
        """How the sentence reads it, as words ("expected", "capacity", "total so far"), "" for a plain count."""
        from kg.claims.readings import label

        return label(self.reading) if self.reading else ""

    @property
    def shown(self) -> str:
        """The amount and how it reads: "200 (more)", "20,000 (capacity)", "3,500"."""
        return f"{self.amount} ({self.reads})" if self.reading else self.amount

    @property
    def range(self) -> str:
        """The interval it allows: "2,700–3,300", "10,000–∞", "any" for no number."""
        if self.value is None:
            return "any"
        if self.low == self.high:
            return number(self.low)
        return f"{number(self.low)}–{'∞' if self.high == INF else number(self.high)}"

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["amount"] = self.amount
        d["reads"] = self.reads
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
