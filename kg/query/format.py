"""Query results as the text kg query prints: table, CSV, TSV or SPARQL JSON.

CSV, TSV and JSON are written by pyoxigraph (``QuerySolutions.serialize``), as the
W3C SPARQL 1.1 results formats: CSV holds plain values, TSV holds terms in
Turtle syntax (``<iri>``, ``"text"``, ``"x"@en``: nothing lost), JSON is
``application/sparql-results+json``. Rows are written as the engine gives them:
nothing is held back, so the first row comes as soon as the engine has it and
memory stays flat however many rows there are.

The table is the one hand-written layout: rich and tabulate size their columns
from every row, so a table of ten million rows would be held in memory first.
Here the widths come from the first ``TABLE_SAMPLE`` rows (cells over 60
characters cut with "…"), and later rows are padded or cut to those widths.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import IO

from kg.query.run import plain
from kg.rdf import iris
from kg.terminal import printable

TABLE_SAMPLE = 200  # rows read before the table's column widths are fixed
CELL = 60  # widest table cell
RESULT_FORMATS = ("table", "csv", "tsv", "json")


def write_solutions(variables: list[str], solutions, fmt: str, out: IO[bytes]) -> int | None:
    """Write a SELECT result (a pyoxigraph ``QuerySolutions``, or any iterable of rows for the
    table) to ``out`` as ``fmt``; returns the rows written for the table, else None."""
    if fmt == "table":
        return write_table(variables, ([sol[v] for v in variables] for sol in solutions)
                           if _is_solutions(solutions) else solutions, out)
    import pyoxigraph as ox

    solutions.serialize(out, format=getattr(ox.QueryResultsFormat, fmt.upper()))
    if fmt == "json":
        out.write(b"\n")
    return None


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


def format_rows(variables: list[str], rows: list[list], fmt: str) -> str:
    """Rows already read, as the text kg query prints for ``fmt``."""
    buf = io.BytesIO()
    if fmt == "table":
        write_table(variables, rows, buf)
    else:
        write_solutions(variables, solutions_of(variables, rows), fmt, buf)
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
