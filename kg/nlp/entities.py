"""Find organisations, people and places with the gazetteer and context rules,
then resolve mentions within the article (surname = full name, acronym =
expansion). Every rule has a name, recorded as the mention's ``source``.

Steps: gazetteer matches over the token stream (longest first) -> capitalised
chunks between them -> each chunk typed by the first rule that fires -> mentions
clustered into entities.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spacy.tokens import Doc, Token

from kg.nlp.lexicon import GazetteerEntry, Lexicon, normalize_name
from kg.types import Entity, Mention

ORG, PER, LOC = "Organisation", "Person", "Place"
_ACRONYM = re.compile(r"^[A-Z][A-Z0-9&\-]{1,7}$")


@dataclass
class Cand:
    start: int  # token index
    end: int  # token index (exclusive)
    type: str | None
    rule: str
    gaz: GazetteerEntry | None = None
    title: int | None = None  # token index of a title ("Mr") that belongs to the mention
    model_type: str | None = None  # the statistical NER's type, used when nothing better decides


def is_cap(tok: Token) -> bool:
    t = tok.text
    return bool(t) and t[0].isupper() and any(c.isalpha() for c in t)


def is_acronym(text: str) -> bool:
    return bool(_ACRONYM.match(text)) and sum(c.isalpha() for c in text) >= 2


def _sent_initial(doc: Doc, i: int) -> bool:
    """True when only spaces, quotes or bullets stand between the sentence start and token i."""
    j = i
    while j > 0 and not doc[j].is_sent_start:
        prev = doc[j - 1]
        if not (prev.is_space or prev.text in {'"', "“", "‘", "'", "(", "•", "-", "–", "—", ":"}):
            return False
        j -= 1
    return True


# ----------------------------------------------------------------- gazetteer
def gazetteer_matches(doc: Doc, lex: Lexicon) -> list[Cand]:
    out: list[Cand] = []
    n = len(doc)
    # plain lists: indexing a Doc builds a Token object each time, and this loop
    # looks at every capitalised token with up to gazetteer_max_tokens + 2 spans
    texts = [t.text for t in doc]
    with_ws = [t.text_with_ws for t in doc]
    lowers = [t.lower_ for t in doc]
    punct = [t.is_punct for t in doc]
    i = 0
    while i < n:
        if not texts[i][:1].isupper() and lowers[i] not in lex.arabic_articles:
            i += 1
            continue
        first = normalize_name(texts[i]).split()
        if (first and first[0] not in lex.gazetteer_first_words) or lowers[i] == "the":
            i += 1  # no gazetteer name starts with this word (the common case)
            continue
        hit = None
        for k in range(min(lex.gazetteer_max_tokens + 2, n - i), 0, -1):
            if punct[i + k - 1]:
                continue
            text = "".join(with_ws[i : i + k - 1]) + texts[i + k - 1]
            if "\n" in text:
                continue
            if k == 1 and text in lex.not_entities:
                continue
            entry = lex.gazetteer.get(normalize_name(text))
            if entry is None:
                continue
            if text.isupper() and len(text) > 4 and k <= 3 and all(
                len(t) >= 3 for t in doc[i : i + k] if t.is_alpha
            ):
                text = text.title()  # "KHARTOUM, Sudan --", "LOS ANGELES --": a dateline in capitals
            if len(text) <= 4 or text.isupper():
                # short forms and acronyms match only as written
                forms = {entry.label, *entry.aliases}
                if text not in forms:
                    continue
            if not texts[i][:1].isupper() and not (lowers[i] in lex.arabic_articles and k > 1):
                continue
            if entry.kind == "city" and _inside_name(doc, i, i + k):
                continue  # "Mustafa Bali", "Emma Murphy": a city name as part of a longer name
            if k == 1 and _part_of_longer_name(doc, i, lex):
                continue  # "African National Congress", "West Darfur", "Gaza City"
            hit = Cand(i, i + k, entry.type, "gazetteer", gaz=entry)
            break
        if hit:
            out.append(hit)
            i = hit.end
        else:
            i += 1
    return out


def _inside_name(doc: Doc, s: int, e: int) -> bool:
    before = s > 0 and is_cap(doc[s - 1]) and "\n" not in doc[s - 1].whitespace_
    after = e < len(doc) and is_cap(doc[e]) and not doc[e].is_sent_start
    return bool(before or after)


def _part_of_longer_name(doc: Doc, i: int, lex: Lexicon) -> bool:
    prev = doc[i - 1] if i > 0 else None
    nxt = doc[i + 1] if i + 1 < len(doc) else None
    if prev is not None and is_cap(prev) and not prev.whitespace_.count("\n") and not _sent_initial(doc, i - 1) \
            and prev.text not in lex.demonyms and prev.text not in lex.not_entities \
            and prev.text not in lex.person_titles and not is_acronym(prev.text):
        return True
    return nxt is not None and (nxt.text in lex.place_proper_heads or nxt.text in lex.org_heads)


# ----------------------------------------------------------------- chunks
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
        j = i + 3 if starts_arabic else i + 1
        seen_prep = False
        while j < n and j not in taken and not doc[j - 1].whitespace_.count("\n"):
            t = doc[j]
            if doc[j - 1].text in lex.org_heads and (
                ((t.text in lex.person_titles or t.lower_ in lex.roles) and j + 1 < n and is_cap(doc[j + 1]))
                or t.text in lex.given_names
            ):
                break  # "... Fire Department | Chief Kristin Crowley", "... Forces | Mustafa Bali"
            if t.text in {"’s", "'s"} and _possessive_in_name(doc, j, lex, taken):
                j += 1  # "King’s College London", "Children’s Hospital"
            elif is_cap(t) and not t.is_sent_start:
                j += 1
            elif t.text == "-" and not doc[j - 1].whitespace_ and j + 1 < n and is_cap(doc[j + 1]) \
                    and not t.whitespace_ and j + 1 not in taken:
                j += 2
            elif (t.lower_ in lex.arabic_articles and j + 2 < n and doc[j + 1].text == "-"
                  and is_cap(doc[j + 2]) and j + 2 not in taken):
                j += 3
            elif t.lower_ in lex.connectors and t.text.islower() and j + 1 < n and (
                is_cap(doc[j + 1]) or (doc[j + 1].lower_ == "the" and j + 2 < n and is_cap(doc[j + 2]))
            ) and j + 1 not in taken:
                if t.lower_ == "and" and not seen_prep:
                    break
                if t.lower_ == "of" and _person_of_org(doc, i, j, lex):
                    break  # "Anders Lidgren | of the Civic Union"
                if t.lower_ in {"of", "for"}:
                    seen_prep = True
                j += 1
            else:
                break
        # a chunk never ends on a connector
        while j > i + 1 and doc[j - 1].lower_ in lex.connectors and doc[j - 1].text.islower():
            j -= 1
        out.append((i, j))
        i = j
    return out


def _person_of_org(doc: Doc, i: int, j: int, lex: Lexicon) -> bool:
    """Tokens i..j-1 look like a person's name and "of [the] ..." after them is
    an organisation's name (it ends with an organisation head)."""
    left = doc[i:j]
    if len(left) < 2 or not all(t.is_title for t in left):
        return False
    if any(t.text in lex.org_heads or t.text in lex.org_first_words or t.text in lex.place_proper_heads
           for t in left):
        return False
    k = j + 1
    if k < len(doc) and doc[k].lower_ == "the":
        k += 1
    start = k
    while k < len(doc) and is_cap(doc[k]):
        k += 1
    return k > start and doc[k - 1].text in lex.org_heads


def _possessive_in_name(doc: Doc, j: int, lex: Lexicon, taken: set[int]) -> bool:
    """The "'s" at j is inside an organisation's name: an org head follows in the capitalised run."""
    k = j + 1
    while k < len(doc) and k not in taken and is_cap(doc[k]) and not doc[k].is_sent_start:
        if doc[k].text in lex.org_heads:
            return True
        k += 1
    return False


def _trim(doc: Doc, lex: Lexicon, s: int, e: int) -> tuple[int, int]:
    """Drop leading words that are not part of a name (sentence-initial common words,
    demonyms, compass words, determiners). An organisation-shaped name keeps its
    demonym ("Sudanese Armed Forces")."""
    org_shaped = doc[e - 1].text in lex.org_heads and e - s > 1
    while s < e:
        tok = doc[s]
        low = tok.lower_
        initial = _sent_initial(doc, s)
        drop = (
            tok.text in lex.not_entities
            or (tok.is_upper and tok.text.title() in lex.not_entities)
            or (tok.text in lex.demonyms and not org_shaped)
            or (low in lex.compass_modifiers and (initial or tok.is_lower or e - s == 1))
            or low in {"the", "a", "an"}
        )
        if not drop and initial and tok.text not in lex.given_names:
            drop = (
                low in lex.common_words
                or (tok.text.istitle() and len(low) >= 6 and re.search(r"(ing|ed|ly)$", low) is not None)
            )
        if not drop:
            break
        s += 1
    while e > s and (doc[e - 1].text in lex.not_entities or doc[e - 1].text in lex.demonyms):
        e -= 1
    return s, e


def plausible_model_span(doc: Doc, s: int, e: int, lex: Lexicon) -> bool:
    """A statistical entity kg accepts where no rule or gazetteer entry spoke:
    it starts with a capital, has at most six tokens, and is not a known
    non-entity (``_trim`` would not strip any of its words)."""
    if e - s > 6 or not is_cap(doc[s]) or not is_cap(doc[e - 1]):
        return False
    if doc[s].text in lex.person_titles or doc[s].lower_ in lex.roles:
        return False
    if e - s == 1 and doc[s].text in lex.org_heads:
        return False  # "Police", "Army" alone
    return _trim(doc, lex, s, e) == (s, e)


# ----------------------------------------------------------------- typing rules
def _prev_words(doc: Doc, s: int, k: int) -> list[str]:
    out = []
    j = s - 1
    while j >= 0 and len(out) < k:
        if not doc[j].is_space:
            out.append(doc[j].text)
        j -= 1
    return list(reversed(out))


def _next_words(doc: Doc, e: int, k: int) -> list[str]:
    out = []
    j = e
    while j < len(doc) and len(out) < k:
        if not doc[j].is_space:
            out.append(doc[j].text)
        j += 1
    return out


def _is_outlet(doc: Doc, i: int, lex: Lexicon) -> bool:
    """Token i ends the name of a news outlet in the gazetteer."""
    for k in range(1, 4):
        if i - k + 1 < 0:
            break
        entry = lex.gazetteer.get(normalize_name(doc[i - k + 1 : i + 1].text))
        if entry is not None and entry.outlet:
            return True
    return False


def _title_before(doc: Doc, s: int, lex: Lexicon) -> int | None:
    for k in (2, 1):
        if s - k < 0:
            continue
        words = doc[s - k : s].text
        if words in lex.person_titles or words.rstrip(".") in lex.person_titles:
            return s - k
    return None


def _role_before(doc: Doc, s: int, lex: Lexicon) -> bool:
    prev = _prev_words(doc, s, 2)
    return bool(prev) and (
        prev[-1].lower() in lex.roles or " ".join(prev).lower() in lex.roles
    )


def _alias_marker_before(doc: Doc, s: int, lex: Lexicon) -> bool:
    before = " ".join(_prev_words(doc, s, 3)).lower()
    return any(before.endswith(m) for m in lex.alias_markers)


def type_chunk(doc: Doc, s: int, e: int, lex: Lexicon, prev: Cand | None) -> Cand | None:
    text = doc[s:e].text
    words = [t.text for t in doc[s:e]]
    nxt = _next_words(doc, e, 4)
    nxt_low = [w.lower() for w in nxt]
    prv = _prev_words(doc, s, 3)
    prv_low = [w.lower() for w in prv]
    single = e - s == 1

    if not any(c.isalpha() for c in text):
        return None
    title = _title_before(doc, s, lex)
    if title is not None and not is_acronym(text):
        return Cand(s, e, PER, "title", title=title)
    if single and (words[0] in lex.org_heads or words[0] in lex.org_first_words):
        return None  # "Army", "Police", "Government" alone are not names
    if prv_low and prv_low[-1] in lex.org_appositive_nouns and words[0] not in lex.given_names:
        return Cand(s, e, ORG, "org-noun-before")  # "the union Frente Portuario", "the cooperative Coomika"
    if words[-1] in lex.org_heads or words[0] in lex.org_first_words and not single:
        return Cand(s, e, ORG, "org-shape")
    if any(w in lex.org_heads for w in words[:-1]) and any(
        w in {"of", "for"} for w in words
    ):
        return Cand(s, e, ORG, "org-shape")
    tail = lex.gazetteer.get(normalize_name(words[-1]))
    if not single and words[-2] in lex.org_heads and tail is not None and tail.type == LOC:
        return Cand(s, e, ORG, "org-shape")  # "University College London"
    if words[-1] in lex.place_proper_heads and not single:
        return Cand(s, e, LOC, "place-shape")
    if nxt[:1] == [","] and len(nxt_low) >= 3 and nxt_low[1] in {"the", "a", "an"}:
        # "BYD, the Chinese carmaker": the first noun after the article names a kind of organisation
        follow = [x.lower() for x in _next_words(doc, e, 7)]
        for k in range(2, min(6, len(follow))):
            w = follow[k]
            if w in lex.org_appositive_nouns:
                if k + 1 < len(follow) and follow[k + 1] in {"’s", "'s"}:
                    break  # "X, the union's president": the union is not X
                return Cand(s, e, ORG, "org-apposition")
            if w in lex.roles or not w.isalpha() or w in lex.connectors:
                break
    if nxt_low and nxt_low[0] in lex.org_type_nouns_after:
        return Cand(s, e, ORG, "org-noun-after")  # "the Viv Ansanm gang coalition"
    if len(prv_low) >= 2 and prv_low[-1] in {"at", "with"} and (
        prv_low[-2] in lex.roles or prv_low[-2].rstrip("s") in lex.roles
    ):
        return Cand(s, e, ORG, "works-at")  # "economists at Goldman Sachs"
    if is_acronym(text):
        if nxt_low and nxt_low[0] in lex.org_context_after:
            return Cand(s, e, ORG, "acronym-context")
        if prv and prv[-1] == "(":
            return Cand(s, e, ORG, "acronym-definition")
        if nxt_low[:1] and nxt_low[0] in lex.speech_verbs:
            return Cand(s, e, ORG, "acronym-speaker")
        return Cand(s, e, None, "acronym")
    if _alias_marker_before(doc, s, lex):
        return Cand(s, e, PER, "alias-marker")
    if prv and prv[-1] in {"’s", "'s"} and s >= 2 and _is_outlet(doc, s - 2, lex):
        return Cand(s, e, PER, "byline")
    if _role_before(doc, s, lex) and not single or (_role_before(doc, s, lex) and words[0] in lex.given_names):
        return Cand(s, e, PER, "role-before")
    if nxt[:1] == [","] and len(nxt_low) >= 3 and (
        nxt_low[1] in lex.roles
        or (nxt_low[1] in lex.role_modifiers
            and (nxt_low[2] in lex.roles or (len(nxt_low) > 3 and nxt_low[3] in lex.roles)))
    ):
        return Cand(s, e, PER, "apposition-role")
    if nxt[:2] == [",", "the"] and "nom" in nxt_low[2:4]:
        return Cand(s, e, PER, "nom-de-guerre")
    if len(prv_low) >= 2 and prv_low[-1] == "of" and prv_low[-2] in lex.place_of_words:
        return Cand(s, e, LOC, "place-of")
    if words[0] in lex.given_names and not single:
        return Cand(s, e, PER, "given-name")
    if prv and prv[-1] in {"/"} and len(prv) >= 2 and prv[-2] in lex.credit_markers:
        return Cand(s, e, PER, "photo-credit")
    if prv[-2:] == ["Credit", ":"] and nxt[:1] == ["/"]:
        return Cand(s, e, PER, "photo-credit")
    if prv_low and (
        (prv_low[-1] in lex.locative_preps and prv_low[-2:] != ["according", "to"])
        or (len(prv_low) >= 2 and prv_low[-1] == "of" and prv_low[-2] in lex.place_of_words)
    ):
        return Cand(s, e, LOC, "locative")
    if nxt_low and (nxt_low[0] in lex.speech_verbs or nxt_low[0] in lex.byline_verbs) and e - s <= 3:
        return Cand(s, e, None, "speaker")  # people and organisations both "say": weak evidence
    if nxt[:1] == [","] and len(nxt) > 1:
        follow = lex.gazetteer.get(normalize_name(nxt[1]))
        if follow is not None and follow.type == LOC and follow.kind in {"country", "", "state"}:
            return Cand(s, e, LOC, "place-comma-country")
    if nxt_low and nxt_low[0] in lex.place_heads:
        return Cand(s, e, LOC, "place-head")
    if nxt[:1] in (["’s"], ["'s"]) and len(nxt) > 1 and nxt[1][:2].lower() in {"al", "el"}:
        return Cand(s, e, LOC, "place-possessive")
    if prev is not None and prev.type == LOC and prv[-1:] in ([","], ["and"], ["or"]) and (
        prev.end == s - 1 or (prev.end == s - 2 and doc[s - 2].text == ",")
    ):
        return Cand(s, e, LOC, "place-list")
    if nxt_low and nxt_low[0] in lex.org_context_after:
        return Cand(s, e, None, "context-after")
    if not single and all(t.is_title for t in doc[s:e]):
        return Cand(s, e, None, "name-shape")
    return Cand(s, e, None, "capitalised")


# ----------------------------------------------------------------- the whole step
def find_candidates(doc: Doc, lex: Lexicon) -> list[Cand]:
    gaz = gazetteer_matches(doc, lex)
    taken = {i for c in gaz for i in range(c.start, c.end)}
    typed: list[Cand] = []
    for s, e in chunks(doc, lex, taken):
        s, e = _trim(doc, lex, s, e)
        if s >= e:
            continue
        while e - s > 1 and (doc[s].text in lex.person_titles or doc[s].text == "-"
                             or doc[s].lower_ in lex.roles) and doc[s + 1].text not in {"’s", "'s"}:
            s += 1
        while e - s > 2 and doc[s : s + 2].text in lex.person_titles:
            s += 2  # "Prime Minister Shehbaz Sharif"
        while e - s > 1 and (doc[s].text in lex.person_titles or doc[s].text == "-") \
                and doc[s + 1].text not in {"’s", "'s"}:
            s += 1  # "Correspondent Emma Murphy", "Secretary-General Antonio Guterres": not the name
        if e - s == 1 and doc[s].text in lex.person_titles:
            continue
        prev = max((c for c in typed + gaz if c.end <= s), key=lambda c: c.end, default=None)
        cand = type_chunk(doc, s, e, lex, prev)
        if cand is not None:
            typed.append(cand)
    return sorted(gaz + typed, key=lambda c: c.start)


def _initials(text: str) -> str:
    skip = {"of", "the", "and", "for", "in", "on", "de", "al"}
    return "".join(w[0] for w in re.split(r"[\s\-]+", text) if w and w.lower() not in skip).upper()


def resolve(
    doc: Doc, cands: list[Cand], lex: Lexicon, sent_of: list[int]
) -> tuple[dict[str, Entity], list[Mention]]:
    """Cluster candidates into entities; drop untyped ones nothing supports."""
    entities: dict[str, Entity] = {}
    mentions: list[Mention] = []
    persons: list[Entity] = []
    orgs: list[Entity] = []

    full_text = doc.text  # Doc.text joins every token: build it once, not per mention

    def sent_index(tok_i: int) -> int:
        return sent_of[tok_i]

    def add(c: Cand, ent: Entity) -> None:
        start = doc[c.title].idx if c.title is not None else doc[c.start].idx
        end = doc[c.end - 1].idx + len(doc[c.end - 1].text)
        surface = full_text[start:end]
        if surface != ent.label:
            ent.aliases.add(surface)
        mentions.append(Mention(ent.key, surface, start, end, sent_index(c.start), c.rule))

    def name_text(c: Cand) -> str:
        text = doc[c.start : c.end].text
        return text.upper().title() if text.isupper() and len(text) > 5 else text

    # pass 1: gazetteer and typed candidates, full names first
    order = sorted(range(len(cands)), key=lambda k: (cands[k].type is None, -(cands[k].end - cands[k].start)))
    pending: list[int] = []
    for k in order:
        c = cands[k]
        if c.gaz is not None:
            key = "gz:" + (c.gaz.ref_id or c.gaz.label)
            ent = entities.get(key)
            if ent is None:
                ent = entities[key] = Entity(
                    key, c.gaz.label, c.gaz.type, set(c.gaz.aliases), c.gaz.ref_id, c.gaz.outlet
                )
                ent.aliases.discard(ent.label)
                if ent.type == ORG:
                    orgs.append(ent)
            add(c, ent)
            continue
        text = name_text(c)
        if c.type == PER and c.end - c.start >= 2:
            key = "Person:" + normalize_name(text)
            ent = entities.get(key)
            if ent is None:
                ent = entities[key] = Entity(key, text, PER)
                persons.append(ent)
            add(c, ent)
        elif c.type == ORG and not is_acronym(text):
            key = "Organisation:" + normalize_name(text)
            ent = entities.get(key) or entities.setdefault(key, Entity(key, text, ORG))
            if ent not in orgs:
                orgs.append(ent)
            add(c, ent)
        else:
            pending.append(k)

    # pass 2: short forms resolve to the full names found in pass 1
    # typed short forms first, so weak or statistical readings meet the names they refer to
    for k in sorted(pending, key=lambda k: (cands[k].type is None, cands[k].start)):
        c = cands[k]
        text = name_text(c)
        norm = normalize_name(text)
        target: Entity | None = None
        if is_acronym(text):
            target = next((o for o in orgs if _initials(o.label) == text.replace("-", "")
                           or text in o.aliases), None)
        if target is None:
            hits = [p for p in persons if norm and (
                normalize_name(p.label).split()[-1] == norm or normalize_name(p.label).split()[0] == norm
            )]
            if len({p.key for p in hits}) == 1:
                target = hits[0]
        if target is None:
            for ent in list(entities.values()):
                if norm in {normalize_name(a) for a in ent.aliases} | {normalize_name(ent.label)}:
                    target = ent
                    break
        if target is not None:
            add(c, target)
            continue
        typ = c.type
        if typ is None:
            # weak evidence decides only when nothing else named this text
            if c.rule == "context-after" and is_acronym(text):
                typ = ORG  # "YPG fighters"
            elif c.model_type is not None:
                typ = c.model_type  # the statistical NER's reading of an unknown name
            elif c.rule in {"name-shape", "speaker"}:
                typ = PER  # "Shamima Begum claims", "Gabriel said"
            else:
                continue
        key = f"{typ}:{norm}"
        ent = entities.get(key) or entities.setdefault(key, Entity(key, text, typ))
        if typ == PER and ent not in persons:
            persons.append(ent)
        if typ == ORG and ent not in orgs:
            orgs.append(ent)
        add(c, ent)
    mentions.sort(key=lambda m: m.start)
    return entities, mentions
