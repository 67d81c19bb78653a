"""Find organisations, people and places with the gazetteer and context rules,
then resolve mentions within the article (surname = full name, acronym =
expansion). Every rule has a name, recorded as the mention's ``source``
(the last field of its mention value in the graph, once ``kg:foundBy``).

Steps, one module each: gazetteer matches over the token stream (longest first)
and capitalised chunks between them (``candidates``) -> each chunk typed by the
first rule of the table kg/nlp/data/entity_rules.jsonl that fires (``rules``) ->
the statistical NER's entities merged in (``fusion``) -> mentions clustered into
entities (``resolve``). ``component`` is the ``kg_entities`` pipeline component.
"""

from kg.nlp.entities.cand import Cand, is_acronym, is_cap
from kg.nlp.entities.candidates import chunks, find_candidates, gazetteer_matches, trim
from kg.nlp.entities.component import EntityFinder
from kg.nlp.entities.fusion import merge_model, plausible_model_span
from kg.nlp.entities.resolve import resolve
from kg.nlp.entities.rules import PREDICATES, RuleTable, load_rules
from kg.types import LOC, ORG, PER

__all__ = [
    "LOC", "ORG", "PER", "PREDICATES", "Cand", "EntityFinder", "RuleTable", "chunks", "find_candidates",
    "gazetteer_matches", "is_acronym", "is_cap", "load_rules", "merge_model", "plausible_model_span",
    "resolve", "trim",
]
