"""The table of relation kinds, kg/nlp/data/relation_kinds.json, read without spaCy: the pipeline
runs its finders (kg.nlp.relations.registry), the one generic mapping writes the records of the
kinds that have their own (kg.rdf.mapping), and the views and curation list those records
(kg.views, kg.curation). docs/relations.md tells how to add a kind.

A kind with a record of its own (``record`` in its row) writes ``kg.types.Relation`` objects to
the Doc extension ``GENERIC`` and needs no code outside its finder: its row says the class,
the predicates of its subject and object and of each literal field, and the data file of its
words and patterns."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from kg.resources import nlp_data_dir

TABLE = "relation_kinds.json"
GENERIC = "kg_relations_generic"  # the Doc extension every kind with a record of its own appends to


@dataclass(frozen=True)
class Record:
    """How a kind's records are written (the row's ``record``): the predicates that tie the node
    to its subject and object, and ``fields``: field name -> (predicate, datatype), the datatype
    one of string, date, decimal, boolean. ``label``: the fields whose values label the edge in
    the views ("minister (start)"). ``subject_type``, ``object_type``: the entity types its two
    ends must have; an entity retyped otherwise takes the relation (its subject) or leaves it (its
    object)."""

    subject: str
    object: str
    fields: dict[str, tuple[str, str]] = field(default_factory=dict)
    label: tuple[str, ...] = ()
    data: str | None = None  # the kind's data file in kg/nlp/data (its words and patterns)
    subject_type: str | None = None  # the entity type its subject must have (Person), kept by kg retype
    object_type: str | None = None


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
    record: Record | None = None  # a kind with records of its own (kg.types.Relation)

    def find(self, doc: Any, lex: Any) -> Any:
        return _resolve(self.finder)(doc, lex) if self.finder else None

    def decide(self, doc: Any, lex: Any, found: Any) -> Any:
        return _resolve(self.decision)(doc, lex, found) if self.decision else found


@cache
def _resolve(dotted: str) -> Callable[..., Any]:
    module, _, name = dotted.partition(":")
    return getattr(importlib.import_module(module), name)


def _record(row: dict | None) -> Record | None:
    if row is None:
        return None
    fields = {k: (v[0], v[1]) for k, v in row.get("fields", {}).items()}
    return Record(row["subject"], row["object"], fields, tuple(row.get("label", ())), row.get("data"),
                  row.get("subject_type"), row.get("object_type"))


@cache
def relation_kinds() -> tuple[RelationKind, ...]:
    """The kinds of the table, in its order."""
    rows = json.loads((nlp_data_dir() / TABLE).read_text(encoding="utf-8"))["kinds"]
    return tuple(RelationKind(r["name"], r["class"], r["predicate"], r["finder"], r["decision"], r["writes"],
                              r["component"], r["query"], r.get("part_of"), _record(r.get("record")))
                 for r in rows)


def generic_kinds() -> dict[str, RelationKind]:
    """The kinds with records of their own, by name."""
    return {k.name: k for k in relation_kinds() if k.record is not None}


def data_files(component: str | None = None) -> tuple[str, ...]:
    """The data files of the generic kinds (of ``component``'s, when given), in the table's order."""
    return tuple(k.record.data for k in generic_kinds().values()
                 if k.record.data and (component is None or k.component == component))
