"""``kg load``: read an RDF file (any export format) back into the store.

Quad formats (N-Quads, TriG) keep their named graphs, so a store moved between
machines or merged from several comes back article by article. Triple formats
(Turtle, N-Triples, JSON-LD, RDF/XML) carry no graph names: kg puts their
triples back into the article graphs they came from, by the IRIs kg.rdf.mapping
mints (see ``regraph``), so ``kg export`` in any format then ``kg load`` gives
the same rows from every named query. Triples that belong to no kg article go
into one named graph per loaded file (``--graph`` chooses its IRI, and puts
every triple there). The whole file is parsed before anything is written, and
written in one transaction: a bad file changes nothing. The types and labels an export
adds for other stores (kg.rdf.described) are dropped where the rest of the graph gives them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING

from kg.errors import Errors, InputError, StoreError
from kg.rdf.limits import MAX_TERM_BYTES, check_file
from kg.store import Store

if TYPE_CHECKING:
    import pyoxigraph


_DESCRIBING = (  # what an entity's description is made of, in whichever article graph names it
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#type",
    "http://www.w3.org/2004/02/skos/core#prefLabel",
    "http://www.w3.org/2004/02/skos/core#altLabel",
    "http://www.w3.org/2000/01/rdf-schema#label",  # an export's (kg.rdf.described): dropped where derived
)
_SAME_AS = "http://www.w3.org/2002/07/owl#sameAs"  # a gazetteer entity's link: into the gazetteer graph


@dataclass
class LoadReport:
    quads: int = 0
    graphs: int = 0
    articles: int = 0  # article graphs among them
    other: int = 0  # quads that went into the file's import graph (no kg article)
    corrections: int = 0  # corrections (kg.curation) added to the store's own and applied


def check_iri(value: str, option: str = "--graph") -> str:
    """``value`` if it is an absolute IRI (as Oxigraph reads one), else an InputError naming ``option``."""
    import pyoxigraph as ox

    try:
        ox.NamedNode(value)
    except ValueError as exc:
        raise InputError(Errors.KG160.format(option=option, value=value, reason=exc)) from exc
    return value


def guess_format(path: Path) -> str:
    """The canonical format name for the file's suffix (as Oxigraph knows suffixes)."""
    from kg.rdf.export import format_name

    if not path.suffix:
        raise InputError(Errors.KG133.format(path=path))
    try:
        return format_name(path.suffix)
    except InputError:
        raise InputError(Errors.KG133.format(path=path)) from None


def regraph(triples: Iterable[pyoxigraph.Triple], fallback: pyoxigraph.NamedNode) -> list[pyoxigraph.Quad]:
    """Triples exported from a kg store (the union of its article graphs) back into
    their article graphs, by the IRI scheme of kg.rdf.mapping:

    - a subject ``id/article/SOURCE`` or ``id/article/SOURCE/...`` belongs to the graph
      ``id/article/SOURCE`` (when that article has a ``kg:sourceFile``);
    - a statement reified by a node ``id/article/SOURCE/...`` (``rdf:subject``,
      ``rdf:predicate``, ``rdf:object``: kg's triple exports give every mention so, as a
      mention is a value on its entity) goes into that article's graph, the reification
      itself nowhere;
    - what describes an entity (its type and names) goes into every article graph that
      refers to it, and a kg gazetteer entity's ``owl:sameAs`` into the gazetteer graph
      (the gazetteer's other names for it cannot be told from an article's: they go with
      the names);
    - what is left (a statement on something that names no kg article) goes into
      ``fallback``, not into articles it may not belong to.

    The union is the same triples; an entity's names are in every article that refers
    to it (an alias seen in one article is then listed in the others too)."""
    import pyoxigraph as ox

    from kg.rdf.iris import KG
    from kg.rdf.mapping import BASE, article_iri, gazetteer_graph_iri

    base = article_iri("")
    same_as, gazetteer = ox.NamedNode(_SAME_AS), ox.NamedNode(gazetteer_graph_iri())
    source_file = ox.NamedNode(KG + "sourceFile")
    describing = {ox.NamedNode(iri) for iri in _DESCRIBING}
    triples = list(triples)
    articles = {t.subject.value for t in triples
                if t.predicate == source_file and isinstance(t.subject, ox.NamedNode)
                and t.subject.value.startswith(base)}

    def owner(term: object) -> str | None:
        if not isinstance(term, ox.NamedNode) or not term.value.startswith(base):
            return None
        graph = base + term.value[len(base):].split("/", 1)[0]
        return graph if graph in articles else None

    quads: list = []
    refers: dict[str, set[str]] = {}
    rest: list = []
    stated, reifying = _reified(triples, owner)
    for s, p, o, g in stated:
        quads.append(ox.Quad(s, p, o, ox.NamedNode(g)))
        refers.setdefault(s.value, set()).add(g)
    placed = {(s, p, o) for s, p, o, _ in stated}
    for t in triples:
        if (t.subject, t.predicate) in reifying or (t.subject, t.predicate, t.object) in placed:
            continue
        g = owner(t.subject)
        if g is None:
            rest.append(t)
            continue
        quads.append(ox.Quad(t.subject, t.predicate, t.object, ox.NamedNode(g)))
        if isinstance(t.object, ox.NamedNode):
            refers.setdefault(t.object.value, set()).add(g)
    for t in rest:
        linked = isinstance(t.subject, ox.NamedNode) and t.subject.value.startswith(BASE + "entity/")
        if t.predicate == same_as and linked and t.subject.value in refers:
            quads.append(ox.Quad(t.subject, t.predicate, t.object, gazetteer))
            continue
        graphs = refers.get(t.subject.value, ()) if isinstance(t.subject, ox.NamedNode) \
            and t.predicate in describing else ()
        for g in sorted(graphs):
            quads.append(ox.Quad(t.subject, t.predicate, t.object, ox.NamedNode(g)))
        if not graphs:
            quads.append(ox.Quad(t.subject, t.predicate, t.object, fallback))
    return quads


_RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"


def _reified(triples: list, owner: Callable[[object], str | None]) -> tuple[list[tuple], set[tuple]]:
    """The statements reified by nodes of kg articles, with their article graph, and the
    (node, predicate) pairs of the reifications (``rdf:type rdf:Statement``, ``rdf:subject``,
    ``rdf:predicate``, ``rdf:object``) that say so."""
    import pyoxigraph as ox

    parts = {ox.NamedNode(_RDF + p): p for p in ("subject", "predicate", "object")}
    a, statement = ox.NamedNode(_RDF + "type"), ox.NamedNode(_RDF + "Statement")
    found: dict[object, dict[str, object]] = {}
    for t in triples:
        if t.predicate in parts and owner(t.subject) is not None:
            found.setdefault(t.subject, {})[parts[t.predicate]] = t.object
    stated, reifying = [], set()
    for node, spo in found.items():
        if len(spo) == 3 and isinstance(spo["subject"], ox.NamedNode) and isinstance(spo["predicate"], ox.NamedNode):
            stated.append((spo["subject"], spo["predicate"], spo["object"], owner(node)))
            reifying.update((node, p) for p in (*parts, a))
    typed = {t.subject for t in triples if t.predicate == a and t.object == statement}
    reifying = {(n, p) for n, p in reifying if p != a or n in typed}
    return stated, reifying


def load(store: Store, path: Path, fmt: str | None = None, graph: str | None = None, *,
         progress: Callable[[int], None] | None = None) -> tuple[int, int]:
    """Parse ``path`` and add it to ``store``; returns (quads added, graphs touched)."""
    r = load_file(store, path, fmt, graph, progress=progress)
    return r.quads, r.graphs


def check_target(graph: str) -> str:
    """``graph`` (``--graph``) if it is an IRI that is not one of kg's own graphs: the
    corrections and the gazetteer are written only by kg's commands, which check them."""
    from kg.rdf.mapping import curation_graph_iri, gazetteer_graph_iri

    check_iri(graph, "--graph")
    if graph == curation_graph_iri():
        raise StoreError(Errors.KG212.format(graph=graph, what="the corrections", hint=(
            "load a curation export without --graph (its corrections are checked, then applied), "
            "or make them with kg merge, relabel, retype, split, reject or affiliate")))
    if graph == gazetteer_graph_iri():
        raise StoreError(Errors.KG212.format(graph=graph, what="the gazetteer's links", hint=(
            "kg build writes it; load a kg export without --graph to bring its gazetteer graph back")))
    return graph


def other_versions(store: Store, quads: list) -> list[str]:
    """The article graphs of ``quads`` that the store holds with another text: another
    ``kg:contentHash`` than the one ``quads`` give them (adding the quads would merge the two
    versions into one graph)."""
    import pyoxigraph as ox

    from kg.rdf.iris import KG
    from kg.rdf.mapping import article_iri

    base, hashed = article_iri(""), ox.NamedNode(KG + "contentHash")
    incoming: dict[str, set[str]] = {}
    for q in quads:
        if q.predicate == hashed and q.subject == q.graph_name and q.subject.value.startswith(base):
            incoming.setdefault(q.subject.value, set()).add(q.object.value)
    return sorted(g for g, hashes in incoming.items()
                  if (stored := store.article_hash(g)) is not None and hashes != {stored})


def load_file(store: Store, path: Path, fmt: str | None = None, graph: str | None = None, *,
              progress: Callable[[int], None] | None = None, source: IO[bytes] | None = None,
              replace: bool = False) -> LoadReport:
    """Parse ``path`` and add it to ``store``. ``progress`` is called with the number of
    bytes read as the file is parsed. ``source``: read this instead (standard input, say;
    ``fmt`` is then needed, and ``path`` only names it). An article the store holds with
    another text is refused (KG211), or with ``replace`` removed first: the file's version
    takes its place, the two are never merged."""
    parsed = parse_file(path, fmt, graph, progress=progress, source=source)
    return add_parsed(store, parsed, replace=replace)


@dataclass
class Parsed:
    """A file read and checked whole, not yet written (``parse_file``)."""

    path: Path
    quads: list
    target: object  # the graph of what no article owns (or --graph)
    curated: object | None = None  # its corrections (kg.curation), checked


def parse_file(path: Path, fmt: str | None = None, graph: str | None = None, *,
               progress: Callable[[int], None] | None = None, source: IO[bytes] | None = None) -> Parsed:
    """Read and check ``path`` (or ``source``) whole, without a store: a file that cannot be
    loaded is refused before the store is opened, so a bad file neither creates nor touches one."""
    import pyoxigraph as ox

    from kg.rdf.described import underived
    from kg.rdf.export import FORMATS, format_name
    from kg.rdf.mapping import import_iri

    if graph is not None:
        check_target(graph)
    if source is None and not path.is_file():
        raise InputError(Errors.KG132.format(path=path))
    if source is not None and not fmt:
        raise InputError(Errors.KG133.format(path=path))
    fmt = format_name(fmt) if fmt else guess_format(path)
    rdf_format = getattr(ox.RdfFormat, FORMATS[fmt])
    target = ox.NamedNode(graph or import_iri(path.name))
    check_file(path, fmt)  # entity expansion, nesting and line length, before the parser sees them
    try:
        with path.open("rb") if source is None else contextlib.nullcontext(source) as raw:
            fh = _Counting(raw, progress) if progress else raw
            parsed = list(ox.parse(fh, format=rdf_format))
    except MemoryError as exc:  # pyoxigraph: "Reached the buffer maximal size of 16777216" (one term)
        reason = (f"a literal, IRI or line over {MAX_TERM_BYTES >> 20} MB (kg's limit for one term)"
                  if "maximal size" in str(exc) else "out of memory while parsing it")
        raise InputError(Errors.KG134.format(path=path, fmt=fmt, reason=reason)) from None
    except SyntaxError as exc:
        raise InputError(Errors.KG134.format(path=path, fmt=fmt, reason=str(exc).splitlines()[0])) from exc
    except (UnicodeDecodeError, ValueError) as exc:
        raise InputError(Errors.KG135.format(path=path, fmt=fmt, reason=exc)) from exc
    curated = None
    if not graph:  # corrections (a curation export, or a store's curation graph) are not loaded as they are
        from kg.curation.curate import read, split_out

        mine, parsed = split_out(parsed)
        curated = read(mine, str(path)) if mine else None  # a malformed correction: nothing is written
    if graph:
        quads = [ox.Quad(q.subject, q.predicate, q.object, target) for q in parsed]
    else:
        triples = [q for q in parsed if isinstance(q, ox.Triple) or isinstance(q.graph_name, ox.DefaultGraph)]
        quads = [q for q in parsed if isinstance(q, ox.Quad) and not isinstance(q.graph_name, ox.DefaultGraph)]
        quads += regraph((ox.Triple(t.subject, t.predicate, t.object) for t in triples), target)
        quads = underived(quads)  # the types and labels an export adds for other stores
    return Parsed(path, quads, target, curated)


def add_parsed(store: Store, parsed: Parsed, *, replace: bool = False) -> LoadReport:
    """Write what ``parse_file`` read into ``store`` (see ``load_file``)."""
    from kg.rdf.mapping import article_iri

    path, quads, target, curated = parsed.path, parsed.quads, parsed.target, parsed.curated
    replaced = other_versions(store, quads)
    if replaced and not replace:
        from urllib.parse import unquote

        raise StoreError(Errors.KG211.format(path=path, source=unquote(replaced[0][len(article_iri("")):])))
    for g in replaced:  # the whole file was read and checked first: a bad file still changes nothing
        store.remove_graph(g)
    store.add_quads(quads)
    made = []
    if curated:  # numbered after the store's own corrections, then applied to the articles now in the store
        from kg.curation.curate import load as load_corrections

        made = load_corrections(store, curated)
    graphs = {q.graph_name.value for q in quads}
    base = article_iri("")
    return LoadReport(quads=len(quads), graphs=len(graphs), articles=sum(1 for g in graphs if g.startswith(base)),
                      other=sum(1 for q in quads if q.graph_name == target), corrections=len(made))


class _Counting:
    """A binary file that reports how many bytes were read (for a progress bar)."""

    def __init__(self, fh, progress: Callable[[int], None]) -> None:
        self._fh, self._progress = fh, progress

    def read(self, n: int = -1) -> bytes:
        data = self._fh.read(n)
        self._progress(len(data))
        return data

    def readinto(self, buf) -> int:  # noqa: ANN001
        n = self._fh.readinto(buf)
        self._progress(n or 0)
        return n
