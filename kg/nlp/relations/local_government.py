"""A place's own government as an affiliation: "Halden mayor PERSON", "Norvale's Transport Minister
PERSON", "The mayor of Halden, PERSON", and the town in view for "Mayor PERSON" when the text
names no place (used by kg.nlp.relations.role_rules and kg.nlp.relations.owners)."""

from __future__ import annotations

import re

from kg.nlp.lexicon import Lexicon
from kg.types import LOC, Mention

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


def place_government(m: Mention, ms: list[Mention], text: str, entities: dict, lex: Lexicon
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


def town_in_view(m: Mention, mentions: list[Mention], entities: dict, lex: Lexicon, text: str) -> Mention | None:
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
             if (entities[o.entity].kind == "city" and counts[o.entity] >= 2) or is_place_kind_of(o, text, lex)}
    if not towns:
        return None
    best = max(counts[e] for e in towns)
    town = [o for o in places if o.entity in towns and counts[o.entity] == best][-1]
    if any(o.sentence == m.sentence and entities[o.entity].type == LOC and o.entity != town.entity
           for o in mentions):
        return None
    return town


def is_place_kind_of(o: Mention, text: str, lex: Lexicon) -> bool:
    """The text calls place ``o`` some kind of place it might govern ("Tarsk, a village ...")."""
    return any(is_called(noun, o, text) for noun in lex.relations["owner_place_nouns"])


def is_called(noun: str, o: Mention, text: str) -> bool:
    """The text calls place ``o`` a ``noun``: "Orvik, a (small) town ...", "the town of Orvik", "Orvik town"."""
    n = re.escape(noun)
    return re.match(rf"\s*,\s+(?:a|an|the)\s+(?:[\w\-]+\s+){{0,2}}?{n}\b", text[o.end : o.end + 60]) is not None \
        or re.search(rf"\b{n}\s+of\s+$", text[max(0, o.start - 30) : o.start]) is not None \
        or re.match(rf"\s+{n}\b", text[o.end : o.end + 20]) is not None
