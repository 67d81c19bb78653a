"""Which organisation a description ("the company", "the union") refers back to: the latest
named body whose name or apposition says that kind, else (a generic noun) the body the
article named last or most often. Used by both affiliations and statements."""

from __future__ import annotations

import re

from kg.nlp.lexicon import Lexicon
from kg.nlp.relations.patterns import _alt
from kg.nlp.relations.syntax import is_company, may_refer, names_noun
from kg.types import ORG, Entity, Mention


def resolve_description(mentions: list[Mention], entities: dict[str, Entity], noun: str, pos: int,
                         lex: Lexicon, described: dict[str, set[str]] | None = None, text: str = "") -> str | None:
    """The organisation "the NOUN" refers back to: the latest named before ``pos`` whose
    name has the noun in it (or that an apposition called one, ``described``), else (a generic
    noun) the one named most often so far. With ``text``, a body named after a preposition earlier in
    the description's own sentence is where it spoke, not what it is ("In a post on Velmchat, the
    group said")."""
    here = _sentence_before(mentions, pos)
    orgs = [m for m in mentions if m.end <= pos and entities[m.entity].type == ORG and not entities[m.entity].outlet
            and not (text and m.sentence == here and _platform_before(lex).search(text, max(0, m.start - 12), m.start))]
    heads = lex.pattern("org_noun_heads", lambda lx: {k: set(v) for k, v in lx.relations["org_noun_heads"].items()})
    described = described or {}
    # "the militia": not the army, unless an apposition called this one a militia
    orgs = [m for m in orgs if noun in described.get(m.entity, ()) or may_refer(noun, entities[m.entity].label, lex)]
    # the name or a short or long form of it ("ABC", the gazetteer's label, is the "Office for ...")
    named = [m for m in orgs if any(names_noun(noun, name, heads, lex)
                                    for name in (entities[m.entity].label, *sorted(entities[m.entity].aliases)))
             or noun in described.get(m.entity, ())]
    if named:
        # one an apposition called so, or whose name ends with the very word, before one whose name only
        # ends with a word of that kind ("a 3,400-member union" before the "... Association" named after it)
        exact = [m for m in named if noun in described.get(m.entity, ())
                 or entities[m.entity].label.lower().split()[-1] == noun]
        generic = noun in set(lex.relations["generic_org_nouns"])  # any body is a "group": the latest
        pick = ((exact if not generic else []) or named)[-1]
        recent = _recent_body(mentions, entities, orgs, noun, pos, lex) if generic else None
        # (a body named in the sentence before, whatever its name, over a "group" named further back)
        return recent.entity if recent is not None and recent.start > pick.start else pick.entity
    if not orgs or noun not in set(lex.relations["generic_org_nouns"]):
        return None
    if noun in set(lex.relations["company_nouns"]):
        # "a spokeswoman for the company": a company when the article names one
        orgs = [m for m in orgs if is_company(entities[m.entity].label, lex)] or orgs
    recent = _recent_body(mentions, entities, orgs, noun, pos, lex)
    if recent is not None:
        return recent.entity
    tally: dict[str, tuple[int, int]] = {}
    for k, m in enumerate(orgs):
        tally[m.entity] = (tally.get(m.entity, (0, 0))[0] + 1, k)
    return max(tally, key=lambda e: tally[e])


def _recent_body(mentions: list[Mention], entities: dict[str, Entity], orgs: list[Mention], noun: str, pos: int,
                 lex: Lexicon) -> Mention | None:
    """"the group's president" in the sentence after a body was named: the first organisation of
    that sentence (its subject, as a rule), unless it is a company; None otherwise."""
    if not orgs or noun not in set(lex.relations["recent_body_nouns"]):
        return None
    last = orgs[-1].sentence
    first = next(m for m in orgs if m.sentence == last)
    if _sentence_before(mentions, pos) - last <= 1 and not is_company(entities[first.entity].label, lex):
        return first
    return None


def _platform_before(lex: Lexicon) -> re.Pattern[str]:
    """"on Velm Radio", "via the Velm app": relations.json platform_prepositions right before a name."""
    return lex.pattern("platform_before", lambda lx: re.compile(
        rf"\b(?:{_alt(lx.relations['platform_prepositions'])})\s+(?:the\s+)?$", re.I))


def _sentence_before(mentions: list[Mention], pos: int) -> int:
    """The sentence of the last mention before character ``pos``."""
    return max((m.sentence for m in mentions if m.start <= pos), default=0)
