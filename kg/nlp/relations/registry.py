"""The relation kinds, one row each in kg/nlp/data/relation_kinds.json: the kind's name, its
ontology class and predicate, the finder that proposes relations, the decision that keeps
them, the Doc extension they are written to, the component that runs them and the named query
that reads them back. The components run the kinds of the table in its order
(kg.nlp.components); docs/relations.md tells how to add one.

The table itself is read by kg.relation_kinds (without spaCy: the mapping and the views read it
too). Finders and decisions are named ``module:function`` and imported when a kind is first run,
so reading the table imports no finder (and no import cycle runs through here)."""

from __future__ import annotations

from collections.abc import Iterable

from spacy.tokens import Doc

from kg.nlp.lexicon import Lexicon
from kg.relation_kinds import GENERIC, TABLE, RelationKind, _resolve, relation_kinds

__all__ = ["GENERIC", "TABLE", "RelationKind", "_resolve", "keep_all", "relation_kinds", "run_kinds"]


def keep_all(doc: Doc, lex: Lexicon, found: list) -> list:
    """The decision of a kind whose finder decides as it goes (its rules keep the first phrasing
    that fires): every relation found is kept."""
    return found


def run_kinds(component: str, doc: Doc, lex: Lexicon, kinds: Iterable[RelationKind] | None = None) -> None:
    """Run the kinds of ``component`` with a finder, in the table's order (or the order of ``kinds``):
    each finder's relations, as its decision keeps them, go to its Doc extension (or complete
    other records in place)."""
    for kind in relation_kinds() if kinds is None else kinds:
        if kind.component != component or kind.finder is None:
            continue
        found = kind.find(doc, lex)
        if kind.writes == GENERIC:  # the generic record: every kind with one appends to the one extension
            setattr(doc._, GENERIC, [*(getattr(doc._, GENERIC) or []), *kind.decide(doc, lex, found)])
        elif kind.writes is not None:
            setattr(doc._, kind.writes, kind.decide(doc, lex, found))
