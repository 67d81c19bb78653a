"""A SELECT on a remote SPARQL 1.1 protocol endpoint, with bound parameters.

``select_remote`` sends the query as an HTML form POST (``query=...``), asks for
``application/sparql-results+json`` and gives the rows as plain strings, one per
column: the lexical form of each term (an IRI without its brackets, a literal
without quotes, datatype or language), "" where a variable is unbound. These are
the cells ``kg query --format csv`` prints for the local store. One exception:
an ``xsd:boolean`` is given in its canonical form, "true" or "false", as kg
writes it (Virtuoso stores a boolean as a number and answers "1" or "0").

Parameters are read as ``kg query -p NAME VALUE`` reads them (``<...>`` an IRI,
an integer an ``xsd:integer``, anything else a string) and are turned into
terms by the same code as the local run, so an IRI is validated and a literal is
escaped by pyoxigraph's serialiser; the user's text is never pasted into the
query. The terms go into a ``VALUES`` block at the start of the outermost
``WHERE`` group, the place the local run puts them, so a parameter restricts
the same rows remotely as locally; a query without a ``WHERE`` keyword gets the
block appended after it instead (SPARQL 1.1's trailing ``VALUES``).

Failures are ``kg.errors`` exceptions. A bad parameter name or IRI is a
``QueryError`` (``[KG307]``), as locally; everything the endpoint does is a
``RemoteError`` (exit status 4): a query it refuses (HTTP 400, ``[KG692]`` with
the first line of its explanation), no answer in time, no connection, another
status, an answer that is not SPARQL JSON results, a redirect (not followed:
urllib would turn the POST into a GET without the query), and an answer the
endpoint cut short, and one too large or too slow (kg.rdf.bounded: at most
``ANSWER_BYTES``, each 64 KB within the timeout, [KG698], [KG693]): Virtuoso
drops the rows past its ``ResultSetMaxRows``
(10,000 in Debian's virtuoso.ini) without an error and only says so in an
``X-SPARQL-MaxRows`` header, so that header is ``[KG697]`` (also when the
result has exactly that many rows: it cannot be told from a cut one). Only a
SELECT is sent (``[KG696]`` otherwise): Virtuoso runs an update given as
``query=`` when the account may write. URLs in messages have their user
information replaced by ``***``.
"""

from __future__ import annotations

import http.client
import json
import re
import urllib.parse
from collections.abc import Iterator

from kg.errors import Errors, RemoteError
from kg.rdf import bounded, iris
from kg.rdf.push import check_endpoint, redact

ACCEPT = "application/sparql-results+json"
ANSWER_BYTES = 128 << 20  # read whole and parsed as JSON: past this, narrow the query

__all__ = ["select_remote"]


def select_remote(endpoint: str, query_text: str, bindings: dict[str, str] | None = None,
                  timeout: float = 60.0) -> tuple[list[str], Iterator[dict[str, str]]]:
    """Run a SELECT at ``endpoint``; returns its variables and its rows (variable -> plain string).

    ``timeout`` bounds each wait for the endpoint (connecting, then each read)."""
    from kg.query.syntax import declared

    url = check_endpoint(endpoint, lambda shown: Errors.KG690.format(endpoint=shown))
    form = query_form(query_text)
    if form is not None and form != "SELECT":  # an endpoint may run an update sent as query= (Virtuoso does)
        raise RemoteError(Errors.KG696.format(url=redact(url), form=form))
    text = declared(bind(query_text, bindings or {}))  # the prefixes kg declares for its own store too
    body = urllib.parse.urlencode({"query": text}).encode("utf-8")
    data = _parse(url, _post(url, body, timeout))
    variables = data["head"]["vars"]
    return variables, _rows(url, variables, data["results"]["bindings"])


def bind(query_text: str, bindings: dict[str, str]) -> str:
    """``query_text`` with ``bindings`` stated as a VALUES block of escaped terms (KG307 on a bad name or IRI)."""
    from kg.query.run import _term, _values_first, _variable

    if not bindings:
        return query_text
    # a str is read as kg query -p reads it; a pyoxigraph term is bound as it is (as in kg.query.run)
    subs = {_variable(name): _term(value) if isinstance(value, str) else value for name, value in bindings.items()}
    text = _values_first(query_text, subs)
    if text == query_text:  # no WHERE keyword: a trailing VALUES clause (SPARQL 1.1, section 10.2)
        names = " ".join(str(v) for v in subs)
        values = " ".join(str(t) for t in subs.values())
        text = f"{query_text}\nVALUES ({names}) {{ ({values}) }}\n"
    return text


_SKIP = r"(?:\s|#[^\n]*)*"  # blanks and comments
_FORM = re.compile(rf"{_SKIP}(?:(?:PREFIX{_SKIP}[^\s:]*:{_SKIP}<[^>]*>|BASE{_SKIP}<[^>]*>){_SKIP})*([A-Za-z]+)",
                   re.IGNORECASE)


def query_form(query_text: str) -> str | None:
    """The first keyword after the prologue, upper-cased: SELECT, ASK, CONSTRUCT, DESCRIBE, INSERT, ...;
    None when there is none (the endpoint will say what is wrong)."""
    m = _FORM.match(query_text)
    form = m.group(1).upper() if m else None
    return None if form in ("PREFIX", "BASE") else form  # a malformed prologue


def _post(url: str, body: bytes, timeout: float) -> bytes:
    shown = redact(url)
    try:
        answer = bounded.request("POST", url, body=body, timeout=timeout, limit=ANSWER_BYTES, headers={
            "Accept": ACCEPT, "Content-Type": "application/x-www-form-urlencoded; charset=utf-8"})
    except bounded.TooLarge as exc:
        raise RemoteError(Errors.KG698.format(url=shown, limit=f"{exc.limit >> 20} MB")) from None
    except TimeoutError:
        raise RemoteError(Errors.KG693.format(url=shown, seconds=timeout)) from None
    except (OSError, http.client.HTTPException) as exc:  # refused, reset, a cut answer
        raise RemoteError(Errors.KG694.format(url=shown, reason=getattr(exc, "strerror", None) or exc)) from None
    status = answer.status
    if 300 <= status < 400:
        location = answer.headers.get("Location")
        where = redact(urllib.parse.urljoin(url, location)) if location else "(no Location given)"
        raise RemoteError(Errors.KG691.format(url=shown, status=status, location=where))
    if status >= 400:
        detail = _first_line(answer.body.decode("utf-8", "replace"))
        if status == 400:
            raise RemoteError(Errors.KG692.format(url=shown, detail=detail or "no reason given"))
        if detail:
            raise RemoteError(Errors.KG606.format(status=status, url=shown, detail=detail))
        raise RemoteError(Errors.KG605.format(status=status, url=shown))
    cut = answer.headers.get("X-SPARQL-MaxRows")  # Virtuoso: the answer reached ResultSetMaxRows
    if cut is not None:  # the rows past the limit were dropped without an error: never a partial answer
        raise RemoteError(Errors.KG697.format(url=shown, rows=cut))
    return answer.body


def _first_line(text: str) -> str:
    """The first non-blank line of an error page, HTML tags dropped, at most 300 characters."""
    for line in re.sub(r"<[^>]*>", "\n", text).splitlines():
        if line.strip():
            return line.strip()[:300]
    return ""


def _parse(url: str, body: bytes) -> dict:
    def bad(reason: str) -> RemoteError:
        return RemoteError(Errors.KG695.format(url=redact(url), reason=reason))

    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError) as exc:
        raise bad(f"not JSON: {exc}") from None
    except RecursionError:  # an answer nested 100,000 deep
        raise bad("nested too deeply") from None
    if not isinstance(data, dict):
        raise bad("not a JSON object")
    if "boolean" in data and "results" not in data:
        raise bad("an ASK answer; only a SELECT gives rows")
    head, results = data.get("head"), data.get("results")
    if not isinstance(head, dict) or not isinstance(head.get("vars"), list) \
            or not all(isinstance(v, str) for v in head["vars"]):
        raise bad("no head.vars list")
    if not isinstance(results, dict) or not isinstance(results.get("bindings"), list):
        raise bad("no results.bindings list")
    return data


def _rows(url: str, variables: list[str], bindings: list) -> Iterator[dict[str, str]]:
    for row in bindings:
        if not isinstance(row, dict):
            raise RemoteError(Errors.KG695.format(url=redact(url), reason="a solution is not a JSON object"))
        cells = {}
        for v in variables:
            term = row.get(v)
            if term is not None and not (isinstance(term, dict) and isinstance(term.get("value"), str)):
                raise RemoteError(Errors.KG695.format(url=redact(url), reason=f"an unreadable term {term!r:.80}"))
            cells[v] = "" if term is None else _lexical(term)
        yield cells


_BOOLEAN = {"1": "true", "0": "false"}


def _lexical(term: dict) -> str:
    """The term's lexical form; an ``xsd:boolean`` in its canonical form (Virtuoso answers "1" for true)."""
    value = term["value"]
    if term.get("datatype") == iris.XSD + "boolean":
        return _BOOLEAN.get(value, value)
    return value
