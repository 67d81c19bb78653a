"""The compact representation (kg.rdf.mapping): few quads per article, and every fact still
traceable to its sentence and characters. Offsets live in span literals (kg:affiliationSpan,
kg:countSpan, kg:dateSpan, kg:statementSpan) and mention values; the text is stored once per
article; default values are left out; what a gazetteer says of an entity is stored once; the
named queries give each fact back."""

from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox
import pytest

from kg.query import resolve_query
from kg.rdf.mapping import article_iri, entity_iri, to_quads
from kg.types import Affiliation, Article, Count, DateMention, Entity, Extraction, Mention, Sentence, Statement

KG = "https://w3id.org/kg-news/ontology#"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


def _extraction() -> Extraction:
    text = ("Ana Ruiz, a spokeswoman for the Harbour Board, said 40 boats left Porto Vela on Monday. "
            "'We are ready,' Ruiz told Radio Mar. The mayor said about 12 people were rescued.")
    s0, s1, s2 = 0, text.index("'We"), text.index("The mayor")
    sentences = [Sentence(0, s0, s1 - 1, text[s0:s1 - 1]), Sentence(1, s1, s2 - 1, text[s1:s2 - 1]),
                 Sentence(2, s2, len(text), text[s2:])]
    ents = {"p": Entity("p", "Ana Ruiz", "Person", {"Ana Ruiz", "Ruiz"}),
            "o": Entity("o", "Harbour Board", "Organisation"),
            "w": Entity("w", "Porto Vela", "Place", ref_id="wd:Q1"),
            "r": Entity("r", "Radio Mar", "Organisation")}

    def at(word: str, after: int = 0) -> tuple[int, int]:
        i = text.index(word, after)
        return i, i + len(word)

    def mention(k: str, word: str, si: int, after: int = 0) -> Mention:
        return Mention(k, word, *at(word, after), si, "test-rule")

    art = Article(source="made up.txt", text=text, content_hash="0" * 64, published="2021-05-04")
    return Extraction(
        article=art, sentences=sentences, entities=ents,
        mentions=[mention("p", "Ana Ruiz", 0), mention("o", "Harbour Board", 0), mention("w", "Porto Vela", 0),
                  mention("p", "Ruiz", 1, s1), mention("r", "Radio Mar", 1)],
        affiliations=[Affiliation("p", "o", "spokeswoman", True, 0, 0, at("Harbour Board")[1]),
                      Affiliation("p", "r", "guest", False, 1, s1, s2 - 1)],
        dates=[DateMention("Monday", *at("Monday"), 0, "2021-05-03", "day", True),
               DateMention("then", 0, 3, 0, None, "day")],  # a text that is not its slice
        counts=[Count("40 boats", *at("40 boats"), 0, 40.0, what="boats", head="boat", event="Departure",
                      event_word="left", place="w"),
                Count("about 12 people", *at("about 12 people"), 2, 12.0, qualifier="about", what="people")],
        statements=[Statement("p", "Ruiz", "We are ready,", 1, s1, s2 - 1, told="r"),
                    Statement(None, "The mayor", "not in the text", 2, s2, len(text)),
                    Statement("o", "Harbour Board", "40 boats left", 0, 0, s1 - 1)],
    )


@pytest.fixture(scope="module")
def mapped() -> tuple[Extraction, ox.Store]:
    ex = _extraction()
    store = ox.Store()
    store.extend(list(to_quads(ex, "test")))
    return ex, store


def _rows(store: ox.Store, name: str) -> list[dict[str, str]]:
    res = store.query(resolve_query(name), use_default_graph_as_union=True)
    names = [v.value for v in res.variables]
    return [{n: (row[n].value if row[n] is not None else "") for n in names} for row in res]


def test_provenance_gives_every_fact_back_with_its_offsets_text_and_sentence(mapped):
    ex, store = mapped
    g = article_iri(ex.article.source)
    text = ex.article.text
    want = []
    for n, m in enumerate(ex.mentions):
        want.append((f"{g}/m{n}", "Mention", m.text, ex.sentences[m.sentence].text, str(m.start), str(m.end)))
    for n, a in enumerate(ex.affiliations):
        want.append((f"{g}/a{n}", "Affiliation", "", ex.sentences[a.sentence].text, str(a.start), str(a.end)))
    for n, d in enumerate(ex.dates):
        want.append((f"{g}/d{n}", "DateMention", d.text, ex.sentences[d.sentence].text, str(d.start), str(d.end)))
    for n, c in enumerate(ex.counts):
        want.append((f"{g}/c{n}", "Count", c.text, ex.sentences[c.sentence].text, str(c.start), str(c.end)))
        if c.event:
            want.append((f"{g}/e{n}", "Event", "", ex.sentences[c.sentence].text, str(c.start), str(c.end)))
    for n, s in enumerate(ex.statements):
        want.append((f"{g}/q{n}", "Statement", "", ex.sentences[s.sentence].text, str(s.start), str(s.end)))
    got = [(r["fact"], r["kind"], r["text"], r["sentence"], r["start"], r["end"]) for r in _rows(store, "provenance")]
    assert sorted(got) == sorted(want)
    for _, kind, written, sentence, start, end in got:  # and each is where it says it is
        assert sentence in text and (kind != "Mention" or text[int(start):int(end)] == written)


def test_quotes_and_speakers_come_back_whether_the_quote_is_a_slice_or_written_out(mapped):
    ex, store = mapped
    rows = {r["quote"]: r for r in _rows(store, "statements")}
    assert set(rows) == {"We are ready,", "not in the text", "40 boats left"}
    assert rows["We are ready,"]["speakerLabel"] == "Ana Ruiz"
    assert rows["not in the text"]["speakerLabel"] == "The mayor"


def test_default_values_are_left_out_and_the_named_queries_give_them_back(mapped):
    """An affiliation that is no spokesperson's, an exact count, a relative date and a speaker
    written as its label take no triple for it; spokespeople, counts and statements answer
    as if they did (false, exact, the label)."""
    ex, store = mapped

    def values(prop: str) -> list[str]:
        return sorted(q.object.value for q in store.quads_for_pattern(None, ox.NamedNode(KG + prop), None, None))

    assert values("isSpokesperson") == ["true"] and values("isRelative") == ["false"]  # "then": not relative
    assert values("qualifier") == ["about"]
    assert values("speakerText") == ["Ruiz", "The mayor"]  # not "Harbour Board": its speaker's label
    spokes = {(r["organisationLabel"], r["role"], r["spokesperson"]) for r in _rows(store, "spokespeople")}
    assert spokes == {("Harbour Board", "spokeswoman", "true"), ("Radio Mar", "guest", "false")}
    assert sorted(r["qualifier"] for r in _rows(store, "counts")) == ["about", "exact"]
    assert sorted(r["speakerLabel"] for r in _rows(store, "statements")) == ["Ana Ruiz", "Harbour Board", "The mayor"]


def test_what_a_gazetteer_says_of_an_entity_is_stored_once_for_every_article(tmp_path):
    """Two articles name one gazetteer place: its owl:sameAs and the gazetteer's other name go
    once into the gazetteer graph, the name an article wrote it by stays in that article; the
    aliases query lists both, and so it does after the first article is removed."""
    from kg.rdf.mapping import gazetteer_graph_iri
    from kg.store import Store

    def article(source: str, written: str) -> Extraction:
        text = f"Boats left {written} on Monday."
        start = text.index(written)
        place = Entity("w", "Orvik Harbour", "Place", {"Orvik Harbour", "Orvikhamn", written}, ref_id="gn:7",
                       gazetteer_names=frozenset({"Orvikhamn"}))
        return Extraction(article=Article(source=source, text=text, content_hash="1" * 64),
                          sentences=[Sentence(0, 0, len(text), text)], entities={"w": place},
                          mentions=[Mention("w", written, start, start + len(written), 0, "test-rule")])

    with Store(tmp_path / "store") as st:
        quads = [*to_quads(article("a.txt", "Orvik")), *to_quads(article("b.txt", "Port Orvik"))]
        st.write_articles([article_iri("a.txt"), article_iri("b.txt")],
                          ox.serialize(quads, format=ox.RdfFormat.N_QUADS))
        gazetteer = [(q.predicate.value.rsplit("#", 1)[1], q.object.value)
                     for q in st.raw.quads_for_pattern(None, None, None, ox.NamedNode(gazetteer_graph_iri()))]
        assert sorted(gazetteer) == [("altLabel", "Orvikhamn"), ("sameAs", "https://sws.geonames.org/7")]
        in_articles = {q.predicate.value.rsplit("#", 1)[1]
                       for g in ("a.txt", "b.txt") for q in st.quads(article_iri(g))}
        assert "sameAs" not in in_articles and "altLabel" in in_articles

        def aliases() -> set[str]:
            res = st.raw.query(resolve_query("aliases"), use_default_graph_as_union=True)
            return {row["alias"].value for row in res}

        assert aliases() == {"Orvikhamn", "Orvik", "Port Orvik"}
        st.remove_graph(article_iri("a.txt"))
        assert aliases() == {"Orvikhamn", "Port Orvik"}
        from kg.errors import InputError
        from kg.views.fetch import find_entity

        harbour = entity_iri(article("", "x").entities["w"])
        assert find_entity(st, "orvikhamn") == find_entity(st, "Orvikhamn") == harbour
        gazetteer_quads = list(st.raw.quads_for_pattern(None, None, None, ox.NamedNode(gazetteer_graph_iri())))
        assert len(gazetteer_quads) == 2  # b.txt still names it
        st.remove_graph(article_iri("b.txt"))  # no article names it: the views find it no more
        assert aliases() == set()
        assert not any(True for _ in st.raw.quads_for_pattern(None, None, None, ox.NamedNode(gazetteer_graph_iri())))
        for name in ("Orvikhamn", "orvikhamn"):
            with pytest.raises(InputError):
                find_entity(st, name)


def test_what_the_gazetteer_says_goes_when_no_article_names_the_entity_any_more(tmp_path):
    """An article rewritten without its gazetteer place takes the place's gazetteer quads with
    it when no other article names the place; kg compact drops those an older kg left."""
    from kg.rdf.mapping import gazetteer_graph_iri
    from kg.store import Store
    from kg.store.compact import compact

    def article(text: str, named: bool) -> Extraction:
        place = Entity("w", "Orvik Harbour", "Place", {"Orvik Harbour", "Orvikhamn"}, ref_id="gn:7",
                       gazetteer_names=frozenset({"Orvikhamn"}))
        start = text.find("Orvik Harbour")
        return Extraction(article=Article(source="a.txt", text=text, content_hash="1" * 64),
                          sentences=[Sentence(0, 0, len(text), text)], entities={"w": place} if named else {},
                          mentions=[Mention("w", "Orvik Harbour", start, start + 13, 0, "test-rule")] if named else [])

    gazetteer = ox.NamedNode(gazetteer_graph_iri())
    path = tmp_path / "store"
    with Store(path) as st:
        def write(ex: Extraction) -> None:
            st.write_articles([article_iri("a.txt")], ox.serialize(list(to_quads(ex)), format=ox.RdfFormat.N_QUADS))

        write(article("Boats left Orvik Harbour.", True))
        assert len(list(st.raw.quads_for_pattern(None, None, None, gazetteer))) == 2
        write(article("Boats left.", False))
        assert list(st.raw.quads_for_pattern(None, None, None, gazetteer)) == []
        orphan = ox.NamedNode("https://w3id.org/kg-news/id/entity/gn-8")
        st.raw.add(ox.Quad(orphan, ox.NamedNode("http://www.w3.org/2002/07/owl#sameAs"),
                           ox.NamedNode("https://sws.geonames.org/8"), gazetteer))
    compact(path)
    with Store.open_read(path) as st:
        assert list(st.raw.quads_for_pattern(None, None, None, gazetteer)) == []
        assert len(list(st.raw.quads_for_pattern(None, None, None, ox.NamedNode(article_iri("a.txt"))))) > 3


def test_a_mention_is_one_triple_whose_property_says_the_type(mapped):
    ex, store = mapped
    by_prop: dict[str, int] = {}
    for q in store.quads_for_pattern(None, None, None, None):
        if q.predicate.value.endswith("Mention"):
            by_prop[q.predicate.value[len(KG):]] = by_prop.get(q.predicate.value[len(KG):], 0) + 1
    assert by_prop == {"personMention": 2, "organisationMention": 2, "placeMention": 1}
    types = {q.object.value for q in store.quads_for_pattern(None, ox.NamedNode(RDF_TYPE), None, None)}
    assert types == {KG + "Article"}  # facts and mentioned entities are typed by their properties
    rows = {(r["label"], r["type"]) for r in _rows(store, "entities")}
    assert rows == {("Ana Ruiz", "Person"), ("Harbour Board", "Organisation"), ("Porto Vela", "Place"),
                    ("Radio Mar", "Organisation")}


def test_spans_name_their_sentence_by_number_in_the_articles_sentences(mapped):
    """Layout 3: the article's kg:sentences gives each sentence's offsets once ("n:start-end"); a
    span or mention value is "start end n ..." with the number of the fact's sentence, short
    enough to be kept in the store's index keys."""
    from kg.rdf.mapping import MENTION, SPAN

    ex, store = mapped
    g = ox.NamedNode(article_iri(ex.article.source))
    (told,) = [q.object.value for q in store.quads_for_pattern(g, ox.NamedNode(KG + "sentences"), None, g)]
    assert told == " ".join(f"{n}:{s.start}-{s.end}" for n, s in enumerate(ex.sentences))
    bounds = {int(n): tuple(map(int, rest.split("-"))) for n, _, rest in (x.partition(":") for x in told.split())}
    props = {*MENTION.values(), *SPAN.values()}
    values = [q.object.value for q in store.quads_for_pattern(None, None, None, g) if q.predicate in props]
    assert len(values) == len(ex.mentions) + len(ex.affiliations) + len(ex.dates) + len(ex.counts) + len(
        ex.statements)
    for value in values:
        start, end, n = (int(x) for x in value.split(" ")[:3])
        assert bounds[n][0] <= start <= end <= bounds[n][1], value
        assert len(value) <= 16, value
    mentions = sorted(q.object.value.split(" ") for q in store.quads_for_pattern(None, None, None, g)
                      if q.predicate in MENTION.values())
    assert mentions == sorted([str(m.start), str(m.end), str(m.sentence), str(n)] for n, m in enumerate(ex.mentions))


def test_what_found_each_mention_is_listed_once_on_the_article(mapped):
    ex, store = mapped
    g = ox.NamedNode(article_iri(ex.article.source))
    found = [q.object.value for q in store.quads_for_pattern(g, ox.NamedNode(KG + "foundBy"), None, g)]
    assert found == [" ".join(m.source for m in ex.mentions)] and len(found[0].split()) == 5


def test_a_counts_head_is_left_out_only_when_what_without_a_final_s_gives_it():
    art = Article(source="h.txt", text="40 boats, 12 people, 3 sheep and 9 crews.", content_hash="0" * 64)

    def count(what: str, head: str | None) -> Count:
        i = art.text.index(what)
        return Count(what, i, i + len(what), 0, 1.0, what=what, head=head)

    ex = Extraction(article=art, sentences=[Sentence(0, 0, len(art.text), art.text)],
                    counts=[count("boats", "boat"), count("people", "person"), count("sheep", "sheep"),
                            count("crews", None)])
    heads = {q.subject.value.rsplit("/", 1)[1]: q.object.value for q in to_quads(ex)
             if q.predicate.value == KG + "head"}
    assert heads == {"c1": "person", "c3": ""}  # "boat" and "sheep" follow from what; c3 had none


def test_the_text_is_stored_once_and_a_fact_text_only_when_it_is_not_its_slice(mapped):
    ex, store = mapped
    texts = [q for q in store.quads_for_pattern(None, ox.NamedNode(KG + "text"), None, None)]
    assert sorted(q.object.value for q in texts) == sorted([ex.article.text, "then"])
    dates = {r["text"]: r["date"] for r in _rows(store, "dates")}
    assert dates == {"Monday": "2021-05-03", "then": ""}


def test_the_mapped_graph_conforms_to_the_shapes(mapped):
    from kg.rdf.validate import validate_quads

    ex, store = mapped
    ok, lines = validate_quads(store.quads_for_pattern(None, None, None, None))
    assert ok, lines


def test_the_seeds_take_few_quads_per_article(seeds_store: Path):
    from kg.store import Store

    with Store.open_read(seeds_store) as st:
        graphs = [g for g in st.graphs() if "/article/" in g]
        assert len(graphs) == 5
        assert len(st) / len(graphs) <= 350  # 1,000 and more before the compact representation


def test_a_mention_text_is_always_its_slice_of_the_article(nlp):
    """The mapping stores no mention text (the provenance query slices the article text), so
    the pipeline must give mentions whose text is exactly article.text[start:end]."""
    from kg.ingest import iter_articles
    from kg.nlp.extract import extract

    from .conftest import SEEDS

    articles = [a for a in iter_articles([SEEDS, SEEDS.parent / "tests" / "extra" / "articles"])
                if isinstance(a, Article)]
    mentions = 0
    for ex in extract(nlp, articles):
        for m in ex.mentions:
            mentions += 1
            assert ex.article.text[m.start:m.end] == m.text, (ex.article.source, m)
            s = ex.sentences[m.sentence]
            assert s.start <= m.start and m.end <= s.end and ex.article.text[s.start:s.end] == s.text
    assert mentions > 300


def test_a_store_with_facts_in_the_older_layout_says_so(tmp_path):
    """Facts under kg:span (RDF layout 1) are not read by the named queries, and an article
    without kg:sentences (layout 2) gives no sentences: kg load and kg stats warn ([KG169])
    and say how to rewrite them; a store without either does not."""
    import subprocess
    import sys

    g = f"<{article_iri('old.txt')}>"
    old = tmp_path / "old.nq"
    old.write_text(f'{g} <{KG}sourceFile> "old.txt" {g} .\n{g} <{KG}text> "Boats left." {g} .\n'
                   f'<{article_iri("old.txt")}/c0> <{KG}qualifier> "exact" {g} .\n'
                   f'<{article_iri("old.txt")}/c0> <{KG}span> "0 5 0 11" {g} .\n', encoding="utf-8")
    new = tmp_path / "new.nq"
    new.write_text(old.read_text(encoding="utf-8").replace(f"{KG}span", f"{KG}countSpan")
                   + f'{g} <{RDF_TYPE}> <{KG}Article> {g} .\n{g} <{KG}sentences> "0:0-11" {g} .\n', encoding="utf-8")
    two = tmp_path / "two.nq"  # layout 2: an article with no kg:sentences
    two.write_text(new.read_text(encoding="utf-8").replace(f'{g} <{KG}sentences> "0:0-11" {g} .\n', ""),
                   encoding="utf-8")
    for data, warned in ((new, False), (old, True), (two, True)):
        store = tmp_path / f"store-{data.stem}"
        for args in (["load", str(data)], ["stats"]):
            r = subprocess.run([sys.executable, "-m", "kg", *args, "--store", str(store)], capture_output=True,
                               text=True)
            assert r.returncode == 0, r.stderr
            assert ("[KG169]" in r.stderr and "kg build" in r.stderr) == warned, r.stderr
