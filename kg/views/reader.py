"""Reading what a view draws from the store's indexes and bound queries: an entity's mentions,
aliases and relations, an article's text, sentences and metadata (kg.views.fetch chooses what
to read; this reads it).

Each query is one of ``queries/internal/view_*.rq`` with an entity or an article bound as a
parameter (``kg.query.run`` states it as VALUES, so the engine starts from it; ``graph_rows``
binds a graph by substitution alone, so the engine reads that graph only); nothing is pasted
into SPARQL text. The reads a busy focus makes hundreds or thousands of times (an entity's
mentions, aliases and relations, an article's text, sentences and metadata) go to the store's
indexes directly instead; the queries stay as their definition, and a test holds the two equal
on the seeds. The metadata of every article comes from one query when a view draws thousands.
The index reads build their terms from kg.rdf.iris's strings: kg.rdf.mapping would import
rdflib. Sentences come from the spans: a mention's value, like a fact's span, is "start end
sentence ..." in the article's kg:text, so two mentions are in one sentence when those sentence
numbers agree, and the sentence is cut from the text where the article's kg:sentences puts it
(each article's text is read once, when a sentence of it is shown).
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable

import networkx as nx

from kg.resources import queries_dir
from kg.store import Store

EVIDENCE = 5  # sentences kept per entity for its tooltip
Place = tuple[str, int]  # a sentence: article, its number there (kg:sentences)
TYPES = ("Organisation", "Person", "Place")  # in the order of the VALUES of queries/internal/view_mentions.rq


@functools.cache
def _term(iri: str):  # noqa: ANN202 (a pyoxigraph NamedNode)
    """A NamedNode of kg.rdf.iris's strings, made once. kg.rdf.mapping has them too, but
    importing it imports rdflib (kg.rdf.namespaces): 50 ms of a kg render --focus."""
    import pyoxigraph as ox

    return ox.NamedNode(iri)


def _kg(name: str):  # noqa: ANN202
    from kg.rdf.iris import KG

    return _term(KG + name)


@functools.cache
def _mention_props() -> dict:
    """Type -> its mention property (kg:organisationMention, ...), as kg.rdf.mapping.MENTION."""
    return {t: _kg(t.lower() + "Mention") for t in TYPES}


class _Terms:
    """``_P.text`` -> the NamedNode of kg:text (as kg.rdf.mapping.P, without rdflib)."""

    def __getattr__(self, name: str):  # noqa: ANN204
        return _kg(name)


_P = _Terms()


def _skos(name: str):  # noqa: ANN202
    from kg.rdf.iris import SKOS

    return _term(SKOS + name)


def _schema(name: str):  # noqa: ANN202
    from kg.rdf.iris import SCHEMA

    return _term(SCHEMA + name)


@functools.cache
def _query_text(query: str) -> str:
    return (queries_dir() / "internal" / f"{query}.rq").read_text(encoding="utf-8")


def rows(store: Store, query: str, /, **params: object) -> list[dict[str, str]]:
    """Rows of ``queries/internal/QUERY.rq`` with ``params`` bound (pyoxigraph terms or str)."""
    return _rows(store, query, params, values=True)


def graph_rows(store: Store, query: str, /, **params: object) -> list[dict[str, str]]:
    """``rows``, for a query whose parameters name the graph it reads: they are bound without a
    VALUES block (``kg.query.run.run_lazy``'s ``values``), and the query projects them."""
    return _rows(store, query, params, values=False)


def _rows(store: Store, query: str, params: dict[str, object], values: bool) -> list[dict[str, str]]:
    from kg.query import run

    text = _query_text(query)
    variables, result = run(store, text, params or None, values=values)
    return [{v: ("" if t is None else t.value) for v, t in zip(variables, r, strict=True)} for r in result]


def _iri(value: str):
    import pyoxigraph as ox

    return ox.NamedNode(value)


def _sentence(source: str, span: str) -> Place:
    return source, int(span.split(" ")[2])


def _sentence_bounds(sentences: str, n: int) -> tuple[int, int]:
    """Where sentence ``n`` is, from an article's kg:sentences ("n:start-end ..."), as the queries
    find it (after " n:"); (0, 0) when it is not there."""
    at = f" {sentences}".find(f" {n}:")
    if at < 0:
        return 0, 0
    start, _, rest = sentences[at + len(str(n)) + 1:].partition("-")
    end = rest.split(" ", 1)[0]
    return (int(start), int(end)) if start.isdecimal() and end.isdecimal() else (0, 0)


def articles(store: Store, sources: Iterable[str] | None = None,
             graphs: dict[str, list] | None = None) -> dict[str, dict[str, str]]:
    """Article file name -> title, outlet and publication date (empty when unknown), of
    every article or only of ``sources`` (read from the store's indexes; ``graphs``: the
    graphs of a source, where the caller knows them, saves looking them up)."""
    graphs = graphs or {}
    found = rows(store, "view_articles") if sources is None else [
        r for s in sources for r in _article_row(store, s, graphs.get(s))]
    out: dict[str, dict[str, str]] = {s: {"title": "", "outlet": "", "date": ""} for s in sources or ()}
    for r in found:
        seen = out.setdefault(r["source"], {"title": "", "outlet": "", "date": ""})
        for k in ("title", "outlet", "date"):
            seen[k] = seen[k] or r[k]
    return out


def _article_row(store: Store, source: str, graphs: list | None = None) -> list[dict[str, str]]:
    """The rows of queries/internal/view_articles.rq for one ``source``, read from the store's
    indexes (the graph by its kg:sourceFile, unless ``graphs`` gives it, then three properties
    of that graph): a bound query each took 5 ms at 10,000 articles, which a view of a few
    hundred articles paid each time."""
    raw = store.raw
    out = []
    for g in _article_graphs(store, source) if graphs is None else graphs:
        row = {"source": source, "title": "", "outlet": "", "date": ""}
        for key, prop in _metadata():
            for v in raw.quads_for_pattern(g, prop, None, g):
                row[key] = row[key] or v.object.value
        out.append(row)
    return out


def _metadata() -> tuple:
    """The columns of queries/internal/view_articles.rq after ``source`` and the property of the
    article's graph each reads."""
    return ("title", _schema("headline")), ("outlet", _kg("outlet")), ("date", _schema("datePublished"))


def _article_graphs(store: Store, source: str) -> list:
    """The graphs of the article ``source``: the graph whose own kg:sourceFile it is (an index look-up)."""
    import pyoxigraph as ox

    return [q.graph_name for q in store.raw.quads_for_pattern(None, _P.sourceFile, ox.Literal(source), None)
            if isinstance(q.graph_name, ox.NamedNode) and q.subject == q.graph_name]


def _article_text(store: Store, source: str, graphs: list | None = None) -> tuple[str, str]:
    """The kg:text of the article ``source`` (the rows of queries/internal/view_text.rq for
    it) and its sentences' offsets (kg:sentences), read from the store's indexes: a bound
    query each cost a view of a busy entity at 10,000 articles a second for its 1,600 articles."""
    for g in _article_graphs(store, source) if graphs is None else graphs:
        for t in store.raw.quads_for_pattern(g, _P.text, None, g):
            told = [s.object.value for s in store.raw.quads_for_pattern(g, _P.sentences, None, g)]
            return t.object.value, told[0] if told else ""
    return "", ""


class Reader:
    """Builds the networkx graph of some entities (the attributes ``to_networkx`` gives),
    reading each article's text at most once."""

    def __init__(self, store: Store, meta: dict[str, dict[str, str]] | None = None) -> None:
        """``meta``: ``articles(store)`` if the caller has it, else a dict filled here, an
        article at a time, as its date is needed (best for a few entities of a big store)."""
        self.store = store
        self.meta = {} if meta is None else meta
        self.texts: dict[str, tuple[str, str]] = {}  # source -> kg:text, kg:sentences
        self.places: dict[str, list[Place]] = {}  # entity -> the sentences that name it
        self.sources: dict[str, list[str]] = {}  # article graph -> its kg:sourceFile
        self.graphs: dict[str, list] = {}  # kg:sourceFile -> the graphs seen with it (``source``)

    def _graphs(self, source: str) -> list | None:
        """The graph of the article ``source`` when this reader has seen exactly one (else None:
        looked up by its kg:sourceFile)."""
        seen = self.graphs.get(source)
        return seen if seen is not None and len(seen) == 1 else None

    def date(self, source: str) -> str:
        if source not in self.meta:  # from its graph when known: a view of 5,800 articles of 10,000
            # read them in 0.19 s, where the query for every article took 0.28
            self.meta.update(articles(self.store, [source], {source: self._graphs(source)}))
        return self.meta[source]["date"]

    def text(self, place: Place) -> str:
        source, n = place
        if source not in self.texts:
            self.texts[source] = _article_text(self.store, source, self._graphs(source))
        text, sentences = self.texts[source]
        start, end = _sentence_bounds(sentences, n)
        return text[start:end]

    def source(self, graph) -> list[str]:  # noqa: ANN001 (a pyoxigraph NamedNode)
        """The kg:sourceFile of an article's graph (remembered; one, as a rule)."""
        key = graph.value
        if key not in self.sources:
            self._remember(graph, [q.object.value for q in
                                   self.store.raw.quads_for_pattern(graph, _P.sourceFile, None, graph)])
        return self.sources[key]

    def _remember(self, graph, sources: list[str]) -> None:  # noqa: ANN001 (a pyoxigraph NamedNode)
        self.sources[graph.value] = sources
        for source in sources:
            self.graphs.setdefault(source, []).append(graph)

    def all_articles(self) -> None:
        """Remember every article graph's kg:sourceFile, and the title, outlet and date of every
        article in one graph, from one query (queries/internal/view_article_metadata.rq): 0.33 s
        at 10,000 articles, where looking up the 5,800 articles a busy focus draws, three
        properties each, took 0.75 s. An article in several graphs is left to ``date``."""
        import pyoxigraph as ox

        from kg.query import run_lazy

        variables, result = run_lazy(self.store, _query_text("view_article_metadata"))
        columns = variables[2:]  # after ?g ?source: title, outlet, date (the keys of articles())
        sources: dict[str, list[str]] = defaultdict(list)
        found: dict[str, dict[str, str]] = defaultdict(dict)  # graph -> column -> its first value not empty
        for row in result:
            if not isinstance(row[0], ox.NamedNode):
                continue  # a graph named by a blank node (kg load keeps TriG's names) is no article's
            g, source = row[0].value, row[1]
            if source is not None:
                sources[g].append(source.value)
                continue
            seen = found[g]
            for i, key in enumerate(columns, 2):
                value = row[i]
                if value is not None and not seen.get(key):
                    seen[key] = value.value
        for g, named in sources.items():
            if g not in self.sources:
                self._remember(ox.NamedNode(g), named)
        for source, graphs in self.graphs.items():
            if len(graphs) == 1 and source not in self.meta:
                seen = found.get(graphs[0].value, {})
                self.meta[source] = {key: seen.get(key, "") for key in columns}

    def mentions(self, entity: str) -> list[dict[str, str]]:
        """The rows of queries/internal/view_mentions.rq for ``entity`` (its type, label, article
        and span per mention), read from the store's indexes, in the order of the query's
        VALUES: a bound query each cost a view of 650 entities at 10,000 articles 0.6 s."""
        import pyoxigraph as ox

        raw = self.store.raw
        iri = ox.NamedNode(entity)
        labels: dict = defaultdict(list)  # graph -> the entity's labels there, read at once
        for q in raw.quads_for_pattern(iri, _skos("prefLabel"), None, None):
            labels[q.graph_name].append(q.object.value)
        out = []
        for type_, prop in _mention_props().items():
            for q in raw.quads_for_pattern(iri, prop, None, None):
                g = q.graph_name
                if not isinstance(g, ox.NamedNode):
                    continue
                for label in labels.get(g, ()):
                    for source in self.source(g):
                        out.append({"entity": entity, "type": type_, "label": label, "source": source,
                                    "at": q.object.value})
        return out

    def aliases(self, entity: str) -> set[str]:
        """The ``alias`` column of queries/internal/graph_aliases.rq for ``entity`` (its
        skos:altLabel in any graph), read from the store's indexes: a bound query each cost a
        view of 710 entities at 10,000 articles 0.5 s."""
        import pyoxigraph as ox

        alt = _skos("altLabel")
        return {q.object.value for q in self.store.raw.quads_for_pattern(ox.NamedNode(entity), alt, None, None)}

    def relations(self, entity: str) -> list[dict[str, str]]:
        """The rows of queries/internal/view_relations.rq for ``a`` = ``entity`` (its affiliations
        and the statements it told someone, with the fact's span), read from the store's indexes,
        in the order of their articles and of their place there (the query's order is the
        engine's): a bound query each cost a view of 710 entities at 10,000 articles 0.5 s."""
        import pyoxigraph as ox

        raw = self.store.raw
        iri = ox.NamedNode(entity)
        out = []
        for link, other, span, label in ((_P.person, _P.organisation, _P.affiliationSpan, None),
                                         (_P.speaker, _P.toldTo, _P.statementSpan, "told")):
            for q in raw.quads_for_pattern(None, link, iri, None):
                x, g = q.subject, q.graph_name
                if not isinstance(g, ox.NamedNode):
                    continue
                labels = [label] if label else [r.object.value for r in raw.quads_for_pattern(x, _P.role, None, g)]
                for b in raw.quads_for_pattern(x, other, None, g):
                    for at in raw.quads_for_pattern(x, span, None, g):
                        for source in self.source(g):
                            out += [{"a": entity, "b": b.object.value, "label": lab, "source": source,
                                     "at": at.object.value} for lab in labels]
        for b, label, at, g in generic_links(self.store, entity):
            out += [{"a": entity, "b": b, "label": label, "source": source, "at": at} for source in self.source(g)]
        return sorted(out, key=lambda r: (r["source"], _start(r["at"]), r["label"], r["b"], r["at"]))

    def add_nodes(self, g: nx.MultiGraph, entities: Iterable[str]) -> None:
        entities = list(entities)
        if len(entities) > 200 and not self.sources:  # many articles to name and date: all at once
            self.all_articles()
        found = {e: self.mentions(e) for e in entities}
        for e, named in found.items():
            places: list[Place] = []
            for r in named:
                if e not in g:
                    g.add_node(e, label=r["label"], type=r["type"], aliases=set(), evidence=[], sources=set(),
                               dates=set())
                node = g.nodes[e]
                node["sources"].add(r["source"])
                date = self.date(r["source"])
                if date:
                    node["dates"].add(date)
                place = _sentence(r["source"], r["at"])
                if place not in places:
                    places.append(place)
            if e not in g:
                continue
            self.places[e] = places
            g.nodes[e]["aliases"].update(self.aliases(e))
            for place in sorted(places)[:EVIDENCE]:
                g.nodes[e]["evidence"].append((self.text(place), place[0]))

    def add_edges(self, g: nx.MultiGraph) -> None:
        """Co-mentions (same sentence) between the nodes of ``g``, then affiliations and
        statements told to someone whose both ends are in ``g``."""
        together: dict[Place, list[str]] = defaultdict(list)
        for e in g:
            for place in self.places.get(e, []):
                together[place].append(e)
        for place in sorted(together):
            named = sorted(set(together[place]))
            for i, a in enumerate(named):
                for b in named[i + 1:]:
                    if not g.has_edge(a, b, key="mentioned with"):
                        g.add_edge(a, b, key="mentioned with", label="mentioned with", source=place[0],
                                   sentence=self.text(place))
        for e in sorted(g):
            for r in self.relations(e):
                if r["b"] in g and not g.has_edge(e, r["b"], key=r["label"]):
                    place = _sentence(r["source"], r["at"])
                    g.add_edge(e, r["b"], key=r["label"], label=r["label"], source=r["source"],
                               sentence=self.text(place))


def generic_links(store: Store, entity: str, *, to: bool = False) -> list[tuple[str, str, str, object]]:
    """The relations of the kinds with a record of their own (kg.relation_kinds) whose subject is
    ``entity`` (whose object, ``to``): (the other end, the edge's label, the relation's span, its
    graph). The label is the first of the kind's label fields that the relation has, with the others
    in brackets ("minister (start)"), or the kind's name ("role change (end)")."""
    import pyoxigraph as ox

    from kg.relation_kinds import generic_kinds

    raw, iri, out = store.raw, ox.NamedNode(entity), []
    for kind in generic_kinds().values():
        rec = kind.record
        near, far = (_P_of(rec.object), _P_of(rec.subject)) if to else (_P_of(rec.subject), _P_of(rec.object))
        for q in raw.quads_for_pattern(None, near, iri, None):
            x, g = q.subject, q.graph_name
            if not isinstance(g, ox.NamedNode):
                continue
            said = [next((v.object.value for v in raw.quads_for_pattern(x, _P_of(rec.fields[f][0]), None, g)), "")
                    for f in rec.label if f in rec.fields]
            said = [s for s in said if s] or [kind.name.replace("_", " ")]
            label = said[0] + (f" ({', '.join(said[1:])})" if said[1:] else "")
            for b in raw.quads_for_pattern(x, far, None, g):
                out += [(b.object.value, label, at.object.value, g)
                        for at in raw.quads_for_pattern(x, _P.relationSpan, None, g)]
    return out


def _P_of(curie: str):  # noqa: ANN202 (a pyoxigraph NamedNode)
    """The node of a kg term written "kg:name" in relation_kinds.json."""
    return _kg(curie.partition(":")[2])


def _start(span: str) -> int:
    """The first field of a span: the fact's start offset (0 when it is no number)."""
    first = span.split(" ", 1)[0]
    return int(first) if first.isdecimal() else 0
