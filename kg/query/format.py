"""Query results as the text kg query prints: table, CSV, TSV or SPARQL JSON."""

from __future__ import annotations

import csv
import io
import json

from kg.query.run import plain
from kg.rdf import iris


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
    if v.startswith(iris.ID):
        v = v[len(iris.ID):]
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
        elif t.datatype and t.datatype.value != iris.XSD + "string":
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
