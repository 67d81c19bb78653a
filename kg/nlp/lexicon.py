"""Loads the data files in kg/nlp/data/ once per process (patterns are data, not code).

A component asks for the files it uses (``load_lexicon(data_dir, files)``) and
gets a :class:`Lexicon` with the fields those files fill; the others keep their
empty defaults. ``FILES`` says which file fills which fields. Saving a pipeline
copies a component's files into its folder (``copy_files``), and loading reads
them back from there (``read_lexicon``)."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from kg.relation_kinds import data_files
from kg.resources import nlp_data_dir


def _words(path: Path) -> set[str]:
    out: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            out.update(line.split())
    return out


def _json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


_ARABIC_ARTICLES = frozenset({"al", "el", "as", "ash", "ad", "ar", "az", "an", "at", "ez", "es", "ed", "er", "et",
                              "en"})
_DASHES = re.compile(r"[\-\u2010-\u2015_/]+")
_DROPPED = str.maketrans("", "", ".\"“”,()")


def fold_accents(word: str) -> str:
    """The text without its accents, case kept: "Atlético" -> "Atletico"."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def _normalize(text: str) -> str:
    if text.isascii():  # most names: no accents to fold, no curly quotes
        t = text.lower()
    else:
        t = fold_accents(text)
        t = t.replace("\u2019", "'").replace("\u2018", "'").lower()
    t = _DASHES.sub(" ", t).translate(_DROPPED)
    words = t.split()
    if len(words) > 1 and words[0] == "the":
        words = words[1:]
    return " ".join("al" if w in _ARABIC_ARTICLES else w for w in words)


@lru_cache(maxsize=1 << 16)
def normalize_name(text: str) -> str:
    """Key under which names are compared: case, accents, hyphens, apostrophes and
    Arabic article spellings (al-/el-/az-/ez-) folded away. Cached (bounded): the
    gazetteer lookup asks for the same few thousand spans over and over (the gazetteer's
    own 78,000 names go through the uncached ``_normalize``, not to crowd them out)."""
    return _normalize(text)


@dataclass(frozen=True)
class GazetteerEntry:
    ref_id: str | None
    label: str
    type: str
    outlet: bool = False
    aliases: tuple[str, ...] = ()
    kind: str = ""


@dataclass
class Lexicon:
    roles: dict[str, dict] = field(default_factory=dict)
    role_endings: tuple[str, ...] = ()  # "-ologist": an occupation the list need not name
    role_modifiers: set[str] = field(default_factory=set)
    person_titles: set[str] = field(default_factory=set)
    byline_verbs: set[str] = field(default_factory=set)
    credit_markers: set[str] = field(default_factory=set)
    credit_line_words: set[str] = field(default_factory=set)  # "Reporting by Name": a person
    post_nominal_roles: set[str] = field(default_factory=set)  # "Ada Corwen MP": the role ends the name
    local_government_roles: set[str] = field(default_factory=set)  # "Mayor Name of Halden": the town's
    alias_markers: list[str] = field(default_factory=list)
    group_descriptions: set[str] = field(default_factory=set)
    leader_verbs: list[str] = field(default_factory=list)
    speaker_verbs: set[str] = field(default_factory=set)  # "NAME, who speaks for ORG": a spokesperson
    speech_verbs: set[str] = field(default_factory=set)
    continuing_verbs: list[str] = field(default_factory=list)  # ", adding that": a statement of its own
    according_to: list[str] = field(default_factory=list)
    quote_verbs: set[str] = field(default_factory=set)  # speech only right after a quotation ("...?" she asked)
    object_verbs: set[str] = field(default_factory=set)  # speech only before a clause ("admitted 30 patients": no)
    topic_prepositions: set[str] = field(default_factory=set)  # "warned about X": a topic, no claim
    topic_number_words: set[str] = field(default_factory=set)  # "said about a dozen ...": a number follows
    event_triggers: dict[str, str] = field(default_factory=dict)
    numbers: dict = field(default_factory=dict)
    dates: dict = field(default_factory=dict)
    relations: dict = field(default_factory=dict)  # relations.json: words of the relation phrasings
    dependency_patterns: dict = field(default_factory=dict)  # dependency_patterns.json (kg.nlp.relations.syntax)
    sentences: dict = field(default_factory=dict)  # sentences.json: sentence-boundary punctuation
    org_heads: set[str] = field(default_factory=set)
    org_first_words: set[str] = field(default_factory=set)
    org_context_after: set[str] = field(default_factory=set)
    place_heads: set[str] = field(default_factory=set)
    month_abbreviations: set[str] = field(default_factory=set)
    firm_heads: set[str] = field(default_factory=set)
    governing_words: set[str] = field(default_factory=set)  # words before a name that make it an object
    place_of_words: set[str] = field(default_factory=set)
    place_proper_heads: set[str] = field(default_factory=set)
    place_first_words: set[str] = field(default_factory=set)  # "River Tarsk", "Mount Velm"
    opening_adverbs: set[str] = field(default_factory=set)  # "Meanwhile Velm Council said": not the name
    plural_group_nouns: set[str] = field(default_factory=set)  # "Gunmen attacked": a group, no name
    lower_case_bodies: set[str] = field(default_factory=set)  # "Norway's foreign ministry": a body
    portfolio_words: set[str] = field(default_factory=set)  # "foreign", "defence" before such a body
    locative_preps: set[str] = field(default_factory=set)
    connectors: set[str] = field(default_factory=set)
    name_particles: set[str] = field(default_factory=set)  # "Norte de Velm": one name across the particle
    place_particles: set[str] = field(default_factory=set)  # "Orvik do Sul": a longer place's name
    name_of_words: set[str] = field(default_factory=set)  # "of", "do": "Museu do Porto" is a body's name
    list_glue: set[str] = field(default_factory=set)  # ",", "and", "&": what a list of names runs over
    field_heads: set[str] = field(default_factory=set)  # "Enforcement": a head that is a field before "and"
    english_connectors: set[str] = field(default_factory=set)  # the connectors that may follow any word
    hyphen_prefixes: set[str] = field(default_factory=set)  # "Co-operation": a name goes on after the hyphen
    acronym_inner_words: set[str] = field(default_factory=set)  # "Front for Velm in the South (FVS)"
    field_endings: tuple[str, ...] = ()  # "Analysis", "Economics": a field of study ends a body's name
    kin_nouns: set[str] = field(default_factory=set)  # "Name, a grandfather of five": a person
    score_words: set[str] = field(default_factory=set)  # "beating Tarsk Halden 3-2": the team beaten
    saint_words: set[str] = field(default_factory=set)  # "St. Velm's": a saint's possessive names a place
    degree_acronyms: set[str] = field(default_factory=set)  # "an MBA candidate": a degree, no body
    eponym_titles: set[str] = field(default_factory=set)  # "King Velm's School": a body named for a royal
    demonym_mastheads: set[str] = field(default_factory=set)  # "the Kenyan Express": a demonym kept
    event_heads: set[str] = field(default_factory=set)  # "Velm Netball Cup": an event's name, a place's name in it
    team_nouns: set[str] = field(default_factory=set)  # "Tarsk Queens": a team's name, not a person's
    team_context_words: set[str] = field(default_factory=set)  # "Tarsk Queens beat ...": written as a team's
    region_heads: set[str] = field(default_factory=set)  # "Tarsk County": "Tarsk" alone is the county
    foreign_contractions: set[str] = field(default_factory=set)  # "Cafes del Velm": no English word, joins any
    sport_words: set[str] = field(default_factory=set)  # "Rowing Norway": a national sports body
    national_societies: set[str] = field(default_factory=set)  # "Norway Red Cross": a country's own society
    person_name_particles: set[str] = field(default_factory=set)  # "Pieter van Velm": inside a person's name
    org_heads_before_in: set[str] = field(default_factory=set)  # "Relief Mission in Velm": one name
    org_heads_before_to: set[str] = field(default_factory=set)  # "the Velm Mission to Tarsk": one name
    national_services: set[str] = field(default_factory=set)  # "The Navy said": a body named by its kind alone
    linking_vowels: set[str] = field(default_factory=set)  # "Pul-e Velmi": a Persian ezafe joins a name
    person_nouns: set[str] = field(default_factory=set)  # "resident Ada Corwen said": a person, with no organisation
    org_heads_before_on: set[str] = field(default_factory=set)  # "Council on Water Policy": one name
    adjective_endings: set[str] = field(default_factory=set)  # "Legal charity ...": an adjective opens it
    service_words: set[str] = field(default_factory=set)  # "Tarsk Police Area": a body, not a place
    noun_endings: set[str] = field(default_factory=set)  # "Ridership fell": a common noun's ending
    body_roles: set[str] = field(default_factory=set)  # "Velmo treasurer Ada Corwen": the role is in a body
    roles_of_body: set[str] = field(default_factory=set)  # "managing director of Velm Tarsk": a body
    numbered_labels: set[str] = field(default_factory=set)  # "Category 2", "Phase 3": a label, no name
    demonym_endings: set[str] = field(default_factory=set)  # "Velmese Red Cross": a nationality's shape
    initials_skip_words: set[str] = field(default_factory=set)  # "Bank of Velm": "BV", "of" skipped
    known_as_adverbs: set[str] = field(default_factory=set)  # "NAME, also known as ABC": one body
    agent_plural_endings: tuple[str, ...] = ()  # "Rioters said": a group opening a sentence
    place_body_heads: set[str] = field(default_factory=set)  # "Tarsk County Council": "Tarsk" is the place
    not_after_place_kind: set[str] = field(default_factory=set)  # "Orvik, a town hall clerk": no place
    national_office_fields: set[str] = field(default_factory=set)  # "Statistics Norway": a national office
    where_prepositions: set[str] = field(default_factory=set)  # "in the Tarsklands": where, not a body
    motion_prepositions: set[str] = field(default_factory=set)  # "flew to Pinvel": a place, not a surname
    place_context_words: set[str] = field(default_factory=set)  # "the mayor of Velm": a place
    branch_nouns: set[str] = field(default_factory=set)  # "the society's Tarsk branch": a place
    force_heads: set[str] = field(default_factory=set)  # "The Army and Air Force": two services
    polity_words: set[str] = field(default_factory=set)  # "the United Republic of ...": a state's name
    name_adjectives: set[str] = field(default_factory=set)  # "the Republican Front": kept in the name
    party_role_nouns: set[str] = field(default_factory=set)  # "the Name candidate": a party
    law_words: set[str] = field(default_factory=set)  # "the Name Act": a law
    arabic_articles: set[str] = field(default_factory=set)
    not_entities: set[str] = field(default_factory=set)
    compass_modifiers: set[str] = field(default_factory=set)
    org_appositive_nouns: set[str] = field(default_factory=set)
    org_type_nouns_after: set[str] = field(default_factory=set)
    corporate_suffixes: set[str] = field(default_factory=set)
    kinds: dict = field(default_factory=dict)  # a generic relation kind's data file, by name ("role_changes.json")
    headlines: dict = field(default_factory=dict)  # what makes a line a title-case headline
    decider_features: dict = field(default_factory=dict)  # decider_features.json: the entity decision's words
    demonyms: set[str] = field(default_factory=set)
    given_names: set[str] = field(default_factory=set)
    common_words: set[str] = field(default_factory=set)
    gazetteer: dict[str, GazetteerEntry] = field(default_factory=dict)
    gazetteer_max_tokens: int = 1
    # first word of every gazetteer key: a span whose first word is not here cannot match
    gazetteer_first_words: frozenset[str] = frozenset()
    # compiled patterns built from this lexicon by the components (kept with it, so
    # they live and die with it)
    compiled: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def title_or_role(self, word: str) -> bool:
        """A person's title as written ("Mr", "Gen.", "Brigadier General") or a role word in any
        case ("spokesman", "Mayor"): the one test of the entity rules and the relations."""
        lower = word.lower()
        return lower in self.roles or word in self.person_titles or word.rstrip(".") in self.person_titles \
            or self.role_by_ending(lower)

    def role_by_ending(self, lower: str) -> bool:
        """An occupation named by its ending ("seismologist", "demographer"), listed or not."""
        return len(lower) > 7 and lower.isalpha() and lower.endswith(self.role_endings)

    def is_place(self, word: str) -> bool:
        """``word`` is a place's name in the gazetteer ("Velm" if it lists a town so named)."""
        entry = self.gazetteer.get(normalize_name(word))
        return entry is not None and entry.type == "Place"

    def is_country(self, word: str) -> bool:
        """``word`` alone is a country's name in the gazetteer ("Norway")."""
        entry = self.gazetteer.get(normalize_name(word))
        return entry is not None and entry.type == "Place" and entry.kind == "country"

    def pattern(self, name: str, build: Callable[[Lexicon], Any]) -> Any:
        """``build(self)``, made once per lexicon and kept under ``name``."""
        if name not in self.compiled:
            self.compiled[name] = build(self)
        return self.compiled[name]


# earlier files win: hand-curated organisations and places before generated places
GAZETTEER_FILES = ("orgs.jsonl", "places_extra.jsonl", "places.jsonl", "subdivisions.jsonl")


def _load_gazetteer(data: Path, names: Iterable[str] = GAZETTEER_FILES) -> tuple[dict[str, GazetteerEntry], int]:
    table: dict[str, GazetteerEntry] = {}
    by_id: dict[str, GazetteerEntry] = {}
    longest = 1
    # earlier files win: hand-curated organisations and places before generated places
    for name in names:
        path = data / name
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            entry = GazetteerEntry(
                ref_id=row.get("id"),
                label=row["label"],
                type=row["type"],
                outlet=bool(row.get("outlet")),
                aliases=tuple(row.get("aliases", [])),
                kind=row.get("kind", ""),
            )
            # a later row with a known id adds spellings to the first row's entity
            if entry.ref_id:
                entry = by_id.setdefault(entry.ref_id, entry)
            for form in (row["label"], *row.get("aliases", [])):
                key = _normalize(form)
                if key and key not in table:
                    table[key] = entry
                    longest = max(longest, len(key.split()))
    return table, longest


def _cache_dir() -> Path | None:
    """Where the gazetteer index is cached: $KG_CACHE_DIR, else $XDG_CACHE_HOME/kg or ~/.cache/kg;
    KG_CACHE_DIR set to an empty string turns the cache off."""
    import os

    if "KG_CACHE_DIR" in os.environ:
        return Path(os.environ["KG_CACHE_DIR"]) if os.environ["KG_CACHE_DIR"] else None
    try:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    except RuntimeError:  # no HOME and no passwd entry (some containers): no cache
        return None
    return Path(base) / "kg"


def _own_private_folder(folder: Path) -> bool:
    """The cache folder is a directory of this user that nobody else may write to: a pickle
    runs code when loaded, so one from a shared folder is never read."""
    import os
    import stat

    try:
        st = folder.stat()
    except OSError:
        return False
    owner_ok = not hasattr(os, "getuid") or st.st_uid == os.getuid()
    return stat.S_ISDIR(st.st_mode) and owner_ok and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _pack_gazetteer(table: tuple[dict[str, GazetteerEntry], int]) -> tuple[list[tuple], dict[str, int], int]:
    """The index as plain tuples (each entry once) and name -> entry number: unpickled in half the
    time of the dataclass objects themselves."""
    entries: list[tuple] = []
    number: dict[int, int] = {}
    keys: dict[str, int] = {}
    for key, entry in table[0].items():
        k = number.get(id(entry))
        if k is None:
            k = number[id(entry)] = len(entries)
            entries.append((entry.ref_id, entry.label, entry.type, entry.outlet, entry.aliases, entry.kind))
        keys[key] = k
    return entries, keys, table[1]


def _unpack_gazetteer(packed: object) -> tuple[dict[str, GazetteerEntry], int]:
    entries, keys, longest = packed  # type: ignore[misc]
    if not (isinstance(entries, list) and isinstance(keys, dict) and isinstance(longest, int)):
        raise ValueError("not a packed gazetteer")
    made = [GazetteerEntry(*row) for row in entries]
    return {key: made[k] for key, k in keys.items()}, longest


def _cached_gazetteer(data: Path, names: Iterable[str]) -> tuple[dict[str, GazetteerEntry], int]:
    """:func:`_load_gazetteer`, from a pickle kept in the user's cache folder when one was written
    for the same files and the same code (keyed by their SHA-256): normalising 80,000 names takes
    half a second at every start, reading the pickle a third of that. Any failure to read or
    write the cache falls back to reading the files."""
    import hashlib
    import os
    import pickle
    import sys

    folder = _cache_dir()
    if folder is None:
        return _load_gazetteer(data, names)
    # the code, the Python (its pickle and unicodedata) and the data make the key
    digest = hashlib.sha256(Path(__file__).read_bytes())
    digest.update(f"{sys.version_info[:2]} {unicodedata.unidata_version}".encode())
    for name in names:
        path = data / name
        digest.update(name.encode() + b"\0" + (path.read_bytes() if path.exists() else b"-") + b"\0")
    cached = folder / f"gazetteer-{digest.hexdigest()[:32]}.pickle"
    if cached.is_file() and _own_private_folder(folder):
        try:
            with cached.open("rb") as fh:
                packed = pickle.load(fh)
            return _unpack_gazetteer(packed)
        except Exception:  # noqa: BLE001 - any damaged index is rebuilt from the files
            pass
    table = _load_gazetteer(data, names)
    tmp = cached.with_suffix(f".{os.getpid()}.tmp")
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _own_private_folder(folder):
            return table
        with tmp.open("wb") as fh:
            pickle.dump(_pack_gazetteer(table), fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, cached)  # atomic: a concurrent reader sees the old file or the whole new one
        # keep the four newest indexes (several checkouts or versions may share the folder)
        for stale in sorted(folder.glob("gazetteer-*.pickle"), key=lambda p: p.stat().st_mtime)[:-4]:
            stale.unlink(missing_ok=True)
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
    return table


def _numbers(path: Path) -> dict:
    nums = _json(path)
    for key in ("not_count_units", "not_count_words", "linking_verbs", "np_stop_words", "scale_abbreviations",
                "linking_skip_words", "linking_name_prepositions", "name_connectors", "of_determiners",
                "not_what_after_currency", "prepositions"):
        nums[key] = set(nums[key])
    return nums


def _roles(path: Path) -> dict[str, Any]:
    roles = _json(path)
    return dict(
        roles=roles["roles"],
        role_endings=tuple(roles["role_endings"]),
        role_modifiers=set(roles["role_modifiers"]),
        person_titles=set(roles["person_titles"]),
        byline_verbs=set(roles["byline_verbs"]),
        credit_markers=set(roles["credit_markers"]),
        credit_line_words=set(roles["credit_line_words"]),
        local_government_roles=set(roles["local_government_roles"]),
        post_nominal_roles=set(roles["post_nominal_roles"]),
        alias_markers=list(roles["alias_markers"]),
        group_descriptions=set(roles["group_descriptions"]),
        leader_verbs=list(roles["leader_verbs"]),
        speaker_verbs=set(roles["speaker_verbs"]),
    )


def _entities(path: Path) -> dict[str, Any]:
    ents = _json(path)
    keys = ("org_heads", "org_first_words", "org_context_after", "place_heads", "place_of_words",
            "place_proper_heads", "place_first_words", "locative_preps", "connectors", "arabic_articles",
            "not_entities", "opening_adverbs", "lower_case_bodies", "portfolio_words",
            "plural_group_nouns",
            "compass_modifiers", "org_appositive_nouns", "org_type_nouns_after", "month_abbreviations", "firm_heads",
            "governing_words", "name_particles", "sport_words", "party_role_nouns", "law_words",
            "english_connectors", "foreign_contractions", "region_heads", "team_nouns", "event_heads",
            "hyphen_prefixes", "team_context_words", "demonym_mastheads", "acronym_inner_words",
            "saint_words", "eponym_titles", "degree_acronyms", "score_words", "kin_nouns",
            "person_name_particles",
            "place_particles", "name_of_words", "list_glue", "field_heads",
            "org_heads_before_in",
            "org_heads_before_to", "org_heads_before_on", "person_nouns", "national_services", "linking_vowels",
            "adjective_endings", "service_words",
            "noun_endings", "body_roles", "place_body_heads", "not_after_place_kind",
            "national_office_fields", "where_prepositions", "motion_prepositions", "place_context_words",
            "branch_nouns", "force_heads", "polity_words", "name_adjectives", "roles_of_body",
            "numbered_labels",
            "demonym_endings", "initials_skip_words", "known_as_adverbs")
    folded = {k: set(ents[k]) for k in keys}
    for k in ("org_first_words", "place_first_words"):  # "Atletico" as often as "Atlético"
        # (not where the word without accents is an English head: "Unión" -> "Union Square")
        folded[k] |= {fold_accents(w) for w in folded[k]} - folded["org_heads"]
    return {**folded, "headlines": ents["headlines"], "field_endings": tuple(ents["field_endings"]),
            "agent_plural_endings": tuple(ents["agent_plural_endings"]),
            "national_societies": {_normalize(n) for n in ents["national_society_names"]}}


def _speech(path: Path) -> dict[str, Any]:
    speech = _json(path)
    return dict(speech_verbs=set(speech["verbs"]), according_to=list(speech["according_to"]),
                quote_verbs=set(speech["quote_verbs"]), object_verbs=set(speech["object_verbs"]),
                topic_prepositions=set(speech["topic_prepositions"]),
                topic_number_words=set(speech["topic_number_words"]),
                continuing_verbs=list(speech["continuing_verbs"]))


# data file -> the Lexicon fields it fills (the gazetteer files, GAZETTEER_FILES, fill the gazetteer)
FILES: dict[str, Callable[[Path], dict[str, Any]]] = {
    "roles.json": _roles,
    "speech.json": _speech,
    "events.json": lambda p: dict(event_triggers=_json(p)["triggers"]),
    "numbers.json": lambda p: dict(numbers=_numbers(p)),
    "dates.json": lambda p: dict(dates=_json(p)),
    "relations.json": lambda p: dict(relations=_json(p)),
    "dependency_patterns.json": lambda p: dict(dependency_patterns=_json(p)),
    "sentences.json": lambda p: dict(sentences=_json(p)),
    "entities.json": _entities,
    "decider_features.json": lambda p: dict(decider_features=_json(p)),
    "demonyms.txt": lambda p: dict(demonyms=_words(p)),
    "given_names.txt": lambda p: dict(given_names=_words(p)),
    "common_words.txt": lambda p: dict(common_words=_words(p)),
    "legal_forms.txt": lambda p: dict(corporate_suffixes=_words(p)),
}
ALL_FILES: tuple[str, ...] = (*FILES, *GAZETTEER_FILES, *data_files())


def read_lexicon(data_dir: str | Path | None = None, files: Iterable[str] | None = None) -> Lexicon:
    """A Lexicon from the data files ``files`` (default: all) in ``data_dir``
    (default: the package's kg/nlp/data/). Not cached: see :func:`load_lexicon`."""
    data = Path(data_dir) if data_dir else nlp_data_dir()
    wanted = ALL_FILES if files is None else tuple(files)
    kind_files = [f for f in wanted if f in data_files()]  # the generic relation kinds' (kg.relation_kinds)
    unknown = [f for f in wanted if f not in FILES and f not in GAZETTEER_FILES and f not in kind_files]
    if unknown:
        raise ValueError(f"unknown lexicon file {unknown[0]!r}; known: {', '.join(ALL_FILES)}")
    fields: dict[str, Any] = {}
    for name, read in FILES.items():
        if name in wanted:
            fields.update(read(data / name))
    fields["kinds"] = {name: _json(data / name) for name in kind_files}
    gaz_files = [f for f in GAZETTEER_FILES if f in wanted]
    if gaz_files:
        gaz, longest = _cached_gazetteer(data, gaz_files)
        fields.update(gazetteer=gaz, gazetteer_max_tokens=longest,
                      gazetteer_first_words=frozenset(key.split()[0] for key in gaz))
    if "relations" in fields and "corporate_suffixes" in fields:
        # legal_forms.txt is the one list of legal forms: they head a company's name in the relations too
        rel = dict(fields["relations"])
        legal = sorted(fields["corporate_suffixes"])
        rel["company_heads"] = [*rel["company_heads"], *legal]
        rel["org_noun_heads"] = {**rel["org_noun_heads"], "company": [*rel["org_noun_heads"]["company"], *legal]}
        fields["relations"] = rel
    return Lexicon(**fields)


@lru_cache(maxsize=32)
def load_lexicon(data_dir: str | None = None, files: tuple[str, ...] | None = None) -> Lexicon:
    """:func:`read_lexicon`, once per process for each folder and set of files."""
    return read_lexicon(data_dir, files)


def copy_files(src: str | Path | None, dest: str | Path, files: Iterable[str]) -> None:
    """Copy the data files ``files`` from ``src`` (default: the package's) into the folder ``dest``
    (the gazetteer files that do not exist are optional and skipped, as when reading)."""
    import shutil

    source = Path(src) if src else nlp_data_dir()
    target = Path(dest)
    target.mkdir(parents=True, exist_ok=True)
    for name in files:
        if name in GAZETTEER_FILES and not (source / name).exists():
            continue
        shutil.copyfile(source / name, target / name)
