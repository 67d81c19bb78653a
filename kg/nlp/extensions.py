"""The Doc extension attributes kg's components write and read, and what they share,
computed once per Doc: the sentence index (token -> sentence number) and the text."""

from __future__ import annotations

import numpy
from spacy.attrs import SENT_START
from spacy.tokens import Doc

_EXTENSIONS = (
    "kg_published", "kg_entities", "kg_mentions", "kg_dates", "kg_counts",
    "kg_affiliations", "kg_statements", "kg_relations_generic", "kg_sent_of", "kg_text",
)


def register_extensions() -> None:
    for name in _EXTENSIONS:
        if not Doc.has_extension(name):
            Doc.set_extension(name, default=None)


register_extensions()


def sentence_index(doc: Doc) -> list[int]:
    """Token index -> sentence number, cached on the doc."""
    if doc._.kg_sent_of is None:
        # from the SENT_START array (1 = starts a sentence), without a Token object per token
        starts = (doc.to_array(SENT_START) == 1).astype("int64") if len(doc) else numpy.zeros(0, "int64")
        doc._.kg_sent_of = numpy.maximum(numpy.cumsum(starts) - 1, 0).tolist()
    return doc._.kg_sent_of


def doc_text(doc: Doc) -> str:
    """``doc.text``, cached on the doc: spaCy joins every token each time it is asked, and
    every component asks."""
    if doc._.kg_text is None:
        doc._.kg_text = doc.text
    return doc._.kg_text
