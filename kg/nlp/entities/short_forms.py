"""Pass 2 of the clustering (kg.nlp.entities.resolve): a short form goes to a name found before it
(surname = full name, acronym = expansion, alias = label, the leading words of a body's name),
else it is typed on its own (kg.nlp.entities.name_shapes), else dropped."""

from __future__ import annotations

from kg.nlp.entities.cand import Cand, is_acronym
from kg.nlp.entities.name_checks import (
    before_role,
    coordinated,
    first_of_two_surnames,
    initials,
    is_where,
    kind_named_key,
    named_before_known_as,
    named_for_its_place,
    region_key,
    surname_pair,
    without_article,
)
from kg.nlp.entities.name_shapes import apposition_speaks, lone_opening_word, plural_opening_word, shape_type
from kg.nlp.entities.resolution import Resolution
from kg.nlp.extensions import doc_text
from kg.nlp.lexicon import normalize_name
from kg.types import LOC, ORG, PER, Entity

# place evidence that outweighs a name's being the first word of an organisation's name
STRONG_PLACE_RULES = frozenset({"dateline", "place-comma-country", "place-of", "place-head"})


def second_pass(r: Resolution, c: Cand) -> None:
    """Place a short form on a name found before it, or type it on its own, or drop it."""
    text = r.name_text(c)
    norm = normalize_name(text)
    for find in _TARGET_FINDERS:
        target = find(r, c, text, norm)
        if target is not None:
            if target.type == LOC and c.rule in STRONG_PLACE_RULES:
                r.placed.setdefault(norm, target)  # "the island of Velm" named before: "Velm" stays the island
            r.add(c, target)
            return
    typ, by_model = _untyped_reading(r, c, text)
    if typ is not None:
        _add_new(r, c, text, norm, typ, by_model)


def _defined_here(r: Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """The organisation a bracket ("Name (ABC)") or "known as" right before the candidate defines it as."""
    doc = r.doc
    bracketed = c.end - c.start == 1 and c.end < len(doc) and doc[c.end].text == ")"  # "(Velmsup)"
    if (c.rule == "acronym-definition" or bracketed) and c.start >= 2 and doc[c.start - 1].text == "(":
        before = r.ending_at.get(c.start - 1)
        if before is not None and before.type == ORG:
            return before  # "Name (ABC)" defines ABC, whatever its initials (a name in another language)
    if is_acronym(doc[c.start : c.end].text) or c.end - c.start <= 3:
        before = named_before_known_as(doc, c.start, r.ending_at, r.lex)
        if before is not None and before.type == ORG:
            return before  # "the Velm Relief Office, known as VERO / Velmro Haq, ...": its other name
    return None


def _expanded_acronym(r: Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """The organisation whose initials or alias an acronym is."""
    if not is_acronym(text):
        return None
    return next((o for o in r.orgs if initials(o.label, r.lex) == text.replace("-", "") or text in o.aliases), None)


def _with_word_before(r: Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """"Grey Lantern said": the sentence's first word, trimmed as a common word, is part of a name
    the article already gave in full."""
    doc = r.doc
    if c.start > 0 and doc[c.start - 1].is_title and doc[c.start - 1].is_alpha:
        return r.by_label.get(normalize_name(doc[c.start - 1].text + " " + text))
    return None


def _person_of_surname(r: Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """The one person named here whose surname (or first name, or two surnames) the candidate is."""
    doc, lex = r.doc, r.lex
    hits = [p for p in r.persons if norm and (
        normalize_name(p.label).split()[-1] == norm or normalize_name(p.label).split()[0] == norm
        or ("-" in text and normalize_name(p.label).endswith(" " + norm))  # "Bent-Orvane"
        # "Jose Orvo Tarsk ... Orvo Tarsk said": the two surnames of a person's three names
        or (" " in norm and len(p.label.split()) >= 3 and normalize_name(p.label).endswith(" " + norm)
            and surname_pair(doc, c, r.cands, r.orgs, lex))
    )]
    if not hits and " " not in norm and c.end < len(doc) and doc[c.end].lower_ in lex.speech_verbs \
            and doc[c.start].text not in r.org_first_words_here:
        # "Orvo Tarsken Mirovo ... Tarsken said": the first of two surnames (the paternal one, in
        # Spanish and Portuguese names) stands for the person
        hits = [p for p in r.persons if first_of_two_surnames(p.label, norm)]
    return hits[0] if len({p.key for p in hits}) == 1 else None


def _untyped_full_name(r: Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """"to Varn's 4,210": a word typed a place only by the preposition before it is the surname of a
    person the NER alone read in full ("Mihai Varn"), not yet resolved; so is a surname typed a person
    alone ("Varn, who ...") before that full name is. The person is made here."""
    doc, lex = r.doc, r.lex
    if not ((c.rule == "locative" or c.type == PER or c.gaz is not None) and c.end - c.start == 1):
        return None
    full = next((f for f in (r.cands[j] for j in r.pending) if f.type is None
                 and (f.model_type == PER or (f.model_type is None and f.rule == "name-shape"))
                 and f.end - f.start >= 2 and normalize_name(r.name_text(f)).split()[-1] == norm
                 and (c.gaz is None or f.model_type == PER or doc[f.start].text in lex.given_names
                      or not (norm in lex.common_words or norm[:-1] in lex.common_words))),
                None)  # (a town's name that is a common word: only after a full name read as a
    # person's; "Velm Queens" is a team)
    if full is None:
        return None
    key = "Person:" + normalize_name(r.name_text(full))
    target = r.entities.get(key) or r.entities.setdefault(key, Entity(key, r.name_text(full), PER))
    if target not in r.persons:
        r.persons.append(target)
    return target


def _placed_here(r: Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """"Halden" the dateline's town stays the town, not "Halden Foods Inc."."""
    return r.placed.get(norm)


def _place_without_kind(r: Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """"the Tarsk" after "River Tarsk": the place without its kind word."""
    return r.kind_named.get(norm)


def _region_before_noun(r: Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """"the society's Tarsk branch" after "Tarsk County": the region qualifies the noun (not "Tarsk
    said", a body's short name, nor "in Tarsk", a town typed by its preposition)."""
    doc = r.doc
    if (c.type is None or c.rule == "place-head") and c.end - c.start == 1 \
            and c.end < len(doc) and doc[c.end].is_lower and doc[c.end].pos_ == "NOUN":
        return r.regions.get(norm)
    return None


def _town_found_here(r: Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """"Halden Voters Reject ..." above "HALDEN, Ore. -": the town the gazetteer found in this article,
    not the first word of "Halden Autrement", the committee named later."""
    if not (c.type is None and c.end - c.start == 1):
        return None
    target = next((e for e in r.entities.values() if e.type == LOC and e.key.startswith("gz:")
                   and normalize_name(e.label) == norm), None)
    if target is None and r.headlines is not None and r.headlines.covers(c.start, c.end) \
            and (same := r.by_label.get(norm)) is not None and same.type == LOC:
        target = same  # "across Tarsk" in the body: a headline's "Tarsk" is that place, not the
        # first word of the "Tarsk Growers' Association" named later
    return target


def _org_leading_words(r: Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """The organisation whose name the candidate opens: "Halden" for "Halden Foods Inc."."""
    doc, lex = r.doc, r.lex
    known = lex.gazetteer.get(norm)
    country = known is not None and known.type == LOC and known.kind in {"country", "state"}
    if not (norm and (c.type != LOC or before_role(doc, c, lex)) and text not in lex.given_names
            and not country and not is_where(doc, c, lex)):  # ("Norway" in a headline is the country, not
        return None  # "Norway Freedom Front"; "in the Tarsklands" is where, not "Tarsklands Growers Union")
    hits = [o for o in r.orgs if without_article(normalize_name(o.label), lex).startswith(norm + " ")] or [
        o for o in r.orgs  # "Tarvel" for "Sporting Tarvel": the name without its generic first word
        if o.label.split()[0] in lex.org_first_words and normalize_name(o.label).split(" ", 1)[-1] == norm]
    shortest = min(hits, key=lambda o: len(o.label), default=None)
    # of several, one whose name starts all the others ("Halden Rovers" in "Halden Rovers
    # Supporters' Trust"); two unrelated names ("Halden Rovers", "Halden Water") leave it open
    # (the town both are named after, as often as not)
    if shortest is not None and all(normalize_name(o.label).startswith(normalize_name(shortest.label))
                                    for o in hits) and not named_for_its_place(shortest.label, text, lex):
        return shortest
    return None


def _same_name(r: Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """The entity whose label or alias the candidate writes."""
    where = is_where(r.doc, c, r.lex)
    for ent in list(r.entities.values()):
        if where and ent.type == ORG and normalize_name(ent.label) != norm:
            continue  # "in the Tarsklands" is where, whatever a headline's "Tarsklands" was taken for
        if norm in {normalize_name(a) for a in ent.aliases} | {normalize_name(ent.label)}:
            return ent
    return None


# pass 2 asks these in turn for the entity a short form names; the first answer wins
_TARGET_FINDERS = (
    _defined_here, _expanded_acronym, _with_word_before, _person_of_surname, _untyped_full_name,
    _placed_here, _place_without_kind, _region_before_noun, _town_found_here, _org_leading_words, _same_name,
)


def _untyped_reading(r: Resolution, c: Cand, text: str) -> tuple[str | None, bool]:
    """The type of a name nothing else named, and whether only the statistical NER gave it; no
    type when weak evidence does not support it (it is dropped)."""
    doc, lex = r.doc, r.lex
    if c.type is not None:
        return c.type, False
    # weak evidence decides only when nothing else named this text
    partner = coordinated(doc, c, r.ending_at, r.starting_at, lex.governing_words)
    if plural_opening_word(doc, c, lex) and not is_acronym(text):
        return None, False  # "Organisers said ...": a plural common noun opening a sentence
    if partner is not None and partner.key in r.firm and not is_acronym(text):
        return partner.type, False  # "Ilvana Orsk and Tomas Brede", "Bresk and Ollu": a list shares its type
    if c.rule == "context-after" and is_acronym(text):
        return ORG, False  # "QXL fighters"
    if c.model_type == PER and lone_opening_word(doc, c, lex):
        return None, False  # "Ridership fell 8 percent": a word that opens a sentence, named nowhere else
    if c.model_type == PER:
        return shape_type(text, lex, doc_text(doc)), False  # "Tarsk Coast" read as a person: a known model error
    if c.model_type == LOC and c.end - c.start >= 2 and doc[c.end - 1].text in lex.event_heads:
        return ORG, False  # "Velm Rugby Championship" read as a place: an event, listed with bodies
    if c.model_type == LOC and (c.rule == "speaker" or apposition_speaks(doc, c, lex)):
        return shape_type(text, lex, doc_text(doc)), False  # "Ada Corwen said": a place does not speak
    if c.model_type is not None:
        return c.model_type, True  # the statistical NER's reading of an unknown name
    if c.rule in {"name-shape", "speaker"}:
        return shape_type(text, lex, doc_text(doc)), False  # "Halden Ross claims", "Corwen said"
    return None, False


def _add_new(r: Resolution, c: Cand, text: str, norm: str, typ: str, by_model: bool) -> None:
    """Place candidate ``c`` on the entity of its own name and type, made the first time."""
    key = f"{typ}:{norm}"
    ent = r.entities.get(key)
    if ent is None:  # typed_by "model": only the statistical NER's reading typed it, so far
        ent = r.entities[key] = Entity(key, text, typ, typed_by="model" if by_model else "rule")
    elif not by_model:
        ent.typed_by = "rule"  # a rule, list or context gave it this type too
    if key_named := kind_named_key(ent, r.lex):
        r.kind_named.setdefault(key_named, ent)
    if key_region := region_key(ent, r.lex):
        r.regions.setdefault(key_region, ent)
    r.by_label.setdefault(normalize_name(ent.label), ent)
    if typ == LOC and c.rule in STRONG_PLACE_RULES:
        r.placed.setdefault(norm, ent)
    if typ == PER and ent not in r.persons:
        r.persons.append(ent)
    if typ == ORG and ent not in r.orgs:
        r.orgs.append(ent)
    r.add(c, ent)
