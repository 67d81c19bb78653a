"""A whole-store dump of a named query, one article at a time.

Oxigraph keeps every string a query computes (a sentence cut from the article's text
with SUBSTR, a mention's text) until the query ends, so a dump of provenance, counts,
statements or the timeline grew with its rows: provenance at 10,000 articles, 978,365
rows, peaked at 407 MB, where entities (547,765 rows, nothing computed) stays at 182 MB.
Run with ``?source`` bound to each article in turn, the strings of one article are
dropped with its query and memory stays flat, for 1.1 to 2 times the time (provenance
4.5 ms an article against 3.9 ms in one query).

The rows are those of the query over the whole store (each row names its article, and
the query groups nothing), in the order of the articles' source names and, within an
article, in the order the engine gives them; CSV and TSV keep one header, JSON one
``bindings`` array.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import IO

from kg.query.run import _WHERE
from kg.resources import queries_dir
from kg.store import Store

_SUBSTR = re.compile(r"\bSUBSTR\s*\(", re.IGNORECASE)
_GROUPS = re.compile(r"\b(?:GROUP\s+BY|HAVING|LIMIT|OFFSET)\b"
                     r"|\b(?:COUNT|SUM|MIN|MAX|AVG|SAMPLE|GROUP_CONCAT)\s*\(", re.IGNORECASE)
_COMMENT = re.compile(r"(^|\s)#[^\n]*")  # (a '#' inside an IRI, as in a PREFIX, follows no space)
_ARTICLE = re.compile(r"GRAPH\s+\?g\s*\{\s*\?g\s+kg:sourceFile\s+\?source\b")


def one_article_at_a_time(text: str) -> bool:
    """Whether a named query's whole-store dump is run one article at a time: it projects
    ``?source``, read by ``GRAPH ?g { ?g kg:sourceFile ?source`` directly in its WHERE (not in
    an OPTIONAL or a UNION: so binding it selects one article's rows and no row lacks it),
    computes strings per row (SUBSTR), and neither groups, aggregates, cuts nor sorts its rows
    across articles."""
    kept = _COMMENT.sub(r"\1", text)
    where = _WHERE.search(kept)
    article = _ARTICLE.search(kept)
    if where is None or article is None:
        return False
    before = kept[: article.start()]
    outer = kept[kept.rfind("}") + 1:]  # the outer query's own modifiers (a subquery's ORDER BY sorts one article)
    return (re.search(r"\?source\b", kept[: where.start()]) is not None
            and before.count("{") - before.count("}") == 1 and _SUBSTR.search(kept) is not None
            and _GROUPS.search(kept) is None and re.search(r"\bORDER\s+BY\b", outer, re.IGNORECASE) is None)


def _sources(st: Store) -> list | None:
    """Every article's source name as the store holds it (a plain string as kg writes it,
    or another term a load or an update wrote); None if one is a blank node, which cannot be
    bound."""
    import pyoxigraph as ox

    from kg.query.run import run_lazy

    text = (queries_dir() / "internal" / "query_sources.rq").read_text(encoding="utf-8")
    _, found = run_lazy(st, text)
    terms = [r[0] for r in found]
    if any(isinstance(t, ox.BlankNode) for t in terms):
        return None
    return sorted(terms, key=lambda t: (t.value, str(t)))


def write_by_article(st: Store, text: str, fmt: str, out: IO[bytes]) -> None:
    """Write the rows of ``text`` over the whole store to ``out`` as ``fmt``, one article's
    query at a time (``one_article_at_a_time`` says where that gives the same rows)."""
    from kg.query.format import ROW_FORMATS, write_solutions
    from kg.query.run import run_lazy

    sources = _sources(st)
    variables, whole = run_lazy(st, text)  # the header (rows computed only when read)
    if not sources:  # no article (the header alone), or a source that cannot be bound
        write_solutions(variables, whole, fmt, out)
        return
    del whole

    def each() -> Iterator:
        for source in sources:  # bound as the store holds it: the rows the whole-store query gives it
            yield run_lazy(st, text, {"source": source})[1]

    if fmt in ROW_FORMATS:  # table, json, nl: written from the rows of every article in turn
        write_solutions(variables, ([sol[v] for v in variables] for found in each() for sol in found), fmt, out)
        return
    first, rows = True, False
    for found in each():
        buf = io.BytesIO()
        write_solutions(variables, found, fmt, buf)
        data = buf.getvalue()
        if fmt == "srj":  # {"head":...,"results":{"bindings":[ROWS]}}: the rows joined into one array
            head, _, rest = data.partition(b'"bindings":[')
            rest = rest.rstrip()
            if not rest.endswith(b"]}}"):
                raise RuntimeError("unexpected SPARQL JSON from pyoxigraph")
            body = rest[: -len(b"]}}")]
            if first:
                out.write(head + b'"bindings":[')
            if body:
                out.write(b"," + body if rows else body)
                rows = True
        else:  # csv, tsv: the header once
            out.write(data if first else data.partition(b"\n")[2])
        first = False
    if fmt == "srj":
        out.write(b"]}}\n")
