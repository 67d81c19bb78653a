"""A title that names its body: "Minister of Energy NAME" or "NAME, the minister of aviation" is of
the article's "Ministry of Energy" / "Energy Ministry" (relations.json office_bodies: which bodies a
title's office is; the first word of the field after "of"/"for" must be in the body's name)."""

from __future__ import annotations

import re

from kg.nlp.lexicon import Lexicon
from kg.types import ORG, Entity, Mention

# "Minister of Trade and Regional Integration " right before a name, or ", the minister of
# aviation," right after it
_FIELD = r"(?:of|for)\s+(?:the\s+)?([A-Za-z][\w\-]*)(?:\s+(?:and|&|of)?\s*[A-Z][\w\-]*)*"
_TITLE_BEFORE = re.compile(rf"\b([A-Za-z]+)\s+{_FIELD}\s+$")
_TITLE_AFTER = re.compile(rf"\s*,\s+(?:the\s+)?([A-Za-z]+)\s+{_FIELD}\s*(?:[,.;]|$)")


def office_body(m: Mention, text: str, sent_start: int, sent_end: int, mentions: list[Mention],
                entities: dict[str, Entity], lex: Lexicon) -> tuple[Mention, str] | None:
    """The body whose office the title around person ``m`` names, and the title; None without one."""
    bodies: dict[str, list[str]] = lex.relations["office_bodies"]
    for pat, s, e in ((_TITLE_BEFORE, sent_start, m.start), (_TITLE_AFTER, m.end, sent_end)):
        tm = pat.search(text, s, e) if pat is _TITLE_BEFORE else pat.match(text, s, e)
        if tm is None or tm.group(1).lower() not in bodies:
            continue
        field = tm.group(2).lower()
        for o in mentions:
            label = entities[o.entity].label
            words = {w.lower() for w in re.findall(r"[\w\-]+", label)}
            if entities[o.entity].type == ORG and field in words \
                    and any(b in label.split() or b.lower() in label.split() for b in bodies[tm.group(1).lower()]):
                return o, tm.group(1)
    return None
