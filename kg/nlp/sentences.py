"""Sentence boundaries for news text: paragraph breaks, bullets and end punctuation
(the punctuation is in kg/nlp/data/sentences.json)."""

from __future__ import annotations

from spacy.attrs import DEP, HEAD, IS_SPACE, ORTH, SENT_START, SPACY
from spacy.tokens import Doc

from kg.nlp.lexicon import Lexicon


def repair_tree(doc: Doc) -> None:
    """Give every token of an unparsed doc an empty subtree of its own.

    spaCy's tokenizer (3.8), when a special case re-splits tokens ("1.3m." -> "1.3", "m."),
    copies the cached tokens without setting their left and right edges, and shifts the tokens
    after them without moving theirs: ``Token.children``, ``.lefts``, ``.subtree`` then walk
    outside the doc and the process dies of a segmentation fault. A parser sets the edges
    again; without one (``--ner none``, an NER-only pipeline) nothing would. Making every token
    its own root once with a dependency label (spaCy then recomputes the edges) and clearing
    the label again leaves the doc unparsed, with a tree that is safe to walk."""
    import numpy

    n = len(doc)
    if n == 0 or doc.has_annotation("DEP"):
        return
    rows = numpy.zeros((n, 2), dtype="uint64")
    rows[:, 1] = doc.vocab.strings.add("dep")
    doc.from_array([HEAD, DEP], rows)  # (this also makes every token a sentence start: set below)
    doc.from_array([DEP], numpy.zeros((n, 1), dtype="uint64"))


def set_sentence_starts(doc: Doc, lex: Lexicon) -> Doc:
    """Mark sentence starts; worked out on plain lists and written in one call
    (reading ``Token.is_sent_start`` checks the Doc's annotation every time).
    An unparsed doc's tree is repaired first (:func:`repair_tree`)."""
    import numpy

    repair_tree(doc)
    punct = lex.sentences
    ends, closers, bullets = set(punct["end"]), set(punct["closers"]), set(punct["bullets"])
    clock = {w.lower() for w in punct["time_abbreviations"]}
    after_clock = set(punct["after_clock_openers"])
    openers = "".join(punct["openers"])
    n = len(doc)
    if n == 0:
        return doc
    # (one array, not a Token object per token and attribute)
    array = doc.to_array([ORTH, SPACY, IS_SPACE]).tolist()
    strings = doc.vocab.strings
    texts = [strings[row[0]] for row in array]
    ws = [" " if row[1] else "" for row in array]
    space = [bool(row[2]) for row in array]
    start = [False] * n
    opening: set[int] = set()  # quotation marks that open a sentence
    start[0] = True
    for i in range(n - 1):
        tok, nxt = texts[i], texts[i + 1]
        if "\n" in ws[i] or (space[i] and "\n" in tok):
            start[i + 1] = True
            continue
        if tok in bullets and (i == 0 or space[i - 1]):
            start[i + 1] = True
            continue
        if tok in ends or (tok in closers and i > 0 and texts[i - 1] in ends):
            if nxt in {'"', "“"} and ws[i] and not ws[i + 1] and i + 2 < n:
                start[i + 1] = True  # 'fled. "Many ...': a quotation mark after a space opens the next sentence
                opening.add(i + 1)
                continue
            if i in opening:
                continue  # (the opening mark itself ends nothing)
            if nxt in closers or nxt in ends:
                continue
            if space[i + 1] or nxt[:1].isupper() or nxt[:1] in openers or doc[i + 1].like_num:
                start[i + 1] = True
        elif tok.lower() in clock and nxt.istitle() and nxt.lower() in after_clock:
            start[i + 1] = True  # "reopened at 7:35 p.m. During the night ...": the clock ends the sentence
    # a sentence never starts on white space: move the start to the next word
    for i in range(1, n):
        if start[i] and space[i]:
            start[i] = False
            j = i + 1
            while j < n and space[j]:
                j += 1
            if j < n:
                start[j] = True
    # spaCy stores "not a start" as -1 in an unsigned array
    values = numpy.array([[1 if s else -1] for s in start], dtype="int64").astype("uint64")
    doc.from_array([SENT_START], values)
    return doc
