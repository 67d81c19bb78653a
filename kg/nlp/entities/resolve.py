"""Cluster the candidates of one article into entities: full names first, then
short forms (surname = full name, acronym = expansion, alias = label); untyped
candidates nothing supports are dropped."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from spacy.tokens import Doc

from kg.nlp.entities.cand import Cand, is_acronym
from kg.nlp.entities.candidates import sent_initial, written_in_lower_case
from kg.nlp.entities.headlines import Headlines
from kg.nlp.extensions import doc_text
from kg.nlp.lexicon import Lexicon, fold_accents, normalize_name
from kg.types import LOC, ORG, PER, Entity, Mention


def gazetteer_names(label: str, aliases: Iterable[str]) -> frozenset[str]:
    """The gazetteer's other names for an entry that kg.rdf.mapping stores once for the whole
    store: its aliases, but not one that may label the entity in an article (an accent-free
    spelling of an accented label, which an article writing it that way takes as its label),
    so that what the store lists as other names never depends on which articles it holds."""
    return frozenset(a for a in aliases if a != label and not (
        a.isascii() and not label.isascii() and fold_accents(a) == fold_accents(label)))


def _initials(text: str) -> str:
    skip = {"of", "the", "and", "for", "in", "on", "de", "al"}
    return "".join(w[0] for w in re.split(r"[\s\-]+", text) if w and w[0].isalnum() and w.lower() not in skip).upper()


def _initials_spelled_out(doc: Doc, cands: list[Cand]) -> set[str]:
    """The initials ("ICC") of the organisations' names of two words or more that a rule, not the
    gazetteer, found in the article: an acronym the gazetteer knows for another body of the same
    initials is this one here."""
    found = {_initials(doc[c.start : c.end].text) for c in cands
             if c.type == ORG and c.gaz is None and c.end - c.start >= 2 and not is_acronym(doc[c.start : c.end].text)}
    return {i for i in found if len(i) >= 3}  # (two letters, "UN", are too many bodies' initials)


def _without_suffix(name: str, lex: Lexicon) -> str:
    """The name without a trailing legal-form word ("Halden Foods Inc." -> "Halden Foods")."""
    words = name.split()
    while len(words) > 1 and (words[-1] in lex.corporate_suffixes or words[-1].rstrip(",") in lex.corporate_suffixes):
        words.pop()
    return " ".join(words).rstrip(",")


def _coordinated(doc: Doc, c: Cand, ending_at: dict[int, Entity], starting_at: dict[int, Entity],
                 governing: set[str]) -> Entity | None:
    """The entity joined to candidate ``c`` by "and" or "or" ("A and B", "A, and B"), before it or
    after it, both bare names (a comma alone is no list: "a spokeswoman for ORG, NAME" is an
    apposition; "NAME from the ORG and NAME" joins the people, not the party and a person)."""
    joins = {"and", "or"}
    if c.start > 0 and doc[c.start - 1].lower_ in governing:
        return None
    if c.end < len(doc) and doc[c.end].pos_ in {"VERB", "AUX"}:
        return None  # "Rain hit Norway and Ilvana Orsk cancelled the trip": a new clause, no list
    # "NAME from the ORG and NAME of the ORG": the names are the list, not the organisation and the name
    parallel = c.end < len(doc) and doc[c.end].lower_ in {"of", "from", "for", "at", "with"}
    k = c.start - 1
    if k >= 1 and doc[k].lower_ in joins and not parallel:
        j = k - 1 if doc[k - 1].text != "," else k - 2  # "A, and B"
        hit = ending_at.get(j + 1) if j >= 0 else None
        if hit is not None:
            return hit
    k = c.end
    if k + 1 < len(doc) and doc[k].lower_ in joins:
        partner = starting_at.get(k + 1)
        after = next((t for t in doc[k + 1 :] if t.is_punct or not t.text[:1].isupper()), None)
        if after is not None and after.pos_ in {"NOUN", "VERB", "AUX"}:
            return None  # "Tomas Grell and Falkirk residents": the name modifies a noun
        return partner
    return None


def _named_before_known_as(doc: Doc, s: int, ending_at: dict[int, Entity]) -> Entity | None:
    """The entity named right before "NAME, known as" / "NAME (also known as" at token ``s``."""
    k = s
    if k < 2 or doc[k - 1].lower_ != "as" or doc[k - 2].lower_ != "known":
        return None
    k -= 2
    if k > 0 and doc[k - 1].lower_ in {"also", "locally", "widely", "commonly", "better"}:
        k -= 1
    if k > 0 and doc[k - 1].text in {",", "("}:
        k -= 1
    return ending_at.get(k)


def _without_article(norm: str, lex: Lexicon) -> str:
    """A normalised name without its leading Arabic article: "al velm brigade" (from "Al-Velm
    Brigade") reads "velm brigade", for "the Velm brigade"."""
    head, sep, rest = norm.partition(" ")
    if sep and head in lex.arabic_articles and rest:
        return rest
    return norm


def _longer_form(label: str, lead: str, rule: str, kind: str = "") -> bool:
    """Whether an organisation so labelled is the full name of one written ``lead`` ("central bank "
    for "central bank of velmland"; "velm " for "al velm brigade" written "the Velm brigade"), not
    another body named after it ("velm rovers supporters' trust" is not "Velm Rovers")."""
    if not label.startswith(lead):
        return False
    if rule == "org-noun-after" and kind:  # "the Velm brigade" for "Al-Velm Security Brigade", not "Velm Mining"
        return kind in label.split()
    if rule == "org-noun-after":
        return True
    return label[len(lead) :].split(" ", 1)[0] in {"of", "for", "in"}


def _where(doc: Doc, c: Cand, lex: Lexicon) -> bool:
    """A one-word name right after a preposition of place, with or without "the" ("in the Tarsklands"),
    that no lower-case word follows ("in Velmi shelling": the name may qualify the word after it)."""
    k = c.start - 1
    if k >= 0 and doc[k].lower_ == "the":
        k -= 1
    modifies = c.end < len(doc) and doc[c.end].is_lower and doc[c.end].is_alpha
    if modifies and any(t.lower_ in lex.place_heads or t.lower_ in lex.place_of_words
                        for t in doc[c.end : c.end + 3] if t.is_lower):
        modifies = False  # "in the Tarsk local government area": a place's kind follows
    return c.end - c.start == 1 and k >= 0 and doc[k].lower_ in lex.where_prepositions and not modifies


def _named_for_its_place(label: str, lead: str, lex: Lexicon) -> bool:
    """A local body named for the place it governs ("Tarsk County Council", "Velm City Police"):
    its leading word alone is that place, not the body."""
    rest = label[len(lead) :].split()
    return bool(rest) and rest[0] in lex.place_body_heads


def _kind_named_key(ent: Entity, lex: Lexicon) -> str | None:
    """"tarsk" for the place "River Tarsk" (a kind word, then its name), else None."""
    words = ent.label.split()
    if ent.type == LOC and len(words) == 2 and words[0] in lex.place_first_words:
        return normalize_name(words[1])
    return None


def _region_key(ent: Entity, lex: Lexicon) -> str | None:
    """"tarsk" for the region "Tarsk County" (a name, then a region's kind), else None."""
    words = ent.label.split()
    if ent.type == LOC and len(words) == 2 and words[1].lower() in lex.region_heads and words[0][:1].isupper():
        return normalize_name(words[0])
    return None


def _first_of_two_surnames(label: str, word: str) -> bool:
    """``word`` (normalised) is the middle of a person's three names: the first of two surnames, the
    paternal one in Spanish and Portuguese names, that stands for the person ("Tarsken" of "Orvo
    Tarsken Mirovo")."""
    parts = normalize_name(label).split()
    return len(parts) == 3 and parts[1] == word and len(word) > 2


def _lone_opening_word(doc: Doc, c: Cand, lex: Lexicon) -> bool:
    """One capitalised word that opens a sentence as the subject of the verb right after it, is
    not a known given name, is no speaker ("Velm said") and appears nowhere else in the article:
    news names a person in full before it uses one name alone."""
    if c.end - c.start != 1 or c.rule != "capitalised" or not doc[c.start].is_sent_start \
            or c.end >= len(doc) or not (doc[c.end].pos_ in {"VERB", "AUX"} or (
                doc[c.start].dep_ in {"nsubj", "nsubjpass", "nsubj:pass"} and doc[c.end].text != ",")):
        return False  # the subject of a verb ("Velm, of the Tarsk club, won" stays a name)
    word = doc[c.start].text
    if word in lex.given_names or (c.end < len(doc) and doc[c.end].lower_ in lex.speech_verbs):
        return False
    # a common noun's shape ("Turnout", "Ridership"), not a one-name person ("Velmsky met ...")
    if word.lower() not in lex.common_words and not word.lower().endswith(tuple(lex.noun_endings)):
        return False
    return doc_text(doc).count(word) == 1


def _surname_pair(doc: Doc, c: Cand, cands: list[Cand], orgs: list[Entity], lex: Lexicon) -> bool:
    """Two capitalised words that end a person's three names stand for that person ("Orvo Tarsk
    said"), unless anything says otherwise: a given name opens them ("Ann Corwen", another person
    of the family), a kin word or a possessive before them ("her sister Ann Corwen"), a preposition
    of place, an apposition after them (", the bank", ", her brother"), another mention of the same
    words typed a body or a place, or a body's name they open ("Corwen Velm Holdings")."""
    text = doc[c.start : c.end].text
    norm = normalize_name(text)
    before = doc[c.start - 1].lower_ if c.start > 0 else ""
    if text.split()[0] in lex.given_names or before in lex.kin_nouns or before in {"her", "his", "their", "its"} \
            or before in lex.where_prepositions or before in lex.motion_prepositions \
            or before in lex.place_context_words:
        return False
    if c.end + 1 < len(doc) and doc[c.end].text == "," and doc[c.end + 1].lower_ in {"the", "a", "an", "her", "his",
                                                                                     "its", "their"}:
        return False
    if any(o.type in {ORG, LOC} and normalize_name(doc[o.start : o.end].text) == norm for o in cands if o is not c):
        return False
    return not any(normalize_name(o.label).startswith(norm + " ") for o in orgs)


def _bracketed_short_form(doc: Doc, c: Cand, cands: list[Cand], ending_at: dict[int, Entity],
                          lex: Lexicon) -> Entity | None:
    """The organisation whose name the same word follows in brackets elsewhere in the article
    ("the Commission on Roads (Comroad)"): one word typed a body on its own is that short form."""
    word = doc[c.start].text
    if lex.is_place(word) or (c.end + 1 < len(doc) and doc[c.end].text == ","
                                   and doc[c.end + 1].lower_ in {"a", "an", "the"}):
        return None  # "(Velm)", a town's name after the body; "Velm, a drug maker,": another body
    for b in cands:
        if b is c or b.end - b.start != 1 or doc[b.start].text != word or b.start < 2:
            continue
        if doc[b.start - 1].text == "(" and b.end < len(doc) and doc[b.end].text == ")":
            owner = ending_at.get(b.start - 1)
            if owner is not None and owner.type == ORG:
                return owner
    return None


def _town_used_as_place(doc: Doc, word: str, lex: Lexicon) -> bool:
    """Somewhere in the article the word stands as a place does: after a preposition of place or
    motion, before a possessive, a hyphen ("-based") or a common noun ("Velm police"), in a list or
    an apposition ("Velm, a port town", "Velm, Tarsk and Orvik"), in capitals or opening a line (a
    dateline). One sense per article: then no mention of it is taken for a person's surname."""
    seen = doc.user_data.setdefault("kg_town_as_place", {})
    if word not in seen:
        seen[word] = _used_as_place(doc, word, lex)
    return seen[word]


def _used_as_place(doc: Doc, word: str, lex: Lexicon) -> bool:
    places = lex.where_prepositions | lex.motion_prepositions | lex.place_context_words
    for t in doc:
        if t.text != word:
            continue
        if t.is_upper or (t.i > 0 and doc[t.i - 1].lower_ in places):
            return True
        if t.i + 1 >= len(doc):
            continue
        nxt = doc[t.i + 1]
        if (t.i == 0 or "\n" in doc[t.i - 1].whitespace_) and nxt.text in {"-", "(", "—", "–"}:
            return True  # a dateline ("Velm - ", "Velm (AP)"; "Velm, Tarskia -" is a known place after a comma)
        after = doc[t.i + 2].lower_ if t.i + 2 < len(doc) else ""
        if nxt.text == "-" or (nxt.text in {"'s", "’s"} and (after in lex.local_government_roles
                                                            or after in lex.place_heads)) \
                or (nxt.is_lower and nxt.is_alpha and nxt.pos_ == "NOUN"):
            return True  # "Velm-based", "Velm's mayor", "Velm police"
        if nxt.text == "," and t.i + 2 < len(doc) and (
                (doc[t.i + 2].is_title and lex.is_place(doc[t.i + 2].text))  # "Velm, Tarsk and Orvik"
                or any(x.lower_ in lex.place_heads for x in doc[t.i + 2 : t.i + 7])):  # "Velm, a port town"
            return True
    return False


def _plural_opening_word(doc: Doc, c: Cand, lex: Lexicon) -> bool:
    """One capitalised word that opens a sentence, tagged a plural noun, that is a common word's
    plural ("Residents said") or an agent noun's made from a common verb ("Organisers said",
    "Survivors told"), no known given name, and
    written nowhere else in the article, or written in lower case too: a group that speaks or acts,
    not a one-name person."""
    if c.end - c.start != 1 or not sent_initial(doc, c.start):  # (a dateline's dash counts as a start)
        return False
    tok = doc[c.start]
    word = tok.text
    if word in lex.given_names or not (word.endswith("s") or word.endswith("men")):
        return False
    low = word.lower()
    irregular = low in lex.plural_group_nouns  # "Gunmen", "Fishermen": a "-man" noun's plural
    # (a capitalised opening plural is often tagged a proper noun: the word itself decides)
    # (or the plural of a kind of person or body: "Insurers estimated", "Villagers said")
    kind = low[:-1] in lex.person_nouns or low[:-1] in lex.org_appositive_nouns
    # (or a plural the tagger reads as a common noun with an agent's ending: "Rioters angered by ...")
    tagged = tok.tag_ == "NNS" and low.endswith(("ers", "ors", "ists", "ants")) and c.end < len(doc) \
        and not doc[c.end].is_punct
    if tok.tag_ not in {"NNS", "NNPS", "NNP"} or not (
            low[:-1] in lex.common_words or _agent_of_common_verb(low, lex) or irregular or kind or tagged):
        return False  # ("Walgreens said", "Vickers said": a name, not a common noun's plural)
    return irregular or doc_text(doc).count(word) == 1 or written_in_lower_case(doc, low)
    # ("Gunmen" in the headline too: no surname; "Growers said" where the article writes "growers")


def _agent_of_common_verb(low: str, lex: Lexicon) -> bool:
    """"organisers", "survivors", "rescuers": the plural of an agent noun made from a common verb
    (organise/organize, survive, rescue), not a surname or a company ("Vickers", "Walgreens")."""
    if not low.endswith(("ers", "ors")):
        return False
    stem = low[:-3]
    forms = {stem, stem + "e", stem.replace("is", "iz"), stem.replace("is", "iz") + "e"}
    if low.endswith("iers"):
        forms.add(low[:-4] + "y")  # "carriers" (carry), "suppliers" (supply)
    return any(f in lex.common_words for f in forms if len(f) > 2)


def _adjective_last(low: str, lex: Lexicon) -> bool:
    """"Velm Digital", "Tarsk Medical": a common adjective with an adjective's ending ends the name of a
    body (a surname is rarely such a word; "Young", "Long" have no such ending)."""
    return len(low) >= 6 and low.endswith(tuple(lex.adjective_endings))


_ELIDED = re.compile(r"(?:.*-)?[dl]['’][A-Z]")


def _shape_type(text: str, lex: Lexicon, body: str = "") -> str:
    """The type of an unknown run of title-case words that nothing else typed. A person's name is made
    of names: a capitalised common English word in it ("Velm Harbour Patrol", "Tarsk Coast", "Orsk
    Ocean Watch") marks the name of a body, or of a place when its last word is a kind of place."""
    words = text.split()
    last = words[-1].lower()
    body_or_place = lex.pattern("body_or_place_words", lambda lx: frozenset(
        lx.place_heads | lx.place_of_words | lx.compass_modifiers | {w.lower() for w in lx.org_heads}))
    # a common word before the last ("Velm Harbour Patrol"), or a last word that is a kind of body or
    # place ("Tarsk Province"): many surnames are common words ("Ada Young", "Ivo Long")
    common = [w for i, w in enumerate(words) if w[:1].isupper() and w.lower() in lex.common_words
              and not (i == 0 and w in lex.given_names) and not w.isupper()  # "AS Velm": initials
              and w.lower() not in lex.person_name_particles  # "Ana De Velm"
              and (i < len(words) - 1 or w.lower() in body_or_place or _adjective_last(w.lower(), lex))]
    if len(words) >= 2 and words[0].lower() in lex.compass_modifiers and last not in body_or_place - (
            lex.place_heads | lex.place_of_words | lex.compass_modifiers):
        return LOC  # "Western Tarsk Hills", "Eastern Orvik", "North East": a compass word starts a region's name
    if len(words) >= 2 and words[0] not in lex.given_names and any(
            _ELIDED.match(w) for w in words[1:]):
        return LOC  # "Vallee d'Orvik", "Pont-l'Osk": an elided French particle names places far more than people
    if len(words) >= 2 and words[-1] not in lex.place_proper_heads and words[0] not in lex.given_names:
        if words[0] in lex.place_first_words:
            return LOC  # "Estadio Tarsk Norte", "Lago Velm": a kind of place opens its name
        if words[0] in lex.org_first_words:
            return ORG  # "Defensores de Velm", "Columna Tarsk": a kind of body opens its name
    if len(words) >= 2 and words[-1] in lex.event_heads:
        return ORG  # "Velm Rugby Championship": an event, listed with bodies
    team = words[-1] in lex.team_nouns and "|".join(lex.team_context_words)
    if len(words) >= 2 and team and words[0] not in lex.given_names and re.search(
            rf"\b{re.escape(text)}\s+(?:{team})\b|\b(?:{team})\s+(?:the\s+)?{re.escape(text)}\b", body):
        return ORG  # "Tarsk Queens won the final": a plural that names teams ends a club's name, where the
        # article writes it as a team's ("... beat", "... coach", "against ..."; not "Ada Knights said")
    if len(words) == 2 and words[0] in lex.demonyms and words[1] not in lex.demonyms:
        return ORG  # "Icelandic Water denied": a people's adjective opens a body's name, not a person's
    if len(words) >= 3 and words[0] not in lex.given_names and any(w in lex.org_heads for w in words[1:-1]):
        return ORG  # "Tarsk Aviation Fuels": a body's head inside a name of three words, no given name first
    if len(words) < 2 or not common:
        return PER
    if last in lex.place_heads or last in lex.place_of_words or last in lex.compass_modifiers:
        return LOC
    return ORG


def _apposition_speaks(doc: Doc, c: Cand, lex: Lexicon) -> bool:
    """"A grocer who lives by the jail, Ada Corwen, said": a name of two words or more set off by commas
    right before a speech verb is the speaker's (a place does not speak)."""
    return c.end - c.start >= 2 and c.start > 0 and doc[c.start - 1].text == "," and c.end + 1 < len(doc) \
        and doc[c.end].text == "," and doc[c.end + 1].lower_ in lex.speech_verbs


def _before_role(doc: Doc, c: Cand, lex: Lexicon) -> bool:
    """A name typed a place by its shape alone stands before a role word or a speech verb ("Halden
    Valley spokesman", "Halden Valley said"): it may be the leading words of an organisation's name."""
    return c.rule in {"place-shape", "gazetteer"} and c.end < len(doc) and (
        doc[c.end].lower_ in lex.roles or doc[c.end].lower_ in lex.speech_verbs)


# place evidence that outweighs a name's being the first word of an organisation's name
STRONG_PLACE_RULES = frozenset({"dateline", "place-comma-country", "place-of", "place-head"})


@dataclass
class _Resolution:
    """One article's candidates and what clustering them has found so far."""

    doc: Doc
    cands: list[Cand]
    lex: Lexicon
    sent_of: list[int]
    headlines: Headlines | None
    full_text: str  # Doc.text joins every token: build it once, not per mention
    # the last words of the names that may be people's ("Dylan Vesk" read by the NER or by shape alone)
    person_like_surnames: set[str]
    # the first words of the organisations' names found by a rule ("Velmara" of "Velmara Systems")
    org_first_words_here: set[str]
    # the initials of the organisations named in full here that the gazetteer does not know
    spelled_out: set[str]
    entities: dict[str, Entity] = field(default_factory=dict)
    mentions: list[Mention] = field(default_factory=list)
    persons: list[Entity] = field(default_factory=list)
    orgs: list[Entity] = field(default_factory=list)
    ending_at: dict[int, Entity] = field(default_factory=dict)  # token index after a mention -> its entity
    starting_at: dict[int, Entity] = field(default_factory=dict)  # token index where a mention starts -> its entity
    firm: set[str] = field(default_factory=set)  # entities typed by the gazetteer or a rule (pass 1)
    pending: list[int] = field(default_factory=list)  # the candidates pass 2 decides
    placed: dict[str, Entity] = field(default_factory=dict)  # names a strong place rule typed as places here
    by_label: dict[str, Entity] = field(default_factory=dict)  # the full names of pass 1
    kind_named: dict[str, Entity] = field(default_factory=dict)  # "River Tarsk" -> "tarsk"
    regions: dict[str, Entity] = field(default_factory=dict)  # "Tarsk County" -> "tarsk"

    @classmethod
    def of(cls, doc: Doc, cands: list[Cand], lex: Lexicon, sent_of: list[int],
           headlines: Headlines | None) -> _Resolution:
        """The resolution of an article before any candidate is placed."""
        surnames = {doc[c.end - 1].text for c in cands if c.end - c.start >= 2 and c.gaz is None and (
            c.type == PER or (c.type is None and (c.model_type == PER or c.rule == "name-shape")))}
        org_first = {doc[c.start].text for c in cands if c.type == ORG and c.gaz is None and c.end - c.start >= 2}
        return cls(doc, cands, lex, sent_of, headlines, doc_text(doc), surnames, org_first,
                   _initials_spelled_out(doc, cands))

    def add(self, c: Cand, ent: Entity) -> None:
        """Record candidate ``c`` as a mention of ``ent``."""
        doc = self.doc
        start = doc[c.title].idx if c.title is not None else doc[c.start].idx
        end = doc[c.end - 1].idx + len(doc[c.end - 1].text)
        surface = self.full_text[start:end]
        if surface != ent.label:
            ent.aliases.add(surface)
        self.mentions.append(Mention(ent.key, surface, start, end, self.sent_of[c.start], c.rule))
        self.ending_at[c.end] = ent
        self.starting_at[c.start] = ent

    def name_text(self, c: Cand) -> str:
        """The candidate's words, a long all-capitals name in title case."""
        text = self.doc[c.start : c.end].text
        if not (text.isupper() and len(text) > 5):
            return text
        return re.sub(r"(['’])S\b", r"\1s", text.upper().title())  # "ST. VELM'S": "St. Velm's", not "Velm'S"


def resolve(
    doc: Doc, cands: list[Cand], lex: Lexicon, sent_of: list[int], headlines: Headlines | None = None
) -> tuple[dict[str, Entity], list[Mention]]:
    """Cluster candidates into entities; drop untyped ones nothing supports. ``headlines`` tells
    which candidates stand on a title-case line (kg.nlp.entities.headlines)."""
    r = _Resolution.of(doc, cands, lex, sent_of, headlines)
    # pass 1: gazetteer and typed candidates, full names first
    for k in sorted(range(len(cands)), key=lambda k: (cands[k].type is None, -(cands[k].end - cands[k].start))):
        _first_pass(r, k)
    r.firm.update(r.ending_at[c].key for c in r.ending_at)
    # pass 2: short forms resolve to the full names found in pass 1
    r.by_label = {normalize_name(e.label): e for e in r.entities.values()}
    # places named by a kind word and a name (one look-up a name)
    r.kind_named = {key: e for e in r.entities.values() if (key := _kind_named_key(e, lex))}
    r.regions = {key: e for e in r.entities.values() if (key := _region_key(e, lex))}
    # typed short forms first, so weak or statistical readings meet the names they refer to
    # ("..., known as ABC," first of all: a later "ABC officials" is that name)
    defined = {k for k in r.pending if _named_before_known_as(doc, cands[k].start, r.ending_at) is not None}
    for k in sorted(r.pending, key=lambda k: (k not in defined, cands[k].type is None, cands[k].start)):
        _second_pass(r, cands[k])
    r.mentions.sort(key=lambda m: m.start)
    return r.entities, r.mentions


def _first_pass(r: _Resolution, k: int) -> None:
    """Place candidate ``k`` by its gazetteer entry or its type, or leave it to pass 2."""
    c, doc = r.cands[k], r.doc
    if _town_as_surname(r, k) or _deferred_gazetteer(r, k):
        return
    if c.gaz is not None:
        r.add(c, _gazetteer_entity(r, c))
        return
    text = r.name_text(c)
    if c.type == ORG and c.end - c.start <= 3:
        before = _named_before_known_as(doc, c.start, r.ending_at)
        if before is not None and before.type == ORG:
            r.add(c, before)  # "the Velm Commission on Roads, known as Velmro Haq": its other name
            return
    if c.type == PER and c.end - c.start >= 2:
        key = "Person:" + normalize_name(text)
        ent = r.entities.get(key)
        if ent is None:
            ent = r.entities[key] = Entity(key, text, PER)
            r.persons.append(ent)
        r.add(c, ent)
    elif c.type == ORG and not is_acronym(doc[c.start : c.end].text):  # ("VELMIS" reads "Velmis")
        _first_pass_org(r, k, text)
    else:
        r.pending.append(k)


def _town_as_surname(r: _Resolution, k: int) -> bool:
    """Whether a one-word town's name that is the subject of a verb ("Lund said", "Lund rejected it")
    was placed as the surname of a person named here, or left to pass 2 as one maybe."""
    c, doc, lex = r.cands[k], r.doc, r.lex
    if not (c.gaz is not None and c.end - c.start == 1 and c.gaz.type == LOC
            and c.gaz.kind not in {"country", "state"} and c.end < len(doc)
            and (doc[c.end].lower_ in lex.speech_verbs or doc[c.end].pos_ in {"VERB", "AUX"})
            and not doc[c.start].is_upper and (c.start == 0 or doc[c.start - 1].pos_ != "ADP")):
        return False  # (not "in Lund", not a dateline's "LUND")
    word = normalize_name(doc[c.start].text)
    surname = [p for p in r.persons if normalize_name(p.label).split()[-1] == word]
    if not surname and doc[c.end].lower_ in lex.speech_verbs and doc[c.start].text not in r.org_first_words_here:
        # "Orvo Tarsken Mirovo ... Tarsken said": the first of two surnames (not "Tarsken fell 3 percent"
        # after "Tarsken Holdings")
        surname = [p for p in r.persons if _first_of_two_surnames(p.label, word)]
    if len(surname) == 1:
        r.add(c, surname[0])
        return True
    if doc[c.start].text in r.person_like_surnames:
        r.pending.append(k)  # the surname of a name found without a type yet: pass 2 decides
        return True
    return False


def _deferred_gazetteer(r: _Resolution, k: int) -> bool:
    """Whether gazetteer match ``k`` may be another name here, and so is left to pass 2."""
    c, doc, lex = r.cands[k], r.doc, r.lex
    if c.gaz is None:
        return False
    town = c.end - c.start == 1 and c.gaz.type == LOC and c.gaz.kind not in {"country", "state"}
    if town and doc[c.start].text in r.person_like_surnames and not _town_used_as_place(doc, doc[c.start].text, lex):
        pass  # "Pinvel kept the title", "for Pinvel": a town's name that is the surname of a person the
        # article names in full, and nowhere a place ("in Pinvel")
    elif town and c.end < len(doc) and doc[c.end].lower_ in lex.roles and doc[c.start].text in r.org_first_words_here:
        pass  # "A Velmara spokesman" after "Velmara Systems": the company, not the town
    elif doc[c.start : c.end].text.replace("-", "") not in r.spelled_out:
        return False  # (else "the Inland Canals Commission or ICC": the article's own name for the
        # initials, not the gazetteer's body of the same initials)
    r.pending.append(k)
    return True


def _gazetteer_entity(r: _Resolution, c: Cand) -> Entity:
    """The entity of the gazetteer entry candidate ``c`` matched, made the first time."""
    assert c.gaz is not None
    key = "gz:" + (c.gaz.ref_id or c.gaz.label)
    ent = r.entities.get(key)
    if ent is not None:
        return ent
    written = r.doc[c.start : c.end].text
    # the article's own spelling of the same name without its accents ("Medecins" for
    # "Médecins") labels it in this article; the gazetteer's spelling stays an alias
    label = written if written != c.gaz.label and written.isascii() and not c.gaz.label.isascii() \
        and fold_accents(written) == fold_accents(c.gaz.label) else c.gaz.label
    ent = r.entities[key] = Entity(
        key, label, c.gaz.type, {*c.gaz.aliases, c.gaz.label}, c.gaz.ref_id, c.gaz.outlet, c.gaz.kind,
        gazetteer_names(c.gaz.label, c.gaz.aliases),
    )
    ent.aliases.discard(ent.label)
    if ent.type == ORG:
        r.orgs.append(ent)
    return ent


def _first_pass_org(r: _Resolution, k: int, text: str) -> None:
    """Place an organisation's name typed by a rule, unless it is a short form pass 2 decides."""
    c, doc, lex = r.cands[k], r.doc, r.lex
    short = _bracketed_short_form(doc, c, r.cands, r.ending_at, lex) if c.end - c.start == 1 else None
    if short is not None:
        r.add(c, short)  # "the Commission on Roads (Comroad) ... Comroad spokesman": its short form
        return
    key = "Organisation:" + normalize_name(_without_suffix(text, lex))
    lead = normalize_name(text) + " "
    kind = doc[c.end].lower_ if c.end < len(doc) else ""
    if kind in lex.roles:
        kind = ""  # "Velm chairman NAME": the leading word of a longer name, as in pass 2
    if key not in r.entities and any(
            _longer_form(_without_article(normalize_name(o.label), lex), lead, c.rule, kind) for o in r.orgs):
        r.pending.append(k)  # "the Velm brigade" after "the Al-Velm Security Brigade", "Central Bank"
        return  # after "Central Bank of Velmland": pass 2 decides
    ent = r.entities.get(key) or r.entities.setdefault(key, Entity(key, text, ORG))
    if ent not in r.orgs:
        r.orgs.append(ent)
    r.add(c, ent)


def _second_pass(r: _Resolution, c: Cand) -> None:
    """Place a short form on a name found before it, or type it on its own, or drop it."""
    text = r.name_text(c)
    norm = normalize_name(text)
    for find in _TARGET_FINDERS:
        target = find(r, c, text, norm)
        if target is not None:
            if target.type == LOC and c.rule in STRONG_PLACE_RULES:
                r.placed.setdefault(norm, target)  # "the island of Velm" named before: "Velm" stays the island
            r.add(c, target)
            return
    typ, by_model = _untyped_reading(r, c, text)
    if typ is not None:
        _add_new(r, c, text, norm, typ, by_model)


def _defined_here(r: _Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """The organisation a bracket ("Name (ABC)") or "known as" right before the candidate defines it as."""
    doc = r.doc
    bracketed = c.end - c.start == 1 and c.end < len(doc) and doc[c.end].text == ")"  # "(Velmsup)"
    if (c.rule == "acronym-definition" or bracketed) and c.start >= 2 and doc[c.start - 1].text == "(":
        before = r.ending_at.get(c.start - 1)
        if before is not None and before.type == ORG:
            return before  # "Name (ABC)" defines ABC, whatever its initials (a name in another language)
    if is_acronym(doc[c.start : c.end].text) or c.end - c.start <= 3:
        before = _named_before_known_as(doc, c.start, r.ending_at)
        if before is not None and before.type == ORG:
            return before  # "the Velm Relief Office, known as VERO / Velmro Haq, ...": its other name
    return None


def _expanded_acronym(r: _Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """The organisation whose initials or alias an acronym is."""
    if not is_acronym(text):
        return None
    return next((o for o in r.orgs if _initials(o.label) == text.replace("-", "") or text in o.aliases), None)


def _with_word_before(r: _Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """"Grey Lantern said": the sentence's first word, trimmed as a common word, is part of a name
    the article already gave in full."""
    doc = r.doc
    if c.start > 0 and doc[c.start - 1].is_title and doc[c.start - 1].is_alpha:
        return r.by_label.get(normalize_name(doc[c.start - 1].text + " " + text))
    return None


def _person_of_surname(r: _Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """The one person named here whose surname (or first name, or two surnames) the candidate is."""
    doc, lex = r.doc, r.lex
    hits = [p for p in r.persons if norm and (
        normalize_name(p.label).split()[-1] == norm or normalize_name(p.label).split()[0] == norm
        or ("-" in text and normalize_name(p.label).endswith(" " + norm))  # "Bent-Orvane"
        # "Jose Orvo Tarsk ... Orvo Tarsk said": the two surnames of a person's three names
        or (" " in norm and len(p.label.split()) >= 3 and normalize_name(p.label).endswith(" " + norm)
            and _surname_pair(doc, c, r.cands, r.orgs, lex))
    )]
    if not hits and " " not in norm and c.end < len(doc) and doc[c.end].lower_ in lex.speech_verbs \
            and doc[c.start].text not in r.org_first_words_here:
        # "Orvo Tarsken Mirovo ... Tarsken said": the first of two surnames (the paternal one, in
        # Spanish and Portuguese names) stands for the person
        hits = [p for p in r.persons if _first_of_two_surnames(p.label, norm)]
    return hits[0] if len({p.key for p in hits}) == 1 else None


def _untyped_full_name(r: _Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """"to Varn's 4,210": a word typed a place only by the preposition before it is the surname of a
    person the NER alone read in full ("Mihai Varn"), not yet resolved; so is a surname typed a person
    alone ("Varn, who ...") before that full name is. The person is made here."""
    doc, lex = r.doc, r.lex
    if not ((c.rule == "locative" or c.type == PER or c.gaz is not None) and c.end - c.start == 1):
        return None
    full = next((f for f in (r.cands[j] for j in r.pending) if f.type is None
                 and (f.model_type == PER or (f.model_type is None and f.rule == "name-shape"))
                 and f.end - f.start >= 2 and normalize_name(r.name_text(f)).split()[-1] == norm
                 and (c.gaz is None or f.model_type == PER or doc[f.start].text in lex.given_names
                      or not (norm in lex.common_words or norm[:-1] in lex.common_words))),
                None)  # (a town's name that is a common word: only after a full name read as a
    # person's; "Velm Queens" is a team)
    if full is None:
        return None
    key = "Person:" + normalize_name(r.name_text(full))
    target = r.entities.get(key) or r.entities.setdefault(key, Entity(key, r.name_text(full), PER))
    if target not in r.persons:
        r.persons.append(target)
    return target


def _placed_here(r: _Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """"Halden" the dateline's town stays the town, not "Halden Foods Inc."."""
    return r.placed.get(norm)


def _place_without_kind(r: _Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """"the Tarsk" after "River Tarsk": the place without its kind word."""
    return r.kind_named.get(norm)


def _region_before_noun(r: _Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """"the society's Tarsk branch" after "Tarsk County": the region qualifies the noun (not "Tarsk
    said", a body's short name, nor "in Tarsk", a town typed by its preposition)."""
    doc = r.doc
    if (c.type is None or c.rule == "place-head") and c.end - c.start == 1 \
            and c.end < len(doc) and doc[c.end].is_lower and doc[c.end].pos_ == "NOUN":
        return r.regions.get(norm)
    return None


def _town_found_here(r: _Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """"Halden Voters Reject ..." above "HALDEN, Ore. -": the town the gazetteer found in this article,
    not the first word of "Halden Autrement", the committee named later."""
    if not (c.type is None and c.end - c.start == 1):
        return None
    target = next((e for e in r.entities.values() if e.type == LOC and e.key.startswith("gz:")
                   and normalize_name(e.label) == norm), None)
    if target is None and r.headlines is not None and r.headlines.covers(c.start, c.end) \
            and (same := r.by_label.get(norm)) is not None and same.type == LOC:
        target = same  # "across Tarsk" in the body: a headline's "Tarsk" is that place, not the
        # first word of the "Tarsk Growers' Association" named later
    return target


def _org_leading_words(r: _Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """The organisation whose name the candidate opens: "Halden" for "Halden Foods Inc."."""
    doc, lex = r.doc, r.lex
    known = lex.gazetteer.get(norm)
    country = known is not None and known.type == LOC and known.kind in {"country", "state"}
    if not (norm and (c.type != LOC or _before_role(doc, c, lex)) and text not in lex.given_names
            and not country and not _where(doc, c, lex)):  # ("Norway" in a headline is the country, not
        return None  # "Norway Freedom Front"; "in the Tarsklands" is where, not "Tarsklands Growers Union")
    hits = [o for o in r.orgs if _without_article(normalize_name(o.label), lex).startswith(norm + " ")] or [
        o for o in r.orgs  # "Tarvel" for "Sporting Tarvel": the name without its generic first word
        if o.label.split()[0] in lex.org_first_words and normalize_name(o.label).split(" ", 1)[-1] == norm]
    shortest = min(hits, key=lambda o: len(o.label), default=None)
    # of several, one whose name starts all the others ("Halden Rovers" in "Halden Rovers
    # Supporters' Trust"); two unrelated names ("Halden Rovers", "Halden Water") leave it open
    # (the town both are named after, as often as not)
    if shortest is not None and all(normalize_name(o.label).startswith(normalize_name(shortest.label))
                                    for o in hits) and not _named_for_its_place(shortest.label, text, lex):
        return shortest
    return None


def _same_name(r: _Resolution, c: Cand, text: str, norm: str) -> Entity | None:
    """The entity whose label or alias the candidate writes."""
    where = _where(r.doc, c, r.lex)
    for ent in list(r.entities.values()):
        if where and ent.type == ORG and normalize_name(ent.label) != norm:
            continue  # "in the Tarsklands" is where, whatever a headline's "Tarsklands" was taken for
        if norm in {normalize_name(a) for a in ent.aliases} | {normalize_name(ent.label)}:
            return ent
    return None


# pass 2 asks these in turn for the entity a short form names; the first answer wins
_TARGET_FINDERS = (
    _defined_here, _expanded_acronym, _with_word_before, _person_of_surname, _untyped_full_name,
    _placed_here, _place_without_kind, _region_before_noun, _town_found_here, _org_leading_words, _same_name,
)


def _untyped_reading(r: _Resolution, c: Cand, text: str) -> tuple[str | None, bool]:
    """The type of a name nothing else named, and whether only the statistical NER gave it; no
    type when weak evidence does not support it (it is dropped)."""
    doc, lex = r.doc, r.lex
    if c.type is not None:
        return c.type, False
    # weak evidence decides only when nothing else named this text
    partner = _coordinated(doc, c, r.ending_at, r.starting_at, lex.governing_words)
    if _plural_opening_word(doc, c, lex) and not is_acronym(text):
        return None, False  # "Organisers said ...": a plural common noun opening a sentence
    if partner is not None and partner.key in r.firm and not is_acronym(text):
        return partner.type, False  # "Ilvana Orsk and Tomas Brede", "Bresk and Ollu": a list shares its type
    if c.rule == "context-after" and is_acronym(text):
        return ORG, False  # "QXL fighters"
    if c.model_type == PER and _lone_opening_word(doc, c, lex):
        return None, False  # "Ridership fell 8 percent": a word that opens a sentence, named nowhere else
    if c.model_type == PER:
        return _shape_type(text, lex, doc_text(doc)), False  # "Tarsk Coast" read as a person: a known model error
    if c.model_type == LOC and c.end - c.start >= 2 and doc[c.end - 1].text in lex.event_heads:
        return ORG, False  # "Velm Rugby Championship" read as a place: an event, listed with bodies
    if c.model_type == LOC and (c.rule == "speaker" or _apposition_speaks(doc, c, lex)):
        return _shape_type(text, lex, doc_text(doc)), False  # "Ada Corwen said": a place does not speak
    if c.model_type is not None:
        return c.model_type, True  # the statistical NER's reading of an unknown name
    if c.rule in {"name-shape", "speaker"}:
        return _shape_type(text, lex, doc_text(doc)), False  # "Halden Ross claims", "Corwen said"
    return None, False


def _add_new(r: _Resolution, c: Cand, text: str, norm: str, typ: str, by_model: bool) -> None:
    """Place candidate ``c`` on the entity of its own name and type, made the first time."""
    key = f"{typ}:{norm}"
    ent = r.entities.get(key)
    if ent is None:  # typed_by "model": only the statistical NER's reading typed it, so far
        ent = r.entities[key] = Entity(key, text, typ, typed_by="model" if by_model else "rule")
    elif not by_model:
        ent.typed_by = "rule"  # a rule, list or context gave it this type too
    if key_named := _kind_named_key(ent, r.lex):
        r.kind_named.setdefault(key_named, ent)
    if key_region := _region_key(ent, r.lex):
        r.regions.setdefault(key_region, ent)
    r.by_label.setdefault(normalize_name(ent.label), ent)
    if typ == LOC and c.rule in STRONG_PLACE_RULES:
        r.placed.setdefault(norm, ent)
    if typ == PER and ent not in r.persons:
        r.persons.append(ent)
    if typ == ORG and ent not in r.orgs:
        r.orgs.append(ent)
    r.add(c, ent)
