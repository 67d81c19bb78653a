"""``kg load``: read an RDF file (any export format) back into the store.

Quad formats (N-Quads, TriG) keep their named graphs, so a store moved between
machines or merged from several comes back article by article. Triple formats
(Turtle, N-Triples, JSON-LD) carry no graph names: their triples go into one
named graph per loaded file (``--graph`` chooses its IRI), so named queries,
which read the union of the graphs, see them. The whole file is parsed before
anything is written, and written in one transaction: a bad file changes nothing.
"""

from __future__ import annotations

from pathlib import Path

from kg.errors import Errors, InputError
from kg.store import Store

SUFFIX_FORMATS = {
    ".ttl": "turtle", ".turtle": "turtle", ".nt": "nt", ".ntriples": "nt", ".nq": "nquads",
    ".nquads": "nquads", ".trig": "trig", ".jsonld": "jsonld", ".json": "jsonld",
}


def check_iri(value: str, option: str = "--graph") -> str:
    """``value`` if it is an absolute IRI (as Oxigraph reads one), else an InputError naming ``option``."""
    import pyoxigraph as ox

    try:
        ox.NamedNode(value)
    except ValueError as exc:
        raise InputError(Errors.KG160.format(option=option, value=value, reason=exc)) from exc
    return value


def guess_format(path: Path) -> str:
    fmt = SUFFIX_FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise InputError(Errors.KG133.format(path=path))
    return fmt


def load(store: Store, path: Path, fmt: str | None = None, graph: str | None = None) -> tuple[int, int]:
    """Parse ``path`` and add it to ``store``; returns (quads added, graphs touched)."""
    import pyoxigraph as ox

    from kg.rdf.export import FORMATS
    from kg.rdf.mapping import import_iri

    if graph is not None:
        check_iri(graph, "--graph")
    if not path.is_file():
        raise InputError(Errors.KG132.format(path=path))
    fmt = fmt or guess_format(path)
    rdf_format = getattr(ox.RdfFormat, FORMATS[fmt])
    target = ox.NamedNode(graph or import_iri(path.name))
    try:
        with path.open("rb") as fh:
            parsed = list(ox.parse(fh, format=rdf_format))
    except SyntaxError as exc:
        raise InputError(Errors.KG134.format(path=path, fmt=fmt, reason=str(exc).splitlines()[0])) from exc
    except (UnicodeDecodeError, ValueError) as exc:
        raise InputError(Errors.KG135.format(path=path, fmt=fmt, reason=exc)) from exc
    quads = []
    for q in parsed:
        if isinstance(q, ox.Triple):
            q = ox.Quad(q.subject, q.predicate, q.object, target)
        elif graph or isinstance(q.graph_name, ox.DefaultGraph):
            q = ox.Quad(q.subject, q.predicate, q.object, target)
        quads.append(q)
    store.add_quads(quads)
    return len(quads), len({str(q.graph_name) for q in quads})
