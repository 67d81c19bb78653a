"""Plain data passed between the stages. No spaCy, no rdflib here."""

from __future__ import annotations

from dataclasses import dataclass, field

# The entity types: the one place their names are spelled in code
ORG, PER, LOC = "Organisation", "Person", "Place"
ENTITY_TYPES = (ORG, PER, LOC)


def entity_type(value: str) -> str | None:
    """The entity type ``value`` names in any letter case ("organization" too), or None."""
    key = value.strip().lower()
    return next((t for t in ENTITY_TYPES if t.lower() == key), ORG if key == "organization" else None)


def date_problem(value: str) -> str | None:
    """What is wrong with ``value`` as a day (YYYY-MM-DD), a month (YYYY-MM) or a year (YYYY),
    or None: "2019-13-01" has no month 13, "2019-03-40" no day 40."""
    import calendar
    import re

    m = re.fullmatch(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?", value.strip())
    if m is None:
        return "expected YYYY-MM-DD (or YYYY-MM, YYYY)"
    year, month, day = int(m[1]), int(m[2] or 1), int(m[3] or 1)
    if not 1 <= month <= 12:
        return f"there is no month {month}"
    last = calendar.monthrange(year, month)[1]
    if not 1 <= day <= last:
        return f"there is no day {day} in {calendar.month_name[month]} {year}"
    return None


@dataclass(frozen=True)
class Article:
    """One article as read from disk, before any NLP."""

    source: str  # the file name (basename): the article's identity in queries
    text: str
    content_hash: str  # sha256 of the text
    path: str = ""
    published: str | None = None  # ISO YYYY-MM-DD, or None when unknown
    published_from: str | None = None  # "metadata" | "text" | "other articles" | None
    outlet: str | None = None
    url: str | None = None
    title: str | None = None
    warnings: tuple[str, ...] = ()
    month_day: tuple[int, int] | None = None  # a dateline's month and day when it gives no year


@dataclass(frozen=True)
class Sentence:
    index: int
    start: int
    end: int
    text: str


@dataclass
class Entity:
    """One real-world entity as found in one article (mentions already clustered)."""

    key: str  # stable key within the article
    label: str  # fullest name used (or the gazetteer's preferred label)
    type: str  # Organisation | Person | Place
    aliases: set[str] = field(default_factory=set)
    ref_id: str | None = None  # gazetteer identifier, e.g. "wd:Q30" or "gn:170794"
    outlet: bool = False  # a news outlet (from the gazetteer)
    kind: str = ""  # the gazetteer's kind of place ("city", "country", "state"), where it gives one
    gazetteer_names: frozenset[str] = frozenset()  # the gazetteer's other names for it (not its label)
    score: float | None = None  # the entity decision's probability of its type (kg.nlp.entities.decide)
    retyped: bool = False  # the decision changed the type the rules gave it
    typed_by: str = "rule"  # "model": only the statistical NER's reading typed it (no rule, list or context)


@dataclass(frozen=True)
class Mention:
    entity: str  # Entity.key
    text: str
    start: int
    end: int
    sentence: int
    source: str  # which rule or component found it


@dataclass(frozen=True)
class Affiliation:
    person: str  # Entity.key
    organisation: str  # Entity.key
    role: str
    spokesperson: bool
    sentence: int
    start: int
    end: int


@dataclass(frozen=True)
class DateMention:
    text: str
    start: int
    end: int
    sentence: int
    value: str | None  # ISO: YYYY-MM-DD, YYYY-MM or YYYY; None when unresolved
    precision: str | None  # day | month | year
    relative: bool = False


@dataclass
class Count:
    text: str
    start: int
    end: int
    sentence: int
    value: float | None  # None for vague amounts ("hundreds")
    upper: float | None = None
    qualifier: str = "exact"
    magnitude: float | None = None  # lower bound for vague amounts (hundreds -> 100)
    currency: str | None = None
    what: str | None = None
    head: str | None = None
    event: str | None = None  # controlled event type, e.g. "Surrender"
    event_word: str | None = None
    place: str | None = None  # Entity.key
    date: str | None = None  # ISO value of a DateMention
    organisation: str | None = None  # Entity.key
    attributed_to: str | None = None  # Entity.key of the speaker


@dataclass(frozen=True)
class Statement:
    speaker: str | None  # Entity.key, None when unresolved
    speaker_text: str
    quote: str
    sentence: int
    start: int
    end: int
    told: str | None = None  # Entity.key of the outlet told


@dataclass(frozen=True)
class Relation:
    """One relation of a kind with a record of its own (a row of kg/nlp/data/relation_kinds.json
    with ``record``): what the one generic mapping writes (kg.rdf.mapping), the kind's row saying
    with which class and predicates. It says what proposed it and how sure it is."""

    kind: str  # the row's name ("role_change")
    subject: str  # Entity.key
    object: str | None  # Entity.key; None when the sentence names none
    sentence: int
    start: int  # the evidence: the span of the sentence the relation is read from
    end: int
    score: float  # how sure the generator is (0..1)
    generator: str  # what proposed it ("role_changes": the finder's module)
    pattern: str  # the id of the pattern that fired (in the kind's data file)
    fields: dict[str, str] = field(default_factory=dict)  # the kind's literal fields (role, change, date)


@dataclass
class Extraction:
    article: Article
    sentences: list[Sentence] = field(default_factory=list)
    entities: dict[str, Entity] = field(default_factory=dict)
    mentions: list[Mention] = field(default_factory=list)
    affiliations: list[Affiliation] = field(default_factory=list)
    dates: list[DateMention] = field(default_factory=list)
    counts: list[Count] = field(default_factory=list)
    statements: list[Statement] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)  # the kinds with a record of their own
