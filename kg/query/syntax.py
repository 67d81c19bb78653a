"""An analyst's own SPARQL: the prefixes kg declares for it, and its syntax errors in words.

Oxigraph's parser reports the grammar it expected at the furthest point it reached
("expected one of Prefix not found, ['%'], ['-' | '0' ..= '9' ...") and where. ``explain``
turns that into one sentence: what is wrong, at which line and column, and what could come
there, without the parser's character classes.
"""

from __future__ import annotations

import re

from kg.rdf import iris

# declared for every query kg runs (a query's own PREFIX of the same name wins)
PREFIXES = {
    "rdf": iris.RDF, "rdfs": iris.RDFS, "xsd": iris.XSD, "skos": iris.SKOS, "schema": iris.SCHEMA,
    "prov": iris.PROV, "owl": iris.OWL, "dcterms": iris.DCTERMS, "kg": iris.KG, "id": iris.ID,
}

_AT = re.compile(r"error at (\d+):(\d+): (.*)", re.DOTALL)
_FORMS = ("SELECT", "CONSTRUCT", "ASK", "DESCRIBE")
_PROLOGUE = re.compile(r"\s*(?:(?:PREFIX\s+[\w.-]*:\s*<[^>]*>|BASE\s+<[^>]*>)\s*)*", re.IGNORECASE)
_PREFIXED = re.compile(r"([A-Za-z][\w.-]*)?:[\w.%-]*$")
_SHOWN = 8  # expected tokens named at most


def declared(text: str) -> str:
    """``text`` with a PREFIX line for each of ``PREFIXES`` it uses without declaring it: for a
    SPARQL endpoint elsewhere, which knows none of them."""
    lines = [f"PREFIX {name}: <{iri}>" for name, iri in PREFIXES.items()
             if re.search(rf"(?<![\w.:-]){name}:", text)
             and not re.search(rf"PREFIX\s+{name}:", text, re.IGNORECASE)]
    return "\n".join([*lines, text]) if lines else text


def explain(text: str, message: str) -> str:
    """Oxigraph's syntax error ``message`` for the query ``text``, in plain words."""
    m = _AT.match(message.strip())
    if m is None:
        return message.strip().splitlines()[0] if message.strip() else "syntax error"
    line, column, grammar = int(m[1]), int(m[2]), m[3]
    lines = text.split("\n")
    before = lines[line - 1][: column - 1] if line <= len(lines) else ""
    where = f"at line {line}, column {column}"
    if "Prefix not found" in grammar and (name := _PREFIXED.search(before)):
        start = column - len(name[0])
        known = ", ".join(PREFIXES)
        return (f'unknown prefix "{name[1] or ""}:" at line {line}, column {start} (kg declares {known}; '
                f"declare another with PREFIX {name[1] or ''}: <IRI>)")
    form = _form(text)
    if form is not None:
        return f'a query begins with SELECT, CONSTRUCT, ASK or DESCRIBE (after any PREFIX), not "{form}"'
    sentences, tokens = _expected(grammar)
    if sentences:
        return f"{'; '.join(s[0].lower() + s[1:] for s in sentences)} {where}"
    hint = f"; expected {_one_of(tokens)}" if tokens else ""
    rest = "\n".join([lines[line - 1][column - 1:] if line <= len(lines) else "", *lines[line:]])
    if not rest.strip():
        return f"the query ends too soon {where} (an unclosed brace, bracket or quote?){hint}"
    word = rest.split()[0]
    word = word if len(word) <= 20 else word[:19] + "…"
    return f'unexpected "{word}" {where}{hint}'


def _form(text: str) -> str | None:
    """The query's first word when it is not a query form (nor a prologue, nor an update)."""
    body = "\n".join("" if ln.lstrip().startswith("#") else ln for ln in text.split("\n"))
    body = body[_PROLOGUE.match(body).end():]
    word = body.split(None, 1)[0] if body.split() else ""
    if not word or word.upper().split("(")[0].split("{")[0] in _FORMS:
        return None
    return None if word.upper() in ("INSERT", "DELETE", "LOAD", "CLEAR", "DROP", "CREATE", "ADD", "MOVE", "COPY",
                                    "WITH") else word


def _expected(grammar: str) -> tuple[list[str], list[str]]:
    """The parser's expectations: (sentences it wrote itself, the tokens it could read)."""
    plain = re.sub(r"\[[^\]]*\]", "", grammar.replace("\n", " "))  # character classes, [_]
    plain = plain.removeprefix("expected one of ").removeprefix("expected ")
    sentences, tokens = [], []
    for item in (i.strip() for i in plain.split(", ")):
        if not item or item in ('"{|"', '"~"'):
            continue
        (sentences if " " in item and not item.startswith('"') else tokens).append(item)
    return sentences, tokens


def _one_of(tokens: list[str]) -> str:
    shown = tokens[:_SHOWN] + (["..."] if len(tokens) > _SHOWN else [])
    return shown[0] if len(shown) == 1 else "one of " + " ".join(shown)
