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
from collections.abc import Callable
from dataclasses import dataclass

from spacy.tokens import Doc, Span

from kg.nlp.entities.cand import is_acronym
from kg.nlp.extensions import doc_text
from kg.nlp.lexicon import Lexicon
from kg.nlp.relations.appositions import more_affiliations, offices_to_bodies
from kg.nlp.relations.bylines import byline_affiliations
from kg.nlp.relations.descriptions import resolve_description
from kg.nlp.relations.offices import office_body
from kg.nlp.relations.patterns import relation_patterns
from kg.nlp.relations.roles import is_spokesperson, role_at
from kg.nlp.relations.syntax import is_company, names_noun, org_descriptions, syntax_affiliations
from kg.types import LOC, ORG, PER, Affiliation, Mention

# "Rector", "Head coach", "Assistant Coach" right before a name (a capitalised title)
_TITLE_BEFORE = re.compile(r"(?:^|[^\w\-])(?:([A-Z][a-z]+)\s+)?([A-Za-z][a-z\-]+)\s+$")
_WHOSE_ROLE = re.compile(r"\bwhose\s+([a-z][\w\- ]{1,40}?)\s*,?\s*$")


def _verb_after(doc: Doc, m: Mention, lex: Lexicon) -> bool:
    """The word right after mention ``m`` is a verb, a preposition or a conjunction (the name is a
    subject or an object, "ahead of the TLP's Ada Corwen by 90 votes", not a noun's modifier), and
    the name is no award's ("the Festival's Orvane Prize in June": relations.json award_words)."""
    span = doc.char_span(m.start, m.end, alignment_mode="expand")
    if span is None or span[-1].text in lex.relations["award_words"]:
        return False
    return span.end < len(doc) and doc[span.end].pos_ in {"VERB", "AUX", "ADP", "CCONJ"}


# "The mayor of ", "The deputy governor of the " opening the sentence, before the place
_OFFICE_OF = re.compile(r"\s*(?:[Tt]he\s+)?(?:[a-z\-]+\s+){0,2}([A-Za-z]+)\s+of\s+(?:the\s+)?")
_PLACE_THEN_NAME = re.compile(r"(?:\s+[a-z]+)?\s*,\s*(?:[A-Z][a-z]{0,3}\.?\s+)?$")  # "[ commune], [Hon. ]"


def _office_of_place(m: Mention, o: Mention, text: str, lex: Lexicon) -> str | None:
    """"The mayor of Halden, PERSON, said" / "The governor of Norvale province, PERSON": the local
    or regional office (roles.json local_government_roles) opening the sentence before the place
    that stands right before the person; None for any other shape."""
    if not _PLACE_THEN_NAME.fullmatch(text[o.end : m.start]):
        return None
    before = text[max(0, o.start - 80) : o.start]
    opening = max(before.rfind(c) for c in ".!?\n\"“,")  # the sentence's, quotation's or clause's start
    om = _OFFICE_OF.fullmatch(before[opening + 1 :])  # (not "After meeting the mayor of X, NAME said")
    if om is None or om.group(1).lower() not in lex.local_government_roles:
        return None
    return om.group(1).lower()


def _place_government(m: Mention, ms: list[Mention], text: str, entities: dict, lex: Lexicon
                      ) -> tuple[Mention, str] | None:
    """The place named just before person mention ``m`` with a government role between them
    (or kept as a title in the mention, or before the place: "the mayor of Halden, PERSON"):
    (the place's mention, the role as written)."""
    before = [o for o in ms if o.end <= m.start]
    if not before or entities[before[-1].entity].type != LOC:
        return None
    o = before[-1]
    office = _office_of_place(m, o, text, lex)
    if office is not None:
        return o, office
    gap = text[o.end : m.start]
    if len(gap) > 60 or re.search(r"[.;:,()\"“”]", gap):
        return None
    words = m.text.split()
    k = 0
    while k < len(words) - 1 and lex.title_or_role(words[k]):
        k += 1
    role = " ".join(re.sub(r"^\s*[’']s\b", "", gap + " " + " ".join(words[:k])).split())
    government = set(lex.relations["government_roles"])
    if not role or role.split()[-1].lower() not in government:
        return None
    # only the role's own words: a title in capitals, role words and their modifiers ("Halden's
    # Transport Minister", "Halden deputy mayor"), not a clause ("Halden arrested former mayor")
    if not all(w[:1].isupper() or w.lower() in lex.roles or w.lower() in lex.role_modifiers for w in role.split()):
        return None
    return o, role


_OWNER_ROLE = re.compile(
    r"(?:\b[Tt]he\s+(?:[\w\-]+\s+){0,2}?([\w\-]+)\s*['’]s|\b([Ii]ts|[Tt]heir))\s+([\w\- ]{1,40}?)"
    r"\s*(?:,|(?<=[a-z])(?=\s*$))"  # "its spokesman, NAME" or, with no comma, "its spokesman NAME"
    r"(?:\s*(?:who\s+is\s+|who\s+)?(?:known\s+as|called|calls\s+(?:him|her)self|named))?\s*$")
_THE_NOUNS = re.compile(r"\b[Tt]he\s+([a-z]+)['’]s\s+$")  # "The union's " right before a name
# "Ministry spokesperson Ada Corwen said the Ministry of ...": a kind of body, capitalised, and a role
# opening the sentence right before the name
def _said_the(lex: Lexicon) -> re.Pattern[str]:
    """" said (that) the ", " told reporters the ": a speech verb (speech.json), a hearer, then what is said."""
    return lex.pattern("said_the", lambda lx: re.compile(
        r"\s+(?:" + "|".join(sorted(lx.speech_verbs, key=len, reverse=True))
        + r")(?:\s+(?!the\b|that\b)[a-z]+)?\s+(?:that\s+)?(?:the\s+)?"))


_KIND_ROLE = re.compile(r"^\s*(?:[Tt]he\s+|A\s+|An\s+)?([A-Z][a-z]+)\s+([a-z][\w\- ]{1,30}?)\s*,?\s*$")
_NAMED_OWNER_ROLE = re.compile(r"(?:['’]s|(?<=s)['’])\s+([\w\- ]{1,40}?)\s*,\s*$")  # "ORG's", "the Velmers'"
_ROLE_OF = re.compile(r"^(\w+)\s+of\s+[a-z][a-z ]*$")  # "chief of staff", "director of research"


def _role_phrase(text: str, lex: Lexicon) -> str | None:
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


def _occupation(role: str, text: str, at: int, doc: Doc, lex: Lexicon) -> bool:
    """"NAME, a dermatologist at ORG": one word after the article, a noun by its tag, that names a
    person by its ending (relations.json occupation_endings) and stands right before "at" or "with"."""
    if " " in role or not re.match(rf"{re.escape(role)}\s+(?:at|with)\s", text[at : at + len(role) + 7]):
        return False
    if not role.endswith(tuple(lex.relations["occupation_endings"])) or role in lex.relations["not_occupations"]:
        return False  # (not "a patient at", "a passenger with": a client of the body, not its staff)
    span = doc.char_span(at, at + len(role))
    return span is not None and len(span) == 1 and span[0].tag_ == "NN"


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


def _owner_role(before: str, m: Mention, mentions: list[Mention], entities: dict, lex: Lexicon,
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
    role_text = _role_phrase(om.group(3), lex)
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
                     and text and _called(noun, o, text)]
        near = [o for o in so_called if m.sentence - o.sentence <= 1]
        pick = near or (so_called if not [o for o in places if text and _is_place_kind_of(o, text, lex)] else [])
        return ((pick or places)[-1], role_text) if (pick or places) else None
    if noun not in set(lex.relations["org_reference_nouns"]) or noun in set(lex.relations["company_nouns"]):
        return None  # "the company's chief executive, NAME": the company in view (kg.nlp.relations.syntax)
    key = resolve_description(mentions, entities, noun, m.start, lex, described)
    return (key, role_text) if key else None


def _town_in_view(m: Mention, mentions: list[Mention], entities: dict, lex: Lexicon, text: str) -> Mention | None:
    """The town whose mayor ``m`` is when the text does not say: of the places named before it
    that are towns (a city of the gazetteer named at least twice, or one the text calls a town,
    city or village), the one named most often, the latest of equals. None when no such place was
    named, when a name stands right before the title ("Tarsk Mayor NAME") or when the mayor's
    sentence names another place ("Mayor NAME, who led Tarsk, ...")."""
    places = [o for o in mentions if o.end <= m.start and entities[o.entity].type == LOC]
    if re.search(r"[A-Z][\w'’\-]*\s*$", text[max(0, m.start - 40) : m.start]):
        # "Ainsworth Bend Mayor NAME": the place named before the title, where it is one named before
        named = [o for o in places if text[max(0, m.start - 40) : m.start].rstrip().endswith(entities[o.entity].label)]
        return named[-1] if named else None
    counts = {o.entity: sum(1 for x in places if x.entity == o.entity) for o in places}
    towns = {o.entity for o in places
             if (entities[o.entity].kind == "city" and counts[o.entity] >= 2) or _is_place_kind_of(o, text, lex)}
    if not towns:
        return None
    best = max(counts[e] for e in towns)
    town = [o for o in places if o.entity in towns and counts[o.entity] == best][-1]
    if any(o.sentence == m.sentence and entities[o.entity].type == LOC and o.entity != town.entity
           for o in mentions):
        return None
    return town


def _is_place_kind_of(o: Mention, text: str, lex: Lexicon) -> bool:
    """The text calls place ``o`` some kind of place it might govern ("Tarsk, a village ...")."""
    return any(_called(noun, o, text) for noun in lex.relations["owner_place_nouns"])


def _called(noun: str, o: Mention, text: str) -> bool:
    """The text calls place ``o`` a ``noun``: "Orvik, a (small) town ...", "the town of Orvik", "Orvik town"."""
    n = re.escape(noun)
    return re.match(rf"\s*,\s+(?:a|an|the)\s+(?:[\w\-]+\s+){{0,2}}?{n}\b", text[o.end : o.end + 60]) is not None \
        or re.search(rf"\b{n}\s+of\s+$", text[max(0, o.start - 30) : o.start]) is not None \
        or re.match(rf"\s+{n}\b", text[o.end : o.end + 20]) is not None


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


def _owner_role_after(after: str, m: Mention, mentions: list[Mention], entities: dict, lex: Lexicon,
                      described: dict[str, set[str]], text: str = "") -> tuple[Mention | str, str] | None:
    """"PERSON, the brigade's spokesman, said": as ``_owner_role``, the description after the name;
    "the company's ..." / "the union's ..." with no organisation whose name says that kind: the
    organisation in view (the company in view for a company's noun), as the parse would read it."""
    from kg.nlp.relations.syntax import may_refer, org_in_view

    nm = re.match(r"\s*,\s+(?:the\s+)?", after)
    named = next((o for o in mentions if nm and o.start == m.end + nm.end() and entities[o.entity].type == ORG
                  and not entities[o.entity].outlet), None) if nm else None
    if named is not None:  # "PERSON, the Halden Ferry Company's press officer, said"
        pm = re.match(r"['’]s\s+([\w\- ]{1,40}?)\s*(?:[,.;]|$)", after[named.end - m.end :])
        role_text = _role_phrase(pm.group(1), lex) if pm else None
        if role_text is not None:
            return named, role_text
    im = _ITS_ROLE_AFTER.match(after)
    if im is not None and (role_text := _role_phrase(im.group(1) or im.group(2), lex)) is not None:
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
    role_text = _role_phrase(om.group(2), lex)
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
    role_text = _role_phrase(nm.group(1), lex)
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


def _without_rank(before: str, lex: Lexicon) -> str:
    """The text before a name without the capitalised rank that ends it after a comma ("its
    spokesman, Assistant Commissioner " -> "its spokesman, "); unchanged without one."""
    m = re.search(r",\s+((?:[A-Z][\w.\-]*\s+){1,3})$", before)
    if m is None or not any(lex.title_or_role(w.rstrip(".")) or w in lex.person_titles for w in m.group(1).split()):
        return before
    return before[: m.start(1)]


def _without_trailing_titles(gap: str, lex: Lexicon) -> str:
    """The words between an organisation and a person without the ranks and titles that end them:
    " spokesman Maj. Gen. " -> " spokesman " (a rank is not the role)."""
    words = gap.split()
    k = len(words)
    # (a title in lower case after a comma too: "ORG spokesperson and deputy director, professor NAME")
    while k > 1 and (words[k - 1] in lex.person_titles
                     or (words[k - 2].endswith(",") and words[k - 1].capitalize() in lex.person_titles)):
        k -= 1
    if k == len(words):
        return gap
    return gap[: len(gap) - len(gap.lstrip())] + " ".join(words[:k]) + " "


_ROLE_FOR_THE_NOUN = re.compile(
    r"\b(?:[Aa]n?|[Tt]he)\s+((?:[\w\-]+\s+){0,2}?[\w\-]+)\s+(?:for|of|at|with)\s+the\s+(\w+)"
    r"(?:\s+in\s+[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)?)?\s*,\s*$")


_SAID_THROUGH = re.compile(r"\b(?:said|says|spoke|responded|replied)\s+through\s+(?:a|an|its|their)\s+"
                           r"([a-z]+(?:\s+[a-z]+)?)\s*,\s*$")
_NOUN_ROLE = re.compile(r"\b(?:[Aa]n?|[Tt]he)\s+([a-z]+)\s+([a-z]+(?:\s+[a-z]+)?)\s*,\s*$")
# "Police spokesman Inspector-General " before the name: a kind of body, its role, a rank
_OPENING_NOUN_ROLE = re.compile(r"\s*([A-Z][a-z]+)\s+([a-z]+)\s+(?:[A-Z][A-Za-z]*\.?(?:\s*-\s*|\s+))*")


def _one_body_so_described(noun: str, m: Mention, mentions: list[Mention], entities: dict,
                            described: dict[str, set[str]], lex: Lexicon) -> bool:
    """Exactly one organisation named before ``m`` is a NOUN by its name or an apposition ("A bank
    spokesman" after two banks is nobody's for sure)."""
    from kg.nlp.relations.syntax import names_noun

    heads = lex.pattern("org_noun_heads", lambda lx: {k: set(v) for k, v in lx.relations["org_noun_heads"].items()})
    keys = {o.entity for o in mentions if o.end <= m.start and entities[o.entity].type == ORG
            and (names_noun(noun, entities[o.entity].label, heads, lex) or noun in described.get(o.entity, ()))}
    return len(keys) == 1


def _apposition_body(m: Mention, after: str, ms: list[Mention], entities: dict, text: str, doc: Doc, lex: Lexicon,
                     described_body: Callable[[int, Mention], str | None]) -> tuple[Mention | str, str] | None:
    """"PERSON, (a|the) (modifiers) ROLE (and ROLE) for|of|with ORG": the body named right after the role
    (the one a possessive there names), else the body named before that the kind noun there describes,
    else a local government's place ("the mayor of the Halden municipality"); with the role."""
    am = relation_patterns(lex).apposition.match(after)
    if am is None:
        return None
    role, roles = am.group(2).strip(), lex.roles
    if not (role_at(role, roles) or " and " in role and any(role_at(r, roles) for r in role.split(" and "))
            or _occupation(role, text, m.end + am.start(2), doc, lex)):
        return None
    rest_start = m.end + am.end()
    nxt_org = next((o for o in ms if entities[o.entity].type == ORG and 0 <= o.start - rest_start < 25
                    and "," not in text[rest_start : o.start]), None)
    if nxt_org is not None and re.match(r"['’]s\s", text[nxt_org.end : nxt_org.end + 3]):
        # "an aide to the NVC's Water Office": the body the possessive names
        owned = next((o for o in ms if entities[o.entity].type == ORG and 0 < o.start - nxt_org.end <= 4), None)
        nxt_org = owned or nxt_org
    if nxt_org:
        return nxt_org, role
    key = described_body(rest_start, m)  # "NAME, a spokeswoman for the authority"
    if key is not None:
        return key, role
    nxt_place = next((o for o in ms if entities[o.entity].type == LOC and (o.start == rest_start or (
        text[rest_start : o.start].strip().istitle() and 0 <= o.start - rest_start < 25))), None)
    if nxt_place and role.split()[-1].lower() in lex.local_government_roles:
        return nxt_place, role
    return None


@dataclass
class _Person:
    """One person mention of a sentence, and the text around it in the sentence."""
    m: Mention
    si: int
    sent: Span
    ms: list[Mention]  # the sentence's mentions, in order
    before: str
    after: str
    orgs_before: list[Mention]


class _Article:
    """What the article holds for its affiliations, and the affiliations found so far."""

    def __init__(self, doc: Doc, lex: Lexicon) -> None:
        self.doc, self.lex = doc, lex
        self.entities = doc._.kg_entities or {}
        self.mentions: list[Mention] = doc._.kg_mentions or []
        self.text = doc_text(doc)
        self.roles = lex.roles
        self.pat = relation_patterns(lex)
        self.byline_role, self.photo_role = lex.relations["byline_role"], lex.relations["photo_role"]
        self.affs: list[Affiliation] = []
        self.sents = list(doc.sents)
        self.starts = [st.start_char for st in self.sents]
        self.ordered = sorted(self.mentions, key=lambda x: x.start)
        self.described = org_descriptions(self.text, self.ordered, self.entities, lex.relations["org_reference_nouns"])
        self.described_roles: set[tuple[str, str, int]] = set()  # "the group's president": the body already chosen
        self.reference_nouns = set(lex.relations["org_reference_nouns"])
        self.title_bodies: dict[str, list[str]] = lex.relations["title_bodies"]
        self.noun_heads = lex.pattern("org_noun_heads",
                                      lambda lx: {k: set(v) for k, v in lx.relations["org_noun_heads"].items()})
        self.last_org: str | None = None

    def typ(self, m: Mention) -> str:
        return self.entities[m.entity].type

    def outlet(self, m: Mention) -> bool:
        return self.entities[m.entity].outlet

    def quoted(self, si: int) -> bool:
        return self.pat.speech.search(self.sents[si].text) is not None

    def add(self, p: Mention, o: Mention | str, role: str, si: int, spk: bool | None = None) -> None:
        org_key = o if isinstance(o, str) else o.entity
        s = min(p.start, o.start if not isinstance(o, str) else p.start)
        e = max(p.end, o.end if not isinstance(o, str) else p.end)
        sp = is_spokesperson(role, self.lex, self.quoted(si)) if spk is None else spk
        if not any(a.person == p.entity and a.organisation == org_key for a in self.affs):
            self.affs.append(Affiliation(p.entity, org_key, role, sp, si, s, e))

    def described_body(self, at: int, person: Mention) -> str | None:
        """"... for the authority", "... chairs the cooperative": the kind of body named at character
        ``at`` resolved to the body named before the person whose name (or apposition) says that kind."""
        dm = re.match(r"(\w+)\b", self.text[at : at + 30])
        if dm is None or dm.group(1).lower() not in self.reference_nouns:
            return None
        return resolve_description(self.ordered, self.entities, dm.group(1).lower(), person.start, self.lex,
                                   self.described)


def find_affiliations(doc: Doc, lex: Lexicon) -> list[Affiliation]:
    art = _Article(doc, lex)
    by_sent: dict[int, list[Mention]] = {}
    for m in art.mentions:
        by_sent.setdefault(m.sentence, []).append(m)
    text, entities = art.text, art.entities
    for si, sent in enumerate(art.sents):
        ms = sorted(by_sent.get(si, []), key=lambda m: m.start)
        for m in ms:
            if art.typ(m) != PER:
                continue
            h = _Person(m, si, sent, ms, text[sent.start_char : m.start], text[m.end : sent.end_char],
                        [o for o in ms if art.typ(o) == ORG and o.end <= m.start])
            any(rule(art, h) for rule in _PERSON_RULES)  # the first phrasing that finds a body wins
        for m in ms:
            if art.typ(m) == ORG and not entities[m.entity].outlet:
                art.last_org = m.entity
    _his_team(art)
    _bylines_and_parse(art)
    _apposition_phrasings(art)
    return offices_to_bodies(art.affs, art.ordered, entities, lex, lambda role: is_spokesperson(role, lex, False))


def _his_team(art: _Article) -> None:
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


def _bylines_and_parse(art: _Article) -> None:
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


def _apposition_phrasings(art: _Article) -> None:
    """The phrasings of kg.nlp.relations.appositions, for a person linked to nothing yet."""
    linked = {a.person for a in art.affs}
    spans = [(st.start_char, st.end_char) for st in art.sents]
    for m in art.ordered:
        found = more_affiliations(m, art.text, spans, m.sentence, art.ordered, art.entities, art.lex, role_at) \
            if art.typ(m) == PER and m.entity not in linked else None
        if found is not None:
            art.add(m, found[0], found[1], m.sentence)
            linked.add(m.entity)


def _rule_said_through(art: _Article, h: _Person) -> bool:
    """"ORG, which ..., said through a spokeswoman, PERSON, that ...": the subject's spokesperson."""
    m, si, sent, ms, before = h.m, h.si, h.sent, h.ms, h.before
    entities, roles, typ, add = art.entities, art.roles, art.typ, art.add
    tm = _SAID_THROUGH.search(before)
    if tm and role_at(tm.group(1), roles):
        subject = next((o for o in ms if typ(o) == ORG and o.end <= sent.start_char + tm.start()
                        and not entities[o.entity].outlet), None)
        if subject is not None:
            add(m, subject, tm.group(1), si, True)
            return True
    return False


def _rule_office(art: _Article, h: _Person) -> bool:
    """"Minister of Energy PERSON": the article's Ministry of Energy (kg.nlp.relations.offices)."""
    m, si, sent = h.m, h.si, h.sent
    text, lex, entities, ordered, add = art.text, art.lex, art.entities, art.ordered, art.add
    office = office_body(m, text, sent.start_char, sent.end_char, ordered, entities, lex)
    if office is not None:
        add(m, office[0], office[1], si)
        return True
    return False


def _org_gap(art: _Article, h: _Person, o: Mention) -> str:
    """The words between the organisation ``o`` and the person, without the ranks, titles, a
    place ("for ORG in PLACE, NAME") and an acronym's bracket."""
    m, ms = h.m, h.ms
    text, lex, typ = art.text, art.lex, art.typ
    gap = _without_trailing_titles(text[o.end : m.start], lex)
    pm = re.match(r"\s+in\s+(?:the\s+)?", gap)
    if pm and any(typ(p) == LOC and p.start == o.end + pm.end()
                  and re.fullmatch(r"\s*,\s*", text[p.end : m.start]) for p in ms):
        gap = ","  # "A spokeswoman for ORG in PLACE, NAME": the place says where, not who
    if gap.lstrip().startswith(")"):
        gap = gap.lstrip()[1:]  # "Name Forces (NFF) spokesman Ada": the acronym's bracket
    return gap


def _rule_org_then_role(art: _Article, h: _Person) -> bool:
    """ORG ROLE PERSON / ROLE for ORG PERSON: the organisation named before the person and its role."""
    m, si, sent = h.m, h.si, h.sent
    text, lex, roles, add = art.text, art.lex, art.roles, art.add
    if not h.orgs_before:
        return False
    o = h.orgs_before[-1]
    gap = _org_gap(art, h, o)
    # titles kept in the mention ("Correspondent Emma Murphy") belong to the role
    words = m.text.split()
    k = 0
    # ... but not after a comma ("a ORG spokeswoman, Major NAME") nor after a role ("ORG
    # spokeswoman Inspector NAME"): there the title is a rank, not the role
    gap_role = role_at(gap.strip(" ,"), roles) is not None
    while not gap.rstrip().endswith(",") and not gap_role and k < len(words) - 1 \
            and lex.title_or_role(words[k]):
        k += 1
    role_text = (gap + " " + " ".join(words[:k])).strip(" ,")
    # "The spokeswoman for ORG, Captain NAME": the role before the organisation
    # outweighs a title (a rank) kept in the mention or written between them
    bare = gap.strip(" ,")
    if bare in lex.person_titles:
        bare = ""
    fm = None if bare or not gap.strip() == "," else re.search(
        r"\b([\w\- ]+?)\s+(?:for|of|with|at)\s+(?:the\s+)?[\w\-’' ]*$",
        text[max(sent.start_char, o.start - 300) : o.start])
    if fm and role_at(fm.group(1), roles):
        add(m, o, role_at(fm.group(1), roles), si)
        return True
    if k and len(gap) < 40 and not re.search(r"[.;:]|\b(?:and|or|with|by|from|to)\b", gap) \
            and role_at(role_text, roles):
        add(m, o, role_text, si)  # "ITV News Correspondent Emma Murphy", "NATO Secretary General J. S."
        return True
    role = role_at(gap.strip(" ,"), roles)
    # the gap is the role phrase itself ("Halden spokesman Ada"), not a clause that ends
    # with one ("the Halden Act, spokesperson Ada")
    if role and len(gap) < 40 and not re.search(r"[.;:,]", gap.strip(" ,")):
        phrase = re.sub(r"^[’']s\s+", "", gap.strip(" ,").strip())  # "ORG's head coach, NAME"
        own = re.search(r"\b(?:its|their|the)\s+([^,]+)$", phrase)
        if own and role_at(own.group(1), roles):
            phrase = own.group(1)  # "ORG signed by its press secretary, NAME": the role alone
        add(m, o, phrase, si)
        return True
    # only where nothing stands between the organisation and the person (but a title),
    # and on the last 300 characters: over a whole long sentence this search is super-linear
    mm = None if bare else re.search(
        r"\b([\w\- ]+?)\s+(?:for|of|with|at)\s+(?:the\s+)?[\w\-’' ]*$",
        text[max(sent.start_char, o.start - 300) : o.start])
    if mm:
        role = role_at(mm.group(1), roles)
        if role:
            add(m, o, role, si)
            return True
    # OUTLET's PERSON, OUTLET Photo/PERSON
    return False


def _rule_org_own_person(art: _Article, h: _Person) -> bool:
    """OUTLET's PERSON, OUTLET Photo/PERSON, "the Halden Union's Ada Corwen": the organisation's own."""
    m, si, after = h.m, h.si, h.after
    text, lex, entities, outlet, add = art.text, art.lex, art.entities, art.outlet, art.add
    pat, byline_role, photo_role, doc = art.pat, art.byline_role, art.photo_role, art.doc
    if not h.orgs_before:
        return False
    o = h.orgs_before[-1]
    gap = _org_gap(art, h, o)
    if outlet(o) and re.fullmatch(r"\s*[’']s\s*", gap):
        add(m, o, byline_role, si, False)
        return True
    # "the Halden Union's Ada Corwen said": a body's own person, a member (not an outlet's,
    # a byline above)
    # (only the person as a subject or in apposition, not a noun's modifier: "the Festival's
    # Ada Corwen award"; and the body's name as written, not a place word that starts it)
    if not outlet(o) and (re.fullmatch(r"[’']s\s+", text[o.end : m.start]) or (
            o.text.endswith("s") and re.fullmatch(r"[’']\s+", text[o.end : m.start]))) \
            and (re.match(r"\s*(?:[,;:.]|$)", after) or _verb_after(doc, m, lex)) \
            and (o.text == entities[o.entity].label or is_acronym(o.text)):
        add(m, o, lex.relations["role_without_noun"], si, False)
        return True
    if outlet(o) and pat.outlet_photo.fullmatch(gap):
        add(m, o, photo_role, si, False)
        return True
    return False


def _rule_place_government(art: _Article, h: _Person) -> bool:
    """PLACE ROLE PERSON, PLACE's ROLE PERSON for a role of local or regional government."""
    m, si, ms = h.m, h.si, h.ms
    text, lex, entities, add = art.text, art.lex, art.entities, art.add
    # ("Halden mayor Ada Corwen", "Norvale's Transport Minister Ada Corwen")
    place = _place_government(m, ms, text, entities, lex)
    if place is not None:
        add(m, place[0], place[1], si)
        return True
    return False


def _rule_town_office(art: _Article, h: _Person) -> bool:
    """"Mayor PERSON of PLACE", "Mayor PERSON": a town's own office, the title kept in the mention."""
    m, si, ms, after = h.m, h.si, h.ms, h.after
    text, lex, entities, ordered, typ, add = art.text, art.lex, art.entities, art.ordered, art.typ, art.add
    title = m.text.split()[0].rstrip(".").lower()
    om = re.match(r"\s+of\s+(?:the\s+)?", after) if title in lex.local_government_roles else None
    if om:
        place_m = next((o for o in ms if typ(o) == LOC and o.start == m.end + om.end()), None)
        if place_m is not None:
            add(m, place_m, m.text.split()[0], si)
            return True
    # "Mayor PERSON" with no "of PLACE": the town the article is about
    if title in lex.relations["town_roles"] and om is None:
        town = _town_in_view(m, ordered, entities, lex, text)
        if town is not None:
            add(m, town, m.text.split()[0], si)
            return True
    return False


def _rule_whose_role(art: _Article, h: _Person) -> bool:
    """"ORG, a Velm developer whose spokeswoman, PERSON, said": the body the relative clause is on."""
    m, si, sent, before, orgs_before = h.m, h.si, h.sent, h.before, h.orgs_before
    text, roles, add = art.text, art.roles, art.add
    wh = _WHOSE_ROLE.search(before)
    if wh and role_at(wh.group(1), roles):
        whose_at = sent.start_char + wh.start()
        body = next((o for o in reversed(orgs_before) if o.end <= whose_at
                     and re.fullmatch(r"\s*,[^,;:()\"]{0,60}\s*", text[o.end : whose_at])), None)
        if body is not None:
            add(m, body, wh.group(1), si)
            return True
    return False


def _rule_the_noun_s(art: _Article, h: _Person) -> bool:
    """"The association's Ada Corwen, who chairs ...": one of the body that kind of noun names."""
    m, si, sent, before, after = h.m, h.si, h.sent, h.before, h.after
    lex, entities, ordered, described, add = art.lex, art.entities, art.ordered, art.described, art.add
    described_body, doc = art.described_body, art.doc
    # the subject or in apposition)
    # (one body only of that kind named before; no place's "the city's", no "..., a local historian")
    pm = _THE_NOUNS.search(before)
    if pm and pm.group(1) not in lex.relations["owner_place_nouns"] \
            and pm.group(1) not in lex.relations["not_membership_nouns"] \
            and not re.match(r"\s*,\s+(?:a|an)\b", after) \
            and (re.match(r"\s*(?:[,;:.]|$)", after) or _verb_after(doc, m, lex)) \
            and _one_body_so_described(pm.group(1), m, ordered, entities, described, lex):
        key = described_body(sent.start_char + pm.start(1), m)
        if key is not None:
            add(m, key, lex.relations["role_without_noun"], si, False)
            return True
    return False


def _rule_kind_role(art: _Article, h: _Person) -> bool:
    """"Ministry spokesperson PERSON said ...": the body of that kind the sentence or the article names."""
    m, si, sent, ms, before = h.m, h.si, h.sent, h.ms, h.before
    text, lex, entities, roles, ordered = art.text, art.lex, art.entities, art.roles, art.ordered
    described, typ, add, reference_nouns = art.described, art.typ, art.add, art.reference_nouns
    # sentence (or the article before it) names, the kind word being no name of its own here
    km = _KIND_ROLE.match(before)
    if km and km.group(1).lower() in reference_nouns and (role := role_at(km.group(2), roles)) \
            and is_spokesperson(role, lex, True) \
            and not any(o.start <= sent.start_char + km.start(1) < o.end for o in ms):
        noun = km.group(1).lower()
        key = resolve_description(ordered, entities, noun, m.start, lex, described)  # named before
        if key is None:  # or the subject of what the person says: "... said the Ministry of X had ..."
            sm = _said_the(lex).match(text, m.end, sent.end_char)
            body = next((o for o in ms if sm and typ(o) == ORG and o.start == sm.end()), None)
            if body is not None and re.search(rf"\b{noun}\b", entities[body.entity].label.lower()):
                key = body.entity
        if key is not None:
            add(m, key, role, si)
            return True
    return False


def _rule_owner(art: _Article, h: _Person) -> bool:
    """"the militia's spokesman, PERSON", "its spokesman in Norvale, PERSON": the body that noun names."""
    m, si, before, after = h.m, h.si, h.before, h.after
    text, lex, entities, ordered, described = art.text, art.lex, art.entities, art.ordered, art.described
    add, described_roles, starts = art.add, art.described_roles, art.starts
    # that noun names, or the one named last
    owner = _owner_role(before, m, ordered, entities, lex, described, text, starts)
    if owner is None and (ranked := _without_rank(before, lex)) != before:
        # "Its spokesman, Deputy Inspector PERSON": the rank after the comma is not the role
        owner = _owner_role(ranked, m, ordered, entities, lex, described, text, starts)
    if owner is not None:
        add(m, owner[0], owner[1], si)
        described_roles.add((m.entity, owner[1].lower(), si))
        return True
    owner = _owner_role_after(after, m, ordered, entities, lex, described, text)
    if owner is not None:
        add(m, owner[0], owner[1], si)
        described_roles.add((m.entity, owner[1].lower(), si))
        return True
    return False


def _rule_role_for_the_noun(art: _Article, h: _Person) -> bool:
    """"A spokeswoman for the agency in Velm, PERSON, said": a role for a kind of body named before."""
    m, si, sent, before = h.m, h.si, h.sent, h.before
    roles, add, described_body = art.roles, art.add, art.described_body
    rm = _ROLE_FOR_THE_NOUN.search(before)
    if rm and role_at(rm.group(1), roles):
        key = described_body(sent.start_char + rm.start(2), m)
        if key is not None:
            add(m, key, rm.group(1), si)
            return True
    return False


def _rule_opening_noun_role(art: _Article, h: _Person) -> bool:
    """"Police spokesman Inspector-General PERSON told ...": the kind of body opening the sentence."""
    m, si, before = h.m, h.si, h.before
    lex, entities, roles, ordered, described = art.lex, art.entities, art.roles, art.ordered, art.described
    add = art.add
    # sentence, capitalised, its role and the person's rank
    rm = _OPENING_NOUN_ROLE.fullmatch(before)
    if rm and role_at(rm.group(2), roles) and not role_at(rm.group(1), roles) \
            and _one_body_so_described(rm.group(1).lower(), m, ordered, entities, described, lex):
        # (any kind of body the one named says, "Tribunal president", not only the reference nouns)
        key = resolve_description(ordered, entities, rm.group(1).lower(), m.start, lex, described)
        if key is not None:
            add(m, key, rm.group(2), si)
            return True
    return False


def _rule_noun_role(art: _Article, h: _Person) -> bool:
    """"A union spokesman, PERSON, said": the kind of body before the role."""
    m, si, sent, before = h.m, h.si, h.sent, h.before
    lex, entities, roles, ordered, described = art.lex, art.entities, art.roles, art.ordered, art.described
    add, described_body = art.add, art.described_body
    rm = _NOUN_ROLE.search(before)
    if rm and role_at(rm.group(2), roles) and not role_at(rm.group(1), roles) \
            and _one_body_so_described(rm.group(1), m, ordered, entities, described, lex):
        key = described_body(sent.start_char + rm.start(1), m)
        if key is not None:
            add(m, key, rm.group(2), si)
            return True
    return False


def _rule_apposition(art: _Article, h: _Person) -> bool:
    """PERSON, (a|the) (modifiers) ROLE (and ROLE) for|of|with ORG."""
    m, si, ms, after = h.m, h.si, h.ms, h.after
    text, lex, entities, add, described_body = art.text, art.lex, art.entities, art.add, art.described_body
    doc = art.doc
    found = _apposition_body(m, after, ms, entities, text, doc, lex, described_body)
    if found is not None:
        add(m, found[0], found[1], si)
        return True
    return False


def _rule_leader(art: _Article, h: _Person) -> bool:
    """PERSON, who leads|heads|runs ... ORG (the verb, as written, is the role)."""
    m, si, ms, after = h.m, h.si, h.ms, h.after
    text, lex, typ, add, described_body = art.text, art.lex, art.typ, art.add, art.described_body
    pat = art.pat
    wm = pat.leader.match(after)
    if wm:
        rest_start = m.end + wm.end()
        nxt_org = next((o for o in ms if typ(o) == ORG and 0 <= o.start - rest_start < 40
                        and not re.search(r"[,;.]", text[rest_start : o.start])), None)
        if nxt_org:
            add(m, nxt_org, wm.group(1), si, wm.group(1) in lex.speaker_verbs)  # "who speaks for ORG"
            return True
        nxt_place = next((o for o in ms if typ(o) == LOC and o.start == rest_start), None)
        if nxt_place and wm.group(1) in lex.relations["place_leader_verbs"]:
            add(m, nxt_place, wm.group(1), si, False)  # "NAME, who governed Halden for a decade"
            return True
        key = described_body(rest_start, m)  # "NAME, who chairs the cooperative"
        pm = re.match(r"the\s+([a-z]+)['’]s\s", text[rest_start : rest_start + 40]) if key is None else None
        if pm:
            key = described_body(rest_start + pm.start(1), m)  # "who heads the society's Tarsk branch"
        if key is not None:
            add(m, key, wm.group(1), si, wm.group(1) in lex.speaker_verbs)
            return True
    return False


def _rule_work_at(art: _Article, h: _Person) -> bool:
    """"PERSON, who studies the fish trade at ORG": work done at a body."""
    m, si, ms, after = h.m, h.si, h.ms, h.after
    lex, typ, add = art.lex, art.typ, art.add
    sm = lex.pattern("work_at", lambda lx: re.compile(
        r"\s*(?:,\s*\d{1,3}\s*)?,\s*who\s+(?:also\s+)?(" + "|".join(lx.relations["work_at_verbs"])
        + r")\b[^,;.\"“”]{0,60}?\s(at|for|with)\s+(?:the\s+)?")).match(after)
    if sm:
        body = next((o for o in ms if typ(o) == ORG and o.start == m.end + sm.end()), None)
        if body is not None:
            add(m, body, f"{sm.group(1)} {sm.group(2)}", si, False)  # "studies at", "works for"
            return True
    return False


def _rule_alias_apposition(art: _Article, h: _Person) -> bool:
    """A nom de guerre of an official with the <group description>: the organisation named last."""
    m, si, after = h.m, h.si, h.after
    lex, roles, add, pat, last_org = art.lex, art.roles, art.add, art.pat, art.last_org
    nm = pat.alias_apposition.match(after)
    if nm and last_org and nm.group(2).split()[-1].lower() in lex.group_descriptions:
        add(m, last_org, role_at(nm.group(1), roles) or nm.group(1), si)
        return True
    return False


def _rule_alias_before(art: _Article, h: _Person) -> bool:
    """A ORG ROLE who goes by PERSON."""
    m, si, sent, before, orgs_before = h.m, h.si, h.sent, h.before, h.orgs_before
    text, roles, add, pat = art.text, art.roles, art.add, art.pat
    gm = pat.alias_before.search(before)
    if gm and orgs_before:
        o = orgs_before[-1]
        role = role_at(text[o.end : m.start - len(gm.group(0))].strip(" ,"), roles)
        if role is None and not text[o.end : m.start - len(gm.group(0))].strip(" ,"):
            # "a captain of the Halden Front who goes by the name NAME"
            rm = re.search(r"([\w\- ]+?)\s+(?:of|with|in)\s+(?:the\s+)?$",
                           text[max(sent.start_char, o.start - 60) : o.start])
            role = role_at(rm.group(1), roles) if rm else None
        if role:
            add(m, o, role, si)
            return True
    return False


def _rule_led_by(art: _Article, h: _Person) -> bool:
    """"an ORG mission led by PERSON": the person leads the organisation."""
    m, si, before, orgs_before = h.m, h.si, h.before, h.orgs_before
    text, lex, add = art.text, art.lex, art.add
    led_by = lex.pattern("passive_leader_before", lambda lx: re.compile(
        r"(?:" + "|".join(re.escape(v) for v in lx.relations["passive_leader_verbs"]) + r")\s+$"))
    lm = led_by.search(before)
    if lm:
        bodies = set(lex.relations["led_body_nouns"])
        led = [o for o in orgs_before if 0 <= m.start - len(lm.group(0)) - o.end <= 25
               and text[o.end : m.start - len(lm.group(0))].split()
               and all(w.lower() in bodies for w in text[o.end : m.start - len(lm.group(0))].split())]
        if led:  # "an ORG mission led by NAME" (not "the lawsuit against ORG led by NAME")
            add(m, led[-1], lm.group(0).split()[0], si, False)
            return True
    return False


def _rule_member_of(art: _Article, h: _Person) -> bool:
    """"PERSON, of the ORG club", "according to PERSON of ORG": a member."""
    m, si, ms, before, after = h.m, h.si, h.ms, h.before, h.after
    lex, roles, typ, add, reference_nouns = art.lex, art.roles, art.typ, art.add, art.reference_nouns
    quoted = art.quoted
    of_m = re.match(r"\s*,?\s*of\s+(?:the\s+)?", after)
    if of_m:
        member_of = next((o for o in ms if typ(o) == ORG and o.start == m.end + of_m.end()), None)
        kind = re.match(r"(?:[a-z\-]+\s+){0,2}([a-z\-]+)\s+", after[of_m.end() :])
        if member_of is None and kind and kind.group(1) in reference_nouns:
            # "NAME of the relief charity ORG", "NAME of the dockers' union ORG": the kind, then the name
            member_of = next((o for o in ms if typ(o) == ORG
                              and o.start == m.end + of_m.end() + kind.end()), None)
        if member_of is not None:
            # "housing spokeswoman NAME of ORG": the role written before the name, else a member
            rb = re.search(r"\b([a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2})\s+$", before)
            words_b = rb.group(1).split() if rb else []
            while words_b and (words_b[0] in lex.governing_words or words_b[0] in {"and", "or"}):
                words_b = words_b[1:]  # "criticised by transport spokeswoman NAME": not "by"
            role_b = _role_phrase(" ".join(words_b), lex) if words_b else None
            role_b = role_b if role_b and role_at(role_b, roles) else None
            add(m, member_of, role_b or lex.relations["role_without_noun"], si,
                is_spokesperson(role_b, lex, quoted(si)) if role_b else False)
            return True
    return False


def _rule_title_body(art: _Article, h: _Person) -> bool:
    """"Rector PERSON told ...": a title that says the kind of body, the body of that kind named before."""
    m, si, sent = h.m, h.si, h.sent
    text, lex, entities, ordered, described = art.text, art.lex, art.entities, art.ordered, art.described
    typ, outlet, add, title_bodies, noun_heads = art.typ, art.outlet, art.add, art.title_bodies, art.noun_heads
    # body (relations.json title_bodies), the body of that kind named before
    tb = _TITLE_BEFORE.search(text[max(sent.start_char, m.start - 40) : m.start])
    # (or the title kept in the mention, before a name of two words: "Dean Orvane" may be a name)
    kept = m.text.split()
    lead = tb.group(1) if tb and tb.group(1) not in {"The", "A", "An", None} else ""
    word = tb.group(2) if tb else (kept[0] if len(kept) >= 3 else "")
    title = f"{lead} {word}".strip()  # "Head coach", "Assistant Coach"
    kinds = title_bodies.get(word.lower(), ()) if title[:1].isupper() else ()
    # (of several such bodies, the one the article has named most often so far: "Justice NAME" of
    # the appeal court the story is about, not the trial court named in passing)
    fitting = [o.entity for o in ordered if o.end <= m.start and typ(o) == ORG and not outlet(o)
               and any(names_noun(kind, entities[o.entity].label, noun_heads, lex)
                       or kind in described.get(o.entity, ()) for kind in kinds)] if kinds else []
    body = max(reversed(fitting), key=fitting.count) if fitting else None
    if body is not None:
        add(m, body, title, si)
        return True
    return False


def _rule_byline_more(art: _Article, h: _Person) -> bool:
    """Bylines: "and PERSON" after a byline person; "while PERSON wrote"."""
    m, si, sent = h.m, h.si, h.sent
    add, pat, byline_role, affs = art.add, art.pat, art.byline_role, art.affs
    if affs and affs[-1].sentence == si and affs[-1].role == byline_role and pat.byline_sentence.search(
        sent.text
    ):
        add(m, affs[-1].organisation, byline_role, si, False)
        return True
    return False


def _rule_credit(art: _Article, h: _Person) -> bool:
    """Credit: PERSON/OUTLET."""
    m, si, ms, before, after = h.m, h.si, h.ms, h.before, h.after
    typ, add, pat, photo_role = art.typ, art.add, art.pat, art.photo_role
    cm = re.match(r"\s*/\s*", after)
    if cm and pat.credit_before.search(before):
        o = next((o for o in ms if typ(o) == ORG and o.start >= m.end), None)
        if o is not None:
            add(m, o, photo_role, si, False)
            return True
    return False


# the phrasings tried for each person, in order: the first that finds a body wins
_PERSON_RULES = (
    _rule_said_through,
    _rule_office,
    _rule_org_then_role,
    _rule_org_own_person,
    _rule_place_government,
    _rule_town_office,
    _rule_whose_role,
    _rule_the_noun_s,
    _rule_kind_role,
    _rule_owner,
    _rule_role_for_the_noun,
    _rule_opening_noun_role,
    _rule_noun_role,
    _rule_apposition,
    _rule_leader,
    _rule_work_at,
    _rule_alias_apposition,
    _rule_alias_before,
    _rule_led_by,
    _rule_member_of,
    _rule_title_body,
    _rule_byline_more,
    _rule_credit,
)
