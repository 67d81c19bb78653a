"""Parse the number words and digits of a count ("3,500", "7.7 million", "five hundred",
"a dozen"). Pure functions over strings; spaCy's ``like_num`` finds the candidates."""

from __future__ import annotations

import re

_DIGITS = re.compile(r"^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$")


def parse_digits(text: str) -> float | None:
    t = text.strip()
    if not _DIGITS.match(t):
        return None
    try:
        return float(t.replace(",", ""))
    except ValueError:
        return None


def parse_words(words: list[str], units: dict[str, int], scales: dict[str, int]) -> float | None:
    """'five hundred' -> 500, 'two thousand five hundred' -> 2500, 'a dozen' -> 12,
    '7.7 million' (as ['7.7', 'million']) -> 7700000. None if not a number."""
    if not words:
        return None
    total = 0.0
    current = 0.0
    seen = False
    for raw in words:
        w = raw.lower().replace("-", " ")
        parts = w.split()
        for p in parts:
            if p in {"a", "an", "and"}:
                if p in {"a", "an"} and not seen:
                    current = 1
                continue
            num = parse_digits(p)
            if num is not None:
                current += num
                seen = True
            elif p in units:
                val = units[p]
                if p == "dozen":
                    current = (current or 1) * 12
                else:
                    current += val
                seen = True
            elif p in scales:
                scale = scales[p]
                current = (current or 1) * scale
                if scale >= 1000:
                    total += current
                    current = 0
                seen = True
            else:
                return None
    if not seen:
        return None
    return total + current


def singular(word: str, irregular: dict[str, str]) -> str:
    """The singular of a plural noun, by English spelling rules and ``irregular`` (plural ->
    singular, numbers.json's irregular_plurals)."""
    w = word.lower()
    if w in irregular:
        return irregular[w]
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("ches", "shes", "sses", "xes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        return w[:-1]
    return w
