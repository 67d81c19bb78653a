"""Role changes: a person starts or leaves a role ("NAME was appointed chief executive of ORG",
"ORG sacked NAME", "NAME resigned as minister", "the resignation of NAME"). The relation kind
``role_change`` of kg/nlp/data/relation_kinds.json; its words and the scores of its patterns are
in kg/nlp/data/role_changes.json. It reads the article's text around the people, organisations
and dates kg_entities and kg_dates found, and writes kg.types.Relation records (the one generic
mapping, kg.rdf.mapping.relation_quads, turns them into triples).

Only changes the sentence reports as done: the verbs are past forms, and a word that is not an
auxiliary between the person and the verb ("will", "not", "refused to") stops the pattern; a
noun ("resignation") asked for ("calls for the resignation of") is no change."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from spacy.tokens import Doc

from kg.nlp.extensions import doc_text
from kg.nlp.lexicon import Lexicon
from kg.types import ORG, PER, DateMention, Entity, Mention, Relation

KIND, DATA, GENERATOR = "role_change", "role_changes.json", "role_changes"
_WORD = r"[A-Za-z][\w\-']*"


@dataclass(frozen=True)
class _Hit:
    pattern: str
    change: str
    at: int  # where the verb or noun is
    end: int  # where what the relation is read from ends
    role: str = ""
    org: Mention | None = None


@dataclass
class _Sentence:
    text: str
    start: int
    end: int
    index: int
    people: list[Mention]
    orgs: list[Mention]
    dates: list[DateMention]


def _alt(words: Any) -> str:
    """A regex alternation of ``words``, longest first, a space matching any run of spaces."""
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


def _compile(lex: Lexicon) -> dict[str, Any]:
    w = lex.kinds[DATA]
    verbs, nouns, future = _alt(w["role_change_verbs"]), _alt(w["role_change_nouns"]), _alt(w["future_verbs"])
    gap = _alt(w["role_change_auxiliaries"] + w["role_change_adverbs"])
    return {
        "words": w,
        "person_verb": re.compile(rf"(?P<app>\s*,[^,;()]{{1,80}},)?\s*,?\s+(?P<aux>(?:(?:{gap})\s+)*)"
                                  rf"(?:(?P<verb>{verbs})|will\s+(?P<future>{future}))\b", re.I),
        "body_verb": re.compile(rf"\s+(?P<aux>(?:(?:{gap})\s+)*)(?P<verb>{_alt(w['body_verbs'])})"
                                rf"\s+(?P<pre>(?:{_WORD}\s+){{0,4}})$"),
        "noun_of": re.compile(rf"\b(?P<noun>{nouns})\s+of\s+(?P<pre>(?:{_WORD}\s+){{0,4}})$", re.I),
        "person_noun": re.compile(rf"(?:['\u2019]s?|(?<=\bhis)|(?<=\bher))\s+(?:{_WORD}\s+){{0,3}}?(?P<noun>{nouns})\b",
                                  re.I),
        "succeeds": re.compile(rf"(?:\s*,\s*who)?\s+(?:(?:{gap})\s+)*(?P<verb>{_alt(w['succession_verbs'])})\s+", re.I),
        "succeeded": re.compile(rf"\b(?P<verb>{_alt(w['succession_verbs'])})\s+$", re.I),
        "participle": re.compile(rf"\b(?:{_alt(w['participle_adverbs'])})[\s\-]+(?P<verb>{verbs})\s+"
                                 rf"(?P<role>(?:{_WORD}\s+){{1,4}})$", re.I),
        "pronoun": re.compile(rf"\b(?:{_alt(w['person_pronouns'])})\b"),
        "as_role": re.compile(rf"[^,;.]*?\bas\s+(?P<role>{_WORD}(?:\s+{_WORD}){{0,6}})"),
        "its_role": re.compile(rf"\s+(?:its|their)\s+(?P<role>{_WORD}(?:\s+{_WORD}){{0,6}})"),
        "bare_role": re.compile(rf"\s+(?P<role>{_WORD}(?:\s+{_WORD}){{0,6}})"),
    }


def find_role_changes(doc: Doc, lex: Lexicon) -> list[Relation]:
    """The role changes the article reports, one per person, change and sentence."""
    if DATA not in lex.kinds:
        return []
    pats = lex.pattern("role_changes", _compile)
    ents: dict[str, Entity] = doc._.kg_entities or {}
    out: list[Relation] = []
    bodies = _affiliated(doc)
    sents = _sentences(doc, ents)
    for sent in sents:
        seen: set[tuple[str, str]] = set()
        for p in sent.people + _pronouns(sent, sents, pats):
            hit = _succession(sent, p, pats) or _person_verb(sent, p, pats) or _body_verb(sent, p, pats) \
                or _noun(sent, p, pats) or _participle(sent, p, pats)
            if hit is None or (p.entity, hit.change) in seen or _asked(sent, p, pats["words"]):
                continue
            seen.add((p.entity, hit.change))
            if p.source == "pronoun":
                hit = replace(hit, pattern=hit.pattern.replace("person", "pronoun"))
            out.append(_relation(sent, p, hit, pats["words"], bodies.get(p.entity)))
    return out


def _pronouns(sent: _Sentence, sents: list[_Sentence], pats: dict[str, Any]) -> list[Mention]:
    """"he", "him", "his" in the sentence as mentions of the one person it can be: the one person named
    in the sentence before and in this one before the pronoun (none when there are two)."""
    out = []
    for m in pats["pronoun"].finditer(sent.text, sent.start, sent.end):
        named = {p.entity for p in sent.people if p.end <= m.start()}
        named |= {p.entity for s in sents if s.index == sent.index - 1 for p in s.people}
        if len(named) == 1:
            out.append(Mention(named.pop(), m.group(0), m.start(), m.end(), sent.index, "pronoun"))
    return out


def _affiliated(doc: Doc) -> dict[str, str]:
    """Person -> the one organisation the article affiliates the person with (kg_affiliations, found
    before this kind runs): the body of a change whose sentence names none."""
    found: dict[str, set[str]] = {}
    for a in doc._.kg_affiliations or []:
        found.setdefault(a.person, set()).add(a.organisation)
    return {p: next(iter(orgs)) for p, orgs in found.items() if len(orgs) == 1}


def _sentences(doc: Doc, ents: dict[str, Entity]) -> list[_Sentence]:
    """The article's sentences with their people, organisations and dates."""
    text = doc_text(doc)
    out = {i: _Sentence(text, s.start_char, s.end_char, i, [], [], []) for i, s in enumerate(doc.sents)}
    for m in doc._.kg_mentions or []:
        if m.sentence in out:
            kind = ents[m.entity].type
            (out[m.sentence].people if kind == PER else out[m.sentence].orgs if kind == ORG else []).append(m)
    for d in doc._.kg_dates or []:
        if d.sentence in out and d.value:
            out[d.sentence].dates.append(d)
    return [out[k] for k in sorted(out)]


def _person_verb(sent: _Sentence, p: Mention, pats: dict[str, Any]) -> _Hit | None:
    """NAME (, apposition,) (was / has been ...) VERB (as ROLE) (of ORG)."""
    w = pats["words"]
    m = pats["person_verb"].match(sent.text, p.end, sent.end)
    if m is None or any(o.start < m.end("verb") and o.end > p.end for o in sent.people if o is not p):
        return None
    verb = " ".join((m.group("verb") or m.group("future")).lower().split())
    if verb in w["verbs_after_aux"] and not set(m.group("aux").lower().split()) & set(w["role_change_auxiliaries"]):
        return None
    pattern, change = ("person-will-verb", w["future_verbs"][verb]) if m.group("future") else \
        ("person-verb", w["role_change_verbs"][verb])
    tail = m.end("verb") if m.group("verb") else m.end("future")
    org = _org_after(sent, tail, pats) or (_org_in(sent, m.start("app"), m.end("app")) if m.group("app") else None)
    org = org or _org_before(sent, p, w)
    if verb in w["verbs_with_object"] and org is None and not _post_follows(sent, tail, w):
        return None
    role, end = _role(sent, tail, change, pats)
    if not role and m.group("app"):
        role = _role_words(m.group("app").strip(" ,"), w, sent, m.start("app"))
    role = role or _role_before(sent, p, w)
    at = m.start("verb" if m.group("verb") else "future")
    return _Hit(pattern, change, at, max(end, org.end if org else 0, tail), role, org)


def _body_verb(sent: _Sentence, p: Mention, pats: dict[str, Any]) -> _Hit | None:
    """ORG (has) VERB (its new ROLE) NAME (as ROLE)."""
    w = pats["words"]
    for o in sorted(sent.orgs, key=lambda o: -o.start):
        if o.end > p.start:
            continue
        m = pats["body_verb"].fullmatch(sent.text, o.end, p.start)
        if m is None:
            continue
        verb = " ".join(m.group("verb").split())
        pre = m.group("pre").lower().split()
        if set(pre) & (set(w["role_stops"]) | {"that"}):
            return None  # "confirmed that a litre of NAME": no role between the verb and the person
        role, end = _role(sent, p.end, "end", pats)  # "as ROLE"
        its = pats["its_role"].match(sent.text, p.end, sent.end)  # "ORG named NAME its new coach"
        if not role and its:
            role = _role_words(its.group("role"), w, sent, its.start("role"))
            end = sent.text.find(role, its.start("role")) + len(role) if role else end
        role = role or _role_words(m.group("pre"), w, sent, m.start("pre"))
        if verb in w["body_verbs_needing_role"] and not role:
            return None
        change = w["body_verbs"][verb]
        return _Hit("body-verb-person", change, m.start("verb"), max(end, p.end), role, o)
    return None


def _noun(sent: _Sentence, p: Mention, pats: dict[str, Any]) -> _Hit | None:
    """The resignation of (ROLE) NAME (as ROLE); NAME's appointment (as ROLE)."""
    w = pats["words"]
    m = pats["noun_of"].search(sent.text, max(sent.start, p.start - 80), p.start)
    pattern = "noun-of-person"
    if m is None:
        m = pats["person_noun"].match(sent.text, p.end, sent.end)
        pattern = "person-noun"
        if m is None:
            return None
    if pattern == "noun-of-person" and _demanded(sent.text[max(sent.start, m.start() - 40):m.start()], w):
        return None
    after = re.match(r"[\s\-]+(\w+)", sent.text[m.end("noun"):sent.end])
    if after and after.group(1).lower() in w["not_a_change_after_noun"]:
        return None  # "NAME's election campaign"
    change = w["role_change_nouns"][m.group("noun").lower()]
    tail = max(p.end, m.end())
    role, end = _role(sent, tail, "end", pats)
    if not role and pattern == "noun-of-person":
        role = _role_words(m.group("pre"), w, sent, m.start("pre"))
    org = _org_after(sent, tail, pats) or _org_before(sent, p, w)
    return _Hit(pattern, change, m.start("noun"), max(end, tail, org.end if org else 0), role, org)


def _succession(sent: _Sentence, p: Mention, pats: dict[str, Any]) -> _Hit | None:
    """NAME2 (, who) succeeded / replaced NAME (as ROLE): a start for NAME2, an end for NAME."""
    m = pats["succeeds"].match(sent.text, p.end, sent.end)
    other = next((o for o in sent.people if m and o.start == m.end()), None)
    if m is not None and other is not None:
        role, end = _role(sent, other.end, "end", pats)
        org = _org_after(sent, max(end, other.end), pats)
        return _Hit("person-succeeds-person", "start", m.start("verb"), max(end, other.end), role, org)
    m = pats["succeeded"].search(sent.text, max(sent.start, p.start - 40), p.start)
    if m is None or not any(o.end <= m.start() and o.entity != p.entity for o in sent.people):
        return None
    role, end = _role(sent, p.end, "end", pats)
    return _Hit("person-succeeded-by", "end", m.start("verb"), max(end, p.end), role,
                _org_after(sent, max(end, p.end), pats))


def _participle(sent: _Sentence, p: Mention, pats: dict[str, Any]) -> _Hit | None:
    """The newly appointed (ORG) ROLE NAME: a start."""
    m = pats["participle"].search(sent.text, max(sent.start, p.start - 80), p.start)
    if m is None:
        return None
    w = pats["words"]
    change = w["role_change_verbs"].get(" ".join(m.group("verb").lower().split()))
    org = _org_in(sent, m.start("role"), p.start)
    at = org.end if org else m.start("role")  # the role after the body's name
    role = _role_words(sent.text[at:p.start], w, sent, at)
    return _Hit("participle-role-person", change, m.start("verb"), p.end, role, org) if change == "start" else None


def _role(sent: _Sentence, at: int, change: str, pats: dict[str, Any]) -> tuple[str, int]:
    """The role after ``at``: "as ROLE", or, after a verb of a start, the words right after it
    ("was appointed chief executive"); with where it ends."""
    m = pats["as_role"].match(sent.text, at, sent.end)
    if m is None and change == "start":
        m = pats["bare_role"].match(sent.text, at, sent.end)
    if m is None:
        return "", at
    role = _role_words(m.group("role"), pats["words"], sent, m.start("role"))
    return role, sent.text.find(role, m.start("role")) + len(role) if role else at


def _role_words(words: str, w: dict, sent: _Sentence, at: int) -> str:
    """The role at the start of ``words`` (at ``at`` in the text): the words up to a stop word or
    a name, after the articles ("its new")."""
    kept: list[str] = []
    for t in re.finditer(_WORD, words):
        word, start = t.group(0), at + t.start()
        if any(m.start <= start < m.end for m in sent.people + sent.orgs):
            break
        if word.lower() in w["role_stops"]:
            break
        if not kept and word.lower() in w["role_articles"]:
            continue
        kept.append(word)
    role = " ".join(kept[:5])
    return "" if role.lower() in w["role_articles"] or not role[:1].isalpha() else role


def _role_before(sent: _Sentence, p: Mention, w: dict) -> str:
    """"chief executive NAME": the lower-case words right before the person (after a body's name)."""
    m = re.search(r"((?:\b[a-z][\w\-]*\s+){1,3})$", sent.text[max(sent.start, p.start - 40):p.start])
    words = [x for x in (m.group(1).split() if m else []) if x not in w["role_articles"] and x not in w["role_stops"]]
    return " ".join(words)


def _org_after(sent: _Sentence, at: int, pats: dict[str, Any]) -> Mention | None:
    """The organisation named in the clause after ``at`` (before a semicolon, another person or
    another verb of change), within 100 characters."""
    stop = min([sent.end, at + 100] + [m.start for m in sent.people if m.start >= at])
    clause = re.search(r"[;()]|,\s+(?:and|but|who|which|after|while|when|reported|said|says|according)\b",
                       sent.text[at:stop])
    stop = at + clause.start() if clause else stop
    return next((o for o in sorted(sent.orgs, key=lambda o: o.start) if at <= o.start < stop), None)


def _org_in(sent: _Sentence, start: int, end: int) -> Mention | None:
    return next((o for o in sent.orgs if start <= o.start and o.end <= end), None)


def _org_before(sent: _Sentence, p: Mention, w: dict) -> Mention | None:
    """"ORG chief executive NAME", "ORG's chairman NAME": the body right before the role before the
    person (no stop word between: "the ORG chief and NAME" is not NAME's body)."""
    for o in sent.orgs:
        between = sent.text[o.end:p.start]
        if o.end <= p.start and re.fullmatch(r"(?:['\u2019]s?)?\s+(?:[a-z][\w\-]*\s+){1,4}", between) \
                and not set(between.split()) & set(w["role_stops"]):
            return o
    return None


def _post_follows(sent: _Sentence, at: int, w: dict) -> bool:
    """"left his post", "quit the board": what 'left' or 'quit' leaves is a post or a body."""
    m = re.match(r"\s+(?:(?:his|her|their|the|its|a)\s+)?(\w+)(?:\s+(\w+))?", sent.text[at:sent.end])
    return m is not None and any((x or "").lower() in w["left_objects"] for x in m.groups())


def _asked(sent: _Sentence, p: Mention, w: dict) -> bool:
    """Is the person's change asked for, denied or guessed at ("called for NAME to be sacked",
    "denied that NAME had resigned")? The words of the clause before the person say so."""
    before = re.split(r"[;:]|,\s", sent.text[sent.start:p.start])[-1]
    return _demanded(before, w)


def _demanded(text: str, w: dict) -> bool:
    return any(x.lower() in w["demand_words"] for x in re.findall(r"[\w\-]+", text)[-6:])


def _relation(sent: _Sentence, p: Mention, hit: _Hit, w: dict, body: str | None) -> Relation:
    """The record; with no organisation in the sentence, the one the article affiliates the person
    with (``body``), the score a tenth lower for the guess (and a tenth lower with no role either)."""
    date = min(sent.dates, key=lambda d: abs(d.start - hit.at), default=None)
    fields = {"change": hit.change, "role": hit.role, "date": date.value if date else ""}
    org = hit.org.entity if hit.org else body
    score = w["role_change_patterns"][hit.pattern]["score"] - (0.1 if hit.org is None and body else 0.0) \
        - (0.1 if not hit.role and org is None else 0.0)
    start = min(p.start, hit.at, hit.org.start if hit.org else p.start)
    return Relation(KIND, p.entity, org, sent.index, start, max(hit.end, p.end),
                    round(score, 2), GENERATOR, hit.pattern, {k: v for k, v in fields.items() if v})
