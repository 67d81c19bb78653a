"""Corrections on a store: make one, list them, undo one, apply them all, load a curation export.

Each function takes a writable :class:`kg.store.Store` and reads or changes its curation graph
(kg.curation.model) and the article graphs a correction touches (kg.curation.apply). Bad input
raises a CurationError before anything is written, so the store is left as it was.
"""

from __future__ import annotations

import datetime as dt
import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from urllib.parse import quote, unquote

from kg.curation.apply import apply, mention_text
from kg.curation.model import ENTITY_TYPES, FACT_KINDS, Correction, from_triples, short, to_quads
from kg.errors import CurationError, Errors
from kg.resources import queries_dir
from kg.store import Store

_QUERIES: dict[str, str] = {}


def _query(name: str) -> str:
    if name not in _QUERIES:
        _QUERIES[name] = (queries_dir() / "internal" / f"{name}.rq").read_text(encoding="utf-8")
    return _QUERIES[name]


def _rows(store: Store, name: str, **params: str) -> list[list]:
    from kg.query.run import run

    _, rows = run(store, _query(name), params)
    return rows


# ------------------------------------------------------------------ reading the curation graph


def _curation_node():
    import pyoxigraph as ox

    from kg.rdf.mapping import curation_graph_iri

    return ox.NamedNode(curation_graph_iri())


def has_corrections(store: Store) -> bool:
    """Whether the store has a curation graph (one call: what a build pays when there is none)."""
    return store.raw.contains_named_graph(_curation_node())


def corrections(store: Store) -> list[Correction]:
    """The store's corrections, by number."""
    if not has_corrections(store):
        return []
    return from_triples((q.subject, q.predicate, q.object) for q in store.quads(_curation_node().value))


def applied_in(store: Store) -> dict[int, set[str]]:
    """Correction number -> the article graphs it changed when it was last applied to them."""
    import pyoxigraph as ox

    from kg.rdf.iris import KG
    from kg.rdf.mapping import correction_number

    out: dict[int, set[str]] = {}
    if not has_corrections(store):
        return out
    for q in store.raw.quads_for_pattern(None, ox.NamedNode(KG + "appliedIn"), None, _curation_node()):
        n = correction_number(q.subject.value)
        if n is not None:
            out.setdefault(n, set()).add(q.object.value)
    return out


def _last_number(store: Store) -> int:
    import pyoxigraph as ox

    from kg.rdf.iris import KG

    g = _curation_node()
    last = [int(q.object.value) for q in store.raw.quads_for_pattern(g, ox.NamedNode(KG + "lastCorrection"), None, g)]
    return max([*last, *(c.n for c in corrections(store))], default=0)


def _set_last_number(store: Store, n: int) -> None:
    import pyoxigraph as ox

    from kg.rdf.iris import KG

    g = _curation_node()
    p = ox.NamedNode(KG + "lastCorrection")
    for q in list(store.raw.quads_for_pattern(g, p, None, g)):
        store.raw.remove(q)
    store.raw.add(ox.Quad(g, p, ox.Literal(str(n), datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer")),
                          g))


def _save(store: Store, c: Correction, graphs: Iterable[str]) -> None:
    store.add_quads(to_quads(c, applied_in=graphs))
    _set_last_number(store, max(c.n, _last_number(store)))


def _record_applied(store: Store, changed: dict[str, set[int]], *, replace_old: bool) -> None:
    """Note which corrections changed which graphs; with ``replace_old`` what was noted for
    those graphs before goes (the graphs were built anew)."""
    import pyoxigraph as ox

    from kg.rdf.iris import KG
    from kg.rdf.mapping import correction_iri

    g = _curation_node()
    p = ox.NamedNode(KG + "appliedIn")
    if replace_old:
        for graph in changed:
            for q in list(store.raw.quads_for_pattern(None, p, ox.NamedNode(graph), g)):
                store.raw.remove(q)
    store.add_quads(ox.Quad(ox.NamedNode(correction_iri(n)), p, ox.NamedNode(graph), g)
                    for graph, numbers in changed.items() for n in sorted(numbers))


# ------------------------------------------------------------------ naming things


@dataclass(frozen=True)
class Named:
    """An entity as the store has it: IRI, preferred name, type, articles that name it."""

    iri: str
    label: str
    type: str
    articles: int


def entity(store: Store, name: str) -> Named:
    """The entity ``name`` names: a full IRI (``<...>`` too), a form relative to kg's base
    (``person/jane-doe``, ``entity/Q123`` for ``entity/wd-Q123``), or a preferred or other
    name that exactly one entity has (any letter case). CurationError otherwise, naming the
    candidates or the closest names."""
    from kg.rdf.iris import ID

    text = name.strip()
    iri = text[1:-1] if text.startswith("<") and text.endswith(">") else text
    candidates: list[str] = []
    if iri.startswith(("http://", "https://")):
        candidates = [iri]
    elif "/" in iri and " " not in iri:
        kind, _, rest = iri.partition("/")
        candidates = [ID + kind + "/" + quote(unquote(rest), safe="")]
        if kind == "entity" and rest[:1] in ("Q", "q") and rest[1:].isdigit():
            candidates.append(ID + "entity/wd-" + rest.upper())
    for candidate in candidates:
        found = _describe(store, candidate)
        if found:
            return found
    if not candidates:
        from kg.query.entities import find_entities

        found_iris = list(dict.fromkeys(iri for iri, _ in find_entities(store, text)))
        if len(found_iris) == 1:
            one = _describe(store, found_iris[0])
            if one:
                return one
        if len(found_iris) > 1:
            named = [_describe(store, i) for i in found_iris]
            choices = "; ".join(f"{n.label} ({n.type}) <{n.iri}>" for n in named[:10] if n)
            raise CurationError(Errors.KG802.format(n=len(found_iris), name=name, choices=choices))
    names = sorted({r[0].value for r in _rows(store, "curation_names")})
    close = difflib.get_close_matches(text, names, n=3, cutoff=0.6) or difflib.get_close_matches(
        short(text), names, n=3, cutoff=0.5)
    hint = f"; the closest names: {', '.join(repr(c) for c in close)}" if close else \
        "; 'kg query entities' lists them"
    raise CurationError(Errors.KG801.format(name=name, hint=hint))


def _describe(store: Store, iri: str) -> Named | None:
    import pyoxigraph as ox

    try:
        node = ox.NamedNode(iri)
    except ValueError:
        return None
    rows = _rows(store, "curation_entity", entity=node)
    if not rows:
        return None
    label, type_, articles = rows[0]
    return Named(iri, label.value, type_.value, int(articles.value))


def entity_type(value: str) -> str:
    for t in ENTITY_TYPES:
        if t.lower() == value.strip().lower() or (t == "Organisation" and value.strip().lower() == "organization"):
            return t
    raise CurationError(Errors.KG803.format(value=value, hint=_did_you_mean(value, ENTITY_TYPES)))


def _did_you_mean(word: str, choices: Sequence[str]) -> str:
    from kg.errors import did_you_mean

    return did_you_mean(word, choices)


def graphs_with(store: Store, iri: str) -> list[str]:
    """The article graphs ``iri`` appears in (queries/internal/curation_graphs.rq)."""
    import pyoxigraph as ox

    return [r[0].value for r in _rows(store, "curation_graphs", target=ox.NamedNode(iri))]


# ------------------------------------------------------------------ making corrections


def _stamp(store: Store, c: Correction, by: str | None, note: str | None) -> Correction:
    import getpass

    if by is None:
        try:
            by = getpass.getuser()
        except (KeyError, OSError):
            by = "unknown"
    now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    return replace(c, n=_last_number(store) + 1, by=by, created=now, note=note or None)


@dataclass(frozen=True)
class Outcome:
    """A correction made (or undone) and the article graphs it rewrote."""

    correction: Correction
    articles: list[str]

    def line(self) -> str:
        n = len(self.articles)
        return f"correction {self.correction.n}: {self.correction.describe()} ({n} article{'s' * (n != 1)} rewritten)"


def materialise(store: Store, cs: Iterable[Correction]) -> None:
    """Move what the gazetteer graph says of the entities whose names ``cs`` rewrite
    (``Correction.names``: their owl:sameAs, the gazetteer's other names) into every article
    graph that names them, as each article held it before the gazetteer graph: a correction
    then merges, relabels, splits or rejects those names and links with the rest of the
    entity, article by article. The article graphs are written first, then the quads leave
    the gazetteer graph (a kill in between leaves them in both, which changes no answer)."""
    import pyoxigraph as ox

    from kg.rdf.mapping import article_iri, gazetteer_graph_iri

    gazetteer, base = ox.NamedNode(gazetteer_graph_iri()), article_iri("")
    moving: dict[str, list] = {}
    for iri in sorted({iri for c in cs for iri in c.names}):
        node = ox.NamedNode(iri)
        said = list(store.raw.quads_for_pattern(node, None, None, gazetteer))
        if said:
            moving[iri] = said
    if not moving:
        return
    graphs: dict[str, list] = {}
    for iri, said in moving.items():
        named_in = {q.graph_name.value for q in store.raw.quads_for_pattern(ox.NamedNode(iri), None, None, None)
                    if isinstance(q.graph_name, ox.NamedNode) and q.graph_name.value.startswith(base)}
        for graph in named_in:
            quads = graphs.setdefault(graph, list(store.quads(graph)))
            quads += [ox.Quad(q.subject, q.predicate, q.object, ox.NamedNode(graph)) for q in said]
    _replace_graphs(store, graphs)
    for said in moving.values():
        for q in said:
            store.raw.remove(q)


def make(store: Store, c: Correction, graphs: Sequence[str], *, applied: Iterable[str] = ()) -> Outcome:
    """Apply ``c`` (numbered) to ``graphs`` (the article graphs it may change) and keep it;
    ``applied`` names graphs it is known to be applied in already (a store's export)."""
    materialise(store, [c])
    changed: dict[str, list] = {}
    for graph in graphs:
        quads = list(store.quads(graph))
        rewritten, numbers = apply(quads, [c])
        if numbers:
            changed[graph] = rewritten
    _replace_graphs(store, changed)
    _save(store, c, set(changed) | (set(applied) & set(store.graphs())))
    return Outcome(c, sorted(changed))


def _replace_graphs(store: Store, graphs: dict[str, list]) -> None:
    import pyoxigraph as ox

    if not graphs:
        return
    data = ox.serialize([q for quads in graphs.values() for q in quads], format=ox.RdfFormat.N_QUADS) or b""
    store.write_articles(list(graphs), data)


def merge(store: Store, keep: str, other: str, *, by: str | None = None, note: str | None = None) -> Outcome:
    k, o = entity(store, keep), entity(store, other)
    if k.iri == o.iri:
        raise CurationError(Errors.KG806.format(name=keep, other=other, iri=k.iri))
    c = _stamp(store, Correction(0, "merge", o.iri, keep=k.iri, type=k.type, label=k.label), by, note)
    return make(store, c, graphs_with(store, o.iri))


def retype(store: Store, name: str, type_: str, *, by: str | None = None, note: str | None = None) -> Outcome:
    type_ = entity_type(type_)
    e = entity(store, name)
    if e.type == type_ and not _mixed(store, e.iri):
        raise CurationError(Errors.KG814.format(iri=e.iri, type=type_))
    c = _stamp(store, Correction(0, "retype", e.iri, type=type_), by, note)
    return make(store, c, graphs_with(store, e.iri))


def _mixed(store: Store, iri: str) -> bool:
    return len({r[1].value for r in _rows(store, "curation_entity", entity=_node(iri))}) > 1


def _node(iri: str):
    import pyoxigraph as ox

    return ox.NamedNode(iri)


def relabel(store: Store, name: str, label: str, *, by: str | None = None, note: str | None = None) -> Outcome:
    label = " ".join(label.split())
    if not label:
        raise CurationError(Errors.KG811)
    e = entity(store, name)
    c = _stamp(store, Correction(0, "relabel", e.iri, label=label), by, note)
    return make(store, c, graphs_with(store, e.iri))


def split(store: Store, name: str, alias: str, *, by: str | None = None, note: str | None = None) -> Outcome:
    from kg.rdf.mapping import typed_entity_iri

    e = entity(store, name)
    new = typed_entity_iri(e.type, alias)
    if new == e.iri:
        raise CurationError(Errors.KG808.format(alias=alias, iri=e.iri))
    graphs = graphs_with(store, e.iri)
    texts = _mention_texts(store, e.iri, graphs)
    if alias.casefold() not in {t.casefold() for t in texts}:
        shown = ", ".join(repr(t) for t in sorted(texts)[:10]) or "nothing"
        raise CurationError(Errors.KG807.format(iri=e.iri, alias=alias, texts=shown))
    c = _stamp(store, Correction(0, "split", e.iri, label=alias, new=new, type=e.type), by, note)
    return make(store, c, graphs)


def _mention_texts(store: Store, iri: str, graphs: Sequence[str]) -> set[str]:
    from kg.rdf.iris import KG

    props = {KG + t + "Mention" for t in ("organisation", "person", "place")}
    texts: set[str] = set()
    for graph in graphs:
        text = _article_text(store, graph)
        for q in store.raw.quads_for_pattern(_node(iri), None, None, _node(graph)):
            if q.predicate.value in props:
                texts.add(mention_text(text, q.object.value))
    return texts


def _article_text(store: Store, graph: str) -> str:
    from kg.rdf.iris import KG

    for q in store.raw.quads_for_pattern(_node(graph), _node(KG + "text"), None, _node(graph)):
        return q.object.value
    return ""


def reject(store: Store, target: str, *, by: str | None = None, note: str | None = None) -> Outcome:
    """Reject an entity (by any name :func:`entity` takes) or one fact (its IRI as the
    provenance query prints it: ``.../article/SOURCE/aN``, ``cN``, ``dN``, ``eN``, ``qN``, ``mN``)."""
    from kg.rdf.mapping import article_iri

    base = article_iri("")
    text = target.strip().strip("<>")
    if text.startswith("article/"):
        text = article_iri("")[: -len("article/")] + text
    if not text.startswith(base):
        e = entity(store, target)
        c = _stamp(store, Correction(0, "reject", e.iri, label=e.label), by, note)
        return make(store, c, graphs_with(store, e.iri))
    c = _fact(store, text, target)
    c = _stamp(store, c, by, note)
    return make(store, c, [c.article])


def _fact(store: Store, iri: str, given: str) -> Correction:
    import re

    from kg.rdf.iris import KG
    from kg.rdf.mapping import article_iri

    base = article_iri("")
    source, _, local = iri[len(base):].partition("/")
    graph = base + source
    m = re.fullmatch(r"([acdeqm])(\d+)", local)
    if not m:
        raise CurationError(Errors.KG804.format(value=given, reason=f"{local or 'no fact'!r} is not aN, cN, dN, eN, "
                                                                 "qN or mN"))
    if not store.raw.contains_named_graph(_node(graph)):
        raise CurationError(Errors.KG804.format(value=given, reason=f"no article {unquote(source)!r}"))
    kind = FACT_KINDS[m.group(1)]
    if kind == "Mention":
        props = {KG + t + "Mention" for t in ("organisation", "person", "place")}
        for q in store.quads(graph):
            fields = q.object.value.split(" ") if q.predicate.value in props else []
            # "start end sentence n"; an older layout's "start end sentenceStart sentenceEnd n foundBy"
            number = fields[3] if len(fields) == 4 else fields[4] if len(fields) > 4 else None
            if number == m.group(2):
                said, sentence = _anchor(store, graph, q.object.value)
                return Correction(0, "reject", iri, article=graph, kind=kind, span=" ".join(fields[:2]),
                                  entity=q.subject.value, text=said, sentence=sentence)
        raise CurationError(Errors.KG804.format(value=given, reason=f"{unquote(source)} has no mention {m.group(2)}"))
    from kg.rdf.mapping import SPAN

    node = _node(iri)
    span_of = SPAN[kind]
    if kind == "Event":  # an event is where its count is
        counts = [q.subject for q in store.raw.quads_for_pattern(None, _node(KG + "event"), node, _node(graph))]
        node = counts[0] if counts else node
    spans = [q.object.value for q in store.raw.quads_for_pattern(node, span_of, None, _node(graph))]
    if not spans:
        raise CurationError(Errors.KG804.format(value=given, reason=f"{unquote(source)} has no {local}"))
    said, sentence = _anchor(store, graph, spans[0])
    return Correction(0, "reject", iri, article=graph, kind=kind, span=" ".join(spans[0].split(" ")[:2]),
                      text=said, sentence=sentence)


def _anchor(store: Store, graph: str, value: str) -> tuple[str, str]:
    """What the fact at ``value`` (a span or mention value) in ``graph`` says: its text and its
    sentence's (kg.curation.apply.anchor)."""
    from kg.curation.apply import anchor
    from kg.rdf.iris import KG

    sentences = None
    for q in store.raw.quads_for_pattern(_node(graph), _node(KG + "sentences"), None, _node(graph)):
        sentences = {int(n): (int(a), int(b)) for n, _, rest in (item.partition(":") for item in q.object.value.split())
                     for a, _, b in [rest.partition("-")]}
    return anchor(_article_text(store, graph), sentences, value)


def affiliate(store: Store, person: str, organisation: str, *, role: str = "", spokesperson: bool = False,
              article: str | None = None, by: str | None = None, note: str | None = None) -> Outcome:
    """Add an affiliation of ``person`` with ``organisation`` to ``article`` (a source name;
    default: the first article, in sorted order, whose graph mentions both)."""
    from kg.rdf.export import graph_for_source

    p, o = entity(store, person), entity(store, organisation)
    if p.type != "Person":
        raise CurationError(Errors.KG810.format(iri=p.iri, actual=p.type, expected="Person"))
    if o.type != "Organisation":
        raise CurationError(Errors.KG810.format(iri=o.iri, actual=o.type, expected="Organisation"))
    both = [r[0].value for r in _rows(store, "curation_both", person=_node(p.iri), organisation=_node(o.iri))]
    free = [g for g in both if not _affiliated(store, g, p.iri, o.iri)]
    graph = graph_for_source(store, article) if article else (free or both or [None])[0]
    if graph is None or graph not in both:
        where = f" in {article}" if article else ""
        raise CurationError(Errors.KG809.format(person=p.iri, organisation=o.iri, where=where))
    if graph not in free:
        raise CurationError(Errors.KG815.format(person=p.iri, organisation=o.iri, source=short(graph)))
    c = Correction(0, "affiliate", p.iri, organisation=o.iri, role=" ".join(role.split()),
                   spokesperson=spokesperson, article=graph)
    return make(store, _stamp(store, c, by, note), [graph])


def _affiliated(store: Store, graph: str, person: str, organisation: str) -> bool:
    """Whether the article graph already has an affiliation of ``person`` with ``organisation``."""
    from kg.rdf.iris import KG

    g = _node(graph)
    nodes = {q.subject for q in store.raw.quads_for_pattern(None, _node(KG + "person"), _node(person), g)}
    return any(q.subject in nodes
               for q in store.raw.quads_for_pattern(None, _node(KG + "organisation"), _node(organisation), g))


# ------------------------------------------------------------------ listing, undoing, re-applying


@dataclass(frozen=True)
class Status:
    correction: Correction
    articles: list[str]  # the article graphs (still in the store) it changed

    @property
    def status(self) -> str:
        n = len(self.articles)
        return f"applied to {n} article{'s' * (n != 1)}" if n else "target gone"


def listing(store: Store) -> list[Status]:
    """Every correction with the articles it is in effect in."""
    graphs = set(store.graphs())
    applied = applied_in(store)
    return [Status(c, sorted(applied.get(c.n, set()) & graphs)) for c in corrections(store)]


def gone(store: Store) -> list[str]:
    """A warning line (KG813) per correction that changed no article still in the store."""
    return [Errors.KG813.format(n=s.correction.n, what=s.correction.describe()) for s in listing(store)
            if not s.articles]


def apply_all(store: Store) -> tuple[int, int]:
    """Apply every correction to every article graph again (what changed is rewritten; a
    store where they are all applied is left as it is). Returns (corrections, graphs rewritten)."""
    from kg.rdf.mapping import article_iri

    every = corrections(store)
    if not every:
        return 0, 0
    materialise(store, every)
    base = article_iri("")
    changed: dict[str, set[int]] = {}
    rewritten: dict[str, list] = {}
    for graph in sorted(g for g in store.graphs() if g.startswith(base)):
        quads = list(store.quads(graph))
        new, numbers = apply(quads, every)
        if numbers:
            rewritten[graph] = new
            changed[graph] = numbers
    _replace_graphs(store, rewritten)
    _record_applied(store, changed, replace_old=False)
    return len(every), len(rewritten)


def undo(store: Store, n: int) -> Outcome:
    """Remove correction ``n`` and build the articles it changed again from the text the store
    keeps (the normal extraction, with each article's own pipeline); the other corrections are
    applied to them as they are written."""
    every = {c.n: c for c in corrections(store)}
    if n not in every:
        have = ", ".join(str(k) for k in sorted(every)) or "there are none"
        raise CurationError(Errors.KG805.format(n=n, have=have))
    graphs = sorted(applied_in(store).get(n, set()) & set(store.graphs()))
    done = _reextract(store, graphs)  # before anything is removed: a failure changes nothing
    for q in list(store.quads(_curation_node().value)):
        if q.subject.value == every[n].iri:
            store.raw.remove(q)
    for sources, nquads in done:
        store.write_articles(sources, for_write(store, sources, nquads))
    return Outcome(every[n], graphs)


def _reextract(store: Store, graphs: Sequence[str]) -> list[tuple[list[str], bytes]]:
    """The article graphs extracted again from their stored text and metadata: (graphs, N-Quads)
    per pipeline. spaCy is imported here only."""
    from kg.builder.workers import init_worker, run_batch

    by_ner: dict[str, list] = {}
    for graph in graphs:
        article, ner = _stored_article(store, graph)
        by_ner.setdefault(ner, []).append(article)
    out = []
    for ner, articles in by_ner.items():
        init_worker(ner)
        done = run_batch(articles, ner)
        failed = [d.error for d in done if d.error]
        if failed:
            from kg.errors import KGError

            raise KGError(failed[0])
        from kg.rdf.mapping import article_iri

        out.append(([article_iri(d.source) for d in done], b"".join(d.nquads for d in done)))
    return out


def _stored_article(store: Store, graph: str):
    """The Article kept in an article graph (its text and metadata), and the ``--ner`` choice
    its kg:extractor names."""
    import hashlib

    from kg.rdf.iris import KG
    from kg.types import Article

    schema = "https://schema.org/"
    values: dict[str, str] = {}
    for q in store.raw.quads_for_pattern(_node(graph), None, None, _node(graph)):
        values.setdefault(q.predicate.value, q.object.value)
    text = values.get(KG + "text", "")
    article = Article(source=values.get(KG + "sourceFile", unquote(graph.rsplit("/", 1)[-1])), text=text,
                      content_hash=hashlib.sha256(text.encode("utf-8")).hexdigest(),
                      path=store.article_location(graph) or "", published=values.get(schema + "datePublished"),
                      published_from=values.get(KG + "publishedFrom"), outlet=values.get(KG + "outlet"),
                      url=values.get(schema + "url"), title=values.get(schema + "headline"))
    return article, _ner_of(values.get(KG + "extractor", ""))


def _ner_of(extractor: str) -> str:
    from kg.nlp.assemble import NO_NER, SHIPPED, extractor_id

    for ner in (SHIPPED, NO_NER):
        if extractor == extractor_id(ner):
            return ner
    name = extractor.split(" ", 1)[-1]
    return name[len("rules+"):] if name.startswith("rules+") else SHIPPED


# ------------------------------------------------------------------ build and load


def for_write(store: Store, graphs: Sequence[str], nquads: bytes) -> bytes:
    """What to write for a batch of article graphs (``nquads``, about to replace ``graphs``):
    the batch with the store's corrections applied, and the notes of where they applied, so
    a rebuild never undoes a correction and the write stays one atomic bulk load. The batch
    as it is (after one lookup) when the store has no corrections."""
    import pyoxigraph as ox

    if not has_corrections(store):
        return nquads
    nquads, notes = curate_batch(store, graphs, nquads)
    return nquads + (ox.serialize(notes, format=ox.RdfFormat.N_QUADS) or b"" if notes else b"")


def curate_batch(store: Store, graphs: Sequence[str], nquads: bytes) -> tuple[bytes, list]:
    """A build's batch of article graphs with the store's corrections applied, and the
    quads that note where they applied (to load with the batch). The batch as it is, and
    no quads, when the store has no corrections."""
    import pyoxigraph as ox

    from kg.curation.apply import apply_nquads
    from kg.rdf.iris import KG
    from kg.rdf.mapping import correction_iri

    every = corrections(store)
    if not every or not nquads:
        return nquads, []
    rewritten, changed = apply_nquads(nquads, every)
    g = _curation_node()
    p = ox.NamedNode(KG + "appliedIn")
    for graph in graphs:
        for q in list(store.raw.quads_for_pattern(None, p, ox.NamedNode(graph), g)):
            store.raw.remove(q)
    notes = [ox.Quad(ox.NamedNode(correction_iri(n)), p, ox.NamedNode(graph), g)
             for graph, numbers in changed.items() for n in sorted(numbers)]
    return rewritten, notes


def split_out(parsed: Sequence) -> tuple[list, list]:
    """Parsed triples or quads -> (those of the curation graph and its corrections, the rest)."""
    from kg.rdf.mapping import correction_number, curation_graph_iri

    graph = curation_graph_iri()
    mine, rest = [], []
    for q in parsed:
        subject = getattr(q.subject, "value", "")
        in_graph = getattr(getattr(q, "graph_name", None), "value", None) == graph
        if in_graph or subject == graph or correction_number(subject) is not None:
            mine.append(q)
        else:
            rest.append(q)
    return mine, rest


@dataclass(frozen=True)
class Incoming:
    """Corrections read from a file, and where the store that exported them had applied them."""

    corrections: list[Correction]
    applied: dict[int | None, set[str]]


def read(parsed: Sequence, where: str) -> Incoming:
    """The corrections among parsed triples or quads (a CurationError for a malformed one)."""
    from kg.rdf.iris import KG
    from kg.rdf.mapping import correction_number

    incoming = from_triples(((q.subject, q.predicate, q.object) for q in parsed), where)
    applied: dict[int | None, set[str]] = {}  # a store's export says where its corrections are applied
    for q in parsed:
        if q.predicate.value == KG + "appliedIn":
            applied.setdefault(correction_number(q.subject.value), set()).add(q.object.value)
    return Incoming(incoming, applied)


def load(store: Store, incoming: Incoming) -> list[Outcome]:
    """Corrections read from a file (``kg load`` of a curation export, or of a whole store):
    each one the store does not have yet is numbered after the store's own, kept, and applied
    to the article graphs it touches."""
    have = {_identity(c) for c in corrections(store)}
    out = []
    for c in incoming.corrections:
        if _identity(c) in have:
            continue
        was = incoming.applied.get(c.n, set())
        c = c.renumbered(_last_number(store) + 1)
        out.append(make(store, c, _graphs_for(store, c), applied=was))
        have.add(_identity(c))
    return out


def _identity(c: Correction) -> Correction:
    return replace(c, n=0, note=c.note or None)


def _graphs_for(store: Store, c: Correction) -> list[str]:
    """The article graphs ``c`` may change: its article for one fact or an added affiliation,
    else those its target appears in."""
    if c.kind or c.action == "affiliate":
        return [c.article] if c.article and store.raw.contains_named_graph(_node(c.article)) else []
    return graphs_with(store, c.target)
