"""The rows of the Python API's queries (kg.api): ``Result``, a sequence of dicts with typed
values (``value``: RDF literals to int, float, bool, date, datetime or ``PartialDate``), and
``to_dataframe`` for pandas; ``_binding`` turns a Python value into a query parameter."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from kg.rdf import iris

if TYPE_CHECKING:
    import pandas

__all__ = ["PartialDate", "Result", "value"]


_XSD = iris.XSD  # the plain string: kg.rdf.namespaces imports rdflib
_INTEGERS = {_XSD + t for t in ("integer", "int", "long", "short", "byte", "nonNegativeInteger", "positiveInteger",
                                "negativeInteger", "nonPositiveInteger", "unsignedLong", "unsignedInt",
                                "unsignedShort", "unsignedByte")}
_FLOATS = {_XSD + t for t in ("decimal", "double", "float")}


class PartialDate(str):
    """An xsd:gYearMonth or xsd:gYear value: a str ("2018-07", "2014") that
    ``to_dataframe`` knows to be a date. It never gains a day it did not have."""


def value(term: Any) -> Any:
    """A pyoxigraph term as a Python value.

    IRI and blank node -> str; xsd:integer (and its subtypes) -> int;
    xsd:decimal, xsd:double, xsd:float -> float; xsd:boolean -> bool;
    xsd:date -> datetime.date; xsd:dateTime -> datetime.datetime;
    xsd:gYearMonth and xsd:gYear -> :class:`PartialDate`, a str ("2018-07", "2014");
    any other literal -> str; unbound -> None. A literal whose text does not fit
    its datatype is returned as str.
    """
    if term is None:
        return None
    datatype = getattr(term, "datatype", None)
    if datatype is None:  # NamedNode or BlankNode
        return term.value
    text, kind = term.value, datatype.value
    try:
        if kind in _INTEGERS:
            return int(text)
        if kind in _FLOATS:
            return float(text)
        if kind == _XSD + "boolean":
            return {"true": True, "1": True, "false": False, "0": False}[text]
        if kind == _XSD + "date":
            return dt.date.fromisoformat(text[:10])
        if kind == _XSD + "dateTime":
            return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except (ValueError, KeyError):
        return text
    if kind in (_XSD + "gYearMonth", _XSD + "gYear"):
        return PartialDate(text)
    return text


class Result(Sequence[dict[str, Any]]):
    """The rows of a SELECT (or the triples of a CONSTRUCT) with Python values (see :func:`value`).

    Iterating gives one dict per row, ``columns`` the variable names in order,
    ``rows`` the rows as tuples.

    >>> res = g.query("counts")
    >>> res.columns[:3], res[0]["value"]
    >>> df = res.to_dataframe()
    """

    def __init__(self, columns: list[str], rows: list[tuple[Any, ...]]) -> None:
        self.columns = columns
        self.rows = rows

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [dict(zip(self.columns, r, strict=True)) for r in self.rows[index]]
        return dict(zip(self.columns, self.rows[index], strict=True))

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for r in self.rows:
            yield dict(zip(self.columns, r, strict=True))

    def __repr__(self) -> str:
        return f"<kg.Result {len(self.rows)} rows: {', '.join(self.columns)}>"

    def to_dataframe(self, *, partial_dates: str = "keep") -> pandas.DataFrame:
        """The rows as a pandas DataFrame with typed columns (needs pandas: ``pip install 'kg[notebook]'``).

        Numbers -> ``Int64`` or ``Float64``; booleans -> ``boolean``; text and IRIs
        -> ``string``; missing values -> ``pd.NA`` (``NaT`` in a date column);
        full dates and date-times -> ``datetime64``. A column that also holds partial dates
        ("2018-07", "2014") stays ``object`` (``datetime.date`` and ``str``) with
        ``partial_dates="keep"``; ``partial_dates="start"`` makes it
        ``datetime64``, a partial date becoming the first day of its month or
        year. Columns that mix other kinds stay ``object``.
        """
        try:
            import pandas as pd
        except ImportError as exc:
            raise ImportError("to_dataframe needs pandas: pip install 'kg[notebook]' (or pandas)") from exc
        if partial_dates not in ("keep", "start"):
            raise ValueError(f"partial_dates must be 'keep' or 'start', not {partial_dates!r}")
        data = {}
        for i, name in enumerate(self.columns):
            cells = [r[i] for r in self.rows]
            data[name] = _column(pd, cells, partial_dates)
        return pd.DataFrame(data, columns=self.columns)


def _column(pd: Any, cells: list[Any], partial_dates: str) -> Any:
    present = [c for c in cells if c is not None]
    kinds = {_kind(c) for c in present}
    if kinds == {"partial"} or kinds == {"date", "partial"}:
        if partial_dates == "keep":
            return pd.Series([pd.NA if c is None else c for c in cells], dtype=object)
        cells = [_period_start(c) if isinstance(c, str) else c for c in cells]
        kinds = {"date"}
    if not kinds:
        return pd.Series([pd.NA] * len(cells), dtype="string")
    if kinds == {"bool"}:
        return pd.array(cells, dtype="boolean")
    if kinds == {"int"}:
        return pd.array(cells, dtype="Int64")
    if kinds <= {"int", "float"}:
        return pd.array([None if c is None else float(c) for c in cells], dtype="Float64")
    if kinds == {"date"}:
        return pd.to_datetime(pd.Series([None if c is None else c.isoformat() for c in cells], dtype=object))
    if kinds == {"datetime"}:
        return pd.to_datetime(pd.Series(cells, dtype=object), utc=any(c.tzinfo for c in present))
    if kinds == {"str"}:
        return pd.array(cells, dtype="string")
    return pd.Series([pd.NA if c is None else c for c in cells], dtype=object)


def _kind(cell: Any) -> str:
    if isinstance(cell, bool):
        return "bool"
    if isinstance(cell, int):
        return "int"
    if isinstance(cell, float):
        return "float"
    if isinstance(cell, dt.datetime):
        return "datetime"
    if isinstance(cell, dt.date):
        return "date"
    if isinstance(cell, PartialDate):
        return "partial"
    return "str"


def _period_start(text: str) -> dt.date:
    year, _, month = text.partition("-")
    return dt.date(int(year), int(month or 1), 1)


def _binding(name: str, v: object):
    """A keyword argument of :meth:`Graph.query` as the RDF term it binds: ``"<iri>"`` an
    IRI, an int an xsd:integer, any other str a plain string (``"42"`` stays a string;
    ``kg query -p`` reads digits as an integer, a Python caller says which it means)."""
    import pyoxigraph as ox

    from kg.query.run import _term

    if isinstance(v, bool) or not isinstance(v, (str, int)):
        raise TypeError(f"{name}={v!r}: bind a str (\"<...>\" for an IRI) or an int")
    if isinstance(v, int):
        return ox.Literal(str(v), datatype=ox.NamedNode(_XSD + "integer"))
    if v.startswith("<") and v.endswith(">"):
        return _term(v)
    return ox.Literal(v)
