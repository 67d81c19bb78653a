"""The typing rules: a table (kg/nlp/data/entity_rules.jsonl) read once and
compiled into predicates. This module keeps only the mechanism.

Each row of the table is one rule::

    {"id": "works-at", "name": "works-at", "type": "Organisation",
     "when": [{"word": "prev1", "lower": true, "is": ["at", "with"]},
              {"word": "prev2", "lower": true, "in": "roles", "or_singular": true}]}

Rules are tried in file order; the first whose conditions all hold types the
chunk. ``name`` is what the mention records as the rule that found it (the last
field of its mention value; several rows may share a name; ``id`` is unique).
``type`` is Organisation, Person, Place or null (weak evidence, decided at
resolution); ``"drop": true`` rejects the chunk and
``"keep_title": true`` keeps the title found before it ("Mr") in the mention.

Condition kinds (each implemented once, below):

``word``       one context word: ``prev1..prev4`` (before the chunk, spaces
               skipped), ``next1..next7`` (after it), ``first``, ``last``,
               ``second_last`` (of the chunk); tested with ``in`` (a Lexicon
               field), ``is`` (literal tokens), ``startswith``, ``endswith`` (a
               Lexicon field of endings, on words of eight letters or more) or
               ``gazetteer`` (its entry's ``type`` and ``kind``) or ``exists``; ``lower``
               compares lower-cased, ``or_singular`` also tries the word without
               a final "s". A missing word fails every test.
``any_word``   some word of the ``chunk`` (or ``chunk_but_last``) passes ``in`` / ``is``
``phrase``     the last ``n`` words before the chunk, joined and lower-cased,
               ``equals`` or ``endswith`` an item of a Lexicon field
``shape``      ``single``, ``acronym``, ``all_title``, ``no_letters``
``max_tokens`` the chunk has at most this many tokens
``max_words``  at most this many words, a hyphenated word counted once
``predicate``  a named predicate registered in ``PREDICATES`` (context that is
               not a word test: a scan, the previous candidate, the gazetteer)
``not`` / ``any`` / ``all``   combine conditions

Token tests (``in`` and ``is``) are compiled at load time to spaCy
PhraseMatcher patterns, one single-token phrase per word, on ``LOWER`` or
``ORTH`` (``or_singular`` adds a check in code); the two matchers run once per
doc and a condition asks whether the token at its position matched. Positions
skip whitespace tokens, so they are resolved in code.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spacy.attrs import IS_SPACE, ORTH
from spacy.matcher import PhraseMatcher
from spacy.strings import get_string_id
from spacy.tokens import Doc, Token
from spacy.vocab import Vocab

from kg.nlp.entities.cand import DROPPED, Cand, is_acronym
from kg.nlp.entities.candidates import (
    brand_before,
    country_after_comma,
    person_before_of_org,
    plural_common,
    sent_initial,
    starts_line,
    written_in_lower_case,
)
from kg.nlp.entities.headlines import masthead_words
from kg.nlp.extensions import doc_text
from kg.nlp.lexicon import Lexicon, normalize_name
from kg.resources import nlp_data_dir
from kg.types import ENTITY_TYPES, LOC

RULES_FILE = "entity_rules.jsonl"


def default_rules_path() -> Path:
    return nlp_data_dir() / RULES_FILE


# ----------------------------------------------------------------- the context of one chunk
def _prev_tokens(space: list[bool], s: int, k: int) -> list[int]:
    """Indices of the k nearest non-space tokens before s, in text order (``space``: the doc's
    Token.is_space, as a list: indexing a Doc builds a Token each time)."""
    out = []
    j = s - 1
    while j >= 0 and len(out) < k:
        if not space[j]:
            out.append(j)
        j -= 1
    return list(reversed(out))


def _next_tokens(space: list[bool], e: int, k: int) -> list[int]:
    """Indices of the k nearest non-space tokens from e on."""
    out = []
    j = e
    while j < len(space) and len(out) < k:
        if not space[j]:
            out.append(j)
        j += 1
    return out


PREV_WORDS, NEXT_WORDS = 4, 7


@dataclass
class Context:
    """What the conditions look at: the chunk doc[s:e], the words around it, the
    candidate found just before it and the tokens each token test matched in the doc."""

    doc: Doc
    s: int
    e: int
    lex: Lexicon
    prev: Cand | None
    hits: dict[str, set[int]] = field(default_factory=dict, repr=False)
    texts: list[str] = field(default_factory=list, repr=False)  # the doc's token texts
    space: list[bool] = field(default_factory=list, repr=False)  # the doc's Token.is_space
    title: int | None = None  # set by the "title-before" predicate
    _prv: list[int] | None = field(default=None, repr=False)
    _nxt: list[int] | None = field(default=None, repr=False)
    _text: str | None = field(default=None, repr=False)

    @property
    def text(self) -> str:
        """The chunk's text, made once (the shape tests ask for it many times a chunk)."""
        if self._text is None:
            self._text = self.doc[self.s : self.e].text
        return self._text

    @property
    def prv_idx(self) -> list[int]:
        if self._prv is None:
            self._prv = _prev_tokens(self.space, self.s, PREV_WORDS)
        return self._prv

    @property
    def nxt_idx(self) -> list[int]:
        if self._nxt is None:
            self._nxt = _next_tokens(self.space, self.e, NEXT_WORDS)
        return self._nxt

    @property
    def prv(self) -> list[str]:
        return [self.texts[j] for j in self.prv_idx]

    @property
    def nxt(self) -> list[str]:
        return [self.texts[j] for j in self.nxt_idx]


def _locator(where: str) -> Callable[[Context], int | None]:
    """The token index of the word at a named position of a chunk's context, or None when there
    is none; the position's name is read once (the rule table asks for a word's index hundreds of
    thousands of times on a big corpus)."""
    if where.startswith("prev"):
        k = int(where[4:])

        def prev_word(ctx: Context) -> int | None:
            prv = ctx.prv_idx
            return prv[-k] if len(prv) >= k else None
        return prev_word
    if where.startswith("next"):
        k = int(where[4:])

        def next_word(ctx: Context) -> int | None:
            nxt = ctx.nxt_idx
            return nxt[k - 1] if len(nxt) >= k else None
        return next_word
    back = {"first": None, "last": 1, "second_last": 2}[where]
    if back is None:
        return lambda ctx: ctx.s
    return lambda ctx: ctx.e - back if ctx.e - back >= ctx.s else None


WORD_POSITIONS = {f"prev{k}" for k in range(1, PREV_WORDS + 1)} | {
    f"next{k}" for k in range(1, NEXT_WORDS + 1)
} | {"first", "last", "second_last"}


# ----------------------------------------------------------------- named predicates
def _apposition_to_role(ctx: Context) -> bool:
    """"The head of the Velm county, Ada Corwen, said": the parse makes the name an
    apposition to a role noun (or a noun for a person) written before it."""
    doc, s, e, lex = ctx.doc, ctx.s, ctx.e, ctx.lex
    if s < 2 or doc[s - 1].text != ",":
        return False
    if s >= 3 and doc[s - 3].lower_ == "the" and (doc[s - 2].lower_ in lex.place_heads
                                                    or doc[s - 2].lower_ in lex.place_of_words):
        return False  # "the governor of the province, North Velm,": the name says which province

    def person_noun(t) -> bool:  # noqa: ANN001 (a spaCy Token)
        return t.is_lower and (t.lower_ in lex.roles or t.lower_ in lex.person_nouns)

    for t in doc[s:e]:
        head = t.head
        if t.dep_ == "appos" and head.i < s - 1 and s - head.i <= 8 and person_noun(head):
            return True
    # the same by shape: "the head of Velm county, Name," (a role, "of/at/for" and a few
    # words, the name between commas)
    if e >= len(doc) or doc[e].text != ",":
        return False
    for k in range(max(1, s - 8), s - 2):
        if person_noun(doc[k]) and doc[k + 1].lower_ in {"of", "at", "for"} \
                and doc[k - 1].lower_ in {"the", "a", "an"} \
                and all(x.is_alpha and x.pos_ not in {"VERB", "AUX"} for x in doc[k + 2 : s - 1]):
            return True
    return False


def _place_based(ctx: Context) -> bool:
    """"a Velm-based logistics company", "the Tarsk-born singer": what a body is based in, or a person
    born in, is a place; not "Linux-based servers" (no body follows) nor "Soviet-born" (a demonym)."""
    doc, e, lex = ctx.doc, ctx.e, ctx.lex
    if e + 2 >= len(doc) or doc[e].text != "-" or doc[e - 1].whitespace_ or doc[e].whitespace_:
        return False
    word, kind = doc[e - 1].text, doc[e + 1].lower_
    if kind == "born":
        known = lex.gazetteer.get(normalize_name(word))
        if known is not None:
            return known.type == "Place"
        return word not in lex.demonyms and not word.endswith(("an", "ese", "ish", "ic", "i"))  # "Kosovan-born"
    if kind not in {"based", "headquartered"}:
        return False
    follow = [t.lower_ for t in doc[e + 2 : e + 6]]
    return any(w in lex.org_appositive_nouns or w in lex.org_type_nouns_after for w in follow)


def _collective_subject(ctx: Context) -> bool:
    """"Velmport won their first title", "Tarsk have lost their coach": a name that opens its
    clause, then a verb and "their" within the next few words, is a team or a company (British
    English makes them plural); a person is "he" or "she"."""
    doc, s, e = ctx.doc, ctx.s, ctx.e
    opens = doc[s].is_sent_start or (s > 0 and doc[s - 1].lower_ == "the" and doc[s - 1].is_sent_start)
    if e >= len(doc) or not opens:
        return False
    verb = doc[e]
    if verb.tag_ not in {"VBD", "VBP", "VBZ", "MD"} or verb.lower_ in ctx.lex.speech_verbs \
            or verb.lower_ in {"told", "tells", "tell", "thanked", "thanks"}:
        return False  # "Pell said their sales had halved", "Orvenko thanked their fans": people too
    word = doc[s].text
    if s > 0 and doc[s - 1].lower_ == "the" and word.endswith("s"):
        return False  # "The Brannocks lost their farm": a family
    if not any(t.lower_ == "their" for t in doc[e + 1 : e + 5]):
        return False
    # "Jon Pell ... Pell lost their ...": a person's surname named in full (the article is searched
    # last, only for the few names that pass the rest)
    return re.search(rf"\b[A-Z][\w'-]+\s+{re.escape(word)}\b", doc_text(doc)) is None


def _title_before(ctx: Context) -> bool:
    """A person title ("Mr", "Gen.", "Prime Minister") stands just before the chunk."""
    doc, s, lex = ctx.doc, ctx.s, ctx.lex
    for k in (2, 1):
        if s - k < 0:
            continue
        words = doc[s - k : s].text
        if words in lex.person_titles or words.rstrip(".") in lex.person_titles:
            ctx.title = s - k
            return True
    return False


# words that may follow the kind noun of an apposition that describes a body ("Name, a Velm lender that
# ...", "a charity based in ...", "a bank owned by ...")
_AFTER_KIND_NOUN = frozenset({"that", "which", "who", "whose", "in", "of", "for", "with", "and", "or", "from",
                              "at", "on", "to", "based", "owned", "run", "founded", "since", "by", "headquartered",
                              "listed", "backed", "controlled", "set", "created", "formed"})


def _org_noun_in_apposition(ctx: Context) -> bool:
    """"Velm, the Nordic carmaker": the first noun after the article names a kind
    of organisation (not "X, the union's president")."""
    lex = ctx.lex
    follow = [x.lower() for x in ctx.nxt]
    hyphen_parts = {k for k in range(3, min(8, len(follow) - 1)) if follow[k] == "-"}
    for k in range(2, min(8, len(follow))):
        w = follow[k]
        if k in hyphen_parts or k - 1 in hyphen_parts:
            continue  # "Name, the Velm-based lender": a hyphenated modifier
        if k >= 6 and not hyphen_parts:
            return False
        if w in lex.org_appositive_nouns:
            if ctx.nxt[k][:1].isupper():
                return False  # "Name, the Halden Seismic Institute said": a name, not a description
            if k + 1 < len(follow) and follow[k + 1].isalpha() and ctx.nxt[k + 1].islower() \
                    and follow[k + 1] not in _AFTER_KIND_NOUN:
                if follow[k + 1] in lex.org_appositive_nouns:
                    continue  # "Name, a gang coalition": a kind of body that modifies another
                return False  # "Name, a venture capitalist", "an exchange student": the noun modifies another
            return not (k + 1 < len(follow) and follow[k + 1] in {"’s", "'s"})
        if w in {"'s", "’s"}:
            continue  # "Name, the island's legislature": whose it is, then the kind
        if w in lex.roles and any(x in lex.org_appositive_nouns for x in follow[k + 1 : k + 3]):
            continue  # "Name, a charity group", "a volunteer rescue group": a role-like word may qualify the kind
        if w in lex.roles or not w.isalpha() or w in lex.connectors:
            return False
    return False


def _place_noun_in_apposition(ctx: Context) -> bool:
    """"Orvik, a town in ...", "Tarsk, a small farming village": the first noun after the article, past
    lower-case modifiers, is a kind of place (not "Orvik, a town councillor": a role after it)."""
    lex = ctx.lex
    follow = [x.lower() for x in ctx.nxt]
    for k in range(2, min(6, len(follow))):
        w = follow[k]
        if not ctx.nxt[k].isalpha() or not ctx.nxt[k].islower() or w in lex.roles or w in lex.connectors:
            return False
        if w in lex.place_of_words:
            after = follow[k + 1] if k + 1 < len(follow) else ""
            # (not "a town councillor", "a village elder's", "a city council", "a town hall")
            return not (after in lex.roles or after in {"'s", "’s"} or after in lex.person_nouns
                        or after in lex.org_appositive_nouns or after in lex.place_heads
                        or after in lex.not_after_place_kind)
    return False


def _org_noun_before_alias_marker(ctx: Context) -> bool:
    """"a cell calling itself Name", "a gang known as Name": the noun before the marker names
    a kind of organisation (up to three words before it), or an organisation's name stands
    right before the marker's comma ("the Velm Commission on Roads, known as Name")."""
    lex, doc, s = ctx.lex, ctx.doc, ctx.s
    words = [t for t in doc[max(0, s - 8) : s] if not t.is_space]
    if words and words[-1].lower_ == "the":
        words = words[:-1]  # "the junta, known as the Name"
    for n in (3, 2, 1):  # the marker's length in words
        if len(words) <= n or " ".join(t.lower_ for t in words[-n:]) not in lex.alias_markers:
            continue
        before = [t.lower_ for t in words[: -n]]
        comma = bool(before) and before[-1] == ","
        if comma:
            before = before[:-1]  # "The junta, known as Name"
        prev = ctx.prev
        if comma and prev is not None and prev.type == "Organisation" and prev.end == words[-n - 1].i:
            # "the Velm Commission on Roads, known as Velmro Haq": the body's other name (not "a
            # commander of the Velm Brigade, known as NAME": a person of the body)
            k = prev.start - 1
            if k >= 0 and doc[k].lower_ == "the":
                k -= 1
            return not (k >= 1 and doc[k].lower_ in {"of", "for", "with", "at"}
                        and any(lex.title_or_role(doc[x].text) for x in range(max(0, k - 3), k)))
        # the noun right before the marker ("a cell calling itself"), not a role after it ("a gang
        # member known as": a person)
        return bool(before) and (before[-1] in lex.org_appositive_nouns or before[-1] in lex.org_type_nouns_after)
    return False


def _place_noun_before_alias_marker(ctx: Context) -> bool:
    """"the valley, known as Name", "a village called Name": a kind of place right before the marker
    (and its comma) types the name a place."""
    lex, doc, s = ctx.lex, ctx.doc, ctx.s
    words = [t for t in doc[max(0, s - 6) : s] if not t.is_space]
    if words and words[-1].lower_ == "the":
        words = words[:-1]
    for n in (3, 2, 1):
        if len(words) <= n or " ".join(t.lower_ for t in words[-n:]) not in lex.alias_markers:
            continue
        before = [t.lower_ for t in words[: -n]]
        if before and before[-1] == ",":
            before = before[:-1]
        return bool(before) and before[-1] in lex.place_heads
    return False


def _byline_by(ctx: Context) -> bool:
    """"By Name" starting a line: a byline names the writer."""
    doc, j = ctx.doc, ctx.s - 1
    while j >= 0 and doc[j].is_space:
        j -= 1
    return j >= 0 and doc[j].text in {"By", "BY"} and starts_line(doc, j)


def _byline_outlet(ctx: Context) -> bool:
    """"By Name, Outlet" as a line of its own: what follows the writer's name and a comma, up to
    the line's end, is the outlet the writer works for."""
    doc = ctx.doc
    if ctx.s < 3 or doc[ctx.s - 1].text != ",":
        return False
    if ctx.e < len(doc) and not (doc[ctx.e].is_space and "\n" in doc[ctx.e].text) \
            and "\n" not in doc[ctx.e - 1].whitespace_:
        return False  # the line goes on
    j = ctx.s - 2
    while j >= 0 and not doc[j].is_space and doc[j].text not in {"By", "BY"} and not doc[j].is_punct:
        j -= 1  # back over the writer's name
    return j >= 0 and doc[j].text in {"By", "BY"} and j != ctx.s - 2 and starts_line(doc, j)


def _outlet_before_possessive(ctx: Context) -> bool:
    """The token before the "'s" preceding the chunk ends a news outlet's name ("The Outlet's Name"):
    a gazetteer entry marked outlet over its last one to three tokens."""
    doc, i = ctx.doc, ctx.s - 2
    if i < 0:
        return False
    for k in range(1, 4):
        if i - k + 1 < 0:
            break
        entry = ctx.lex.gazetteer.get(normalize_name(doc[i - k + 1 : i + 1].text))
        if entry is not None and entry.outlet:
            return True
    return False


def _after_place(ctx: Context) -> bool:
    """The candidate before is a place and only one token stands between them ("Place, Name",
    "Place and Name"), or a comma and one more ("Place, and Name")."""
    prev, s = ctx.prev, ctx.s
    return prev is not None and prev.type == LOC and (
        prev.end == s - 1 or (prev.end == s - 2 and ctx.doc[s - 2].text == ",")
    )


def _after_person_of(ctx: Context) -> bool:
    """"Ada Corwen of Halden Research": the chunk follows a person's name and "of" ("of the")."""
    prev, doc, s = ctx.prev, ctx.doc, ctx.s
    if prev is None or prev.type != "Person":
        return False
    gap = [t.lower_ for t in doc[prev.end : s] if not t.is_space]
    return gap in (["of"], ["of", "the"])


def _after_local_official_of(ctx: Context) -> bool:
    """"Mayor Ada Corwen of Halden": the chunk follows "of" after a person whose title or role,
    written right before the name, is a town's or region's own office (roles.json,
    local_government_roles): the chunk is the place."""
    prev, doc = ctx.prev, ctx.doc
    if prev is None or prev.type != "Person" or not _after_person_of(ctx):
        return False
    at = prev.title if prev.title is not None else prev.start - 1
    return at >= 0 and doc[at].lower_.rstrip(".") in ctx.lex.local_government_roles


def _abstract_noun(ctx: Context) -> bool:
    """The chunk's one word ends like an abstract noun ("the Constitution", "the Settlement")."""
    return ctx.doc[ctx.s].lower_.endswith(tuple(ctx.lex.noun_endings))


def _noun_after(ctx: Context) -> bool:
    """The word right after the chunk is a common noun in lower case: the name modifies it ("on the
    Herald website"), it names no place of its own."""
    e, doc = ctx.e, ctx.doc
    return e < len(doc) and doc[e].is_lower and doc[e].pos_ == "NOUN"


def _line_end(ctx: Context) -> bool:
    """The chunk ends its line: a blank line or a capitalised word on the next line follows ("By Ada Corwen"
    above "Gangs raided ..."; not a line wrapped inside a sentence, "the Tarsk / militia base")."""
    doc, e = ctx.doc, ctx.e
    if e >= len(doc):
        return True
    gap = doc[e - 1].whitespace_ + (doc[e].text if doc[e].is_space else "")
    if "\n" not in gap:
        return False
    k = e
    while k < len(doc) and doc[k].is_space:
        k += 1
    return gap.count("\n") >= 2 or k >= len(doc) or doc[k].text[:1].isupper()


def _line_start(ctx: Context) -> bool:
    """The chunk starts a line (or the text): a dateline's place stands there."""
    return starts_line(ctx.doc, ctx.s)


def _possessive_role_after(ctx: Context) -> bool:
    """After the comma that follows the chunk, an organisation's role: "Name, the Halden Union's
    regional secretary", "Name, Velm Foods' chief executive", "Name, its field director". The
    possessive comes within six words, before any other punctuation, and a role (with at most
    one modifier before it) follows it."""
    doc, lex = ctx.doc, ctx.lex
    nxt = ctx.nxt_idx
    if not nxt:
        return False
    n = len(doc)
    j = nxt[0] + 1
    stop = min(n, j + 7)
    while j < stop:
        t = doc[j]
        if t.text in {"'s", "\u2019s", "'", "\u2019"} or t.lower_ in {"its", "their"}:
            break
        if t.is_punct or t.is_space:
            return False
        j += 1
    else:
        return False
    k = j + 1
    if k + 1 < n and doc[k].lower_ in lex.kin_nouns and doc[k + 1].text == ",":
        return True  # "Name, Tom Brede's wife, said": kin, a person's
    if k < n and doc[k].lower_ in lex.role_modifiers:
        k += 1
    for m in (3, 2, 1):
        if k + m <= n and doc[k : k + m].text.lower() in lex.roles:
            # the role heads the phrase ("the union's pilot scheme" is a scheme, not a pilot)
            return k + m >= n or not (doc[k + m].is_lower and doc[k + m].pos_ == "NOUN")
    return _capitalised_title_at(doc, k, lex)


def _capitalised_title_at(doc: Doc, k: int, lex: Lexicon) -> bool:
    """A job title in capitals of up to four words opens at ``k`` and ends with a role word:
    "Group Communications Executive", "Group Head of Communications" is not (a field after "of")."""
    j = k
    while j < len(doc) and j - k < 4 and doc[j].is_title and doc[j].is_alpha:
        j += 1
    return j - k >= 2 and doc[j - 1].lower_ in lex.roles and (j == len(doc) or not doc[j].is_title)


def _before_of_org(ctx: Context) -> bool:
    """"Ada Corwen of the Halden Runners Club": the chunk looks like a person's name and "of
    [the]" an organisation's name follows it (kg.nlp.entities.candidates decides the shapes)."""
    nxt = ctx.nxt_idx
    return bool(nxt) and person_before_of_org(ctx.doc, ctx.s, nxt[0], ctx.lex)



def _country_after_comma(ctx: Context) -> bool:
    """", South Sudan," / ", Norway (": after the chunk's comma a known country or state of one to
    three words, then a comma, a bracket or a dash (a dateline's place and country)."""
    nxt = ctx.nxt_idx
    return bool(nxt) and country_after_comma(ctx.doc, nxt[0], ctx.lex)


def _role_in_place_before(ctx: Context) -> bool:
    """"its emergency coordinator in South Sudan, Name": a role, "in" and a capitalised place
    name of one to three words, then a comma, stand right before the chunk."""
    doc, lex, s = ctx.doc, ctx.lex, ctx.s
    j = s - 1
    while j >= 0 and doc[j].is_space:
        j -= 1
    if j < 1 or doc[j].text != ",":
        return False
    k = j - 1
    while k >= 0 and j - k <= 3 and doc[k].text[:1].isupper():
        k -= 1
    if k == j - 1 or k < 1 or doc[k].lower_ != "in":
        return False
    return doc[k - 1].lower_ in lex.roles


def _common_word_opening(ctx: Context) -> bool:
    """"Legal charity Name said": one capitalised common English word that opens the sentence
    describes what follows; it names nothing."""
    doc, s = ctx.doc, ctx.s
    low = doc[s].lower_
    return ctx.e - s == 1 and (low in ctx.lex.common_words or (
        doc[s].pos_ == "ADJ" and low.endswith(tuple(ctx.lex.adjective_endings)))) and sent_initial(doc, s)


def _joined_in_credit_line(ctx: Context) -> bool:
    """"Reporting by Name, Name and Name": after "and" (or a comma) on a credit line,
    before a place, a semicolon, a bracket or the line's end, a name is another reporter's."""
    doc, s, e = ctx.doc, ctx.s, ctx.e
    if s == 0 or doc[s - 1].lower_ not in {"and", ","}:
        return False
    if e < len(doc) and doc[e].lower_ not in {"in", ";", ")", ",", "and"} and "\n" not in doc[e - 1].whitespace_ \
            and not doc[e].is_space:
        return False
    k = s - 1
    while k > 0 and "\n" not in doc[k - 1].whitespace_ and not doc[k - 1].is_space and doc[k - 1].text != ";":
        k -= 1
    words = [t for t in doc[k:s] if t.text != "("]
    return len(words) >= 2 and words[0].lower_ in ctx.lex.credit_line_words and words[1].lower_ == "by"


def _role_and_name_after(ctx: Context) -> bool:
    """"Velmo chairman Ada Corwen": a role held inside a body (entities.json body_roles; not "Velm
    mayor", "Velm lawyer") and then a capitalised name follow the chunk: it is the body the person
    holds the role in."""
    doc, e, lex = ctx.doc, ctx.e, ctx.lex
    if e + 1 >= len(doc) or "\n" in doc[e - 1].whitespace_:
        return False
    k = e  # the role's modifiers first: "head coach", "co-founder", "joint managing director"
    while k + 2 < len(doc) and k - e < 3 and (doc[k].lower_ in lex.role_modifiers or (
            doc[k].lower_ == "co" and doc[k + 1].text == "-") or (doc[k].text == "-" and k > e)):
        k += 1
    k = _held_role_end(doc, k, lex)
    if k is None or k + 1 >= len(doc):
        return False  # (not "Velm lawyer Ada Corwen", "Velmland senator Ada Corwen")
    name = doc[k + 1]
    return name.is_title and name.is_alpha and name.text not in lex.person_titles and not is_acronym(name.text)


def _held_role_end(doc: Doc, k: int, lex: Lexicon) -> int | None:
    """The last token of a role held inside a body that opens at ``k``: a lower-case body role
    ("chairman"), a role written in capitals ("CEO", "CMD"), or two roles joined by "and" of which
    the second is one of those ("Chairman and CEO"); None when no such role opens there. A lone
    capitalised word ("Senator", "President") may be a title, so it is no such role."""
    def held(t: Token) -> bool:
        return (t.is_lower and t.lower_ in lex.body_roles) or (is_acronym(t.text) and t.lower_ in lex.roles)
    if held(doc[k]):
        return k
    if k + 2 < len(doc) and doc[k].is_title and doc[k].lower_ in lex.body_roles and doc[k + 1].lower_ == "and" \
            and (held(doc[k + 2]) or (doc[k + 2].is_title and doc[k + 2].lower_ in lex.body_roles)):
        return k + 2
    return None


def _byline_in_place(ctx: Context) -> bool:
    """"Ada Corwen in Tarsk" alone on a line near the top (a newspaper's byline): a name of two or
    three words, "in", and one to three capitalised words that end the line."""
    doc, s, e = ctx.doc, ctx.s, ctx.e
    if not 2 <= e - s <= 3 or doc[s].idx > 600 or not _line_start(ctx) or e >= len(doc) or doc[e].text != "in":
        return False
    k = e + 1
    while k < len(doc) and doc[k].is_title and "\n" not in doc[k - 1].whitespace_ and k - e <= 3:
        k += 1
    return e + 1 < k and (k == len(doc) or "\n" in doc[k - 1].whitespace_ or doc[k].is_space)


def _dateline_before(ctx: Context) -> bool:
    """The chunk stands in brackets right after a dateline that starts its line: a word in
    capitals ("TARSK, Velmland (", "TARSK (")."""
    doc, s = ctx.doc, ctx.s
    k = s - 2  # before the bracket
    if k < 0:
        return False
    while k > 0 and "\n" not in doc[k - 1].whitespace_ and not doc[k - 1].is_space and s - k < 8:
        k -= 1
    return k < s - 1 and doc[k].is_upper and doc[k].is_alpha and len(doc[k]) > 2


def _two_digit_after(ctx: Context) -> bool:
    """The word after the chunk's comma is a number of one or two digits (an age)."""
    nxt = ctx.nxt_idx
    return len(nxt) > 1 and ctx.doc[nxt[1]].text.isdigit() and len(ctx.doc[nxt[1]].text) <= 2


def _near_top(ctx: Context) -> bool:
    """The chunk starts within the article's first lines (where a dateline stands), on the
    first line that is no headline, byline or date line: a line of running text."""
    doc, e = ctx.doc, ctx.e
    word = doc[ctx.s].text
    if doc[ctx.s].idx > 400 or len(word) < 5 or not any(v in word for v in "AEIOUY"):
        return False  # a town's name, not a body's initials ("VTSB: ...")
    # the line goes on as a sentence after the colon: several words and a full stop
    k = e
    while k < len(doc) and "\n" not in doc[k].text and "\n" not in doc[k - 1].whitespace_ and k - e < 60:
        k += 1
    return k - e >= 8


def _portfolio_before(ctx: Context) -> bool:
    """"Minister for Housing Ada Corwen": a title or role, "for" or "of" and a portfolio of
    capitalised common words stand right before the chunk."""
    doc, lex = ctx.doc, ctx.lex
    k = ctx.s - 1
    while k > 0 and doc[k].is_title and (doc[k].lower_ in lex.common_words or doc[k].text in lex.org_heads) \
            and ctx.s - k <= 4:
        k -= 1
    return k < ctx.s - 1 and k > 0 and doc[k].lower_ in {"for", "of"} and lex.title_or_role(doc[k - 1].text)


def _place_with_and(ctx: Context) -> bool:
    """The chunk with "&" read as "and" is a known place ("Trinidad & Tobago")."""
    text = " ".join("and" if t == "&" else t for t in ctx.texts[ctx.s : ctx.e])
    entry = ctx.lex.gazetteer.get(normalize_name(text))
    return entry is not None and entry.type == "Place"


def _after_role_of(ctx: Context) -> bool:
    """"Ada Corwen, managing director of Velm Tarsk", "founder of Orvik Group": what a role held
    inside a body is "of" (entities.json roles_of_body) is that body, unless a possessive follows
    ("the head of Velmland's police": whose police)."""
    doc, s, e = ctx.doc, ctx.s, ctx.e
    k = s - 1
    if k >= 0 and doc[k].lower_ == "the":
        k -= 1
    if k < 1 or doc[k].lower_ != "of" or (e < len(doc) and doc[e].text in {"'s", "’s"}):
        return False
    return doc[k - 1].is_lower and doc[k - 1].lower_ in ctx.lex.roles_of_body


def _outlet_line(ctx: Context) -> bool:
    """"Velm Daily Wire | Tarsk" near the top: a line of a name, a separator and a known place
    is the outlet's masthead and where it reports from (not "Ada Corwen | Velm News", a writer
    and the outlet)."""
    doc, s, e, lex = ctx.doc, ctx.s, ctx.e, ctx.lex
    if doc[s].idx > 400 or not starts_line(doc, s) or e + 1 >= len(doc) or doc[e].text not in {"|", "·", "•"}:
        return False
    if e - s == 1 or doc[s].text in lex.given_names:
        return False  # "Sport | Norway": a section (a one-word outlet is a known one); "Ada Corwen | Oslo": a
        # writer and where she files from
    for k in range(3, 0, -1):
        part = doc[e + 1 : e + 1 + k]
        if len(part) == k and "\n" not in part.text:
            entry = ctx.lex.gazetteer.get(normalize_name(part.text))
            if entry is not None and entry.type == "Place":
                return True
    return False


_SCORE = re.compile(r"(\d{1,2})[-–](\d{1,2})")


def _opponent_with_score(ctx: Context) -> bool:
    """"Velm Rovers won the cup, beating Tarsk Halden 3-2": a name after a word of beating (entities.json
    score_words) with a match's score right after it (two numbers up to 20, no second set "6-3, 6-4":
    tennis players), where the body named before it in the sentence is the winner (right before the word,
    or the subject of "won ..., beating"), and no given name in it: the beaten team (not "the party won
    40 seats, defeating Tarsk Orvin 40-32", nor "Ada Corwen beat Brin Aldo 6-3, 6-4")."""
    doc, s, e, lex = ctx.doc, ctx.s, ctx.e, ctx.lex
    if s == 0 or e >= len(doc) or doc[s - 1].lower_ not in lex.score_words:
        return False
    k = e + 3 if e + 2 < len(doc) and doc[e + 1].text in {"-", "–"} else e + 1
    score = _SCORE.fullmatch(doc[e : k].text.replace(" ", ""))
    if score is None or max(int(score.group(1)), int(score.group(2))) > 20 \
            or re.match(r"\s*,\s*\d{1,2}\s*[-–]\s*\d", doc[k:].text[:12]) \
            or any(doc[x].text in lex.given_names for x in range(s, e)):
        return False
    prev = ctx.prev
    if prev is None or prev.type != "Organisation" or doc[prev.start].sent.start != doc[s].sent.start:
        return False
    between = doc[prev.end : s - 1].text
    return between.strip() == "" or re.fullmatch(
        rf"\s*(?:{'|'.join(lex.team_context_words)})\b[^.;:\"]*,\s*", between) is not None \
        or re.fullmatch(r"[^.;:\",]{0,60}\b(?:to|and)\s*", between) is not None  # "rallied late to beat"


def _currency_name(ctx: Context) -> bool:
    """The currency word after the chunk ends its phrase (no noun after it: "40 Velmian marks", not
    "Velm Energy dollar bonds"), the chunk ends with no body's head and opens with no given name."""
    doc, s, e, lex = ctx.doc, ctx.s, ctx.e, ctx.lex
    k = e
    while k < len(doc) and doc[k].is_space:
        k += 1
    after = doc[k + 1] if k + 1 < len(doc) else None
    return not (after is not None and after.is_lower and after.pos_ in {"NOUN", "PROPN"}) \
        and doc[e - 1].text not in lex.org_heads and doc[e - 1].text not in lex.corporate_suffixes \
        and doc[s].text not in lex.given_names


def _section_after_masthead(ctx: Context) -> bool:
    """"Velm Herald | Islands" near the top: one common English word after the separator, ending the
    line, is the section of the outlet the line names, not a name (a common word: in the list, or
    written in lower case elsewhere in the article, "island" or "islands")."""
    doc, s, e = ctx.doc, ctx.s, ctx.e
    if e - s != 1 or s < 2 or doc[s].idx > 400 or doc[s - 1].text not in {"|", "·", "•"}:
        return False
    ends_line = e == len(doc) or "\n" in doc[e - 1].whitespace_ or "\n" in doc[e].text
    entry = ctx.lex.gazetteer.get(normalize_name(doc[s].text))
    if entry is not None and entry.type == "Place":
        return False  # "Velm Times | Split": a town's name, where the outlet reports from
    return ends_line and doc[s - 2].is_title and (
        doc[s].lower_ in ctx.lex.common_words or written_in_lower_case(doc, doc[s].lower_))


def _outlet_above_byline(ctx: Context) -> bool:
    """"Velm Evening Express" alone on a line near the top, right above "By Ada Corwen", its last word one
    a masthead ends with: the outlet the writer works for (not the headline, the article's first line)."""
    doc, s, e = ctx.doc, ctx.s, ctx.e
    if doc[s].idx > 400 or doc[s].idx == 0 or not starts_line(doc, s) or e >= len(doc):
        return False
    k = e
    if not (doc[k].is_space and doc[k].text.count("\n") == 1) and not (
            "\n" in doc[e - 1].whitespace_ and not doc[k].is_space):
        return False  # the line goes on (or a blank line follows: a headline's)
    while k < len(doc) and doc[k].is_space:
        k += 1
    return k + 1 < len(doc) and doc[k].text in {"By", "BY"} and doc[k + 1].is_title and starts_line(doc, k) \
        and masthead_words(doc[s].text, doc[e - 1].text, ctx.lex)


def _place_head_after_and(ctx: Context) -> bool:
    """"the Orvane and Tarsk mountains", "Velm or Orvik districts": the name is the first of two
    joined before a plural kind of place (entities.json place_heads), so it names one of those places."""
    doc, e = ctx.doc, ctx.e
    if e + 2 >= len(doc) or doc[e].lower_ not in {"and", "or"}:
        return False
    k = e + 1
    while k < len(doc) and k - e <= 3 and doc[k].is_title:
        k += 1
    if k == e + 1 or k >= len(doc) or not doc[k].is_lower:
        return False
    word = doc[k].lower_
    return word.endswith("s") and (word in ctx.lex.place_heads or word[:-1] in ctx.lex.place_heads)


def _number_after(ctx: Context) -> bool:
    """A number follows the chunk ("Category 2", "Phase 3")."""
    return ctx.e < len(ctx.doc) and ctx.doc[ctx.e].like_num


def _one_of_org_nouns(ctx: Context) -> bool:
    """"Name, one of the big importers": the chunk is one of a plural kind of
    organisation (entities.json org_appositive_nouns), past up to three modifiers."""
    follow = [x.lower() for x in ctx.nxt]
    if follow[:4] != [",", "one", "of", "the"] and follow[:4] != [",", "one", "of", "its"]:
        return False
    for k in range(4, min(8, len(follow))):
        w = follow[k]
        if not w.isalpha() and not w.replace(",", "").isdigit():
            return False
        if not ctx.nxt[k].islower() and not w.isdigit():
            return False  # "one of the Velm Tarsk ...": a name, not a kind
        singular = w[:-3] + "y" if w.endswith("ies") else w[:-1] if w.endswith("s") else ""
        if singular in ctx.lex.org_appositive_nouns or w[:-2] in ctx.lex.org_appositive_nouns and w.endswith("es"):
            return True
    return False


def _place_and_plural(ctx: Context) -> bool:
    """"Orvik Wolves", "Tarsk Pirates": a known place and one capitalised plural of a common word
    (no nationality, kind of place or group of people) name a team or a club."""
    doc, s, e, lex = ctx.doc, ctx.s, ctx.e, ctx.lex
    if e - s != 2:
        return False
    entry = lex.gazetteer.get(normalize_name(doc[s].text))
    last = doc[s + 1]
    low = last.lower_
    return entry is not None and entry.type == "Place" and last.is_title and low.endswith("s") \
        and low in lex.common_words and last.text not in lex.demonyms and low not in lex.place_heads \
        and low not in lex.plural_group_nouns and low[:-1] not in lex.roles and low[:-1] not in lex.person_nouns \
        and last.text not in lex.place_proper_heads


def _person_noun_in_apposition(ctx: Context) -> bool:
    """"Name, a fruit vendor who ...", "Name, a widow from ...": the noun after the article, past
    up to two modifiers, is a person's (entities.json person_nouns) and heads its phrase."""
    lex, follow = ctx.lex, [x.lower() for x in ctx.nxt]
    if len(follow) < 3 or follow[0] != "," or follow[1] not in {"a", "an", "the"}:
        return False
    for k in range(2, min(5, len(follow))):
        w = follow[k]
        if not w.isalpha() or not ctx.nxt[k].islower():
            return False
        nxt = follow[k + 1] if k + 1 < len(follow) else ""
        if w in lex.person_nouns or f"{w} {nxt}" in lex.person_nouns:
            if f"{w} {nxt}" in lex.person_nouns:
                nxt = follow[k + 2] if k + 2 < len(follow) else ""
            # (not "Velm, a survivor of the crisis", "the victim of two floods": said of a place or a firm too;
            # but "a grandfather of five", "the son of a fisherman": kin, said of people only)
            if nxt == "of" and w in lex.kin_nouns:
                return True
            return nxt not in {"'s", "’s", "of"} \
                and not (nxt.isalpha() and nxt.islower() and nxt not in _AFTER_KIND_NOUN)
    return False


def _place_before_local_title(ctx: Context) -> bool:
    """"Orvik Mayor Ada Corwen", "Tarsk governor Ada Corwen": the one word before a town's or
    region's own office (roles.json local_government_roles) and a name is that place."""
    doc, e = ctx.doc, ctx.e
    return ctx.e - ctx.s == 1 and e + 1 < len(doc) and doc[e].lower_ in ctx.lex.local_government_roles \
        and doc[e + 1].is_title and doc[e + 1].is_alpha


def _after_places_such_as(ctx: Context) -> bool:
    """"islands such as Name", "towns including Name": a plural kind of place before the name."""
    prv = [x.lower() for x in ctx.prv]
    lex = ctx.lex
    if prv[-2:] == ["such", "as"] and len(prv) >= 3:
        kind = prv[-3]
    elif prv[-1:] == ["including"] and len(prv) >= 2:
        kind = prv[-2]
    else:
        return False
    return kind.endswith("s") and kind in lex.place_of_words  # (not "sites such as Velm.com")


def _in_a_list_of_bodies(ctx: Context) -> bool:
    """"shipping companies such as Velmline, Tarsk Lines and Orvo", "airlines including Velmair":
    a plural kind of organisation (entities.json org_appositive_nouns) opens the list the chunk
    stands in; the list runs over capitalised words, commas, "and", "or" and quotation marks."""
    doc, k = ctx.doc, ctx.s - 1
    while k >= 0 and ctx.s - k <= 40 and (doc[k].text in ctx.lex.list_glue or doc[k].text[:1].isupper()) \
            and not doc[k + 1].is_sent_start:
        k -= 1  # (within the sentence: not a name that opens the next one)
    if k < 1:
        return False
    if doc[k].lower_ == "as" and doc[k - 1].lower_ == "such":
        k -= 1
    elif doc[k].lower_ not in {"including", "like"}:
        return False
    k -= 1 + (k >= 2 and doc[k - 1].text == ",")  # "companies, such as"
    kind = doc[k].lower_ if k >= 0 else ""
    single = kind[:-3] + "y" if kind.endswith("ies") else kind[:-1]
    return kind.endswith("s") and single in ctx.lex.org_appositive_nouns


def _plural_common_word(ctx: Context) -> bool:
    """One capitalised word that is the plural of a common English word, paired by "and" with
    another capitalised plural ("between Chiefs and Pirates"): two teams' or groups' names, not
    places ("to Wells" stays a place)."""
    doc, s = ctx.doc, ctx.s
    if ctx.e - s != 1 or not _a_plural_noun(doc[s], ctx.lex):
        return False
    def plural_name(tok) -> bool:  # noqa: ANN001 (the other side: any capitalised plural, "Pirates")
        return tok.text[:1].isupper() and len(tok) > 3 and tok.lower_.endswith("s")
    after = s + 2 < len(doc) and doc[s + 1].lower_ == "and" and plural_name(doc[s + 2])
    before = s >= 2 and doc[s - 1].lower_ == "and" and plural_name(doc[s - 2])
    return after or before


def _a_plural_noun(tok, lex: Lexicon) -> bool:  # noqa: ANN001 (a spaCy Token)
    """A capitalised word that is the plural of a common English word ("Chiefs", "Bulls")."""
    low = tok.lower_
    return tok.text[:1].isupper() and len(low) > 4 and not low.endswith("ss") and plural_common(low, lex)


def _brand_and_country(ctx: Context) -> bool:
    """"QTN Velmland": an acronym that is no known place or body, then a country's name."""
    doc, s, e = ctx.doc, ctx.s, ctx.e
    return e - s == 2 and brand_before(doc, s, ctx.lex) and ctx.lex.is_country(doc[e - 1].text)


def _at_a_place_noun(ctx: Context) -> bool:
    """"the camp at Name", "a checkpoint at Name": "at" after a kind of place."""
    prv = [x.lower() for x in ctx.prv]
    return len(prv) >= 2 and prv[-1] == "at" and prv[-2] in ctx.lex.place_heads


def _lands_name(ctx: Context) -> bool:
    """"in the Tarsklands": one word ending "-lands" after "the" names a region."""
    doc, s = ctx.doc, ctx.s
    return ctx.e - s == 1 and s > 0 and doc[s - 1].lower_ == "the" and doc[s].lower_.endswith("lands") \
        and len(doc[s]) > 6


PREDICATES: dict[str, Callable[[Context], bool]] = {
    "person-noun-in-apposition": _person_noun_in_apposition,
    "place-before-local-title": _place_before_local_title,
    "after-places-such-as": _after_places_such_as,
    "in-a-list-of-bodies": _in_a_list_of_bodies,
    "brand-and-country": _brand_and_country,
    "plural-common-word": _plural_common_word,
    "at-a-place-noun": _at_a_place_noun,
    "lands-name": _lands_name,
    "place-and-plural": _place_and_plural,
    "one-of-org-nouns": _one_of_org_nouns,
    "after-role-of": _after_role_of,
    "outlet-line": _outlet_line,
    "outlet-above-byline": _outlet_above_byline,
    "section-after-masthead": _section_after_masthead,
    "currency-name": _currency_name,
    "opponent-with-score": _opponent_with_score,
    "place-head-after-and": _place_head_after_and,
    "number-after": _number_after,
    "place-with-and": _place_with_and,
    "portfolio-before": _portfolio_before,
    "near-top": _near_top,
    "dateline-before": _dateline_before,
    "two-digit-after": _two_digit_after,
    "byline-in-place": _byline_in_place,
    "role-and-name-after": _role_and_name_after,
    "joined-in-credit-line": _joined_in_credit_line,
    "common-word-opening": _common_word_opening,
    "line-start": _line_start,
    "line-end": _line_end,
    "after-person-of": _after_person_of,
    "title-before": _title_before,
    "apposition-to-role": _apposition_to_role,
    "collective-subject": _collective_subject,
    "place-based": _place_based,
    "org-noun-in-apposition": _org_noun_in_apposition,
    "place-noun-in-apposition": _place_noun_in_apposition,
    "outlet-before-possessive": _outlet_before_possessive,
    "after-place": _after_place,
    "org-noun-before-alias-marker": _org_noun_before_alias_marker,
    "place-noun-before-alias-marker": _place_noun_before_alias_marker,
    "byline-by": _byline_by,
    "byline-outlet": _byline_outlet,
    "possessive-role-after": _possessive_role_after,
    "before-of-org": _before_of_org,
    "country-after-comma": _country_after_comma,
    "role-in-place-before": _role_in_place_before,
    "after-local-official-of": _after_local_official_of,
    "noun-after": _noun_after,
    "abstract-noun": _abstract_noun,
}


# ----------------------------------------------------------------- compiling conditions
Check = Callable[[Context], bool]
TOKEN_TESTS = ("in", "is")  # compiled to PhraseMatcher patterns
TEXT_TESTS = ("startswith", "endswith", "gazetteer", "exists")  # tested on the word's text


def _lexicon_field(lex: Lexicon, name: str) -> Any:
    if not hasattr(lex, name):
        raise ValueError(f"{RULES_FILE}: unknown lexicon field {name!r}")
    return getattr(lex, name)


class _Compiler:
    """Turns the table's conditions into checks; token tests ("in" a lexicon
    field, "is" one of literal tokens) become PhraseMatcher patterns collected in
    ``patterns`` (one key per distinct test), the rest become Python functions."""

    def __init__(self, lex: Lexicon) -> None:
        self.lex = lex
        self.patterns: dict[str, tuple[str, list[str]]] = {}  # key -> (LOWER or ORTH, words)

    def token_test(self, cond: dict) -> str:
        """The PhraseMatcher key of an "in"/"is" test (one single-token phrase per word), added once."""
        attr = "LOWER" if cond.get("lower") else "ORTH"
        if "in" in cond:
            items = _lexicon_field(self.lex, cond["in"])
            key = f"{attr}:in:{cond['in']}"
        else:
            items = cond["is"]
            key = f"{attr}:is:" + json.dumps(sorted(items), ensure_ascii=False)
        # a token's LOWER is its lower-cased text: a word with capitals can never match it
        words = sorted(w for w in items if isinstance(w, str) and w and (attr == "ORTH" or w == w.lower()))
        self.patterns.setdefault(key, (attr, words))
        return key

    def text_test(self, cond: dict) -> Callable[[str], bool]:
        """A test on the word's text: a prefix, a gazetteer entry, or that the word exists."""
        lex = self.lex
        if "startswith" in cond:
            prefixes = tuple(cond["startswith"])

            def inner(w: str) -> bool:
                return w.startswith(prefixes)
        elif "endswith" in cond:  # a lexicon field of endings ("role_endings"): "seismologist"
            endings = tuple(_lexicon_field(lex, cond["endswith"]))

            def inner(w: str) -> bool:
                return len(w) > 7 and w.isalpha() and w.endswith(endings)
        elif "gazetteer" in cond:
            want_type = cond["gazetteer"].get("type")
            kinds = cond["gazetteer"].get("kind")
            if want_type is not None and want_type not in ENTITY_TYPES:
                raise ValueError(f"{RULES_FILE}: unknown entity type {want_type!r}")

            def inner(w: str) -> bool:
                entry = lex.gazetteer.get(normalize_name(w))
                return entry is not None and (want_type is None or entry.type == want_type) and (
                    kinds is None or entry.kind in kinds
                )
        else:
            def inner(w: str) -> bool:
                return True
        if cond.get("lower"):
            return lambda w: inner(w.lower())
        return inner

    def word_test(self, cond: dict, where: str | None = None) -> Callable[[Context, int], bool]:
        """The test a token (by index) must pass."""
        tests = [k for k in (*TOKEN_TESTS, *TEXT_TESTS) if k in cond]
        if len(tests) != 1 or (where is None and tests[0] not in TOKEN_TESTS):
            raise ValueError(f"{RULES_FILE}: a word condition needs one of in/is/startswith/endswith/gazetteer/exists "
                             f"(any_word: in/is): {cond}")
        if tests[0] in TOKEN_TESTS:
            key = self.token_test(cond)
            if cond.get("or_singular"):  # also the word without its final s ("economists")
                items = _lexicon_field(self.lex, cond["in"])
                lower = bool(cond.get("lower"))

                def singular(ctx: Context, j: int) -> bool:
                    w = ctx.doc[j].lower_ if lower else ctx.doc[j].text
                    return w.rstrip("s") in items
                return lambda ctx, j: j in ctx.hits[key] or singular(ctx, j)
            return lambda ctx, j: j in ctx.hits[key]
        text = self.text_test(cond)
        return lambda ctx, j: text(ctx.texts[j])

    def condition(self, cond: dict) -> Check:
        """One condition of the table -> a function of the chunk's context."""
        if not isinstance(cond, dict):
            raise ValueError(f"{RULES_FILE}: a condition must be an object: {cond!r}")
        if "not" in cond:
            inner = self.condition(cond["not"])
            return lambda ctx: not inner(ctx)
        if "any" in cond or "all" in cond:
            parts = [self.condition(c) for c in cond.get("any", cond.get("all"))]
            if "any" in cond:
                def any_part(ctx: Context) -> bool:
                    for p in parts:  # (plain loops: no generator per chunk and rule)
                        if p(ctx):
                            return True
                    return False
                return any_part

            def all_parts(ctx: Context) -> bool:
                for p in parts:
                    if not p(ctx):
                        return False
                return True
            return all_parts
        if "word" in cond:
            where = cond["word"]
            if where not in WORD_POSITIONS:
                raise ValueError(f"{RULES_FILE}: unknown word position {where!r}")
            test = self.word_test(cond, where)
            locate = _locator(where)

            def check_word(ctx: Context) -> bool:
                j = locate(ctx)
                return j is not None and test(ctx, j)
            return check_word
        if "any_word" in cond:
            span = cond["any_word"]
            if span not in {"chunk", "chunk_but_last"}:
                raise ValueError(f"{RULES_FILE}: any_word is 'chunk' or 'chunk_but_last', not {span!r}")
            test = self.word_test(cond)
            cut = 0 if span == "chunk" else 1
            return lambda ctx: any(test(ctx, j) for j in range(ctx.s, ctx.e - cut))
        if "phrase" in cond:
            if cond["phrase"] != "prev" or cond.get("match") not in {"equals", "endswith"}:
                raise ValueError(f"{RULES_FILE}: a phrase condition is 'prev' with match equals/endswith: {cond}")
            n, items = int(cond["n"]), _lexicon_field(self.lex, cond["in"])
            if cond["match"] == "equals":
                # (a hyphenated word is three tokens: "fly - half" reads "fly-half")
                return lambda ctx: bool(ctx.prv_idx) and " ".join(ctx.prv[-n:]).lower().replace(" - ", "-") in items
            markers = tuple(items)
            return lambda ctx: " ".join(ctx.prv[-n:]).lower().endswith(markers)
        if "shape" in cond:
            shape = SHAPES.get(cond["shape"])
            if shape is None:
                raise ValueError(f"{RULES_FILE}: unknown shape {cond['shape']!r}")
            return shape
        if "max_tokens" in cond:
            most = int(cond["max_tokens"])
            return lambda ctx: ctx.e - ctx.s <= most
        if "max_words" in cond:  # a hyphenated name ("Feinberg-Orvane") is one word
            most_words = int(cond["max_words"])
            return lambda ctx: ctx.e - ctx.s - 2 * sum(t.text == "-" for t in ctx.doc[ctx.s : ctx.e]) <= most_words
        if "predicate" in cond:
            pred = PREDICATES.get(cond["predicate"])
            if pred is None:
                raise ValueError(f"{RULES_FILE}: unknown predicate {cond['predicate']!r}")
            return pred
        raise ValueError(f"{RULES_FILE}: unknown condition kind: {cond}")


_MONEY = re.compile(r"[A-Z]{0,3}[$€£¥₦₹]\d")  # a currency sign before the digits (not "6th", "M23")


SHAPES: dict[str, Check] = {
    "single": lambda ctx: ctx.e - ctx.s == 1,
    "acronym": lambda ctx: is_acronym(ctx.text),
    # a hyphenated part of a name ("Kwai-tung") is one title-case word
    "all_title": lambda ctx: all(t.is_title or t.text in {"-", '"', "“", "”"}  # Ada "Velm" Corwen
                                 or (t.i > ctx.s and ctx.doc[t.i - 1].text == "-")
                                 or (ctx.s < t.i < ctx.e - 1 and t.text in ctx.lex.person_name_particles)  # "van"
                                 for t in ctx.doc[ctx.s : ctx.e]),
    "no_letters": lambda ctx: not any(c.isalpha() for c in ctx.text),
    "money": lambda ctx: _MONEY.match(ctx.text) is not None,  # "S$57"
    "capitals": lambda ctx: ctx.text.isupper(),  # "TARSKHAVEN", "NEW VELM"
    # one word with a capital inside after small letters ("PayVelm", "TarskYa"): a brand's, not a
    # surname with a prefix ("McVelm", "DeTarsk", "LeOrvik")
    "camel": lambda ctx: ctx.e - ctx.s == 1 and _CAMEL.fullmatch(ctx.doc[ctx.s].text) is not None
    and not _NAME_PREFIX.match(ctx.doc[ctx.s].text) and not _surname_here(ctx.doc, ctx.doc[ctx.s].text, ctx.lex),
}
# (a first part of two letters is a name's: "DeShawn", "JaMarcus", "ElTarsk"; and the prefixes of surnames)
_CAMEL = re.compile(r"[A-Z][a-z]{2,}(?:[A-Z][a-z]+)+")
_NAME_PREFIX = re.compile(r"(?:Mac|Van|Von|Vande|Vander|Del|Des|Dal|Fitz|San)[A-Z]")


def _surname_here(doc: Doc, word: str, lex: Lexicon) -> bool:
    """The article writes ``word`` after a capitalised name, no common word ("Jim VelmHart ... VelmHart
    said"; not "The TarskGo app"): a surname."""
    return any(m.group(1).lower() not in lex.common_words
               for m in re.finditer(rf"\b([A-Z][a-z]+)\.?\s+{re.escape(word)}\b", doc_text(doc)))

CONDITION_KINDS = ("word", "any_word", "phrase", "shape", "max_tokens", "max_words", "predicate", "not", "any", "all")


# ----------------------------------------------------------------- the table
@dataclass(frozen=True)
class Rule:
    id: str
    name: str  # recorded as the rule that found the mention
    type: str | None
    drop: bool
    keep_title: bool
    checks: tuple[Check, ...]


class RuleTable:
    """The rows of the table, compiled against a lexicon, in order."""

    def __init__(self, rows: Iterable[dict], lex: Lexicon) -> None:
        self.rows: list[dict] = []
        self.rules: list[Rule] = []
        compiler = _Compiler(lex)
        seen: set[str] = set()
        for row in rows:
            rule_id = row.get("id")
            if not rule_id or rule_id in seen:
                raise ValueError(f"{RULES_FILE}: every rule needs a unique id (got {rule_id!r})")
            seen.add(rule_id)
            typ = row.get("type")
            if typ is not None and typ not in ENTITY_TYPES:
                raise ValueError(f"{RULES_FILE}: rule {rule_id!r}: unknown type {typ!r}")
            checks = tuple(compiler.condition(c) for c in row.get("when", []))
            self.rows.append(row)
            self.rules.append(Rule(rule_id, row.get("name", rule_id), typ, bool(row.get("drop")),
                                   bool(row.get("keep_title")), checks))
        self.patterns = compiler.patterns
        self._matchers: dict[str, PhraseMatcher] | None = None
        self._vocab: Vocab | None = None
        self._key_of: dict[int, str] = {}
        self._last: tuple[Doc, dict[str, set[int]]] | None = None
        self._arrays: tuple[Doc, list[str], list[bool]] | None = None  # the last doc's texts and spaces

    def token_hits(self, doc: Doc) -> dict[str, set[int]]:
        """Token test key -> indices of the tokens of ``doc`` that pass it (the two matchers run once per doc)."""
        if self._last is not None and self._last[0] is doc:
            return self._last[1]
        if self._matchers is None or self._vocab is not doc.vocab:
            # The matchers may be built inside a memory zone (kg.builder.workers), which forgets
            # the strings added in it: the keys are stored for good (the matcher looks them up
            # at every call), the phrases are given as attribute hashes (no Doc, no Lexeme).
            self._vocab = doc.vocab
            self._matchers = {attr: PhraseMatcher(doc.vocab, attr=attr) for attr in ("LOWER", "ORTH")}
            self._key_of = {doc.vocab.strings.add(key, allow_transient=False): key for key in self.patterns}
            for key, (attr, words) in self.patterns.items():
                self._matchers[attr].add(key, [[get_string_id(w)] for w in words])
        hits: dict[str, set[int]] = {key: set() for key in self.patterns}
        for matcher in self._matchers.values():
            for match_id, start, _end in matcher(doc):
                hits[self._key_of[match_id]].add(start)
        self._last = (doc, hits)
        return hits

    def context(self, doc: Doc, s: int, e: int, lex: Lexicon, prev: Cand | None) -> Context:
        hits = self.token_hits(doc)
        if self._arrays is None or self._arrays[0] is not doc:
            strings = doc.vocab.strings
            values = doc.to_array([ORTH, IS_SPACE]).tolist()  # no Token objects
            self._arrays = (doc, [strings[o] for o, _ in values], [bool(sp) for _, sp in values])
        return Context(doc, s, e, lex, prev, hits, self._arrays[1], self._arrays[2])

    def type_chunk(self, doc: Doc, s: int, e: int, lex: Lexicon, prev: Cand | None) -> Cand | None:
        """The candidate the first matching rule makes of doc[s:e] (None: not a name)."""
        ctx = self.context(doc, s, e, lex, prev)
        rule = self.first_match(ctx)
        if rule is not None and rule.drop:
            # a rule said this is no name ("the Halden Act"): the statistical NER may not add it back
            doc.user_data.setdefault(DROPPED, []).append((s, e))
        if rule is None or rule.drop:
            return None
        return Cand(s, e, rule.type, rule.name, title=ctx.title if rule.keep_title else None)

    def first_match(self, ctx: Context) -> Rule | None:
        """The first rule whose conditions all hold (None: no rule, the table has no catch-all)."""
        for rule in self.rules:
            for check in rule.checks:  # (a plain loop: this runs for every rule of every chunk)
                if not check(ctx):
                    break
            else:
                return rule
        return None


def parse_rows(text: str, where: str) -> list[dict]:
    """The rows of a rule table in JSONL (blank lines skipped)."""
    rows = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{where}:{n}: not valid JSON ({exc.msg})") from exc
    return rows


def read_rows(path: Path) -> list[dict]:
    return parse_rows(path.read_text(encoding="utf-8"), str(path))


def load_rules(lex: Lexicon, path: Path | None = None) -> RuleTable:
    return RuleTable(read_rows(path or default_rules_path()), lex)


_SHIPPED: dict[int, tuple[Lexicon, RuleTable]] = {}


def shipped_rules(lex: Lexicon) -> RuleTable:
    """The shipped table compiled against ``lex``, once per lexicon."""
    hit = _SHIPPED.get(id(lex))
    if hit is None or hit[0] is not lex:
        hit = _SHIPPED[id(lex)] = (lex, load_rules(lex))
    return hit[1]
