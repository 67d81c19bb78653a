"""Sentence boundaries for news text: paragraph breaks, bullets and end punctuation."""

from __future__ import annotations

from spacy.tokens import Doc

_END = {".", "!", "?", "…"}
_CLOSERS = {'"', "”", "’", "'", ")", "»"}
_BULLETS = {"•", "·", "*", "–", "—"}


def set_sentence_starts(doc: Doc) -> Doc:
    n = len(doc)
    for i, tok in enumerate(doc):
        tok.is_sent_start = i == 0
    for i, tok in enumerate(doc):
        if i + 1 >= n:
            break
        nxt = doc[i + 1]
        if "\n" in tok.whitespace_ or (tok.is_space and "\n" in tok.text):
            nxt.is_sent_start = True
            continue
        if tok.text in _BULLETS and (i == 0 or doc[i - 1].is_space):
            nxt.is_sent_start = True
            continue
        if tok.text in _END or (tok.text in _CLOSERS and i > 0 and doc[i - 1].text in _END):
            if nxt.text in _CLOSERS or nxt.text in _END:
                continue
            if nxt.is_space or nxt.text[:1].isupper() or nxt.text[:1] in "\"“‘'(" or nxt.like_num:
                nxt.is_sent_start = True
    # a sentence never starts on white space: move the start to the next word
    for i, tok in enumerate(doc):
        if i > 0 and tok.is_sent_start and tok.is_space:
            tok.is_sent_start = False
            j = i + 1
            while j < n and doc[j].is_space:
                j += 1
            if j < n:
                doc[j].is_sent_start = True
    return doc
