"""A Comparison as the text ``kg claims`` prints: an aligned table to read, CSV (one row per
figure or statement) or JSON (the claims and statement groups as objects)."""

from __future__ import annotations

import csv
import io
import json

from kg.claims.group import Claim, Figure, Said, StatementGroup
from kg.claims.store import Comparison
from kg.terminal import printable

__all__ = ["CSV_COLUMNS", "FORMATS", "render"]

FORMATS = ("table", "csv", "json")
CSV_COLUMNS = ("group", "kind", "claim", "disputed", "source", "outlet", "published", "amount", "qualifier", "value",
               "upper", "what", "event", "date", "place", "speaker", "quote", "sentence", "reading", "repeated")
SENTENCE = 90  # widest sentence or quote in the table


def render(comparison: Comparison, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(comparison.to_dict(), ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        return _csv(comparison)
    return _table(comparison)


def _number(x: float | None) -> str:
    return "" if x is None else (str(int(x)) if x == int(x) else str(x))


def _figure_row(c: Claim, f: Figure) -> dict[str, str]:
    return {"group": c.id, "kind": "count", "claim": c.id, "disputed": "true" if f.disputed else "false",
            "source": f.source, "outlet": f.outlet, "published": f.published, "amount": f.amount,
            "qualifier": f.qualifier, "value": _number(f.value), "upper": _number(f.upper), "what": f.what,
            "event": f.event, "date": f.date, "place": f.place, "speaker": f.speaker, "quote": "",
            "sentence": f.sentence, "reading": f.reads, "repeated": str(f.repeated)}


def _said_row(g: StatementGroup, s: Said) -> dict[str, str]:
    return {"group": g.id, "kind": "statement", "claim": g.claim, "disputed": "", "source": s.source,
            "outlet": s.outlet, "published": s.published, "speaker": g.speaker_label, "quote": s.quote,
            "sentence": s.sentence}


def _csv(comparison: Comparison) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, CSV_COLUMNS, restval="", lineterminator="\n")
    w.writeheader()
    for c in comparison.claims:
        w.writerows(_figure_row(c, f) for f in c.figures)
    for g in comparison.statements:
        w.writerows(_said_row(g, s) for s in g.statements)
    return buf.getvalue()


def _cut(text: str, n: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _article(source: str, outlet: str) -> str:
    return f"{outlet} ({source})" if outlet else source


def _aligned(rows: list[list[str]]) -> list[str]:
    rows = [[printable(c) for c in r] for r in rows]  # (kg.terminal: no control sequence reaches the terminal)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]


def _table(comparison: Comparison) -> str:
    lines: list[str] = []
    for c in comparison.claims:
        when = c.first if c.first == c.last else f"{c.first} to {c.last}"
        title = " · ".join(x for x in (c.event or "no event", c.what, c.place, when) if x)
        flag = "DISPUTED: the figures do not agree" if c.disputed else "the figures agree"
        lines.append(f"{c.id}  {printable(title)}  ({len(c.sources)} articles; {flag})")
        rows = [["", "how many", "what", "date", "article", "speaker", "sentence"]]
        rows += [["!" if f.disputed else "", f.shown, f.what, f.date, _article(f.source, f.outlet),
                  f.speaker, _cut(f.sentence, SENTENCE)] for f in c.figures]
        lines += ["    " + line for line in _aligned(rows)] + [""]
    for g in comparison.statements:
        about = f"about the counts of {g.claim}" if g.claim else "quotes sharing words"
        lines.append(f"{g.id}  {printable(g.speaker_label)} in {len(g.sources)} articles ({printable(about)})")
        rows = [["article", "quote"]] + [[_article(s.source, s.outlet), _cut(s.quote, SENTENCE)]
                                          for s in g.statements]
        lines += ["    " + line for line in _aligned(rows)] + [""]
    n, d, s = len(comparison.claims), len(comparison.disputed), len(comparison.statements)
    lines.append(f"({n} claim{'s' if n != 1 else ''}, {d} disputed; {s} statement group{'s' if s != 1 else ''}; "
                 "! marks a figure that does not overlap another article's)")
    return "\n".join(lines) + "\n"
