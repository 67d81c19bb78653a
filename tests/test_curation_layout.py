"""Curation on RDF layout 2 (kg.curation with kg.rdf.mapping): what the gazetteer graph says of
an entity is rewritten by a correction like the rest of the entity, a build's batch keeps the
gazetteer graph out of the corrections, and a statement whose speaker as written was left out
(it was the speaker's label) keeps it when the speaker is rejected. Invented articles mapped
by hand (no spaCy)."""

from __future__ import annotations

import pyoxigraph as ox
import pytest

from kg.curation import curate
from kg.curation.hooks import apply_nquads
from kg.curation.model import Correction
from kg.query import resolve_query
from kg.rdf.mapping import article_iri, entity_iri, gazetteer_graph_iri, to_quads
from kg.store import Store
from kg.types import Article, Entity, Extraction, Mention, Sentence, Statement


def _article(source: str) -> Extraction:
    """Orvik Harbour (a gazetteer place with another name, Orvikhamn), Port Velm (a place kg
    named itself) and Tarsk Ferries, which says something."""
    text = "Tarsk Ferries said boats left Orvik Harbour for Port Velm."
    ents = {"w": Entity("w", "Orvik Harbour", "Place", {"Orvik Harbour", "Orvikhamn"}, ref_id="gn:7",
                        gazetteer_names=frozenset({"Orvikhamn"})),
            "v": Entity("v", "Port Velm", "Place"),
            "o": Entity("o", "Tarsk Ferries", "Organisation")}

    def mention(k: str, word: str) -> Mention:
        i = text.index(word)
        return Mention(k, word, i, i + len(word), 0, "test-rule")

    return Extraction(article=Article(source=source, text=text, content_hash="2" * 64),
                      sentences=[Sentence(0, 0, len(text), text)], entities=ents,
                      mentions=[mention("o", "Tarsk Ferries"), mention("w", "Orvik Harbour"),
                                mention("v", "Port Velm")],
                      statements=[Statement("o", "Tarsk Ferries", "boats left Orvik Harbour for Port Velm", 0, 0,
                                            len(text))])


def _iri(ex: Extraction, key: str) -> str:
    return entity_iri(ex.entities[key])


@pytest.fixture()
def store(tmp_path):
    with Store(tmp_path / "store") as st:
        quads = [q for source in ("a.txt", "b.txt") for q in to_quads(_article(source))]
        st.write_articles([article_iri("a.txt"), article_iri("b.txt")],
                          ox.serialize(quads, format=ox.RdfFormat.N_QUADS))
        yield st


def _rows(st: Store, name: str) -> list[dict[str, str]]:
    res = st.raw.query(resolve_query(name), use_default_graph_as_union=True)
    names = [v.value for v in res.variables]
    return [{n: (row[n].value if row[n] is not None else "") for n in names} for row in res]


def _gazetteer(st: Store) -> list[ox.Quad]:
    return list(st.raw.quads_for_pattern(None, None, None, ox.NamedNode(gazetteer_graph_iri())))


def test_merging_a_gazetteer_entity_moves_its_gazetteer_names_and_link_to_the_kept_one(store):
    ex = _article("a.txt")
    harbour, velm = _iri(ex, "w"), _iri(ex, "v")
    assert {q.subject.value for q in _gazetteer(store)} == {harbour}
    curate.merge(store, "Port Velm", "Orvik Harbour", by="test")
    aliases = {(r["entity"], r["alias"]) for r in _rows(store, "aliases")}
    assert aliases == {(velm, "Orvikhamn"), (velm, "Orvik Harbour")}  # as when every article held them
    assert _gazetteer(store) == []  # nothing left on the entity merged away
    same_as = {(q.subject.value, q.graph_name.value) for q in
               store.raw.quads_for_pattern(None, ox.NamedNode("http://www.w3.org/2002/07/owl#sameAs"), None, None)}
    assert same_as == {(velm, article_iri("a.txt")), (velm, article_iri("b.txt"))}
    from kg.query.entities import find_entities

    assert [iri for iri, _ in find_entities(store, "Orvikhamn")] == [velm]


def test_a_relabel_to_a_gazetteer_name_leaves_no_alias_equal_to_the_label(store):
    harbour = _iri(_article("a.txt"), "w")
    curate.relabel(store, "Orvik Harbour", "Orvikhamn", by="test")
    rows = {(r["entity"], r["label"], r["alias"]) for r in _rows(store, "aliases")}
    assert rows == {(harbour, "Orvikhamn", "Orvik Harbour")}


def test_rejecting_a_speaker_keeps_the_speaker_as_written_on_its_statements(store):
    """Guard (the layout leaves kg:speakerText out where it is the label): the rows of the
    statements query are those of a store where every statement wrote it."""
    before = sorted(r["speakerLabel"] for r in _rows(store, "statements"))
    assert before == ["Tarsk Ferries", "Tarsk Ferries"]
    curate.reject(store, "Tarsk Ferries", by="test")
    rows = _rows(store, "statements")
    assert sorted((r["speaker"], r["speakerLabel"]) for r in rows) == [("", "Tarsk Ferries"), ("", "Tarsk Ferries")]


def test_a_builds_batch_keeps_the_gazetteer_graph_out_of_the_corrections():
    """A correction naming a gazetteer entity gets its gazetteer quads in each article of the
    batch, where it applies; the gazetteer graph of other entities passes through as it is,
    and no correction is noted as applied in it."""
    ex = _article("a.txt")
    other = Entity("x", "Velm Point", "Place", {"Velm Point", "Velmspitze"}, ref_id="gn:8",
                   gazetteer_names=frozenset({"Velmspitze"}))
    ex.entities["x"] = other
    ex.mentions.append(Mention("x", "Velm", ex.article.text.index("Velm"), ex.article.text.index("Velm") + 4, 0,
                               "test-rule"))
    nquads = ox.serialize(list(to_quads(ex)), format=ox.RdfFormat.N_QUADS)
    reject = Correction(1, "reject", _iri(ex, "w"))
    out, changed = apply_nquads(nquads, [reject])
    quads = list(ox.parse(out, format=ox.RdfFormat.N_QUADS))
    assert set(changed) == {article_iri("a.txt")} and changed[article_iri("a.txt")] == {1}
    assert not any(_iri(ex, "w") in (q.subject.value, getattr(q.object, "value", "")) for q in quads)
    kept = {(q.subject.value, q.object.value) for q in quads if q.graph_name.value == gazetteer_graph_iri()}
    assert kept == {(entity_iri(other), "Velmspitze"), (entity_iri(other), "https://sws.geonames.org/8")}


def test_merging_into_a_gazetteer_entity_leaves_its_gazetteer_names_shared(store):
    """Only the entity merged away has its names rewritten: the kept gazetteer entity's names
    stay once in the gazetteer graph (a merge into a place named in thousands of articles
    rewrites only the articles of the other)."""
    harbour = _iri(_article("a.txt"), "w")
    before = sorted(str(q) for q in _gazetteer(store))
    curate.merge(store, "Orvik Harbour", "Port Velm", by="test")
    assert sorted(str(q) for q in _gazetteer(store)) == before
    aliases = {(r["entity"], r["alias"]) for r in _rows(store, "aliases")}
    assert aliases == {(harbour, "Orvikhamn"), (harbour, "Port Velm")}


def test_a_fact_rejected_by_an_older_kg_is_still_found_by_its_offsets():
    """A correction's kg:factSpan written by an older kg goes on with the sentence's offsets
    ("start end sentenceStart sentenceEnd"); layout 3's spans name the sentence by number
    instead, and the fact is still found by its start and end."""
    from kg.curation.apply import apply

    ex = _article("a.txt")
    quads = list(to_quads(ex))
    graph = article_iri("a.txt")
    statement = ox.NamedNode(graph + "/q0")
    spans = [q.object.value for q in quads if q.subject == statement and q.predicate.value.endswith("statementSpan")]
    assert spans and spans[0].split(" ")[2] == "0"  # layout 3: the sentence by number
    end = len(ex.article.text)
    for span in (f"0 {end} 0 {end}", f"0 {end}"):  # an older kg's, this kg's
        c = Correction(1, "reject", graph + "/q0", article=graph, kind="Statement", span=span)
        out, changed = apply(quads, [c])
        assert changed == {1}, span
        assert not any(q.subject == statement for q in out), span


def test_an_affiliation_added_by_hand_spans_the_sentence_of_the_persons_first_mention():
    """kg affiliate on layout 3: the new affiliation's span is the sentence's offsets and its
    number, where the article's kg:sentences puts that sentence."""
    from kg.curation.apply import apply

    text = "Boats left Orvik. Ada Corwen of Tarsk Ferries spoke."
    second = text.index("Ada")
    ents = {"p": Entity("p", "Ada Corwen", "Person"), "o": Entity("o", "Tarsk Ferries", "Organisation")}
    ex = Extraction(article=Article(source="c.txt", text=text, content_hash="3" * 64),
                    sentences=[Sentence(0, 0, second - 1, text[:second - 1]),
                               Sentence(1, second, len(text), text[second:])],
                    entities=ents,
                    mentions=[Mention("p", "Ada Corwen", second, second + 10, 1, "test-rule"),
                              Mention("o", "Tarsk Ferries", text.index("Tarsk"), text.index(" spoke"), 1, "test-rule")])
    graph = article_iri("c.txt")
    c = Correction(4, "affiliate", _iri(ex, "p"), organisation=_iri(ex, "o"), role="member", article=graph)
    out, changed = apply(list(to_quads(ex)), [c])
    assert changed == {4}
    spans = [q.object.value for q in out if q.predicate.value.endswith("affiliationSpan")]
    assert spans == [f"{second} {len(text)} 1"]


def _older_layout_graph(source: str) -> tuple[str, list[ox.Quad]]:
    """An article graph as kg wrote it before layout 3: no kg:sentences, mentions "start end
    sentenceStart sentenceEnd n foundBy". Two sentences, Tarsk in the first, Ada Corwen and
    Velm Lines in the second."""
    text = "Boats left Tarsk. Ada Corwen of Velm Lines spoke."
    g = article_iri(source)
    kg = "https://w3id.org/kg-news/ontology#"
    node = ox.NamedNode(g)
    second = text.index("Ada")

    def mention(iri: str, kind: str, word: str, n: int) -> ox.Quad:
        i = text.index(word)
        sentence = "0 16" if i < second else f"{second} {len(text)}"
        return ox.Quad(ox.NamedNode(iri), ox.NamedNode(kg + kind + "Mention"),
                       ox.Literal(f"{i} {i + len(word)} {sentence} {n} test-rule"), node)

    return g, [ox.Quad(node, ox.NamedNode(kg + "sourceFile"), ox.Literal(source), node),
               ox.Quad(node, ox.NamedNode(kg + "text"), ox.Literal(text), node),
               mention("https://w3id.org/kg-news/id/place/tarsk", "place", "Tarsk", 0),
               mention("https://w3id.org/kg-news/id/person/ada-corwen", "person", "Ada Corwen", 1),
               mention("https://w3id.org/kg-news/id/organisation/velm-lines", "organisation", "Velm Lines", 2)]


def test_rejecting_a_mention_of_an_article_of_the_older_layout_finds_it_by_its_number(tmp_path):
    from kg.curation.curate import _fact

    g, quads = _older_layout_graph("old.txt")
    with Store(tmp_path / "store") as st:
        st.write_articles([g], ox.serialize(quads, format=ox.RdfFormat.N_QUADS))
        c = _fact(st, g + "/m2", "m2")
    assert (c.entity, c.span) == ("https://w3id.org/kg-news/id/organisation/velm-lines", "32 42")


def test_an_affiliation_added_by_hand_to_an_article_of_the_older_layout_spans_its_sentence():
    from kg.curation.apply import apply

    g, quads = _older_layout_graph("old.txt")
    c = Correction(5, "affiliate", "https://w3id.org/kg-news/id/person/ada-corwen",
                   organisation="https://w3id.org/kg-news/id/organisation/velm-lines", role="member", article=g)
    out, changed = apply(quads, [c])
    assert changed == {5}
    assert [q.object.value for q in out if q.predicate.value.endswith("affiliationSpan")] == ["18 49 18 49"]
