"""The affiliation rules that read what follows the person, and the rest: "PERSON, a spokesman
for ORG", "PERSON, who leads ORG", "PERSON, who studies ... at ORG", noms de guerre, "an ORG
mission led by PERSON", "PERSON of ORG", "Rector PERSON" (a title that says the kind of body),
bylines and photo credits. Each rule takes the article and the person
(kg.nlp.relations.affiliation_context) and says whether it found a body; ``CLAUSE_RULES`` is
their order in kg.nlp.relations.affiliations's table, after kg.nlp.relations.role_rules's."""

from __future__ import annotations

import re
from collections.abc import Callable

from spacy.tokens import Doc

from kg.nlp.lexicon import Lexicon
from kg.nlp.relations.affiliation_context import ArticleContext, PersonContext
from kg.nlp.relations.owners import role_phrase
from kg.nlp.relations.patterns import relation_patterns
from kg.nlp.relations.roles import is_spokesperson, role_at
from kg.nlp.relations.syntax import names_noun
from kg.types import LOC, ORG, Mention

# "Rector", "Head coach", "Assistant Coach" right before a name (a capitalised title)
_TITLE_BEFORE = re.compile(r"(?:^|[^\w\-])(?:([A-Z][a-z]+)\s+)?([A-Za-z][a-z\-]+)\s+$")


def _occupation(role: str, text: str, at: int, doc: Doc, lex: Lexicon) -> bool:
    """"NAME, a dermatologist at ORG": one word after the article, a noun by its tag, that names a
    person by its ending (relations.json occupation_endings) and stands right before "at" or "with"."""
    if " " in role or not re.match(rf"{re.escape(role)}\s+(?:at|with)\s", text[at : at + len(role) + 7]):
        return False
    if not role.endswith(tuple(lex.relations["occupation_endings"])) or role in lex.relations["not_occupations"]:
        return False  # (not "a patient at", "a passenger with": a client of the body, not its staff)
    span = doc.char_span(at, at + len(role))
    return span is not None and len(span) == 1 and span[0].tag_ == "NN"


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


def _rule_apposition(art: ArticleContext, h: PersonContext) -> bool:
    """PERSON, (a|the) (modifiers) ROLE (and ROLE) for|of|with ORG."""
    m, si, ms, after = h.m, h.si, h.ms, h.after
    text, lex, entities, add, described_body = art.text, art.lex, art.entities, art.add, art.described_body
    doc = art.doc
    found = _apposition_body(m, after, ms, entities, text, doc, lex, described_body)
    if found is not None:
        add(m, found[0], found[1], si)
        return True
    return False


def _rule_leader(art: ArticleContext, h: PersonContext) -> bool:
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


def _rule_work_at(art: ArticleContext, h: PersonContext) -> bool:
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


def _rule_alias_apposition(art: ArticleContext, h: PersonContext) -> bool:
    """A nom de guerre of an official with the <group description>: the organisation named last."""
    m, si, after = h.m, h.si, h.after
    lex, roles, add, pat, last_org = art.lex, art.roles, art.add, art.pat, art.last_org
    nm = pat.alias_apposition.match(after)
    if nm and last_org and nm.group(2).split()[-1].lower() in lex.group_descriptions:
        add(m, last_org, role_at(nm.group(1), roles) or nm.group(1), si)
        return True
    return False


def _rule_alias_before(art: ArticleContext, h: PersonContext) -> bool:
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


def _rule_led_by(art: ArticleContext, h: PersonContext) -> bool:
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


def _rule_member_of(art: ArticleContext, h: PersonContext) -> bool:
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
            role_b = role_phrase(" ".join(words_b), lex) if words_b else None
            role_b = role_b if role_b and role_at(role_b, roles) else None
            add(m, member_of, role_b or lex.relations["role_without_noun"], si,
                is_spokesperson(role_b, lex, quoted(si)) if role_b else False)
            return True
    return False


def _rule_title_body(art: ArticleContext, h: PersonContext) -> bool:
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


def _rule_byline_more(art: ArticleContext, h: PersonContext) -> bool:
    """Bylines: "and PERSON" after a byline person; "while PERSON wrote"."""
    m, si, sent = h.m, h.si, h.sent
    add, pat, byline_role, affs = art.add, art.pat, art.byline_role, art.affs
    if affs and affs[-1].sentence == si and affs[-1].role == byline_role and pat.byline_sentence.search(
        sent.text
    ):
        add(m, affs[-1].organisation, byline_role, si, False)
        return True
    return False


def _rule_credit(art: ArticleContext, h: PersonContext) -> bool:
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


# the rules of this module in the order affiliations.py tries them, after ROLE_RULES
CLAUSE_RULES = (
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
