import pytest

from kg.builder.runner import build
from kg.errors import StoreError
from kg.rdf.mapping import article_iri
from kg.store import Store

from .conftest import SEEDS


def _quads(path):
    with Store(path) as st:
        return len(st)


def test_rebuild_skips_unchanged_and_never_duplicates(store_copy):
    before = _quads(store_copy)
    report = build([SEEDS], store_copy)
    assert len(report.skipped) == 5 and not report.added
    assert _quads(store_copy) == before


def test_changed_article_replaces_its_graph(tmp_path):
    f = tmp_path / "a.txt"
    f.write_text("The UN said 300 people fled Mosul on Monday.", encoding="utf-8")
    store = tmp_path / "store"
    build([tmp_path], store)
    f.write_text("The UN said 400 people fled Mosul on Monday.", encoding="utf-8")
    report = build([tmp_path], store)
    assert report.replaced == ["a.txt"]
    with Store(store) as st:
        values = [q.object.value for q in st.quads(article_iri("a.txt")) if q.predicate.value.endswith("#value")]
    assert values == ["400"]


def test_entities_are_shared_across_articles(seeds_store):
    with Store.open_read(seeds_store) as st:
        res = st.raw.query(
            "SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { "
            "GRAPH ?g { ?e <https://w3id.org/kg-news/ontology#organisationMention> ?m } "
            "?e <http://www.w3.org/2004/02/skos/core#prefLabel> 'Syrian Democratic Forces' }",
            use_default_graph_as_union=True,
        )
        assert int(next(iter(res))["n"].value) == 5


def test_store_path_that_is_a_file(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    with pytest.raises(StoreError, match="is a file"):
        Store(f)


def test_second_writer_gets_a_clear_message(tmp_path):
    with Store(tmp_path / "s"):
        import subprocess
        import sys

        code = (
            "from kg.store import Store\nfrom kg.errors import StoreError\n"
            f"try:\n    Store(r'{tmp_path / 's'}')\nexcept StoreError as e:\n    print(e)\n"
        )
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert "in use" in out
