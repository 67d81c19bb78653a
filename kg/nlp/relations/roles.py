"""Roles as the lexicon knows them (roles.json): the role a phrase ends with, and whether a
role speaks for its organisation. Shared by affiliations and statements."""

from __future__ import annotations

import re

from kg.nlp.lexicon import Lexicon


def role_at(text: str, roles: dict) -> str | None:
    """The role phrase that ``text`` (lower-case words) ends with, longest first."""
    t = text.lower().strip()
    for r in sorted(roles, key=len, reverse=True):
        if t == r or t.endswith(" " + r):
            return r
        if t.endswith("-" + r) and " " not in r:  # "co-president", "co-founder": the role with its prefix
            return t.rsplit(" ", 1)[-1]
    return None


def is_spokesperson(role: str, lex: Lexicon, quoted: bool) -> bool:
    """Whether ``role`` (as written) speaks for the organisation: a spokesperson role,
    a role that does when quoted, or a media or press office."""
    roles = lex.roles
    parts = re.split(r"\s+and\s+", role.lower())
    for p in parts:
        spec = roles.get(p.split()[-1]) or roles.get(p) or {}
        if spec.get("spokesperson") or (quoted and spec.get("quoted_spokesperson")):
            return True
        said = [i for i, w in enumerate(p.split()) if roles.get(w, {}).get("spokesperson")]
        after = role.split()[said[-1] + 1 :] if said and len(parts) == 1 else []
        if after and all(w[:1].isupper() for w in after):  # (not "spokesman turned Director")
            return True  # "spokesperson Director NAME": the person's title after the spokesperson's role
    return any(office in role.lower() for office in lex.relations["spokesperson_offices"])
