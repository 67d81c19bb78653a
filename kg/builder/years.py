"""The year of a dateline that gives none, from the other articles of the same build.

Wire copy dates its dateline without a year ("TARSKBY, Feb 7 (Velmpress) -"); the text alone
never says which year, and kg does not guess one from it. A build usually holds articles of
one period, so such an article takes the year that puts its month and day nearest the
publication date of the last dated article read before it (or, when none was, of the first
one read after it, up to ``WAIT`` articles later). Its ``published_from`` says so:
"other articles". An article built alone keeps no date.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from datetime import date

from kg.errors import InputError
from kg.types import Article

WAIT = 256  # yearless articles held back, at most, until a dated one is read
FROM_OTHERS = "other articles"  # kg:publishedFrom of a date whose year came from the build


def _dated(item: Article, near: date) -> Article:
    """``item`` dated the day of its month and day nearest ``near`` (the date normaliser's reading of a
    month and day without a year)."""
    from kg.nlp.date_values import nearest_month_day

    when = nearest_month_day(*item.month_day, near) if item.month_day else None
    if when is None:
        return item
    return dataclasses.replace(item, published=when.isoformat(), published_from=FROM_OTHERS)


def with_years(items: Iterable[Article | InputError]) -> Iterator[Article | InputError]:
    """``items`` in their order, but an article whose dateline gives no year dated from the others
    (see the module's docstring); the ones held back come out right before the first dated one."""
    last: date | None = None
    held: list[Article] = []
    for item in items:
        if isinstance(item, Article) and item.published is None and item.month_day:
            if last is not None:
                yield _dated(item, last)
            elif len(held) < WAIT:
                held.append(item)
            else:
                yield item
            continue
        if isinstance(item, Article) and item.published:
            try:
                last = date.fromisoformat(item.published[:10])
            except ValueError:
                pass
            else:
                for h in held:
                    yield _dated(h, last)
                held.clear()
        yield item
    yield from held
