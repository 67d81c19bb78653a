"""Possessives and "its" before or after a person: "The union's spokesman, PERSON", "Its spokesman
in Norvale, PERSON", "ORG's director of research, PERSON", "PERSON, the brigade's spokesman":
the organisation (or the place) that owns the role, and the role as written (used by
kg.nlp.relations.role_rules)."""

from __future__ import annotations

import re

from kg.nlp.lexicon import Lexicon
from kg.nlp.relations.descriptions import resolve_description
from kg.nlp.relations.local_government import is_called, is_place_kind_of
from kg.nlp.relations.roles import is_spokesperson, role_at
from kg.nlp.relations.syntax import is_company
from kg.types import LOC, ORG, Mention

_OWNER_ROLE = re.compile(
    r"(?:\b[Tt]he\s+(?:[\w\-]+\s+){0,2}?([\w\-]+)\s*['’]s|\b([Ii]ts|[Tt]heir))\s+([\w\- ]{1,40}?)"
    r"\s*(?:,|(?<=[a-z])(?=\s*$))"  # "its spokesman, NAME" or, with no comma, "its spokesman NAME"
    r"(?:\s*(?:who\s+is\s+|who\s+)?(?:known\s+as|called|calls\s+(?:him|her)self|named))?\s*$")


_NAMED_OWNER_ROLE = re.compile(r"(?:['’]s|(?<=s)['’])\s+([\w\- ]{1,40}?)\s*,\s*$")  # "ORG's", "the Velmers'"

_ROLE_OF = re.compile(r"^(\w+)\s+of\s+[a-z][a-z ]*$")  # "chief of staff", "director of research"


def role_phrase(text: str, lex: Lexicon) -> str | None:
    """The role that a possessive's phrase is ("spokesman", "head of operations in Norvale" ->
    "head of operations"), or None."""
    role_text = re.split(r"\s+(?:in|at|from|for)\s+", text)[0].strip()
    role = role_at(role_text, lex.roles)
    if role is not None and role_text.split()[-1].lower() == role.split()[-1]:
        return role_text
    rm = _ROLE_OF.match(role_text)
    if rm and rm.group(1).lower() in lex.roles:
        return role_text
    return None


def _subject_org(orgs: list[Mention], text: str) -> Mention:
    """The subject among a sentence's organisations, as a rule its first: not a possessor ("the
    Velm Party's ministry") nor a word that only qualifies the name after it ("The UN peacekeeping
    mission VELMO")."""
    for k, o in enumerate(orgs):
        if text[o.end : o.end + 2] in {"'s", "’s"}:
            continue
        nxt = orgs[k + 1] if k + 1 < len(orgs) else None
        if nxt is not None and 0 <= nxt.start - o.end <= 40 and not _CLAUSE_BREAK.search(text, o.end, nxt.start):
            continue
        return o
    return orgs[-1]


def _described_as_business(o: Mention, text: str, lex: Lexicon) -> bool:
    """The text says ``o`` is a business: a company's noun before it ("the packer Velmor Kelp")
    or after it ("Velmor Kelp, a packer"), or "which employs ..." after it."""
    nouns = lex.pattern("business_nouns", lambda lx: "|".join(
        re.escape(w) for w in sorted(set(lx.relations["company_nouns"]) | set(lx.relations["business_nouns"]),
                                     key=len, reverse=True)))
    before = re.search(rf"\b(?:{nouns})\s+$", text[max(0, o.start - 30) : o.start], re.I)
    after = re.match(rf",\s+(?:(?:a|an|the)\s+(?:[\w\-]+\s+){{0,2}}?(?:{nouns})\b|which\s+(?:employs|employed)\b)",
                     text[o.end : o.end + 60], re.I)
    return before is not None or after is not None


_CLAUSE_BREAK = re.compile(r"[,;:]|\b(?:said|says|has|had|have|was|were|is|are|will|would|did|[a-z]+ed)\b")


_OPENING_PREPOSITION = re.compile(r"\s*(?:In|On|Through|Via|With|After|During|From|Across|Despite)\b")


def owner_role(before: str, m: Mention, mentions: list[Mention], entities: dict, lex: Lexicon,
                described: dict[str, set[str]], text: str = "", starts: list[int] | None = None
                ) -> tuple[Mention | str, str] | None:
    """"The union's spokesman, PERSON" / "Its spokesman in Norvale, PERSON": (the organisation,
    the role). The noun's organisation is the latest one named before whose name says that kind
    (not for "the company's": the company in view decides, kg.nlp.relations.syntax); "the town's
    mayor" is the place named there; "its" / "their" with a spokesperson's role is the
    organisation named last (not a news outlet), with another role the first organisation of the
    sentence before (its subject, as a rule), and with a company officer's title a company of the
    sentence before, else nothing (the company in view decides)."""
    owner = _named_owner(before, m, mentions, entities, lex)
    if owner is not None:
        return owner
    om = _OWNER_ROLE.search(before)
    if om is None:
        return None
    role_text = role_phrase(om.group(3), lex)
    if role_text is None:
        return None
    if om.group(1):
        return _noun_owner(om.group(1).lower(), role_text, m, mentions, entities, lex, described, text)
    if text and re.match(r"\s*(?:In|Through|Via|With)\b", before):
        # "In a statement signed by its spokesman, PERSON, the Velm Union said": the body named next
        following = next((o for o in mentions if o.start >= m.end and entities[o.entity].type == ORG
                          and re.fullmatch(r"\s*,\s*(?:the\s+)?", text[m.end : o.start])), None)
        if following is not None:
            return following, role_text
    # "its spokesman, NAME" looks back three sentences to the organisation named last; another role
    # ("its head of operations, NAME") only to the sentence before, whose first organisation (its
    # subject, as a rule) it is said of
    spokesperson = is_spokesperson(role_text, lex, False)
    officer = not spokesperson and role_text.lower() in set(lex.relations["officer_titles"])
    orgs = [o for o in mentions if o.end <= m.start and entities[o.entity].type == ORG
            and not entities[o.entity].outlet and m.sentence - o.sentence <= (3 if spokesperson else 1)
            and not (o.sentence == m.sentence and _in_opening_phrase(o, m, text))]
    if not orgs and text and starts and m.sentence >= 1:
        # "The board had said ... . Its research director, NAME": the body the sentence before
        # opens with as a kind ("the council") or as "It" (of the subject named in the one before that)
        pm = re.match(r"\s*(?:[Tt]he\s+([a-z]+)\b(?!['’])|(It|They)\b)",
                      text[starts[m.sentence - 1] : starts[m.sentence]])
        if pm and pm.group(1) and pm.group(1) in set(lex.relations["org_reference_nouns"]):

            key = resolve_description(mentions, entities, pm.group(1), starts[m.sentence - 1], lex, described)
            return (key, role_text) if key else None
        if pm and pm.group(2) and m.sentence >= 2:
            subjects = [o for o in mentions if o.sentence == m.sentence - 2 and entities[o.entity].type == ORG
                        and not entities[o.entity].outlet]
            return (_subject_org(subjects, text), role_text) if subjects else None
    if not orgs:
        return None
    if spokesperson and text:
        # the subject of the sentence before ("The Velm Agency fined boats of the Tarsk
        # Cooperative. Its spokesman, NAME, ..."), not the organisation named last
        return _subject_org([o for o in orgs if o.sentence == orgs[-1].sentence], text), role_text
    if spokesperson:
        return orgs[-1], role_text
    if officer:
        # "Its managing director, NAME": a company of the sentence before, else the company in view decides
        last = [o for o in orgs if o.sentence == orgs[-1].sentence]
        hit = next((o for o in last if is_company(entities[o.entity].label, lex)), None)
        if hit is None and text and _described_as_business(last[0], text, lex):
            hit = last[0]  # "The packer Velmor Kelp, which employs 85 staff, plans ..."
        return (hit, role_text) if hit is not None else None
    return next(o for o in orgs if o.sentence == orgs[-1].sentence), role_text


def _in_opening_phrase(o: Mention, m: Mention, text: str) -> bool:
    """"In a video posted on Velmbook, its leader, NAME, said": the organisation lies in a phrase
    that opens the sentence with a preposition, before the first comma; "its" looks past it."""
    start = max(text.rfind(". ", 0, o.start) + 2, text.rfind("\n", 0, o.start) + 1, 0)
    lead = text[start : o.start]
    return bool(_OPENING_PREPOSITION.match(lead)) and "," not in lead and "," in text[o.end : m.start]


def _noun_owner(noun: str, role_text: str, m: Mention, mentions: list[Mention], entities: dict, lex: Lexicon,
                described: dict[str, set[str]], text: str = "") -> tuple[Mention | str, str] | None:
    """The owner that "the NOUN's" names for a person with ``role_text``: a town's mayor the place
    named last, a union's or an army's officer the organisation named before whose name says that
    kind; None for a company (the company in view decides, kg.nlp.relations.syntax)."""

    governs = role_text.split()[-1].lower() in lex.relations["government_roles"]
    if governs and noun in set(lex.relations["owner_place_nouns"]):
        # "the town's mayor, NAME": the place named last
        places = [o for o in mentions if o.end <= m.start and entities[o.entity].type == LOC
                  and m.sentence - o.sentence <= 1]
        # the one the text calls so ("Orvik, a town in the Velm region", "the town of Orvik"), if any, in
        # those sentences or, when none there is called so, further back
        so_called = [o for o in mentions if o.end <= m.start and entities[o.entity].type == LOC
                     and text and is_called(noun, o, text)]
        near = [o for o in so_called if m.sentence - o.sentence <= 1]
        pick = near or (so_called if not [o for o in places if text and is_place_kind_of(o, text, lex)] else [])
        return ((pick or places)[-1], role_text) if (pick or places) else None
    if noun not in set(lex.relations["org_reference_nouns"]) or noun in set(lex.relations["company_nouns"]):
        return None  # "the company's chief executive, NAME": the company in view (kg.nlp.relations.syntax)
    key = resolve_description(mentions, entities, noun, m.start, lex, described)
    return (key, role_text) if key else None


def _thing_after(o: Mention, m: Mention, mentions: list[Mention], entities: dict, text: str) -> bool:
    """In what is left of the sentence of ``o`` a thing is the object of a verb ("sold the old mill",
    "visited the Orvik Dam"): its manager or owner may be the thing's ("NAME, its new owner"), not
    the body's. A place after a preposition ("in the Velm hills") is where, no such thing."""
    end = text.find(". ", o.end, m.start)
    rest = text[o.end : end if end >= 0 else m.start]
    rest = re.sub(r"[\"“][^\"”]*[\"”]", " ", rest)  # not inside a quotation
    if _THING_NAMED.search(rest):
        return True
    return any(o.end <= p.start < o.end + len(rest) and entities[p.entity].type == LOC
               and not re.search(r"\b(?:in|at|near|from|to|across|into|on|around|outside|inside)\s+(?:the\s+)?$",
                                 text[max(0, p.start - 20) : p.start]) for p in mentions)


_THING_NAMED = re.compile(r"\b(?:the|a|an)\s+(?:[a-z][\w\-]*\s+){0,2}?[a-z][\w\-]*(?=[\s,.;]|$)")

_ITS_ROLE_AFTER = re.compile(
    r"^\s*,\s+(?:[Tt]he\s+([\w\-]+(?:\s+[\w\-]+)?)\s+of\s+its\s+[\w\- ]{1,30}?|its\s+([\w\- ]{1,40}?))"
    r"\s*(?:[,.;]|$)")

_OWNER_ROLE_AFTER = re.compile(
    r"^\s*,\s+[Tt]he\s+(?:[\w\-]+\s+){0,2}?([\w\-]+)\s*['’]s\s+([\w\- ]{1,40}?)\s*(?:[,.;]|$)")


def owner_role_after(after: str, m: Mention, mentions: list[Mention], entities: dict, lex: Lexicon,
                      described: dict[str, set[str]], text: str = "") -> tuple[Mention | str, str] | None:
    """"PERSON, the brigade's spokesman, said": as ``owner_role``, the description after the name;
    "the company's ..." / "the union's ..." with no organisation whose name says that kind: the
    organisation in view (the company in view for a company's noun), as the parse would read it."""
    from kg.nlp.relations.syntax import may_refer, org_in_view

    nm = re.match(r"\s*,\s+(?:the\s+)?", after)
    named = next((o for o in mentions if nm and o.start == m.end + nm.end() and entities[o.entity].type == ORG
                  and not entities[o.entity].outlet), None) if nm else None
    if named is not None:  # "PERSON, the Halden Ferry Company's press officer, said"
        pm = re.match(r"['’]s\s+([\w\- ]{1,40}?)\s*(?:[,.;]|$)", after[named.end - m.end :])
        role_text = role_phrase(pm.group(1), lex) if pm else None
        if role_text is not None:
            return named, role_text
    im = _ITS_ROLE_AFTER.match(after)
    if im is not None and (role_text := role_phrase(im.group(1) or im.group(2), lex)) is not None:
        # "PERSON, its medical director," / "PERSON, the chief of its burns unit,": the body named last
        # in that sentence or the one before
        orgs = [o for o in mentions if o.end <= m.start and entities[o.entity].type == ORG
                and not entities[o.entity].outlet and m.sentence - o.sentence <= 1]
        last = orgs[-1] if orgs else None
        if last is not None and (is_spokesperson(role_text, lex, False) or not _thing_after(last, m, mentions,
                                                                                             entities, text)):
            return last, role_text
    om = _OWNER_ROLE_AFTER.match(after)
    if om is None:
        return None
    role_text = role_phrase(om.group(2), lex)
    if role_text is None:
        return None
    noun = om.group(1).lower()
    owner = _noun_owner(noun, role_text, m, mentions, entities, lex, described, text)
    if owner is not None or noun not in set(lex.relations["org_reference_nouns"]) \
            or noun in set(lex.relations["owner_place_nouns"]) or noun in set(lex.relations["government_place_heads"]):
        return owner
    orgs = [o for o in mentions if entities[o.entity].type == ORG and not entities[o.entity].outlet
            and may_refer(noun, entities[o.entity].label, lex)]  # "NAME, the militia's spokesman": not the army's
    company = noun in set(lex.relations["company_nouns"])
    key = org_in_view(orgs, entities, m.start, (lambda label: is_company(label, lex)) if company else None)
    return (key, role_text) if key else None


def _named_owner(before: str, m: Mention, mentions: list[Mention], entities: dict, lex: Lexicon
                 ) -> tuple[Mention, str] | None:
    """"ORG's director of research, PERSON": the organisation named right before the possessive."""
    nm = _NAMED_OWNER_ROLE.search(before)
    if nm is None:
        return None
    role_text = role_phrase(nm.group(1), lex)
    if role_text is None:
        return None
    at = m.start - (len(before) - nm.start())  # where the "'s" (or the plural's "'") starts in the text
    owner = [o for o in mentions if at - 1 <= o.end <= at + 1]
    if not owner or entities[owner[-1].entity].outlet:
        return None
    kind = entities[owner[-1].entity].type
    if kind == LOC and role_text.split()[-1].lower() in lex.local_government_roles:
        return owner[-1], role_text  # "Halden's mayor, NAME": the town's government
    if kind != ORG:
        return None
    return owner[-1], role_text
