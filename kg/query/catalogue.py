"""The named queries shipped in queries/*.rq, and telling a query from an update."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from kg.errors import Errors, InputError, QueryError, did_you_mean
from kg.resources import queries_dir

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


_ORDER = re.compile(r"\n[ \t]*ORDER\s+BY\b[^{}]*\Z", re.IGNORECASE)
RANKED = "# order: always"  # a named query whose order is its answer (a ranking) keeps it


def unsorted(text: str) -> str:
    """A named query without its final ORDER BY, so that the store streams its rows as it
    finds them (sorting holds every row first: 78 s before the first row of entities at
    10,000 articles, against 0.2 s unsorted). A ranking (``# order: always``) is kept."""
    if any(line.strip() == RANKED for line in text.splitlines()):
        return text
    return _ORDER.sub("\n", text)


def resolve_query(query: str, *, standard: bool = False, sort: bool = True) -> str:
    """QUERY is a .rq file, a named query, or inline SPARQL.

    ``sort=False`` drops a named query's ORDER BY (see ``unsorted``); a .rq file or inline
    SPARQL is run as written.

    A named query runs on kg's own store in its Oxigraph variant where there is one
    (queries/oxigraph/NAME.rq: the same rows in the same order, with Oxigraph's
    LATERAL, which evaluates the optional parts per article instead of over the whole
    store); ``standard=True`` gives the SPARQL 1.1 text every store runs (for
    another endpoint)."""
    if query.endswith(".rq"):
        p = Path(query)
        if not p.is_file():
            raise QueryError(Errors.KG301.format(path=query))
        try:
            return p.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            why = f"not UTF-8 text: byte 0x{exc.object[exc.start]:02x} at position {exc.start}"
            raise InputError(Errors.KG108.format(path=query, reason=why)) from None
        except OSError as exc:
            raise InputError(Errors.KG108.format(path=query, reason=exc.strerror or exc)) from None
    named = named_queries()
    if query in named:
        variant = queries_dir() / "oxigraph" / f"{query}.rq"
        text = variant.read_text(encoding="utf-8") if not standard and variant.is_file() else named[query].text
        return text if sort else unsorted(text)
    if re.fullmatch(r"[\w\-]+", query):
        raise QueryError(Errors.KG302.format(name=query, names=", ".join(sorted(named)),
                                             hint=did_you_mean(query, list(named))))
    return query


def is_update(text: str) -> bool:
    stripped = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    return bool(_UPDATE.match(stripped))
