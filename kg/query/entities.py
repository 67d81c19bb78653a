"""An entity named on the command line (``kg neighbours NAME``): its IRI, or the IRIs of
every entity whose preferred or other name it is."""

from __future__ import annotations

import sqlite3

from kg.errors import Errors, QueryError
from kg.resources import queries_dir
from kg.store import Store


def find_entities(store: Store, name: str) -> list[tuple[str, str]]:
    """(IRI, label) of the entities named ``name``: an IRI (``<...>`` or http(s)://...) as it
    is; else the exact preferred or other name, else the same in any letter case."""
    from kg.query.run import run

    iri = name[1:-1] if name.startswith("<") and name.endswith(">") else name
    if iri.startswith(("http://", "https://")):
        return [(iri, iri)]
    exact = _named_exactly(store, name)
    if exact:
        return exact
    # another letter case: the usual spellings first, by index ("sdf", "syrian democratic forces"),
    # then the scan of every name (slow on a big store: minutes at 10,000 articles)
    for variant in dict.fromkeys((name.upper(), name.title(), name.capitalize(), name.lower())):
        found = _named_exactly(store, variant) if variant != name else []
        if found:
            return found
    try:  # the corpus summary's labels, in any case (no scan of the store)
        store.summary.refresh(store)
        found = store.summary.named(name)
    except (sqlite3.Error, OSError):
        found = []
    if found:
        return found
    text = (queries_dir() / "internal" / "cli_entity_nocase.rq").read_text(encoding="utf-8")
    _, rows = run(store, text, {"name": name})
    return [(r[0].value, r[1].value) for r in rows]


def _named_exactly(store: Store, name: str) -> list[tuple[str, str]]:
    """The rows of queries/internal/cli_entity.rq (the entities whose preferred or other name is
    exactly ``name``, with their first preferred name), read from the store's indexes by object:
    the query took 5.4 s for an entity named in 561 of 10,000 articles, this takes milliseconds."""
    import pyoxigraph as ox

    from kg.rdf.mapping import ALT_LABEL, PREF_LABEL

    raw = store.raw
    literal = ox.Literal(name)
    found = {q.subject for prop in (PREF_LABEL, ALT_LABEL) for q in raw.quads_for_pattern(None, prop, literal, None)
             if isinstance(q.subject, ox.NamedNode)}
    rows = []
    for ent in found:
        labels = [q.object.value for q in raw.quads_for_pattern(ent, PREF_LABEL, None, None)
                  if isinstance(q.object, ox.Literal)]
        if labels:
            rows.append((ent.value, min(labels)))
    return sorted(rows, key=lambda r: (r[1], r[0]))


def resolve_entity(store: Store, name: str) -> str:
    """The IRI of the one entity ``name`` names; a QueryError listing them when several do,
    or saying so when none does."""
    found = find_entities(store, name)
    if not found:
        raise QueryError(Errors.KG313.format(name=name, hint=names_hint(store, name)))
    if len(found) > 1:
        choices = "; ".join(f"{label} <{iri}>" for iri, label in found[:10])
        more = f" (and {len(found) - 10} more)" if len(found) > 10 else ""
        raise QueryError(Errors.KG314.format(name=name, n=len(found), choices=choices + more))
    return found[0][0]


def closest_names(store: Store, name: str, n: int = 5) -> list[str]:
    """Entity names (preferred or other) like ``name`` (``closest``)."""
    import pyoxigraph as ox

    skos = "http://www.w3.org/2004/02/skos/core#"
    names = {q.object.value for prop in ("prefLabel", "altLabel")
             for q in store.raw.quads_for_pattern(None, ox.NamedNode(skos + prop), None, None)
             if isinstance(q.object, ox.Literal)}
    return closest(name, names, n)


def closest(name: str, names: set[str], n: int = 5) -> list[str]:
    """Those of ``names`` that hold ``name`` as a part, in any letter case ("Bali" -> "Mustafa
    Bali"), shortest first, then the closest spellings (difflib)."""
    import difflib

    word = " ".join(name.split()).casefold()
    partial = sorted((x for x in names if word and word in x.casefold()), key=lambda x: (len(x), x))
    close = difflib.get_close_matches(name, sorted(names), n=n, cutoff=0.6)
    return list(dict.fromkeys(partial[:n] + close))[:n]


def hint(close: list[str]) -> str:
    """"; did you mean 'X', 'Y'?", or '' when ``close`` is empty."""
    return f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""


def names_hint(store: Store, name: str) -> str:
    """"; did you mean 'X', 'Y'?" naming the entity names like ``name``, or ''."""
    return hint(closest_names(store, name))
