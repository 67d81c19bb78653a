"""``kg timeline``: what happened, how many, when, according to whom — one
offline HTML page with an SVG chart (date across, count up, on a log scale;
colour by event) and the table under it. Built from the named query
``timeline``; every value is escaped (html.escape) before it reaches the page.
"""

from __future__ import annotations

import math
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


def _day(value: str) -> date:
    parts = [int(p) for p in value.split("-")] + [1, 1]
    return date(parts[0], parts[1], parts[2])


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
    points = [r for r in data if r["date"]]
    if not points:
        return '<svg id="timeline-chart" width="1000" height="60"><text x="10" y="30">no dated counts</text></svg>'
    days = [_day(r["date"]) for r in points]
    lo, hi = min(days), max(days)
    span = max((hi - lo).days, 1)
    values = [float(r["value"] or r["upper"] or 1) for r in points]
    vmax = max(math.log10(max(v, 1)) for v in values) or 1

    def x(d: date) -> float:
        return LEFT + (W - LEFT - PAD) * ((d - lo).days / span if span else 0.5)

    def y(v: float) -> float:
        return H - PAD - (H - 2 * PAD) * (math.log10(max(v, 1)) / vmax)

    out = [f'<svg id="timeline-chart" xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           f'viewBox="0 0 {W} {H}" role="img" aria-label="counts over time">',
           f'<line x1="{LEFT}" y1="{H - PAD}" x2="{W - PAD}" y2="{H - PAD}" stroke="#999"/>',
           f'<line x1="{LEFT}" y1="{PAD}" x2="{LEFT}" y2="{H - PAD}" stroke="#999"/>']
    for k in range(int(vmax) + 1):
        yy = y(10 ** k)
        out.append(f'<text x="{LEFT - 8}" y="{yy + 4:.1f}" text-anchor="end">{10 ** k:,}</text>')
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
