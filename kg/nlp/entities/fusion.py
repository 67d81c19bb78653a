"""Fusion of the statistical NER with the rules and the gazetteer."""

from __future__ import annotations

from spacy.tokens import Doc, Span

from kg.nlp.entities.cand import Cand, is_cap
from kg.nlp.entities.candidates import trim
from kg.nlp.entities.headlines import Headlines
from kg.nlp.entities.rules import DROPPED
from kg.nlp.lexicon import Lexicon
from kg.types import LOC, ORG, PER

# spaCy NER labels (OntoNotes and UNER) -> kg's entity types; other labels are ignored
MODEL_LABELS = {"PERSON": PER, "PER": PER, "ORG": ORG, "GPE": LOC, "LOC": LOC, "FAC": LOC}


def plausible_model_span(doc: Doc, s: int, e: int, lex: Lexicon) -> bool:
    """A statistical entity kg accepts where no rule or gazetteer entry spoke:
    it starts with a capital, has at most six tokens, and is not a known
    non-entity (``trim`` would not strip any of its words)."""
    if e - s > 6 or not is_cap(doc[s]) or not is_cap(doc[e - 1]):
        return False
    if any(lex.title_or_role(doc[i].text) for i in (s, e - 1)):
        return False  # "Minister Ada", "Water Resources Minister": a title, not a name
    if e - s == 1 and doc[s].text in lex.org_heads:
        return False  # "Police", "Army" alone
    if e - s == 1 and doc[s].pos_ == "NOUN" and (s == 0 or doc[s].is_sent_start):
        return False  # "Turnout was 61 percent": a common noun that starts a sentence (the tagger's reading)
    return trim(doc, lex, s, e) == (s, e)


def merge_model(doc: Doc, cands: list[Cand], model_ents: list[Span], lex: Lexicon,
                headlines: Headlines | None = None) -> list[Cand]:
    """Combine the statistical NER with the rules and gazetteer.

    - Gazetteer matches and typed rule candidates win: they are more specific.
    - An untyped capitalised chunk (no rule fired) takes the type of a model
      entity covering it, but only after resolution found no earlier full name,
      alias or acronym expansion it refers to (a place found by the gazetteer or
      a locative rule elsewhere in the article stays a place).
    - A model entity where no candidate is becomes a new candidate, resolved the
      same way, unless it is a known non-entity (demonym, weekday, month, common
      word, title) or does not look like a name (no capital letter, too long), or
      stands on a title-case line and the body never writes it.
    """
    covered = {i: c for c in cands for i in range(c.start, c.end)}
    dropped = {i for s, e in doc.user_data.get(DROPPED, ()) for i in range(s, e)}
    out = list(cands)
    for ent in model_ents:
        typ = MODEL_LABELS.get(ent.label_)
        if typ is None:
            continue
        hit = {id(c): c for i in range(ent.start, ent.end) if (c := covered.get(i)) is not None}
        if hit:
            for c in hit.values():
                inside = ent.start <= c.start and c.end <= ent.end
                if c.type is None and c.gaz is None and inside:
                    c.model_type = typ
            continue
        if headlines is not None and headlines.covers(ent.start, ent.end) and not headlines.in_body(ent.text):
            continue
        if any(i in dropped for i in range(ent.start, ent.end)):
            continue  # a drop rule rejected this chunk ("the Halden Act", "Hurricane Velmora")
        if plausible_model_span(doc, ent.start, ent.end, lex):
            out.append(Cand(ent.start, ent.end, None, "model", model_type=typ))
    return sorted(out, key=lambda c: c.start)
