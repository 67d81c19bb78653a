"""``kg timeline``: what happened, how many, when, according to whom, as one
offline HTML page: a Plotly chart (plotly.js inlined, no network) with one
panel per kind of quantity (people, money, other), a shared time axis that
opens on the period holding most events and zooms or brushes with the range
slider under it, colours by event type (Okabe-Ito, safe for colour-blind
readers), and the table under it (a jinja2 template, autoescaped). A click on
a point scrolls to its row, which shows the sentence.

Built from the named query ``timeline``. A store can hold anything ``kg load``
read: a count dated ``2019-02-30``, valued ``1e400`` or ``"x"^^xsd:integer``.
Such a count, and a count with no number ("hundreds of people"), is in the
table and left out of the chart (the page says how many), never an exception.
"""

from __future__ import annotations

import json
import math
import re
from datetime import date, timedelta
from functools import cache
from pathlib import Path

from kg.query import resolve_query, run
from kg.store import Store

ASSETS = Path(__file__).resolve().parent / "assets"
# Okabe & Ito's palette, one colour per event type; counts with no event are grey
EVENT_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#E69F00", "#CC79A7", "#56B4E9", "#000000", "#F0E442"]
NO_EVENT = "no event"
NO_EVENT_COLOUR = "#999999"
KINDS = {"people": "People", "money": "Money", "other": "Other quantities"}
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


@cache
def _words() -> dict[str, frozenset[str]]:
    data = json.loads((ASSETS / "quantities.json").read_text(encoding="utf-8"))
    return {k: frozenset(v) for k, v in data.items() if not k.startswith("_")}


def kind(what: str) -> str:
    """people, money or other, by the last word of what the count counts (assets/quantities.json)."""
    words = re.findall(r"\w+", what.lower())
    last = words[-1] if words else ""
    return next((k for k, names in _words().items() if last in names), "other")


# above this many dated counts the disputed figures are not looked up (kg claims compares
# every count with the claims formed so far)
DISPUTE_LIMIT = 5000


def disputed(store: Store, data: list[dict[str, str]]) -> set[tuple[str, str, str]]:
    """(source, sentence, what) of the counts another article contradicts (kg claims)."""
    if not data or len(data) > DISPUTE_LIMIT:
        return set()
    from kg.claims import compare, disputed_figures

    return disputed_figures(compare(store).claims)


def render_timeline(store: Store, output: Path) -> int:
    """Write the timeline page of the store to ``output``; returns the number of dated counts."""
    data = rows(store)
    output.write_text(page(data, disputed(store, data)), encoding="utf-8")
    return len(data)


def page(data: list[dict[str, str]], disputed: set[tuple[str, str, str]] = frozenset()) -> str:
    """The whole HTML page for the rows of the ``timeline`` query; the counts in
    ``disputed`` (source, sentence, what) are marked."""
    import jinja2

    events = sorted({r["event"] for r in data if r["event"]})
    colour = {e: EVENT_COLOURS[i % len(EVENT_COLOURS)] for i, e in enumerate(events)}
    colour[NO_EVENT] = NO_EVENT_COLOUR
    chart, charted = _chart(data, colour)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(ASSETS), autoescape=True)
    table = [{**r, "amount": _amount(r), "colour": colour[r["event"] or NO_EVENT], "kind": kind(r["what"]),
              "disputed": (r["source"], r["sentence"], r["what"]) in disputed} for r in data]
    return env.get_template("timeline.html.j2").render(
        rows=table, chart=chart, left_out=len(data) - charted, colour=colour, kinds=KINDS)


def _window(days: list[date]) -> tuple[date, date]:
    """The shortest period holding two thirds of the days, with a margin: the
    axis opens on it, so years of sparse data do not squeeze one busy month."""
    days = sorted(days)
    k = max(1, math.ceil(2 * len(days) / 3))
    i = min(range(len(days) - k + 1), key=lambda i: (days[i + k - 1] - days[i], i))
    lo, hi = days[i], days[i + k - 1]
    pad = max(timedelta(days=2), (hi - lo) / 10)
    return lo - pad, hi + pad


def _chart(data: list[dict[str, str]], colour: dict[str, str]) -> tuple[str, int]:
    """The chart's HTML (a div and its script, plotly.js inlined) and how many counts it shows."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    points = []
    for i, r in enumerate(data):
        d, v = _day(r["date"]), _number(r)
        if d is not None and v is not None and v > 0 and (r["value"] or r["upper"]):
            points.append((i, r, d, v, kind(r["what"])))
    if not points:
        return '<div id="timeline-chart"><p>No dated count with a number to draw.</p></div>', 0
    kinds = [k for k in KINDS if any(p[4] == k for p in points)]
    titles = []
    for k in kinds:
        days = sorted((p[2], p[1]["date"]) for p in points if p[4] == k)  # as written: 2014, 2018-07, ...
        span = days[0][1] if days[0][0] == days[-1][0] else f"{days[0][1]} to {days[-1][1]}"
        titles.append(f"{KINDS[k]}: {len(days)} count{'s' if len(days) != 1 else ''}, {span}")
    fig = make_subplots(rows=len(kinds), cols=1, shared_xaxes=True, vertical_spacing=0.12 / len(kinds),
                        subplot_titles=titles)
    shown: set[str] = set()
    for row, k in enumerate(kinds, start=1):
        for event in colour:
            mine = [p for p in points if p[4] == k and (p[1]["event"] or NO_EVENT) == event]
            if not mine:
                continue
            fig.add_trace(go.Scatter(
                x=[p[2].isoformat() for p in mine], y=[p[3] for p in mine], mode="markers", name=event,
                legendgroup=event, legendrank=list(colour).index(event), showlegend=event not in shown,
                customdata=[p[0] for p in mine],
                marker={"color": colour[event], "size": 11, "opacity": 0.85, "line": {"width": 1, "color": "#fff"}},
                hovertext=[_hover(p[1]) for p in mine], hoverinfo="text"), row=row, col=1)
            shown.add(event)
        fig.update_yaxes(type="log", dtick=1, title_text="money" if k == "money" else "how many", row=row, col=1)
    lo, hi = _window([p[2] for p in points])
    fig.update_xaxes(range=[lo.isoformat(), hi.isoformat()], type="date")
    fig.update_xaxes(rangeslider={"visible": True, "thickness": 0.08}, row=len(kinds), col=1)
    fig.update_layout(height=200 + 240 * len(kinds), margin={"l": 70, "r": 20, "t": 70, "b": 30},
                      legend={"orientation": "h", "y": 0.99, "x": 0, "title": {"text": "event"},
                              "yref": "container", "yanchor": "top"},
                      hovermode="closest", template="plotly_white", font={"size": 13})
    script = ("var chart = document.getElementById('{plot_id}');"
              "chart.on('plotly_click', function (e) { kgShowRow(e.points[0].customdata); });"
              "window.kgChartReady = true;")
    html = fig.to_html(full_html=False, include_plotlyjs=True, div_id="timeline-chart",
                       config={"responsive": True, "displaylogo": False}, post_script=script)
    return html, len(points)


def _hover(r: dict[str, str]) -> str:
    """Hover text; plotly reads a few tags in it, so the text is escaped first."""
    from html import escape

    sentence = r["sentence"].strip()
    if len(sentence) > 160:
        sentence = sentence[:157] + "..."
    words = re.sub(r"(.{1,70})(\s+|$)", "\\1<br>", escape(sentence))
    return (f"<b>{escape(r['date'])}</b>: {escape(_amount(r))} {escape(r['what'])}"
            f" ({escape(r['event'] or NO_EVENT)}){', ' + escape(r['place']) if r['place'] else ''}<br>"
            f"{words}[{escape(r['source'])}]")


def _figure(text: str) -> str:
    """A number as written for people: 1900000000 -> 1,900,000,000; anything else as it is."""
    try:
        v = float(text)
    except ValueError:
        return text
    if not math.isfinite(v) or abs(v) >= 1e18:
        return text
    return f"{v:,.0f}" if v == int(v) else f"{v:,}"


def _amount(r: dict[str, str]) -> str:
    if r["upper"]:
        return f"{_figure(r['value'])}–{_figure(r['upper'])}"
    if r["value"]:
        q = r["qualifier"]
        return f"{'' if q in ('exact', '') else q + ' '}{_figure(r['value'])}"
    return r["qualifier"] or "?"
