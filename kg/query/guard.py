"""What a SPARQL text may ask of the engine, checked before the engine sees it.

Oxigraph's parser and evaluator recurse once per nested group, so 5,000 nested
``{ }`` or 20,000 nested ``( )`` overflow a thread's stack: ``kg query`` died
with signal 11 and ``kg serve`` lost its server to one request. And a query may
name other endpoints: ``SERVICE <url>`` (or an update's ``LOAD <url>``) makes
the engine send a request to any address it names, from the machine that runs
it. Both are read from the text by one lexer pass that knows SPARQL's strings,
IRIs and comments (a brace in a string or a ``#`` in an IRI is not code), so the
check is linear in the text and cannot itself recurse.

``check_query`` raises ``QueryError``; ``kg query`` and the ``kg serve`` front
(kg.store.front) both call it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator

from kg.errors import Errors, QueryError

__all__ = ["MAX_DEPTH", "check_query", "nesting_depth", "remote_calls"]

MAX_DEPTH = 256  # Oxigraph 0.5.13 answered 2,000 nested groups and crashed at 5,000; real queries nest < 20

_TOKEN = re.compile(r"""
    (?P<comment>\#[^\n]*)
  | (?P<string>'''(?:[^'\\]|\\.|'(?!''))*'''|\"\"\"(?:[^"\\]|\\.|"(?!""))*\"\"\"
              |'(?:[^'\\\n\r]|\\.)*'|"(?:[^"\\\n\r]|\\.)*")
  | (?P<iri><[^<>"{}|^`\\\x00-\x20]*>)
  | (?P<open>[({\[])
  | (?P<close>[)}\]])
  | (?P<var>[?$][\w\u00b7\u0300-\u036f\u203f-\u2040]*)
  | (?P<name>[^\W\d][\w.\-]*(?::[\w.\-:%]*)?|:[\w.\-:%]*)
  | (?P<other>[^\#'"<(){}\[\]?$\w:]+|.)
""", re.VERBOSE | re.DOTALL)


def _tokens(text: str) -> Iterator[tuple[str, str]]:
    """(kind, text) of each significant token; comments are dropped."""
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "other"
        if kind != "comment":
            yield kind, m.group()


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``( )``, ``{ }`` and ``[ ]`` outside strings, IRIs and comments."""
    depth = deepest = 0
    for kind, _ in _tokens(text):
        if kind == "open":
            depth += 1
            deepest = max(deepest, depth)
        elif kind == "close":
            depth = max(depth - 1, 0)
    return deepest


def remote_calls(text: str) -> list[tuple[str, str | None]]:
    """Each ``SERVICE`` and ``LOAD`` in the text as (keyword, IRI): the IRI with a prefixed name
    expanded, None where it is a variable or cannot be told from the text."""
    prefixes: dict[str, str] = {}
    calls: list[tuple[str, str | None]] = []
    toks = [(k, t) for k, t in _tokens(text) if k != "other" or t.strip()]
    for i, (kind, tok) in enumerate(toks):
        if kind != "name" or ":" in tok:
            continue
        word = tok.upper()
        if word == "PREFIX" and i + 2 < len(toks) and toks[i + 2][0] == "iri":
            prefixes[toks[i + 1][1].rstrip(":")] = toks[i + 2][1][1:-1]
        elif word in ("SERVICE", "LOAD"):
            j = i + 1
            while j < len(toks) and toks[j][1].upper() == "SILENT":
                j += 1
            target = toks[j] if j < len(toks) else ("other", "")
            calls.append((word, _iri(target, prefixes)))
    return calls


def _iri(token: tuple[str, str], prefixes: dict[str, str]) -> str | None:
    kind, tok = token
    if kind == "iri":
        return tok[1:-1]
    if kind == "name" and ":" in tok:
        prefix, _, local = tok.partition(":")
        return prefixes[prefix] + local if prefix in prefixes else None
    return None


def check_query(text: str, *, max_depth: int = MAX_DEPTH, allowed: Collection[str] | None = ()) -> None:
    """Refuse a text nested deeper than ``max_depth`` (KG340) or one that calls an endpoint
    (SERVICE, LOAD) not in ``allowed`` (KG341; ``allowed=None`` lets every call through)."""
    depth = nesting_depth(text)
    if depth > max_depth:
        raise QueryError(Errors.KG340.format(depth=depth, limit=max_depth))
    if allowed is None:
        return
    for word, iri in remote_calls(text):
        if iri is None or iri not in allowed:
            shown = f"<{iri}>" if iri else "an endpoint named by a variable or an unknown prefix"
            raise QueryError(Errors.KG341.format(word=word, iri=shown, option=f"--allow-service {iri or 'URL'}"))
