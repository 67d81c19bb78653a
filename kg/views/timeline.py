"""``kg timeline``: what happened, how many, when, according to whom — one
offline HTML page with an SVG chart (date across, count up, on a log scale;
colour by event) and the table under it. Built from the named query
``timeline``; every value is escaped (html.escape) before it reaches the page.

A store can hold anything ``kg load`` read: a count dated ``2019-02-30``, valued
``1e400`` or ``"x"^^xsd:integer``. Such a count is shown in the table as it is
and left out of the chart (the page says how many were), never an exception.
"""

from __future__ import annotations

import math
import re
from datetime import date
from html import escape
from pathlib import Path

from kg.query import resolve_query, run
from kg.store import Store

EVENT_COLOURS = ["#e4572e", "#4c8bf5", "#2ca58d", "#f3a712", "#8e44ad", "#29335c", "#a8c686", "#db2b39",
                 "#669bbc", "#6d6875"]
W, H, PAD, LEFT = 1000, 380, 60, 100


def rows(store: Store) -> list[dict[str, str]]:
    variables, result = run(store, resolve_query("timeline"))
    return [{v: ("" if t is None else t.value) for v, t in zip(variables, r, strict=True)} for r in result]


_DAY = re.compile(r"(-?\d{4,})(?:-(\d{2})(?:-(\d{2}))?)?(?:Z|[+-]\d{2}:\d{2})?")  # date, gYearMonth, gYear


def _day(value: str) -> date | None:
    """The day a date, year-month or year stands for (its first day); None if it is no real day."""
    m = _DAY.fullmatch(value)
    if m is None:
        return None
    try:
        return date(int(m[1]), int(m[2] or 1), int(m[3] or 1))
    except (ValueError, OverflowError):  # 2019-02-30, month 13, year 0, a year of 23 digits
        return None


def _number(r: dict[str, str]) -> float | None:
    """The count's value (or upper bound) as a finite number; None for "x", 1e400, NaN."""
    text = r["value"] or r["upper"]
    if not text:
        return 1.0
    try:
        v = float(text)
    except ValueError:
        return None
    return v if math.isfinite(v) else None


def render_timeline(store: Store, output: Path) -> int:
    data = rows(store)
    events = sorted({r["event"] or "other" for r in data})
    colour = {e: EVENT_COLOURS[i % len(EVENT_COLOURS)] for i, e in enumerate(events)}
    output.write_text(_page(data, colour), encoding="utf-8")
    return len(data)


def _page(data: list[dict[str, str]], colour: dict[str, str]) -> str:
    svg = _chart(data, colour)
    legend = "".join(
        f'<span class="key"><span class="dot" style="background:{c}"></span>{escape(e)}</span>'
        for e, c in colour.items()
    )
    head = "<tr><th>date</th><th>event</th><th>how many</th><th>what</th><th>where</th><th>according to</th></tr>"
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(x)}</td>" for x in (
            r["date"], r["event"] or "", _amount(r), r["what"], r["place"], r["source"])) + "</tr>"
        + f'<tr class="ev"><td></td><td colspan="5">{escape(r["sentence"])}</td></tr>'
        for r in data
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>kg timeline</title>
<style>
body{{font:14px sans-serif;margin:20px;color:#222}} table{{border-collapse:collapse;margin-top:16px}}
td,th{{padding:3px 8px;text-align:left;vertical-align:top}} tr.ev td{{color:#666;font-size:12px;padding-bottom:8px}}
.key{{margin-right:14px}} .dot{{display:inline-block;width:11px;height:11px;border-radius:6px;margin-right:4px}}
svg text{{font:11px sans-serif;fill:#444}}
</style></head><body>
<h1>Timeline of counts</h1>
<p>{len(data)} dated counts: what happened, how many, when, according to which article.
Hover over a point for the sentence.</p>
<div id="legend">{legend}</div>
{svg}
<table id="timeline-table">{head}{body}</table>
</body></html>
"""


def _amount(r: dict[str, str]) -> str:
    if r["upper"]:
        return f"{r['value']}–{r['upper']}"
    if r["value"]:
        q = r["qualifier"]
        return f"{'' if q in ('exact', '') else q + ' '}{r['value']}"
    return r["qualifier"] or "?"


def _chart(data: list[dict[str, str]], colour: dict[str, str]) -> str:
    points, days, values = [], [], []
    for r in data:
        d, v = _day(r["date"]), _number(r)
        if d is not None and v is not None:
            points.append(r)
            days.append(d)
            values.append(v)
    left_out = len(data) - len(points)
    note = (f'<p class="note">{left_out} count{"s" if left_out != 1 else ""} with no valid date or value '
            f'{"are" if left_out != 1 else "is"} in the table, not in the chart.</p>\n' if left_out else "")
    if not points:
        return note + ('<svg id="timeline-chart" width="1000" height="60"><text x="10" y="30">no dated counts'
                       '</text></svg>')
    lo, hi = min(days), max(days)
    span = max((hi - lo).days, 1)
    vmax = max(math.log10(max(v, 1)) for v in values) or 1

    def x(d: date) -> float:
        return LEFT + (W - LEFT - PAD) * ((d - lo).days / span if span else 0.5)

    def y(v: float) -> float:
        return H - PAD - (H - 2 * PAD) * (math.log10(max(v, 1)) / vmax)

    out = [note + f'<svg id="timeline-chart" xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           f'viewBox="0 0 {W} {H}" role="img" aria-label="counts over time">',
           f'<line x1="{LEFT}" y1="{H - PAD}" x2="{W - PAD}" y2="{H - PAD}" stroke="#999"/>',
           f'<line x1="{LEFT}" y1="{PAD}" x2="{LEFT}" y2="{H - PAD}" stroke="#999"/>']
    for k in range(0, int(vmax) + 1, max(1, math.ceil((int(vmax) + 1) / 10))):  # at most 10 labels
        label = f"{10 ** k:,}" if k <= 6 else f"1e{k}"
        out.append(f'<text x="{LEFT - 8}" y="{y(10.0 ** k) + 4:.1f}" text-anchor="end">{label}</text>')
    last = -1e9
    for d in sorted(set(days)):  # date labels that would overlap the previous one are left out
        if x(d) - last < 75:
            continue
        last = x(d)
        out.append(f'<text x="{x(d):.1f}" y="{H - PAD + 16}" text-anchor="middle">{escape(d.isoformat())}</text>')
    seen: dict[tuple[date, float], int] = {}
    for r, d, v in zip(points, days, values, strict=True):
        k = seen[(d, v)] = seen.get((d, v), -1) + 1
        tip = f"{r['date']}: {_amount(r)} {r['what']} ({r['event'] or 'no event'}), {r['place'] or 'no place'} " \
              f"— {r['source']}\n{r['sentence']}"
        out.append(
            f'<circle cx="{x(d) + 7 * k:.1f}" cy="{y(v):.1f}" r="6" fill="{colour[r["event"] or "other"]}" '
            f'fill-opacity="0.8"><title>{escape(tip)}</title></circle>'
        )
    out.append("</svg>")
    return "\n".join(out)
