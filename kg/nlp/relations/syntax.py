"""Affiliations read from the dependency parse: spaCy DependencyMatcher patterns kept as
data (dependency_patterns.json) over the resolved mentions of kg_entities.

Runs on any pipeline with a parser: kg's shipped one (Universal Dependencies labels) or
an installed spaCy English pipeline (ClearNLP labels); the patterns list both. Without
a parse (``--ner none``) it finds nothing and the surface phrasings
(kg.nlp.relations.affiliations) work alone.

An organisation may be named ("Halden spokesperson Ada Corwen") or referred to by a
noun ("the company's chairman", "union president Ada Corwen"); such a noun is resolved
to the organisation the article has been about: of the organisations named before it,
the one whose name has the noun in it, else, for a generic noun ("company", "firm"),
the one named most often so far (ties: the latest)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from spacy.attrs import LOWER
from spacy.matcher import DependencyMatcher
from spacy.strings import get_string_id
from spacy.tokens import Doc, Span, Token

from kg.nlp.extensions import doc_text
from kg.nlp.lexicon import Lexicon
from kg.nlp.relations.depmatch import FastDependencyMatcher, Unsupported, doc_arrays
from kg.types import LOC, ORG, PER, Affiliation, Entity, Mention

if not Token.has_extension("kg_rel"):
    Token.set_extension("kg_rel", default="")


def _expand(value: object, words: dict[str, list[str]]) -> object:
    """Replace every "$NAME" string in the pattern by the word list NAME."""
    if isinstance(value, str) and value.startswith("$"):
        return sorted(words[value[1:]])
    if isinstance(value, dict):
        return {k: _expand(v, words) for k, v in value.items()}
    if isinstance(value, list):
        return [_expand(v, words) for v in value]
    return value


def _word_lists(lex: Lexicon) -> dict[str, list[str]]:
    rel = lex.relations
    return {
        "role_prepositions": rel["role_prepositions"],
        "person_prepositions": rel["person_prepositions"],
        "leader_verbs": list(lex.leader_verbs),
        "role_heads": sorted({r.split()[-1] for r in lex.roles}),
    }


class SyntaxPatterns:
    """The compiled DependencyMatcher, made once per lexicon and vocabulary."""

    def __init__(self, lex: Lexicon, vocab) -> None:  # noqa: ANN001 (spaCy Vocab)
        self.matcher = DependencyMatcher(vocab)
        words = _word_lists(lex)
        # match ids by hash: the builder's memory zones may drop the strings of a batch
        self.rows: dict[int, dict] = {}
        self.fast: FastDependencyMatcher | None = FastDependencyMatcher()
        for row in lex.dependency_patterns["patterns"]:
            expanded = _expand(row["pattern"], words)
            self.matcher.add(row["id"], [expanded])
            self.rows[get_string_id(row["id"])] = row
            if self.fast is not None:
                try:
                    self.fast.add(row["id"], expanded)
                except Unsupported:
                    self.fast = None  # a pattern beyond what it reads: spaCy's matcher does all
        self.role_heads = {r.split()[-1] for r in lex.roles}
        self.lex = lex
        self.org_nouns = set(lex.relations["org_reference_nouns"])
        self.generic_org_nouns = set(lex.relations["generic_org_nouns"])
        # "the union's president", "the plant's manager": a possessive that stands for the body in view
        self.possessive_nouns = self.org_nouns | set(lex.relations["possessive_body_nouns"])
        self.not_roles = set(lex.relations["not_role_nouns"])
        self.government = set(lex.relations["government_place_heads"])
        self.company_nouns = set(lex.relations["company_nouns"])
        self.is_company: Callable[[str], bool] = lambda label: is_company(label, lex)
        self.noun_heads = {k: set(v) for k, v in lex.relations["org_noun_heads"].items()}
        self.spokesperson_titles = {r for r, spec in lex.roles.items() if spec.get("spokesperson")
                                    and len(r.split()) == 1}
        self.officer_titles = sorted((t.split() for t in lex.relations["officer_titles"]), key=len, reverse=True)


def _patterns(lex: Lexicon, doc: Doc) -> SyntaxPatterns:
    key = f"syntax_patterns:{id(doc.vocab)}"
    return lex.pattern(key, lambda _lex: SyntaxPatterns(_lex, doc.vocab))


def _mark(doc: Doc, mentions: list[Mention], entities: dict[str, Entity], pat: SyntaxPatterns,
          labels: dict[int, str] | None = None) -> dict[int, Mention]:
    """Set token._.kg_rel and return token index -> the mention it lies in; ``labels`` gets
    token index -> the label set (reading extensions back is slow)."""
    at: dict[int, Mention] = {}
    labels = {} if labels is None else labels
    for m in mentions:
        span = doc.char_span(m.start, m.end, alignment_mode="expand")
        if span is None:
            continue
        e = entities[m.entity]
        label = "PER" if e.type == PER else "ORG" if e.type == ORG else "GOV" if _governs(e, pat) else ""
        for tok in span:
            at[tok.i] = m
            if label:  # only what is not the default "": the doc's user data stays small
                tok._.kg_rel = label
                labels[tok.i] = label
    strings = doc.vocab.strings
    for i, low in enumerate(doc.to_array(LOWER).tolist()):  # (one array: no Token object per token)
        if i in at or strings[low] not in pat.org_nouns:
            continue
        tok = doc[i]
        if tok.pos_ in {"NOUN", "PROPN", ""} or tok.tag_.startswith("NN"):  # tagger or morphologizer
            tok._.kg_rel = "ORGREF"
            labels[tok.i] = "ORGREF"
    return at


def _governs(e: Entity, pat: SyntaxPatterns) -> bool:
    """A place named as a local government ("Jackson County", "Millbrook Town"): where a role
    noun follows it ("Jackson County spokeswoman"), the place acts as an organisation."""
    return e.type == LOC and e.label.split()[-1].lower() in pat.government


def _role_ok(tok: Token, pat: SyntaxPatterns) -> bool:
    """A role noun: a known role word, or a common noun that is not a known non-role."""
    low = tok.lower_
    if low in pat.not_roles:
        return False
    if low in pat.org_nouns and low not in pat.role_heads:
        return False  # "NAME of the Velm Centre, a study group based at ...": the kind of body, not NAME's role
    return low in pat.role_heads or (tok.pos_ == "NOUN" and tok.tag_ in {"NN", "NNS"} and tok.is_lower)


def _role_text(doc: Doc, role: Token, at: dict[int, Mention]) -> str:
    """The role noun with the modifiers before it that are not names ("chief financial officer")."""
    start = role.i
    for child in sorted(role.lefts, key=lambda t: -t.i):
        if child.dep_ in {"amod", "compound", "nn"} and child.i == start - 1 and child.i not in at \
                and child._.kg_rel == "":
            start = child.i
    return doc[start : role.i + 1].text


def state_force(label: str, lex: Lexicon) -> bool:
    """A state's armed forces by name ("Velmar Armed Forces", "Norvalian Army"), not an armed
    group called "X Army": what "the army" / "the military" may refer to."""
    words = label.split()
    heads = lex.pattern("state_force_heads", lambda lx: frozenset(lx.relations["state_force_heads"]))
    if not heads.intersection(words):
        return False  # "National Psoriasis Alliance": no force at all
    state_words = lex.pattern("state_force_words", lambda lx: frozenset(lx.relations["state_force_words"]))
    return bool(state_words.intersection(words)) or words[0] in lex.demonyms or lex.is_country(words[0])


def may_refer(noun: str, label: str, lex: Lexicon) -> bool:
    """Whether "the NOUN" may refer to an organisation so named at all: "the militia" / "the
    group" is never a state's forces (relations.json non_state_nouns)."""
    return noun not in lex.pattern("non_state_nouns", lambda lx: frozenset(lx.relations["non_state_nouns"])) \
        or not state_force(label, lex)


def names_noun(noun: str, label: str, noun_heads: dict[str, set[str]], lex: Lexicon) -> bool:
    """Whether an organisation's name says it is a NOUN (:func:`names_kind`); for "the army" /
    "the military" only a state's forces do (relations.json state_force_nouns)."""
    state = noun in lex.pattern("state_force_nouns", lambda lx: frozenset(lx.relations["state_force_nouns"]))
    return names_kind(label, noun, noun_heads) and (not state or state_force(label, lex))


def names_kind(label: str, noun: str, noun_heads: dict[str, set[str]]) -> bool:
    """Whether an organisation so named is a NOUN: the noun is in its name ("Halden County" for
    "county"), or a word that names that kind is ("Halden Teachers Association" for "union")."""
    words = label.split()
    return noun in {w.lower() for w in words} or bool(noun_heads.get(noun, set()) & set(words))


# (also after its short form, and past a figure: "Orvik Bakers (OB), a 3,400-member union")
_DESCRIBED = re.compile(r"^(?:\s*\([A-Z][\w\-]{1,12}\))?(?:\s+[a-z]+)?\s*,\s+(?:a|an|the)\s+"
                        r"((?:[\w'’\-]+(?:,\d{3}[\w\-]*)*\s+){0,3}[\w\-]+)")


# "the migration agency, Velm Migración", "the residents' alliance Velm Ensemble"
_KIND_BEFORE = re.compile(r"\b(?:[Tt]he|[Ii]ts|\w+['’]s)\s+(?:[a-z\-]+['’]?\s+){0,2}?([a-z]+),?\s*$")
_KIND_AFTER = re.compile(
    r"^(?:\s*\([A-Z][A-Za-z]{1,9}\))?\s+([a-z]+)"
    r"(?:\s*[,.;]|\s+(?:in|on|at|of|said|says|has|have|had|was|were|is|will|would|[a-z]+ed)\b)")


def org_descriptions(text: str, mentions: list[Mention], entities: dict[str, Entity],
                     nouns: Iterable[str]) -> dict[str, set[str]]:
    """The kinds an apposition or a noun after the name and its short form gives each organisation:
    "Halden Watch, a rebel group that ..." (or "the Halden Watch (HW) group said") makes Halden Watch
    a "group" for "the group's spokesman" later. Only nouns from ``nouns``."""
    wanted = set(nouns)
    out: dict[str, set[str]] = {}
    for m in mentions:
        if entities[m.entity].type != ORG:
            continue
        dm = _DESCRIBED.match(text[m.end : m.end + 80])
        if dm:
            kinds = {w.lower() for w in dm.group(1).split()} & wanted
            if kinds:
                out.setdefault(m.entity, set()).update(kinds)
        kb = _KIND_BEFORE.search(text[max(0, m.start - 40) : m.start])
        if kb and kb.group(1) in wanted:  # "the migration agency, Velm Migración, registered ..."
            out.setdefault(m.entity, set()).add(kb.group(1))
        km = _KIND_AFTER.match(text[m.end : m.end + 30])
        if km and km.group(1) in wanted:  # "the Tarsker Verband (TVB) union ended the walkout": name, short form,
            # kind, verb (not "Velmair union members voted")
            out.setdefault(m.entity, set()).add(km.group(1))
    return out


def is_company(label: str, lex: Lexicon) -> bool:
    """An organisation so labelled is a company: its last word a company's head word or a legal form
    (relations.json company_heads, legal_forms.txt: "Velm Motors", "Tarsk Foods Ltd"), and it names no
    public bank or service ("Velm Central Bank", "Velm Health Services": public_bank_words,
    public_service_words)."""
    heads, banks, services = lex.pattern("company_words", lambda lx: (
        frozenset(lx.relations["company_heads"]) | frozenset(lx.corporate_suffixes),
        frozenset(lx.relations["public_bank_words"]), frozenset(lx.relations["public_service_words"])))
    words = label.split()
    if not words or words[-1] not in heads:
        return False
    return not (("Bank" in words and any(w in banks for w in words))
                or (words[-1] == "Services" and any(w in services for w in words)))


def org_in_view(orgs: list[Mention], entities: dict[str, Entity], at: int,
                company: Callable[[str], bool] | None = None, earliest: bool = False) -> str | None:
    """The organisation the article has been about by character ``at``: of ``orgs`` (not news
    outlets), named most often before it (ties: the latest), else the first named after it.
    With ``company`` ("the company's chief executive"; :func:`is_company`), a company when the
    article names one."""
    if company is not None:  # (a company named before; not one named only later, when another body was)
        companies = [m for m in orgs if company(entities[m.entity].label)]
        orgs = [m for m in companies if m.end <= at] or ([] if any(m.end <= at for m in orgs) else companies) \
            or orgs
    before = [m for m in orgs if m.end <= at]
    if not before:
        return orgs[0].entity if orgs else None
    tally: dict[str, tuple[int, int]] = {}
    for k, m in enumerate(before):
        n, first = tally.get(m.entity, (0, -k))
        tally[m.entity] = (n + 1, first if earliest else k)
    return max(tally, key=lambda e: tally[e])


class OrgReferences:
    """Resolves "the company", "the union", "county" to an organisation named before (for
    "county", "town" and other local governments, also to a place so named)."""

    def __init__(self, mentions: list[Mention], entities: dict[str, Entity], pat: SyntaxPatterns,
                 described: dict[str, set[str]] | None = None) -> None:
        self.orgs = [m for m in mentions if entities[m.entity].type == ORG and not entities[m.entity].outlet]
        self.described = described or {}
        self.governments = [m for m in mentions if _governs(entities[m.entity], pat)]
        self.entities = entities
        self.pat = pat

    def in_view(self, at: int, company: bool = False) -> str | None:
        return org_in_view(self.orgs, self.entities, at, self.pat.is_company if company else None)

    def resolve(self, tok: Token) -> str | None:
        # "the civil society group Halden Watch": the organisation is named right there
        named_here = [m for m in self.orgs if 0 <= m.start - (tok.idx + len(tok)) <= 1]
        if named_here:
            return named_here[0].entity
        if tok.is_lower and tok.dep_ != "compound" and any(
                c.dep_ == "det" and c.lower_ in self.pat.lex.relations["indefinite_determiners"] for c in tok.children):
            return None  # "who runs a tiny courier firm": a body not named, and not one named before
        noun = tok.lower_
        places = self.governments if noun in self.pat.government else []
        orgs = [m for m in self.orgs if noun in self.described.get(m.entity, ())
                or may_refer(noun, self.entities[m.entity].label, self.pat.lex)]
        before = [m for m in orgs if m.end <= tok.idx]
        named = [m for m in sorted(before + [m for m in places if m.end <= tok.idx], key=lambda m: m.start)
                 if names_noun(noun, self.entities[m.entity].label, self.pat.noun_heads, self.pat.lex)
                 or noun in self.described.get(m.entity, ())]
        if named:  # the one whose name ends with the noun ("Dunmore County", not "Dunmore County Department
            # of Health"), else the latest
            headed = [m for m in named if self.entities[m.entity].label.lower().split()[-1] == noun]
            return (headed or named)[-1].entity
        if not before or noun in self.pat.government:
            return None  # "the town's clinic": a town is a place, never the organisation in view
        # "the union's president": a possessive description refers back to the organisation in view
        possessive = tok.dep_ in {"nmod:poss", "poss"} and any(c.lower_ == "the" for c in tok.lefts) \
            and noun in self.pat.possessive_nouns  # not "the estate's owner": an estate is no body
        if noun not in self.pat.generic_org_nouns and not possessive:
            return None
        return org_in_view(orgs, self.entities, tok.idx,
                           self.pat.is_company if noun in self.pat.company_nouns else None)


def syntax_affiliations(
    doc: Doc, lex: Lexicon, entities: dict[str, Entity], mentions: list[Mention],
    spokesperson: Callable[[str, int], bool],
) -> list[Affiliation]:
    """Affiliations from the parse; ``spokesperson(role, sentence)`` decides the flag."""
    if not doc.has_annotation("DEP") or not mentions:
        return []
    pat = _patterns(lex, doc)
    labels: dict[int, str] = {}
    at = _mark(doc, mentions, entities, pat, labels)
    refs = OrgReferences(mentions, entities, pat,
                         org_descriptions(doc_text(doc), mentions, entities, lex.relations["org_reference_nouns"]))
    out: list[Affiliation] = []
    seen: set[tuple[str, str]] = set()
    for match_id, toks in _matches(doc, pat, labels):
        nodes = [n["RIGHT_ID"] for n in pat.rows[match_id]["pattern"]]
        tok = {name: doc[i] for name, i in zip(nodes, toks, strict=True)}
        person = at.get(tok["person"].i)
        if person is None:
            continue
        org_tok = tok["org"]
        org_key = at[org_tok.i].entity if org_tok.i in at else refs.resolve(org_tok)
        if org_key is None or org_key == person.entity or entities[org_key].outlet:
            continue  # an outlet's people are found by the byline phrasings, not by the parse
        if "role" in tok:
            if not _role_ok(tok["role"], pat):
                continue
            role = _role_text(doc, tok["role"], at)
        elif "verb" in tok:
            role = tok["verb"].text
        else:
            role = _title_before(doc, person, at) or lex.relations["role_without_noun"]
        if (person.entity, org_key) in seen:
            continue
        seen.add((person.entity, org_key))
        span: Span = doc[min(toks) : max(toks) + 1]
        start = min(span.start_char, person.start)
        end = max(span.end_char, person.end)
        spk = spokesperson(role, person.sentence) if "role" in tok else False
        out.append(Affiliation(person.entity, org_key, role, spk, person.sentence, start, end))
    out += _officers(doc, mentions, entities, at, refs, {a.person for a in out})
    return out


def _officers(doc: Doc, mentions: list[Mention], entities: dict[str, Entity], at: dict[int, Mention],
              refs: OrgReferences, affiliated: set[str]) -> list[Affiliation]:
    """"Chief Financial Officer Raymond Keel told analysts": a company officer's title written
    before the name with no organisation says the person is an officer of the company the
    article is about (OrgReferences.in_view). Only for people with no other affiliation."""
    out = []
    for person in mentions:
        if entities[person.entity].type != PER or person.entity in affiliated:
            continue
        span = doc.char_span(person.start, person.end, alignment_mode="expand")
        if span is None:
            continue
        words: list[Token] = []
        # "The company's chief executive, Ada Corwen, said": the title may stand before a comma
        last = span.start - 2 if span.start >= 2 and doc[span.start - 1].text == "," else span.start - 1
        label = entities[person.entity].label
        if person.text.endswith(label) and len(person.text) > len(label):
            # "Chief Executive Ada Corwen said": the title kept in the mention
            kept = [t for t in span if t.idx < person.end - len(label) and t.is_alpha]
            low = [t.lower_ for t in kept]
            if any(low[-len(t):] == t for t in refs.pat.officer_titles):
                words, last = kept, kept[-1].i
        in_mention = bool(words)
        for i in range(last, max(last - 4, -1), -1):
            if in_mention or i in at or not doc[i].is_alpha:
                break
            words.insert(0, doc[i])
        low = [t.lower_ for t in words]
        title = next((t for t in refs.pat.officer_titles if low[-len(t):] == t), None)
        if title and words[0].i >= 2 and doc[words[0].i - 1].text in {"'s", "’s"} \
                and doc[words[0].i - 2].is_lower and doc[words[0].i - 2].lower_ not in refs.pat.possessive_nouns:
            title = None  # "the estate's owner, Ada Corwen": the owner of an estate, no company's officer
        org_key = refs.in_view(person.start, company=True) if title else None
        # "..., spokeswoman Ada Corwen said": a bare spokesperson's title (no word of a body before it,
        # as in "police spokeswoman") speaks for the organisation the article is about
        bare = title is None and len(low) == 1 and low[0] in refs.pat.spokesperson_titles \
            and words[0].i - 1 not in at and (words[0].i == 0 or words[0].is_sent_start
                                              or doc[words[0].i - 1].text in {",", ";", ":", "\"", "“", "”"})
        # "..., according to spokesman Ada Corwen": the same bare title after "according to"
        bare = bare or (title is None and len(low) == 3 and low[:2] == ["according", "to"]
                        and low[2] in refs.pat.spokesperson_titles)
        if bare:  # ties: the first named, the article's subject
            title, org_key = low[-1:], org_in_view(refs.orgs, entities, person.start, earliest=True)
        if org_key is None:
            continue
        first = words[len(words) - len(title)]
        affiliated.add(person.entity)
        out.append(Affiliation(person.entity, org_key, doc[first.i : last + 1].text, bare, person.sentence,
                               first.idx, person.end))
    return out


WHOLE_DOC_AFTER = 16  # sentences to match: beyond this, one pass over the doc is cheaper


def _matches(doc: Doc, pat: SyntaxPatterns, labels: dict[int, str]) -> list[tuple[int, list[int]]]:
    """The matches within the sentences that name a person and an organisation (or a noun
    for one). Few such sentences: the matcher runs on each alone (its cost grows with the
    tokens it scans, and most sentences cannot hold an affiliation). Many: it runs once on
    the whole doc, as matching a sentence copies the doc's token extensions each time (a
    350 KB article with 5,000 names took hours so). Token indices are the doc's."""
    wanted = []
    for sent in doc.sents:
        kinds = {labels[i] for i in range(sent.start, sent.end) if i in labels}
        if "PER" in kinds and kinds & {"ORG", "ORGREF", "GOV"}:
            wanted.append(sent)
    if pat.fast is not None:  # the same matches as spaCy's matcher (kg.nlp.relations.depmatch), faster
        arrays = doc_arrays(doc)
        if len(wanted) <= WHOLE_DOC_AFTER:
            return [m for sent in wanted for m in pat.fast(doc, labels, sent.start, sent.end, alone=True,
                                                           arrays=arrays)]
        where = {i: k for k, sent in enumerate(wanted) for i in range(sent.start, sent.end)}
        return [(key, toks) for key, toks in pat.fast(doc, labels, arrays=arrays)
                if len({where.get(t) for t in toks}) == 1 and toks[0] in where]
    if len(wanted) <= WHOLE_DOC_AFTER:
        out = []
        for sent in wanted:
            # the sentence as a Doc of its own, without the doc's user data (the matcher would copy all
            # of it for each sentence): only the labels the patterns read are set again
            sdoc = sent.as_doc(copy_user_data=False)
            for i in range(sent.start, sent.end):
                if i in labels:
                    sdoc[i - sent.start]._.kg_rel = labels[i]
            out += [(match_id, [sent.start + t for t in toks]) for match_id, toks in pat.matcher(sdoc)]
        return out
    bounds = {}
    for k, sent in enumerate(wanted):
        for i in range(sent.start, sent.end):
            bounds[i] = k
    out = []
    for match_id, toks in pat.matcher(doc):
        inside = {bounds.get(t) for t in toks}
        if len(inside) == 1 and None not in inside:  # every token in one wanted sentence
            out.append((match_id, list(toks)))
    return out


def _title_before(doc: Doc, person: Mention, at: dict[int, Mention]) -> str | None:
    """A role or title word written right before the name ("Judge Ada Corwen of ...")."""
    span = doc.char_span(person.start, person.end, alignment_mode="expand")
    if span is None or span.start == 0:
        return None
    prev = doc[span.start - 1]
    if prev.i in at or not prev.is_alpha or prev.pos_ not in {"NOUN", "PROPN"}:
        return None
    return prev.text

