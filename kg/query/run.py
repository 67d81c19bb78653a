"""Run SPARQL against the store with bound parameters (never pasted into the text)."""

from __future__ import annotations

import re

from kg.errors import Errors, QueryError
from kg.query.catalogue import is_update, resolve_query
from kg.query.syntax import PREFIXES, explain
from kg.rdf import iris
from kg.store import Store


def _term(value: str):
    import pyoxigraph as ox

    if value.startswith("<") and value.endswith(">"):
        try:
            return ox.NamedNode(value[1:-1])
        except ValueError as exc:  # a space, a '<', no scheme ...
            raise QueryError(Errors.KG307.format(reason=f"{value!r} is not a valid IRI ({exc})")) from exc
    if re.fullmatch(r"-?\d+", value):
        return ox.Literal(value, datatype=ox.NamedNode(iris.XSD + "integer"))
    return ox.Literal(value)


def _variable(name: str):
    import pyoxigraph as ox

    try:
        return ox.Variable(name)
    except ValueError as exc:
        raise QueryError(Errors.KG307.format(reason=f"-p {name!r}: not a SPARQL variable name ({exc})")) from exc




def run(store: Store, text: str, params: dict[str, str] | None = None, *, update: bool = False,
        limit: int | None = None, offset: int | None = None, values: bool = True):
    """Run a query; returns (variables, rows) for SELECT, bool for ASK, triples for CONSTRUCT
    (every row read: use ``run_lazy`` to stream them)."""
    result = run_lazy(store, text, params, update=update, limit=limit, offset=offset, values=values)
    try:  # solutions are computed while they are read: a SERVICE call fails here
        if isinstance(result, tuple):
            variables, solutions = result
            return variables, [[sol[v] for v in variables] for sol in solutions]
        if result is None or isinstance(result, bool):
            return result
        return list(result)
    except (OSError, RuntimeError) as exc:
        raise QueryError(Errors.KG308.format(reason=exc)) from exc


def run_lazy(store: Store, text: str, params: dict[str, str] | None = None, *, update: bool = False,
             limit: int | None = None, offset: int | None = None, values: bool = True):
    """Run a query without reading its rows: (variables, pyoxigraph QuerySolutions) for SELECT,
    bool for ASK, pyoxigraph QueryTriples for CONSTRUCT, None after an update. The engine
    computes rows as they are read (unless the query sorts or groups them).

    ``limit`` and ``offset`` become the query's own LIMIT and OFFSET (see ``window``).
    ``values``: also state the parameters as a VALUES block (``_values_first``); False binds
    them by pyoxigraph's ``substitutions`` alone, which the query must then project. That is
    faster where a parameter names the graph to read: with ``GRAPH ?g`` bound that way, the
    engine reads that graph's quads only, where from VALUES it joined the pattern's rows of
    every graph (a sentence's mentions at 10,000 articles: 0.2 ms a query against 1.2 ms)."""
    import pyoxigraph as ox

    if is_update(text):
        if not update:
            raise QueryError(Errors.KG303)
        if store.read_only:
            raise QueryError(Errors.KG304)
        try:
            store.update(text, prefixes=PREFIXES)
        except SyntaxError as exc:
            raise QueryError(Errors.KG305.format(reason=explain(text, str(exc)))) from exc
        except (OSError, RuntimeError) as exc:  # LOAD of an unreadable source, a SERVICE refused, ...
            raise QueryError(Errors.KG308.format(reason=exc)) from exc
        return None
    # a str is read as kg query -p reads it; a pyoxigraph term (from the Python API) is bound as it is
    subs = {_variable(k): _term(v) if isinstance(v, str) else v for k, v in (params or {}).items()}
    candidates = [_values_first(text, subs) if values else text]
    key = (text, tuple(sorted(v.value for v in subs)))  # the projection depends on these, not on the values
    projected = _projection(store, candidates[0], key) if subs or limit is not None or offset is not None else None
    if subs and projected is not None and candidates[0] != text:
        # a variable the SELECT does not project is bound by the VALUES block alone
        # (pyoxigraph's substitutions take projected variables only)
        subs = {v: t for v, t in subs.items() if v.value in projected or not _mentions(text, v.value)}
    if limit is not None or offset is not None:
        candidates = window(candidates[0], limit, offset, projected)
    first: SyntaxError | None = None
    for candidate in candidates:
        try:
            result = store.raw.query(candidate, use_default_graph_as_union=True, substitutions=subs or None,
                                     prefixes=PREFIXES)
            break
        except SyntaxError as exc:
            first = first or exc
            if candidate is not candidates[-1]:
                continue
            raise QueryError(Errors.KG306.format(reason=explain(candidates[0], str(first)))) from first
        except RuntimeError as exc:
            msg = str(exc)
            if "projection" in msg:
                raise QueryError(Errors.KG307.format(reason=msg)) from exc
            raise QueryError(Errors.KG308.format(reason=msg)) from exc
        except OSError as exc:
            raise QueryError(Errors.KG308.format(reason=exc)) from exc
    if isinstance(result, ox.QueryBoolean):
        return bool(result)
    if isinstance(result, ox.QuerySolutions):
        return [v.value for v in result.variables], result
    return result


_PROLOGUE = re.compile(r"^\s*(?:(?:PREFIX\s+[\w.-]*:\s*<[^>]*>|BASE\s+<[^>]*>)\s*)*", re.IGNORECASE)


def _mentions(text: str, name: str) -> bool:
    """Whether the query uses the variable ?name (or $name) anywhere."""
    return re.search(r"[?$]" + re.escape(name) + r"(?![\w\u00b7\u0300-\u036f\u203f-\u2040])", text) is not None


_PROJECTED: dict[tuple[str, tuple[str, ...]], list[str] | None] = {}


def _projection(store: Store, text: str, key: tuple[str, tuple[str, ...]] | None = None) -> list[str] | None:
    """The variables a SELECT projects (None for another form or a bad query); no row is computed.
    ``key``: the query as written and the names of the variables bound, under which the answer
    is remembered (the values bound do not change it): a view runs one query thousands of
    times, each time with a new entity bound."""
    if key is not None and key in _PROJECTED:
        return _PROJECTED[key]
    found = _project(store, text)
    if key is not None and found is not None and len(_PROJECTED) < 256:
        _PROJECTED[key] = found  # (not a failure: the values bound this time may be what failed)
    return found


def _project(store: Store, text: str) -> list[str] | None:
    import pyoxigraph as ox

    try:
        result = store.raw.query(text, use_default_graph_as_union=True, prefixes=PREFIXES)
    except (SyntaxError, RuntimeError, OSError):
        return None
    return [v.value for v in result.variables] if isinstance(result, ox.QuerySolutions) else None


def window(text: str, limit: int | None, offset: int | None, variables: list[str] | None = None) -> list[str]:
    """The query with ``LIMIT``/``OFFSET`` applied by the engine, so that rows past the
    window are never computed: first the modifiers appended to the query (where the query
    has none of its own), then, if that does not parse (a LIMIT already there, a trailing
    VALUES), the query as a sub-select with them outside. Returned in that order."""
    mods = (f"\nLIMIT {int(limit)}" if limit is not None else "") + (
        f"\nOFFSET {int(offset)}" if offset is not None else "")
    kept = "\n".join(" " * len(line) if line.lstrip().startswith("#") else line for line in text.split("\n"))
    m = _PROLOGUE.match(kept)
    head, body = text[: m.end()], text[m.end():]
    names = " ".join(f"?{v}" for v in variables) if variables else "*"
    return [text + mods, f"{head}SELECT {names} WHERE {{ {{\n{body}\n}} }}{mods}"]


_WHERE = re.compile(r"\bWHERE\s*\{", re.IGNORECASE)


def _values_first(text: str, subs: dict) -> str:
    """Also state the bound values as a VALUES block at the start of the outermost
    WHERE, so that the engine starts from them: with ``substitutions`` alone it
    evaluated the patterns first (on a 1,000-article store, entities of one
    article took 0.56 s that way and 2 ms from VALUES; a bound ``GRAPH ?g`` is the
    exception, see ``run_lazy``'s ``values``). The terms are written by
    pyoxigraph's own serialiser (escaped), never pasted from the user's text;
    ``substitutions`` is still passed, so the result is the same either way."""
    if not subs:
        return text
    kept = "\n".join(" " * len(line) if line.lstrip().startswith("#") else line for line in text.split("\n"))
    m = _WHERE.search(kept)  # comments blanked, so the offsets still match ``text``
    if m is None:
        return text
    names = " ".join(str(v) for v in subs)
    values = " ".join(str(t) for t in subs.values())
    return f"{text[: m.end()]} VALUES ({names}) {{ ({values}) }}\n{text[m.end():]}"


def plain(term) -> str:
    if term is None:
        return ""
    return term.value


def to_dataframe(store: Store, query: str, params: dict[str, str] | None = None):
    """A named query (or SPARQL) as a pandas DataFrame of plain values (needs pandas)."""
    import pandas as pd

    variables, rows = run(store, resolve_query(query), params)
    return pd.DataFrame([[plain(t) for t in r] for r in rows], columns=variables)
