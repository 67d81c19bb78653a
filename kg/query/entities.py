"""An entity named on the command line (``kg neighbours NAME``): its IRI, or the IRIs of
every entity whose preferred or other name it is."""

from __future__ import annotations

from kg.errors import Errors, QueryError
from kg.resources import queries_dir
from kg.store import Store


def find_entities(store: Store, name: str) -> list[tuple[str, str]]:
    """(IRI, label) of the entities named ``name``: an IRI (``<...>`` or http(s)://...) as it
    is; else the exact preferred or other name, else the same in any letter case."""
    from kg.query.run import run

    iri = name[1:-1] if name.startswith("<") and name.endswith(">") else name
    if iri.startswith(("http://", "https://")):
        return [(iri, iri)]
    for query in ("cli_entity.rq", "cli_entity_nocase.rq"):
        text = (queries_dir() / "internal" / query).read_text(encoding="utf-8")
        _, rows = run(store, text, {"name": name})
        if rows:
            return [(r[0].value, r[1].value) for r in rows]
    return []


def resolve_entity(store: Store, name: str) -> str:
    """The IRI of the one entity ``name`` names; a QueryError listing them when several do,
    or saying so when none does."""
    found = find_entities(store, name)
    if not found:
        raise QueryError(Errors.KG313.format(name=name))
    if len(found) > 1:
        choices = "; ".join(f"{label} <{iri}>" for iri, label in found[:10])
        more = f" (and {len(found) - 10} more)" if len(found) > 10 else ""
        raise QueryError(Errors.KG314.format(name=name, n=len(found), choices=choices + more))
    return found[0][0]
