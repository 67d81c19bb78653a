"""Candidate names: gazetteer matches over the token stream (longest first),
then maximal capitalised chunks between them, trimmed of words that are not
part of a name. ``find_candidates`` types each chunk with a rule table
(kg.nlp.entities.rules)."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from spacy.attrs import IS_PUNCT, LOWER, ORTH, SPACY
from spacy.tokens import Doc, Span, Token

from kg.nlp.entities.cand import DROPPED, Cand, is_acronym, is_cap, token_texts
from kg.nlp.entities.headlines import Headlines
from kg.nlp.lexicon import GazetteerEntry, Lexicon, normalize_name
from kg.types import LOC, ORG

if TYPE_CHECKING:
    from kg.nlp.entities.rules import RuleTable

_DASHES = frozenset({"-", "–", "—"})


def sent_initial(doc: Doc, i: int) -> bool:
    """True when only spaces, quotes or bullets stand between the sentence start and token i,
    or when a dateline's dash does ("OSLO, May 6 (Reuters) - Shelling ...", "OSLO - Shelling")."""
    j = i
    while j > 0 and not doc[j].is_sent_start:
        prev = doc[j - 1]
        if prev.text in _DASHES and _ends_dateline(doc, j - 1):
            return True
        if not (prev.is_space or prev.text in {'"', "“", "‘", "'", "(", "•", "-", "–", "—", ":"}):
            return False
        j -= 1
    return True


def _ends_dateline(doc: Doc, dash: int) -> bool:
    """The dash at ``dash`` closes a dateline: an agency in brackets, a year or day, or a place in
    capitals stands before it, on the line's first sentence."""
    k = dash - 1
    while k >= 0 and doc[k].is_space and "\n" not in doc[k].text:
        k -= 1
    if k < 0:
        return False
    before = doc[k]
    if before.text == ")" or before.like_num or (before.is_upper and len(before.text) > 1 and before.is_alpha):
        return True
    # "HALDEN, Norvale —": a place in capitals starts the line, a few words before the dash
    first = k
    while first > 0 and k - first <= 9 and "\n" not in doc[first - 1].text and "\n" not in doc[first - 1].whitespace_:
        first -= 1
    while first < k and doc[first].is_space:
        first += 1
    head = doc[first]
    return k - first <= 8 and head.is_upper and head.is_alpha and len(head.text) > 1 \
        and first + 1 < len(doc) and doc[first + 1].text in {",", "-"}


# ----------------------------------------------------------------- gazetteer
SUBDIVISION_IDS = "iso3166-2:"  # subdivisions.jsonl: a province's name is many a person's or body's too


def _demonym_shape(word: str, lex: Lexicon) -> bool:
    """"Velmese", "Tarskian": a capitalised word with a nationality's ending that is no common
    English word ("Red Cross" after it names that country's society)."""
    return len(word) >= 5 and word[:1].isupper() and word[1:].islower() and word.lower() not in lex.common_words \
        and word.lower().endswith(tuple(lex.demonym_endings))


def _body_run_before(doc: Doc, k: int, lex: Lexicon) -> bool:
    """The capitalised run that ends at token k (through "for", "and" and "of") opens with a body's
    head word, or has one right before its "of" or "for": "Institute for Desert Research",
    "National Union of Velm Miners" before "of Velmland" are one name with it."""
    a = k
    while a > 0 and (is_cap(doc[a - 1]) or (doc[a - 1].lower_ in {"for", "and", "of"} and a - 2 >= 0
                                            and is_cap(doc[a - 2]))) and "\n" not in doc[a - 1].whitespace_:
        a -= 1
    if doc[a].lower_ == "the":
        a += 1  # "The Centre for ..." opening a sentence
    return a < k and (doc[a].text in lex.org_heads or any(
        doc[x].text in lex.org_heads and doc[x + 1].lower_ in {"of", "for"} for x in range(a, k - 1)))


@dataclass(frozen=True)
class _Tokens:
    """A doc's tokens as plain lists: indexing a Doc builds a Token object each time, and the
    gazetteer's loop looks at every capitalised token with up to gazetteer_max_tokens + 2 spans."""

    doc: Doc
    n: int
    texts: list[str]
    with_ws: list[str]  # each text with its trailing space, if any
    lowers: list[str]
    punct: list[bool]

    @classmethod
    def of(cls, doc: Doc) -> _Tokens:
        """The lists of ``doc``, read from one array (no Token objects at all)."""
        strings = doc.vocab.strings
        values = doc.to_array([ORTH, LOWER, SPACY, IS_PUNCT]).tolist()
        texts = [strings[v[0]] for v in values]
        with_ws = [t + " " if v[2] else t for t, v in zip(texts, values, strict=True)]
        return cls(doc, len(doc), texts, with_ws, [strings[v[1]] for v in values], [bool(v[3]) for v in values])


_SHORTER = 0  # a gazetteer rule's verdict: not this entry here, try a shorter span


def gazetteer_matches(doc: Doc, lex: Lexicon, title: frozenset[int] = frozenset(), body: str = "") -> list[Cand]:
    """The names the gazetteer knows. ``title``: the tokens on title-case lines (headlines); ``body``:
    the text of the other lines."""
    out: list[Cand] = []
    tk = _Tokens.of(doc)
    n, texts, lowers = tk.n, tk.texts, tk.lowers
    i = 0
    while i < n:
        if not texts[i][:1].isupper() and lowers[i] not in lex.arabic_articles:
            i += 1
            continue
        first = normalize_name(texts[i]).split()
        if (first and first[0] not in lex.gazetteer_first_words and first[0] + "s" not in lex.gazetteer_first_words) \
                or lowers[i] == "the":
            i += 1  # no gazetteer name starts with this word (the common case)
            continue
        hit, skip = _match_at(tk, i, lex, title, body, out)
        if hit and hit.type == "Organisation" and (end := _national_branch_end(doc, hit.end, lex)):
            hit = Cand(i, end, hit.type, "org-shape")  # "the Velm Society of Norway": a national body of its own
        if hit and hit.gaz is not None and hit.type == "Organisation" \
                and (start := _parent_before(doc, hit, lex, out)) is not None:
            hit = Cand(start, hit.end, hit.type, "gazetteer", gaz=hit.gaz)  # "Velm Alliance Office for ..."
        if hit:
            out.append(hit)
            i = hit.end
        else:
            i += skip
    return out


def _match_at(tk: _Tokens, i: int, lex: Lexicon, title: frozenset[int], body: str,
              out: list[Cand]) -> tuple[Cand | None, int]:
    """The name that starts at token ``i`` (the longest the gazetteer knows that no rule rejects),
    else how many tokens to move on."""
    for k in range(min(lex.gazetteer_max_tokens + 2, tk.n - i), 0, -1):
        found = _entry_of_span(tk, i, k, lex)
        if found is None:
            continue
        verdict = _judge_entry(tk, i, k, found[0], found[1], lex, title, body, out)
        if isinstance(verdict, Cand):
            return verdict, 1
        if verdict != _SHORTER:
            return None, verdict
    return None, 1


def _entry_of_span(tk: _Tokens, i: int, k: int, lex: Lexicon) -> tuple[str, GazetteerEntry] | None:
    """The text of the ``k`` tokens from ``i`` and the gazetteer's entry for it, if any."""
    n, texts, doc = tk.n, tk.texts, tk.doc
    if tk.punct[i + k - 1]:
        return None
    text = "".join(tk.with_ws[i : i + k - 1]) + texts[i + k - 1]
    if "\n" in text:
        return None
    if k == 1 and text in lex.not_entities:
        return None
    entry = lex.gazetteer.get(normalize_name(text))
    if entry is None and k == 1 and i + 1 < n and doc[i + 1].is_lower and doc[i + 1].pos_ == "NOUN":
        entry = lex.gazetteer.get(normalize_name(text + "s"))  # "Velmi fighters": the Velmis
        if entry is not None and entry.type != "Organisation":
            entry = None
    return None if entry is None else (text, entry)


def _judge_entry(tk: _Tokens, i: int, k: int, text: str, entry: GazetteerEntry, lex: Lexicon,
                 title: frozenset[int], body: str, out: list[Cand]) -> Cand | int:
    """The verdict on the entry the ``k`` tokens from ``i`` spell: a match (the gazetteer's or a
    longer name's), how many tokens to move on without one, or _SHORTER."""
    stop = _currency_or_saint(tk, i, k, entry, lex)
    if stop is not None:
        return stop
    written = _as_written(tk, i, k, text, entry, lex)
    if written is None or _not_the_entry(tk, i, k, entry, lex, title, body):
        return _SHORTER
    hit = _place_with_particle(tk, i, k, entry, lex)
    if hit is not None:
        return hit
    if _not_the_entry_by_neighbours(tk, i, k, entry, lex):
        return _SHORTER
    verdict = _opens_or_ends_longer_name(tk, i, k, entry, lex, out)
    if verdict is not None:
        return verdict
    if _inside_body_name(tk, i, k, written, entry, lex):
        return k  # the whole name, not a shorter one inside it
    return Cand(i, i + k, entry.type, "gazetteer", gaz=entry)


def _currency_or_saint(tk: _Tokens, i: int, k: int, entry: GazetteerEntry, lex: Lexicon) -> Cand | int | None:
    """A region's name in a currency's name, or a saint's name before a possessive: how many tokens to
    move on, or the town a saint's possessive names; None when neither."""
    n, texts, lowers, doc = tk.n, tk.texts, tk.lowers, tk.doc
    if entry.type == "Place" and entry.kind not in {"country", "state", "city"} and i + k < n \
            and lowers[i + k] in lex.numbers.get("currencies", {}) \
            and not (i + k + 1 < n and doc[i + k + 1].is_lower and doc[i + k + 1].pos_ == "NOUN"):
        return k  # "Eastern Velmian dollars": a region's name in a currency's names no place
    if lowers[i] in lex.saint_words and i + k + 1 < n and lowers[i + k] in {"'s", "’s"} \
            and not tk.with_ws[i + k - 1].endswith(" "):
        if texts[i + k + 1][:1].isupper() and "\n" not in tk.with_ws[i + k]:
            return k + 1  # "St. Velm's University": the chunker makes the longer name
        return Cand(i, i + k + 1, "Place", "place-shape")  # "ST. VELM'S -": the saint's possessive
        # is the town's name, not the place the gazetteer knows without it
    return None


def _as_written(tk: _Tokens, i: int, k: int, text: str, entry: GazetteerEntry, lex: Lexicon) -> str | None:
    """The span's text as the entry would write it (a dateline's capitals in title case), or None
    when a short form or acronym is not written as the entry writes it or no capital opens it."""
    n, texts, doc = tk.n, tk.texts, tk.doc
    if text.isupper() and len(text) > 4 and sum(t.is_alpha for t in doc[i : i + k]) <= 3 and all(
        len(t) >= 3 or (i < t.i < i + k - 1 and (doc[t.i - 1].text == "-" or t.lower_ in lex.name_particles))
        # "AIX-EN-PROVENCE", "ALCALA DE HENARES"
        for t in doc[i : i + k] if t.is_alpha
    ):
        text = text.title()  # "OSLO, Norway --", "NEW DELHI --": a dateline in capitals
    if k == 1 and text.isupper() and len(text) > 2 and starts_line(doc, i) and i + 1 < n \
            and texts[i + 1] in {",", "-", "—", "–"} and text.title() in {entry.label, *entry.aliases}:
        text = text.title()  # "LIMA, Peru -", "DILA -": a short town's name in a dateline's capitals
    if (len(text) <= 4 or text.isupper()) and text not in {entry.label, *entry.aliases}:
        return None  # short forms and acronyms match only as written
    if not texts[i][:1].isupper() and not (tk.lowers[i] in lex.arabic_articles and k > 1):
        return None
    return text


def _agency_of_a_country(doc: Doc, s: int, e: int, lex: Lexicon) -> bool:
    """"Health Canada says", "Transport Velmland said": a capitalised common noun opening the
    sentence, a compound of the country's name after it (the span ``s``..``e`` is the two words):
    a national agency's name, not a word opening the sentence (not an opening adverb or a day:
    "Meanwhile Canada", "Today Canada"), nor a word for the country in a time ("Wartime Japan",
    "Postwar Velmland": no common English word, where an agency's field is one)."""
    w, c = doc[s], doc[s + 1] if s + 1 < len(doc) else None
    if c is None or e - s != 2 or not sent_initial(doc, s) or w.tag_ not in {"NN", "NNP"} \
            or w.lower_ in lex.opening_adverbs or w.lower_ in lex.dates.get("weekdays", ()):
        return False
    if w.lower_ not in lex.common_words and w.lower_.removesuffix("s") not in lex.common_words:
        return False  # ("Parks Canada": a plural of a common word)
    one_subject = (w.dep_ == "compound" and w.head.i == c.i and c.dep_.startswith("nsubj")) or (
        c.dep_ in {"flat", "compound"} and c.head.i == w.i and w.dep_.startswith("nsubj"))
    entry = lex.gazetteer.get(normalize_name(c.text))
    return one_subject and entry is not None and entry.kind == "country"


def _not_the_entry(tk: _Tokens, i: int, k: int, entry: GazetteerEntry, lex: Lexicon,
                   title: frozenset[int], body: str) -> bool:
    """The span is part of another name or another word than the entry: a longer name, a national
    body, a common word opening a sentence."""
    n, texts, lowers, doc = tk.n, tk.texts, tk.lowers, tk.doc
    if (entry.kind == "city" or (entry.ref_id or "").startswith(SUBDIVISION_IDS)) \
            and _inside_name(doc, i, i + k, lex, title, body):
        return True  # "Halden Lund", "Petra Oslo", "Edo Sivar": a city's or a province's name in a longer name
    if k == 1 and _part_of_longer_name(doc, i, lex):
        return True  # "Lisbon Trade Union", "West Norvale", "Panama City"
    if k == 1 and (lowers[i] in lex.org_type_nouns_after or lowers[i] in lex.org_appositive_nouns) \
            and sent_initial(doc, i):
        return True  # "Union spokesman Ada Corwen said": a noun that starts the sentence, not the town
    if entry.kind == "country" and i > 0 and (texts[i - 1] in lex.sport_words
                                              or texts[i - 1] in lex.national_office_fields) \
            and "\n" not in tk.with_ws[i - 1]:
        return True  # "Rowing Norway", "Statistics Norway": a national body, not the country
    if entry.kind == "country" and k == 1 and i > 0 and _agency_of_a_country(doc, i - 1, i + 1, lex):
        return True  # "Health Velmland says": a national agency opening the sentence, not the country
    if entry.kind == "country" and i > 0 and brand_before(doc, i - 1, lex) and "\n" not in tk.with_ws[i - 1]:
        return True  # "QTN Velmland": a company's national branch, not the country
    if k == 1 and (texts[i] in lex.org_first_words or texts[i] in lex.org_heads) and i + 2 < n \
            and lowers[i + 1] in {"of", "for"} and (is_cap(doc[i + 2]) or (
                lowers[i + 2] == "the" and i + 3 < n and is_cap(doc[i + 3]))):
        return True  # "Bank of Norvale": the town called Bank is not meant
    if k == 1 and entry.kind not in {"country", "state"} and lowers[i] in lex.common_words \
            and not texts[i].isupper() and sent_initial(doc, i):
        return True  # "To win here ...": a common word opening a sentence, not the town
    # "Banning them did not work": a verb's -ing form and its object, not the town ("Woking residents" is)
    return k == 1 and entry.kind not in {"country", "state"} and doc[i].tag_ == "VBG" and sent_initial(doc, i) \
        and i + 1 < n and doc[i + 1].is_lower \
        and doc[i + 1].pos_ in {"PRON", "DET", "ADP", "ADV", "PART", "ADJ", "NUM"}


def _place_with_particle(tk: _Tokens, i: int, k: int, entry: GazetteerEntry, lex: Lexicon) -> Cand | None:
    """"Velma y Tarsk", "Orvik do Sul": a known place and a particle start a longer place's name (or
    a body's: "Peru de Velm Foundation"); the particle joins names, not two places."""
    n, texts = tk.n, tk.texts
    if not (entry.type == "Place" and k > 1 and entry.kind not in {"country", "state"} and i + k + 1 < n
            and tk.lowers[i + k] in lex.place_particles and texts[i + k].islower()
            and texts[i + k + 1][:1].isupper() and "\n" not in tk.with_ws[i + k]):
        return None
    end = i + k + 2
    while end < n and texts[end][:1].isupper() and not tk.punct[end] and "\n" not in tk.with_ws[end - 1]:
        end += 1
    named_body = texts[end - 1] in lex.org_heads  # (not ``body``: the text of the other lines)
    return Cand(i, end, "Organisation" if named_body else "Place", "org-shape" if named_body else "place-shape")


def _not_the_entry_by_neighbours(tk: _Tokens, i: int, k: int, entry: GazetteerEntry, lex: Lexicon) -> bool:
    """The words around the span make it part of a person's or a firm's name, or a date."""
    n, texts, doc = tk.n, tk.texts, tk.doc
    if k == 1 and i >= 4 and texts[i - 1] in {'"', "”"} and texts[i - 3] in {'"', "“"} \
            and is_cap(doc[i - 2]) and is_cap(doc[i - 4]):
        return True  # Ada "Velm" Corwen: the surname after a nickname, not the town
    if k == 1 and i >= 2 and texts[i - 1] == "-" and tk.lowers[i - 2] in lex.arabic_articles:
        return True  # "Hadi al-Velmi": the family name after an Arabic article, not the town
    if k == 1 and entry.kind != "country" and _hyphened_to_name(doc, i, tk.with_ws, lex):
        return True  # "Ilka Tarvel-Preston": half of a double surname, not the town
    if k == 1 and _given_name_of_person(doc, i, lex):
        return True  # "spokesman Chad Orvane": a place's name as a given name
    if k == 1 and texts[i] in lex.month_abbreviations and i + 1 < n and doc[i + 1].like_num:
        return True  # "Oct 14": a date, not the town of that name
    # "Varga & Lund": a firm's name, not the town ("Paris & London" stay two cities)
    return entry.kind not in {"country", "state"} and (
        (i > 1 and texts[i - 1] == "&" and not _place_word(doc, i - 2, lex))
        or (i + k + 1 < n and texts[i + k] == "&" and not _place_word(doc, i + k + 1, lex)))


def _opens_or_ends_longer_name(tk: _Tokens, i: int, k: int, entry: GazetteerEntry, lex: Lexicon,
                               out: list[Cand]) -> Cand | int | None:
    """A longer name the entry opens, or whose "of" or "for" it follows: that name when it is made
    here, else how many tokens to move on or _SHORTER; None when there is none."""
    texts, doc = tk.texts, tk.doc
    lower_inside = k > 1 and any(not texts[t][:1].isupper() for t in range(i + 1, i + k))
    if _starts_longer_name(doc, i + k, lex):
        if entry.type == "Organisation" and (end := _longer_name_end(doc, i + k, lex)) is not None:
            return Cand(i, end, entry.type, "org-shape")  # "Wagner Group Tarsk Province": a branch
        if entry.type == "Place" and lower_inside and (end := _body_run_end(doc, i + k, lex)) is not None:
            return Cand(i, end, "Organisation", "org-shape")  # "Velm and Tarsk Police Service": the chunker
            # stops at the place's lower-case word, so the body's name is made here
        return _SHORTER  # "New Norvale Journal of Law", "Norvale Renewal Army": the place starts a name
    if entry.type == "Place" and i >= 2 and (tk.lowers[i - 1] in lex.name_of_words or tk.lowers[i - 1] == "for") and (
            texts[i - 2] in lex.org_heads or texts[i - 2] in lex.org_first_words
            or _body_run_before(doc, i - 2, lex)):
        if lower_inside:
            # "University of Velm es Tarsk": the chunker stops at the place's lower-case word, so
            # the body's name is made here, from the capitalised words before "of"
            a = i - 2
            while a > 0 and texts[a - 1][:1].isupper() and not tk.punct[a - 1] and "\n" not in tk.with_ws[a - 1] \
                    and not (out and out[-1].end > a - 1) and not sent_initial(doc, a):
                a -= 1
            return Cand(a, i + k, "Organisation", "org-shape")
        return k  # the whole name, not a shorter one inside it: "Reserve Bank of Norvale", "Museu do
        # Porto", "Academy for Velm Ocean Science": the place is inside an organisation's name
    return None


def _inside_body_name(tk: _Tokens, i: int, k: int, text: str, entry: GazetteerEntry, lex: Lexicon) -> bool:
    """The entry ends or is part of a body's name the words before it make (a national branch, a
    mission, a court, a national society, a place's own body)."""
    texts, lowers, doc = tk.texts, tk.lowers, tk.doc
    if entry.kind == "country" and _ends_described_name(doc, i, lex):
        return True  # "the charity Orsk Counsel Norway": a body's national branch names its country
    if entry.type == "Place" and i >= 2 and (
            (lowers[i - 1] == "in" and texts[i - 2] in lex.org_heads_before_in)
            or (lowers[i - 1] == "to" and texts[i - 2] in lex.org_heads_before_to)):
        return True  # "the Relief Mission in Velm", "the Velm Mission to Tarsk": the place ends the mission's name
    if entry.type == "Place" and i >= 2 and lowers[i - 1] == "of" and _court_district(doc, i - 2, lex):
        return True  # "the Velm Court for the District of Tarsk": the district's place ends the court's name
    if entry.type == "Place" and i >= 3 and lowers[i - 1] == "the" and lowers[i - 2] == "of" \
            and texts[i - 3] in lex.org_heads:
        return True  # "Armed Forces of the Norvale Republic": the country ends the organisation's name
    if entry.type == "Organisation" and i >= 1 and (texts[i - 1] in lex.demonyms or (
            normalize_name(text) in lex.national_societies and (
                lex.is_country(texts[i - 1]) or _demonym_shape(texts[i - 1], lex)))) \
            and "\n" not in tk.with_ws[i - 1] and (k > 1 or normalize_name(text) != normalize_name(entry.label)):
        return True  # "Norvalian Red Cross": a national society, not the international body whose
        # name the gazetteer knows ("Lebanese Hezbollah", a one-word name of its own, stays linked)
    # "Velmshire Department of State": a place's own body, not the one the gazetteer knows
    return entry.type == "Organisation" and not entry.outlet and i >= 1 and texts[i - 1][:1].isupper() \
        and not tk.punct[i - 1] and "\n" not in tk.with_ws[i - 1] and _place_word(doc, i - 1, lex)


def brand_before(doc: Doc, j: int, lex: Lexicon) -> bool:
    """Token j is an acronym of three letters or more written right before a country's name that
    is neither a place nor a body the gazetteer knows, and that the article writes again ("QTN
    Velmland ... QTN said": a company's branch there; not "UN Velmland", "ECOWAS Velmland", nor a
    headline's tag written once, "LIVE Velmland war")."""
    text = doc[j].text
    return len(text) >= 3 and is_acronym(text) and not doc[j].whitespace_ == "" and not lex.is_place(text) \
        and normalize_name(text) not in lex.gazetteer and text not in lex.demonyms \
        and any(t.text == text for t in doc if t.i != j)


def _hyphened_to_name(doc: Doc, i: int, with_ws: list[str], lex: Lexicon) -> bool:
    """Token i is joined by a hyphen, without spaces, to a capitalised word that is no place of its
    own ("Tarvel-Preston", "Preston-Tarvel": a double surname; not "Paris-Lyon", two towns)."""
    n = len(doc)
    for j, dash in ((i - 2, i - 1), (i + 2, i + 1)):
        if 0 <= j < n and doc[dash].text == "-" and with_ws[min(j, i)] == doc[min(j, i)].text \
                and with_ws[dash] == "-" and is_cap(doc[j]) and doc[j].is_alpha and not _place_word(doc, j, lex):
            return True
    return False


def _parent_before(doc: Doc, hit: Cand, lex: Lexicon, found: list[Cand]) -> int | None:
    """Where the full name starts when the parent body's name, written out, stands right before a body
    the gazetteer knows by "PARENT-ALIAS NAME" ("Velm Alliance Office for ..." where the gazetteer has
    "VA Office for ..."): one name, the body's, not the parent and a stray remainder."""
    assert hit.gaz is not None
    own = {normalize_name(f) for f in (hit.gaz.label, *hit.gaz.aliases)}
    written = normalize_name(doc[hit.start : hit.end].text)
    last = found[-1].end if found else 0
    for j in range(hit.start - 1, max(last, hit.start - 4) - 1, -1):
        if not is_cap(doc[j]) or "\n" in doc[j].whitespace_:
            return None
        parent = lex.gazetteer.get(normalize_name(doc[j : hit.start].text))
        if parent is None or parent.type != "Organisation" or parent is hit.gaz:
            continue
        if any(f"{normalize_name(p)} {written}" in own for p in (parent.label, *parent.aliases)):
            return j
    return None


def _ends_described_name(doc: Doc, i: int, lex: Lexicon) -> bool:
    """A country's name at token i ends the name of a body that a kind noun introduces: "the charity
    Orsk Counsel Norway said", "aid group Orsk Counsel Norway"."""
    j = i
    while j > 0 and is_cap(doc[j - 1]) and "\n" not in doc[j - 1].whitespace_ and not doc[j - 1].is_sent_start:
        j -= 1
    if j == i or j == 0:
        return False
    kind = doc[j - 1]
    return kind.is_lower and (kind.text in lex.org_appositive_nouns or kind.text in lex.org_type_nouns_after) \
        and "\n" not in kind.whitespace_


def _national_branch_end(doc: Doc, e: int, lex: Lexicon) -> int | None:
    """An organisation's name that ends in a head ("... Society", "... Troops") followed by "of" and
    a country: the end of "of COUNTRY" (the country's own body, not the one the gazetteer knows)."""
    if e + 1 >= len(doc) or doc[e - 1].text not in lex.org_heads or doc[e].lower_ != "of":
        return None
    for k in (3, 2, 1):
        if e + 1 + k > len(doc) or "\n" in doc[e : e + k].text_with_ws \
                or any(t.is_punct for t in doc[e + 1 : e + 1 + k]):
            continue  # "the Velm Society of Norway, which ...": the comma ends the name
        if lex.is_country(doc[e + 1 : e + 1 + k].text):
            end = e + 1 + k
            return None if end < len(doc) and is_cap(doc[end]) else end
    return None


def _court_district(doc: Doc, d: int, lex: Lexicon) -> bool:
    """Token d is "District" or "Circuit" of a court's name: "Court for the (Northern) District",
    "Court of Appeals for the Ninth Circuit" (a court's territory is part of its name)."""
    if doc[d].text not in {"District", "Circuit"}:
        return False
    k = d - 1
    while k >= 0 and is_cap(doc[k]) and doc[k].text not in lex.org_heads and "\n" not in doc[k].whitespace_:
        k -= 1  # "Southern", "Ninth"
    if k >= 1 and doc[k].lower_ == "the" and doc[k - 1].lower_ == "for":
        k -= 2
    return k >= 0 and doc[k].text == "Court"


def _place_word(doc: Doc, j: int, lex: Lexicon) -> bool:
    """Token j is the name of a place in the gazetteer by itself."""
    return lex.is_place(doc[j].text)


def _starts_longer_name(doc: Doc, e: int, lex: Lexicon) -> bool:
    """The capitalised words from token e on (up to four, on the same line) end with an
    organisation or place head: what stands before them starts that longer name."""
    k = e
    partners = k + 1 < len(doc) and doc[k].text == "and" and is_cap(doc[k + 1])
    if partners:
        k += 1  # "Varga and Lund LLP": a firm's partners, when a legal form or a firm's head ends the run
        e = k
        # "Avon and Velmshire Police": two places below a country's level that share one body (a place,
        # then a body's head), not two countries' armies ("Mali and Niger Army units")
        if _place_word(doc, k, lex) and k + 1 < len(doc) and doc[k + 1].text in lex.org_heads \
                and "\n" not in doc[k].whitespace_ and not lex.is_country(doc[k].text) \
                and not lex.is_country(doc[k - 2].text):
            return True
    while k < len(doc) and k - e < 6 and (is_cap(doc[k]) or (doc[k].text in {"'s", "’s"} and k > e) or (
            doc[k].text in {"'", "’"} and k > e and doc[k - 1].text.endswith("s"))
            # "Norvale Land and Sea Rescue Authority": "and" between two capitalised words of the run
            or (doc[k].text == "and" and k > e and not partners and k + 1 < len(doc) and is_cap(doc[k + 1]))) \
            and "\n" not in doc[k - 1].whitespace_:
        word = doc[k].text
        if partners and (word in lex.corporate_suffixes or word in lex.firm_heads):
            return True
        if not partners and (word in lex.org_heads or word in lex.place_proper_heads or word in lex.corporate_suffixes
                             # "Velm Netball Cup", "the Velm Open": an event named for it, where its head ends the run
                             or (word in lex.event_heads and not (k + 1 < len(doc) and is_cap(doc[k + 1])))):
            return True
        k += 1
    return False


def _body_run_end(doc: Doc, e: int, lex: Lexicon) -> int | None:
    """The end of a run of up to five capitalised words from token e on (one line) whose last word
    is an organisation's head ("Police Service", "General Hospital"), with "of" and up to three
    capitalised words after the head ("Chamber of Commerce"; not "for Sunday's rescue"), else None."""
    k = e
    while k < len(doc) and k - e < 5 and is_cap(doc[k]) and "\n" not in doc[k - 1].whitespace_:
        k += 1
    if not (k > e and doc[k - 1].text in lex.org_heads):
        return None
    if k + 1 < len(doc) and doc[k].lower_ == "of" and is_cap(doc[k + 1]) \
            and "\n" not in doc[k - 1 : k + 1].text_with_ws:
        m = k + 1  # "Velm and Tarsk Chamber of Commerce": what the body is of goes on with its name
        while m < len(doc) and m - k <= 3 and is_cap(doc[m]) and "\n" not in doc[m - 1].whitespace_:
            m += 1
        return m
    return k


def _longer_name_end(doc: Doc, e: int, lex: Lexicon) -> int | None:
    """The end of a run of capitalised words from token e on that names a region and ends there with a
    place's head ("... Tarsk Province"), where no word is an organisation's head and no "of", "in" or
    "for" goes on with the name; else None (not "UN Monitoring Mission in Velm": a body of its own)."""
    k = e
    while k < len(doc) and k - e < 5 and is_cap(doc[k]) and "\n" not in doc[k - 1].whitespace_:
        if doc[k].text in lex.org_heads:
            return None
        k += 1
    if k - e < 2 or doc[k - 1].text not in lex.place_proper_heads:
        return None
    return None if k < len(doc) and doc[k].lower_ in {"of", "in", "for", "on", "to"} else k


def _given_name_of_person(doc: Doc, i: int, lex: Lexicon) -> bool:
    """A one-word place name used as a given name: a role word or title stands before it and a
    capitalised word (no name head) after it ("spokesman Chad Orvane", "Gov. Georgia Orvane")."""
    if i == 0 or i + 1 >= len(doc):
        return False
    prev, nxt = doc[i - 1], doc[i + 1]
    if not lex.title_or_role(prev.text):
        return False
    return nxt.is_title and nxt.is_alpha and "\n" not in doc[i].whitespace_ and nxt.text not in lex.org_heads \
        and nxt.text not in lex.place_proper_heads and nxt.text not in lex.not_entities




def _title_common(doc: Doc, k: int, lex: Lexicon, title: frozenset[int], pair: str = "", body: str = "") -> bool:
    """Token k is a plural common word capitalised only because its line is a headline ("in Tarsk
    Clashes"; not "Tarsk Plan", which may be a name, nor "Oslo Wolves" when the body writes the pair
    so too: a team)."""
    return k in title and doc[k].lower_ in lex.common_words and doc[k].lower_.endswith("s") \
        and not (pair and pair in body)


def _inside_name(doc: Doc, s: int, e: int, lex: Lexicon, title: frozenset[int] = frozenset(), body: str = "") -> bool:
    """A capitalised word touches the match, or one joined to it by a hyphen ("Velm-Ostrava")
    or by a name's inner particle ("Norte de Velm", "Ostra do Sul"). On a headline a common word
    capitalised like every word there does not count."""
    n = len(doc)
    before = s > 0 and is_cap(doc[s - 1]) and "\n" not in doc[s - 1].whitespace_ and not (
        doc[s - 1].lower_ in lex.common_words and sent_initial(doc, s - 1)) \
        and not _title_common(doc, s - 1, lex, title, doc[s - 1 : e].text, body)  # "In Halden, ..."
    after = e < n and is_cap(doc[e]) and not doc[e].is_sent_start \
        and not _title_common(doc, e, lex, title, doc[s : e + 1].text, body)
    joined_before = s > 1 and is_cap(doc[s - 2]) and "\n" not in doc[s - 2].whitespace_ \
        and (doc[s - 2].lower_ not in lex.common_words or doc[s - 1].lower_ in lex.foreign_contractions) \
        and not sent_initial(doc, s - 2) and (
        (doc[s - 1].text == "-" and not doc[s - 1].whitespace_ and not doc[s - 2].whitespace_)
        or doc[s - 1].text in lex.name_particles)
    # "Velm Co-operative Bank": a prefix's lower-case word right before the match goes on with the name
    hyphened_before = s > 2 and doc[s - 2].text == "-" and doc[s - 3].text in lex.hyphen_prefixes \
        and doc[s - 1].is_lower and not doc[s - 3].whitespace_ and not doc[s - 2].whitespace_
    if hyphened_before:
        return True
    arabic_after = e + 2 < n and doc[e].lower_ in lex.arabic_articles and doc[e + 1].text == "-" \
        and is_cap(doc[e + 2]) and doc[e - 1].whitespace_ != ""  # "Halden al-Varni": a person's name
    if arabic_after:
        return True
    joined_after = e + 1 < n and is_cap(doc[e + 1]) and (
        (doc[e].text == "-" and not doc[e].whitespace_ and not doc[e - 1].whitespace_)
        or doc[e].text in lex.name_particles)
    return bool(before or after or joined_before or joined_after)


def _part_of_longer_name(doc: Doc, i: int, lex: Lexicon) -> bool:
    prev = doc[i - 1] if i > 0 else None
    nxt = doc[i + 1] if i + 1 < len(doc) else None
    if prev is not None and prev.text in {"'", "’"} and i > 1 and is_cap(doc[i - 2]) \
            and doc[i - 2].text.endswith("s") and not doc[i - 2].whitespace_:
        return True  # "Tarsk Drivers' Union": not the town called Union
    if prev is not None and prev.text in {"'s", "’s"} and i > 1 and is_cap(doc[i - 2]) \
            and doc[i].text in lex.org_heads and not doc[i - 2].whitespace_:
        return True  # "the Ferryman's Union": not the town called Union
    if prev is not None and is_cap(prev) and not prev.whitespace_.count("\n") and not sent_initial(doc, i - 1) \
            and prev.text not in lex.demonyms and prev.text not in lex.not_entities \
            and prev.text not in lex.person_titles and not is_acronym(prev.text):
        return True
    return nxt is not None and (nxt.text in lex.place_proper_heads or nxt.text in lex.org_heads)


# ----------------------------------------------------------------- chunks
_ORDINAL = re.compile(r"\d{1,3}(?:st|nd|rd|th)")
_UNIT_NUMBER = re.compile(r"\d{1,3}")  # "the army's 7 Division": a unit numbered without an ordinal


_MONEY_TOKEN = re.compile(r"[A-Z]{0,3}[$€£¥₦₹]\d")  # "S$3.2", "HK$40": a currency sign before the digits


def chunks(doc: Doc, lex: Lexicon, taken: set[int]) -> list[tuple[int, int]]:
    """Maximal runs of capitalised tokens (with inner connectors) not in ``taken``."""
    out = []
    i, n = 0, len(doc)
    while i < n:
        tok = doc[i]
        starts_arabic = (
            tok.lower_ in lex.arabic_articles and i + 2 < n and doc[i + 1].text == "-"
            and is_cap(doc[i + 2]) and not tok.whitespace_
        )
        if i in taken or not (is_cap(tok) or starts_arabic):
            i += 1
            continue
        j = _chunk_end(doc, i, i + 3 if starts_arabic else i + 1, lex, taken)
        # a chunk never ends on a connector
        while j > i + 1 and doc[j - 1].lower_ in lex.connectors and doc[j - 1].text.islower() \
                and not (doc[j - 2].text == "-" and not doc[j - 2].whitespace_):  # "Tso Kai-bin"
            j -= 1
        i = _with_unit_number(doc, i, j, lex, taken)
        out.append((i, j))
        i = j
    return out


def _chunk_end(doc: Doc, i: int, j: int, lex: Lexicon, taken: set[int]) -> int:
    """Where the chunk that starts at token ``i`` and runs to ``j`` so far ends: it grows by the
    words and marks that join a name, up to a line's end or a taken token."""
    n = len(doc)
    seen_prep = False
    while j < n and j not in taken and not doc[j - 1].whitespace_.count("\n"):
        if _breaks_chunk(doc, i, j, lex):
            break
        nxt = _joined_word(doc, i, j, lex, taken, seen_prep)
        if nxt is None:
            nxt = _joined_by_mark(doc, i, j, lex, taken)
        if nxt is None:
            nxt = _joined_by_hyphen(doc, i, j, lex, taken)
        if nxt is None:
            nxt = _joined_by_connector(doc, i, j, lex, taken, seen_prep)
            if nxt is not None and doc[j].lower_ in {"of", "for"}:
                seen_prep = True
        if nxt is None:
            break
        j = nxt
    return j


def _breaks_chunk(doc: Doc, i: int, j: int, lex: Lexicon) -> bool:
    """Token ``j`` starts something else: a person after a body's name, a new sentence, a word."""
    t = doc[j]
    if doc[j - 1].text in lex.org_heads and not (j - i == 2 and doc[i].lower_ in lex.role_modifiers) and (
        (lex.title_or_role(t.text) and j + 1 < len(doc) and is_cap(doc[j + 1]))
        or t.text in lex.given_names
    ):  # (but "Deputy Cabinet Secretary Ada Corwen" is one title)
        return True  # "... Fire Department | Chief Ada Corwen", "... Forces | Ahmed Bexmoor"
    if t.text in {"The", "A", "An"} and doc[j - 1].text.endswith("."):
        return True  # "in Velmford D.C. The students ...": a sentence the splitter kept after an abbreviation
    if j - i >= 2 and t.text == doc[j - 1].text and t.is_alpha and doc.text.count(doc[i : j + 1].text) < 2:
        return True  # "Ada Corwen Corwen said": a word written twice (a slip), not a name of three words
        # (a slip is not repeated: "Ali Hassan Hassan" written twice is his name)
    # "Halden T-shirts", "X-ray": the letter starts a word, not a name's part
    return len(t.text) == 1 and t.is_upper and not t.whitespace_ and j + 1 < len(doc) and doc[j + 1].text == "-"


def _joined_word(doc: Doc, i: int, j: int, lex: Lexicon, taken: set[int], seen_prep: bool) -> int | None:
    """Where the chunk goes on when token ``j`` is a capitalised word, a possessive, a union local's
    number, a legal form or a body's "in", "to" or "on" inside the name; else None."""
    t, n = doc[j], len(doc)
    if t.text in {"’s", "'s"} and _possessive_in_name(doc, j, lex, taken):
        return j + 1  # "Queen’s College Corwen", "Children’s Hospital"
    if t.text in {"'", "’"} and doc[j - 1].text.endswith("s") and not doc[j - 1].whitespace_ and (
            _possessive_in_name(doc, j, lex, taken)
            or (seen_prep and j + 1 < n and j + 1 not in taken and _what_a_body_is_for(doc, j + 1, lex)
                and any(doc[x].text in lex.org_heads for x in range(i, j)))):
        return j + 1  # "Tarsk Drivers' Union", "Association for Velm Miners' Rights": a plural's possessive
        # inside the name (before its head, or in what the body is for, after "of" or "for")
    if t.text in {"'", "’"} and not doc[j - 1].whitespace_ and t.whitespace_ and j + 1 < n \
            and is_cap(doc[j + 1]) and j + 1 not in taken and any(q in doc[j - 1].text[1:] for q in "'’"):
        return j + 1  # "the Union of K'iche' Weavers": a word's closing glottal stop, not a quotation
    if is_cap(t) and not t.is_sent_start and not _MONEY_TOKEN.match(t.text):
        return j + 1  # (not "S$3.2" after a company's name: a sum, not the name's last word)
    if doc[j - 1].text == "Local" and t.like_num and not t.is_sent_start:
        return j + 1  # "Halden Drivers Local 12": a union local's number is part of its name
    if t.text in lex.corporate_suffixes and not t.is_sent_start:
        return j + 1  # "Halden Telecom plc": a legal form written in lower case ends the name
    if t.lower_ == "in" and doc[j - 1].text in lex.org_heads_before_in and j + 1 < n \
            and is_cap(doc[j + 1]) and j + 1 not in taken:
        return j + 1  # "the Relief Mission in Velm": one name
    if t.lower_ == "to" and doc[j - 1].text in lex.org_heads_before_to and j + 1 < n \
            and is_cap(doc[j + 1]) and j + 1 not in taken:
        return j + 1  # "the Velm Mission to Tarsk": one name
    if t.lower_ == "on" and doc[j - 1].text in lex.org_heads_before_on and _subject_after_on(doc, j + 1, lex, taken):
        return j + 1  # "the Council on Water Policy": the body's subject is part of its name
    return None


def _joined_by_mark(doc: Doc, i: int, j: int, lex: Lexicon, taken: set[int]) -> int | None:
    """Where the chunk goes on when token ``j`` is a nickname's quotation mark, a portfolio's comma or
    an ampersand inside the name; else None."""
    t, n = doc[j], len(doc)
    if t.text in {'"', "“"} and j + 3 < n and j - i <= 3 and doc[j - 1].whitespace_ \
            and is_cap(doc[j + 1]) and doc[j + 2].text in {'"', "”"} and is_cap(doc[j + 3]) \
            and not t.whitespace_ and not doc[j + 1].whitespace_ and not {j + 1, j + 3} & taken:
        return j + 3  # Ada "Velm" Corwen: a nickname in quotation marks between the given name and the surname
    if t.text == "," and (end := _listed_portfolio(doc, i, j, lex, taken)) is not None:
        return end  # "Department of Trade, Housing and the Arts": one body's portfolio
    if t.text == "&" and j + 1 < n and is_cap(doc[j + 1]) and j + 1 not in taken:
        return j + 1  # "Tarsk Arts & Design College", "Velm & Ostra"
    return None


def _joined_by_hyphen(doc: Doc, i: int, j: int, lex: Lexicon, taken: set[int]) -> int | None:
    """Where the chunk goes on when token ``j`` is a hyphen inside a name, or an Arabic article
    hyphened to one; else None."""
    t, n = doc[j], len(doc)
    glued = t.text == "-" and not doc[j - 1].whitespace_
    if glued and j + 1 < n and is_cap(doc[j + 1]) and not t.whitespace_ and j + 1 not in taken:
        return j + 2
    if glued and not t.whitespace_ and j + 2 < n \
            and doc[j + 1].lower_ in lex.linking_vowels and doc[j + 1].whitespace_ and is_cap(doc[j + 2]) \
            and not {j + 1, j + 2} & taken:
        return j + 3  # "Pul-e Velmi", "Dasht-e Tarsk": a Persian linking vowel after a hyphen joins the name
    if glued and not t.whitespace_ and j + 3 < n \
            and doc[j + 1].is_lower and len(doc[j + 1]) <= 3 and not doc[j + 1].whitespace_ \
            and doc[j + 2].text == "-" and not doc[j + 2].whitespace_ and is_cap(doc[j + 3]) \
            and not {j + 1, j + 2, j + 3} & taken:
        return j + 4  # "Tarvo-e-Halden", "Ahl-ul-Norvan": a linking particle between hyphens
    if glued and not t.whitespace_ and j + 1 < n \
            and doc[j - 1].text in lex.hyphen_prefixes and doc[j + 1].is_lower and doc[j + 1].is_alpha \
            and j + 1 not in taken and j - i >= 2 and (is_cap(doc[j - 2]) or doc[j - 2].lower_ == "and") \
            and "\n" not in doc[j + 1].whitespace_ \
            and not (j + 2 < n and doc[j + 2].is_lower and doc[j + 2].pos_ in {"NOUN", "ADJ"}):
        # (not "Velm Anti-government protesters": the hyphened word qualifies the noun after it)
        return j + 2  # "Velm Anti-corruption Office", "Tarsk Co-operative Bank": a prefix's word inside the name
    if glued and not t.whitespace_ and j + 1 < n \
            and len(doc[j - 1]) > 1 and j + 1 not in taken and _name_syllable(doc[j + 1], lex):
        return j + 2  # "Lau Kin-wah", "Chan Mei-ling": a name's second syllable in lower case
    if (t.lower_ in lex.arabic_articles and j + 2 < n and doc[j + 1].text == "-"
            and is_cap(doc[j + 2]) and j + 2 not in taken):
        return j + 3
    return None


def _joined_by_connector(doc: Doc, i: int, j: int, lex: Lexicon, taken: set[int], seen_prep: bool) -> int | None:
    """Where the chunk goes on when token ``j`` is a lower-case connector between names ("of the Name",
    "pour la Name", "de los Name") that joins this name; else None."""
    t, n = doc[j], len(doc)
    if not (t.lower_ in lex.connectors and t.text.islower() and j + 1 < n and (
        is_cap(doc[j + 1]) or (doc[j + 1].lower_ in lex.connectors and doc[j + 1].text.islower()
                               and doc[j + 1].lower_ != "and" and j + 2 < n and is_cap(doc[j + 2]))
    ) and j + 1 not in taken):
        return None
    if t.lower_ == "and" and not _and_inside_name(doc, i, j, lex, taken, seen_prep):
        return None
    if t.lower_ == "of" and person_before_of_org(doc, i, j, lex):
        return None  # "Halden Ross | of the Harbour Union"
    if t.lower_ == "of" and j - i >= 2 and (
            lex.title_or_role(doc[i].text) or (i > 0 and lex.title_or_role(doc[i - 1].text))) \
            and not any(doc[x].text in lex.org_heads for x in range(i, j)):
        return None  # "Mayor Ada Corwen | of Halden": a titled person's name ends before "of"
    if t.lower_ not in lex.english_connectors and doc[j - 1].lower_ not in lex.connectors and (
            (doc[j - 1].lower_ in lex.common_words and doc[j - 1].text not in lex.org_first_words
             and t.lower_ not in lex.foreign_contractions)  # ("Hotel del Velm": one name)
            or (sent_initial(doc, j - 1) and doc[j - 1].text not in lex.given_names
                and t.lower_ not in lex.person_name_particles
                and doc[j - 1].text not in lex.org_first_words
                and doc[j - 1].text not in lex.place_first_words)):
        return None  # "Where do Halden Foods ...": a particle joins names, not an English word to one
        # ("Estudiantes de Velm", "Pieter van Velm" opening a sentence: a body's kind, a name before
        # a particle of a person's name (no common word: that is the line above) start the name)
    return j + 1


def _with_unit_number(doc: Doc, i: int, j: int, lex: Lexicon, taken: set[int]) -> int:
    """Where the chunk from ``i`` to ``j`` starts once a unit's number before it joins it: "the 3rd
    Armoured Brigade", "the navy's 2nd Fleet" (not a date's ordinal: "on May 2nd Parliament voted")."""
    if i > 1 and i - 1 not in taken and doc[j - 1].text in lex.org_heads \
            and "\n" not in doc[i - 1].whitespace_ and doc[i - 2].lower_ in {"the", "'s", "’s"} and (
                _ORDINAL.fullmatch(doc[i - 1].text)
                or (_UNIT_NUMBER.fullmatch(doc[i - 1].text) and j - i == 1 and doc[i - 2].lower_ != "the")):
        return i - 1
    return i


def _what_a_body_is_for(doc: Doc, k: int, lex: Lexicon) -> bool:
    """Token k, after "HEAD for|of Velm Miners'", ends the body's name as what it is for ("Rights",
    "Welfare"): a capitalised common word that ends the run of capitals, no day, month, role or title
    (not "the Federation of Velm Businesses' Ada Corwen", "... Workers' Monday strike")."""
    tok = doc[k]
    return tok.is_title and tok.is_alpha and not tok.is_sent_start and tok.lower_ in lex.common_words \
        and not (k + 1 < len(doc) and is_cap(doc[k + 1])) and not lex.title_or_role(tok.text) \
        and tok.lower_ not in lex.dates.get("weekdays", ()) and tok.lower_ not in lex.dates.get("months", ())


def _name_syllable(tok, lex: Lexicon) -> bool:  # noqa: ANN001 (a spaCy Token)
    """A short lower-case word after a hyphen inside a name ("-wah" in "Kin-wah"): not an
    English word ("Kurdish-led", "state-run", "US-backed" stay out). After a surname and a short
    syllable ("Ho Wai-ting", "Yip Chun-hung") a given name's second syllable may look like one."""
    if not (tok.is_lower and tok.is_alpha and len(tok) <= 6):
        return False
    if tok.lower_ not in lex.common_words and not tok.lower_.endswith(("ed", "ing", "ly")):
        return True
    doc, i = tok.doc, tok.i
    first = doc[i - 2] if i >= 2 else None  # the syllable before the hyphen
    return first is not None and i >= 3 and len(tok) <= 5 and 2 <= len(first) <= 5 and first.is_title \
        and first.lower_ not in lex.common_words \
        and doc[i - 3].is_title and len(doc[i - 3]) <= 6 and "\n" not in doc[i - 3].whitespace_ \
        and not tok.lower_.endswith("ed") \
        and not doc[i - 3].is_sent_start and doc[i - 3].text not in lex.org_heads


def _subject_after_on(doc: Doc, k: int, lex: Lexicon, taken: set[int]) -> bool:
    """The capitalised words from token k on name a subject ("Water Policy", "Trade Safety"): each a
    common word, a portfolio's or a noun by its ending ("Restitution"), none a weekday, month,
    holiday or demonym, the last no kind of place ("on Oxford Street", "on Christmas Day", "on
    Tuesday" say where or when, not what about)."""
    n, words = len(doc), 0
    while k < n and k not in taken and is_cap(doc[k]) and not doc[k].is_sent_start and words < 4:
        tok, low = doc[k], doc[k].lower_
        if not tok.is_alpha or (low not in lex.common_words and low not in lex.portfolio_words
                                and not low.endswith(tuple(lex.noun_endings))) \
                or tok.text in lex.not_entities or tok.text in lex.demonyms \
                or low in lex.dates.get("weekdays", ()) or low in lex.dates.get("months", ()):
            return False
        words += 1
        k += 1
    return words > 0 and doc[k - 1].text not in lex.place_proper_heads  # "on Kestmoor Street", "on Orvik Island"


def _listed_portfolio(doc: Doc, i: int, j: int, lex: Lexicon, taken: set[int]) -> int | None:
    """Where a body's portfolio written as a list ends: the chunk doc[i:j] is "HEAD of|on|for Word"
    and ", Word, ... and [the] Word" follow, each a capitalised common word ("Department of
    Trade, Housing and the Arts", "Council on Housing, Transport and Culture"); None otherwise
    (not a list of names: "the Council of Velm, Tarsk and Orvik")."""
    n = len(doc)
    if not any(doc[x].text in lex.org_heads and doc[x + 1].lower_ in {"of", "on", "for"} for x in range(i, j - 1)):
        return None

    def word(k: int) -> bool:  # a capitalised word, no given name or known place
        if k >= n or k in taken or not (doc[k].is_title and doc[k].is_alpha) or doc[k].text in lex.given_names:
            return False
        entry = lex.gazetteer.get(normalize_name(doc[k].text))
        return entry is None or entry.type != "Place"

    if not word(j - 1):
        return None
    items = [j - 1]
    k = j
    while k + 1 < n and doc[k].text == "," and word(k + 1) and not (k + 2 < n and doc[k + 2].text == ","
                                                                     and k + 3 < n and doc[k + 3].lower_ == "and"):
        items.append(k + 1)
        k += 2
        if k + 1 < n and word(k) and (doc[k + 1].text == "," or doc[k + 1].lower_ == "and") \
                and doc[k - 1].lower_ in lex.portfolio_words and doc[k].lower_ in lex.portfolio_words:
            items.append(k)  # "..., Land Reform and ...": a portfolio of two words inside the list
            k += 1
    if k < n and doc[k].text == ",":
        k += 1  # an Oxford comma
    if k >= n or doc[k].lower_ != "and" or len(items) < 2:
        return None
    k += 1
    if k < n and doc[k].lower_ == "the":
        k += 1
    if word(k) and k + 2 < n and word(k + 1) and not is_cap(doc[k + 2]) \
            and doc[k].lower_ in lex.portfolio_words and doc[k + 1].lower_ in lex.portfolio_words:
        items.append(k)
        k += 1  # "... and Water Resources": the last portfolio in two words
    elif not word(k) or (k + 1 < n and is_cap(doc[k + 1])):
        return None
    items.append(k)
    # a portfolio's words are common words or a ministry's ("Energy, Environment and Water"), not names
    # ("Velm, Tarsk and Orvik", "Education, Velmcorp and Tarvico") nor bodies ("Defence, Police and Army")
    if not all(doc[x].lower_ in lex.portfolio_words or (
            doc[x].lower_ in lex.common_words and doc[x].text not in lex.org_heads) for x in items):  # ("Science
        # and Technology": a portfolio word that may also end a company's name)
        return None
    return k + 1


def _and_inside_name(doc: Doc, i: int, j: int, lex: Lexicon, taken: set[int], seen_prep: bool) -> bool:
    """Whether the "and" at j joins two parts of one name (tokens from i): "Competition
    and Markets Authority", "Bureau of Alcohol, Tobacco, Firearms and Explosives", not
    two names ("Harvard University and the Max Planck Institute", "Ada Corwen and Halden
    Ross"). One name has at most one organisation head, so "and" joins when the part
    after it ends with a head and the part before has none (a head word alone is none), or,
    after "of"/"for", when the two parts do not both have one."""
    if doc[j + 1].lower_ == "the":
        return False
    k = j + 1
    while k < len(doc) and k not in taken and is_cap(doc[k]) and not doc[k].is_sent_start:
        k += 1
    right_head = doc[k - 1].text in lex.org_heads or doc[k - 1].text in lex.corporate_suffixes
    if seen_prep and right_head and k - (j + 1) >= 3 and _place_word(doc, j + 1, lex):
        return False  # "... Institute of Technology and Velmshire State University": a place opens a second body
    if seen_prep:  # the head before "of" is the name's own: "Department of Job and Family Services"
        last_prep = max(x for x in range(i, j) if doc[x].lower_ in {"of", "for"})
        i = last_prep + 1
    if doc[i].text in {"The", "A", "An"} and doc[k - 1].text not in lex.force_heads:
        i += 1  # "The Police and Immigration Department said": the article opening the sentence is no word of it
        # (but "The Army and Air Force": two bodies)
    # a head word alone is no name ("Securities and Exchange Commission")
    # (a field head is the field of one name there: "National Enforcement and Emergency ... System")
    left_head = j - i > 1 and any(doc[x].text in lex.org_heads and doc[x].text not in lex.field_heads
                                  for x in range(i, j))
    return not (right_head and left_head) if seen_prep else right_head and not left_head


def _surname_named_before(doc: Doc, tok: Token, lex: Lexicon) -> bool:
    """``tok`` was written before as the last word of a name after a first name ("... Edgar Kessu
    ...", then "Kessu of the Velm Unity Front"): a surname, not a body's first word (no common
    word, organisation head or place head; the word before it no place: not "Velm Port ... Port of
    Velm Authority")."""
    if tok.lower_ in lex.common_words or tok.text in lex.org_heads or tok.text in lex.place_proper_heads \
            or tok.text in lex.org_first_words:
        return False
    texts = token_texts(doc)  # (compared as strings: no Token made for the words that differ)
    for k in range(1, tok.i):
        if texts[k] != tok.text:
            continue
        first = doc[k - 1]
        if first.is_title and first.is_alpha and first.lower_ not in lex.common_words \
                and not lex.title_or_role(first.text) and normalize_name(first.text) not in lex.gazetteer \
                and not (k + 1 < len(doc) and is_cap(doc[k + 1])):
            return True
    return False


def person_before_of_org(doc: Doc, i: int, j: int, lex: Lexicon) -> bool:
    """Tokens i..j-1 look like a person's name and "of [the] ..." after them is
    an organisation's name (it ends with an organisation head)."""
    # the words of the name; a hyphenated part ("Wai-keung") counts as one word
    left = [t for t in doc[i:j] if t.text != "-" and not (t.i > 0 and doc[t.i - 1].text == "-")]
    if not left or not all(t.is_title for t in left):
        return False
    if any(t.text in lex.org_heads or t.text in lex.org_first_words or t.text in lex.place_proper_heads
           for t in left):
        return False
    if len(left) == 1 and not _surname_named_before(doc, left[0], lex):
        return False  # (one word: only a surname the article gave with a first name before)
    if len(left) >= 2 and left[-2].text in lex.given_names and left[-1].text not in lex.given_names:
        return True  # "Ada Corwen of Halden Advisory": a given name and a surname end at "of"
    if 2 <= len(left) <= 3 and not any(t.lower_ in lex.common_words for t in left):
        return True  # "Raymond Chan of Velm Power": two or three names, no word of a body's or place's name
    k = j + 1
    if k < len(doc) and doc[k].lower_ == "the":
        k += 1
    start = k
    while k < len(doc) and (is_cap(doc[k]) or (doc[k].text in {"and", "&", "'", "’", "'s", "’s"} and k + 1 < len(doc)
                                                and is_cap(doc[k + 1]) and k > start
                                                and doc[k - 1].text not in lex.org_heads)):
        k += 1  # "of Lund and Tarvel Assurance": a firm's partners; "of the Tarvel Drivers' Union"
    # "... of the Harbour Union", "Captain Ada Corwen of the HRU"
    return k > start and (doc[k - 1].text in lex.org_heads or doc[k - 1].text in lex.corporate_suffixes
                          or (k - start == 1 and is_acronym(doc[start].text)))  # "... of Brask Lowe LLP"


def _titled_name_before(doc: Doc, j: int, lex: Lexicon) -> bool:
    """A title, then a name of one to three words, ends at the possessive at ``j`` ("Chief
    Minister Ada Corwen's Cabinet"): a person's possessive (not "the Prime Minister's Office",
    where only title words stand before it; nor a royal's, which names a body for the person: "King
    Velm's School", entities.json eponym_titles)."""
    k = j - 1
    while k >= 0 and j - k <= 3 and is_cap(doc[k]) and not lex.title_or_role(doc[k].text):
        k -= 1
    return k < j - 1 and k >= 0 and lex.title_or_role(doc[k].text) and doc[k].text not in lex.eponym_titles


def _possessive_in_name(doc: Doc, j: int, lex: Lexicon, taken: set[int]) -> bool:
    """The "'s" at j is inside an organisation's name: an org head follows in the capitalised run
    (not after an acronym: "the NVC's Water Office" is the NVC's; not after a surname the article
    gave with a first name before: "Kessu's Velm Unity Front" is his party)."""
    if j > 0 and (is_acronym(doc[j - 1].text) or _surname_named_before(doc, doc[j - 1], lex)
                  or _titled_name_before(doc, j, lex)):
        return False
    k = j + 1
    while k < len(doc) and k not in taken and not doc[k].is_sent_start and (
            is_cap(doc[k]) or doc[k].text in {"’s", "'s"}):  # "St. Agnes's Women's Hospital"
        if doc[k].text in lex.org_heads:
            return True
        k += 1
    return False


def starts_line(doc: Doc, i: int) -> bool:
    """Token ``i`` starts a line (or the text): only spaces without a line break stand before it."""
    j = i - 1
    while j >= 0 and doc[j].is_space and "\n" not in doc[j].text:
        j -= 1
    return j < 0 or "\n" in doc[j].text or "\n" in doc[j].whitespace_


def country_after_comma(doc: Doc, comma: int, lex: Lexicon) -> bool:
    """", South Sudan," / ", Norway (": at token ``comma`` a comma, then a known country or state of
    one to three words, then a comma, a bracket or a dash (a dateline's place and country)."""
    if comma >= len(doc) or doc[comma].text != ",":
        return False
    for k in (3, 2, 1):
        end = comma + 1 + k
        if end >= len(doc):
            continue
        entry = lex.gazetteer.get(normalize_name(doc[comma + 1 : end].text))
        if entry is not None and entry.type == LOC and entry.kind in {"country", "state", ""} \
                and doc[end].text in {",", "(", "-", "\u2013", "\u2014"}:
            return True
    return False


def _dateline_place(doc: Doc, s: int, e: int, lex: Lexicon) -> bool:
    """"SPLIT, Croatia -": a one-word name in capitals at a line's start before a comma and a known
    country or state: a dateline's place, even where the word is also a common English word."""
    return e - s == 1 and doc[s].is_upper and len(doc[s]) >= 2 and starts_line(doc, s) \
        and country_after_comma(doc, e, lex)


def trim(doc: Doc, lex: Lexicon, s: int, e: int) -> tuple[int, int]:
    """Drop leading words that are not part of a name (sentence-initial common words,
    demonyms, compass words, determiners). An organisation-shaped name keeps its
    demonym ("Norwegian Armed Forces")."""
    org_shaped = _org_shaped(doc, s, e, lex) or _demonym_and_noun_body(doc, s, e, lex)
    while s < e and _drop_first(doc, s, e, lex, org_shaped):
        s += 1
    return s, _trimmed_end(doc, s, e, lex, org_shaped)


def _org_shaped(doc: Doc, s: int, e: int, lex: Lexicon) -> bool:
    """The span ends as an organisation's or an event's name does, or has a body's head before "of"."""
    return e - s > 1 and (doc[e - 1].text in lex.org_heads or doc[e - 1].text in lex.corporate_suffixes
                          or doc[e - 1].text in lex.event_heads  # "the Asian Championships"
                          # "the Velmish Express", "the Irish Times": a masthead keeps its demonym
                          or (e - s == 2 and doc[e - 1].text in lex.demonym_mastheads
                              and not (e < len(doc) and doc[e].is_lower and doc[e].pos_ == "NOUN"))
                          or any(
        # "Danish Directorate of Quarries", "North Velm Shipping Co.", "Nordic Union Mission in Velm"
        doc[k].text in lex.org_heads and doc[k + 1].lower_ in {"of", "for", "in", "to", "on"} for k in range(s, e - 1)))


def _demonym_and_noun_body(doc: Doc, s: int, e: int, lex: Lexicon) -> bool:
    """"of Norwegian Waters", "a claim Icelandic Water denied": inside a sentence, a demonym and one
    capitalised common noun are a body's name (the noun alone would name nothing) where a body stands:
    after "of", "by", "from" or "with", or before a verb (not "drank German Beer", "won the French Open")."""
    return e - s == 2 and doc[s].text in lex.demonyms and not sent_initial(doc, s) \
        and doc[e - 1].is_title and doc[e - 1].lower_ in lex.common_words \
        and doc[e - 1].text not in lex.demonyms \
        and ((s > 0 and doc[s - 1].lower_ in {"of", "by", "from", "with"})
             or (s > 1 and doc[s - 1].lower_ == "the"  # "told the Icelandic Herald"
                 and doc[s - 2].lower_ in lex.speech_verbs)
             or (e < len(doc) and doc[e].tag_ in {"VBD", "VBN", "VBZ", "VBP", "MD"}))


def _drop_first(doc: Doc, s: int, e: int, lex: Lexicon, org_shaped: bool) -> bool:
    """Whether token ``s``, the first of the span that ends at ``e``, is no part of the name."""
    tok = doc[s]
    initial = sent_initial(doc, s)
    hyphen_part = s + 2 < e and doc[s + 1].text == "-" and not tok.whitespace_ and is_cap(doc[s + 2])
    if _never_opens_name(doc, s, e, lex, org_shaped, initial, hyphen_part):
        return True
    org_pair = e - s == 2 and doc[e - 1].text in lex.org_heads  # "General Motors said": one name
    first_word = e - s > 1 and tok.text in lex.org_first_words  # "Sporting Tarvel opened": a name's first word
    if initial and tok.text not in lex.given_names and not hyphen_part and not org_pair \
            and not first_word and not (tok.text in lex.sport_words and e - s > 1) \
            and not _dateline_place(doc, s, e, lex):  # "Rowing Norway said", "SPLIT, Croatia -"
        return _common_opening(doc, s, e, lex, org_shaped)
    return False


def _initial_a(doc: Doc, s: int, e: int) -> bool:
    """A capital "A" inside a sentence, after a comma and before a name, is an initial
    ("... as: Ravi Tenkar (45), A Velmouli (19)"): an article there is written "a"."""
    return doc[s].text == "A" and e - s >= 2 and s > 0 and doc[s - 1].text in {",", ";"} \
        and not sent_initial(doc, s) and doc[s + 1].is_title


def _never_opens_name(doc: Doc, s: int, e: int, lex: Lexicon, org_shaped: bool, initial: bool,
                      hyphen_part: bool) -> bool:
    """Token ``s`` is a word no name opens with, wherever it stands: a listed non-entity, a demonym,
    a compass word, an article, a number of people, a connector."""
    tok = doc[s]
    low = tok.lower_
    return (
        # "English ... League", "Republican Guard": an organisation's name keeps the adjective
        (tok.text in lex.not_entities and not (org_shaped and (
            tok.text in lex.demonyms or (tok.text in lex.name_adjectives and not initial))))
        or (tok.is_upper and tok.text.title() in lex.not_entities)
        or ((tok.text in lex.demonyms or (tok.text[-1:] == "s" and tok.text[:-1] in lex.demonyms
                                          and (e - s == 1 or tok.is_sent_start or s == 0 or doc[s - 1].is_punct)))
            and not org_shaped  # "Norwegian", "Kenyans"; not "North-East" (a region), but "Afghan-Iranian"
            and not (hyphen_part and doc[s + 2].text not in lex.demonyms)
            # "South", "Western" are demonyms' first words ("South African", "Western European");
            # before another name they start it ("South Velmora", "Western Orvik")
            and not (low in lex.compass_modifiers and e - s > 1 and doc[s + 1].text not in lex.demonyms))
        or (low in lex.compass_modifiers and ((initial and not org_shaped) or tok.is_lower or e - s == 1)
            and not (e - s > 1 and normalize_name(doc[s : s + 2].text) in lex.gazetteer))  # "South Sudan ..."
        or (low in {"the", "a", "an"} and not _initial_a(doc, s, e))
        or (tok.like_num and tok.is_alpha and e - s == 2 and doc[s + 1].text[-1:] == "s"
            and doc[s + 1].text[:-1] in lex.demonyms)  # "Nine Egyptians": a number of people, no name
        or (tok.like_num and tok.is_alpha and e - s > 2 and doc[s + 1].text in lex.demonyms)  # "Two Velmish
        # Army soldiers": a number of the body's people
        or (tok.is_lower and low in lex.connectors)  # "of the Halden Union" once "Teachers" is dropped
        or tok.text in {"&", "'s", "’s"}  # "Wednesday's Cabinet meeting" once the weekday is dropped
    )


def _common_opening(doc: Doc, s: int, e: int, lex: Lexicon, org_shaped: bool) -> bool:
    """Token ``s`` opens a sentence as a common word, an adverb, a kind of body or person or another
    word of a sentence, not as a name's first word."""
    tok = doc[s]
    low = tok.lower_
    # an organisation's name may open with a common noun or adjective ("Harbour Affairs Ministry
    # said", "Keep Velm Local said"), not with an adverb ("Later Quillon Marsac SA recalled")
    # or a day ("Yesterday Velm Council said")
    kept_in_org = (org_shaped and tok.tag_ in {"NN", "NNP", "NNS", "NNPS", "JJ"}
                   and low not in lex.opening_adverbs and low not in lex.dates.get("weekdays", ())) \
        or _agency_of_a_country(doc, s, e, lex)
    return (
        (low in lex.common_words and not kept_in_org)
        or low in lex.opening_adverbs  # "Furthermore, the officials said": rarer than the common words
        or (e - s > 1 and low in lex.org_appositive_nouns and tok.text not in lex.org_heads
            and tok.text not in lex.org_first_words)  # "Retailer Halden Goods said"
        or (e - s > 1 and low in lex.org_context_after)  # "Fighters of the Halden Forces"
        # "Survivor Ada Corwen, 38, said": a kind of person before a name of two words or more, none of
        # them a common word or a body's or place's head (not "Refugee Council Velm", "Baker Street
        # Station")
        or (e - s > 2 and low in lex.person_nouns and not org_shaped and all(
            doc[x].is_title and doc[x].lower_ not in lex.common_words and doc[x].text not in lex.org_heads
            and doc[x].lower_[:-1] not in lex.common_words  # ("Farmer Brothers Velm": a plural)
            and doc[x].text not in lex.place_proper_heads for x in range(s + 1, e)))
        or (tok.text.istitle() and len(low) >= 6 and re.search(r"(ing|ed|ly)$", low) is not None)
        or (tok.text.istitle() and e - s == 1 and written_in_lower_case(doc, low))
        # "Nurses of the Velm Health Board said", "Officers of the Bureau on Velm Fraud": a plural common
        # noun, then "of" and a body's name
        or (e - s > 2 and doc[s + 1].lower_ == "of" and low.endswith("s") and org_shaped
            and (low[:-1] in lex.common_words or low[:-2] in lex.common_words or tok.tag_ in {"NNS", "NNPS"}))
    )


def _trimmed_end(doc: Doc, s: int, e: int, lex: Lexicon, org_shaped: bool) -> int:
    """Where the span from ``s`` ends once trailing non-entities and demonyms that end no name are dropped."""
    while e > s and (doc[e - 1].text in lex.not_entities or doc[e - 1].text in lex.demonyms):
        if org_shaped and e - s >= 4 and doc[e - 1].text not in lex.demonyms and doc[e - 2].is_title \
                and doc[e - 1].lower_ in lex.common_words and doc[e - 1].lower_.endswith(lex.field_endings) \
                and any(doc[k].lower_ in {"of", "for"} for k in range(s + 1, e - 1)):
            break  # "Velm Centre for Market Analysis": what the body is for ends its name (no page label)
        adjective = e < len(doc) and doc[e].is_lower and doc[e].is_alpha  # "the Velm Valley Kurdish group"
        if e - s >= 3 and not adjective and doc[e - 1].text not in lex.not_entities and all(
                doc[k].is_title and doc[k].text not in lex.demonyms and doc[k].text not in lex.org_heads
                for k in range(s, e - 1)):
            break  # "Osk Tarvo Baloch": a surname that is also a demonym ends a name of three words
        if e - s == 2 and (not adjective or doc[e].lower_ in {"of", "who"} or doc[e].lower_ in lex.speech_verbs) \
                and _demonym_surname(doc, s, e, lex):
            break  # "Ivo French, a farmer", "Osk Welsh said": a given name, then the surname
        e -= 1
    return e


def _demonym_surname(doc: Doc, s: int, e: int, lex: Lexicon) -> bool:
    """A name of two words whose second is a demonym is a person's ("Ivo French") when the first is
    a name of no place, body or people, no article stands before it, and a comma, a full stop, a
    possessive, "of", "who" or a speech verb follows."""
    first = doc[s]
    if first.is_title and s > 0 and lex.title_or_role(doc[s - 1].text) and first.text not in lex.demonyms:
        return True  # "spokesman Ada French said": a role names the person after it
    if not first.is_title or first.text in lex.demonyms or first.text in lex.not_entities \
            or first.text in lex.org_heads or first.lower_ in lex.common_words \
            or normalize_name(first.text) in lex.gazetteer:
        return False
    if s > 0 and doc[s - 1].lower_ in {"the", "a", "an"}:
        return False
    nxt = doc[e] if e < len(doc) else None
    return nxt is None or nxt.text in {",", ".", ";", ")", "'s", "’s", "of", "who"} or nxt.lower_ in lex.speech_verbs


def _after_portfolio(doc: Doc, s: int, e: int, lex: Lexicon) -> int:
    """"Minister for Housing Ada Corwen", "Secretary of State for Health Ada Corwen": a title, "for"
    or "of" and a portfolio of common words before a name of two words or more; the name's start."""
    p = s + 1  # "Deputy Prime Minister for ...": the title's last word before "for" or "of"
    while p < min(s + 3, e - 1) and doc[p].lower_ not in {"for", "of"} and doc[p].is_title:
        p += 1
    if e - p < 4 or not lex.title_or_role(doc[p - 1].text) or doc[p].lower_ not in {"for", "of"}:
        return s
    k = p + 1
    while k < e - 2 and (doc[k].lower_ in lex.common_words or doc[k].lower_ in {"and", "the", "for", "of"}
                         or doc[k].lower_ in lex.portfolio_words
                         or doc[k].text in lex.org_heads or _abstract_noun(doc[k].lower_, lex)
                         or plural_common(doc[k].lower_, lex)) \
            and doc[k].text not in lex.given_names:
        k += 1
    if k == p + 1 or not all(t.is_title for t in doc[k:e]):
        return s
    # "Minister of Agriculture and Glaciology Ada Corwen": a portfolio word no list knows, then a
    # given name that opens a name of two words or more
    given = next((j for j in range(k + 1, e - 1) if doc[j].text in lex.given_names), None)
    if given is not None and doc[k - 1].lower_ == "and" and doc[k].text not in lex.given_names:
        return given
    return k


def plural_common(low: str, lex: Lexicon) -> bool:
    """"prosecutions", "fisheries": the plural of a common word or of an abstract noun."""
    if low.endswith("ies") and low[:-3] + "y" in lex.common_words:
        return True
    return low.endswith("s") and (low[:-1] in lex.common_words or _abstract_noun(low[:-1], lex))


def _abstract_noun(low: str, lex: Lexicon) -> bool:
    """"reconstruction", "procurement": a long word with an abstract noun's ending, not a name."""
    endings = tuple(x for x in lex.noun_endings if len(x) >= 3 and x not in {"age", "ure", "out"})
    return len(low) >= 7 and low.endswith(endings)


def written_in_lower_case(doc: Doc, low: str) -> bool:
    """The article also writes the word (or its singular or plural) in lower case: "Households
    have..." where "households" is used too is a common noun starting a sentence, not a name."""
    words = doc.user_data.get("kg_lower_words")
    if words is None:
        words = doc.user_data["kg_lower_words"] = {t for t in token_texts(doc) if t.islower() and t.isalpha()}
    return low in words or low + "s" in words or (low.endswith("s") and low[:-1] in words)


def _after_role_phrase(doc: Doc, s: int, e: int, lex: Lexicon) -> int:
    """Skip a capitalised role phrase of two words or more at the start of the chunk
    ("Chief Financial Officer Ada Corwen", "Board Member Ada Corwen"), if a name of at
    least two words follows."""
    words = [t.lower_ for t in doc[s:e]]
    for k in range(min(len(words) - 2, 4), 1, -1):
        if " ".join(words[:k]) in lex.roles and all(t.text[:1].isupper() for t in doc[s + k : e]):
            return s + k
    return s


def _is_role_word(tok, lex: Lexicon) -> bool:
    return tok.text[:1].isupper() and lex.title_or_role(tok.text)


def _name_before_role(doc: Doc, s: int, p: int, lex: Lexicon) -> bool:
    """Whether the words before a role in a chunk name a body by themselves: one word that is
    not a common English word, a name ending with an organisation head ("Halden Council"), or
    one whose head takes "of" or "for" ("Boundary Commission of Velmland"). A portfolio
    ("Fisheries Minister Ada Corwen") and a role modifier ("Deputy Cabinet Secretary") are
    the title's, not a name."""
    if doc[s].lower_ in {"the", "a", "an"} and p - s > 1:
        s += 1  # "The Boundary Commission of Velmland Chairperson Ada Corwen"
    if doc[s].lower_ in lex.role_modifiers:
        return False
    if p - s == 1:
        return doc[s].lower_ not in lex.common_words and doc[s].lower_ not in lex.portfolio_words
    return doc[p - 1].text in lex.org_heads or any(
        doc[k].text in lex.org_heads and doc[k + 1].lower_ in {"of", "for"} for k in range(s, p - 2))


def _name_word(name: Span, k: int) -> bool:
    """Word k of a person's name: a capitalised word, or a hyphen joining a syllable to the
    capitalised word before it with no space ("Tarn Vol-ki", "Sel Aru-mee"), or that syllable."""
    t = name[k]
    if t.text[:1].isupper() and t.is_alpha:
        return True
    if t.text == "-":
        return 0 < k < len(name) - 1 and not name[k - 1].whitespace_ and not t.whitespace_ \
            and name[k - 1].text[:1].isupper() and name[k + 1].is_alpha
    return k > 1 and name[k - 1].text == "-" and t.is_alpha and t.is_lower


def split_at_inner_role(doc: Doc, s: int, e: int, lex: Lexicon) -> list[tuple[int, int]]:
    """A capitalised role word inside a chunk, with a name of two words or more after it,
    splits the chunk: "Halden Mayor Ada Corwen" is the place, the role and the person;
    "Water Resources Minister Ada Corwen" a title and the person. What stands before
    the role is kept as a chunk of its own only when it can be a name by itself (one word that
    is not a common English word, or a name ending with an organisation head), without the role
    words that end it ("Transport Minister Ada Corwen" keeps no "Transport")."""
    for r in range(e - 3, s, -1):
        if not _is_role_word(doc[r], lex):
            continue
        if doc[r : r + 2].text in lex.person_titles and r + 3 < e:
            r += 1  # "Datuk Seri Ada Corwen": a title of two words
        name = doc[r + 1 : e]
        if not all(_name_word(name, k) for k in range(len(name))) or any(
            t.text in lex.org_heads or t.text in lex.corporate_suffixes or t.text in lex.place_proper_heads
            or lex.title_or_role(t.text) for t in name
        ):
            return [(s, e)]
        p = r
        while p > s and (_is_role_word(doc[p - 1], lex) or doc[p - 1].lower_ in lex.role_modifiers):
            p -= 1
        out = []
        if p > s and _name_before_role(doc, s, p, lex):
            out.append((s, p))
        out.append((r + 1, e))
        return out
    return _without_closing_role(doc, s, e, lex)


def _without_closing_role(doc: Doc, s: int, e: int, lex: Lexicon) -> list[tuple[int, int]]:
    """A chunk that ends with a capitalised role ("Tarsk Holdings Chairman and CEO Ada
    Corwen", "the Velmo Police Commissioner said") keeps the body's name before it, when that
    can be a name by itself (_name_before_role); "Glotel's Customer Relations Executive"
    keeps the owner before the possessive."""
    if e - s < 2 or not _is_role_word(doc[e - 1], lex) or (s > 0 and doc[s - 1].text in {"'s", "’s"}):
        return [(s, e)]  # "Glotel's Customer Relations Executive": a unit of the owner's, not a body
    p = e - 1
    while p > s and (_is_role_word(doc[p - 1], lex) or doc[p - 1].lower_ in lex.role_modifiers):
        p -= 1
    own = next((k for k in range(s + 1, e - 1) if doc[k].text in {"'s", "’s"}), None)
    if own is not None:
        return [(s, own)]
    if any(doc[k].lower_ in {"of", "for"} and doc[k + 1].lower_ == "the" for k in range(s, e - 1)):
        return [(s, e)]  # "Office of the Prime Minister": the role is the name's
    # one word before a role may be the body's own name ("National Guard", "Republican Guard"),
    # unless another role follows ("Tarsk Chairman and CEO Ada Corwen": a person's titles)
    more_roles = e + 1 < len(doc) and doc[e].lower_ in {"and", "&"} and lex.title_or_role(doc[e + 1].text)
    words = p - s - (doc[s].lower_ in {"the", "a", "an"})
    if (words > 1 or more_roles or (words == 1 and is_acronym(doc[p - 1].text))) and _name_before_role(doc, s, p, lex):
        return [(s, p)]  # ("the incumbent ABC MP had": initials are no part of a role's name)
    name_like = all(t.text == "-" or (t.is_alpha and t.text[:1].isupper() and t.lower_ not in lex.common_words)
                    for t in doc[s:p])
    if more_roles and name_like:
        return [(s, p)]  # "Corwen-Velm Tarsk Chairman and CEO Ada Corwen": no common word, so a name
    if name_like and words > 1 and p == e - 1 and doc[p].text in lex.post_nominal_roles \
            and not any(t.lower_ in lex.compass_modifiers or lex.is_place(t.text) for t in doc[s:p]):
        return [(s, p)]  # "Ada Corwen MP said": the letters after a person's name (not "Tarsk East MP")
    return [(s, e)]


# ----------------------------------------------------------------- the whole step
_ACRONYM = re.compile(r"[A-Z][A-Z&\-]{1,9}")


def _acronym_expansions(doc: Doc, lex: Lexicon) -> list[tuple[int, int]]:
    """Token spans written right before "(ABC)" whose capitalised words' initials spell ABC
    (lower-case connectors and the prepositions of entities.json acronym_inner_words skipped), at
    least two words long."""
    out = []
    texts = token_texts(doc)
    for k in range(1, len(doc) - 2):
        if texts[k] != "(" or texts[k + 2] != ")" or not _ACRONYM.fullmatch(texts[k + 1]):
            continue
        letters = doc[k + 1].text.replace("-", "").replace("&", "")
        initials = ""
        a = k
        while a > 0 and k - a < 12 and len(initials) < len(letters) and "\n" not in doc[a - 1].whitespace_:
            tok = doc[a - 1]
            if tok.is_lower and (tok.lower_ in lex.connectors or tok.lower_ in lex.acronym_inner_words):
                a -= 1
                continue
            if not is_cap(tok):
                break
            initials = tok.text[0] + initials
            a -= 1
        while a < k and doc[a].is_lower:
            a += 1  # a name starts with a capital
        inner = any(doc[t].is_lower and doc[t].lower_ in lex.acronym_inner_words for t in range(a, k))
        if inner and not any(doc[t].text in lex.org_heads or doc[t].text in lex.org_first_words for t in range(a, k)):
            continue  # a preposition joins only a body's name ("Union for Velm in the West"), not "Orvik on Monday"
        if initials == letters and k - a >= 2:
            out.append((a, k))
    return out


class _EndIndex:
    """The candidate that ends last at or before a token (the one before a chunk), as
    ``max(typed + gaz, key=end)`` would give it (on a tie a typed one, the earliest), in
    log time: that scan per chunk was quadratic (minutes on an article of 5,000 names)."""

    def __init__(self, gaz: list[Cand]) -> None:
        self._at: dict[int, Cand] = {}
        self._typed: set[int] = set()
        for c in gaz:
            self._at.setdefault(c.end, c)
        self._ends = sorted(self._at)

    def add_typed(self, c: Cand) -> None:
        if c.end in self._typed:
            return  # an earlier typed candidate with this end wins
        if c.end not in self._at:
            bisect.insort(self._ends, c.end)
        self._at[c.end] = c
        self._typed.add(c.end)

    def last(self, s: int) -> Cand | None:
        i = bisect.bisect_right(self._ends, s)
        return self._at[self._ends[i - 1]] if i else None


def _lower_case_bodies(doc: Doc, lex: Lexicon) -> list[tuple[int, int]]:
    """"Norway's foreign ministry said": a ministry written in lower case with its portfolio
    (entities.json lower_case_bodies, portfolio_words) after a country's or a state's possessive
    names that body; the span is the portfolio and the noun."""
    out = []
    texts = token_texts(doc)
    for i in range(2, len(doc)):
        if texts[i] not in lex.lower_case_bodies:  # (lower case: a capitalised one is no such word)
            continue
        tok = doc[i]
        if not tok.is_lower or tok.lower_ not in lex.lower_case_bodies:
            continue
        k = i - 1
        if not (doc[k].is_lower and doc[k].lower_ in lex.portfolio_words):
            continue
        owner = doc[k - 2] if doc[k - 1].text in {"'s", "’s"} else None
        entry = lex.gazetteer.get(normalize_name(owner.text)) if owner is not None else None
        if entry is not None and entry.type == "Place" and entry.kind in {"country", "state"}:
            out.append((k, i + 1))  # (not "the health ministry": a description, as "the group" is)
    return out


def _plural_role_opening(doc: Doc, s: int, lex: Lexicon) -> bool:
    """"Engineers Ada Corwen and ...": a role in the plural opening a sentence before names."""
    low = doc[s].lower_
    return low.endswith("s") and low[:-1] in lex.roles and sent_initial(doc, s) and s + 1 < len(doc) \
        and is_cap(doc[s + 1]) and doc[s + 1].text not in lex.org_heads \
        and doc[s + 1].lower_ not in lex.common_words  # (not "Engineers Without Borders": a body's name)


def _headline_common_word(doc: Doc, g: Cand, lex: Lexicon, headlines: Headlines) -> bool:
    """A gazetteer name on a title-case line whose words are all common English words ("More Than
    6,000 Flee": a town is called Than) and that the body never writes as a name."""
    if not headlines.covers(g.start, g.end):
        return False
    words = [t for t in doc[g.start : g.end] if t.is_alpha]
    return bool(words) and all(t.lower_ in lex.common_words for t in words) \
        and not headlines.in_body(doc[g.start : g.end].text)


def find_candidates(doc: Doc, lex: Lexicon, rules: RuleTable,
                    headlines: Headlines | None = None) -> list[Cand]:
    """Gazetteer matches plus every capitalised chunk typed by the first rule of ``rules``
    (kg.nlp.entities.rules.shipped_rules: the shipped table) that fires. On a title-case line a
    chunk keeps only the part the body also writes (kg.nlp.entities.headlines). (The table is
    given, not loaded here: kg.nlp.entities.rules imports this module.)"""
    if headlines is None:
        headlines = Headlines(doc, lex)
    gaz = [g for g in gazetteer_matches(doc, lex, headlines.tokens, headlines.body)
           if not _headline_common_word(doc, g, lex, headlines)]
    typed: list[Cand] = []
    for a, b in _acronym_expansions(doc, lex):
        if any(g.start <= a and g.end >= b for g in gaz) or not (any(a <= g.start < b for g in gaz) or any(
                doc[t].text in lex.demonyms or doc[t].text in lex.not_entities or _place_word(doc, t, lex)
                or doc[t].lower_ in lex.acronym_inner_words for t in range(a, b))):
            continue  # the gazetteer knows the name (or a longer one), or nothing of it would be split or trimmed
        # "Food Standards Velmland New Tarsk (FSVNT)": the initials join what the gazetteer split
        gaz = [g for g in gaz if g.end <= a or g.start >= b]
        typed.append(Cand(a, b, ORG, "org-shape"))
    for a, b in _lower_case_bodies(doc, lex):
        if not any(g.start < b and a < g.end for g in gaz + typed):
            typed.append(Cand(a, b, ORG, "lower-case-body"))
    taken = {i for c in gaz + typed for i in range(c.start, c.end)}
    before = _EndIndex(gaz)
    for s, e in (part for c in chunks(doc, lex, taken) for part in split_at_inner_role(doc, *c, lex)):
        s = _after_role_phrase(doc, s, e, lex)  # "Chief Financial Officer Ada Corwen", before trim drops "Chief"
        s = _after_portfolio(doc, s, e, lex)  # "Minister for Housing Ada Corwen"
        s, e = trim(doc, lex, s, e)
        if s >= e:
            continue
        if headlines.covers(s, e):
            part = headlines.named_part(s, e)
            if part is None:
                continue
            s, e = trim(doc, lex, *part)
            if s >= e:
                continue
        s = _after_role_phrase(doc, s, e, lex)  # "Chief Financial Officer Ada Corwen"
        # "General Staff", "Chief Office for Ports": no title there
        titled = doc[e - 1].text not in lex.org_heads and not any(
            doc[k].text in lex.org_heads and doc[k + 1].lower_ in {"of", "for"} for k in range(s, e - 1))
        while titled and e - s > 1 and (doc[s].text in lex.person_titles or doc[s].text == "-"
                             or doc[s].lower_ in lex.roles or lex.role_by_ending(doc[s].lower_)
                             or _plural_role_opening(doc, s, lex)) \
                and doc[s + 1].text not in {"’s", "'s"}:
            s += 1
        while titled and e - s > 2 and doc[s : s + 2].text in lex.person_titles:
            s += 2  # "Prime Minister Ada Corwen"
        while titled and e - s > 1 and (doc[s].text in lex.person_titles or doc[s].text == "-") \
                and doc[s + 1].text not in {"’s", "'s"}:
            s += 1  # "Correspondent Ada Corwen", "Secretary-General Halden Ross": not the name
        if e - s == 1 and doc[s].text in lex.person_titles:
            continue
        if doc[s].lower_ in {"of", "for"} and doc[s].is_lower:
            continue  # "Professor of Marine Biology": the title's field, no name
        if e - s == 1 and doc[s].text.rstrip(".") in lex.month_abbreviations and (
                (s > 0 and doc[s - 1].like_num) or (e < len(doc) and doc[e].like_num)):
            doc.user_data.setdefault(DROPPED, []).append((s, e))  # (nor the statistical NER's name)
            continue  # "21 Feb, 2031", "Feb 21": a month in a date, not a name
        cand = rules.type_chunk(doc, s, e, lex, before.last(s))
        if cand is not None:
            typed.append(cand)
            before.add_typed(cand)
    return sorted(gaz + typed, key=lambda c: c.start)
