"""A correction as data: the ``Correction`` dataclass and its RDF form in the curation graph.

In the named graph ``id/curation`` (kg.rdf.mapping.curation_graph_iri), correction N is the
node ``id/curation/N``::

    <id/curation/3> a kg:Correction ;
        kg:action "merge" ;                       # merge retype relabel split reject affiliate
        kg:target <id/organisation/cjtf-oir> ;    # what is corrected
        kg:keep <id/organisation/operation-inherent-resolve> ;
        kg:newType kg:Organisation ; kg:newLabel "Operation Inherent Resolve" ;
        dcterms:creator "ana" ; dcterms:created "2026-11-23T09:40:00Z"^^xsd:dateTime ;
        rdfs:comment "CJTF-OIR is the operation's task force" ;
        kg:appliedIn <id/article/000_27735b4e4882bb1f.txt> .   # store state, not exported

The curation graph holds no entity names, types or mentions (the queries read the union
of the graphs, and must see only the article graphs' entities).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from kg.errors import CurationError, Errors

if TYPE_CHECKING:
    import pyoxigraph

ACTIONS = ("merge", "retype", "relabel", "split", "reject", "affiliate")
ENTITY_TYPES = ("Organisation", "Person", "Place")
FACT_KINDS = {"a": "Affiliation", "c": "Count", "d": "DateMention", "e": "Event", "q": "Statement", "m": "Mention",
              "r": "Relation"}  # r: a relation of a kind with a record of its own (kg.relation_kinds)

_RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
_RDFS_COMMENT = "http://www.w3.org/2000/01/rdf-schema#comment"
_DCT = "http://purl.org/dc/terms/"
_XSD = "http://www.w3.org/2001/XMLSchema#"


@dataclass(frozen=True)
class Correction:
    """One correction. Which fields are set depends on ``action``:

    merge      target (OTHER, merged away), keep, type and label (KEEP's, when it was made)
    retype     target, type (the new one)
    relabel    target, label (the new preferred name)
    split      target, label (the alias), new (the new entity's IRI), type (its type)
    reject     target (an entity, with its label then, or a fact IRI as the provenance query prints it); for a
               fact also article, kind, text and sentence (what finds it after a rebuild), span
               (its offsets, to tell equal texts apart) and, for a mention, entity
    affiliate  target (the person), organisation, role, spokesperson, article
    """

    n: int
    action: str
    target: str
    keep: str | None = None
    type: str | None = None  # Organisation | Person | Place
    label: str | None = None
    new: str | None = None
    organisation: str | None = None
    role: str | None = None
    spokesperson: bool = False
    article: str | None = None  # an article graph IRI
    kind: str | None = None  # a rejected fact's kind (FACT_KINDS values)
    span: str | None = None  # a rejected fact's "start end" (an older kg's went on with its sentence's)
    text: str | None = None  # what a rejected fact says: the text it spans (None from an older kg)
    sentence: str | None = None  # the text of its sentence
    entity: str | None = None  # the entity of a rejected mention
    by: str = ""
    created: str = ""  # ISO date-time, UTC
    note: str | None = None

    @property
    def names(self) -> set[str]:
        """The entity whose names and links it rewrites: the target of a merge (merged away),
        relabel, split or reject; none for a retype or an affiliation, which leave names alone."""
        return {self.target} if self.action in ("merge", "relabel", "split", "reject") and self.target else set()

    @property
    def iri(self) -> str:
        from kg.rdf.mapping import correction_iri

        return correction_iri(self.n)

    def renumbered(self, n: int) -> Correction:
        return replace(self, n=n)

    def describe(self) -> str:
        """What it does, in a few words ("merged cjtf-oir into operation-inherent-resolve")."""
        t = short(self.target)
        if self.action == "merge":
            return f"merged {t} into {short(self.keep)}"
        if self.action == "retype":
            return f"retyped {t} as {self.type}"
        if self.action == "relabel":
            return f"relabelled {t} {self.label!r}"
        if self.action == "split":
            return f"split {self.label!r} off {t} as {short(self.new)}"
        if self.action == "affiliate":
            spoke = ", spokesperson" if self.spokesperson else ""
            role = f" ({self.role}{spoke})" if self.role or spoke else ""
            return f"affiliated {t} with {short(self.organisation)}{role} in {short(self.article)}"
        if self.kind:
            said = " ".join((self.text or "").split())
            if len(said) > 80:
                said = said[:77] + "..."
            return f"rejected {self.kind.lower()} {t}" + (f" ({said!r})" if said else "")
        return f"rejected {t}" + (f" ({self.label})" if self.label else "")


def short(iri: str | None) -> str:
    """An IRI kg minted without its base (``person/jane-doe``, ``article/a.txt``)."""
    from urllib.parse import unquote

    from kg.rdf.iris import ID

    if iri is None:
        return ""
    return unquote(iri[len(ID):]) if iri.startswith(ID) else iri


def to_quads(c: Correction, *, applied_in: Iterable[str] = ()) -> Iterator[pyoxigraph.Quad]:
    """The correction's statements in the curation graph."""
    import pyoxigraph as ox

    from kg.rdf.iris import KG
    from kg.rdf.mapping import curation_graph_iri

    g = ox.NamedNode(curation_graph_iri())
    node = ox.NamedNode(c.iri)

    def q(p: str, o: ox.NamedNode | ox.Literal) -> ox.Quad:
        return ox.Quad(node, ox.NamedNode(p), o, g)

    yield q(_RDF_TYPE, ox.NamedNode(KG + "Correction"))
    yield q(KG + "action", ox.Literal(c.action))
    yield q(KG + "target", ox.NamedNode(c.target))
    for prop, iri in (("keep", c.keep), ("newEntity", c.new), ("withOrganisation", c.organisation),
                      ("inArticle", c.article), ("ofEntity", c.entity)):
        if iri:
            yield q(KG + prop, ox.NamedNode(iri))
    if c.type:
        yield q(KG + "newType", ox.NamedNode(KG + c.type))
    for prop, text in (("newLabel", c.label), ("newRole", c.role), ("factKind", c.kind), ("factSpan", c.span),
                       ("factText", c.text), ("factSentence", c.sentence)):
        if text is not None:
            yield q(KG + prop, ox.Literal(text))
    if c.action == "affiliate":
        yield q(KG + "asSpokesperson", ox.Literal("true" if c.spokesperson else "false",
                                                  datatype=ox.NamedNode(_XSD + "boolean")))
    yield q(_DCT + "creator", ox.Literal(c.by))
    yield q(_DCT + "created", ox.Literal(c.created, datatype=ox.NamedNode(_XSD + "dateTime")))
    if c.note:
        yield q(_RDFS_COMMENT, ox.Literal(c.note))
    for graph in sorted(applied_in):
        yield q(KG + "appliedIn", ox.NamedNode(graph))


_IRI_FIELDS = {"target": "target", "keep": "keep", "newEntity": "new", "withOrganisation": "organisation",
               "inArticle": "article", "ofEntity": "entity"}
_TEXT_FIELDS = {"action": "action", "newLabel": "label", "newRole": "role", "factKind": "kind", "factSpan": "span",
                "factText": "text", "factSentence": "sentence"}


def from_triples(triples: Iterable[tuple[object, object, object]], where: str = "the store") -> list[Correction]:
    """The corrections among (subject, predicate, object) pyoxigraph terms, by number. Triples of
    other subjects are ignored; a correction without its action or target raises CurationError."""
    from kg.rdf.iris import KG
    from kg.rdf.mapping import correction_number

    fields: dict[int, dict[str, object]] = {}
    for s, p, o in triples:
        n = correction_number(getattr(s, "value", ""))
        if n is None:
            continue
        f = fields.setdefault(n, {})
        name = p.value[len(KG):] if p.value.startswith(KG) else p.value
        if name in _IRI_FIELDS:
            f[_IRI_FIELDS[name]] = o.value
        elif name in _TEXT_FIELDS:
            f[_TEXT_FIELDS[name]] = o.value
        elif name == "newType":
            f["type"] = o.value.rsplit("#", 1)[-1]
        elif name == "asSpokesperson":
            f["spokesperson"] = o.value in ("true", "1")
        elif p.value == _DCT + "creator":
            f["by"] = o.value
        elif p.value == _DCT + "created":
            f["created"] = o.value
        elif p.value == _RDFS_COMMENT:
            f["note"] = o.value
    out = []
    for n in sorted(fields):
        f = fields[n]
        missing = [k for k in ("action", "target") if k not in f]
        if missing or f["action"] not in ACTIONS or (f.get("type") and f["type"] not in ENTITY_TYPES):
            reason = f"no kg:{missing[0]}" if missing else f"action {f['action']!r}, type {f.get('type')!r}"
            raise CurationError(Errors.KG812.format(path=where, node=n, reason=reason))
        out.append(Correction(n=n, **f))  # type: ignore[arg-type]
    return out
