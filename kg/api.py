"""The Python API for analysts: build a store, open it, query it with typed rows, extract one text.

    >>> import kg
    >>> report = kg.build(["seeds/"], "/tmp/news-store", jobs=1)
    >>> with kg.open("/tmp/news-store") as g:
    ...     df = g.query("counts").to_dataframe()
    ...     rows = list(g.query("entities", source="001_00adbe57efcb47f9.txt"))
    ...     top = g.most_central(5)

Importing this module (and ``kg``) loads neither spaCy nor pyoxigraph: each
function imports what it needs when it runs, so ``kg query`` starts fast.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kg._curating import Curating
from kg._results import PartialDate, Result, _binding, value
from kg.errors import Errors, QueryError
from kg.types import Extraction

if TYPE_CHECKING:
    import networkx
    from spacy.language import Language

    from kg.builder.runner import BuildReport
    from kg.store import Store

__all__ = ["Graph", "PartialDate", "Result", "build", "extract", "open", "queries", "value"]

PathLike = str | Path

# ------------------------------------------------------------------ building


def build(paths: PathLike | Iterable[PathLike], store: PathLike | None = None, *, ner: str = "shipped",
          jobs: int | None = None, max_chars: int | None = None, fields: dict[str, str] | None = None,
          progress: Callable[[str], None] | None = None) -> BuildReport:
    """Read the articles under ``paths`` (files or folders) into the store at ``store``.

    The same as ``kg build``: unchanged articles are skipped, changed ones replace
    their graph. ``store`` defaults to ``$KG_STORE``, else ``./.kg``.

    ``ner`` is ``"shipped"`` (the NER model in the package), ``"none"`` (rules and
    gazetteer alone) or an installed spaCy pipeline's name or path. ``jobs`` is
    the number of extraction processes (default: one per CPU core; 1 runs in
    this process). ``fields`` names JSON Lines fields (``{"text": "body"}``).
    ``progress`` is called with each article's source name once it is stored.

    Articles that cannot be read are listed in ``report.failed``; an unusable
    ``ner`` or store raises a :class:`kg.errors.KGError`.

    >>> report = kg.build("seeds/", "/tmp/news-store", jobs=1)
    >>> len(report.added), report.counts["entities"]
    """
    from kg.builder.runner import build as run_build
    from kg.builder.workers import default_jobs
    from kg.ingest.readers import ReadOptions
    from kg.store import default_path

    if isinstance(paths, (str, Path)):
        paths = [paths]
    return run_build([Path(p) for p in paths], Path(store) if store is not None else default_path(), ner=ner,
                     jobs=jobs or default_jobs(), max_chars=max_chars, options=ReadOptions.with_fields(fields or {}),
                     progress=progress)


# ------------------------------------------------------------------ one text


@lru_cache(maxsize=4)
def _pipeline(ner: str) -> Language:
    """One spaCy pipeline per ``ner`` value, built on first use (never at import)."""
    from kg.nlp.assemble import build_nlp

    return build_nlp(ner)


def extract(text: str, published: str | dt.date | None = None, *, ner: str = "shipped",
            title: str | None = None) -> Extraction:
    """Extract entities, affiliations, counts, dates, statements and the relations of the kinds with a
    record of their own (``.relations``: role changes) from one text, without a store.

    ``published`` (a ``datetime.date`` or ``"YYYY-MM-DD"``) anchors relative dates
    ("on Tuesday"); without it a date stated at the top of the text is used, as
    ``kg build`` does. The spaCy pipeline for each ``ner`` value is built once
    and kept for later calls.

    >>> ex = kg.extract("Jane Roe, a spokeswoman for Acme Corp, spoke on Tuesday.", "2024-05-10")
    >>> sorted((e.label, e.type) for e in ex.entities.values())
    >>> [(d.text, d.value) for d in ex.dates]
    """
    import hashlib

    from kg.errors import Errors, InputError
    from kg.ingest.articles import DEFAULT_MAX_CHARS, make_article
    from kg.ingest.metadata import valid_iso
    from kg.ingest.readers import Raw
    from kg.nlp.extract import extract as run_extract

    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    meta: dict[str, str] = {}
    if published is not None:
        iso = published.isoformat() if isinstance(published, dt.date) else valid_iso(str(published))
        if iso is None:
            raise InputError(Errors.KG144.format(value=published))
        meta["published"] = iso[:10]
    if title:
        meta["title"] = title
    source = f"text-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:12]}"
    article = make_article(Raw(source, text), "", meta, DEFAULT_MAX_CHARS)
    return next(run_extract(_pipeline(ner), [article]))


# ------------------------------------------------------------------ reading


def queries() -> dict[str, str]:
    """The named queries :meth:`Graph.query` runs by name, each with what it answers (as ``kg queries``).

    >>> kg.queries()["spokespeople"]
    """
    from kg.query import named_queries

    return {name: nq.description for name, nq in named_queries().items()}




class Graph(Curating):
    """A kg store opened for reading (see :func:`open`); a context manager.

    >>> with kg.open("/tmp/news-store") as g:
    ...     g.query("spokespeople").to_dataframe()
    ...     g.query("SELECT ?s WHERE { ?s a <https://w3id.org/kg-news/ontology#Person> }")
    ...     g.connections("Syrian Democratic Forces")
    """

    def __init__(self, store: PathLike | None = None) -> None:
        from kg.store import Store, default_path

        self.path = Path(store) if store is not None else default_path()
        self._store: Store | None = Store.open_read(self.path)
        self._network: networkx.MultiGraph | None = None

    @property
    def store(self) -> Store:
        """The underlying :class:`kg.store.Store` (for the lower-level modules)."""
        if self._store is None:
            raise QueryError(Errors.KG311.format(path=self.path))
        return self._store

    def query(self, query: str, /, *, limit: int | None = None, offset: int | None = None,
              **bindings: str | int) -> Result | bool:
        """Run a named query (``kg queries`` lists them), a ``.rq`` file or SPARQL text.

        Keyword arguments bind variables of the SELECT (``source="x.txt"`` binds
        ``?source``; ``"<...>"`` binds an IRI, an int an xsd:integer); they are
        bound by the query engine, never pasted into the text. ``limit`` and
        ``offset`` are applied by the engine (``kg query --limit/--offset``), so
        variables of those two names cannot be bound. Returns a :class:`Result`
        for SELECT and CONSTRUCT (columns subject, predicate, object) and a bool
        for ASK. Updates are refused: use ``kg query --update``.

        >>> g.query("dates", source="001_00adbe57efcb47f9.txt")
        >>> g.query("entities", limit=10, offset=10)
        """
        from kg.query import resolve_query, run

        for name, n in (("limit", limit), ("offset", offset)):
            if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 0):
                raise TypeError(f"{name}={n!r}: expected a whole number >= 0")
        params = {name: _binding(name, v) for name, v in bindings.items()}
        result = run(self.store, resolve_query(query), params, limit=limit, offset=offset)
        if isinstance(result, bool):
            return result
        if isinstance(result, tuple):
            variables, rows = result
            return Result(list(variables), [tuple(value(t) for t in r) for r in rows])
        return Result(["subject", "predicate", "object"],
                      [(value(t.subject), value(t.predicate), value(t.object)) for t in result or []])

    def top(self, type: str | None = None, limit: int | None = 20) -> Result:  # noqa: A002 (kg top --type)
        """The entities in the most articles (the named query ``top``, as ``kg top``):
        entity, label, type, articles, mentions; ``type`` is Organisation, Person or Place (any
        letter case).

        >>> g.top("Organisation", limit=10).to_dataframe()
        """
        from kg.query.top import VARIABLES, top_rows
        from kg.types import entity_type

        type = entity_type(type) or type if type else type

        rows = top_rows(self.store, type, limit)  # the corpus summary (kg.store.summary)
        if rows is not None:
            return Result(VARIABLES, [tuple(value(t) for t in r) for r in rows])
        result = self.query("top", limit=limit, **({"type": type} if type else {}))
        assert isinstance(result, Result)
        return result

    def neighbours(self, entity: str, limit: int | None = None) -> Result:
        """The entities seen with ``entity`` (a label, an alias or an IRI) across the corpus
        (the named query ``neighbours``, as ``kg neighbours``): neighbour, label, type,
        articles, affiliated. A name that several entities share raises a QueryError
        listing them.

        >>> g.neighbours("Syrian Democratic Forces", limit=10).to_dataframe()
        """
        from kg.query.entities import resolve_entity
        from kg.query.top import NEIGHBOUR_VARIABLES, neighbour_rows

        iri = resolve_entity(self.store, entity)
        rows = neighbour_rows(self.store, iri, limit)  # the corpus summary (kg.store.summary)
        if rows is not None:
            return Result(NEIGHBOUR_VARIABLES, [tuple(value(t) for t in r) for r in rows])
        result = self.query("neighbours", limit=limit, entity=f"<{iri}>")
        assert isinstance(result, Result)
        return result

    def to_networkx(self) -> networkx.MultiGraph:
        """Entities as nodes (label, type, aliases, evidence, sources, dates), relations and
        co-mentions as edges: the graph ``kg render`` draws (kg.views.to_networkx)."""
        from kg.views import to_networkx

        return to_networkx(self.store)

    def _graph(self) -> networkx.MultiGraph:
        if self._network is None:
            self._network = self.to_networkx()
        return self._network

    def most_central(self, n: int = 10) -> list[tuple[str, str, float]]:
        """(label, type, degree centrality) of the ``n`` most connected entities.

        >>> pd.DataFrame(g.most_central(10), columns=["entity", "type", "degree centrality"])
        """
        from kg.views import most_central

        return most_central(self._graph(), n)

    def connections(self, name: str) -> list[tuple[str, str, str]]:
        """(label, type, how) of every entity connected to the one named ``name``
        (label or alias); raises :class:`kg.errors.KGError` for an unknown name."""
        from kg.views import connections

        return connections(self._graph(), name)

    def render(self, output: PathLike, *, focus: str | None = None, depth: int = 1, types: set[str] | None = None,
               source: str | None = None, since: str | None = None, until: str | None = None,
               colour_by: str = "type", top: int | None = None, everything: bool = False) -> tuple[int, int]:
        """Write the interactive, offline HTML view to ``output`` (as ``kg render``,
        with the same filters; a big store gives its ``top`` entities unless
        ``everything``); returns (nodes, edges) drawn.

        >>> g.render("graph.html", focus="Syrian Democratic Forces", depth=1)
        """
        from kg.views import render

        return render(self.store, Path(output), focus=focus, depth=depth, types=types, source=source, since=since,
                      until=until, colour_by=colour_by, top=top, everything=everything)

    def view(self, *, focus: str | None = None, depth: int = 1, types: set[str] | None = None,
             source: str | None = None, since: str | None = None, until: str | None = None,
             colour_by: str = "type", top: int | None = None, everything: bool = False, height: int = 720) -> Any:
        """The network view shown inline in Jupyter (an ``<iframe srcdoc>``; ``.save(path)``
        writes the page), with the filters of :meth:`render`.

        >>> g.view(focus="Syrian Democratic Forces")
        """
        from kg.views import graph_view

        return graph_view(self.store, focus=focus, depth=depth, types=types, source=source, since=since,
                          until=until, colour_by=colour_by, top=top, everything=everything, height=height)

    def timeline(self, height: int = 900) -> Any:
        """The timeline of counts shown inline in Jupyter (``.save(path)`` writes the page)."""
        from kg.views import timeline_view

        return timeline_view(self.store, height=height)

    def claims(self, window_days: int = 7, tolerance: float = 0.1) -> Any:
        """Counts of the same happening across articles side by side (as ``kg claims``):
        a ``kg.claims.Comparison`` with ``.claims``, ``.statements`` and ``.disputed``."""
        from kg.claims import compare

        return compare(self.store, window_days=window_days, tolerance=tolerance)

    def stats(self) -> dict[str, Any]:
        """Articles, entities by type, quads and bytes on disk (as ``kg stats --json``)."""
        from kg.store.stats import stats

        return stats(self.store)

    def close(self) -> None:
        """Release the store."""
        if self._store is not None:
            self._store.close()
            self._store = None

    def __enter__(self) -> Graph:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<kg.Graph {self.path}{'' if self._store is not None else ' (closed)'}>"


def open(store: PathLike | None = None) -> Graph:
    """Open the store at ``store`` (default ``$KG_STORE``, else ``./.kg``) read-only.

    Several readers may share a store while ``kg build`` writes to it. Raises
    :class:`kg.errors.StoreError` if there is no kg store there.

    >>> with kg.open("/tmp/news-store") as g:
    ...     g.stats()["articles"]
    """
    return Graph(store)
