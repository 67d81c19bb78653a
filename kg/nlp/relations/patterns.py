"""The regular expressions of the relation phrasings, built once per lexicon from
its words (roles.json, speech.json, events.json, relations.json). Articles,
prepositions and punctuation are the syntax of the phrasings and stay here."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kg.nlp.lexicon import Lexicon


def _alt(words: list[str] | set[str], *, longest_first: bool = False) -> str:
    """An alternation of the words, escaped, in the order given (or longest first)."""
    items = sorted(words, key=len, reverse=True) if longest_first else list(words)
    return "|".join(re.escape(w) for w in items)


@dataclass(frozen=True)
class RelationPatterns:
    apposition: re.Pattern[str]  # ", a senior ROLE for the ..."
    alias_apposition: re.Pattern[str]  # ", the nom de guerre of a ROLE with the GROUP"
    leader: re.Pattern[str]  # ", who leads the ..."
    speech: re.Pattern[str]  # a speech verb or "according to"
    statement_speech: re.Pattern[str]  # the same, or a naming verb ("called it a disaster")
    alias_before: re.Pattern[str]  # "... who goes by" right before a person
    byline_sentence: re.Pattern[str]  # a sentence that is a byline ("... reported")
    outlet_photo: re.Pattern[str]  # the gap in "OUTLET Photo/PERSON"
    credit_before: re.Pattern[str]  # "Credit:" right before a person
    pronoun: re.Pattern[str]  # a pronoun right before a speech verb


@dataclass(frozen=True)
class LinkPatterns:
    triggers: re.Pattern[str]  # event trigger words
    caption: re.Pattern[str]  # a photo caption's credit
    period: re.Pattern[str]  # "since", "from" right before a date: a period, not a date of the event
    speech_date: re.Pattern[str]  # "said on Tuesday", "told AFP in a statement on Monday": the day of saying
    comparison_date: re.Pattern[str]  # "down from 35 in 2022": the date of the number compared with
    dateline_after: re.Pattern[str]  # what follows a dateline's date: "(Reuters) -"
    as_of: re.Pattern[str]  # "now", "so far": a count told as it stands on the day of saying
    past_weekend: re.Pattern[str]  # "over the weekend", "last weekend": the weekend before publication


def _relation_patterns(lex: Lexicon) -> RelationPatterns:
    words = lex.relations
    speech = _alt(lex.speech_verbs | lex.quote_verbs, longest_first=True)
    return RelationPatterns(
        # (a capitalised body word or two may open the role: ", Army spokesman for the Velm Command")
        apposition=re.compile(
            rf"\s*,\s*((?:(?:{_alt(words['apposition_modifiers'])})\s+)*)"
            r"((?:[A-Z][a-z][\w\-]*\s+){0,2}[a-z][\w\- ]*?)\s+(?:for|of|with|at|from)\s+(?:the\s+)?"
        ),
        alias_apposition=re.compile(
            rf"\s*,\s*(?:{_alt(words['alias_appositions'])}) (?:a|an|the)\s+([a-z\- ]+?)\s+(?:with|for|of)\s+the\s+"
            r"([\w\- ]+)"
        ),
        # ("NAME, 27, who races for ORG": an age may stand before "who")
        leader=re.compile(rf"\s*(?:,\s*\d{{1,3}}\s*)?,\s*who\s+(?:also\s+)?"
                          rf"({_alt(lex.leader_verbs, longest_first=True)})\s+(?:the\s+)?"),
        # "according to" also starts a sentence ("According to ORG, ..."): its case is free
        speech=re.compile(rf"\b(?:{speech})\b|\b(?i:{_alt(lex.according_to)})\b"),
        # ("called it a disaster", "calling them heroes": the text after the verb is the claim)
        statement_speech=re.compile(
            rf"\b(?:{_alt(lex.speech_verbs | lex.quote_verbs | set(words['naming_verbs']), longest_first=True)})\b"
            rf"|\b(?i:{_alt(lex.according_to)})\b"),
        alias_before=re.compile(rf"(?:{_alt(words['alias_before_person'])})\s*$"),
        byline_sentence=re.compile(rf"\b(?:{_alt(words['byline_sentence_verbs'])})\b"),
        outlet_photo=re.compile(rf"\s*(?:{_alt(words['photo_markers'])})\s*/\s*"),
        credit_before=re.compile(rf"(?:{_alt(words['credit_labels'])})\s*:\s*$"),
        pronoun=re.compile(rf"\b({_alt(words['pronouns'])})\s*$", re.IGNORECASE),
    )


def _link_patterns(lex: Lexicon) -> LinkPatterns:
    words = lex.relations
    return LinkPatterns(
        triggers=re.compile(rf"\b({_alt(lex.event_triggers, longest_first=True)})\b", re.IGNORECASE),
        caption=re.compile(
            # capitalised words separated by spaces: "(?:[A-Z][\w.]*\s*)+" was the same language
            # but could split "(AAAA..." in exponentially many ways
            rf"\([A-Z][\w.]*(?:\s+[A-Z][\w.]*)*\s*(?:(?:{_alt(words['photo_markers'])})[^)]*)?\)\s*$"
            rf"|(?:{_alt(words['credit_labels'])})\s*:"
        ),
        period=re.compile(rf"\b(?:{_alt(words['period_starts'])})\s*$", re.IGNORECASE),
        speech_date=re.compile(
            rf"\b(?:{_alt(words['speech_date_verbs'])})(?:\s+(?:[A-Z][\w.]*|{_alt(words['speech_audiences'])})){{0,3}}"
            rf"(?:\s+(?:in|on)\s+(?:a|an|the)\s+(?:\w+\s+){{0,2}}?(?:{_alt(words['speech_occasions'])}))?"
            r"\s+(?:(?:late|early)\s+)?(?:on|in)?\s*$"),
        # "down from 42 in 2021", "up from about $400,000 last year", "the record of 5,100 set in 2019"
        comparison_date=re.compile(rf"\b(?:{_alt(words['comparison_words'])})\s+(?:[a-z]+\s+){{0,2}}\W?[\d.,]+"
                                   r"(?:\s+\w+)?\s+(?:(?:in|on)\s*)?$", re.IGNORECASE),
        dateline_after=re.compile(r"\s*(?:\([^()\n]{1,40}\)\s*)?[-–—]"),
        as_of=re.compile(rf"\b(?:{_alt(words['as_of_markers'])})\b", re.IGNORECASE),
        past_weekend=re.compile(rf"\b(?:{_alt(words['past_weekend_phrases'])})\b", re.IGNORECASE),
    )


def relation_patterns(lex: Lexicon) -> RelationPatterns:
    return lex.pattern("relation_patterns", _relation_patterns)


def link_patterns(lex: Lexicon) -> LinkPatterns:
    return lex.pattern("link_patterns", _link_patterns)
