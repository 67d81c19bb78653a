"""Naming what a correction corrects: the entity a name, IRI or short form means (or the
closest names when none does), the article graphs it is in, what its mentions read."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import quote, unquote

from kg.curation.apply import mention_text
from kg.curation.model import ENTITY_TYPES, short
from kg.errors import CurationError, Errors
from kg.resources import queries_dir
from kg.store import Store

if TYPE_CHECKING:
    import pyoxigraph

_QUERIES: dict[str, str] = {}


def _query(name: str) -> str:
    if name not in _QUERIES:
        _QUERIES[name] = (queries_dir() / "internal" / f"{name}.rq").read_text(encoding="utf-8")
    return _QUERIES[name]


def rows(store: Store, name: str, **params: str) -> list[list]:
    from kg.query.run import run

    _, found = run(store, _query(name), params)
    return found


def node(iri: str) -> pyoxigraph.NamedNode:
    import pyoxigraph as ox

    return ox.NamedNode(iri)


@dataclass(frozen=True)
class Named:
    """An entity as the store has it: IRI, preferred name, type, articles that name it."""

    iri: str
    label: str
    type: str
    articles: int


def entity(store: Store, name: str) -> Named:
    """The entity ``name`` names: a full IRI (``<...>`` too), a form relative to kg's base
    (``person/jane-doe``, ``entity/Q123`` for ``entity/wd-Q123``), or a preferred or other
    name that exactly one entity has (any letter case). CurationError otherwise, naming the
    candidates or the closest names."""
    from kg.rdf.iris import ID

    text = name.strip()
    iri = text[1:-1] if text.startswith("<") and text.endswith(">") else text
    candidates: list[str] = []
    if iri.startswith(("http://", "https://")):
        candidates = [iri]
    elif "/" in iri and " " not in iri:
        kind, _, rest = iri.partition("/")
        candidates = [ID + kind + "/" + quote(unquote(rest), safe="")]
        if kind == "entity" and rest[:1] in ("Q", "q") and rest[1:].isdigit():
            candidates.append(ID + "entity/wd-" + rest.upper())
    for candidate in candidates:
        found = _describe(store, candidate)
        if found:
            return found
    if not candidates:
        from kg.query.entities import find_entities

        found_iris = list(dict.fromkeys(iri for iri, _ in find_entities(store, text)))
        if len(found_iris) == 1:
            one = _describe(store, found_iris[0])
            if one:
                return one
        if len(found_iris) > 1:
            named = [_describe(store, i) for i in found_iris]
            choices = "; ".join(f"{n.label} ({n.type}) <{n.iri}>" for n in named[:10] if n)
            raise CurationError(Errors.KG802.format(n=len(found_iris), name=name, choices=choices))
    names = sorted({r[0].value for r in rows(store, "curation_names")})
    close = difflib.get_close_matches(text, names, n=3, cutoff=0.6) or difflib.get_close_matches(
        short(text), names, n=3, cutoff=0.5)
    hint = f"; the closest names: {', '.join(repr(c) for c in close)}" if close else \
        "; 'kg query entities' lists them"
    raise CurationError(Errors.KG801.format(name=name, hint=hint))


def _describe(store: Store, iri: str) -> Named | None:
    import pyoxigraph as ox

    try:
        named = ox.NamedNode(iri)
    except ValueError:
        return None
    found = rows(store, "curation_entity", entity=named)
    if not found:
        return None
    label, type_, articles = found[0]
    return Named(iri, label.value, type_.value, int(articles.value))


def entity_type(value: str) -> str:
    for t in ENTITY_TYPES:
        if t.lower() == value.strip().lower() or (t == "Organisation" and value.strip().lower() == "organization"):
            return t
    raise CurationError(Errors.KG803.format(value=value, hint=_did_you_mean(value, ENTITY_TYPES)))


def _did_you_mean(word: str, choices: Sequence[str]) -> str:
    from kg.errors import did_you_mean

    return did_you_mean(word, choices)


def graphs_with(store: Store, iri: str) -> list[str]:
    """The article graphs ``iri`` appears in (queries/internal/curation_graphs.rq)."""
    import pyoxigraph as ox

    return [r[0].value for r in rows(store, "curation_graphs", target=ox.NamedNode(iri))]


def mention_texts(store: Store, iri: str, graphs: Sequence[str]) -> set[str]:
    from kg.rdf.iris import KG

    props = {KG + t + "Mention" for t in ("organisation", "person", "place")}
    texts: set[str] = set()
    for graph in graphs:
        text = article_text(store, graph)
        for q in store.raw.quads_for_pattern(node(iri), None, None, node(graph)):
            if q.predicate.value in props:
                texts.add(mention_text(text, q.object.value))
    return texts


def article_text(store: Store, graph: str) -> str:
    from kg.rdf.iris import KG

    for q in store.raw.quads_for_pattern(node(graph), node(KG + "text"), None, node(graph)):
        return q.object.value
    return ""


def anchor_of(store: Store, graph: str, value: str) -> tuple[str, str]:
    """What the fact at ``value`` (a span or mention value) in ``graph`` says: its text and its
    sentence's (kg.curation.apply.anchor)."""
    from kg.curation.apply import anchor
    from kg.rdf.iris import KG

    sentences = None
    for q in store.raw.quads_for_pattern(node(graph), node(KG + "sentences"), None, node(graph)):
        sentences = {int(n): (int(a), int(b)) for n, _, rest in (item.partition(":") for item in q.object.value.split())
                     for a, _, b in [rest.partition("-")]}
    return anchor(article_text(store, graph), sentences, value)

