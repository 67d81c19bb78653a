"""Why an entity is wrong: ``kg eval`` sorts the typed-entity errors of an article by cause.

- wrong type: the name matches a gold entity (by label or alias, as the scorer matches) of
  another type;
- wrong boundary: no name matches, but the span and a gold name share words, one inside the
  other ("Senior Velm Police" for "Velm Police"): a gold entity and the wrong span count once;
- spurious: a name that matches no gold entity and shares no span with one;
- missed span: a required gold entity that nothing found, in any form.
"""

from __future__ import annotations

import re
from collections import Counter

CAUSES = ("missed span", "wrong boundary", "wrong type", "spurious")


def _words(form: str) -> str:
    return " " + " ".join(re.findall(r"\w+", form.lower())) + " "


def _overlaps(a: str, b: str) -> bool:
    """One normalised name's words inside the other's, at word boundaries."""
    wa, wb = _words(a), _words(b)
    return wa.strip() != "" and wb.strip() != "" and (wa in wb or wb in wa)


def entity_causes(pred: dict[str, tuple[str, str]], names: dict[str, set[str]], gents: list[dict],
                  gforms: list[set[str]]) -> list[tuple[str, str]]:
    """(cause, what) for every typed-entity error of one article; ``pred`` maps an entity IRI to its
    (label, type), ``names`` to all its normalised names (label included), ``gforms`` holds each gold
    entity's."""
    out: list[tuple[str, str]] = []
    explained: set[int] = set()  # gold entities a wrong type or boundary already accounts for
    hit: set[int] = set()
    for iri, (label, typ) in pred.items():
        forms = names.get(iri, set())
        m = [i for i, g in enumerate(gforms) if forms & g]
        if any(gents[i]["type"] == typ for i in m):
            hit.update(i for i in m if gents[i]["type"] == typ)
            continue
        if m and all(gents[i].get("optional") for i in m):
            continue
        if m:
            out.append(("wrong type", f"{label} ({typ}; gold {gents[m[0]]['type']})"))
            explained.update(m)
            continue
        near = [i for i, g in enumerate(gforms) if any(_overlaps(f, gf) for f in forms for gf in g)]
        if near:
            out.append(("wrong boundary", f"{label} ({typ}; gold {gents[near[0]]['name']})"))
            explained.update(near)
        else:
            out.append(("spurious", f"{label} ({typ})"))
    for i, e in enumerate(gents):
        if not e.get("optional") and i not in hit and i not in explained:
            out.append(("missed span", f"{e['name']} ({e['type']})"))
    return out


def tally(errors: list[tuple[str, str]]) -> dict[str, int]:
    c = Counter(cause for cause, _ in errors)
    return {k: c.get(k, 0) for k in CAUSES}
