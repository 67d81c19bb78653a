"""Extraction -> RDF quads in the article's named graph. The only place IRIs are minted.

IRIs (base https://w3id.org/kg-news/id/):
  article/<source>                 the article, and the name of its graph
  article/<source>/s<i>            sentence i
  article/<source>/<kind><n>       mentions, affiliations, counts, dates, events, statements
  entity/<wikidata-or-geonames-id> gazetteer entities (stable across articles and runs)
  <type>/<slug>                    other entities, by type and normalised name
"""

from __future__ import annotations

import hashlib
import math
import re
import unicodedata
from collections.abc import Iterator
from urllib.parse import quote

import pyoxigraph as ox

from kg.nlp.lexicon import normalize_name
from kg.rdf.namespaces import ID, KG, OWL, RDF, REFERENCES, SCHEMA, SKOS, XSD
from kg.types import Entity, Extraction

BASE = str(ID)
RDF_TYPE = ox.NamedNode(RDF.type)
PREF_LABEL = ox.NamedNode(SKOS.prefLabel)
ALT_LABEL = ox.NamedNode(SKOS.altLabel)
OWL_SAMEAS = ox.NamedNode(OWL.sameAs)
DATE_PUBLISHED = ox.NamedNode(SCHEMA.datePublished)
URL = ox.NamedNode(SCHEMA.url)
HEADLINE = ox.NamedNode(SCHEMA.headline)
_INTEGER, _DECIMAL, _BOOLEAN = ox.NamedNode(XSD.integer), ox.NamedNode(XSD.decimal), ox.NamedNode(XSD.boolean)
_DATE_TYPES = {10: ox.NamedNode(XSD.date), 7: ox.NamedNode(XSD.gYearMonth), 4: ox.NamedNode(XSD.gYear)}
_STRING = ox.NamedNode(XSD.string)


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


def entity_iri(ent: Entity) -> str:
    if ent.ref_id:
        return BASE + "entity/" + ent.ref_id.replace(":", "-")
    return BASE + ent.type.lower() + "/" + slug(ent.label)


class _Terms:
    """``P.sentence`` -> NamedNode of kg:sentence, built once (reading an attribute of
    rdflib's DefinedNamespace builds a URIRef and checks it every time)."""

    def __getattr__(self, name: str) -> ox.NamedNode:
        node = ox.NamedNode(str(getattr(KG, name)))  # a misspelled term still raises
        setattr(self, name, node)
        return node


P = _Terms()


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


def to_quads(ex: Extraction, extractor: str = "") -> Iterator[ox.Quad]:
    a = ex.article
    g = ox.NamedNode(article_iri(a.source))
    art = g

    def q(s: ox.NamedNode, p: ox.NamedNode, o: ox.NamedNode | ox.Literal) -> ox.Quad:
        return ox.Quad(s, p, o, g)

    yield q(art, RDF_TYPE, P.Article)
    yield q(art, P.sourceFile, _s(a.source))
    yield q(art, P.contentHash, _s(a.content_hash))
    if extractor:
        yield q(art, P.extractor, _s(extractor))
    if a.published:
        yield q(art, DATE_PUBLISHED, date_literal(a.published))
        yield q(art, P.publishedFrom, _s(a.published_from or "metadata"))
    if a.outlet:
        yield q(art, P.outlet, _s(a.outlet))
    if a.url:
        yield q(art, URL, _s(a.url))
    if a.title:
        yield q(art, HEADLINE, _s(a.title))

    sent_iri = {}
    for s in ex.sentences:
        node = ox.NamedNode(f"{g.value}/s{s.index}")
        sent_iri[s.index] = node
    used_sents: set[int] = set()

    def prov(node: ox.NamedNode, si: int, start: int, end: int) -> Iterator[ox.Quad]:
        used_sents.add(si)
        yield q(node, P.sentence, sent_iri[si])
        yield q(node, P.startOffset, _int(start))
        yield q(node, P.endOffset, _int(end))

    ent_iri = {k: ox.NamedNode(entity_iri(e)) for k, e in ex.entities.items()}
    for k, e in ex.entities.items():
        node = ent_iri[k]
        yield q(node, RDF_TYPE, getattr(P, e.type))
        yield q(node, PREF_LABEL, _s(e.label))
        for alias in sorted(e.aliases):
            if alias != e.label:
                yield q(node, ALT_LABEL, _s(alias))
        if e.ref_id and e.ref_id.split(":")[0] in REFERENCES:
            prefix, local = e.ref_id.split(":", 1)
            yield q(node, OWL_SAMEAS, ox.NamedNode(REFERENCES[prefix][local]))

    for n, m in enumerate(ex.mentions):
        node = ox.NamedNode(f"{g.value}/m{n}")
        yield q(node, RDF_TYPE, P.Mention)
        yield q(node, P.refersTo, ent_iri[m.entity])
        yield q(node, P.text, _s(m.text))
        yield q(node, P.foundBy, _s(m.source))
        yield from prov(node, m.sentence, m.start, m.end)

    for n, af in enumerate(ex.affiliations):
        if af.person not in ent_iri or af.organisation not in ent_iri:
            continue
        node = ox.NamedNode(f"{g.value}/a{n}")
        yield q(node, RDF_TYPE, P.Affiliation)
        yield q(node, P.person, ent_iri[af.person])
        yield q(node, P.organisation, ent_iri[af.organisation])
        yield q(node, P.role, _s(af.role))
        yield q(node, P.isSpokesperson, _bool(af.spokesperson))
        yield from prov(node, af.sentence, af.start, af.end)

    for n, d in enumerate(ex.dates):
        node = ox.NamedNode(f"{g.value}/d{n}")
        yield q(node, RDF_TYPE, P.DateMention)
        yield q(node, P.text, _s(d.text))
        if d.value:
            yield q(node, P.date, date_literal(d.value))
        if d.precision:
            yield q(node, P.precision, _s(d.precision))
        yield q(node, P.isRelative, _bool(d.relative))
        yield from prov(node, d.sentence, d.start, d.end)

    for n, c in enumerate(ex.counts):
        if not all(math.isfinite(v) for v in (c.value, c.upper, c.magnitude) if v is not None):
            continue  # a number past the float range (400 digits) is no count, and no xsd:decimal
        node = ox.NamedNode(f"{g.value}/c{n}")
        yield q(node, RDF_TYPE, P.Count)
        yield q(node, P.text, _s(c.text))
        if c.value is not None:
            yield q(node, P.value, _dec(c.value))
        if c.upper is not None:
            yield q(node, P.upperBound, _dec(c.upper))
        if c.magnitude is not None:
            yield q(node, P.lowerBound, _dec(c.magnitude))
        yield q(node, P.qualifier, _s(c.qualifier))
        if c.currency:
            yield q(node, P.currency, _s(c.currency))
        if c.what:
            yield q(node, P.what, _s(c.what))
        if c.head:
            yield q(node, P.head, _s(c.head))
        if c.date:
            yield q(node, P.date, date_literal(c.date))
        if c.place in ent_iri:
            yield q(node, P.place, ent_iri[c.place])
        if c.organisation in ent_iri:
            yield q(node, P.organisation, ent_iri[c.organisation])
        if c.attributed_to in ent_iri:
            yield q(node, P.attributedTo, ent_iri[c.attributed_to])
        if c.event:
            ev = ox.NamedNode(f"{g.value}/e{n}")
            yield q(node, P.event, ev)
            yield q(ev, RDF_TYPE, P.Event)
            yield q(ev, P.eventType, getattr(P, c.event))
            yield q(ev, P.trigger, _s(c.event_word or ""))
            if c.place in ent_iri:
                yield q(ev, P.place, ent_iri[c.place])
            if c.organisation in ent_iri:
                yield q(ev, P.organisation, ent_iri[c.organisation])
            if c.date:
                yield q(ev, P.date, date_literal(c.date))
            yield from prov(ev, c.sentence, c.start, c.end)
        yield from prov(node, c.sentence, c.start, c.end)

    for n, st in enumerate(ex.statements):
        node = ox.NamedNode(f"{g.value}/q{n}")
        yield q(node, RDF_TYPE, P.Statement)
        if st.speaker in ent_iri:
            yield q(node, P.speaker, ent_iri[st.speaker])
        yield q(node, P.speakerText, _s(st.speaker_text))
        yield q(node, P.quote, _s(st.quote))
        if st.told in ent_iri:
            yield q(node, P.toldTo, ent_iri[st.told])
        yield from prov(node, st.sentence, st.start, st.end)

    for si in sorted(used_sents):
        s = ex.sentences[si]
        node = sent_iri[si]
        yield q(node, RDF_TYPE, P.Sentence)
        yield q(node, P.inArticle, art)
        yield q(node, P.index, _int(s.index))
        yield q(node, P.text, _s(s.text))
        yield q(node, P.startOffset, _int(s.start))
        yield q(node, P.endOffset, _int(s.end))

