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

from typing import Any

from kg.api import Graph, PartialDate, Result, build, extract, open, queries
from kg.errors import KGError
from kg.types import Article, Extraction

__version__ = "0.1.0"

__all__ = ["Article", "BuildReport", "Extraction", "Graph", "KGError", "PartialDate", "Result", "build", "extract",
           "open", "queries"]


def __getattr__(name: str) -> Any:
    # BuildReport lives with build(); imported on first use so that ``import kg`` stays light
    if name == "BuildReport":
        from kg.builder.runner import BuildReport

        return BuildReport
    raise AttributeError(f"module 'kg' has no attribute {name!r}")
