"""spaCy components of kg, registered as factories and configured through spaCy's config.

The component classes are in kg.nlp.components (kg_entities: kg.nlp.entities);
here they are registered, each with its config. Each component reads its
lexicon files from ``data_dir`` (default: the package's kg/nlp/data/), is saved
and loaded with the pipeline (``nlp.to_disk`` / ``spacy.load``, the lexicon
files in its folder) and writes its results to a Doc extension attribute:

=================  ======================  ==========================================
factory            writes                  what
=================  ======================  ==========================================
kg_sentences       token.is_sent_start     sentence and paragraph boundaries
kg_entities        doc._.kg_entities,      gazetteer + context rules + in-article
                   doc._.kg_mentions       alias resolution, then the learned entity
                                           decision; also sets doc.ents
kg_dates           doc._.kg_dates          date expressions normalised against
                                           doc._.kg_published
kg_counts          doc._.kg_counts         numbers that count something
kg_relations       doc._.kg_affiliations,  affiliations, spokespeople, statements,
                   doc._.kg_statements,    and the kinds with a record of their own
                   doc._.kg_relations_     (role changes: kg.types.Relation)
                   generic
kg_count_links     doc._.kg_counts         ties the counts to events, places,
                                           organisations, dates and speakers
=================  ======================  ==========================================
"""

from __future__ import annotations

from collections.abc import Callable

from spacy.language import Language
from spacy.tokenizer import Tokenizer
from spacy.util import registry

from kg.nlp.components import CountFinder, CountLinker, DateFinder, RelationFinder, SentenceSplitter
from kg.nlp.entities import EntityFinder
from kg.nlp.tokenizer import KG_TOKENIZER, make_tokenizer


@Language.factory("kg_sentences", assigns=["token.is_sent_start"], default_config={"data_dir": None})
def make_sentences(nlp: Language, name: str, data_dir: str | None) -> SentenceSplitter:
    return SentenceSplitter(data_dir)


@Language.factory(
    "kg_entities", assigns=["doc.ents", "doc._.kg_entities", "doc._.kg_mentions"],
    default_config={"data_dir": None, "decide": True},
)
def make_entities(nlp: Language, name: str, data_dir: str | None, decide: bool) -> EntityFinder:
    """``decide``: run the learned entity decision (kg.nlp.entities.decide) after the rules; false
    leaves the rules' own types and drops, as the rule tables' tests read them."""
    return EntityFinder(data_dir, decide=decide)


@Language.factory("kg_dates", assigns=["doc._.kg_dates"], default_config={"data_dir": None})
def make_dates(nlp: Language, name: str, data_dir: str | None) -> DateFinder:
    return DateFinder(data_dir)


@Language.factory("kg_counts", assigns=["doc._.kg_counts"], default_config={"data_dir": None})
def make_counts(nlp: Language, name: str, data_dir: str | None) -> CountFinder:
    return CountFinder(data_dir)


@Language.factory(
    "kg_relations", assigns=["doc._.kg_affiliations", "doc._.kg_statements", "doc._.kg_relations_generic"],
    requires=["doc._.kg_entities", "doc._.kg_mentions"], default_config={"data_dir": None},
)
def make_relations(nlp: Language, name: str, data_dir: str | None) -> RelationFinder:
    return RelationFinder(data_dir)


@Language.factory(
    "kg_count_links", assigns=["doc._.kg_counts"],
    requires=["doc._.kg_counts", "doc._.kg_mentions", "doc._.kg_dates", "doc._.kg_statements"],
    default_config={"data_dir": None},
)
def make_count_links(nlp: Language, name: str, data_dir: str | None) -> CountLinker:
    return CountLinker(data_dir)


@registry.tokenizers(KG_TOKENIZER)
def create_tokenizer() -> Callable[[Language], Tokenizer]:
    """spaCy's English tokenizer with kg's changes (kg.nlp.tokenizer.make_tokenizer), for the
    pipelines whose tokenizer kg builds from the config (the shipped model's, and ``--ner none``)."""
    return make_tokenizer
