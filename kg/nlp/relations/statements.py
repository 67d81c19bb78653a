"""Statements: what a speaker said, sentence by sentence. The speaker is the person
(else organisation) named shortly before a speech verb, the one named after
"according to", or the person a pronoun refers to; the quote is the quoted text,
else what follows "said ... that"."""

from __future__ import annotations

import re

from spacy.tokens import Doc

from kg.nlp.lexicon import Lexicon
from kg.nlp.relations.patterns import relation_patterns
from kg.types import ORG, PER, Entity, Mention, Statement


def find_statements(doc: Doc, lex: Lexicon) -> list[Statement]:
    entities = doc._.kg_entities or {}
    by_sent: dict[int, list[Mention]] = {}
    for m in doc._.kg_mentions or []:
        by_sent.setdefault(m.sentence, []).append(m)
    out: list[Statement] = []
    text = doc.text  # Doc.text joins every token: once per article, not per sentence (quadratic)
    for si, sent in enumerate(doc.sents):
        ms = sorted(by_sent.get(si, []), key=lambda m: m.start)
        out.extend(_statements(by_sent, text, sent, si, ms, entities, lex))
    return out


def _statements(by_sent: dict[int, list[Mention]], text: str, sent, si: int, ms: list[Mention],
                entities: dict[str, Entity], lex: Lexicon) -> list[Statement]:
    pat = relation_patterns(lex)
    according_to = set(lex.according_to)
    told_verbs = set(lex.relations["told_verbs"])
    out = []
    for vm in pat.speech.finditer(sent.text):
        vs = sent.start_char + vm.start()
        ve = sent.start_char + vm.end()
        speaker = None
        speaker_text = ""
        if vm.group(0) in according_to:
            after = [m for m in ms if m.start >= ve and m.start - ve < 60]
            if after:
                speaker = after[0]
            content = text[sent.start_char : vs].strip(" ,")
        else:
            cands = [m for m in ms if 0 <= vs - m.end < 80 and entities[m.entity].type in {PER, ORG}]
            gap_ok = [m for m in cands if not re.search(r"[.;:!?]", text[m.end : vs])]
            pron = pat.pronoun.search(text[sent.start_char : vs])
            if pron:
                speaker_text = pron.group(1)
                speaker = _resolve_pronoun(by_sent, si, vs, entities)
            elif gap_ok:
                persons = [m for m in gap_ok if entities[m.entity].type == PER]
                speaker = (persons or gap_ok)[-1]
            q = re.search(r"[“\"](.+?)[”\"]", sent.text)
            if q:
                content = q.group(1)
            else:
                # "said on Twitter that ...": the content starts after "that"
                content = re.sub(r"^\s*(?:[^,.;]{0,40}?\s)?that\s+", "", text[ve : sent.end_char]).strip()
        if speaker is None and not speaker_text:
            continue
        if isinstance(speaker, str):
            key, stext = speaker, speaker_text
        elif speaker is not None:
            key, stext = speaker.entity, speaker_text or speaker.text
        else:
            key, stext = None, speaker_text
        told = None
        if vm.group(0) in told_verbs:
            o = next((m for m in ms if 0 <= m.start - ve < 3 and entities[m.entity].type == ORG), None)
            told = o.entity if o else None
        if content:
            out.append(Statement(key, stext, content, si, sent.start_char, sent.end_char, told))
            break
    return out


def _resolve_pronoun(by_sent: dict[int, list[Mention]], si: int, pos: int, entities: dict[str, Entity]) -> str | None:
    """The person a pronoun at character ``pos`` refers to, when exactly one person is
    named in the previous sentence and this one before the pronoun; else None."""
    window = [m for m in by_sent.get(si - 1, []) + by_sent.get(si, [])
              if entities[m.entity].type == PER and (m.sentence == si - 1 or m.end <= pos)]
    keys = {m.entity for m in window}
    return next(iter(keys)) if len(keys) == 1 else None
