"""kg.nlp.lexicon: the gazetteer index cached in the user's cache folder."""

from __future__ import annotations

import shutil

from kg.nlp.lexicon import read_lexicon
from kg.resources import nlp_data_dir


def test_the_cached_gazetteer_equals_the_one_read_from_the_files(tmp_path, monkeypatch):
    monkeypatch.setenv("KG_CACHE_DIR", "")
    plain = read_lexicon()
    monkeypatch.setenv("KG_CACHE_DIR", str(tmp_path / "cache"))
    written = read_lexicon()  # reads the files, writes the index
    assert len(list((tmp_path / "cache").glob("gazetteer-*.pickle"))) == 1
    cached = read_lexicon()  # reads the index
    for lex in (written, cached):
        assert lex.gazetteer == plain.gazetteer
        assert lex.gazetteer_max_tokens == plain.gazetteer_max_tokens


def test_a_changed_data_file_gets_a_new_index(tmp_path, monkeypatch):
    data = tmp_path / "data"
    shutil.copytree(nlp_data_dir(), data)
    monkeypatch.setenv("KG_CACHE_DIR", str(tmp_path / "cache"))
    before = read_lexicon(data)
    first = list((tmp_path / "cache").glob("gazetteer-*.pickle"))
    with (data / "orgs.jsonl").open("a", encoding="utf-8") as fh:
        fh.write('{"id": null, "label": "Tarsk Velmor Cooperative", "type": "Organisation"}\n')
    after = read_lexicon(data)
    second = list((tmp_path / "cache").glob("gazetteer-*.pickle"))
    assert "tarsk velmor cooperative" in after.gazetteer and "tarsk velmor cooperative" not in before.gazetteer
    assert len(first) == 1 and len(second) == 2 and first[0] in second


def test_a_damaged_index_is_read_from_the_files_again(tmp_path, monkeypatch):
    monkeypatch.setenv("KG_CACHE_DIR", str(tmp_path / "cache"))
    good = read_lexicon()
    (index,) = (tmp_path / "cache").glob("gazetteer-*.pickle")
    index.write_bytes(b"not a pickle")
    assert read_lexicon().gazetteer == good.gazetteer


def test_an_unwritable_cache_folder_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("KG_CACHE_DIR", str(blocker / "cache"))  # a folder inside a file cannot exist
    assert read_lexicon().gazetteer


def test_at_most_four_indexes_are_kept(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    for k in range(6):
        (cache / f"gazetteer-{k:032d}.pickle").write_bytes(b"old")
    monkeypatch.setenv("KG_CACHE_DIR", str(cache))
    read_lexicon()
    assert len(list(cache.glob("gazetteer-*.pickle"))) == 4


def test_an_index_in_a_folder_others_may_write_to_is_never_read(tmp_path, monkeypatch):
    import pickle

    cache = tmp_path / "shared"
    cache.mkdir()
    monkeypatch.setenv("KG_CACHE_DIR", str(cache))
    good = read_lexicon()
    (index,) = cache.glob("gazetteer-*.pickle")
    index.write_bytes(pickle.dumps(({"planted": None}, 1)))
    cache.chmod(0o777)  # a shared folder: the planted index must not be loaded
    assert read_lexicon().gazetteer == good.gazetteer


def test_the_united_kingdom_s_nations_are_first_order_divisions(lex):
    assert {n: lex.gazetteer[n].kind for n in ("england", "scotland", "wales", "northern ireland")} == dict.fromkeys(
        ("england", "scotland", "wales", "northern ireland"), "state")


def test_a_parent_body_written_out_before_a_known_office_is_one_name(tmp_path, monkeypatch):
    """The gazetteer knows "VA Office for Road Safety" (VA: an alias of the Velm Alliance): "the Velm
    Alliance Office for Road Safety" is that office, one name, not the Alliance and a stray remainder."""
    import spacy

    from kg.nlp.entities.candidates import gazetteer_matches

    data = tmp_path / "data"
    shutil.copytree(nlp_data_dir(), data)
    monkeypatch.setenv("KG_CACHE_DIR", str(tmp_path / "cache"))
    with (data / "orgs.jsonl").open("a", encoding="utf-8") as fh:
        fh.write('{"id": null, "label": "Velm Alliance", "type": "Organisation", "aliases": ["VA"]}\n')
        fh.write('{"id": null, "label": "VORS", "type": "Organisation", "aliases": '
                 '["VA Office for Road Safety", "Office for Road Safety"]}\n')
    lex = read_lexicon(data)
    doc = spacy.blank("en")("The Velm Alliance Office for Road Safety said the Velm Alliance would pay.")
    found = [(doc[c.start : c.end].text, c.gaz.label) for c in gazetteer_matches(doc, lex)]
    assert found == [("Velm Alliance Office for Road Safety", "VORS"), ("Velm Alliance", "Velm Alliance")]
