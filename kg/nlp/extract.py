"""Article -> spaCy Doc -> Extraction (plain dataclasses from kg.types)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from kg.types import Article, Extraction, Sentence

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc


def to_extraction(article: Article, doc: Doc) -> Extraction:
    sentences = []
    for i, s in enumerate(doc.sents):
        text = s.text.rstrip()
        lead = len(text) - len(text.lstrip())
        sentences.append(Sentence(i, s.start_char + lead, s.start_char + len(text), text.strip()))
    return Extraction(
        article=article,
        sentences=sentences,
        entities=dict(doc._.kg_entities or {}),
        mentions=list(doc._.kg_mentions or []),
        affiliations=list(doc._.kg_affiliations or []),
        dates=list(doc._.kg_dates or []),
        counts=list(doc._.kg_counts or []),
        statements=list(doc._.kg_statements or []),
    )


def extract(nlp: Language, articles: Iterable[Article], batch_size: int = 16) -> Iterator[Extraction]:
    """Run the pipeline over articles, in order, one Extraction per article."""

    def docs() -> Iterator[tuple[Doc, Article]]:
        for a in articles:
            doc = nlp.make_doc(a.text)
            doc._.kg_published = a.published
            yield doc, a

    for doc, article in nlp.pipe(docs(), as_tuples=True, batch_size=batch_size):
        yield to_extraction(article, doc)
