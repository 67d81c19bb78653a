"""Article -> spaCy Doc -> Extraction (plain dataclasses from kg.types)."""

from __future__ import annotations

import re
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
        relations=list(doc._.kg_relations_generic or []),
    )


RUN_KEPT = 16  # characters kept of a run of punctuation or symbols
_RUN = re.compile(rf"(?:[^\w\s]|_){{{RUN_KEPT + 1},}}")  # ("_" is a word character to re)


def linear_text(text: str) -> str:
    """The text with each run of more than RUN_KEPT punctuation marks or symbols ("*****", "!?!?",
    "$$$$") cut to its first RUN_KEPT, the rest blanked with as many spaces: spaCy's tokenizer
    peels such a run one character at a time, rescanning the rest each time (8,000 asterisks took
    12 s, 50,000 took 225 s). The length and every other character stay as they were, so the
    character offsets of what is found still point into the article's own text."""
    return _RUN.sub(lambda m: m.group(0)[:RUN_KEPT] + " " * (len(m.group(0)) - RUN_KEPT), text)


def extract(nlp: Language, articles: Iterable[Article], batch_size: int = 16) -> Iterator[Extraction]:
    """Run the pipeline over articles, in order, one Extraction per article."""

    def docs() -> Iterator[tuple[Doc, Article]]:
        for a in articles:
            doc = nlp.make_doc(linear_text(a.text))
            doc._.kg_published = a.published
            yield doc, a

    for doc, article in nlp.pipe(docs(), as_tuples=True, batch_size=batch_size):
        yield to_extraction(article, doc)
