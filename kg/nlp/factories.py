"""spaCy components of kg, registered as factories and configured through spaCy's config.

Each component reads its lexicons from ``data_dir`` (default: the package's
kg/nlp/data/) and writes its results to a Doc extension attribute:

=================  ======================  ==========================================
factory            writes                  what
=================  ======================  ==========================================
kg_sentences       token.is_sent_start     sentence and paragraph boundaries
kg_entities        doc._.kg_entities,      gazetteer + context rules + in-article
                   doc._.kg_mentions       alias resolution; also sets doc.ents
kg_dates           doc._.kg_dates          date expressions normalised against
                                           doc._.kg_published
kg_counts          doc._.kg_counts         numbers that count something
kg_relations       doc._.kg_affiliations,  affiliations, spokespeople, statements;
                   doc._.kg_statements     ties counts to events, places, speakers
=================  ======================  ==========================================
"""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.nlp.lexicon import load_lexicon

_EXTENSIONS = (
    "kg_published", "kg_entities", "kg_mentions", "kg_dates", "kg_counts",
    "kg_affiliations", "kg_statements", "kg_sent_of", "kg_model_ents",
)


def register_extensions() -> None:
    for name in _EXTENSIONS:
        if not Doc.has_extension(name):
            Doc.set_extension(name, default=None)


register_extensions()


def sentence_index(doc: Doc) -> list[int]:
    """Token index -> sentence number, cached on the doc."""
    if doc._.kg_sent_of is None:
        out, k = [], -1
        for tok in doc:
            if tok.is_sent_start:
                k += 1
            out.append(max(k, 0))
        doc._.kg_sent_of = out
    return doc._.kg_sent_of


class SentenceSplitter:
    def __call__(self, doc: Doc) -> Doc:
        from kg.nlp.sentences import set_sentence_starts

        return set_sentence_starts(doc)


class EntityFinder:
    def __init__(self, data_dir: str | None) -> None:
        self.lex = load_lexicon(data_dir)

    def __call__(self, doc: Doc) -> Doc:
        from kg.nlp.entities import find_candidates, resolve

        cands = find_candidates(doc, self.lex)
        # statistical entities: an installed --model's, else the shipped NER's (doc.ents)
        model_ents = doc._.kg_model_ents or list(doc.ents)
        if model_ents:
            cands = merge_model(doc, cands, model_ents, self.lex)
        entities, mentions = resolve(doc, cands, self.lex, sentence_index(doc))
        doc._.kg_entities = entities
        doc._.kg_mentions = mentions
        spans = []
        for m in mentions:
            span = doc.char_span(m.start, m.end, label=entities[m.entity].type, alignment_mode="expand")
            if span is not None:
                spans.append(span)
        from spacy.util import filter_spans

        doc.ents = filter_spans(spans)
        return doc


def merge_model(doc: Doc, cands: list, model_ents: list[Span], lex) -> list:
    """Combine the statistical NER with the rules and gazetteer.

    - Gazetteer matches and typed rule candidates win: they are more specific.
    - An untyped capitalised chunk (no rule fired) takes the type of a model
      entity covering it, but only after resolution found no earlier full name,
      alias or acronym expansion it refers to ("Baghouz" stays the place found by
      the gazetteer or a locative rule elsewhere in the article).
    - A model entity where no candidate is becomes a new candidate, resolved the
      same way, unless it is a known non-entity (demonym, weekday, month, common
      word, title) or does not look like a name (no capital letter, too long).
    """
    from kg.nlp.entities import LOC, ORG, PER, Cand, plausible_model_span

    mapping = {"PERSON": PER, "PER": PER, "ORG": ORG, "GPE": LOC, "LOC": LOC, "FAC": LOC}
    covered = {i: c for c in cands for i in range(c.start, c.end)}
    out = list(cands)
    for ent in model_ents:
        typ = mapping.get(ent.label_)
        if typ is None:
            continue
        hit = {id(c): c for i in range(ent.start, ent.end) if (c := covered.get(i)) is not None}
        if hit:
            for c in hit.values():
                inside = ent.start <= c.start and c.end <= ent.end
                if c.type is None and c.gaz is None and inside:
                    c.model_type = typ
            continue
        if plausible_model_span(doc, ent.start, ent.end, lex):
            out.append(Cand(ent.start, ent.end, None, "model", model_type=typ))
    return sorted(out, key=lambda c: c.start)


class ModelNER:
    """Runs an installed spaCy pipeline's NER; kg_entities merges its entities."""

    def __init__(self, model: str) -> None:
        import spacy

        self.model = spacy.load(model, exclude=["lemmatizer"])

    def __call__(self, doc: Doc) -> Doc:
        other = self.model(doc.text)
        spans = []
        for ent in other.ents:
            span = doc.char_span(ent.start_char, ent.end_char, label=ent.label_, alignment_mode="expand")
            if span is not None:
                spans.append(span)
        doc._.kg_model_ents = spans
        return doc


class DateFinder:
    def __init__(self, data_dir: str | None) -> None:
        self.lex = load_lexicon(data_dir)

    def __call__(self, doc: Doc) -> Doc:
        from kg.nlp.dates import find_dates

        doc._.kg_dates = find_dates(doc, self.lex, doc._.kg_published, sentence_index(doc))
        return doc


class CountFinder:
    def __init__(self, data_dir: str | None) -> None:
        self.lex = load_lexicon(data_dir)

    def __call__(self, doc: Doc) -> Doc:
        from kg.nlp.counts import find_counts

        doc._.kg_counts = find_counts(doc, self.lex, sentence_index(doc))
        return doc


class RelationFinder:
    def __init__(self, data_dir: str | None) -> None:
        self.lex = load_lexicon(data_dir)

    def __call__(self, doc: Doc) -> Doc:
        from kg.nlp.relations import find_relations

        find_relations(doc, self.lex, sentence_index(doc))
        return doc


@Language.factory("kg_sentences", assigns=["token.is_sent_start"])
def make_sentences(nlp: Language, name: str) -> SentenceSplitter:
    return SentenceSplitter()


@Language.factory(
    "kg_entities", assigns=["doc.ents", "doc._.kg_entities", "doc._.kg_mentions"],
    default_config={"data_dir": None},
)
def make_entities(nlp: Language, name: str, data_dir: str | None) -> EntityFinder:
    return EntityFinder(data_dir)


@Language.factory("kg_model_ner", assigns=["doc._.kg_model_ents"], default_config={"model": ""})
def make_model_ner(nlp: Language, name: str, model: str) -> ModelNER:
    return ModelNER(model)


@Language.factory("kg_dates", assigns=["doc._.kg_dates"], default_config={"data_dir": None})
def make_dates(nlp: Language, name: str, data_dir: str | None) -> DateFinder:
    return DateFinder(data_dir)


@Language.factory("kg_counts", assigns=["doc._.kg_counts"], default_config={"data_dir": None})
def make_counts(nlp: Language, name: str, data_dir: str | None) -> CountFinder:
    return CountFinder(data_dir)


@Language.factory(
    "kg_relations", assigns=["doc._.kg_affiliations", "doc._.kg_statements"],
    default_config={"data_dir": None},
)
def make_relations(nlp: Language, name: str, data_dir: str | None) -> RelationFinder:
    return RelationFinder(data_dir)
