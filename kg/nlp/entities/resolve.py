"""Cluster the candidates of one article into entities: full names first, then
short forms (surname = full name, acronym = expansion, alias = label); untyped
candidates nothing supports are dropped. Pass 1 (gazetteer and typed full names) is here; pass 2
(short forms) is kg.nlp.entities.short_forms, the state both share kg.nlp.entities.resolution, the
checks they ask kg.nlp.entities.name_checks and kg.nlp.entities.name_shapes."""

from __future__ import annotations

from collections.abc import Iterable

from spacy.tokens import Doc

from kg.nlp.entities.cand import Cand, is_acronym
from kg.nlp.entities.headlines import Headlines
from kg.nlp.entities.name_checks import (
    bracketed_short_form,
    first_of_two_surnames,
    kind_named_key,
    longer_form,
    named_before_known_as,
    region_key,
    town_used_as_place,
    without_article,
    without_suffix,
)
from kg.nlp.entities.resolution import Resolution
from kg.nlp.entities.short_forms import second_pass
from kg.nlp.lexicon import Lexicon, fold_accents, normalize_name
from kg.types import LOC, ORG, PER, Entity, Mention


def gazetteer_names(label: str, aliases: Iterable[str]) -> frozenset[str]:
    """The gazetteer's other names for an entry that kg.rdf.mapping stores once for the whole
    store: its aliases, but not one that may label the entity in an article (an accent-free
    spelling of an accented label, which an article writing it that way takes as its label),
    so that what the store lists as other names never depends on which articles it holds."""
    return frozenset(a for a in aliases if a != label and not (
        a.isascii() and not label.isascii() and fold_accents(a) == fold_accents(label)))


def resolve(
    doc: Doc, cands: list[Cand], lex: Lexicon, sent_of: list[int], headlines: Headlines | None = None
) -> tuple[dict[str, Entity], list[Mention]]:
    """Cluster candidates into entities; drop untyped ones nothing supports. ``headlines`` tells
    which candidates stand on a title-case line (kg.nlp.entities.headlines)."""
    r = Resolution.of(doc, cands, lex, sent_of, headlines)
    # pass 1: gazetteer and typed candidates, full names first
    for k in sorted(range(len(cands)), key=lambda k: (cands[k].type is None, -(cands[k].end - cands[k].start))):
        _first_pass(r, k)
    r.firm.update(r.ending_at[c].key for c in r.ending_at)
    # pass 2: short forms resolve to the full names found in pass 1
    r.by_label = {normalize_name(e.label): e for e in r.entities.values()}
    # places named by a kind word and a name (one look-up a name)
    r.kind_named = {key: e for e in r.entities.values() if (key := kind_named_key(e, lex))}
    r.regions = {key: e for e in r.entities.values() if (key := region_key(e, lex))}
    # typed short forms first, so weak or statistical readings meet the names they refer to
    # ("..., known as ABC," first of all: a later "ABC officials" is that name)
    defined = {k for k in r.pending if named_before_known_as(doc, cands[k].start, r.ending_at, lex) is not None}
    for k in sorted(r.pending, key=lambda k: (k not in defined, cands[k].type is None, cands[k].start)):
        second_pass(r, cands[k])
    r.mentions.sort(key=lambda m: m.start)
    return r.entities, r.mentions


def _first_pass(r: Resolution, k: int) -> None:
    """Place candidate ``k`` by its gazetteer entry or its type, or leave it to pass 2."""
    c, doc = r.cands[k], r.doc
    if _town_as_surname(r, k) or _deferred_gazetteer(r, k):
        return
    if c.gaz is not None:
        r.add(c, _gazetteer_entity(r, c))
        return
    text = r.name_text(c)
    if c.type == ORG and c.end - c.start <= 3:
        before = named_before_known_as(doc, c.start, r.ending_at, r.lex)
        if before is not None and before.type == ORG:
            r.add(c, before)  # "the Velm Commission on Roads, known as Velmro Haq": its other name
            return
    if c.type == PER and c.end - c.start >= 2:
        key = "Person:" + normalize_name(text)
        ent = r.entities.get(key)
        if ent is None:
            ent = r.entities[key] = Entity(key, text, PER)
            r.persons.append(ent)
        r.add(c, ent)
    elif c.type == ORG and not is_acronym(doc[c.start : c.end].text):  # ("VELMIS" reads "Velmis")
        _first_pass_org(r, k, text)
    else:
        r.pending.append(k)


def _town_as_surname(r: Resolution, k: int) -> bool:
    """Whether a one-word town's name that is the subject of a verb ("Lund said", "Lund rejected it")
    was placed as the surname of a person named here, or left to pass 2 as one maybe."""
    c, doc, lex = r.cands[k], r.doc, r.lex
    if not (c.gaz is not None and c.end - c.start == 1 and c.gaz.type == LOC
            and c.gaz.kind not in {"country", "state"} and c.end < len(doc)
            and (doc[c.end].lower_ in lex.speech_verbs or doc[c.end].pos_ in {"VERB", "AUX"})
            and not doc[c.start].is_upper and (c.start == 0 or doc[c.start - 1].pos_ != "ADP")):
        return False  # (not "in Lund", not a dateline's "LUND")
    word = normalize_name(doc[c.start].text)
    surname = [p for p in r.persons if normalize_name(p.label).split()[-1] == word]
    if not surname and doc[c.end].lower_ in lex.speech_verbs and doc[c.start].text not in r.org_first_words_here:
        # "Orvo Tarsken Mirovo ... Tarsken said": the first of two surnames (not "Tarsken fell 3 percent"
        # after "Tarsken Holdings")
        surname = [p for p in r.persons if first_of_two_surnames(p.label, word)]
    if len(surname) == 1:
        r.add(c, surname[0])
        return True
    if doc[c.start].text in r.person_like_surnames:
        r.pending.append(k)  # the surname of a name found without a type yet: pass 2 decides
        return True
    return False


def _deferred_gazetteer(r: Resolution, k: int) -> bool:
    """Whether gazetteer match ``k`` may be another name here, and so is left to pass 2."""
    c, doc, lex = r.cands[k], r.doc, r.lex
    if c.gaz is None:
        return False
    town = c.end - c.start == 1 and c.gaz.type == LOC and c.gaz.kind not in {"country", "state"}
    if town and doc[c.start].text in r.person_like_surnames and not town_used_as_place(doc, doc[c.start].text, lex):
        pass  # "Pinvel kept the title", "for Pinvel": a town's name that is the surname of a person the
        # article names in full, and nowhere a place ("in Pinvel")
    elif town and c.end < len(doc) and doc[c.end].lower_ in lex.roles and doc[c.start].text in r.org_first_words_here:
        pass  # "A Velmara spokesman" after "Velmara Systems": the company, not the town
    elif doc[c.start : c.end].text.replace("-", "") not in r.spelled_out:
        return False  # (else "the Inland Canals Commission or ICC": the article's own name for the
        # initials, not the gazetteer's body of the same initials)
    r.pending.append(k)
    return True


def _gazetteer_entity(r: Resolution, c: Cand) -> Entity:
    """The entity of the gazetteer entry candidate ``c`` matched, made the first time."""
    assert c.gaz is not None
    key = "gz:" + (c.gaz.ref_id or c.gaz.label)
    ent = r.entities.get(key)
    if ent is not None:
        return ent
    written = r.doc[c.start : c.end].text
    # the article's own spelling of the same name without its accents ("Medecins" for
    # "Médecins") labels it in this article; the gazetteer's spelling stays an alias
    label = written if written != c.gaz.label and written.isascii() and not c.gaz.label.isascii() \
        and fold_accents(written) == fold_accents(c.gaz.label) else c.gaz.label
    ent = r.entities[key] = Entity(
        key, label, c.gaz.type, {*c.gaz.aliases, c.gaz.label}, c.gaz.ref_id, c.gaz.outlet, c.gaz.kind,
        gazetteer_names(c.gaz.label, c.gaz.aliases),
    )
    ent.aliases.discard(ent.label)
    if ent.type == ORG:
        r.orgs.append(ent)
    return ent


def _first_pass_org(r: Resolution, k: int, text: str) -> None:
    """Place an organisation's name typed by a rule, unless it is a short form pass 2 decides."""
    c, doc, lex = r.cands[k], r.doc, r.lex
    short = bracketed_short_form(doc, c, r.cands, r.ending_at, lex) if c.end - c.start == 1 else None
    if short is not None:
        r.add(c, short)  # "the Commission on Roads (Comroad) ... Comroad spokesman": its short form
        return
    key = "Organisation:" + normalize_name(without_suffix(text, lex))
    lead = normalize_name(text) + " "
    kind = doc[c.end].lower_ if c.end < len(doc) else ""
    if kind in lex.roles:
        kind = ""  # "Velm chairman NAME": the leading word of a longer name, as in pass 2
    if key not in r.entities and any(
            longer_form(without_article(normalize_name(o.label), lex), lead, c.rule, kind) for o in r.orgs):
        r.pending.append(k)  # "the Velm brigade" after "the Al-Velm Security Brigade", "Central Bank"
        return  # after "Central Bank of Velmland": pass 2 decides
    ent = r.entities.get(key) or r.entities.setdefault(key, Entity(key, text, ORG))
    if ent not in r.orgs:
        r.orgs.append(ent)
    r.add(c, ent)
