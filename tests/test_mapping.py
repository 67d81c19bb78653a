"""kg.rdf.mapping: the IRIs it mints never let two different entities share a node."""

import pytest

from kg.rdf.mapping import entity_iri, slug
from kg.types import LOC, PER, Entity


@pytest.mark.parametrize("a, b", [
    ("Владимир Сидоров", "Иван Петров"),  # Cyrillic: no letter folds to ASCII
    ("Ørsted Vind", "Årsted Vind"),  # letters NFKD does not decompose
    ("李明", "王芳"),
    ("Ali Hassan", "علي حسن"),
])
def test_names_that_do_not_fold_to_ascii_get_distinct_iris(a, b):
    assert entity_iri(Entity("k1", a, PER)) != entity_iri(Entity("k2", b, PER))


@pytest.mark.parametrize("name, expected", [
    ("Jane Roe", "jane-roe"),
    ("José Martí", "jose-marti"),  # accents fold: the readable slug stays as it was
    ("Port-au-Prince", "port-au-prince"),
])
def test_latin_names_keep_their_readable_slug(name, expected):
    assert slug(name) == expected
    assert entity_iri(Entity("k", name, LOC)).endswith("/place/" + expected)


def test_the_same_name_always_gives_the_same_iri():
    assert entity_iri(Entity("a", "Иван Петров", PER)) == entity_iri(Entity("b", "Иван Петров", PER))
