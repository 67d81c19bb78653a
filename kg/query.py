"""Named queries from queries/*.rq, run against the store with bound parameters.

Imports neither spaCy nor rdflib: ``kg query`` must start fast.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

from kg.errors import QueryError
from kg.resources import queries_dir
from kg.store import Store

_UPDATE = re.compile(
    r"^\s*(?:(?:PREFIX|BASE)\s+[^\n]*\s*)*(INSERT|DELETE|LOAD|CLEAR|CREATE|DROP|COPY|MOVE|ADD|WITH)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class NamedQuery:
    name: str
    description: str
    text: str


def named_queries() -> dict[str, NamedQuery]:
    out = {}
    for path in sorted(queries_dir().glob("*.rq")):
        text = path.read_text(encoding="utf-8")
        desc = ""
        for line in text.splitlines():
            if line.startswith("#"):
                desc = line.lstrip("# ").strip()
                break
        out[path.stem] = NamedQuery(path.stem, desc, text)
    return out


def resolve_query(query: str) -> str:
    """QUERY is a .rq file, a named query, or inline SPARQL."""
    if query.endswith(".rq"):
        p = Path(query)
        if not p.is_file():
            raise QueryError(f"query file {query} not found")
        return p.read_text(encoding="utf-8")
    named = named_queries()
    if query in named:
        return named[query].text
    if re.fullmatch(r"[\w\-]+", query):
        raise QueryError(
            f"unknown named query {query!r}; 'kg queries' lists them: {', '.join(sorted(named))}"
        )
    return query


def is_update(text: str) -> bool:
    stripped = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    return bool(_UPDATE.match(stripped))


def _term(value: str):
    import pyoxigraph as ox

    if value.startswith("<") and value.endswith(">"):
        return ox.NamedNode(value[1:-1])
    if re.fullmatch(r"-?\d+", value):
        return ox.Literal(value, datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer"))
    return ox.Literal(value)


def _position(msg: str) -> str:
    return msg.splitlines()[0] if msg else "syntax error"


def run(store: Store, text: str, params: dict[str, str] | None = None, *, update: bool = False):
    """Run a query; returns (variables, rows) for SELECT, bool for ASK, triples for CONSTRUCT."""
    import pyoxigraph as ox

    if is_update(text):
        if not update:
            raise QueryError("this is a SPARQL update; kg query is read-only unless --update is given")
        if store.read_only:
            raise QueryError("the store was opened read-only")
        try:
            store.raw.update(text)
        except SyntaxError as exc:
            raise QueryError(f"malformed SPARQL update: {_position(str(exc))}") from exc
        return None
    subs = {ox.Variable(k): _term(v) for k, v in (params or {}).items()}
    try:
        result = store.raw.query(_values_first(text, subs), use_default_graph_as_union=True,
                                 substitutions=subs or None)
    except SyntaxError as exc:
        raise QueryError(f"malformed SPARQL query: {_position(str(exc))}") from exc
    except RuntimeError as exc:
        msg = str(exc)
        if "projection" in msg:
            raise QueryError(f"cannot bind parameter: {msg}") from exc
        raise QueryError(f"query failed: {msg}") from exc
    except OSError as exc:
        raise QueryError(f"query failed: {exc}") from exc
    if isinstance(result, ox.QueryBoolean):
        return bool(result)
    if isinstance(result, ox.QuerySolutions):
        variables = [v.value for v in result.variables]
        rows = [[sol[v] for v in variables] for sol in result]
        return variables, rows
    return list(result)


_WHERE = re.compile(r"\bWHERE\s*\{", re.IGNORECASE)


def _values_first(text: str, subs: dict) -> str:
    """Also state the bound values as a VALUES block at the start of the outermost
    WHERE, so that the engine starts from them: pyoxigraph applies ``substitutions``
    after evaluating the patterns (on a 1,000-article store, entities of one
    article took 0.56 s that way and 2 ms from VALUES). The terms are written by
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


def format_rows(variables: list[str], rows: list[list], fmt: str) -> str:
    if fmt == "json":
        return json.dumps(_sparql_json(variables, rows), ensure_ascii=False, indent=1)
    if fmt in ("csv", "tsv"):
        buf = io.StringIO()
        w = csv.writer(buf, delimiter="," if fmt == "csv" else "\t", lineterminator="\n")
        w.writerow(variables)
        for r in rows:
            w.writerow([plain(t).replace("\t", " ").replace("\n", " ") if fmt == "tsv" else plain(t) for t in r])
        return buf.getvalue()
    # table
    cells = [[_short(plain(t)) for t in r] for r in rows]
    widths = [max([len(v)] + [len(c[i]) for c in cells]) for i, v in enumerate(variables)]
    line = "  ".join(v.ljust(widths[i]) for i, v in enumerate(variables))
    out = [line, "  ".join("-" * w for w in widths)]
    out += ["  ".join(c[i].ljust(widths[i]) for i in range(len(variables))) for c in cells]
    out.append(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")
    return "\n".join(out) + "\n"


def _short(v: str, n: int = 60) -> str:
    v = v.replace("\n", " ")
    if v.startswith("https://w3id.org/kg-news/id/"):
        v = v[len("https://w3id.org/kg-news/id/"):]
    return v if len(v) <= n else v[: n - 1] + "…"


def _sparql_json(variables: list[str], rows: list[list]) -> dict:
    import pyoxigraph as ox

    def term(t) -> dict:
        if isinstance(t, ox.NamedNode):
            return {"type": "uri", "value": t.value}
        if isinstance(t, ox.BlankNode):
            return {"type": "bnode", "value": t.value}
        d = {"type": "literal", "value": t.value}
        if t.language:
            d["xml:lang"] = t.language
        elif t.datatype and t.datatype.value != "http://www.w3.org/2001/XMLSchema#string":
            d["datatype"] = t.datatype.value
        return d

    return {
        "head": {"vars": variables},
        "results": {"bindings": [
            {v: term(t) for v, t in zip(variables, r, strict=True) if t is not None} for r in rows
        ]},
    }


def render_result(result, fmt: str) -> str:
    """The text kg query prints for a result of ``run``."""
    if result is None:
        return "update applied\n"
    if isinstance(result, bool):
        return ("true" if result else "false") + "\n"
    if isinstance(result, tuple):
        return format_rows(*result, fmt)
    return "".join(f"{t} .\n" for t in result)


def run_with_timeout(store_path: Path, text: str, params: dict[str, str], fmt: str, timeout: float) -> str:
    """Run a read query in a forked child and stop it after ``timeout`` seconds.

    Oxigraph queries cannot be interrupted from Python, so the query runs in its
    own process (which opens the store read-only) and is killed when time is up.
    """
    import os
    import signal
    import tempfile
    import time

    from kg.errors import KGError

    with tempfile.TemporaryFile() as out:
        pid = os.fork()
        if pid == 0:  # child
            code = 0
            try:
                with Store.open_read(store_path) as st:
                    data = render_result(run(st, text, params), fmt).encode("utf-8")
            except KGError as exc:
                data, code = f"{type(exc).__name__}\t{exc.exit_code}\t{exc.args[0]}".encode(), 100
            except BaseException as exc:  # noqa: BLE001  (reported by the parent as a query failure)
                data, code = f"QueryError\t2\tquery failed: {exc}".encode(), 100
            out.write(data)
            out.flush()
            os._exit(code)
        deadline = time.monotonic() + timeout
        pause = 0.001
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() >= deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise QueryError(f"query stopped after {timeout:g} s (--timeout); narrow it or raise the limit")
            time.sleep(pause)
            pause = min(pause * 2, 0.02)
        out.seek(0)
        data = out.read()
    if os.waitstatus_to_exitcode(status) == 100:
        kind, code, message = data.decode("utf-8").split("\t", 2)
        from kg import errors

        exc = getattr(errors, kind, QueryError)(message)
        raise exc
    if os.waitstatus_to_exitcode(status) != 0:
        raise QueryError(f"query process ended abnormally (status {os.waitstatus_to_exitcode(status)})")
    return data.decode("utf-8")


def to_dataframe(store: Store, query: str, params: dict[str, str] | None = None):
    """A named query (or SPARQL) as a pandas DataFrame of plain values (needs pandas)."""
    import pandas as pd

    variables, rows = run(store, resolve_query(query), params)
    return pd.DataFrame([[plain(t) for t in r] for r in rows], columns=variables)
