"""The corpus summary (kg.store.summary) gives the named query top's rows, and stays so
through every kind of write: build, rebuild of a changed article, remove, curation,
load, a SPARQL update, a summary file lost."""

from __future__ import annotations

import csv
import io
import os
import shutil

from click.testing import CliRunner

from kg.cli import main

from .conftest import SEEDS


def kg(*args):
    r = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return r.stdout


def _csv(text: str) -> list[tuple]:
    return [tuple(r) for r in csv.reader(io.StringIO(text))][1:]


def assert_top_is_the_named_query(store) -> list[tuple]:
    """kg top (the summary) against the named query top (every mention counted): the same
    rows, ranked the same (articles, mentions, label; ties in any order)."""
    fast = _csv(kg("top", "--store", store, "--format", "csv", "--limit", "100000"))
    slow = _csv(kg("query", "top", "--store", store, "--format", "csv", "--timeout", "0"))
    assert sorted(fast) == sorted(slow)
    rank = [(-int(r[3]), -int(r[4]), r[1]) for r in fast]
    assert rank == sorted(rank)
    for kind in ("Person", "Place"):
        typed = _csv(kg("top", "--store", store, "--type", kind, "--format", "csv", "--limit", "100000"))
        assert sorted(typed) == sorted(r for r in slow if r[2] == kind)
    return fast


KGNS, IDNS = "https://w3id.org/kg-news/ontology#", "https://w3id.org/kg-news/id/"


def load_articles(tmp_path, articles: list[tuple[str, list[tuple[str, str, str, str]]]]):
    """A store loaded with hand-made article graphs: (source, [(entity under the id base, its
    mention property, the mention's value, its label)]); each article gets a content hash."""
    lines = []
    for n, (source, named) in enumerate(articles):
        g = f"<{IDNS}article/{source}>"
        lines += [f'{g} <{KGNS}sourceFile> "{source}" {g} .', f'{g} <{KGNS}contentHash> "h{n}" {g} .']
        for entity, prop, value, label in named:
            lines += [f'<{IDNS}{entity}> <{KGNS}{prop}> "{value}" {g} .',
                      f'<{IDNS}{entity}> <http://www.w3.org/2004/02/skos/core#prefLabel> "{label}" {g} .']
    dump = tmp_path / "articles.nq"
    dump.write_text("\n".join(lines) + "\n", encoding="utf-8")
    store = tmp_path / "store"
    kg("load", dump, "--store", store)
    return store


def assert_neighbours_is_the_named_query(store, entity: str) -> None:
    near = _csv(kg("neighbours", f"<{entity}>", "--store", store, "--format", "csv"))
    slow = _csv(kg("query", "neighbours", "-p", "entity", f"<{entity}>", "--store", store, "--format", "csv",
                   "--timeout", "0"))
    assert sorted(near) == sorted(slow)


def test_top_from_the_summary_is_the_named_query_on_the_seeds(store_copy):
    rows = assert_top_is_the_named_query(store_copy)
    assert len(rows) > 40 and (store_copy / "summary.sqlite").exists()
    assert rows[0][3] >= rows[-1][3]


def test_the_summary_follows_rebuild_remove_and_curation(tmp_path):
    corpus, store_copy = tmp_path / "corpus", tmp_path / "store"
    shutil.copytree(SEEDS, corpus)
    kg("build", corpus, "--store", store_copy)
    assert_top_is_the_named_query(store_copy)
    first = sorted(corpus.glob("*.txt"))[0]
    first.write_text(first.read_text(encoding="utf-8").replace("Syrian Democratic Forces", "Halden Relief Front"),
                     encoding="utf-8")
    kg("build", corpus, "--store", store_copy)
    rows = assert_top_is_the_named_query(store_copy)
    assert any(r[1] == "Halden Relief Front" for r in rows)
    kg("remove", first.name, "--store", store_copy)
    rows = assert_top_is_the_named_query(store_copy)
    assert not any(r[1] == "Halden Relief Front" for r in rows)
    kg("merge", "Syria", "Iraq", "--store", store_copy, "--by", "test")
    rows = assert_top_is_the_named_query(store_copy)
    assert not any(r[1] == "Iraq" for r in rows)


def test_the_summary_follows_load_and_update_and_a_lost_file(store_copy, tmp_path):
    dump = tmp_path / "all.nq"
    kg("export", "--store", store_copy, "--format", "nquads", "-o", dump)
    other = tmp_path / "other"
    kg("load", dump, "--store", other)
    assert _csv(kg("top", "--store", other, "--format", "csv", "--limit", "1000")) == \
        _csv(kg("top", "--store", store_copy, "--format", "csv", "--limit", "1000"))
    kg("query", "--update", "--store", store_copy,
       "DELETE WHERE { GRAPH ?g { ?e <https://w3id.org/kg-news/ontology#placeMention> ?m } }")
    rows = assert_top_is_the_named_query(store_copy)
    assert rows and not any(r[2] == "Place" for r in rows)
    (other / "summary.sqlite").unlink()
    assert_top_is_the_named_query(other)


def test_graph_top_reads_the_summary(store_copy):
    import kg as api

    with api.open(store_copy) as g:
        top = g.top("Organisation", limit=3)
    slow = [r for r in _csv(kg("query", "top", "--store", store_copy, "--format", "csv", "--timeout", "0"))
            if r[2] == "Organisation"]
    assert [(r["entity"], r["articles"]) for r in top] == [(r[0], int(r[3])) for r in slow[:3]]


def test_the_view_ranks_entities_from_the_summary_as_the_aggregate_query_does(store_copy):
    """kg render's overview ranks by articles per entity: the summary gives the counts the
    aggregate query view_entity_articles gives, and falls back to it where the summary
    cannot be written."""
    from kg.store import Store
    from kg.views import fetch

    with Store(store_copy) as store:
        queried = {r["entity"]: int(r["articles"]) for r in fetch.rows(store, "view_entity_articles")}
        assert fetch.article_counts(store) == queried and len(queried) > 40
    (store_copy / "summary.sqlite").unlink()
    (store_copy / "summary.sqlite").mkdir()  # a folder where the file should be: sqlite cannot open it
    with Store(store_copy) as store:
        assert fetch.article_counts(store) == queried


def test_neighbours_from_the_summary_are_the_named_query(store_copy):
    """kg neighbours (the summary's co-occurrence and one bound query for affiliations) against
    the named query neighbours: the same rows, ranked by articles where both occur."""
    for name in ("Mustafa Bali", "Syrian Democratic Forces", "Baghouz"):
        fast = _csv(kg("neighbours", name, "--store", store_copy, "--format", "csv", "--limit", "100000"))
        iri = fast and _csv(kg("query", "entities", "--store", store_copy, "--format", "csv", "--timeout", "0"))
        iri = next(r[0] for r in iri if r[1] == name)
        slow = _csv(kg("query", "neighbours", "-p", "entity", f"<{iri}>", "--store", store_copy, "--format", "csv",
                       "--timeout", "0"))
        assert sorted(fast) == sorted(slow) and len(fast) > 5
        assert [-int(r[3]) for r in fast] == sorted(-int(r[3]) for r in fast)
        assert any(r[4] == "true" for r in fast) or name == "Baghouz"


def test_graph_neighbours_reads_the_summary(store_copy):
    import kg as api

    with api.open(store_copy) as g:
        near = g.neighbours("Mustafa Bali")
    fast = sorted((r["neighbour"], r["label"], r["articles"], r["affiliated"]) for r in near)
    cli = sorted((r[0], r[1], int(r[3]), r[4]) for r in _csv(kg("neighbours", "Mustafa Bali", "--store", store_copy,
                                                                   "--format", "csv", "--limit", "100000")))
    assert fast == cli and len(fast) > 5


def test_entities_outside_kgs_iri_base_keep_their_iris(store_copy, tmp_path):
    """The summary stores kg's IRIs without their shared base; an IRI from elsewhere (loaded
    from another tool's N-Quads) comes back whole, in kg top and kg neighbours."""
    dump, moved = tmp_path / "all.nq", tmp_path / "moved.nq"
    kg("export", "--store", store_copy, "--format", "nquads", "-o", dump)
    moved.write_text(dump.read_text(encoding="utf-8").replace("https://w3id.org/kg-news/id/person/",
                                                              "http://example.org/people/"), encoding="utf-8")
    other = tmp_path / "other"
    kg("load", moved, "--store", other)
    rows = assert_top_is_the_named_query(other)
    people = [r for r in rows if r[2] == "Person"]
    assert people and all(r[0].startswith("http://example.org/people/") for r in people)
    near = _csv(kg("neighbours", people[0][1], "--store", other, "--format", "csv", "--limit", "100000"))
    assert near and all(r[0].startswith(("http://example.org/people/", "https://w3id.org/kg-news/id/")) for r in near)


def test_a_summary_file_of_the_first_version_is_made_again(store_copy):
    """A store summarised by an older kg (another layout, PRAGMA user_version 0) is not read
    as it is: the file is made again from the store, and kg top is the named query."""
    import sqlite3

    path = store_copy / "summary.sqlite"
    path.unlink()
    old = sqlite3.connect(path)
    old.executescript("CREATE TABLE summarised (graph TEXT PRIMARY KEY, hash TEXT);"
                      "CREATE TABLE entity (entity TEXT, type TEXT, articles INTEGER, mentions INTEGER, label TEXT);"
                      "INSERT INTO entity VALUES ('https://w3id.org/kg-news/id/person/nobody', 'Person', 99, 99, "
                      "'Nobody');")
    old.commit()
    old.close()
    rows = assert_top_is_the_named_query(store_copy)
    assert rows and not any(r[1] == "Nobody" for r in rows)
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] > 0


def test_the_lines_a_summary_reads_are_those_of_its_predicates():
    import pyoxigraph as ox

    from kg.store.summary import article_rows, summary_lines

    g = "<https://w3id.org/kg-news/id/article/a1>"
    label = "<http://www.w3.org/2004/02/skos/core#prefLabel>"
    nquads = "\n".join([
        f'<https://w3id.org/kg-news/id/person/ada> {label} "Ada Corwen" {g} .',
        f'<https://w3id.org/kg-news/id/person/ada> <https://w3id.org/kg-news/ontology#personMention> '
        f'<https://w3id.org/kg-news/id/m1> {g} .',
        # a literal that quotes the label's IRI is read, and left out by its predicate
        f'<https://w3id.org/kg-news/id/s1> <https://w3id.org/kg-news/ontology#quote> "see {label}" {g} .',
        f'<https://w3id.org/kg-news/id/s1> <https://w3id.org/kg-news/ontology#sentence> "3" {g} .',
    ]).encode()
    kept = summary_lines(nquads)
    assert b"#sentence>" not in kept and kept.count(b"\n") == 2
    parse = lambda data: list(ox.parse(data, format=ox.RdfFormat.N_QUADS))  # noqa: E731
    rows = article_rows(parse(kept))
    assert rows == article_rows(parse(nquads))
    assert rows[g[1:-1]][1] == [("https://w3id.org/kg-news/id/person/ada", "Person", 1, "Ada Corwen")]


def test_an_entitys_label_that_differs_between_articles_follows_each_write(tmp_path):
    """Guard for the summary's layout (a per-article label is kept only where it is not the
    entity's label): an entity labelled differently in three articles takes the least label
    ("TARSK" before "Tarsk" in code-point order), and the next least when the article that
    gave it is removed; kg top and kg neighbours stay the named queries after each write."""
    names = [("Tarsk", "Ada Corwen"), ("TARSK", "Ada Corwen"), ("Tarsk Town", "ada corwen")]
    store = load_articles(tmp_path, [(f"a{n}.txt", [("place/tarsk", "placeMention", "0 5 0 0", place),
                                                    ("person/ada-corwen", "personMention", "6 16 0 1", person)])
                                     for n, (place, person) in enumerate(names)])

    def labels() -> dict[str, str]:
        rows = assert_top_is_the_named_query(store)
        assert_neighbours_is_the_named_query(store, IDNS + "person/ada-corwen")
        return {r[0].rsplit("/", 1)[1]: (r[1], int(r[3])) for r in rows}

    assert labels() == {"tarsk": ("TARSK", 3), "ada-corwen": ("Ada Corwen", 3)}
    kg("remove", "a1.txt", "--store", store)
    assert labels() == {"tarsk": ("Tarsk", 2), "ada-corwen": ("Ada Corwen", 2)}
    kg("remove", "a0.txt", "--store", store)
    assert labels() == {"tarsk": ("Tarsk Town", 1), "ada-corwen": ("ada corwen", 1)}
    kg("remove", "a2.txt", "--store", store)
    assert _csv(kg("top", "--store", store, "--format", "csv")) == []


def test_the_summary_checks_the_store_again_after_a_write_it_did_not_see(store_copy):
    """Guard for the skipped check (the summary reads every article's hash again only when
    the store's files changed): a write no kg path made (as kg serve --writable would) is
    caught by the next kg top, and nothing is summarised again while the store is unchanged."""
    import pyoxigraph as ox

    from kg.store import Store

    kgns, idns = "https://w3id.org/kg-news/ontology#", "https://w3id.org/kg-news/id/"
    assert_top_is_the_named_query(store_copy)
    with Store(store_copy) as st:
        assert st.summary.refresh(st) == 0
        g = ox.NamedNode(idns + "article/velm.txt")
        tarsk = ox.NamedNode(idns + "organisation/tarsk-relief-guild")
        st.raw.extend([ox.Quad(g, ox.NamedNode(kgns + "sourceFile"), ox.Literal("velm.txt"), g),
                       ox.Quad(g, ox.NamedNode(kgns + "contentHash"), ox.Literal("9" * 64), g),
                       ox.Quad(tarsk, ox.NamedNode(kgns + "organisationMention"), ox.Literal("0 5 0 0"), g),
                       ox.Quad(tarsk, ox.NamedNode("http://www.w3.org/2004/02/skos/core#prefLabel"),
                               ox.Literal("Tarsk Relief Guild"), g)])
    rows = assert_top_is_the_named_query(store_copy)
    assert any(r[1] == "Tarsk Relief Guild" for r in rows)
    with Store(store_copy) as st:
        assert st.summary.refresh(st) == 0


def test_entities_whose_iris_share_a_checksum_keep_their_own_rows(tmp_path):
    """Guard for the summary's entity numbers (a checksum of the IRI, then a slot): two people
    whose IRIs share the checksum are two rows, each with its own articles; kg top and kg
    neighbours stay the named queries, and removing one leaves the other."""
    from kg.store.summary import _ids

    seen: dict[int, str] = {}
    i = 0
    while True:  # a birthday search: a few thousand names
        name = f"person/velm-{i}"
        low = _ids(name)[0]
        if low in seen:
            pair = (seen[low], name)
            break
        seen[low] = name
        i += 1
    people = [(pair[0], "Ada Velm"), (pair[1], "Bo Velm"), (pair[1], "Bo Velm")]
    store = load_articles(tmp_path, [(f"c{n}.txt", [(person, "personMention", "0 7 0 0", label),
                                                    ("place/tarsk", "placeMention", "8 13 0 1", "Tarsk")])
                                     for n, (person, label) in enumerate(people)])

    def articles() -> dict[str, int]:
        rows = assert_top_is_the_named_query(store)
        for person in pair:
            assert_neighbours_is_the_named_query(store, IDNS + person)
        return {r[1]: int(r[3]) for r in rows}

    assert articles() == {"Ada Velm": 1, "Bo Velm": 2, "Tarsk": 3}
    kg("remove", "c0.txt", "--store", store)
    assert articles() == {"Bo Velm": 2, "Tarsk": 2}


def test_a_table_file_compaction_deletes_during_the_fingerprint_is_left_out(tmp_path, monkeypatch):
    """RocksDB's background compaction may delete a table file between the folder's listing and
    the file's stat (seen in CI as FileNotFoundError from kg top); the fingerprint leaves the
    file out, so it differs from the one with the file and the next check reads the hashes."""
    from kg.store import summary

    for name in ("000007.sst", "000009.sst", "MANIFEST-000005"):
        (tmp_path / name).write_bytes(b"x" * 10)
    whole = summary._fingerprint(tmp_path)
    listing = os.scandir

    def listed_then_compacted(folder):
        entries = list(listing(folder))
        (tmp_path / "000009.sst").unlink()
        return iter(entries)

    monkeypatch.setattr(summary.os, "scandir", listed_then_compacted)
    during = summary._fingerprint(tmp_path)
    monkeypatch.setattr(summary.os, "scandir", listing)
    assert during != whole
    assert during == summary._fingerprint(tmp_path)
