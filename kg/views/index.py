"""The index a static page searches: every entity and every article of the store, not only the
drawn ones, compact enough to embed (a 2,000-article store: 77,000 entities in 1.2 MB).

Entities are listed per type, most articles first, their labels joined by newlines in one string
and their article counts as runs ([articles, how many entities in a row have that many]), so an
entity costs its label and a byte. Articles are [source, date, outlet, title] in date order.
The page's script (assets/controls.js) decodes the entities on the first search.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping

from kg.store import Store

__all__ = ["article_index", "entity_index", "store_entities"]

TYPES = ("Organisation", "Person", "Place")


def store_entities(store: Store) -> list[tuple[str, str, int]]:
    """(label, type, articles) of every entity of the store, from the corpus summary kept beside it
    (kg.store.summary, brought up to date first); none where the summary cannot be read or written."""
    try:
        store.summary.refresh(store)
        return [(label, type_, articles) for _, label, type_, articles, _ in store.summary.top()]
    except (sqlite3.Error, OSError):
        return []


def entity_index(entities: Iterable[tuple[str, str, int]]) -> dict:
    """{"types": [...], "labels": [one string per type], "runs": [[[articles, n], ...] per type]}."""
    by_type: dict[str, list[tuple[int, str]]] = {t: [] for t in TYPES}
    for label, type_, articles in entities:
        by_type.setdefault(type_, []).append((int(articles), " ".join(str(label).split())))
    types = [t for t, found in by_type.items() if found]
    labels, runs = [], []
    for t in types:
        found = sorted(by_type[t], key=lambda e: (-e[0], e[1]))
        labels.append("\n".join(label for _, label in found))
        run: list[list[int]] = []
        for articles, _ in found:
            if run and run[-1][0] == articles:
                run[-1][1] += 1
            else:
                run.append([articles, 1])
        runs.append(run)
    return {"types": types, "labels": labels, "runs": runs}


def article_index(articles: Mapping[str, Mapping[str, str]], drawn: Iterable[str] = ()) -> list[list[str]]:
    """[source, date, outlet, title] of every article (of ``articles`` and ``drawn``), in date order
    (undated last), then outlet and title."""
    rows = {s: [s, m.get("date", ""), m.get("outlet", ""), m.get("title", "")] for s, m in articles.items()}
    for s in drawn:
        rows.setdefault(s, [s, "", "", ""])
    return sorted(rows.values(), key=lambda a: (a[1] or "9999", a[2], a[3] or a[0], a[0]))
