#!/usr/bin/env python3
"""Turn the 24 Wikinews documents of GUM (UD edition) into a gold development set for kg.

For every ``GUM_news_*.conllu`` file of the corpus folder this writes

* ``OUT/articles/GUM_news_X.txt``: the article text rebuilt from the tokens (``SpaceAfter=No``
  in MISC; one paragraph per ``# newpar`` block, blocks separated by a blank line, so the
  headline is the first line and the dateline the second paragraph);
* ``OUT/gold/GUM_news_X.json``: gold annotations in the format of ``shared/gold/GUIDELINE.md``
  (v2): ``published``, ``entities`` (from GUM's ``Entity=`` spans, coreference chains and
  Wikipedia identities) and ``dates`` (from GUM's ``<date when="...">`` markup in MISC ``XML``);
* ``OUT/articles/metadata.csv`` (``file,published,outlet,url,title``) for the documents whose
  text states a publication date, ``OUT/LICENSE.txt`` (the corpus licence) and ``OUT/README.md``.

GUM does not annotate affiliations, counts or statements.  ``statements`` is left out of the gold
files, so ``score.py`` does not score it.  ``score.py`` reads ``gold["affiliations"]`` and
``gold["counts"]`` unconditionally (a missing key is a ``KeyError``), so those two keys are written
as empty lists: ``score.py`` then scores them as empty (every predicted row is a false positive),
and their numbers on this set are meaningless.  The JSON key ``not_annotated`` names them.

Run from the repo root (the default corpus path is relative to it)::

    python3 gum_news_gold.py -o OUT [--corpus DIR] [-v]

The exit status is 1 when a name, alias or date text of the gold is not found verbatim in its
article.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import re
import shutil
import sys
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path
from urllib.parse import unquote

DEFAULT_CORPUS = Path("../shared/corpora/gum-cc-by")
UPSTREAM = "UD_English-GUM afb41ee9bca57991125814fa04d96a0e61470c8b"
NOT_ANNOTATED = ["affiliations", "counts", "statements"]
DEFAULT_LAYOUT = "GRP-etype-infstat-salience-centering-minspan-link-identity"

KG_TYPES = {"person": "Person", "organization": "Organisation", "place": "Place"}
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
DATELINE = re.compile(rf"^(?:{'|'.join(WEEKDAYS)}),\s+({'|'.join(MONTHS)})\s+(\d{{1,2}}),\s+(\d{{4}})$")
# A date expression must name a calendar day, month or year: a weekday, a month, a year number,
# or a deictic word resolved against the publication date ("yesterday", "last year", "two years
# ago").  Descriptions GUM also normalises ("the opening night", "day five", "the date") are left out.
DATE_WORDS = re.compile(
    rf"\b(?:{'|'.join(WEEKDAYS + MONTHS)}|today|yesterday|tomorrow|\d{{4}})\b"
    r"|\b(?:this|last|next|that|the following|the previous)\s+(?:years?|months?)\b"
    r"|\b(?:years?|months?)\s+(?:ago|before|after|earlier|later)\b",
    re.IGNORECASE,
)
VAGUE_DATE = re.compile(r"\bend\b|\bbeginning\b|\bstart\b|\bmid\b|\bearly\b|\blate\b", re.IGNORECASE)
ISO_VALUE = re.compile(r"^\d{4}(?:-\d{2}(?:-\d{2})?)?$")
# Heads of place names that denote a facility rather than a country, region, city or river: the
# guideline's Place list does not cover them, so they are optional.
FACILITY_HEADS = {
    "airport",
    "arena",
    "asylum",
    "avenue",
    "base",
    "batcave",
    "bridge",
    "building",
    "center",
    "centre",
    "complex",
    "facility",
    "galleries",
    "gallery",
    "hall",
    "headquarters",
    "hotel",
    "library",
    "memorial",
    "mosque",
    "museum",
    "planetarium",
    "plaza",
    "road",
    "square",
    "station",
    "stadium",
    "street",
    "tower",
    "towers",
}
# One-word names of organisations and places that are descriptions when used alone ("the State").
GENERIC_WORDS = {
    "state",
    "church",
    "court",
    "university",
    "army",
    "administration",
    "government",
    "ministry",
    "department",
    "party",
    "council",
    "school",
    "college",
    "institute",
    "museum",
    "foundation",
    "agency",
    "commission",
    "committee",
    "board",
    "union",
    "association",
    "city",
    "country",
    "navy",
    "police",
    "crown",
    "society",
    "company",
    "corporation",
    "bank",
    "republic",
    "station",
    "hospital",
}
DEMONYM_SUFFIX = re.compile(r"(?:an|ans|ian|ians|ese|ish|ch|i|is|ic|ics|ist|ists|ite|ites)$")


# --------------------------------------------------------------------------- CoNLL-U reading


@dataclass
class Token:
    """A syntactic word of a sentence, with its character span in the rebuilt text."""

    idx: int  # position in the document's word list
    sid: int  # sentence index
    wid: int  # word id within the sentence (1-based)
    form: str
    upos: str
    xpos: str
    head: int  # word id of the syntactic head in the same sentence, 0 for the root
    deprel: str
    misc: dict[str, str]
    start: int = 0
    end: int = 0


@dataclass
class Sentence:
    """A sentence: its comments, words and surface units (a unit is a word or a multiword token)."""

    comments: list[str]
    tokens: list[Token] = field(default_factory=list)
    # (surface form, SpaceAfter, word ids covered)
    units: list[tuple[str, bool, list[int]]] = field(default_factory=list)

    def comment(self, key: str) -> str | None:
        for c in self.comments:
            if c.startswith(f"# {key} = "):
                return c.split(" = ", 1)[1]
        return None

    def has(self, key: str) -> bool:
        return any(c == f"# {key}" or c.startswith(f"# {key} ") for c in self.comments)


def parse_misc(value: str) -> dict[str, str]:
    if value == "_":
        return {}
    return dict(kv.partition("=")[::2] for kv in value.split("|"))


def read_conllu(path: Path) -> tuple[dict[str, str], list[Sentence]]:
    """Read one GUM document: its ``# meta::`` values and its sentences."""
    meta: dict[str, str] = {}
    sentences: list[Sentence] = []
    comments: list[str] = []
    current: Sentence | None = None
    mwt_end = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            current, mwt_end = None, 0
            continue
        if line.startswith("#"):
            m = re.match(r"# (?:meta::(\S+)|(global\.Entity)) = (.*)", line)
            if m:
                meta[m.group(1) or m.group(2)] = m.group(3)
            comments.append(line)
            continue
        if current is None:
            current = Sentence(comments)
            sentences.append(current)
            comments = []
        cols = line.split("\t")
        wid = cols[0]
        if "." in wid:  # empty node of the enhanced graph
            continue
        misc = parse_misc(cols[9])
        space = misc.get("SpaceAfter") != "No"
        if "-" in wid:
            first, last = (int(x) for x in wid.split("-"))
            current.units.append((cols[1], space, list(range(first, last + 1))))
            mwt_end = last
            continue
        n = int(wid)
        current.tokens.append(
            Token(
                idx=-1,
                sid=len(sentences) - 1,
                wid=n,
                form=cols[1],
                upos=cols[3],
                xpos=cols[4],
                head=int(cols[6]),
                deprel=cols[7],
                misc=misc,
            )
        )
        if n > mwt_end:
            current.units.append((cols[1], space, [n]))
    return meta, sentences


# --------------------------------------------------------------------------- text


def paragraphs(sentences: list[Sentence]) -> list[list[int]]:
    """Group sentence indices into paragraphs.

    A paragraph starts at each ``# newpar`` comment.  ``# newpar_block`` gives the nested blocks
    that open there with their length in sentences (``p (3 s)``, ``figure (0 s) | p (1 s)``); a
    sentence that follows the end of every open block without a ``# newpar`` of its own (GUM lost
    the markup there) also starts a new paragraph, so a dateline block stays on its own line.
    """
    groups: list[list[int]] = []
    open_blocks: list[list[int]] = []  # [block number, sentences left]
    block_no = 0
    previous_block: int | None = None
    for i, sent in enumerate(sentences):
        new = sent.has("newpar") or not groups
        spec = sent.comment("newpar_block")
        if spec:
            for part in spec.split(" | "):
                m = re.search(r"\((\d+) s\)\s*$", part)
                if m and int(m.group(1)) > 0:
                    block_no += 1
                    open_blocks.append([block_no, int(m.group(1))])
        block = open_blocks[-1][0] if open_blocks else None
        if block != previous_block:
            new = True
        if new:
            groups.append([])
        groups[-1].append(i)
        for b in open_blocks:
            b[1] -= 1
        open_blocks = [b for b in open_blocks if b[1] > 0]
        previous_block = block
    return groups


def build_text(sentences: list[Sentence]) -> tuple[str, list[Token]]:
    """Rebuild the article text and give every word its character span (``Token.start/end``)."""
    out: list[str] = []
    pos = 0
    words: list[Token] = []

    def emit(s: str) -> None:
        nonlocal pos
        out.append(s)
        pos += len(s)

    for p, group in enumerate(paragraphs(sentences)):
        if p:
            emit("\n\n")
        pending_space = False
        for si in group:
            sent = sentences[si]
            by_id = {t.wid: t for t in sent.tokens}
            if pending_space:
                emit(" ")
            for u, (form, space, ids) in enumerate(sent.units):
                start = pos
                emit(form)
                toks = [by_id[i] for i in ids if i in by_id]
                if len(toks) > 1 and "".join(t.form for t in toks) == form:
                    off = start
                    for t in toks:
                        t.start, t.end = off, off + len(t.form)
                        off = t.end
                else:  # a multiword token whose parts do not spell it: every part gets the whole span
                    for t in toks:
                        t.start, t.end = start, pos
                if space and u < len(sent.units) - 1:
                    emit(" ")
            pending_space = sent.units[-1][1] if sent.units else True
            for t in sent.tokens:
                t.idx = len(words)
                words.append(t)
    emit("\n")
    return "".join(out), words


# --------------------------------------------------------------------------- entities and dates


@dataclass
class Mention:
    """One ``Entity=`` span: a mention of coreference chain ``eid``."""

    eid: str
    etype: str
    identity: str | None
    tokens: list[Token]
    link: str

    @property
    def start(self) -> int:
        return self.tokens[0].start

    @property
    def end(self) -> int:
        return self.tokens[-1].end


ENTITY_ITEM = re.compile(r"\(([^()]+)|([^()]+)\)")


def read_mentions(words: list[Token], layout: str = DEFAULT_LAYOUT) -> list[Mention]:
    """Read the bracketed ``Entity=`` annotation (CoNLL 2012 style, as in CorefUD).

    ``(ID-type-infstat-salience-centering-minspan-link[-identity]`` opens a mention (the fields
    are named by the document's ``# global.Entity`` comment, ``layout``; the identity is
    percent-escaped, so it has no hyphen of its own), ``ID)`` closes the most recently opened
    mention of chain ``ID``; both can stand on one token and mentions nest.  A discontinuous
    mention carries ``[part/total]`` after its ID; each part is read as a mention of its own
    (none occur in the news documents).
    """
    names = layout.split("-")
    mentions: list[Mention] = []
    open_: dict[str, list[tuple[int, dict[str, str]]]] = defaultdict(list)
    for w in words:
        value = w.misc.get("Entity")
        if not value:
            continue
        for m in ENTITY_ITEM.finditer(value):
            if m.group(1):  # an opening; a ")" right after it closes it on the same token
                fields = dict(zip(names, m.group(1).split("-", len(names) - 1), strict=False))
                open_[_base_id(fields["GRP"])].append((w.idx, fields))
                if value[m.end() : m.end() + 1] == ")":
                    _close(fields["GRP"], w.idx, open_, words, mentions)
            else:
                _close(m.group(2), w.idx, open_, words, mentions)
    left = [k for k, v in open_.items() if v]
    if left:
        raise ValueError(f"unclosed Entity mentions: {left}")
    return mentions


def _base_id(eid: str) -> str:
    return re.sub(r"\[.*\]$", "", eid)


def _close(
    eid: str, end: int, open_: dict[str, list[tuple[int, dict[str, str]]]], words: list[Token], mentions: list[Mention]
) -> None:
    base = _base_id(eid)
    if not open_[base]:
        raise ValueError(f"Entity closing {eid}) without an opening")
    start, fields = open_[base].pop()
    identity = unquote(fields["identity"]) if fields.get("identity") else None
    mentions.append(
        Mention(
            eid=base,
            etype=fields["etype"],
            identity=identity,
            tokens=words[start : end + 1],
            link=fields.get("link", ""),
        )
    )


# --------------------------------------------------------------------------- names

NAME_RELS = {"flat", "compound", "fixed", "goeswith"}
# prepositions that can sit inside an organisation or place name ("Church of Scientology",
# "University of North Carolina at Chapel Hill"); after "at", "in" and "from" the name is cut
# unless the chain's Wikipedia title says otherwise ("Northwestern University in Evanston").
NAME_CASES = {"of", "for", "on", "at", "in", "de", "du", "di", "del", "des"}
CUT_CASES = {"at", "in", "from"}
# Words of a title before a person's name: the name proper drops them, the titled form is an alias.
TITLES = {
    "mr",
    "mrs",
    "ms",
    "miss",
    "dr",
    "prof",
    "professor",
    "emeritus",
    "sir",
    "dame",
    "lord",
    "lady",
    "president",
    "vice",
    "prime",
    "minister",
    "premier",
    "chancellor",
    "secretary",
    "home",
    "foreign",
    "senator",
    "governor",
    "mayor",
    "general",
    "captain",
    "judge",
    "justice",
    "rev",
    "reverend",
    "father",
    "pope",
    "king",
    "queen",
    "prince",
    "princess",
    "administrator",
    "chief",
    "deputy",
    "sheriff",
    "commissioner",
    "director",
    "chairman",
    "ambassador",
    "spokesman",
    "spokeswoman",
    "spokesperson",
    "officer",
    "head",
    "leader",
    "congressman",
    "congresswoman",
    "mp",
    "mla",
    "representative",
    "undersecretary",
    "republican",
    "democrat",
}


class Names:
    """Finds the proper-name part of mentions, using the dependency trees of one document."""

    def __init__(self, text: str, words: list[Token]) -> None:
        self.text = text
        self.words = words
        self.children: dict[tuple[int, int], list[Token]] = defaultdict(list)
        for w in words:
            self.children[(w.sid, w.head)].append(w)
        self.mention_heads: set[int] = set()

    def set_mentions(self, mentions: list[Mention]) -> None:
        self.mention_heads = {span_head(m.tokens).idx for m in mentions if m.etype in KG_TYPES}

    def kids(self, t: Token) -> list[Token]:
        return self.children[(t.sid, t.wid)]

    def form(self, toks: list[Token]) -> str:
        return self.text[toks[0].start : toks[-1].end]

    @staticmethod
    def is_name_token(t: Token) -> bool:
        return t.upos == "PROPN" or t.xpos in ("NNP", "NNPS") or t.upos == "NUM"

    def members(self, head: Token, inside: set[int], etype: str) -> set[int]:
        """Words of the name headed by ``head``: flat/compound parts, proper-noun adjectives
        ("Indonesian Navy"), trailing numbers ("Internet Explorer 9") and, for organisations and
        places, prepositional parts made of names ("of the American Revolution")."""
        found = {head.idx}
        stack = [head]
        while stack:
            t = stack.pop()
            for c in self.kids(t):
                if c.idx not in inside or c.idx in found:
                    continue
                rel = c.deprel.split(":")[0]
                take: list[Token] = []
                if c.upos in ("PUNCT", "DET", "CCONJ") and c.deprel in ("punct", "det", "cc") and t is not head:
                    take = [c]  # inside a name part ("the" in "of the American Revolution")
                elif rel in NAME_RELS and (self.is_name_token(c) or c.upos == "PUNCT"):
                    take = [c]
                elif (
                    c.deprel == "nmod:desc"
                    and self.is_name_token(c)
                    and c.idx < head.idx
                    and not (etype == "person" and c.form.lower().rstrip(".") in TITLES)
                ):
                    take = [c]  # "Doctor Who", "Dean Kamen"; not "President" (see Names.titled)
                elif c.deprel == "amod" and c.xpos in ("NNP", "NNPS"):
                    take = [c]
                elif c.deprel == "nmod:unmarked" and c.upos == "NUM" and c.idx > head.idx:
                    take = [c]
                elif rel == "conj" and t is not head and self.is_name_token(c):
                    take = [c]  # "Air and Space" inside "National Air and Space Museum"
                elif (
                    c.deprel in ("nmod", "nmod:poss")
                    and etype != "person"
                    and c.idx > head.idx
                    and self.is_name_token(c)
                ):
                    # "of Scientology"; a possessive after the head is a tagging slip ("University of NSW's")
                    case = [k for k in self.kids(c) if k.deprel == "case" and k.idx < c.idx]
                    if case and case[0].form.lower() in NAME_CASES:
                        take = [c, case[0]]
                for k in take:
                    found.add(k.idx)
                    if k is c:
                        stack.append(k)
        return found

    def trim(self, toks: list[Token]) -> list[Token]:
        while toks and toks[0].upos in ("DET", "ADP", "PUNCT", "CCONJ", "PART"):
            toks = toks[1:]
        while toks and toks[-1].upos in ("DET", "ADP", "PUNCT", "CCONJ", "PART"):
            toks = toks[:-1]
        return toks

    def name_of(self, roots: list[Token], mention: Mention) -> tuple[list[Token], list[list[Token]]]:
        """(name, extras): the name made of ``roots`` and their name parts inside the mention, and
        other forms worth keeping as aliases: a longer form ("Washington Dulles International
        Airport") and the town of "Town, State" ("Evanston" of "Evanston, Illinois").
        When the chain has a Wikipedia title, the part of the mention that spells it wins
        ("University of Sheffield of the UK" -> "University of Sheffield")."""
        toks = mention.tokens
        head = roots[0]
        inside = {t.idx for t in toks}
        found: set[int] = set()
        for r in roots:
            found |= self.members(r, inside, mention.etype)
        span = self.trim([t for t in toks if min(found) <= t.idx <= max(found)])
        if mention.etype == "organization":
            span = self.extend_of(span, toks)
        if mention.identity:
            best = self.identity_span(mention)
            if best:
                extras: list[list[Token]] = []
                if (
                    len(span) > len(best)
                    and all(t in span for t in best)
                    and not any(t.upos == "ADP" or t.form == "," for t in span if t not in best)
                ):
                    extras.append(span)
                commas = [k for k, t in enumerate(best) if t.form == ","]
                if commas and all(self.is_name_token(t) for t in best[: commas[0]]):
                    extras.append(best[: commas[0]])
                return best, extras
        # no Wikipedia title to go by: cut at "at/in/from" and at commas ("Aceh, Indonesia")
        out: list[Token] = []
        for t in span:
            if t.idx > head.idx and (t.form == "," or (t.upos == "ADP" and t.form.lower() in CUT_CASES)):
                break
            if t.idx < head.idx and t.form == ",":
                out = []
                continue
            out.append(t)
        return self.trim(out), []

    def extend_of(self, span: list[Token], toks: list[Token]) -> list[Token]:
        """Add an "of"-part that the tree attaches elsewhere ("University of NSW's school")."""
        if not span:
            return span
        pos = toks.index(span[-1]) + 1
        while pos + 1 < len(toks) and toks[pos].form.lower() == "of":
            end = pos + 1
            while end < len(toks) and toks[end].upos == "DET":
                end += 1
            run = end
            while run < len(toks) and self.is_name_token(toks[run]):
                run += 1
            if run == end:
                break
            span = span + toks[pos:run]
            pos = run
        return span

    def head_span(self, mention: Mention) -> list[Token]:
        """The name around a proper-noun head, whatever the head is ("United Nations High
        Commissioner"): used to tell names that stand inside a larger name."""
        head = span_head(mention.tokens)
        if head.upos != "PROPN":
            return []
        found = self.members(head, {t.idx for t in mention.tokens}, mention.etype)
        return self.trim([t for t in mention.tokens if min(found) <= t.idx <= max(found)])

    def identity_span(self, mention: Mention) -> list[Token]:
        """The longest part of the mention that spells the chain's Wikipedia title, or []."""
        if not mention.identity:
            return []
        want = identity_keys(mention.identity)
        first_word = mention.identity.split("_")[0].lower()
        toks = mention.tokens
        best: list[Token] = []
        for i in range(len(toks)):
            if toks[i].upos == "DET" or not (self.is_name_token(toks[i]) or toks[i].form.lower() == first_word):
                continue
            for j in range(i + len(best), len(toks)):
                cand = toks[i : j + 1]
                if self.is_name_token(cand[-1]) and spells(self.form(cand), want):
                    best = cand
        return best

    def strong_name(self, mention: Mention) -> tuple[list[Token], list[list[Token]]] | None:
        """The proper name a mention gives, if it gives one: its head is a proper noun, or its
        head is a description with the name in apposition ("Facebook co-founder Mark Zuckerberg").
        Coordinations ("Gary Chan of DAB and Eunice Yung") and demonyms give none."""
        head = span_head(mention.tokens)
        inside = {t.idx for t in mention.tokens}
        kids = [c for c in self.kids(head) if c.idx in inside]
        if any(c.deprel.startswith("conj") and c.idx in self.mention_heads for c in kids):
            return None  # a coordination of mentions ("Gary Chan of DAB and Eunice Yung")
        # the head's dependents, and words that the tree attaches outside the mention ("veteran
        # politician Raymond Wong", with politician and Wong both in apposition to what precedes)
        tops = [
            t
            for t in mention.tokens
            if t is not head and t.upos != "PUNCT" and (t.sid, t.head) not in {(k.sid, k.wid) for k in mention.tokens}
        ]
        after = [c for c in kids + tops if c.idx > head.idx and c.deprel.split(":")[0] in ("appos", "flat", "compound")]
        # "Undersecretary for Education Mr. Toccafondi" (but "Captain America")
        title_head = head.form.lower().rstrip(".") in TITLES and not self.identity_span(mention)
        if head.upos == "PROPN" and not title_head:
            if any(c.upos == "NOUN" for c in after):  # "the State Department Spokesperson"
                return None
            roots = [head]
        elif head.upos in ("NOUN", "PROPN", "ADJ"):  # ADJ: "Pan-democrat Lam Cheuk-ting"
            roots = [c for c in after if c.upos == "PROPN" and c.deprel.split(":")[0] in ("appos", "flat")]
            if roots:  # "veteran politician Raymond Wong": Raymond is a compound of Wong
                roots += [c for c in after if c.upos == "PROPN" and c.deprel.startswith("compound")]
        else:
            roots = []
        if not roots or is_demonym(roots[0]):
            return None
        name, extras = self.name_of(roots, mention)
        return (name, extras) if name else None

    def weak_name(self, mention: Mention) -> list[Token]:
        """A name that only modifies a description ("Yonhap news agency" -> "Yonhap")."""
        head = span_head(mention.tokens)
        if head.upos in ("ADJ", "PRON", "DET"):
            return []
        spelled = self.identity_span(mention)
        if spelled:
            return spelled
        run: list[Token] = []
        for t in mention.tokens:
            if (
                (t.upos == "PROPN" or t.xpos in ("NNP", "NNPS"))
                and t.xpos != "JJ"
                and t.deprel.split(":")[0] in NAME_RELS | {"nmod", "amod"}
            ):
                if (
                    run
                    and t.idx != run[-1].idx + 1
                    and not (t.idx == run[-1].idx + 2 and self.words[t.idx - 1].upos == "PUNCT")
                ):
                    break
                run.append(t)
        return self.words[run[0].idx : run[-1].idx + 1] if run else []

    def titled(self, name: list[Token], mention: Mention) -> list[Token]:
        """The name with the title GUM marks as ``nmod:desc`` in front ("U.S. President Donald
        Trump"), when title and name are written together; else []."""
        inside = {t.idx for t in mention.tokens}
        head = span_head(name)
        start = name[0].idx
        for c in self.kids(head):
            if c.deprel == "nmod:desc" and c.idx in inside and c.idx < start:
                stack = [c]
                while stack:
                    t = stack.pop()
                    start = min(start, t.idx)
                    stack += [k for k in self.kids(t) if k.idx in inside]
        if start == name[0].idx:
            return []
        cand = self.words[start : name[-1].idx + 1]
        return cand if all(self.is_name_token(t) or t.upos == "PUNCT" for t in cand) else []

    def untitled(self, toks: list[Token]) -> list[Token]:
        """A person's name without the title in front: title words ("Emeritus Professor John
        Burrows") and the words that depend on them ("Governor of Washington Chris Gregoire")."""
        titled = {t.wid for t in toks if t.form.lower().rstrip(".") in TITLES}
        grown = True
        while grown:
            grown = False
            for t in toks:
                if t.wid not in titled and t.head in titled and not t.deprel.startswith("flat"):
                    titled.add(t.wid)
                    grown = True
        i = 0
        while i < len(toks) - 1 and (
            toks[i].wid in titled or (toks[i].upos in ("ADP", "DET", "PUNCT") and toks[i].head in titled)
        ):
            i += 1
        return toks[i:]


def span_head(tokens: list[Token]) -> Token:
    """The syntactic head of a span: its first word whose head lies outside the span."""
    inside = {(t.sid, t.wid) for t in tokens}
    for t in tokens:
        if t.upos != "PUNCT" and (t.sid, t.head) not in inside:
            return t
    return tokens[0]


def is_demonym(tok: Token) -> bool:
    """An adjective ("Afghan") or a plural group name ("Afghans", "Greeks"): not an entity."""
    if tok.upos == "ADJ":
        return True
    return tok.xpos == "NNPS" and bool(DEMONYM_SUFFIX.search(tok.form))


LOOSE_STOP = {"the", "of", "at", "and", "in", "for", "on", "a"}


def loose(s: str) -> str:
    """A key for comparing a name with a Wikipedia title: case, accents, punctuation and small
    words ignored ("University of Texas Arlington" ~ "University_of_Texas_at_Arlington")."""
    s = unicodedata.normalize("NFKD", s.replace("_", " ").replace("&", " and "))
    s = "".join(ch for ch in s if not unicodedata.combining(ch)).lower()
    words = re.sub(r"[^\w\s]", "", re.sub(r"[-\u2010-\u2015]", " ", s)).split()
    return " ".join(w for w in words if w not in LOOSE_STOP)


def spells(name: str, keys: set[str]) -> bool:
    """Whether a name spells one of the loose Wikipedia title keys, allowing a typo in long names
    ("Technlogy")."""
    key = loose(name)
    return key in keys or (len(key) >= 20 and any(SequenceMatcher(None, key, k).ratio() >= 0.95 for k in keys))


def identity_keys(identity: str) -> set[str]:
    title = identity.replace("_", " ")
    plain = re.sub(r"\s*\(.*\)$", "", title)
    return {loose(title), loose(plain), loose(plain.split(",")[0])}


def norm_key(s: str) -> str:
    """Normalise a name like score.py does (case, leading "the", trailing "'s", hyphens, dots)."""
    s = unicodedata.normalize("NFKC", s).replace("\u2019", "'").replace("\u2018", "'").lower().strip()
    s = re.sub(r"^the\s+", "", s)
    s = re.sub(r"'s$", "", s)
    s = re.sub(r"[\s\-\u2010-\u2015]+", " ", s)
    s = re.sub(r"[.\"“”]", "", s)
    return s.strip()


# --------------------------------------------------------------------------- entities


@dataclass
class Form:
    text: str
    start: int
    ntok: int
    nested: bool = False  # inside the name of another, larger mention
    plural: bool = False  # a plural proper noun ("the Sams", "Muslims")
    credit: bool = False  # in a photo or video credit ("Image: Snbehnke.")


@dataclass
class Chain:
    eid: str
    etype: str
    first: int
    identity: str | None = None
    forms: list[Form] = field(default_factory=list)  # names
    titled: list[Form] = field(default_factory=list)  # names with a title, for the aliases
    weak: list[Form] = field(default_factory=list)  # names inside descriptions, for optional entities
    group: bool = False  # a person chain named "the X"


@dataclass
class Entity:
    """A gold entity, with what is needed to order and merge entities."""

    name: str
    type: str
    aliases: list[str]
    optional: bool
    first: int  # character offset of the chain's first mention
    identity: str  # Wikipedia title, or "#" + GUM chain id

    def keys(self) -> set[str]:
        return {norm_key(self.name)} | {norm_key(a) for a in self.aliases}

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"name": self.name, "type": self.type, "aliases": self.aliases}
        if self.optional:
            out["optional"] = True
        return out


def make_entities(
    text: str, words: list[Token], mentions: list[Mention], place_gazetteer: set[str], notes: list[str]
) -> list[Entity]:
    """Gold entities: one per coreference chain of a kg type that has a proper name."""
    names = Names(text, words)
    names.set_mentions(mentions)

    def form(toks: list[Token]) -> Form:
        return Form(names.form(toks), toks[0].start, len(toks), plural=span_head(toks).xpos == "NNPS")

    strong = {id(m): names.strong_name(m) for m in mentions}
    # name spans of all mentions, to tell names that stand inside a larger name
    spans = [(n[0][0].start, n[0][-1].end, id(m)) for m in mentions if (n := strong[id(m)])]
    spans += [(s[0].start, s[-1].end, id(m)) for m in mentions if not strong[id(m)] and (s := names.head_span(m))]
    chains: dict[str, Chain] = {}
    for m in mentions:
        if m.etype not in KG_TYPES:
            continue
        ch = chains.setdefault(m.eid, Chain(m.eid, m.etype, m.start))
        ch.identity = ch.identity or m.identity
        found = strong[id(m)]
        if found is None:
            weak = names.weak_name(m) if m.etype != "person" else []
            if weak:
                ch.weak.append(form(weak))
                whole = names.trim(m.tokens)
                if whole and whole != weak and "," not in names.form(whole):
                    ch.weak.append(form(whole))
            continue
        name, extras = found
        head = span_head(name)
        if not (head.form[:1].isupper() or head.form[:1].isdigit()) and not m.identity:
            continue  # a tagging slip ("Scientology-critic")
        if m.etype != "person" and len(name) == 1 and name[0].form.lower() in GENERIC_WORDS:
            continue  # "the State", "the University": a description, not a name
        f = form(name)
        f.nested = any(
            s <= f.start and f.start + len(f.text) <= e and k != id(m) and (s, e) != (f.start, f.start + len(f.text))
            for s, e, k in spans
        )
        f.credit = in_credit(words, name[0])
        if m.etype == "person":
            if name[-1].form.lower().rstrip(".") in TITLES:  # "The President", "LA Sheriff"
                continue
            with_title = names.titled(name, m)
            if with_title:
                ch.titled.append(form(with_title))
            if not (m.identity and spells(f.text, identity_keys(m.identity))):
                bare = names.untitled(name)
                if bare != name:
                    ch.titled.append(f)
                    f = Form(names.form(bare), bare[0].start, len(bare), f.nested, f.plural, f.credit)
            before = words[name[0].idx - 1] if name[0].idx > 0 else None
            if before is not None and before.form.lower() == "the" and before in m.tokens:
                ch.group = True  # "the Taliban": a named group, which GUM types as person
        ch.forms.append(f)
        ch.titled += [form(x) for x in extras]
    drop_shared_forms(chains, notes)
    drop_groups(chains, notes)
    entities = [e for ch in chains.values() if (e := chain_entity(ch, place_gazetteer, notes))]
    return sorted(merge_duplicates(entities, notes), key=lambda e: e.first)


CREDIT_WORDS = {"image", "images", "photo", "photos", "photograph", "video", "credit", "picture"}


def in_credit(words: list[Token], first: Token) -> bool:
    """Whether a name stands in a credit line ("Image: Andy Warhol.", "Video: Miharris & Acphillips.")."""
    i = first.idx - 1
    while i >= 1 and words[i].sid == first.sid and words[i].form not in (".", ":"):
        i -= 1
    return (
        i >= 1 and words[i].form == ":" and words[i - 1].sid == first.sid and words[i - 1].form.lower() in CREDIT_WORDS
    )


def drop_shared_forms(chains: dict[str, Chain], notes: list[str]) -> None:
    """A form used for chains with different Wikipedia identities names only the one whose title
    it spells ("Australia", not "Mainland_Australia"); if it spells none of them it is a title or
    an award ("Man of the Match" for three players) and is dropped from all of them."""
    users: dict[str, set[str]] = defaultdict(set)
    for ch in chains.values():
        for f in ch.forms:
            if ch.identity:
                users[norm_key(f.text)].add(ch.identity)
    for key, ids in sorted(users.items()):
        if len(ids) < 2:
            continue
        notes.append(f"form {key!r} used for several identities {sorted(ids)}: kept only where it spells the title")
        for ch in chains.values():
            if ch.identity in ids:
                want = identity_keys(ch.identity)
                ch.forms = [f for f in ch.forms if norm_key(f.text) != key or spells(f.text, want)]


def drop_groups(chains: dict[str, Chain], notes: list[str]) -> None:
    """Person chains for nationalities, religions and other plural groups ("Muslims", "the Sams",
    "Rohingya_people") are not entities; nor are person chains named only like such a group."""
    group_keys: set[str] = set()
    for eid, ch in list(chains.items()):
        if (
            ch.etype == "person"
            and ch.forms
            and (all(f.plural for f in ch.forms) or (ch.identity or "").endswith("_people"))
        ):
            group_keys |= {norm_key(f.text) for f in ch.forms}
            notes.append(f"dropped Person {ch.forms[0].text!r}: a group (plural, nationality, religion)")
            del chains[eid]
    for eid, ch in list(chains.items()):
        if ch.etype == "person" and ch.forms and all(norm_key(f.text) in group_keys for f in ch.forms):
            notes.append(f"dropped Person {ch.forms[0].text!r}: named like a dropped group")
            del chains[eid]


def chain_entity(ch: Chain, place_gazetteer: set[str], notes: list[str]) -> Entity | None:
    """The gold entity of a chain, optional where GUM and the guideline may disagree."""
    etype = KG_TYPES[ch.etype]
    forms = ch.forms
    reason = ""
    if not forms:
        if not (ch.identity and ch.weak):
            return None
        forms = ch.weak
        reason = "Wikipedia link but no mention headed by a proper noun"
    name = choose_name(forms, ch.identity)
    if reason:
        pass
    elif all(f.nested for f in forms):
        reason = "named only inside a larger name"
    elif all(f.credit for f in forms):
        reason = "named only in a photo or video credit"
    elif ch.etype == "person" and ch.identity and not set(loose(name).split()) & set(loose(ch.identity).split()):
        reason = f"named by something else than the person's name (Wikipedia: {ch.identity})"
    elif ch.group or re.search(r"\((?:\w+_)?(?:group|band)\)$", ch.identity or ""):
        reason = "GUM person chain for a group or a role ('the Taliban', Anonymous): maybe an Organisation"
    elif ch.etype == "organization" and any(norm_key(f.text) in place_gazetteer for f in forms):
        reason = "organisation named by a place name (a country as government, a national team)"
    elif ch.etype == "place" and re.findall(r"[A-Za-z]+", name)[-1].lower() in FACILITY_HEADS:
        reason = "a facility, not a country, region, city or river"
    aliases: list[str] = []
    seen = {norm_key(name)}
    for f in sorted(forms + ch.titled, key=lambda f: f.start):
        k = norm_key(f.text)
        if k and k not in seen:
            seen.add(k)
            aliases.append(f.text)
    if reason:
        notes.append(f"optional {etype} {name!r}: {reason}")
    return Entity(name, etype, aliases, bool(reason), ch.first, ch.identity or f"#{ch.eid}")


def choose_name(forms: list[Form], identity: str | None) -> str:
    """The fullest proper name: the longest form that spells the Wikipedia title, else the
    longest form that stands on its own (not inside a larger name)."""
    if identity:
        want = identity_keys(identity)
        matching = [f for f in forms if spells(f.text, want)]
        if matching:
            return max(matching, key=lambda f: (len(f.text), -f.start)).text
    return max(forms, key=lambda f: (not f.nested, f.ntok, len(f.text), -f.start)).text


def merge_duplicates(entities: list[Entity], notes: list[str]) -> list[Entity]:
    """An entity appears once per article.  Chains that share a name form and are the same thing
    (same Wikipedia identity, or same type and one without identity) are merged: the required one,
    else the first, keeps its name and type.  Between different things the later or optional one
    loses the shared forms (and is dropped if nothing is left)."""
    out: list[Entity] = []
    for e in sorted(entities, key=lambda e: (e.optional, e.first)):
        for o in out:
            common = e.keys() & o.keys()
            if not common:
                continue
            ids = {e.identity, o.identity}
            if len(ids) == 1 or (e.type == o.type and any(i.startswith("#") for i in ids)):
                notes.append(f"merged {e.name!r} ({e.identity}) into {o.name!r} ({o.identity})")
                okeys = o.keys()
                for a in [e.name, *e.aliases]:
                    if norm_key(a) not in okeys:
                        o.aliases.append(a)
                        okeys.add(norm_key(a))
                o.first = min(o.first, e.first)
                break
            rest = [a for a in [e.name, *e.aliases] if norm_key(a) not in common]
            notes.append(f"{e.name!r} ({e.identity}) shares {sorted(common)} with {o.identity}: removed there")
            if not rest:
                break
            e.name, e.aliases = rest[0], rest[1:]
        else:
            out.append(e)
    return out


@dataclass
class DateExpr:
    text: str
    start: int
    attrs: dict[str, str]


XML_TAG = re.compile(r"<(/?)(\w+)([^>]*)>")


def read_dates(text: str, words: list[Token]) -> list[DateExpr]:
    """The ``<date ...>`` elements of the MISC ``XML`` markup (``=`` escaped as ``:::``)."""
    out: list[DateExpr] = []
    stack: list[tuple[int, dict[str, str]]] = []
    for w in words:
        xml = w.misc.get("XML", "")
        for closing, name, attrs in XML_TAG.findall(xml):
            if name != "date":
                continue
            if not closing:
                stack.append((w.start, dict(re.findall(r'(\w+):::"([^"]*)"', attrs))))
            elif stack:
                start, a = stack.pop()
                out.append(DateExpr(text[start : w.end], start, a))
    if stack:
        raise ValueError("unclosed <date> element")
    return sorted(out, key=lambda d: d.start)


def make_dates(exprs: list[DateExpr], notes: list[str]) -> list[dict[str, str]]:
    """Gold dates: expressions with a ``when`` value that is a day, month or year, once per value."""
    out: dict[str, dict[str, str]] = {}
    for d in exprs:
        value = d.attrs.get("when")
        if not value or not ISO_VALUE.match(value):
            notes.append(f"date skipped (range, vague or time of day): {d.text!r} {d.attrs}")
            continue
        if not DATE_WORDS.search(d.text) or VAGUE_DATE.search(d.text):
            notes.append(f"date skipped (description, not a date expression): {d.text!r} {value}")
            continue
        value = fix_weekday(d.text, value, notes)
        out.setdefault(value, {"text": d.text, "value": value})
    return list(out.values())


def fix_weekday(text: str, value: str, notes: list[str]) -> str:
    """A bare weekday whose GUM value falls on another weekday is moved to the nearest such day."""
    words = text.split()
    if len(words) != 1 or words[0].capitalize() not in WEEKDAYS or len(value) != 10:
        return value
    day = dt.date.fromisoformat(value)
    want = WEEKDAYS.index(words[0].capitalize())
    if day.weekday() == want:
        return value
    delta = (want - day.weekday() + 3) % 7 - 3
    fixed = (day + dt.timedelta(days=delta)).isoformat()
    notes.append(f"weekday fixed: {text!r} was {value} ({WEEKDAYS[day.weekday()]}), now {fixed}")
    return fixed


def dateline(paragraph: str) -> str | None:
    m = DATELINE.match(paragraph.strip())
    if not m:
        return None
    return dt.date(int(m.group(3)), MONTHS.index(m.group(1)) + 1, int(m.group(2))).isoformat()


# --------------------------------------------------------------------------- driver


@dataclass
class Document:
    """One converted document."""

    name: str
    text: str
    meta: dict[str, str]
    published: str | None
    entities: list[Entity]
    dates: list[dict[str, str]]
    notes: list[str]

    @property
    def title(self) -> str:
        return self.text.split("\n", 1)[0]

    def gold(self) -> dict[str, object]:
        return {
            "article": f"{self.name}.txt",
            "published": self.published,
            "entities": [e.as_json() for e in self.entities],
            "affiliations": [],  # not annotated; present because score.py requires the key
            "counts": [],  # likewise
            "dates": self.dates,
            "not_annotated": NOT_ANNOTATED,
            "source": f"GUM {self.name} ({UPSTREAM}), {self.meta.get('sourceURL', '')}",
        }

    def problems(self) -> list[str]:
        """Every entity name and alias and every date text must occur verbatim in the article."""
        out = [
            f"entity form not in text: {s!r}" for e in self.entities for s in [e.name, *e.aliases] if s not in self.text
        ]
        out += [f"date text not in text: {d['text']!r}" for d in self.dates if d["text"] not in self.text]
        return out


def place_names(files: Iterable[Path]) -> set[str]:
    """Normalised surface forms and Wikipedia titles of GUM place mentions across the corpus."""
    names: set[str] = set()
    for path in files:
        meta, sentences = read_conllu(path)
        text, words = build_text(sentences)
        for m in read_mentions(words, meta.get("global.Entity", DEFAULT_LAYOUT)):
            if m.etype != "place":
                continue
            if m.identity:
                title = m.identity.replace("_", " ")
                names.add(norm_key(title))
                names.add(norm_key(re.sub(r"\s*[,(].*$", "", title)))
            if span_head(m.tokens).upos == "PROPN":
                names.add(norm_key(text[m.start : m.end]))
    names.discard("")
    return names


def convert(path: Path, place_gazetteer: set[str]) -> Document:
    meta, sentences = read_conllu(path)
    text, words = build_text(sentences)
    notes: list[str] = []
    for s in sentences:
        rebuilt = text[s.tokens[0].start : s.tokens[-1].end]
        if rebuilt != s.comment("text"):
            notes.append(f"sentence text differs from # text: {rebuilt!r}")
    paras = text.strip("\n").split("\n\n")
    published = dateline(paras[1]) if len(paras) > 1 else None
    if published and meta.get("dateCreated") and meta["dateCreated"] != published:
        notes.append(f"dateline {published} differs from meta::dateCreated {meta['dateCreated']}")
    mentions = read_mentions(words, meta.get("global.Entity", DEFAULT_LAYOUT))
    entities = make_entities(text, words, mentions, place_gazetteer, notes)
    dates = make_dates(read_dates(text, words), notes)
    return Document(path.stem, text, meta, published, entities, dates, notes)


README = """# GUM news: gold development set for kg

The 24 Wikinews news documents of GUM, the Georgetown University Multilayer corpus, UD edition
(`{upstream}`), turned into kg gold files by `gum_news_gold.py`.

- `articles/GUM_news_*.txt`: the article text rebuilt from the tokens (`SpaceAfter=No`; one
  paragraph per GUM `newpar` block, blank line between paragraphs; headline first, Wikinews
  dateline second; figure captions are paragraphs of their own). GUM's tokens are kept as they
  are, so some hyphens read "six - member", and where GUM lost the paragraph markup several
  paragraphs run together.
- `articles/metadata.csv`: `file,published,outlet,url,title` for the documents whose text states a
  publication date (the dateline; all 24 have one).
- `gold/GUM_news_*.json`: gold in the format of `shared/gold/GUIDELINE.md` (v2), with two extra
  keys that `score.py` ignores: `not_annotated` and `source` (GUM document and Wikinews URL).

## Licence

The texts are from English Wikinews (<https://en.wikinews.org>), which GUM lists as CC BY
(Wikinews: CC BY 2.5; attribution: Wikinews contributors; each gold file's `source` gives the
article URL). GUM's `LICENSE.txt` is copied as `LICENSE.txt`: it says the treebank as a whole is
CC BY-NC-SA 4.0 and that the Wikimedia documents are available under CC BY "in keeping with the
underlying texts". Credit the GUM annotators (Zeldes 2017, "The GUM Corpus: Creating Multilayer
Resources in the Classroom", Language Resources and Evaluation 51(3)).

## How the gold was derived

- `entities`: GUM `Entity=` mentions of type person, organization or place (-> Person,
  Organisation, Place), one entity per coreference chain. A mention gives a name when its
  syntactic head is a proper noun (UPOS PROPN), or when its head is a description with the name
  in apposition ("Facebook co-founder Mark Zuckerberg"). The name is cut from the mention with the
  dependency tree (flat/compound parts, "of"-parts of organisation and place names; determiners,
  possessive 's, titles of persons and trailing modifiers dropped). Where the chain has a
  Wikipedia identity, the part of the mention that spells the title wins. `name` is the longest
  form that spells the Wikipedia title, else the longest form; `aliases` are the other distinct
  forms, including titled ones ("President Trump", "Mr Key"); pronouns and descriptions are never
  used. Left out: demonyms and adjectives, person chains for nationalities, religions and plural
  groups ("Muslims", "the Sams"), titles used alone ("the President"), one-word generic names
  ("the State"), coordinations ("Gary Chan of DAB and Eunice Yung"), a form that GUM gives to
  several Wikipedia identities ("Man of the Match").
  Optional (neither helps nor hurts the score): chains with a Wikipedia link but no mention headed
  by a proper noun ("Yonhap news agency"), chains named only inside a larger name ("Mexico" in
  "Mexico City"), names only in a photo or video credit ("Image: Snbehnke."), organisations named
  by a place name (countries as governments, national teams), places that are facilities (halls,
  stations, museums, stadiums, roads), GUM person chains for groups ("the Taliban", Anonymous), a
  person named only by something else than the name. Chains of the same thing whose names collide
  are merged (an entity appears once per article).
- `dates`: GUM `<date when="...">` values that are a year, month or day, for expressions that name
  a calendar day, month or year (weekday, month, year number, today/yesterday/tomorrow,
  this/last/next year or month, "N years ago"); each value once, with its first text. Skipped:
  ranges (`from`/`to`: weeks, weekends, decades), vague spans (`notBefore`/`notAfter`), times of
  day, "the end of the year", and descriptions such as "the opening night" or "day five". A bare
  weekday whose GUM value falls on another weekday is moved to the nearest day with that name.
- `published`: the dateline ("Friday, July 21, 2017").

## Not annotated

GUM has no affiliations, counts or statements. `statements` is left out, so `score.py` does not
score it. `score.py` reads `gold["affiliations"]` and `gold["counts"]` without a default (a gold
file without them stops it with a KeyError), so they are present but empty: on this set those
categories count every prediction as a false positive, and their scores must be ignored.

## Contents

| document | entities | required | optional | dates | published |
| --- | ---: | ---: | ---: | ---: | --- |
{table}
"""


def find_corpus(given: Path | None) -> Path:
    """The corpus folder: as given, else ``../shared/corpora/gum-cc-by`` from the current folder
    (the repo root) or from the folder above this script's (``scripts/``)."""
    if given is not None:
        return given
    for base in (Path.cwd(), Path(__file__).resolve().parent.parent):
        if (base / DEFAULT_CORPUS).is_dir():
            return base / DEFAULT_CORPUS
    return DEFAULT_CORPUS


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument(
        "--corpus",
        type=Path,
        default=None,
        help=f"GUM UD folder with GUM_news_*.conllu (default: {DEFAULT_CORPUS}, from the repo root)",
    )
    ap.add_argument("-o", "--out", type=Path, required=True, help="output folder")
    ap.add_argument("-v", "--verbose", action="store_true", help="print the notes for every document")
    args = ap.parse_args(argv)
    corpus = find_corpus(args.corpus)
    files = sorted(corpus.glob("GUM_news_*.conllu"))
    if not files:
        ap.error(f"no GUM_news_*.conllu in {corpus}")
    gazetteer = place_names(sorted(corpus.glob("GUM_*.conllu")))
    out: Path = args.out
    (out / "articles").mkdir(parents=True, exist_ok=True)
    (out / "gold").mkdir(parents=True, exist_ok=True)
    docs = [convert(path, gazetteer) for path in files]
    failed = False
    for doc in docs:
        for problem in doc.problems():
            print(f"{doc.name}: ERROR {problem}", file=sys.stderr)
            failed = True
        (out / "articles" / f"{doc.name}.txt").write_text(doc.text, encoding="utf-8")
        (out / "gold" / f"{doc.name}.json").write_text(
            json.dumps(doc.gold(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    with open(out / "articles" / "metadata.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["file", "published", "outlet", "url", "title"])
        for doc in docs:
            if doc.published:
                writer.writerow(
                    [f"{doc.name}.txt", doc.published, "Wikinews", doc.meta.get("sourceURL", ""), doc.title]
                )
    shutil.copyfile(corpus / "LICENSE.txt", out / "LICENSE.txt")
    rows = [
        f"| {d.name} | {len(d.entities)} | {sum(not e.optional for e in d.entities)} | "
        f"{sum(e.optional for e in d.entities)} | {len(d.dates)} | {d.published or '-'} |"
        for d in docs
    ]
    (out / "README.md").write_text(README.format(upstream=UPSTREAM, table="\n".join(rows)), encoding="utf-8")
    report(docs, args.verbose)
    return 1 if failed else 0


def report(docs: list[Document], verbose: bool) -> None:
    tot: Counter[str] = Counter()
    print(f"{'document':28} {'ents':>5} {'req':>4} {'opt':>4} {'dates':>5}  published")
    for d in docs:
        opt = sum(e.optional for e in d.entities)
        tot.update(ents=len(d.entities), opt=opt, dates=len(d.dates), published=bool(d.published))
        print(
            f"{d.name:28} {len(d.entities):5} {len(d.entities) - opt:4} {opt:4} {len(d.dates):5}  {d.published or '-'}"
        )
        if verbose:
            for n in d.notes:
                print(f"    {n}")
    print(
        f"{'total':28} {tot['ents']:5} {tot['ents'] - tot['opt']:4} {tot['opt']:4} {tot['dates']:5}  "
        f"{tot['published']}/{len(docs)} with a dateline"
    )
    missing = [d.name for d in docs if not d.published]
    if missing:
        print("no publication date in the text:", ", ".join(missing))


if __name__ == "__main__":
    sys.exit(main())
