"""Serialise the store to RDF (Oxigraph's serialisers; rdflib compacts JSON-LD).

Output is deterministic so that diffs mean something: article graphs in sorted
order, each graph's statements sorted, fixed prefixes. It streams one article
graph at a time, so memory follows the largest article, not the store (the
triple formats also keep a set of the triples already written, to merge the
entities that several articles share).

Format names are Oxigraph's and rdfpipe's: a canonical name (``turtle``, ``nt``,
``nquads``, ``trig``, ``jsonld``, ``rdfxml``), a file suffix Oxigraph knows
(``ttl``, ``nq``, ``rdf``, ``xml``, ``json``...), a media type
(``text/turtle``) or an rdflib name (``ntriples``, ``json-ld``, ``xml``).
N-Quads, TriG and JSON-LD (one ``@graph`` per article) hold named graphs (one article's
export also gives what the gazetteer graph says of its entities); the
triple formats (Turtle, N-Triples, RDF/XML) get the union of the article graphs,
each mention also reified with the article it is in, and ``kg load`` puts each
triple back into its article's graph (kg.rdf.load.regraph). Every format gives each
entity its ``rdf:type`` (kg's class and schema.org's) and ``rdfs:label`` in each article
graph that names it, which the store leaves to the mention property (kg.rdf.described).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING

from kg.errors import Errors, InputError, did_you_mean
from kg.rdf.described import describe
from kg.rdf.namespaces import ONTOLOGY, VOCABULARIES
from kg.store import Store

if TYPE_CHECKING:
    import pyoxigraph

# canonical name -> pyoxigraph.RdfFormat attribute
FORMATS = {"turtle": "TURTLE", "nt": "N_TRIPLES", "nquads": "N_QUADS", "trig": "TRIG", "jsonld": "JSON_LD",
           "rdfxml": "RDF_XML"}
# other names for them (rdflib/rdfpipe names and spellings people type); Oxigraph's
# file suffixes and media types are accepted as well (see format_name)
ALIASES = {"ttl": "turtle", "ntriples": "nt", "n-triples": "nt", "nq": "nquads", "n-quads": "nquads",
           "json-ld": "jsonld", "json": "jsonld", "xml": "rdfxml", "rdf": "rdfxml", "rdf/xml": "rdfxml",
           "rdf+xml": "rdfxml", "pretty-xml": "rdfxml", "owl": "rdfxml"}
QUAD_FORMATS = {"nquads", "trig", "jsonld"}  # JSON-LD 1.1 holds named graphs: {"@id": graph, "@graph": [...]}
ONTOLOGY_GRAPH = ONTOLOGY  # the graph that ``--with-ontology`` adds: the ontology's own IRI
_OX_NAMES = {"Turtle": "turtle", "N-Triples": "nt", "N-Quads": "nquads", "TriG": "trig", "JSON-LD": "jsonld",
             "RDF/XML": "rdfxml"}

# the prefixes of kg's Turtle, TriG and RDF/XML output: every vocabulary kg writes, and one
# prefix per kind of kg resource (Turtle escapes the '/' of a longer local name: article:a.txt\/s1)
_ID = VOCABULARIES["id"]
PREFIXES = {
    **VOCABULARIES,
    "article": _ID + "article/",
    "entity": _ID + "entity/",
    "organisation": _ID + "organisation/",
    "person": _ID + "person/",
    "place": _ID + "place/",
}


def format_name(name: str) -> str:
    """The canonical format name for ``name`` (a name, an alias, a suffix or a media type),
    or an InputError that suggests the closest name."""
    import pyoxigraph as ox

    key = name.strip().lower().lstrip(".")
    if key in FORMATS:
        return key
    if key in ALIASES:
        return ALIASES[key]
    for guess in (ox.RdfFormat.from_extension, ox.RdfFormat.from_media_type):
        found = guess(key)
        if found is not None and found.name in _OX_NAMES:
            return _OX_NAMES[found.name]
    raise InputError(Errors.KG136.format(fmt=name, formats=", ".join(FORMATS), hint=did_you_mean(key, known_names())))


def known_names() -> list[str]:
    return [*FORMATS, *ALIASES]


def graph_for_source(store: Store, source: str) -> str:
    """The named graph of one article, given its source name (or its graph IRI)."""
    from kg.rdf.mapping import article_iri

    graphs = set(store.graphs())
    for candidate in (source, article_iri(source)):
        if candidate in graphs:
            return candidate
    stem = [s for s in article_sources(graphs) if s.rsplit(".", 1)[0] == source]
    if len(stem) == 1:  # the name without its extension (000_27735b4e4882bb1f for 000_27735b4e4882bb1f.txt)
        return article_iri(stem[0])
    raise unknown_article(source, graphs)


def unknown_article(source: str, graphs: set[str]) -> InputError:
    """The error for a source name the store does not hold, naming the closest one if any."""
    import difflib

    sources = article_sources(graphs)
    partial = [s for s in sources if source and source.casefold() in s.casefold()]
    close = partial[:1] if len(partial) == 1 else difflib.get_close_matches(source, sources, n=1, cutoff=0.6)
    if close:
        return InputError(Errors.KG167.format(source=source, close=close[0]))
    return InputError(Errors.KG129.format(source=source))


def article_sources(graphs: set[str]) -> list[str]:
    """The source names of the article graphs among ``graphs``."""
    from urllib.parse import unquote

    from kg.rdf.mapping import article_iri

    base = article_iri("")
    return sorted(unquote(g[len(base):]) for g in graphs if g.startswith(base))


def ontology_quads() -> list[pyoxigraph.Quad]:
    import pyoxigraph as ox

    from kg.resources import ontology_dir

    g = ox.NamedNode(ONTOLOGY_GRAPH)
    with (ontology_dir() / "kg.ttl").open("rb") as fh:
        return [ox.Quad(t.subject, t.predicate, t.object, g)
                for t in ox.parse(fh, format=ox.RdfFormat.TURTLE)]


def _quad_stream(store: Store, graph: str | None, with_ontology: bool,
                 progress: Callable[[str], None] | None = None) -> Iterator[pyoxigraph.Quad]:
    graphs = [graph] if graph else sorted(store.graphs())
    if with_ontology:
        yield from sorted(ontology_quads(), key=str)
    if not graph:
        yield from sorted(store.default_graph_quads(), key=str)
    for g in graphs:  # with what other stores need to see the entities' types (kg.rdf.described)
        yield from sorted(describe(list(store.quads(g))), key=str)
        if progress:
            progress(g)
    if graph:  # what the gazetteer graph says of the article's entities (their links and other names)
        yield from sorted(_gazetteer_quads(store, graph), key=str)


def _gazetteer_quads(store: Store, graph: str) -> Iterator[pyoxigraph.Quad]:
    import pyoxigraph as ox

    from kg.rdf.mapping import gazetteer_graph_iri

    gazetteer = ox.NamedNode(gazetteer_graph_iri())
    named = {q.subject for q in store.quads(graph) if isinstance(q.subject, ox.NamedNode)}
    for subject in named:
        yield from store.raw.quads_for_pattern(subject, None, None, gazetteer)


def _triple_stream(quads: Iterator[pyoxigraph.Quad]) -> Iterator[pyoxigraph.Triple]:
    """The union of the graphs, each triple once. A mention (``kg:personMention`` and the
    like, a value on its entity) is also given as an RDF reification (``rdf:Statement``)
    named by its article (``article/SOURCE/mN``): the offsets of a mention are in one
    article's text, which a format without graphs would not say otherwise. ``kg load``
    reads them back into the article's graph (kg.rdf.load.regraph)."""
    import pyoxigraph as ox

    from kg.rdf.iris import KG
    from kg.rdf.mapping import mention_iri

    mentions = {ox.NamedNode(KG + t + "Mention") for t in ("organisation", "person", "place")}
    rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    a, statement = ox.NamedNode(rdf + "type"), ox.NamedNode(rdf + "Statement")
    subject, predicate, object_ = (ox.NamedNode(rdf + p) for p in ("subject", "predicate", "object"))
    seen: set[int] = set()
    for q in quads:
        t = ox.Triple(q.subject, q.predicate, q.object)
        h = hash(t)
        if h not in seen:
            seen.add(h)
            yield t
        if q.predicate in mentions and isinstance(q.graph_name, ox.NamedNode):
            fields = q.object.value.split(" ")  # "start end sentence n" (an older layout: "... n foundBy")
            n = fields[3] if len(fields) == 4 else fields[4] if len(fields) > 4 else None
            if n is None or not n.isdigit():
                n = "-" + hashlib.sha256(str(t).encode()).hexdigest()[:12]
            node = ox.NamedNode(mention_iri(q.graph_name.value, n))
            yield ox.Triple(node, a, statement)
            yield ox.Triple(node, subject, q.subject)
            yield ox.Triple(node, predicate, q.predicate)
            yield ox.Triple(node, object_, q.object)


def export(store: Store, fmt: str, out: IO[bytes], *, graph: str | None = None,
           with_ontology: bool = False, progress: Callable[[str], None] | None = None) -> None:
    """Write the store (or one article graph) to ``out`` in ``fmt`` (any name format_name takes).

    ``progress`` is called with each article graph once it is written."""
    import pyoxigraph as ox

    fmt = format_name(fmt)
    quads = _quad_stream(store, graph, with_ontology, progress)
    if fmt == "jsonld":
        out.write(_jsonld(quads))
        return
    rdf_format = getattr(ox.RdfFormat, FORMATS[fmt])
    prefixes = PREFIXES if fmt in ("turtle", "trig", "rdfxml") else None
    if fmt == "rdfxml":  # an XML namespace must end a QName's prefix: only the vocabularies
        prefixes = {p: ns for p, ns in VOCABULARIES.items() if p not in ("id", "wd", "gn")}
    data = quads if fmt in QUAD_FORMATS else _triple_stream(quads)
    ox.serialize(data, out, format=rdf_format, prefixes=prefixes)


def export_bytes(store: Store, fmt: str, **kw) -> bytes:
    import io

    buf = io.BytesIO()
    export(store, fmt, buf, **kw)
    return buf.getvalue()


def context() -> dict:
    """The JSON-LD context shipped for the ontology (ontology/context.jsonld)."""
    from kg.resources import ontology_dir

    return json.loads((ontology_dir() / "context.jsonld").read_text(encoding="utf-8"))


def _jsonld(quads: Iterator[pyoxigraph.Quad]) -> bytes:
    """Compact JSON-LD with the ontology's context embedded, one named graph per article
    (``{"@id": graph, "@graph": [nodes]}``), so that kg load puts every statement back where
    it was. rdflib does the compaction; it holds the store in memory, so use N-Quads for
    very big stores."""
    import pyoxigraph as ox
    import rdflib

    nq = ox.serialize(quads, format=ox.RdfFormat.N_QUADS)
    ds = rdflib.Dataset()
    ds.parse(data=nq.decode("utf-8"), format="nquads")
    doc = json.loads(ds.serialize(format="json-ld", context=context()["@context"]))
    # rdflib orders nodes by its hash seed, which changes per process: sort them (and the
    # graphs) so that the same store always gives the same bytes
    graphs = doc.get("@graph")
    if isinstance(graphs, list):
        for node in graphs:
            if isinstance(node.get("@graph"), list):
                node["@graph"].sort(key=_node_key)
        graphs.sort(key=_node_key)
    return json.dumps(doc, sort_keys=True, indent=1, ensure_ascii=False).encode("utf-8")


def _node_key(node: object) -> str:
    return json.dumps(node, sort_keys=True, ensure_ascii=False)


def export_curation(store: Store, out: IO[bytes]) -> int:
    """Write the store's corrections alone (kg.curation) to ``out`` as Turtle, sorted, for
    ``kg load`` into another store (``kg export --curation``). Where they are applied in this
    store (``kg:appliedIn``) and its numbering state are left out: the store that loads them
    numbers and applies them itself. Returns the number of corrections written."""
    import pyoxigraph as ox

    from kg.curation.curate import corrections
    from kg.curation.model import to_quads

    every = corrections(store)
    triples = sorted((ox.Triple(q.subject, q.predicate, q.object) for c in every for q in to_quads(c)), key=str)
    prefixes = {**PREFIXES, "curation": _ID + "curation/"}
    ox.serialize(triples, out, format=ox.RdfFormat.TURTLE, prefixes=prefixes)
    return len(every)
