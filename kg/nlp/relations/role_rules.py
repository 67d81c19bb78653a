"""The affiliation rules that read the body, or its kind, and the role before the person: "ORG
ROLE PERSON", "ROLE for ORG PERSON", "OUTLET's PERSON", "Halden mayor PERSON", "Mayor PERSON of
PLACE", "ORG, whose spokeswoman, PERSON", "Ministry spokesperson PERSON", "its spokesman,
PERSON", "A union spokesman, PERSON". Each rule takes the article and the person
(kg.nlp.relations.affiliation_context) and says whether it found a body; ``ROLE_RULES`` is their
order in kg.nlp.relations.affiliations's table."""

from __future__ import annotations

import re

from spacy.tokens import Doc

from kg.nlp.entities.cand import is_acronym
from kg.nlp.lexicon import Lexicon
from kg.nlp.relations.affiliation_context import ArticleContext, PersonContext
from kg.nlp.relations.descriptions import resolve_description
from kg.nlp.relations.local_government import place_government, town_in_view
from kg.nlp.relations.offices import office_body
from kg.nlp.relations.owners import owner_role, owner_role_after
from kg.nlp.relations.roles import is_spokesperson, role_at
from kg.types import LOC, ORG, Mention

_WHOSE_ROLE = re.compile(r"\bwhose\s+([a-z][\w\- ]{1,40}?)\s*,?\s*$")


def _verb_after(doc: Doc, m: Mention, lex: Lexicon) -> bool:
    """The word right after mention ``m`` is a verb, a preposition or a conjunction (the name is a
    subject or an object, "ahead of the TLP's Ada Corwen by 90 votes", not a noun's modifier), and
    the name is no award's ("the Festival's Orvane Prize in June": relations.json award_words)."""
    span = doc.char_span(m.start, m.end, alignment_mode="expand")
    if span is None or span[-1].text in lex.relations["award_words"]:
        return False
    return span.end < len(doc) and doc[span.end].pos_ in {"VERB", "AUX", "ADP", "CCONJ"}


_THE_NOUNS = re.compile(r"\b[Tt]he\s+([a-z]+)['’]s\s+$")  # "The union's " right before a name


def _said_the(lex: Lexicon) -> re.Pattern[str]:
    """" said (that) the ", " told reporters the ": a speech verb (speech.json), a hearer, then what is said."""
    return lex.pattern("said_the", lambda lx: re.compile(
        r"\s+(?:" + "|".join(sorted(lx.speech_verbs, key=len, reverse=True))
        + r")(?:\s+(?!the\b|that\b)[a-z]+)?\s+(?:that\s+)?(?:the\s+)?"))


# "Ministry spokesperson Ada Corwen said the Ministry of ...": a kind of body, capitalised, and a role
# opening the sentence right before the name
_KIND_ROLE = re.compile(r"^\s*(?:[Tt]he\s+|A\s+|An\s+)?([A-Z][a-z]+)\s+([a-z][\w\- ]{1,30}?)\s*,?\s*$")


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


def _rule_said_through(art: ArticleContext, h: PersonContext) -> bool:
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


def _rule_office(art: ArticleContext, h: PersonContext) -> bool:
    """"Minister of Energy PERSON": the article's Ministry of Energy (kg.nlp.relations.offices)."""
    m, si, sent = h.m, h.si, h.sent
    text, lex, entities, ordered, add = art.text, art.lex, art.entities, art.ordered, art.add
    office = office_body(m, text, sent.start_char, sent.end_char, ordered, entities, lex)
    if office is not None:
        add(m, office[0], office[1], si)
        return True
    return False


def _org_gap(art: ArticleContext, h: PersonContext, o: Mention) -> str:
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


def _rule_org_then_role(art: ArticleContext, h: PersonContext) -> bool:
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
    role_text = " ".join((gap + " " + " ".join(words[:k])).split()).strip(" ,")
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


def _rule_org_own_person(art: ArticleContext, h: PersonContext) -> bool:
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


def _rule_place_government(art: ArticleContext, h: PersonContext) -> bool:
    """PLACE ROLE PERSON, PLACE's ROLE PERSON for a role of local or regional government."""
    m, si, ms = h.m, h.si, h.ms
    text, lex, entities, add = art.text, art.lex, art.entities, art.add
    # ("Halden mayor Ada Corwen", "Norvale's Transport Minister Ada Corwen")
    place = place_government(m, ms, text, entities, lex)
    if place is not None:
        add(m, place[0], place[1], si)
        return True
    return False


def _rule_town_office(art: ArticleContext, h: PersonContext) -> bool:
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
        town = town_in_view(m, ordered, entities, lex, text)
        if town is not None:
            add(m, town, m.text.split()[0], si)
            return True
    return False


def _rule_whose_role(art: ArticleContext, h: PersonContext) -> bool:
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


def _rule_the_noun_s(art: ArticleContext, h: PersonContext) -> bool:
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


def _rule_kind_role(art: ArticleContext, h: PersonContext) -> bool:
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


def _rule_owner(art: ArticleContext, h: PersonContext) -> bool:
    """"the militia's spokesman, PERSON", "its spokesman in Norvale, PERSON": the body that noun names."""
    m, si, before, after = h.m, h.si, h.before, h.after
    text, lex, entities, ordered, described = art.text, art.lex, art.entities, art.ordered, art.described
    add, described_roles, starts = art.add, art.described_roles, art.starts
    # that noun names, or the one named last
    owner = owner_role(before, m, ordered, entities, lex, described, text, starts)
    if owner is None and (ranked := _without_rank(before, lex)) != before:
        # "Its spokesman, Deputy Inspector PERSON": the rank after the comma is not the role
        owner = owner_role(ranked, m, ordered, entities, lex, described, text, starts)
    if owner is not None:
        add(m, owner[0], owner[1], si)
        described_roles.add((m.entity, owner[1].lower(), si))
        return True
    owner = owner_role_after(after, m, ordered, entities, lex, described, text)
    if owner is not None:
        add(m, owner[0], owner[1], si)
        described_roles.add((m.entity, owner[1].lower(), si))
        return True
    return False


def _rule_role_for_the_noun(art: ArticleContext, h: PersonContext) -> bool:
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


def _rule_opening_noun_role(art: ArticleContext, h: PersonContext) -> bool:
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


def _rule_noun_role(art: ArticleContext, h: PersonContext) -> bool:
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


# the rules of this module in the order affiliations.py tries them
ROLE_RULES = (
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
)
