"""kg: build an RDF knowledge graph from news articles.

The Python API (implemented in kg.api)::

    import kg

    report = kg.build(["news/"], "/tmp/news-store")         # as kg build: a BuildReport
    with kg.open("/tmp/news-store") as g:                    # read-only
        df = g.query("counts").to_dataframe()                # typed columns
        rows = list(g.query("entities", source="a.txt"))     # bound, never pasted: dicts
        net = g.to_networkx()                                # networkx MultiGraph
        g.most_central(10), g.connections("Acme"), g.stats()
        g.render("graph.html")                               # the interactive view
    kg.queries()                                             # the named queries, with what each answers
    ex = kg.extract("Jane Roe of Acme said on Tuesday ...", "2024-05-10")  # one text, no store

Errors are :class:`KGError` subclasses (kg.errors) with a stable ``code``.

Data flow (one folder per stage)::

    ingest  -> Article            (files, folders, metadata, publication date)
    nlp     -> Extraction         (spaCy pipeline: mentions, entities, affiliations, counts, dates, statements)
    rdf     -> RDF quads          (kg.rdf.mapping is the only place IRIs are minted)
    store   -> Oxigraph on disk   (one named graph per article)
    query / views / rdf.export / rdf.validate read the store; builder chains the stages.

``import kg`` loads neither spaCy nor pyoxigraph.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from kg.errors import KGError

if TYPE_CHECKING:
    from kg.api import Graph, PartialDate, Result, build, extract, open, queries
    from kg.builder.runner import BuildReport
    from kg.types import Article, Extraction

__version__ = "0.1.0"

__all__ = ["Article", "BuildReport", "Extraction", "Graph", "KGError", "PartialDate", "Result", "build", "extract",
           "open", "queries"]

# imported on first use, so that ``import kg`` (and every kg command, which imports it) stays light
_LAZY = {"Graph": "kg.api", "PartialDate": "kg.api", "Result": "kg.api", "build": "kg.api", "extract": "kg.api",
         "open": "kg.api", "queries": "kg.api", "BuildReport": "kg.builder.runner", "Article": "kg.types",
         "Extraction": "kg.types"}


def __getattr__(name: str) -> Any:
    if name == "api":  # the module, as ``import kg`` gave it when it imported the API at once
        return importlib.import_module("kg.api")
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'kg' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
