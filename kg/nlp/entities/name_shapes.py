"""The type of a name nothing else typed, from its own words and its place in the sentence: a
common noun opening a sentence ("Ridership fell", "Organisers said") is no name; a run of
title-case words reads as a person's, a body's or a place's name by the words it is made of; a
name in apposition before a speech verb is a speaker's (used by kg.nlp.entities.short_forms)."""

from __future__ import annotations

import re

from spacy.tokens import Doc

from kg.nlp.entities.cand import Cand
from kg.nlp.entities.candidates import sent_initial, written_in_lower_case
from kg.nlp.extensions import doc_text
from kg.nlp.lexicon import Lexicon
from kg.types import LOC, ORG, PER


def lone_opening_word(doc: Doc, c: Cand, lex: Lexicon) -> bool:
    """One capitalised word that opens a sentence as the subject of the verb right after it, is
    not a known given name, is no speaker ("Velm said") and appears nowhere else in the article:
    news names a person in full before it uses one name alone."""
    if c.end - c.start != 1 or c.rule != "capitalised" or not doc[c.start].is_sent_start \
            or c.end >= len(doc) or not (doc[c.end].pos_ in {"VERB", "AUX"} or (
                doc[c.start].dep_ in {"nsubj", "nsubjpass", "nsubj:pass"} and doc[c.end].text != ",")):
        return False  # the subject of a verb ("Velm, of the Tarsk club, won" stays a name)
    word = doc[c.start].text
    if word in lex.given_names or (c.end < len(doc) and doc[c.end].lower_ in lex.speech_verbs):
        return False
    # a common noun's shape ("Turnout", "Ridership"), not a one-name person ("Velmsky met ...")
    if word.lower() not in lex.common_words and not word.lower().endswith(tuple(lex.noun_endings)):
        return False
    return doc_text(doc).count(word) == 1


def plural_opening_word(doc: Doc, c: Cand, lex: Lexicon) -> bool:
    """One capitalised word that opens a sentence, tagged a plural noun, that is a common word's
    plural ("Residents said") or an agent noun's made from a common verb ("Organisers said",
    "Survivors told"), no known given name, and
    written nowhere else in the article, or written in lower case too: a group that speaks or acts,
    not a one-name person."""
    if c.end - c.start != 1 or not sent_initial(doc, c.start):  # (a dateline's dash counts as a start)
        return False
    tok = doc[c.start]
    word = tok.text
    if word in lex.given_names or not (word.endswith("s") or word.endswith("men")):
        return False
    low = word.lower()
    irregular = low in lex.plural_group_nouns  # "Gunmen", "Fishermen": a "-man" noun's plural
    # (a capitalised opening plural is often tagged a proper noun: the word itself decides)
    # (or the plural of a kind of person or body: "Insurers estimated", "Villagers said")
    kind = low[:-1] in lex.person_nouns or low[:-1] in lex.org_appositive_nouns
    # (or a plural the tagger reads as a common noun with an agent's ending: "Rioters angered by ...")
    tagged = tok.tag_ == "NNS" and low.endswith(lex.agent_plural_endings) and c.end < len(doc) \
        and not doc[c.end].is_punct
    if tok.tag_ not in {"NNS", "NNPS", "NNP"} or not (
            low[:-1] in lex.common_words or _agent_of_common_verb(low, lex) or irregular or kind or tagged):
        return False  # ("Walgreens said", "Vickers said": a name, not a common noun's plural)
    return irregular or doc_text(doc).count(word) == 1 or written_in_lower_case(doc, low)
    # ("Gunmen" in the headline too: no surname; "Growers said" where the article writes "growers")


def _agent_of_common_verb(low: str, lex: Lexicon) -> bool:
    """"organisers", "survivors", "rescuers": the plural of an agent noun made from a common verb
    (organise/organize, survive, rescue), not a surname or a company ("Vickers", "Walgreens")."""
    if not low.endswith(("ers", "ors")):
        return False
    stem = low[:-3]
    forms = {stem, stem + "e", stem.replace("is", "iz"), stem.replace("is", "iz") + "e"}
    if low.endswith("iers"):
        forms.add(low[:-4] + "y")  # "carriers" (carry), "suppliers" (supply)
    return any(f in lex.common_words for f in forms if len(f) > 2)


def _adjective_last(low: str, lex: Lexicon) -> bool:
    """"Velm Digital", "Tarsk Medical": a common adjective with an adjective's ending ends the name of a
    body (a surname is rarely such a word; "Young", "Long" have no such ending)."""
    return len(low) >= 6 and low.endswith(tuple(lex.adjective_endings))


_ELIDED = re.compile(r"(?:.*-)?[dl]['’][A-Z]")


def shape_type(text: str, lex: Lexicon, body: str = "") -> str:
    """The type of an unknown run of title-case words that nothing else typed. A person's name is made
    of names: a capitalised common English word in it ("Velm Harbour Patrol", "Tarsk Coast", "Orsk
    Ocean Watch") marks the name of a body, or of a place when its last word is a kind of place."""
    words = text.split()
    last = words[-1].lower()
    body_or_place = lex.pattern("body_or_place_words", lambda lx: frozenset(
        lx.place_heads | lx.place_of_words | lx.compass_modifiers | {w.lower() for w in lx.org_heads}))
    # a common word before the last ("Velm Harbour Patrol"), or a last word that is a kind of body or
    # place ("Tarsk Province"): many surnames are common words ("Ada Young", "Ivo Long")
    common = [w for i, w in enumerate(words) if w[:1].isupper() and w.lower() in lex.common_words
              and not (i == 0 and w in lex.given_names) and not w.isupper()  # "AS Velm": initials
              and w.lower() not in lex.person_name_particles  # "Ana De Velm"
              and (i < len(words) - 1 or w.lower() in body_or_place or _adjective_last(w.lower(), lex))]
    if len(words) >= 2 and words[0].lower() in lex.compass_modifiers and last not in body_or_place - (
            lex.place_heads | lex.place_of_words | lex.compass_modifiers):
        return LOC  # "Western Tarsk Hills", "Eastern Orvik", "North East": a compass word starts a region's name
    if len(words) >= 2 and words[0] not in lex.given_names and any(
            _ELIDED.match(w) for w in words[1:]):
        return LOC  # "Vallee d'Orvik", "Pont-l'Osk": an elided French particle names places far more than people
    if len(words) >= 2 and words[-1] not in lex.place_proper_heads and words[0] not in lex.given_names:
        if words[0] in lex.place_first_words:
            return LOC  # "Estadio Tarsk Norte", "Lago Velm": a kind of place opens its name
        if words[0] in lex.org_first_words:
            return ORG  # "Defensores de Velm", "Columna Tarsk": a kind of body opens its name
    if len(words) >= 2 and words[-1] in lex.event_heads:
        return ORG  # "Velm Rugby Championship": an event, listed with bodies
    team = words[-1] in lex.team_nouns and "|".join(lex.team_context_words)
    if len(words) >= 2 and team and words[0] not in lex.given_names and re.search(
            rf"\b{re.escape(text)}\s+(?:{team})\b|\b(?:{team})\s+(?:the\s+)?{re.escape(text)}\b", body):
        return ORG  # "Tarsk Queens won the final": a plural that names teams ends a club's name, where the
        # article writes it as a team's ("... beat", "... coach", "against ..."; not "Ada Knights said")
    if len(words) == 2 and words[0] in lex.demonyms and words[1] not in lex.demonyms:
        return ORG  # "Icelandic Water denied": a people's adjective opens a body's name, not a person's
    if len(words) >= 3 and words[0] not in lex.given_names and any(w in lex.org_heads for w in words[1:-1]):
        return ORG  # "Tarsk Aviation Fuels": a body's head inside a name of three words, no given name first
    if len(words) < 2 or not common:
        return PER
    if last in lex.place_heads or last in lex.place_of_words or last in lex.compass_modifiers:
        return LOC
    return ORG


def apposition_speaks(doc: Doc, c: Cand, lex: Lexicon) -> bool:
    """"A grocer who lives by the jail, Ada Corwen, said": a name of two words or more set off by commas
    right before a speech verb is the speaker's (a place does not speak)."""
    return c.end - c.start >= 2 and c.start > 0 and doc[c.start - 1].text == "," and c.end + 1 < len(doc) \
        and doc[c.end].text == "," and doc[c.end + 1].lower_ in lex.speech_verbs
