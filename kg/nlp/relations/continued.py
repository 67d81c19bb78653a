"""Quotations that go on over paragraph breaks: each further paragraph is a statement of the
speaker of the first (the guideline splits a quotation at its paragraph breaks).

Two shapes:
- a quotation left open at a paragraph's end, the next paragraph opening with a quotation
  mark ('NAME said: "A.' / '"B.' / '"C."'): the printed convention for one quotation running
  on;
- a block printed without quotation marks after an attribution that ends its paragraph with a
  colon ('She said:' / 'We started late ...' / 'But we ...'), each paragraph spoken in the
  first person or going on without a new speaker.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

from kg.types import Mention, Statement

_CLOSE = "\u201d\""
# the gap between an open quotation's end and the next paragraph's opening mark (an ellipsis may lead)
_NEXT_PARAGRAPH = re.compile(r"[ \t]*\n\s*\n\s*(?:\u2026|\.\.\.)?\s*[\u201c\"]\s*")
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I’m|we|We|our|Our|us|my|My|me)\b")
_QUOTE_MARK = re.compile(r"[\u201c\u201d\"]")
_BREAK = re.compile(r"\n\s*\n")


def open_at_paragraph_end(text: str, q: tuple[int, int]) -> bool:
    """Whether quotation ``q`` was left open at its paragraph's end (no closing mark)."""
    return text[q[1] : q[1] + 1] not in _CLOSE and (q[1] == len(text) or text[q[1] :].startswith("\n")
                                                      or not text[q[1] :].strip(" \t").split("\n", 1)[0])


def continued_quotations(text: str, quotes: list[tuple[int, int]], owner: dict[tuple[int, int], Statement],
                         used: set[tuple[int, int]], sentence_at: Callable[[int], tuple[int, int, int]]
                         ) -> list[Statement]:
    """The paragraphs that continue an attributed quotation left open, one statement each, with the
    speaker of the quotation they continue. ``owner`` maps the quotations used by statements to
    them; ``sentence_at(pos)`` gives (index, start, end) of the sentence at a character."""
    out: list[Statement] = []
    for q in sorted(owner):
        st = owner[q]
        while open_at_paragraph_end(text, q):
            i = bisect.bisect_right(quotes, q)
            if i >= len(quotes):
                break
            nxt = quotes[i]
            if nxt in used or not _NEXT_PARAGRAPH.fullmatch(text, q[1], nxt[0]):
                break
            quote = text[nxt[0] : nxt[1]].strip().rstrip(",;:")
            if len(quote.split()) >= 2:
                si, s, e = sentence_at(nxt[0])
                out.append(Statement(st.speaker, st.speaker_text, quote, si, s, e, st.told))
            used.add(nxt)
            q = nxt
    return out


def _paragraphs_after(text: str, pos: int) -> list[tuple[int, int]]:
    """The character spans of the paragraphs after the one at ``pos``, in order."""
    brk = _BREAK.search(text, pos)
    out: list[tuple[int, int]] = []
    while brk is not None:
        start = brk.end()
        nxt = _BREAK.search(text, start)
        end = nxt.start() if nxt else len(text.rstrip())
        if text[start:end].strip():
            out.append((start, end))
        brk = nxt
    return out


def unquoted_blocks(text: str, attribution: tuple[str | None, str, int], mentions: list[Mention],
                    speaks: Callable[[str], bool], sentence_at: Callable[[int], tuple[int, int, int]]
                    ) -> list[Statement]:
    """'NAME said:' at a paragraph's end, then paragraphs without quotation marks: the block runs
    while the speaker speaks in the first person (one paragraph without it may stand between two
    with it) and no paragraph names the speaker again, quotes or says who speaks. Each paragraph is
    a statement of NAME. ``attribution`` is (speaker, speaker text, the colon's position);
    ``speaks(paragraph)`` tells a paragraph with an attribution of its own."""
    speaker, stext, colon = attribution
    block: list[tuple[int, int]] = []
    pending: list[tuple[int, int]] = []  # a paragraph without the first person, kept if one with it follows
    for s, e in _paragraphs_after(text, colon):
        para = text[s:e]
        if _QUOTE_MARK.search(para) or speaks(para) or any(s <= m.start < e and m.entity == speaker
                                                           for m in mentions):
            break  # a quotation, a speaker of its own or the narrative naming the speaker: the block is over
        if not _FIRST_PERSON.search(para):
            if pending or not block:
                break
            pending.append((s, e))
            continue
        block += pending + [(s, e)]
        pending = []
    out = []
    for s, e in block:
        si, ss, se = sentence_at(s)
        out.append(Statement(speaker, stext, text[s:e].strip().lstrip("\u2026. ").strip(), si, ss, se, None))
    return out
