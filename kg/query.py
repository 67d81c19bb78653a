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
        result = store.raw.query(text, use_default_graph_as_union=True, substitutions=subs or None)
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
