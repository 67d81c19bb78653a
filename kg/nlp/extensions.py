"""The Doc extension attributes kg's components write and read, and the sentence index
they share (token -> sentence number, computed once per Doc)."""

from __future__ import annotations

from spacy.tokens import Doc

_EXTENSIONS = (
    "kg_published", "kg_entities", "kg_mentions", "kg_dates", "kg_counts",
    "kg_affiliations", "kg_statements", "kg_sent_of",
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
