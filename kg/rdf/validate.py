"""Check the store against ontology/shapes.ttl with pySHACL, and every literal against its datatype.

A store can hold whatever ``kg load`` read: ``"2019-02-30"^^xsd:date``,
``"x"^^xsd:integer``, ``"1e400"^^xsd:double``. pySHACL checks datatypes only where
a shape names the property, and rdflib logs a traceback for each literal it cannot
convert, so kg checks the lexical form of every literal of the XSD types it knows
itself (anywhere in the store) and reports each bad one as a violation; rdflib's
conversion warnings are kept quiet.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import re
import warnings
from collections.abc import Iterable, Iterator

from kg.rdf import iris
from kg.resources import ontology_dir
from kg.store import Store

XSD = iris.XSD
MAX_DIGITS = 4300  # Python's limit for int(str); a longer integer cannot be checked (or used) here

_INT_RANGES: dict[str, tuple[int | None, int | None]] = {
    "integer": (None, None), "long": (-2**63, 2**63 - 1), "int": (-2**31, 2**31 - 1), "short": (-2**15, 2**15 - 1),
    "byte": (-2**7, 2**7 - 1), "nonNegativeInteger": (0, None), "positiveInteger": (1, None),
    "nonPositiveInteger": (None, 0), "negativeInteger": (None, -1), "unsignedLong": (0, 2**64 - 1),
    "unsignedInt": (0, 2**32 - 1), "unsignedShort": (0, 2**16 - 1), "unsignedByte": (0, 2**8 - 1),
}
_TZ = r"(?:Z|[+-](?:(?:0[0-9]|1[0-3]):[0-5][0-9]|14:00))?"
_YEAR = r"-?(?:[1-9][0-9]{4,}|[0-9]{4})"
_PATTERNS = {
    "integer": re.compile(r"[+-]?[0-9]+"),
    "decimal": re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"),
    "double": re.compile(r"[+-]?(?:(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|INF)|NaN"),
    "boolean": re.compile(r"true|false|1|0"),
    "date": re.compile(rf"({_YEAR})-([0-9]{{2}})-([0-9]{{2}}){_TZ}"),
    "dateTime": re.compile(rf"({_YEAR})-([0-9]{{2}})-([0-9]{{2}})"
                           rf"T([0-9]{{2}}):([0-9]{{2}}):([0-9]{{2}})(?:\.[0-9]+)?{_TZ}"),
    "gYearMonth": re.compile(rf"({_YEAR})-([0-9]{{2}}){_TZ}"),
    "gYear": re.compile(rf"{_YEAR}{_TZ}"),
}
_FLOAT_MAX = 3.4028234663852886e38


def _days_in(year: int, month: int) -> int:
    if month == 2:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 30 if month in (4, 6, 9, 11) else 31


def literal_problem(lexical: str, datatype: str) -> str | None:
    """What is wrong with ``lexical`` as a value of ``datatype`` (an IRI), or None.

    Only the XSD types kg uses and their relatives are checked; other datatypes
    (strings, language-tagged strings, foreign types) are taken as they are."""
    if not datatype.startswith(XSD):
        return None
    local = datatype[len(XSD):]
    text = lexical.strip(" \t\n\r")  # XSD collapses white space around these values
    shown = json.dumps(text if len(text) <= 40 else text[:37] + "...", ensure_ascii=False)
    kind = "integer" if local in _INT_RANGES else "double" if local == "float" else local
    pattern = _PATTERNS.get(kind)
    if pattern is None:
        return None
    m = pattern.fullmatch(text)
    if m is None:
        return f"{shown} is not a valid xsd:{local}"
    if kind == "integer":
        digits = len(text.lstrip("+-").lstrip("0"))
        if digits > MAX_DIGITS:
            return f"{shown} has {digits:,} digits, too many to use as xsd:{local}"
        lo, hi = _INT_RANGES[local]
        value = int(text)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            return f"{shown} is out of range for xsd:{local}"
    elif kind == "double" and text.lstrip("+-") not in ("INF", "NaN"):
        value = float(text)
        if not math.isfinite(value) or (local == "float" and abs(value) > _FLOAT_MAX):
            return f"{shown} is out of range for xsd:{local}"
    elif kind in ("date", "dateTime", "gYearMonth"):
        year, month = int(m[1][-4:]), int(m[2])  # the last four digits decide a leap year
        if not 1 <= month <= 12:
            return f"{shown} is not a valid xsd:{local} (month {month})"
        if kind != "gYearMonth" and not 1 <= int(m[3]) <= _days_in(year, month):
            return f"{shown} is not a valid xsd:{local} (no day {int(m[3])} in that month)"
        if kind == "dateTime":
            h, mi, s = int(m[4]), int(m[5]), int(m[6])
            if not (mi < 60 and s < 60 and (h < 24 or (h == 24 and mi == s == 0))):
                return f"{shown} is not a valid xsd:{local} (time of day)"
    return None


def _name(term) -> str:
    import pyoxigraph as ox

    return term.value if isinstance(term, ox.NamedNode) else str(term)


def literal_problems(quads: Iterable) -> list[str]:
    """One line per literal whose lexical form does not fit its datatype: "subject predicate: problem"."""
    import pyoxigraph as ox

    lines = set()
    for q in quads:
        o = q.object
        if isinstance(o, ox.Literal) and (problem := literal_problem(o.value, o.datatype.value)):
            lines.add(f"{_name(q.subject)} {q.predicate.value}: {problem}")
    return sorted(lines)


@contextlib.contextmanager
def _quiet_rdflib() -> Iterator[None]:
    """rdflib logs a traceback (or warns) for each literal it cannot convert; kg reports those itself."""
    log = logging.getLogger("rdflib.term")
    before = log.disabled
    log.disabled = True
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            yield
    finally:
        log.disabled = before


def store_graph(store: Store):
    """The union of all article graphs as an rdflib Graph."""
    return _union_graph(store.quads())


def _union_graph(quads):
    """Quads (any graphs) -> one rdflib Graph of their triples (via N-Triples)."""
    import pyoxigraph as ox
    import rdflib

    triples = {ox.Triple(q.subject, q.predicate, q.object) for q in quads}
    data = ox.serialize(sorted(triples, key=str), format=ox.RdfFormat.N_TRIPLES)
    with _quiet_rdflib():
        return rdflib.Graph().parse(data=data, format="nt")


def validate(store: Store) -> tuple[bool, list[str]]:
    """Returns (conforms, one readable line per violation)."""
    return validate_quads(store.quads())


def validate_quads(quads) -> tuple[bool, list[str]]:
    """Validate quads that are not in a store (one article's mapping, say)."""
    import pyoxigraph as ox

    quads = list(quads)
    bad = literal_problems(quads)
    if bad:  # reported above; pySHACL cannot compare such values ("NaN"^^xsd:decimal raises)
        quads = [q for q in quads if not (isinstance(q.object, ox.Literal)
                                          and literal_problem(q.object.value, q.object.datatype.value))]
    ok, lines = validate_graph(_union_graph(quads))
    return ok and not bad, sorted(set(lines) | set(bad))


def validate_graph(data) -> tuple[bool, list[str]]:
    import pyshacl
    import rdflib

    shapes = rdflib.Graph().parse(ontology_dir() / "shapes.ttl", format="turtle")
    # the ontology's event types are individuals the data refers to; its rdfs:domain axioms give
    # back the types the graph does not write (a kg:personMention says its subject is a kg:Person)
    ontology = rdflib.Graph().parse(ontology_dir() / "kg.ttl", format="turtle")
    data += ontology
    with _quiet_rdflib():
        conforms, report, _ = pyshacl.validate(data, shacl_graph=shapes, ont_graph=ontology, inference="rdfs",
                                               allow_warnings=True)
    SH = rdflib.Namespace("http://www.w3.org/ns/shacl#")
    lines = []
    for r in report.subjects(rdflib.RDF.type, SH.ValidationResult):
        focus = report.value(r, SH.focusNode)
        path = report.value(r, SH.resultPath)
        msg = report.value(r, SH.resultMessage)
        lines.append(f"{focus} {path or ''}: {msg}")
    return bool(conforms), sorted(lines)
