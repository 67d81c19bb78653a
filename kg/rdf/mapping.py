"""Extraction -> RDF quads in the article's named graph. The only place IRIs are minted.

IRIs (base https://w3id.org/kg-news/id/):
  article/<source>                 the article, and the name of its graph
  article/<source>/<kind><n>       affiliations (a), counts (c), dates (d), events (e), statements (q),
                                   the relations of the kinds with a record of their own (r);
                                   mN names the n-th mention in the provenance query (a mention is a
                                   value, not a node)
  entity/<wikidata-or-geonames-id> gazetteer entities (stable across articles and runs)
  <type>/<slug>                    other entities, by type and normalised name

The article text is stored once (``kg:text``), and its sentences' offsets once
(``kg:sentences``); facts point into them with their span (``kg:affiliationSpan``,
``kg:countSpan``, ``kg:dateSpan``, ``kg:statementSpan``: see ``span`` and ontology/kg.ttl), so
surface texts and sentences are not repeated. What a gazetteer says
of an entity (its ``owl:sameAs`` and other names) goes once into the store's gazetteer graph.
"""

from __future__ import annotations

import hashlib
import math
import re
import unicodedata
from collections.abc import Iterable, Iterator
from urllib.parse import quote

import pyoxigraph as ox

from kg.nlp.lexicon import normalize_name
from kg.rdf.iris import ID, KG, OWL, RDF, REFERENCES, SCHEMA, SKOS, XSD
from kg.relation_kinds import generic_kinds
from kg.types import Entity, Extraction, Mention, Relation, Sentence

# The vocabularies as plain strings (kg.rdf.iris), not kg.rdf.namespaces: this module runs in
# every build, and importing rdflib there cost more CPU than the mapping itself.
# tests/test_ontology.py checks every term written here against the namespace module (whose
# DefinedNamespace classes raise on a misspelled term).
BASE = ID
RDF_TYPE = ox.NamedNode(RDF + "type")
PREF_LABEL = ox.NamedNode(SKOS + "prefLabel")
ALT_LABEL = ox.NamedNode(SKOS + "altLabel")
OWL_SAMEAS = ox.NamedNode(OWL + "sameAs")
DATE_PUBLISHED = ox.NamedNode(SCHEMA + "datePublished")
URL = ox.NamedNode(SCHEMA + "url")
HEADLINE = ox.NamedNode(SCHEMA + "headline")
_INTEGER, _DECIMAL, _BOOLEAN = (ox.NamedNode(XSD + t) for t in ("integer", "decimal", "boolean"))
_DATE_TYPES = {10: ox.NamedNode(XSD + "date"), 7: ox.NamedNode(XSD + "gYearMonth"), 4: ox.NamedNode(XSD + "gYear")}
_STRING = ox.NamedNode(XSD + "string")
EXACT = "exact"  # a count's qualifier where kg:qualifier is left out
_PRECISION = {10: "day", 7: "month", 4: "year"}  # a date's precision, from the length of its ISO value


def slug(text: str) -> str:
    """The readable part of an entity IRI: the name folded to ASCII letters and digits.
    A name whose letters do not all fold (Cyrillic, Arabic, CJK, "ø") gets a short hash of
    the whole name as well, so two such names never share an IRI."""
    name = normalize_name(text)
    t = unicodedata.normalize("NFKD", name)
    t = "".join(c for c in t if not unicodedata.combining(c))
    folded = re.sub(r"[^a-z0-9]+", "-", t).strip("-")
    if all(c.isascii() for c in t if c.isalnum()) and folded:
        return folded
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:12]
    return f"{folded}-{digest}" if folded else digest


def article_iri(source: str) -> str:
    return BASE + "article/" + quote(source, safe="")


def import_iri(file_name: str) -> str:
    """The named graph that ``kg load`` gives the triples of a triple-format file."""
    return BASE + "import/" + quote(file_name, safe="")


def mention_iri(graph: str, n: int | str) -> str:
    """The n-th mention of the article whose graph is ``graph`` (as the provenance query
    names it). A mention is a value on its entity, not a node; a triple-format export
    (which has no graphs) names it by this IRI when it says which article a mention is in."""
    return f"{graph}/m{n}"


def curation_graph_iri() -> str:
    """The named graph that holds the analysts' corrections (kg.curation)."""
    return BASE + "curation"


def gazetteer_graph_iri() -> str:
    """The named graph of what kg's gazetteers say of the entities that articles name: each
    one's ``owl:sameAs`` (its Wikidata or GeoNames IRI) and the gazetteer's other names for
    it (``skos:altLabel``), written once for the whole store instead of in every article that
    names it. Nothing in it comes from an article's text; what it says of an entity goes when
    no article names the entity any more (kg.store.Store.prune_gazetteer)."""
    return BASE + "gazetteer"


def correction_iri(n: int) -> str:
    """The n-th correction (1, 2, ...; a number is never reused)."""
    return f"{BASE}curation/{n}"


def correction_number(iri: str) -> int | None:
    """N of a correction IRI ``curation/N``, or None for any other IRI."""
    prefix = BASE + "curation/"
    tail = iri[len(prefix):] if iri.startswith(prefix) else ""
    return int(tail) if tail.isdigit() else None


def curated_affiliation_iri(graph: str, n: int) -> str:
    """The affiliation that correction ``n`` (kg affiliate) adds to the article graph ``graph``."""
    return f"{graph}/curation-{n}"


def typed_entity_iri(type_: str, label: str) -> str:
    """The IRI of an entity with no gazetteer id, from its type and name (as ``entity_iri``);
    kg split mints the new entity so."""
    return entity_iri(Entity("", label, type_))


def entity_iri(ent: Entity) -> str:
    if ent.ref_id:
        return BASE + "entity/" + ent.ref_id.replace(":", "-")
    if ent.key.startswith("gz:"):  # the gazetteer's own label (an article may label it as it writes it)
        return BASE + ent.type.lower() + "/" + slug(ent.key[3:])
    return BASE + ent.type.lower() + "/" + slug(ent.label)


class _Terms:
    """``P.span`` -> NamedNode of kg:span, built once. (The term is not checked here, which would
    need rdflib: tests/test_ontology.py checks that every kg: term written is in kg.rdf.namespaces.KG.)"""

    def __getattr__(self, name: str) -> ox.NamedNode:
        if name.startswith("_"):
            raise AttributeError(name)
        node = ox.NamedNode(KG + name)
        setattr(self, name, node)
        return node


P = _Terms()
MENTION = {t: getattr(P, t.lower() + "Mention") for t in ("Organisation", "Person", "Place")}  # type -> property
# a fact's class -> its span property, which types it (an event is where its count is)
SPAN = {"Affiliation": P.affiliationSpan, "Count": P.countSpan, "DateMention": P.dateSpan,
        "Statement": P.statementSpan, "Event": P.countSpan, "Relation": P.relationSpan}


def _s(v: str) -> ox.Literal:
    return ox.Literal(v)


def _int(v: int) -> ox.Literal:
    return ox.Literal(str(v), datatype=_INTEGER)


def _dec(v: float) -> ox.Literal:
    text = f"{v:.6f}".rstrip("0").rstrip(".") if v != int(v) else str(int(v))
    return ox.Literal(text, datatype=_DECIMAL)


def _bool(v: bool) -> ox.Literal:
    return ox.Literal("true" if v else "false", datatype=_BOOLEAN)


def date_literal(value: str) -> ox.Literal:
    return ox.Literal(value, datatype=_DATE_TYPES.get(len(value), _STRING))


def span(start: int, end: int, sentence: int) -> str:
    """The lexical form of a fact's span (``kg:countSpan`` and the others): where it is, in
    the article text ``kg:text``.

    Three integers, space-separated: the fact's start and end offsets (Unicode code
    points, 0-based, end exclusive, as Python slices and as SPARQL's
    ``SUBSTR(text, start + 1, end - start)``), then the number of its sentence in the
    article's ``kg:sentences`` (``sentences``). Short enough (16 bytes or fewer, in an
    article under 10,000 characters) for Oxigraph to keep it in the index keys themselves
    rather than once more in the store's dictionary."""
    return f"{start} {end} {sentence}"


def sentences(sents: Iterable[Sentence]) -> str:
    """The lexical form of ``kg:sentences``: "n:start-end" for each sentence of the article
    (numbered from 0), space-separated. A query finds sentence n's offsets after the text
    " n:" of " " + the value (see queries/counts.rq)."""
    return " ".join(f"{n}:{s.start}-{s.end}" for n, s in enumerate(sents))


def found_by(m: Mention, ent: Entity) -> str:
    """One word of kg:foundBy: the generator that proposed the mention ("org-shape"), then, where the
    entity decision ran, "@" and its probability of the entity's type ("org-shape@0.93"), with ">TYPE"
    before it where the decision overrode the rules' type ("name-shape>Person@0.71")."""
    word = "-".join(m.source.split()) or "unknown"
    if ent.retyped:
        word += ">" + ent.type
    if ent.score is not None:
        word += f"@{ent.score:.2f}"
    return word


def plural_head(what: str) -> str:
    """The head noun of a count that ``kg:head`` leaves out: ``what`` without a final "s"."""
    return what[:-1] if what.endswith("s") else what


def to_quads(ex: Extraction, extractor: str = "") -> Iterator[ox.Quad]:
    """The article's named graph (see the module docstring and ``ontology/kg.ttl``).

    Every fact keeps its provenance in one literal, its span (the fact's offsets into
    the article text, stored once as the article's ``kg:text``, and the number of its
    sentence, whose offsets the article's ``kg:sentences`` gives): the surface text of a
    mention, date or count and the sentence are slices of the text, so they are not
    stored again. A mention is one triple on the
    entity (``kg:mention``); facts that are not mentions are nodes typed by their
    span property (``rdfs:domain`` in the ontology), with no ``rdf:type`` triple.
    A value that is the default is left out: ``kg:isSpokesperson`` false,
    ``kg:isRelative`` true, ``kg:qualifier`` exact, ``kg:speakerText`` the speaker's
    label, ``kg:head`` what is counted without a final "s". A gazetteer entity's
    ``owl:sameAs`` and the gazetteer's other names for it go into the gazetteer graph
    (``gazetteer_graph_iri``), the same quads from every article that names it."""
    a = ex.article
    g = ox.NamedNode(article_iri(a.source))
    art = g
    text = a.text

    def q(s: ox.NamedNode, p: ox.NamedNode, o: ox.NamedNode | ox.Literal) -> ox.Quad:
        return ox.Quad(s, p, o, g)

    yield q(art, RDF_TYPE, P.Article)
    yield q(art, P.sourceFile, _s(a.source))
    yield q(art, P.contentHash, _s(a.content_hash))
    if extractor:
        yield q(art, P.extractor, _s(extractor))
    if a.published:
        yield q(art, DATE_PUBLISHED, date_literal(a.published))
        if a.published_from and a.published_from != "metadata":  # metadata when left out
            yield q(art, P.publishedFrom, _s(a.published_from))
    if a.outlet:
        yield q(art, P.outlet, _s(a.outlet))
    if a.url:
        yield q(art, URL, _s(a.url))
    if a.title:
        yield q(art, HEADLINE, _s(a.title))
    yield q(art, P.text, _s(text))
    sents = ex.sentences
    yield q(art, P.sentences, _s(sentences(sents)))
    if ex.mentions:  # what found each mention and what the entity decision said, in the order of their numbers
        yield q(art, P.foundBy, _s(" ".join(found_by(m, ex.entities[m.entity]) for m in ex.mentions)))

    def at(node: ox.NamedNode, prop: ox.NamedNode, si: int, start: int, end: int,
           written: str | None = None) -> Iterator[ox.Quad]:
        yield q(node, prop, _s(span(start, end, si)))
        if written is not None and text[start:end] != written:
            yield q(node, P.text, _s(written))  # only when the slice would not give it back

    ent_iri = {k: ox.NamedNode(entity_iri(e)) for k, e in ex.entities.items()}
    gazetteer = ox.NamedNode(gazetteer_graph_iri())
    mentioned = {m.entity for m in ex.mentions}
    for k, e in ex.entities.items():
        node = ent_iri[k]
        if k not in mentioned:  # a mention says the type (kg:personMention ...); without one, rdf:type does
            yield q(node, RDF_TYPE, getattr(P, e.type))
        yield q(node, PREF_LABEL, _s(e.label))
        linked = bool(e.ref_id) and e.ref_id.split(":")[0] in REFERENCES
        shared = e.gazetteer_names & e.aliases if linked else frozenset()
        for alias in sorted(e.aliases):
            if alias != e.label and alias not in shared:
                yield q(node, ALT_LABEL, _s(alias))
        if linked:  # into the store's gazetteer graph (the same quads from every article naming it)
            prefix, local = e.ref_id.split(":", 1)
            yield ox.Quad(node, OWL_SAMEAS, ox.NamedNode(REFERENCES[prefix] + local), gazetteer)
            for alias in sorted(shared - {e.label}):
                yield ox.Quad(node, ALT_LABEL, _s(alias), gazetteer)

    for n, m in enumerate(ex.mentions):
        # "start end sentence n": one triple per mention (what found it: the article's kg:foundBy)
        prop = MENTION[ex.entities[m.entity].type]
        yield q(ent_iri[m.entity], prop, _s(f"{span(m.start, m.end, m.sentence)} {n}"))

    for n, af in enumerate(ex.affiliations):
        if af.person not in ent_iri or af.organisation not in ent_iri:
            continue
        node = ox.NamedNode(f"{g.value}/a{n}")
        yield q(node, P.person, ent_iri[af.person])
        yield q(node, P.organisation, ent_iri[af.organisation])
        yield q(node, P.role, _s(af.role))
        if af.spokesperson:  # false when left out
            yield q(node, P.isSpokesperson, _bool(True))
        yield from at(node, P.affiliationSpan, af.sentence, af.start, af.end)

    for n, d in enumerate(ex.dates):
        node = ox.NamedNode(f"{g.value}/d{n}")
        if d.value:
            yield q(node, P.date, date_literal(d.value))
        if d.precision and _PRECISION.get(len(d.value or "")) != d.precision:
            yield q(node, P.precision, _s(d.precision))  # otherwise the date's datatype says it
        if not d.relative:  # true when left out: most dates in news are relative ("on Tuesday")
            yield q(node, P.isRelative, _bool(False))
        yield from at(node, P.dateSpan, d.sentence, d.start, d.end, d.text)

    for n, c in enumerate(ex.counts):
        if not all(math.isfinite(v) for v in (c.value, c.upper, c.magnitude) if v is not None):
            continue  # a number past the float range (400 digits) is no count, and no xsd:decimal
        node = ox.NamedNode(f"{g.value}/c{n}")
        if c.value is not None:
            yield q(node, P.value, _dec(c.value))
        if c.upper is not None:
            yield q(node, P.upperBound, _dec(c.upper))
        if c.magnitude is not None:
            yield q(node, P.lowerBound, _dec(c.magnitude))
        if c.qualifier != EXACT:  # exact when left out
            yield q(node, P.qualifier, _s(c.qualifier))
        if c.currency:
            yield q(node, P.currency, _s(c.currency))
        if c.what:
            yield q(node, P.what, _s(c.what))
        if (c.what or c.head) and (c.head or "") != plural_head(c.what or ""):
            yield q(node, P.head, _s(c.head or ""))  # left out when it is what without a final "s"
        if c.date:
            yield q(node, P.date, date_literal(c.date))
        if c.place in ent_iri:
            yield q(node, P.place, ent_iri[c.place])
        if c.organisation in ent_iri:
            yield q(node, P.organisation, ent_iri[c.organisation])
        if c.attributed_to in ent_iri:
            yield q(node, P.attributedTo, ent_iri[c.attributed_to])
        if c.event:
            # the event is where the count is, with the count's place, date and organisation
            ev = ox.NamedNode(f"{g.value}/e{n}")
            yield q(node, P.event, ev)
            yield q(ev, P.eventType, getattr(P, c.event))
            yield q(ev, P.trigger, _s(c.event_word or ""))
        yield from at(node, P.countSpan, c.sentence, c.start, c.end, c.text)

    for n, st in enumerate(ex.statements):
        node = ox.NamedNode(f"{g.value}/q{n}")
        if st.speaker in ent_iri:
            yield q(node, P.speaker, ent_iri[st.speaker])
        if st.speaker not in ent_iri or ex.entities[st.speaker].label != st.speaker_text:
            yield q(node, P.speakerText, _s(st.speaker_text))  # the speaker's label when left out
        if st.told in ent_iri:
            yield q(node, P.toldTo, ent_iri[st.told])
        sent = sents[st.sentence]
        found = text.find(st.quote, sent.start, sent.end) if st.quote else -1
        if found < 0:  # not a slice of its sentence: written out
            yield q(node, P.quote, _s(st.quote))
            yield from at(node, P.statementSpan, st.sentence, st.start, st.end)
        else:  # the quote's offsets follow the span: "start end sentence quoteStart quoteEnd"
            yield q(node, P.statementSpan, _s(f"{span(st.start, st.end, st.sentence)} {found} {found + len(st.quote)}"))

    yield from relation_quads(ex.relations, g, ent_iri)


_LITERAL = {"string": _s, "date": date_literal, "decimal": lambda v: _dec(float(v)),
            "boolean": lambda v: _bool(v in (True, "true"))}


def _term(curie: str) -> ox.NamedNode:
    """The node of a kg term written "kg:name" in relation_kinds.json."""
    prefix, _, name = curie.partition(":")
    if prefix != "kg":
        raise ValueError(f"Unexpected term in relation_kinds.json: {curie!r}")
    return getattr(P, name)


def relation_quads(relations: Iterable[Relation], g: ox.NamedNode,
                   ent_iri: dict[str, ox.NamedNode]) -> Iterator[ox.Quad]:
    """The one generic mapping: each relation of a kind with a record of its own as the node
    ``article/<source>/r<n>``, typed by its kind's class, tied to its subject and object by the
    predicates of its kind's row (kg/nlp/data/relation_kinds.json), each literal field by its
    predicate, with what proposed it (kg:generator, kg:pattern, kg:score) and where it is
    (kg:relationSpan). A relation whose subject is no entity of the article is left out; its
    object, when it is none, is left out of it."""
    kinds = generic_kinds()
    for n, r in enumerate(relations):
        kind = kinds.get(r.kind)
        if kind is None or r.subject not in ent_iri:
            continue
        rec = kind.record
        node = ox.NamedNode(f"{g.value}/r{n}")
        yield ox.Quad(node, RDF_TYPE, _term(kind.cls), g)
        yield ox.Quad(node, _term(rec.subject), ent_iri[r.subject], g)
        if r.object in ent_iri:
            yield ox.Quad(node, _term(rec.object), ent_iri[r.object], g)
        for name, (pred, datatype) in rec.fields.items():
            if r.fields.get(name):
                yield ox.Quad(node, _term(pred), _LITERAL[datatype](r.fields[name]), g)
        yield ox.Quad(node, P.generator, _s(r.generator), g)
        yield ox.Quad(node, P.pattern, _s(r.pattern), g)
        yield ox.Quad(node, P.score, _dec(r.score), g)
        yield ox.Quad(node, P.relationSpan, _s(span(r.start, r.end, r.sentence)), g)
