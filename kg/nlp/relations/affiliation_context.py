"""What the affiliation rules read: the article (its mentions, entities, sentences, the bodies
its appositions describe and the affiliations found so far) and one person mention of a sentence
with the text around it. Shared by kg.nlp.relations.affiliations and its rule modules."""

from __future__ import annotations

import re
from dataclasses import dataclass

from spacy.tokens import Doc, Span

from kg.nlp.extensions import doc_text
from kg.nlp.lexicon import Lexicon
from kg.nlp.relations.descriptions import resolve_description
from kg.nlp.relations.patterns import relation_patterns
from kg.nlp.relations.roles import is_spokesperson
from kg.nlp.relations.syntax import org_descriptions
from kg.types import Affiliation, Mention


@dataclass
class PersonContext:
    """One person mention of a sentence, and the text around it in the sentence."""
    m: Mention
    si: int
    sent: Span
    ms: list[Mention]  # the sentence's mentions, in order
    before: str
    after: str
    orgs_before: list[Mention]


class ArticleContext:
    """What the article holds for its affiliations, and the affiliations found so far."""

    def __init__(self, doc: Doc, lex: Lexicon) -> None:
        self.doc, self.lex = doc, lex
        self.entities = doc._.kg_entities or {}
        self.mentions: list[Mention] = doc._.kg_mentions or []
        self.text = doc_text(doc)
        self.roles = lex.roles
        self.pat = relation_patterns(lex)
        self.byline_role, self.photo_role = lex.relations["byline_role"], lex.relations["photo_role"]
        self.affs: list[Affiliation] = []
        self.sents = list(doc.sents)
        self.starts = [st.start_char for st in self.sents]
        self.ordered = sorted(self.mentions, key=lambda x: x.start)
        self.described = org_descriptions(self.text, self.ordered, self.entities, lex.relations["org_reference_nouns"])
        self.described_roles: set[tuple[str, str, int]] = set()  # "the group's president": the body already chosen
        self.reference_nouns = set(lex.relations["org_reference_nouns"])
        self.title_bodies: dict[str, list[str]] = lex.relations["title_bodies"]
        self.noun_heads = lex.pattern("org_noun_heads",
                                      lambda lx: {k: set(v) for k, v in lx.relations["org_noun_heads"].items()})
        self.last_org: str | None = None

    def typ(self, m: Mention) -> str:
        return self.entities[m.entity].type

    def outlet(self, m: Mention) -> bool:
        return self.entities[m.entity].outlet

    def quoted(self, si: int) -> bool:
        return self.pat.speech.search(self.sents[si].text) is not None

    def add(self, p: Mention, o: Mention | str, role: str, si: int, spk: bool | None = None) -> None:
        org_key = o if isinstance(o, str) else o.entity
        s = min(p.start, o.start if not isinstance(o, str) else p.start)
        e = max(p.end, o.end if not isinstance(o, str) else p.end)
        sp = is_spokesperson(role, self.lex, self.quoted(si)) if spk is None else spk
        if not any(a.person == p.entity and a.organisation == org_key for a in self.affs):
            self.affs.append(Affiliation(p.entity, org_key, role, sp, si, s, e))

    def described_body(self, at: int, person: Mention) -> str | None:
        """"... for the authority", "... chairs the cooperative": the kind of body named at character
        ``at`` resolved to the body named before the person whose name (or apposition) says that kind."""
        dm = re.match(r"(\w+)\b", self.text[at : at + 30])
        if dm is None or dm.group(1).lower() not in self.reference_nouns:
            return None
        return resolve_description(self.ordered, self.entities, dm.group(1).lower(), person.start, self.lex,
                                   self.described)
