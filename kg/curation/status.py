"""The corrections a store keeps, looked after: listed with where they are in effect, applied
again to every article (kg curation apply), undone (kg curation --undo N). Each write is one
journal commit (kg.store.journal)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import unquote

from kg.curation.model import Correction
from kg.curation.naming import node
from kg.curation.records import applied_in, corrections, curation_node, notes, stale_notes
from kg.curation.write import Outcome, rewrite
from kg.errors import CurationError, Errors
from kg.store import Store
from kg.store.journal import commit


@dataclass(frozen=True)
class Status:
    correction: Correction
    articles: list[str]  # the article graphs (still in the store) it changed

    @property
    def status(self) -> str:
        n = len(self.articles)
        return f"applied to {n} article{'s' * (n != 1)}" if n else "target gone"


def listing(store: Store) -> list[Status]:
    """Every correction with the articles it is in effect in."""
    graphs = set(store.graphs())
    applied = applied_in(store)
    return [Status(c, sorted(applied.get(c.n, set()) & graphs)) for c in corrections(store)]


def gone(store: Store) -> list[str]:
    """A warning line (KG813) per correction that changed no article still in the store."""
    return [Errors.KG813.format(n=s.correction.n, what=s.correction.describe()) for s in listing(store)
            if not s.articles]


def apply_all(store: Store) -> tuple[int, int]:
    """Apply every correction to every article graph again (what changed is rewritten; a
    store where they are all applied is left as it is), in one commit. Returns (corrections,
    graphs rewritten)."""
    from kg.rdf.mapping import article_iri

    every = corrections(store)
    if not every:
        return 0, 0
    base = article_iri("")
    write, changed, leaving = rewrite(store, every, [g for g in store.graphs() if g.startswith(base)])
    if write or leaving:
        commit(store, list(write), [q for quads in write.values() for q in quads] + notes(changed), leaving)
    return len(every), len(write)


def undo(store: Store, n: int) -> Outcome:
    """Remove correction ``n`` and build the articles it changed again from the text the store
    keeps (the normal extraction, with each article's own pipeline); the other corrections are
    applied to them as they are written. One commit, after the extraction: a failure changes
    nothing."""
    import pyoxigraph as ox

    from kg.curation.hooks import curate_batch

    every = {c.n: c for c in corrections(store)}
    if n not in every:
        have = ", ".join(str(k) for k in sorted(every)) or "there are none"
        raise CurationError(Errors.KG805.format(n=n, have=have))
    graphs = sorted(applied_in(store).get(n, set()) & set(store.graphs()))
    others = [c for k, c in every.items() if k != n]
    add: list = []
    for _sources, nquads in _reextract(store, graphs):
        rewritten, noted = curate_batch(others, nquads)
        add += list(ox.parse(rewritten, format=ox.RdfFormat.N_QUADS)) + noted
    record = [q for q in store.quads(curation_node().value) if q.subject.value == every[n].iri]
    commit(store, graphs, add, record + stale_notes(store, graphs))
    return Outcome(every[n], graphs)


def _reextract(store: Store, graphs: Sequence[str]) -> list[tuple[list[str], bytes]]:
    """The article graphs extracted again from their stored text and metadata: (graphs, N-Quads)
    per pipeline. spaCy is imported here only."""
    from kg.builder.workers import init_worker, run_batch

    by_ner: dict[str, list] = {}
    for graph in graphs:
        article, ner = _stored_article(store, graph)
        by_ner.setdefault(ner, []).append(article)
    out = []
    for ner, articles in by_ner.items():
        init_worker(ner)
        done = run_batch(articles, ner)
        failed = [d.error for d in done if d.error]
        if failed:
            from kg.errors import KGError

            raise KGError(failed[0])
        from kg.rdf.mapping import article_iri

        out.append(([article_iri(d.source) for d in done], b"".join(d.nquads for d in done)))
    return out


def _stored_article(store: Store, graph: str):
    """The Article kept in an article graph (its text and metadata), and the ``--ner`` choice
    its kg:extractor names."""
    import hashlib

    from kg.rdf.iris import KG
    from kg.types import Article

    schema = "https://schema.org/"
    values: dict[str, str] = {}
    for q in store.raw.quads_for_pattern(node(graph), None, None, node(graph)):
        values.setdefault(q.predicate.value, q.object.value)
    text = values.get(KG + "text", "")
    article = Article(source=values.get(KG + "sourceFile", unquote(graph.rsplit("/", 1)[-1])), text=text,
                      content_hash=hashlib.sha256(text.encode("utf-8")).hexdigest(),
                      path=store.article_location(graph) or "", published=values.get(schema + "datePublished"),
                      published_from=values.get(KG + "publishedFrom"), outlet=values.get(KG + "outlet"),
                      url=values.get(schema + "url"), title=values.get(schema + "headline"))
    return article, _ner_of(values.get(KG + "extractor", ""))


def _ner_of(extractor: str) -> str:
    from kg.nlp.assemble import NO_NER, SHIPPED, extractor_id

    for ner in (SHIPPED, NO_NER):
        if extractor == extractor_id(ner):
            return ner
    name = extractor.split(" ", 1)[-1]
    return name[len("rules+"):] if name.startswith("rules+") else SHIPPED
