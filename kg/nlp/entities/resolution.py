"""One article's candidates and what clustering them into entities has found so far: the state
that pass 1 (kg.nlp.entities.resolve) and pass 2 (kg.nlp.entities.short_forms) share."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spacy.tokens import Doc

from kg.nlp.entities.cand import Cand
from kg.nlp.entities.headlines import Headlines
from kg.nlp.entities.name_checks import initials_spelled_out
from kg.nlp.extensions import doc_text
from kg.nlp.lexicon import Lexicon
from kg.types import ORG, PER, Entity, Mention


@dataclass
class Resolution:
    """One article's candidates and what clustering them has found so far."""

    doc: Doc
    cands: list[Cand]
    lex: Lexicon
    sent_of: list[int]
    headlines: Headlines | None
    full_text: str  # Doc.text joins every token: build it once, not per mention
    # the last words of the names that may be people's ("Dylan Vesk" read by the NER or by shape alone)
    person_like_surnames: set[str]
    # the first words of the organisations' names found by a rule ("Velmara" of "Velmara Systems")
    org_first_words_here: set[str]
    # the initials of the organisations named in full here that the gazetteer does not know
    spelled_out: set[str]
    entities: dict[str, Entity] = field(default_factory=dict)
    mentions: list[Mention] = field(default_factory=list)
    persons: list[Entity] = field(default_factory=list)
    orgs: list[Entity] = field(default_factory=list)
    ending_at: dict[int, Entity] = field(default_factory=dict)  # token index after a mention -> its entity
    starting_at: dict[int, Entity] = field(default_factory=dict)  # token index where a mention starts -> its entity
    firm: set[str] = field(default_factory=set)  # entities typed by the gazetteer or a rule (pass 1)
    pending: list[int] = field(default_factory=list)  # the candidates pass 2 decides
    placed: dict[str, Entity] = field(default_factory=dict)  # names a strong place rule typed as places here
    by_label: dict[str, Entity] = field(default_factory=dict)  # the full names of pass 1
    kind_named: dict[str, Entity] = field(default_factory=dict)  # "River Tarsk" -> "tarsk"
    regions: dict[str, Entity] = field(default_factory=dict)  # "Tarsk County" -> "tarsk"

    @classmethod
    def of(cls, doc: Doc, cands: list[Cand], lex: Lexicon, sent_of: list[int],
           headlines: Headlines | None) -> Resolution:
        """The resolution of an article before any candidate is placed."""
        surnames = {doc[c.end - 1].text for c in cands if c.end - c.start >= 2 and c.gaz is None and (
            c.type == PER or (c.type is None and (c.model_type == PER or c.rule == "name-shape")))}
        org_first = {doc[c.start].text for c in cands if c.type == ORG and c.gaz is None and c.end - c.start >= 2}
        return cls(doc, cands, lex, sent_of, headlines, doc_text(doc), surnames, org_first,
                   initials_spelled_out(doc, cands, lex))

    def add(self, c: Cand, ent: Entity) -> None:
        """Record candidate ``c`` as a mention of ``ent``."""
        doc = self.doc
        start = doc[c.title].idx if c.title is not None else doc[c.start].idx
        end = doc[c.end - 1].idx + len(doc[c.end - 1].text)
        surface = self.full_text[start:end]
        if surface != ent.label:
            ent.aliases.add(surface)
        self.mentions.append(Mention(ent.key, surface, start, end, self.sent_of[c.start], c.rule))
        self.ending_at[c.end] = ent
        self.starting_at[c.start] = ent

    def name_text(self, c: Cand) -> str:
        """The candidate's words, a long all-capitals name in title case."""
        text = self.doc[c.start : c.end].text
        if not (text.isupper() and len(text) > 5):
            return text
        return re.sub(r"(['’])S\b", r"\1s", text.upper().title())  # "ST. VELM'S": "St. Velm's", not "Velm'S"
