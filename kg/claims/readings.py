"""How a sentence reads a count, from the words around it (kg/claims/readings.json): "200 more
people", "expected to evacuate", "designed to accommodate 20,000", a total so far or one day's.

The words looked at are those of the count's clause only: the context before the count stops
at the last punctuation mark or number before it, the context after at the first one after it,
so "3,500 people died, and 200 more could ..." does not read 3,500 as expected.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = ["Readings", "comparable", "label", "read", "readings", "vague_in", "vague_words"]

DATA = Path(__file__).with_name("readings.json")
_WORD = re.compile(r"[^\W_]+")
_STOP = re.compile(r"[,;:.!?()\[\]\"“”]|\d")  # a clause ends here (and at a number)

Phrases = re.Pattern[str]  # any of a list of phrases, as whole words, in words joined by spaces


@dataclass(frozen=True)
class Readings:
    before: int  # words looked at before the count
    after: int
    order: tuple[str, ...]
    phrases: dict[str, dict[str, Phrases]]  # reading -> "before" / "after" / "what_starts" -> phrases
    labels: dict[str, str]
    comparable: frozenset[frozenset[str]]
    vague: tuple[str, ...]  # longest first
    intervals: dict[str, str]  # qualifier -> from, around, to or any


@cache
def readings(path: Path = DATA) -> Readings:
    """The readings of ``path`` (kg/claims/readings.json; kg/claims/readings.schema.json says its structure)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    table = data["readings"]
    unknown = [r for r in data["order"] if r not in table] + [r for p in data["comparable"] for r in p
                                                               if r and r not in table]
    if unknown:
        raise ValueError(f"{path}: readings {unknown} are named but not defined")
    phrases = {r: {k: _any(table[r].get(k, ())) for k in ("before", "after", "what_starts")} for r in data["order"]}
    return Readings(int(data["words_before"]), int(data["words_after"]), tuple(data["order"]), phrases,
                    {r: table[r]["label"] for r in table}, frozenset(frozenset(p) for p in data["comparable"]),
                    tuple(sorted(data["vague"], key=lambda v: (-len(v), v))), dict(data["intervals"]))


def _any(phrases: list[str]) -> Phrases:
    if not phrases:
        return re.compile(r"(?!)")  # matches nothing
    alternatives = "|".join(re.escape(" ".join(p.split())) for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?:^| )(?:{alternatives})(?= |$)")


def _words(text: str) -> tuple[str, ...]:
    return tuple(w.lower() for w in _WORD.findall(text))


def _has(words: tuple[str, ...], phrases: Phrases) -> bool:
    return bool(words) and phrases.search(" ".join(words)) is not None


def _context(sentence: str, text: str, at: int | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The words of the count's clause before and after it (none when the count is not found)."""
    if not text:
        return (), ()
    if at is None or sentence[at:at + len(text)] != text:
        at = sentence.find(text)
        if at < 0:
            return (), ()
    before, after = sentence[:at], sentence[at + len(text):]
    stops = list(_STOP.finditer(before))
    before = before[stops[-1].end():] if stops else before
    stop = _STOP.search(after)
    after = after[:stop.start()] if stop else after
    return _words(before), _words(after)


def read(what: str, sentence: str = "", text: str = "", at: int | None = None) -> str:
    """The reading of a count ("" when none of the readings' words is found): ``what`` it
    counts, and, where known, the ``sentence``, the count's ``text`` in it and where (``at``)."""
    data = readings()
    before, after = _context(sentence, text, at)
    before, after, first = before[-data.before:], after[:data.after], _words(what)[:1]
    for r in data.order:
        p = data.phrases[r]
        if _has(first, p["what_starts"]) or _has(before, p["before"]) or _has(after, p["after"]):
            return r
    return ""


def comparable(a: str, b: str) -> bool:
    """Whether figures of readings ``a`` and ``b`` can contradict each other."""
    return frozenset((a, b)) in readings().comparable


def label(reading: str) -> str:
    return readings().labels.get(reading, reading)


def vague_words(text: str) -> str:
    """The vague amount a count's text says ("Hundreds of people" -> "hundreds"), "" if none."""
    low = " ".join(_words(text))
    return next((v for v in readings().vague if f" {v} " in f" {low} "), "")


def vague_in(sentence: str) -> list[str]:
    """Every vague amount a sentence says, in its order ("tens of thousands" once, not also "thousands")."""
    low, found = f" {' '.join(_words(sentence))} ", []
    for v in readings().vague:  # longest first: a longer amount hides the shorter ones inside it
        while f" {v} " in low:
            at = low.index(f" {v} ")
            found.append((at, v))
            low = low[:at] + " " + "#" * len(v) + low[at + len(v) + 1:]
    return [v for _, v in sorted(found)]
