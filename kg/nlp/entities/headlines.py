"""Headlines and other title-case lines ("Airline Cancels Thousands Of Flights").

In such a line capitals say nothing about names, so a capitalised run there is a name
only as far as the article's body (the lines that are not title case) uses it: the
longest part of the run that the body also writes is kept, the rest is dropped.
Gazetteer matches stand on their own and are not checked here."""

from __future__ import annotations

import re

from spacy.attrs import IS_ALPHA, IS_SPACE, IS_UPPER, ORTH
from spacy.tokens import Doc

from kg.nlp.extensions import doc_text
from kg.nlp.lexicon import Lexicon

_CLOCK = re.compile(r"\d{1,2}[:.]\d\d")


def _clock(tok) -> bool:  # noqa: ANN001 (a spaCy Token)
    """A time of day ("5:30", "16.40 BST", "9.15am"): a date line's, never a headline's ("Holds Rate
    at 11.25%" is a headline)."""
    if not _CLOCK.fullmatch(tok.text):
        return False
    if ":" in tok.text:
        return True
    nxt = tok.nbor(1).text if tok.i + 1 < len(tok.doc) else ""
    return nxt.lower() in {"am", "pm", "a.m.", "p.m."} or (nxt.isupper() and 2 <= len(nxt) <= 4 and nxt.isalpha())
# "Ada Corwen in Tarsk": a newspaper's byline, a name and where the reporter filed from
_BYLINE_IN_PLACE = re.compile(r"[A-Z][\w'’\-]+(?: [A-Z][\w'’\-]+){1,2} in [A-Z][\w'’\-]+(?: [A-Z][\w'’\-]+){0,2}")


def _byline_in_place(doc: Doc, line: list, lex: Lexicon) -> bool:
    """"Ada Corwen in Tarsk" (not "Floods Hit Towns in Velm"): the words before "in" are names,
    none of them a common English word."""
    if not line or _BYLINE_IN_PLACE.fullmatch(doc[line[0].i : line[-1].i + 1].text) is None:
        return False
    name = doc[line[0].i : line[-1].i + 1].text.split(" in ", 1)[0].split()
    return not any(w.lower() in lex.common_words for w in name)


def masthead_words(first: str, last: str, lex: Lexicon) -> bool:
    """A line from ``first`` to ``last`` word may be an outlet's masthead ("Velm Evening Express"): its
    last word one a masthead ends with, its first no section's ("World News"; entities.json headlines)."""
    spec = lex.headlines
    return last in spec["masthead_words"] and first not in spec["section_words"]


def title_case_lines(doc: Doc, lex: Lexicon) -> list[tuple[int, int]]:
    """Token ranges (start, end) of the lines written in title case: at least
    ``min_words`` words of four letters or more, nearly all capitalised, and no full
    stop at the end (a sentence of names would end with one)."""
    spec = lex.headlines
    out: list[tuple[int, int]] = []
    # token attributes as plain lists: most lines are paragraphs, rejected without a Token object
    strings = doc.vocab.strings
    rows = doc.to_array([ORTH, IS_SPACE, IS_ALPHA, IS_UPPER]).tolist() if len(doc) else []
    texts = [strings[r[0]] for r in rows]
    n = len(rows)
    start = 0
    for i in range(n + 1):
        if i < n and "\n" not in texts[i]:
            continue
        end = i + 1 if i < n and "\n" not in texts[i] else i
        line = [k for k in range(start, end) if not rows[k][1]]
        line_start, start = start, i + 1
        if not line or texts[line[-1]] in {".", "?", "!"}:
            continue  # (most lines: a paragraph of sentences, tested no further)
        words = [k for k in line if rows[k][2] and len(texts[k]) >= 4]
        if len(words) < spec["min_words"] or all(rows[k][3] for k in words) \
                or sum(1 for k in words if texts[k][0].isupper()) / len(words) < spec["min_capital_share"]:
            continue
        toks = [doc[k] for k in line]
        # "By Ada Corwen-Halden", "(Reporting by Ada Corwen; Editing by ...)": names only
        lead = toks[1:] if toks[0].text == "(" else toks
        byline = bool(lead) and lead[0].text in spec["byline_starts"] or _byline_in_place(doc, toks, lex) or any(
            t.text in {"·", "|", "•"} or _clock(t) for t in toks)  # "Ada Corwen · Velm News · 5:30 AM"
        # "Velm Evening Express" above "By Ada Corwen" (not the article's first line): the outlet's masthead
        masthead = line_start > 0 and 2 <= len(line) <= 5 and i + 1 < n and texts[i].strip(" ") == "\n" \
            and texts[i + 1] in spec["byline_starts"] and masthead_words(texts[line[0]], texts[line[-1]], lex)
        if not byline and not masthead:
            out.append((line_start, end))
    return out


class Headlines:
    """Which token spans lie on title-case lines, and what the body says about them."""

    def __init__(self, doc: Doc, lex: Lexicon) -> None:
        self.doc = doc
        self.common = lex.common_words
        self.lines = title_case_lines(doc, lex)
        self.tokens = frozenset(i for s, e in self.lines for i in range(s, e))  # the tokens on those lines
        self._lower_words: set[str] | None = None  # the body's lower-case words, read when first asked
        if self.lines:
            text = doc_text(doc)
            parts, last = [], 0
            for s, e in self.lines:
                a = doc[s].idx
                b = doc[e - 1].idx + len(doc[e - 1].text)
                parts.append(text[last:a])
                last = b
            parts.append(text[last:])
            self.body = "\n".join(parts)
        else:
            self.body = doc_text(doc)

    def _lower_in_body(self, lower: str) -> bool:
        """The body writes the word (or its singular or plural) in lower case."""
        if self._lower_words is None:
            self._lower_words = set(re.findall(r"(?<![\w'’-])[a-z]+(?![\w'’-])", self.body))
        return lower in self._lower_words or (lower[:-1] if lower.endswith("s") else lower + "s") in self._lower_words

    def covers(self, s: int, e: int) -> bool:
        return s in self.tokens or (e - 1) in self.tokens

    def in_body(self, text: str) -> bool:
        """Whether the body writes ``text`` as a name of its own, not only inside a longer run of
        capitalised words ("Harbour" of a headline, when the body has only "Velm Harbour Workers Guild")."""
        if text not in self.body:  # a plain substring test first: most parts are not there
            return False
        for m in re.finditer(r"(?<!\w)" + re.escape(text) + r"(?!\w)", self.body):
            before = re.search(r"(\S+) $", self.body[max(0, m.start() - 40) : m.start()])
            joined = re.search(r"([A-Z]\S*) (?:of|for|de|and|of the) $", self.body[max(0, m.start() - 60) : m.start()])
            if joined and joined.group(1).lower() not in self.common:
                continue  # "Bank of Velmland": inside a name joined by a connector
            opening = re.search(r"(?:^|[.!?:\-–—\"“]\s*|\n\s*)$", self.body[max(0, m.start() - 4) : m.start()])
            if opening and " " not in text and (text.lower() in self.common or self._lower_in_body(text.lower())):
                continue  # "Flights to Tarsk were suspended": a common word that opens a sentence (or one
                # the body writes in lower case too: "Growers said ..." and "about 400 growers")
            after = re.match(r"['’]? (\S+)", self.body[m.end() : m.end() + 40])  # (through "Growers' Union")
            if not (before and before.group(1)[:1].isupper() and before.group(1)[-1:].isalpha()
                    and before.group(1).lower() not in self.common) \
                    and not (after and after.group(1)[:1].isupper()):
                return True
        return False

    def named_part(self, s: int, e: int, longest: int = 8) -> tuple[int, int] | None:
        """The longest part (of at most ``longest`` tokens: names are short) of tokens
        s..e-1 that the body writes the same way, or None."""
        for size in range(min(e - s, longest), 0, -1):
            for a in range(s, e - size + 1):
                span = self.doc[a : a + size]
                if not span[0].text[:1].isupper() or not span[-1].text[:1].isupper():
                    continue
                if self.in_body(span.text):
                    return a, a + size
        return None
