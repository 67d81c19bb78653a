"""The checks the clustering of an article's names asks (kg.nlp.entities.resolve and
kg.nlp.entities.short_forms): a name's initials, its forms without a legal suffix or an Arabic
article, whether one name is the full form of another, whether a name is joined to another by
"and", defined by "known as" or a bracket, said of a place, a region or a person's surnames."""

from __future__ import annotations

import re

from spacy.tokens import Doc

from kg.nlp.entities.cand import Cand, is_acronym
from kg.nlp.lexicon import Lexicon, normalize_name
from kg.types import LOC, ORG, Entity


def initials(text: str, lex: Lexicon) -> str:
    """The initials of a name, without its small words (entities.json initials_skip_words)."""
    skip = lex.initials_skip_words
    return "".join(w[0] for w in re.split(r"[\s\-]+", text) if w and w[0].isalnum() and w.lower() not in skip).upper()


def initials_spelled_out(doc: Doc, cands: list[Cand], lex: Lexicon) -> set[str]:
    """The initials ("ICC") of the organisations' names of two words or more that a rule, not the
    gazetteer, found in the article: an acronym the gazetteer knows for another body of the same
    initials is this one here."""
    found = {initials(doc[c.start : c.end].text, lex) for c in cands
             if c.type == ORG and c.gaz is None and c.end - c.start >= 2 and not is_acronym(doc[c.start : c.end].text)}
    return {i for i in found if len(i) >= 3}  # (two letters, "UN", are too many bodies' initials)


def without_suffix(name: str, lex: Lexicon) -> str:
    """The name without a trailing legal-form word ("Halden Foods Inc." -> "Halden Foods")."""
    words = name.split()
    while len(words) > 1 and (words[-1] in lex.corporate_suffixes or words[-1].rstrip(",") in lex.corporate_suffixes):
        words.pop()
    return " ".join(words).rstrip(",")


def coordinated(doc: Doc, c: Cand, ending_at: dict[int, Entity], starting_at: dict[int, Entity],
                 governing: set[str]) -> Entity | None:
    """The entity joined to candidate ``c`` by "and" or "or" ("A and B", "A, and B"), before it or
    after it, both bare names (a comma alone is no list: "a spokeswoman for ORG, NAME" is an
    apposition; "NAME from the ORG and NAME" joins the people, not the party and a person)."""
    joins = {"and", "or"}
    if c.start > 0 and doc[c.start - 1].lower_ in governing:
        return None
    if c.end < len(doc) and doc[c.end].pos_ in {"VERB", "AUX"}:
        return None  # "Rain hit Norway and Ilvana Orsk cancelled the trip": a new clause, no list
    # "NAME from the ORG and NAME of the ORG": the names are the list, not the organisation and the name
    parallel = c.end < len(doc) and doc[c.end].lower_ in {"of", "from", "for", "at", "with"}
    k = c.start - 1
    if k >= 1 and doc[k].lower_ in joins and not parallel:
        j = k - 1 if doc[k - 1].text != "," else k - 2  # "A, and B"
        hit = ending_at.get(j + 1) if j >= 0 else None
        if hit is not None:
            return hit
    k = c.end
    if k + 1 < len(doc) and doc[k].lower_ in joins:
        partner = starting_at.get(k + 1)
        after = next((t for t in doc[k + 1 :] if t.is_punct or not t.text[:1].isupper()), None)
        if after is not None and after.pos_ in {"NOUN", "VERB", "AUX"}:
            return None  # "Tomas Grell and Falkirk residents": the name modifies a noun
        return partner
    return None


def named_before_known_as(doc: Doc, s: int, ending_at: dict[int, Entity], lex: Lexicon) -> Entity | None:
    """The entity named right before "NAME, known as" / "NAME (also known as" at token ``s``."""
    k = s
    if k < 2 or doc[k - 1].lower_ != "as" or doc[k - 2].lower_ != "known":
        return None
    k -= 2
    if k > 0 and doc[k - 1].lower_ in lex.known_as_adverbs:  # "also known as"
        k -= 1
    if k > 0 and doc[k - 1].text in {",", "("}:
        k -= 1
    return ending_at.get(k)


def without_article(norm: str, lex: Lexicon) -> str:
    """A normalised name without its leading Arabic article: "al velm brigade" (from "Al-Velm
    Brigade") reads "velm brigade", for "the Velm brigade"."""
    head, sep, rest = norm.partition(" ")
    if sep and head in lex.arabic_articles and rest:
        return rest
    return norm


def longer_form(label: str, lead: str, rule: str, kind: str = "") -> bool:
    """Whether an organisation so labelled is the full name of one written ``lead`` ("central bank "
    for "central bank of velmland"; "velm " for "al velm brigade" written "the Velm brigade"), not
    another body named after it ("velm rovers supporters' trust" is not "Velm Rovers")."""
    if not label.startswith(lead):
        return False
    if rule == "org-noun-after" and kind:  # "the Velm brigade" for "Al-Velm Security Brigade", not "Velm Mining"
        return kind in label.split()
    if rule == "org-noun-after":
        return True
    return label[len(lead) :].split(" ", 1)[0] in {"of", "for", "in"}


def is_where(doc: Doc, c: Cand, lex: Lexicon) -> bool:
    """A one-word name right after a preposition of place, with or without "the" ("in the Tarsklands"),
    that no lower-case word follows ("in Velmi shelling": the name may qualify the word after it)."""
    k = c.start - 1
    if k >= 0 and doc[k].lower_ == "the":
        k -= 1
    modifies = c.end < len(doc) and doc[c.end].is_lower and doc[c.end].is_alpha
    if modifies and any(t.lower_ in lex.place_heads or t.lower_ in lex.place_of_words
                        for t in doc[c.end : c.end + 3] if t.is_lower):
        modifies = False  # "in the Tarsk local government area": a place's kind follows
    return c.end - c.start == 1 and k >= 0 and doc[k].lower_ in lex.where_prepositions and not modifies


def named_for_its_place(label: str, lead: str, lex: Lexicon) -> bool:
    """A local body named for the place it governs ("Tarsk County Council", "Velm City Police"):
    its leading word alone is that place, not the body."""
    rest = label[len(lead) :].split()
    return bool(rest) and rest[0] in lex.place_body_heads


def kind_named_key(ent: Entity, lex: Lexicon) -> str | None:
    """"tarsk" for the place "River Tarsk" (a kind word, then its name), else None."""
    words = ent.label.split()
    if ent.type == LOC and len(words) == 2 and words[0] in lex.place_first_words:
        return normalize_name(words[1])
    return None


def region_key(ent: Entity, lex: Lexicon) -> str | None:
    """"tarsk" for the region "Tarsk County" (a name, then a region's kind), else None."""
    words = ent.label.split()
    if ent.type == LOC and len(words) == 2 and words[1].lower() in lex.region_heads and words[0][:1].isupper():
        return normalize_name(words[0])
    return None


def first_of_two_surnames(label: str, word: str) -> bool:
    """``word`` (normalised) is the middle of a person's three names: the first of two surnames, the
    paternal one in Spanish and Portuguese names, that stands for the person ("Tarsken" of "Orvo
    Tarsken Mirovo")."""
    parts = normalize_name(label).split()
    return len(parts) == 3 and parts[1] == word and len(word) > 2


def surname_pair(doc: Doc, c: Cand, cands: list[Cand], orgs: list[Entity], lex: Lexicon) -> bool:
    """Two capitalised words that end a person's three names stand for that person ("Orvo Tarsk
    said"), unless anything says otherwise: a given name opens them ("Ann Corwen", another person
    of the family), a kin word or a possessive before them ("her sister Ann Corwen"), a preposition
    of place, an apposition after them (", the bank", ", her brother"), another mention of the same
    words typed a body or a place, or a body's name they open ("Corwen Velm Holdings")."""
    text = doc[c.start : c.end].text
    norm = normalize_name(text)
    before = doc[c.start - 1].lower_ if c.start > 0 else ""
    if text.split()[0] in lex.given_names or before in lex.kin_nouns or before in {"her", "his", "their", "its"} \
            or before in lex.where_prepositions or before in lex.motion_prepositions \
            or before in lex.place_context_words:
        return False
    if c.end + 1 < len(doc) and doc[c.end].text == "," and doc[c.end + 1].lower_ in {"the", "a", "an", "her", "his",
                                                                                     "its", "their"}:
        return False
    if any(o.type in {ORG, LOC} and normalize_name(doc[o.start : o.end].text) == norm for o in cands if o is not c):
        return False
    return not any(normalize_name(o.label).startswith(norm + " ") for o in orgs)


def bracketed_short_form(doc: Doc, c: Cand, cands: list[Cand], ending_at: dict[int, Entity],
                          lex: Lexicon) -> Entity | None:
    """The organisation whose name the same word follows in brackets elsewhere in the article
    ("the Commission on Roads (Comroad)"): one word typed a body on its own is that short form."""
    word = doc[c.start].text
    if lex.is_place(word) or (c.end + 1 < len(doc) and doc[c.end].text == ","
                                   and doc[c.end + 1].lower_ in {"a", "an", "the"}):
        return None  # "(Velm)", a town's name after the body; "Velm, a drug maker,": another body
    for b in cands:
        if b is c or b.end - b.start != 1 or doc[b.start].text != word or b.start < 2:
            continue
        if doc[b.start - 1].text == "(" and b.end < len(doc) and doc[b.end].text == ")":
            owner = ending_at.get(b.start - 1)
            if owner is not None and owner.type == ORG:
                return owner
    return None


def town_used_as_place(doc: Doc, word: str, lex: Lexicon) -> bool:
    """Somewhere in the article the word stands as a place does: after a preposition of place or
    motion, before a possessive, a hyphen ("-based") or a common noun ("Velm police"), in a list or
    an apposition ("Velm, a port town", "Velm, Tarsk and Orvik"), in capitals or opening a line (a
    dateline). One sense per article: then no mention of it is taken for a person's surname."""
    seen = doc.user_data.setdefault("kg_town_as_place", {})
    if word not in seen:
        seen[word] = _used_as_place(doc, word, lex)
    return seen[word]


def _used_as_place(doc: Doc, word: str, lex: Lexicon) -> bool:
    places = lex.where_prepositions | lex.motion_prepositions | lex.place_context_words
    for t in doc:
        if t.text != word:
            continue
        if t.is_upper or (t.i > 0 and doc[t.i - 1].lower_ in places):
            return True
        if t.i + 1 >= len(doc):
            continue
        nxt = doc[t.i + 1]
        if (t.i == 0 or "\n" in doc[t.i - 1].whitespace_) and nxt.text in {"-", "(", "—", "–"}:
            return True  # a dateline ("Velm - ", "Velm (AP)"; "Velm, Tarskia -" is a known place after a comma)
        after = doc[t.i + 2].lower_ if t.i + 2 < len(doc) else ""
        if nxt.text == "-" or (nxt.text in {"'s", "’s"} and (after in lex.local_government_roles
                                                            or after in lex.place_heads)) \
                or (nxt.is_lower and nxt.is_alpha and nxt.pos_ == "NOUN"):
            return True  # "Velm-based", "Velm's mayor", "Velm police"
        if nxt.text == "," and t.i + 2 < len(doc) and (
                (doc[t.i + 2].is_title and lex.is_place(doc[t.i + 2].text))  # "Velm, Tarsk and Orvik"
                or any(x.lower_ in lex.place_heads for x in doc[t.i + 2 : t.i + 7])):  # "Velm, a port town"
            return True
    return False


def before_role(doc: Doc, c: Cand, lex: Lexicon) -> bool:
    """A name typed a place by its shape alone stands before a role word or a speech verb ("Halden
    Valley spokesman", "Halden Valley said"): it may be the leading words of an organisation's name."""
    return c.rule in {"place-shape", "gazetteer"} and c.end < len(doc) and (
        doc[c.end].lower_ in lex.roles or doc[c.end].lower_ in lex.speech_verbs)
