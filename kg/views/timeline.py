"""``kg timeline``: what happened, how many, when, according to whom, as one offline HTML page
that stays small at scale (2,000 articles, 18,000 dated counts: under 1 MB; 10,000 articles,
82,000 counts: under 4 MB).

The page holds the rows as compact JSON (each place, outlet, article, what and sentence once,
rows pointing at them) and draws with its own script (kg/views/assets/timeline.js, no library,
no network):

- a bar chart of the counts per period (week or month, by the span of the data; day, week,
  month or year to choose), stacked by event type (Okabe-Ito colours, safe for colour-blind
  readers, with a legend); a click on a bar drills down to that period;
- the points of the period shown (all, when the data are few): one dot per count with a number,
  value on a log scale, a panel per kind of quantity (people, money, other); hover for the
  count, click for its row;
- filters by event, place, outlet and kind, which the chart, the points and the table follow;
- the table, a page of 50 rows at a time, each with its sentence.

A big page (over ``PACK_OVER`` characters of JSON) holds the JSON gzipped in base64, which the
page's script unpacks with the browser's DecompressionStream before it draws: every row and
every sentence is still in the one static file.

Built from the named query ``timeline`` and the articles' outlets. A store can hold anything
``kg load`` read: a count dated ``2019-02-30``, valued ``1e400`` or ``"x"^^xsd:integer``. Such
a count, and a count with no number ("hundreds of people"), is in the table and left out of
the chart (the page says how many), never an exception. Every string reaches the page as JSON
with ``<``, ``>`` and ``&`` escaped, and the script writes with ``textContent`` only.
"""

from __future__ import annotations

import base64
import gzip
import json
import math
import re
from datetime import date
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
# above this many counts the disputed figures are not looked up (kg claims groups 18,000 in seconds)
DISPUTE_LIMIT = 50_000
# above this many characters of JSON the page holds its data gzipped (about a quarter the size)
PACK_OVER = 1_000_000


def rows(store: Store) -> list[dict[str, str]]:
    variables, result = run(store, resolve_query("timeline"))
    return [{v: ("" if t is None else t.value) for v, t in zip(variables, r, strict=True)} for r in result]


def outlets(store: Store) -> dict[str, str]:
    """Each article's outlet (queries/internal/view_articles.rq), where it has one."""
    from kg.views.fetch import articles

    return {s: m["outlet"] for s, m in articles(store).items() if m.get("outlet")}


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


def disputed(store: Store, data: list[dict[str, str]]) -> set[tuple[str, str, str]]:
    """(source, sentence, what) of the counts another article contradicts (kg claims)."""
    if not data or len(data) > DISPUTE_LIMIT:
        return set()
    from kg.claims import compare, disputed_figures

    return disputed_figures(compare(store).claims)


def render_timeline(store: Store, output: Path) -> int:
    """Write the timeline page of the store to ``output``; returns the number of dated counts."""
    data = rows(store)
    output.write_text(page(data, disputed(store, data), outlets(store)), encoding="utf-8")
    return len(data)


class _Table:
    """Strings kept once, rows pointing at them by number."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.index: dict[str, int] = {}

    def __call__(self, text: str) -> int:
        if text not in self.index:
            self.index[text] = len(self.items)
            self.items.append(text)
        return self.index[text]


def payload(data: list[dict[str, str]], disputed: set[tuple[str, str, str]] = frozenset(),
            outlet: dict[str, str] | None = None) -> dict:
    """The page's data: the strings once each, and a row per count: [date as written, day
    ("" if no real day, 1 if the date as written), event, amount (null: the number, written with
    thousands commas), number (null: none to draw), what, kind, place, article, outlet, sentence,
    disputed (0/1)], strings as numbers into their lists."""
    outlet = outlet or {}
    events = sorted({r["event"] for r in data if r["event"]})
    colours = {e: EVENT_COLOURS[i % len(EVENT_COLOURS)] for i, e in enumerate(events)}
    event_of = {e: i for i, e in enumerate([*events, NO_EVENT])}
    kinds = list(KINDS)
    dates, places, sources, outlets_, whats, sentences = _Table(), _Table(), _Table(), _Table(), _Table(), _Table()
    out = []
    for r in data:
        d, v = _day(r["date"]), _number(r)
        drawn = v if d is not None and v is not None and v > 0 and (r["value"] or r["upper"]) else None
        day = "" if d is None else 1 if d.isoformat() == r["date"] else d.isoformat()  # 1: as written
        number = int(drawn) if drawn is not None and drawn == int(drawn) and abs(drawn) < 2**53 else drawn
        amount = _amount(r)
        out.append([dates(r["date"]), day, event_of[r["event"] or NO_EVENT],
                    None if amount == _plain(number) else amount, number, whats(r["what"]),
                    kinds.index(kind(r["what"])), places(r["place"]), sources(r["source"]),
                    outlets_(outlet.get(r["source"], "")), sentences(r["sentence"].strip()),
                    1 if (r["source"], r["sentence"], r["what"]) in disputed else 0])
    return {"events": [*events, NO_EVENT], "colours": [*(colours[e] for e in events), NO_EVENT_COLOUR],
            "kinds": [KINDS[k] for k in kinds], "places": places.items, "sources": sources.items,
            "outlets": outlets_.items, "whats": whats.items, "sentences": sentences.items, "dates": dates.items,
            "rows": out}


def _packed(text: str) -> str:
    """The page's JSON gzipped (no time stamp: the same rows give the same bytes), in base64."""
    return base64.b64encode(gzip.compress(text.encode("utf-8"), compresslevel=6, mtime=0)).decode("ascii")


def page(data: list[dict[str, str]], disputed: set[tuple[str, str, str]] = frozenset(),
         outlet: dict[str, str] | None = None, *, pack_over: int = PACK_OVER) -> str:
    """The whole HTML page for the rows of the ``timeline`` query; the counts in ``disputed``
    (source, sentence, what) are marked; ``outlet``: each article's outlet, for the filter.
    Data of more than ``pack_over`` bytes of JSON go into the page gzipped, in base64, and the
    page unpacks them (DecompressionStream): at 10,000 articles 10.9 MB of JSON are 3.6 MB."""
    import jinja2

    from kg.views.payload import safe_json

    body = payload(data, disputed, outlet)
    left_out = sum(1 for r in body["rows"] if r[4] is None)
    text = safe_json(body)
    packed = len(text) > pack_over
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(ASSETS), autoescape=True)
    return env.get_template("timeline.html.j2").render(
        data=_packed(text) if packed else text, packed=packed,
        script=(ASSETS / "timeline.js").read_text(encoding="utf-8"), count=len(data), left_out=left_out)


def _figure(text: str) -> str:
    """A number as written for people: 1900000000 -> 1,900,000,000; anything else as it is."""
    try:
        v = float(text)
    except ValueError:
        return text
    if not math.isfinite(v) or abs(v) >= 1e18:
        return text
    return f"{v:,.0f}" if v == int(v) else f"{v:,}"


def _plain(number: float | None) -> str | None:
    """The amount the page writes for a number when the row gives none."""
    return None if not isinstance(number, int) else f"{number:,}"


def _amount(r: dict[str, str]) -> str:
    if r["upper"]:
        return f"{_figure(r['value'])}–{_figure(r['upper'])}"
    if r["value"]:
        q = r["qualifier"]
        return f"{'' if q in ('exact', '') else q + ' '}{_figure(r['value'])}"
    if r["qualifier"] == "vague":  # what it says ("hundreds"), when its sentence says one vague amount only
        from kg.claims.readings import vague_in

        said = vague_in(r["sentence"])
        return said[0] if len(said) == 1 else "vague"
    return r["qualifier"] or "?"
