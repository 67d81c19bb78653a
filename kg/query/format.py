"""Query results as the text kg query prints: table, CSV, TSV, JSON objects or SPARQL JSON.

CSV, TSV and SPARQL JSON (``srj``) are written by pyoxigraph (``QuerySolutions.serialize``),
as the W3C SPARQL 1.1 results formats: CSV holds plain values, TSV holds terms in
Turtle syntax (``<iri>``, ``"text"``, ``"x"@en``: nothing lost), ``srj`` is
``application/sparql-results+json``. ``json`` is what jq, pandas and sqlite-utils users
expect, an array of objects (one per row, variable -> value: a number for an XSD number, a
boolean for a boolean, null where unbound, else the plain value), and ``nl`` the same
objects one a line. Rows are written as the engine gives them:
nothing is held back, so the first row comes as soon as the engine has it and
memory stays flat however many rows there are.

The table is the one hand-written layout: rich and tabulate size their columns
from every row, so a table of ten million rows would be held in memory first.
Here the widths come from the first ``TABLE_SAMPLE`` rows (cells over 60
characters cut with "…"), and later rows are padded or cut to those widths.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import IO

from kg.query.run import plain
from kg.rdf import iris
from kg.terminal import printable

TABLE_SAMPLE = 200  # rows read before the table's column widths are fixed
CELL = 60  # widest table cell
RESULT_FORMATS = ("table", "csv", "tsv", "json", "nl", "srj")
ROW_FORMATS = ("table", "json", "nl")  # written here from rows; the others by pyoxigraph
_SERIALISED = {"csv": "CSV", "tsv": "TSV", "srj": "JSON"}  # -> pyoxigraph.QueryResultsFormat
HEADER_LINES = {"csv": 1, "tsv": 1, "table": 2}  # what --no-headers leaves out


def write_solutions(variables: list[str], solutions, fmt: str, out: IO[bytes]) -> int | None:
    """Write a SELECT result (a pyoxigraph ``QuerySolutions``, or any iterable of rows for the
    table, json and nl) to ``out`` as ``fmt``; returns the rows written for those, else None."""
    if fmt in ROW_FORMATS:
        rows = ([sol[v] for v in variables] for sol in solutions) if _is_solutions(solutions) else solutions
        if fmt == "table":
            return write_table(variables, rows, out)
        return write_objects(variables, rows, out, lines=fmt == "nl")
    import pyoxigraph as ox

    solutions.serialize(out, format=getattr(ox.QueryResultsFormat, _SERIALISED[fmt]))
    if fmt == "srj":
        out.write(b"\n")
    return None


_INTEGERS = {iris.XSD + t for t in ("integer", "int", "long", "short", "byte", "nonNegativeInteger",
                                    "positiveInteger", "nonPositiveInteger", "negativeInteger",
                                    "unsignedLong", "unsignedInt", "unsignedShort", "unsignedByte")}
_REALS = {iris.XSD + t for t in ("decimal", "double", "float")}


def json_value(term) -> object:
    """A term as a JSON value: a number for an XSD number, a boolean for xsd:boolean, None
    where unbound, else its plain value (an IRI, a literal's lexical form)."""
    if term is None:
        return None
    datatype = getattr(getattr(term, "datatype", None), "value", None)
    text = term.value
    try:
        if datatype in _INTEGERS:
            return int(text)
        if datatype in _REALS:
            value = float(text)
            return value if value == value and abs(value) != float("inf") else text  # JSON has no NaN, no INF
        if datatype == iris.XSD + "boolean":
            return text.strip() in ("true", "1")
    except ValueError:  # an ill-formed number stays as it is written
        return text
    return text


def write_objects(variables: list[str], rows: Iterable[list], out: IO[bytes], *, lines: bool = False) -> int:
    """Rows as a JSON array of objects (``lines``: one object a line, no array), streamed."""
    n = 0
    for r in rows:
        obj = json.dumps({v: json_value(t) for v, t in zip(variables, r, strict=True)}, ensure_ascii=False)
        out.write((obj + "\n" if lines else ("[" if n == 0 else ",\n ") + obj).encode("utf-8"))
        n += 1
    if not lines:
        out.write(b"]\n" if n else b"[]\n")
    return n


class WithoutHeaders(io.RawIOBase):
    """``out`` without its first ``n`` lines (the header that --no-headers leaves out)."""

    def __init__(self, out: IO[bytes], n: int) -> None:
        super().__init__()
        self._out, self._left = out, n

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:  # noqa: ANN001
        size = len(data)
        data = bytes(data)
        while self._left and data:
            head, newline, data = data.partition(b"\n")
            if newline:
                self._left -= 1
        if data:
            self._out.write(data)
        return size

    def flush(self) -> None:
        self._out.flush()


def _is_solutions(obj) -> bool:
    import pyoxigraph as ox

    return isinstance(obj, ox.QuerySolutions)


def write_table(variables: list[str], rows: Iterable[list], out: IO[bytes]) -> int:
    """An aligned text table, streamed: widths from the first TABLE_SAMPLE rows."""
    it: Iterator[list] = iter(rows)
    head = [[_short(plain(t)) for t in r] for r in islice(it, TABLE_SAMPLE)]
    widths = [max([len(v)] + [len(c[i]) for c in head]) for i, v in enumerate(variables)]

    def line(cells: list[str]) -> bytes:
        fitted = [c if len(c) <= w else c[: max(w - 1, 0)] + "…" for c, w in zip(cells, widths, strict=True)]
        return ("  ".join(c.ljust(w) for c, w in zip(fitted, widths, strict=True)).rstrip() + "\n").encode("utf-8")

    out.write(line(list(variables)))
    out.write(line(["-" * w for w in widths]))
    n = 0
    for cells in head:
        out.write(line(cells))
        n += 1
    for r in it:
        out.write(line([_short(plain(t)) for t in r]))
        n += 1
    out.write(f"({n} row{'s' if n != 1 else ''})\n".encode())
    return n


def _short(v: str, n: int = CELL) -> str:
    """A table cell: on one line, control characters escaped (kg.terminal.printable: an article
    title cannot send escape sequences to the terminal), cut to ``n`` characters."""
    v = printable(v.replace("\n", " ").replace("\r", " ").replace("\t", " "))
    if v.startswith(iris.ID):
        v = v[len(iris.ID):]
    return v if len(v) <= n else v[: n - 1] + "…"


def solutions_of(variables: list[str], rows: list[list]):
    """Rows already read (lists of pyoxigraph terms, None where unbound) as a pyoxigraph
    ``QuerySolutions``, so that they are serialised by the same code as a live result: a
    VALUES block written by pyoxigraph's own term serialiser, run on an empty store."""
    import pyoxigraph as ox

    names = " ".join(f"?{ox.Variable(v).value}" for v in variables)
    body = " ".join("(" + " ".join("UNDEF" if t is None else str(t) for t in r) + ")" for r in rows)
    return ox.Store().query(f"SELECT {names or '*'} WHERE {{ VALUES ({names}) {{ {body} }} }}")


def format_rows(variables: list[str], rows: list[list], fmt: str, *, headers: bool = True) -> str:
    """Rows already read, as the text kg query prints for ``fmt`` (``headers`` False: without
    the header lines of a table, CSV or TSV)."""
    buf = io.BytesIO()
    out = buf if headers else WithoutHeaders(buf, HEADER_LINES.get(fmt, 0))
    if fmt in ROW_FORMATS:
        write_solutions(variables, rows, fmt, out)
    else:
        write_solutions(variables, solutions_of(variables, rows), fmt, out)
    return buf.getvalue().decode("utf-8")


def write_result(result, fmt: str, out: IO[bytes]) -> None:
    """Write what ``run_lazy`` gives: a SELECT's (variables, solutions), a bool for ASK, triples
    for CONSTRUCT/DESCRIBE (N-Triples), None for an update."""
    import pyoxigraph as ox

    if result is None:
        out.write(b"update applied\n")
    elif isinstance(result, bool):
        out.write(b"true\n" if result else b"false\n")
    elif isinstance(result, tuple):
        write_solutions(*result, fmt, out)
    else:
        ox.serialize(result, out, format=ox.RdfFormat.N_TRIPLES)


def render_result(result, fmt: str) -> str:
    """The text kg query prints for a result of ``run`` (rows already read)."""
    if result is None:
        return "update applied\n"
    if isinstance(result, bool):
        return ("true" if result else "false") + "\n"
    if isinstance(result, tuple):
        return format_rows(*result, fmt)
    return "".join(f"{t} .\n" for t in result)
