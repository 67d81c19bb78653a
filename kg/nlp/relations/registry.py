"""The relation kinds, one row each in kg/nlp/data/relation_kinds.json: the kind's name, its
ontology class and predicate, the finder that proposes relations, the decision that keeps
them, the Doc extension they are written to, the component that runs them and the named query
that reads them back. The components run the kinds of the table in its order
(kg.nlp.components); docs/relations.md tells how to add one.

Finders and decisions are named ``module:function`` and imported when a kind is first run,
so reading the table imports no finder (and no import cycle runs through here)."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from spacy.tokens import Doc

from kg.nlp.lexicon import Lexicon
from kg.resources import nlp_data_dir

TABLE = "relation_kinds.json"


@dataclass(frozen=True)
class RelationKind:
    name: str
    cls: str  # the ontology class of one relation ("kg:Affiliation")
    predicate: str  # the predicate that ties its two ends ("kg:organisation")
    finder: str | None  # "module:function"(doc, lex) -> relations; None: decided on ``part_of``'s relations
    decision: str | None  # "module:function"(doc, lex, relations) -> the relations kept
    writes: str | None  # the Doc extension written; None: the finder completes records in place
    component: str  # the pipeline component that runs the kind
    query: str  # the named query that reads it back (queries/<query>.rq)
    part_of: str | None = None

    def find(self, doc: Doc, lex: Lexicon) -> Any:
        return _resolve(self.finder)(doc, lex) if self.finder else None

    def decide(self, doc: Doc, lex: Lexicon, found: Any) -> Any:
        return _resolve(self.decision)(doc, lex, found) if self.decision else found


def keep_all(doc: Doc, lex: Lexicon, found: list) -> list:
    """The decision of a kind whose finder decides as it goes (its rules keep the first phrasing
    that fires): every relation found is kept."""
    return found


@cache
def _resolve(dotted: str) -> Callable[..., Any]:
    module, _, name = dotted.partition(":")
    return getattr(importlib.import_module(module), name)


@cache
def relation_kinds() -> tuple[RelationKind, ...]:
    """The kinds of the table, in its order."""
    rows = json.loads((nlp_data_dir() / TABLE).read_text(encoding="utf-8"))["kinds"]
    return tuple(RelationKind(r["name"], r["class"], r["predicate"], r["finder"], r["decision"], r["writes"],
                              r["component"], r["query"], r.get("part_of")) for r in rows)


def run_kinds(component: str, doc: Doc, lex: Lexicon, kinds: Iterable[RelationKind] | None = None) -> None:
    """Run the kinds of ``component`` with a finder, in the table's order (or the order of ``kinds``):
    each finder's relations, as its decision keeps them, go to its Doc extension (or complete
    other records in place)."""
    for kind in relation_kinds() if kinds is None else kinds:
        if kind.component != component or kind.finder is None:
            continue
        found = kind.find(doc, lex)
        if kind.writes is not None:
            setattr(doc._, kind.writes, kind.decide(doc, lex, found))
