"""Affiliation phrasings of real news that the main pass (kg.nlp.relations.affiliations) leaves
out, tried for a person it linked to nothing:

- "The president of the ORG (ACR) board of directors, NAME,": the role and the body before the name;
- "NAME, who is also leader of the ORG" / "NAME who is the chair of ORG";
- "NAME now works as a legal adviser with the ORG";
- '"...," said spokesperson NAME' after "ORG said ..." in the sentence before: a bare spokesperson
  role speaks for the body that spoke just before (no body named in its own sentence).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from kg.nlp.lexicon import Lexicon
from kg.types import ORG, Affiliation, Entity, Mention

# "The president of the " right before the body; "(Velserv) board of directors, " between it and the name
_ROLE_OF_THE = re.compile(r"\b[Tt]he\s+((?:[a-z][\w\-]*\s+){0,3}?[a-z][\w\-]*)\s+(?:of|for|at)\s+(?:the\s+)?$")
_BODY_TO_NAME = re.compile(r"(?:\s*\([\w\-.]{1,15}\))?(?:\s+[a-z][\w\-]*){0,4}\s*,\s*(?:[A-Z][a-z]{0,3}\.?\s+)?")
_WHO_IS = re.compile(r"\s*,?\s*who\s+is\s+(?:also\s+|now\s+)?(?:the\s+|a\s+|an\s+)?((?:[\w\-]+\s+){0,3}?[\w\-]+)"
                     r"\s+(?:of|at|for|with)\s+(?:the\s+)?")
_WORKS_AS = re.compile(r"\s*,?\s+(?:now\s+|also\s+|currently\s+)?(?:works|worked|serves|served)\s+as\s+(?:a|an|the)\s+"
                       r"((?:[\w\-]+\s+){0,3}?[\w\-]+)\s+(?:at|for|with|of)\s+(?:the\s+)?")
_BARE_ROLE_BEFORE = re.compile(r"(?:^|\b(?:said|says|added|told)\s+)(?:the\s+|a\s+)?([a-z][\w\-]*)\s+$")


def more_affiliations(m: Mention, text: str, sents: list[tuple[int, int]], si: int, mentions: list[Mention],
                      entities: dict[str, Entity], lex: Lexicon, role_at: Callable[[str, dict], str | None]
                      ) -> tuple[Mention, str] | None:
    """(the body, the role) that one of the phrasings above gives person ``m`` of sentence ``si``."""
    start, end = sents[si]
    orgs = [o for o in mentions if entities[o.entity].type == ORG and not entities[o.entity].outlet]
    here = [o for o in orgs if start <= o.start < end]
    for o in here:  # "The president of the ORG (ACR) board of directors, NAME"
        rm = _ROLE_OF_THE.search(text, start, o.start)
        if rm and o.end <= m.start and _BODY_TO_NAME.fullmatch(text, o.end, m.start) \
                and role_at(rm.group(1), lex.roles):
            return o, rm.group(1)
    for pat in (_WHO_IS, _WORKS_AS):  # "NAME, who is also leader of the ORG", "NAME works as a ROLE with ORG"
        wm = pat.match(text, m.end, end)
        body = next((o for o in here if wm and o.start == wm.end()), None)
        if body is not None and role_at(wm.group(1), lex.roles):
            return body, wm.group(1)
    bare = _BARE_ROLE_BEFORE.search(text, max(start, m.start - 40), m.start)
    spec = lex.roles.get(bare.group(1), {}) if bare else {}
    if spec.get("spokesperson") and not here and si > 0:
        # '"...," said spokesperson NAME' after "ORG said ..." in the sentence before
        before = [o for o in orgs if sents[si - 1][0] <= o.start < sents[si - 1][1]]
        if before:
            return before[0], bare.group(1)
    return None


def offices_to_bodies(affs: list[Affiliation], mentions: list[Mention], entities: dict[str, Entity], lex: Lexicon,
                      speaks: Callable[[str], bool]) -> list[Affiliation]:
    """"Director of Public Affairs, NAME": an office (relations.json office_names) read as an organisation
    is the office of the body in view (the organisation the article names most often before the
    person); the office joins the role."""
    offices = set(lex.relations["office_names"])
    out = []
    for a in affs:
        label = entities[a.organisation].label
        if label.lower() not in offices:
            out.append(a)
            continue
        named = [o.entity for o in mentions if o.start < a.end and entities[o.entity].type == ORG
                 and not entities[o.entity].outlet and entities[o.entity].label.lower() not in offices]
        if named:
            role = f"{a.role} of {label}" if a.role and a.role != lex.relations["role_without_noun"] else label
            body = max(reversed(named), key=named.count)
            out.append(Affiliation(a.person, body, role, speaks(role), a.sentence, a.start, a.end))
    return out
