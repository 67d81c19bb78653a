"""Affiliations and spokespeople: a person linked to an organisation, with the
role as written. Works on the resolved mentions of kg_entities, sentence by sentence.

Phrasings (role words from roles.json, the other words from relations.json):
  ORG ROLE PERSON                     "SDF spokesman Mustafa Bali"
  ROLE for|of|with ORG PERSON         "spokesman for the Syrian Democratic Forces Mustafa Bali"
  PERSON, (a|the) ROLE for|of ORG     "Mustafa Bali, a spokesman for the SDF"
  ORG ROLE who goes by PERSON         "a Syrian Democratic Forces official who goes by Mervan The Brave"
  PERSON, who LEADS [the ...] ORG      "Jane Roe, who heads the residents' group Save Harrowfield"
  PERSON, the nom de guerre of a ROLE with the <group>   (the group: the last organisation named)
  OUTLET's PERSON (and PERSON) reported|wrote            bylines: journalist
  (OUTLET Photo/PERSON), Credit: PERSON/OUTLET            photo credits: photographer
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from kg.nlp.lexicon import Lexicon
from kg.nlp.relations.affiliation_context import ArticleContext, PersonContext
from kg.nlp.relations.appositions import more_affiliations, offices_to_bodies
from kg.nlp.relations.bylines import byline_affiliations
from kg.nlp.relations.clause_rules import CLAUSE_RULES
from kg.nlp.relations.role_rules import ROLE_RULES
from kg.nlp.relations.roles import is_spokesperson, role_at
from kg.nlp.relations.syntax import syntax_affiliations
from kg.types import ORG, PER, Affiliation, Mention

# the phrasings tried for each person, in order: the first that finds a body wins (the role before
# the person, kg.nlp.relations.role_rules; what follows it and the rest, kg.nlp.relations.clause_rules)
_PERSON_RULES = (*ROLE_RULES, *CLAUSE_RULES)


def find_affiliations(doc: Doc, lex: Lexicon) -> list[Affiliation]:
    art = ArticleContext(doc, lex)
    by_sent: dict[int, list[Mention]] = {}
    for m in art.mentions:
        by_sent.setdefault(m.sentence, []).append(m)
    text, entities = art.text, art.entities
    for si, sent in enumerate(art.sents):
        ms = sorted(by_sent.get(si, []), key=lambda m: m.start)
        for m in ms:
            if art.typ(m) != PER:
                continue
            h = PersonContext(m, si, sent, ms, text[sent.start_char : m.start], text[m.end : sent.end_char],
                        [o for o in ms if art.typ(o) == ORG and o.end <= m.start])
            any(rule(art, h) for rule in _PERSON_RULES)  # the first phrasing that finds a body wins
        for m in ms:
            if art.typ(m) == ORG and not entities[m.entity].outlet:
                art.last_org = m.entity
    _his_team(art)
    _bylines_and_parse(art)
    _apposition_phrasings(art)
    return offices_to_bodies(art.affs, art.ordered, entities, lex, lambda role: is_spokesperson(role, lex, False))


def _his_team(art: ArticleContext) -> None:
    """"NAME was hurt. His team, ORG, said ...": the body in apposition to "his team" is the person's."""
    lex, text, ordered, typ = art.lex, art.text, art.ordered, art.typ
    whose = lex.pattern("affiliation_whose_body", lambda lx: re.compile(
        r"\b(?:[Hh]is|[Hh]er)\s+(?:" + "|".join(map(re.escape, lx.relations["person_body_nouns"])) + r")\s*,\s*$"))
    for o in ordered:
        if typ(o) != ORG or not text.startswith(",", o.end) or not whose.search(text, max(0, o.start - 30), o.start):
            continue
        people = [p for p in ordered if p.end <= o.start and typ(p) == PER and o.sentence - p.sentence <= 1]
        here = [p for p in people if p.sentence == o.sentence]
        # the last person of its own sentence, else the first of the sentence before (its subject, as a
        # rule: "NAME was hurt after colliding with OTHER. His team, ORG, said")
        if here or people:
            art.add((here or people)[-1] if here else people[0], o, lex.relations["role_without_noun"], o.sentence,
                    False)


def _bylines_and_parse(art: ArticleContext) -> None:
    """Bylines, then what the parse adds (nothing without a parser): the surface phrasings come first."""
    lex, affs = art.lex, art.affs
    known = {(a.person, a.organisation) for a in affs}

    def speaks(role: str, si: int) -> bool:
        return is_spokesperson(role, lex, art.quoted(si))

    for a in [*byline_affiliations(art.doc, lex, art.entities, art.mentions),
              *syntax_affiliations(art.doc, lex, art.entities, art.mentions, speaks)]:
        if (a.person, a.organisation) not in known \
                and (a.person, a.role.lower(), a.sentence) not in art.described_roles:
            known.add((a.person, a.organisation))
            affs.append(a)


def _apposition_phrasings(art: ArticleContext) -> None:
    """The phrasings of kg.nlp.relations.appositions, for a person linked to nothing yet."""
    linked = {a.person for a in art.affs}
    spans = [(st.start_char, st.end_char) for st in art.sents]
    for m in art.ordered:
        found = more_affiliations(m, art.text, spans, m.sentence, art.ordered, art.entities, art.lex, role_at) \
            if art.typ(m) == PER and m.entity not in linked else None
        if found is not None:
            art.add(m, found[0], found[1], m.sentence)
            linked.add(m.entity)
