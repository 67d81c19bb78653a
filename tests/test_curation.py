"""Curation: kg merge, retype, relabel, split, reject, affiliate and kg curation, on the seeds.

Corrections are data (the curation graph) applied to the article graphs: the named queries
show them, a rebuild of changed articles keeps them, an export of the corrections loaded
into a fresh build gives the same rows, and undo gives back the rows of the uncurated store.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg.cli import main

from .conftest import SEEDS

ID = "https://w3id.org/kg-news/id/"
A000 = "000_27735b4e4882bb1f.txt"
A002 = "002_167a2ecf2e1924a6.txt"
ICSR = "International Centre for the Study of Radicalisation and Political Violence"
# a centre of King’s College London
ICSR_ID = "organisation/international-centre-for-the-study-of-radicalisation-and-political-violence"
QUERIES = ("entities", "aliases", "spokespeople", "counts")


def kg(*args: str | Path, ok: bool = True):
    r = CliRunner().invoke(main, [str(a) for a in args])
    if ok:
        assert r.exit_code == 0, (args, r.output, r.stderr)
    return r


def rows(store: Path, query: str) -> list[str]:
    return kg("query", query, "--store", store, "--format", "csv").stdout.splitlines()


def named_rows(store: Path) -> dict[str, list[str]]:
    return {q: rows(store, q) for q in QUERIES}


def quads(store: Path) -> bytes:
    from kg.rdf.export import export_bytes
    from kg.store import Store

    with Store.open_read(store) as st:
        return export_bytes(st, "nquads")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    """(a copy of the seeds, a store built from it): the articles can then be edited and built again."""
    root = tmp_path_factory.mktemp("curation")
    folder = root / "seeds"
    shutil.copytree(SEEDS, folder)
    store = root / "store"
    kg("build", folder, "--store", store, "-j", "1", "-q")
    return folder, store


@pytest.fixture
def work(built, tmp_path) -> tuple[Path, Path]:
    """A private copy of the seeds folder and of its store."""
    folder, store = built
    f, s = tmp_path / "seeds", tmp_path / "store"
    shutil.copytree(folder, f)
    shutil.copytree(store, s)
    (s / "LOCK").unlink(missing_ok=True)
    from kg.rdf.mapping import article_iri
    from kg.store import Store

    with Store(s) as st:  # the articles were read from the copy (kg build refuses another path's article)
        st.record_locations({article_iri(p.name): str(p) for p in f.glob("*.txt")})
    return f, s


def _curate(store: Path) -> list[str]:
    return [
        kg("merge", "organisation/king-s-college-london", ICSR_ID, "--store", store,
           "--note", "the centre is part of the college", "--by", "ana").stdout,
        kg("retype", ID + "organisation/king-s-college-london", "Place", "--store", store, "--by", "ana").stdout,
        kg("reject", f"{ID}article/{A000}/a1", "--store", store, "--by", "ana").stdout,  # Adnan Afrin, SDF
        kg("reject", "Kareem Khadder", "--store", store, "--by", "ana").stdout,
    ]


def _assert_curated(rows_: dict[str, list[str]]) -> None:
    entities, aliases, spokespeople = rows_["entities"], rows_["aliases"], rows_["spokespeople"]
    assert not [r for r in entities if "international-centre" in r or "kareem" in r.lower()]
    assert f"{ID}organisation/king-s-college-london,King’s College London,Place,{A000}" in entities
    assert f"{ID}organisation/king-s-college-london,King’s College London,{ICSR}" in aliases
    assert not [r for r in spokespeople if "Adnan Afrin" in r or "Kareem" in r]
    assert [r for r in spokespeople if "Ben Wedeman" in r]  # the other affiliations of the article stay


def test_uncurated_seeds_have_what_the_corrections_change(built):
    """The corrections below change something: the seeds as built have all of it."""
    _, store = built
    before = named_rows(store)
    assert [r for r in before["entities"] if "international-centre" in r] and [
        r for r in before["entities"] if "kareem" in r]
    assert f"{ID}organisation/king-s-college-london,King’s College London,Organisation,{A000}" in before["entities"]
    assert [r for r in before["spokespeople"] if "Adnan Afrin" in r]


def test_merge_retype_reject_survive_a_rebuild_with_a_changed_article(work):
    folder, store = work
    lines = _curate(store)
    assert lines[0] == (f"correction 1: merged {ICSR_ID} into organisation/king-s-college-london "
                        "(1 article rewritten)\n")
    assert lines[2] == (f"correction 3: rejected affiliation article/{A000}/a1 ('Adnan Afrin, spokesman and "
                        "commander for SDF') (1 article rewritten)\n")
    curated = named_rows(store)
    _assert_curated(curated)

    # the article is changed (its new sentence names the centre and Kareem Khadder again) and built again
    path = folder / A000
    path.write_text(path.read_text(encoding="utf-8") + f"\nThe {ICSR} said Kareem Khadder spoke to "
                    "reporters in Baghouz on Monday.\n", encoding="utf-8")
    r = kg("build", folder, "--store", store, "-j", "1", "-q")
    assert "0 added, 1 replaced, 4 unchanged" in r.stdout and "KG813" not in r.stderr
    again = named_rows(store)
    _assert_curated(again)
    assert again == curated  # the new sentence adds nothing the corrections do not take away
    text = kg("query", "provenance", "--store", store, "-p", "source", A000, "--format", "csv").stdout
    assert "said Kareem Khadder spoke to reporters" in text  # it is the changed article
    listing = kg("curation", "--store", store, "--format", "csv").stdout.splitlines()
    assert listing[0] == "n,when,who,action,target,detail,note,status"
    assert len(listing) == 5 and all(line.endswith(",applied to 1 article") for line in listing[1:])
    assert listing[1].split(",")[2:5] == ["ana", "merge", ICSR_ID]


def test_export_curation_then_load_into_a_fresh_build_gives_the_same_rows(work, tmp_path):
    folder, store = work
    _curate(store)
    out = tmp_path / "corrections.ttl"
    kg("export", "--curation", "--store", store, "-o", out)
    text = out.read_text(encoding="utf-8")
    assert text.count("a kg:Correction") == 4 and "appliedIn" not in text
    fresh = tmp_path / "fresh"
    kg("build", folder, "--store", fresh, "-j", "1", "-q")
    assert named_rows(fresh) != named_rows(store)
    r = kg("load", out, "--store", fresh)
    assert r.stdout == f"4 corrections added and applied <- {out}\n"
    assert named_rows(fresh) == named_rows(store)
    # loading the same corrections again adds nothing
    assert kg("load", out, "--store", fresh).stdout == f"0 quads in 0 graphs (0 articles) <- {out}\n"
    assert len(kg("curation", "--store", fresh, "--format", "csv").stdout.splitlines()) == 5


def test_a_whole_store_export_keeps_the_corrections(work, tmp_path):
    _, store = work
    _curate(store)
    out = tmp_path / "all.nq"
    kg("export", "--store", store, "--format", "nquads", "-o", out, "-q")
    other = tmp_path / "other"
    kg("load", out, "--store", other, "-q")
    assert named_rows(other) == named_rows(store)
    listing = kg("curation", "--store", other, "--format", "csv").stdout.splitlines()
    assert len(listing) == 5 and all(line.endswith(",applied to 1 article") for line in listing[1:])


def test_undo_restores_the_rows_of_the_uncurated_store(work):
    _, store = work
    before = named_rows(store)
    _curate(store)
    assert kg("curation", "--undo", "1", "--store", store).stdout == (
        f"correction 1 undone: merged {ICSR_ID} into organisation/king-s-college-london "
        "(1 article extracted again)\n")
    partly = named_rows(store)
    assert [r for r in partly["entities"] if "international-centre" in r]  # back
    assert not [r for r in partly["spokespeople"] if "Adnan Afrin" in r]  # still rejected
    for n in (2, 3, 4):
        kg("curation", "--undo", str(n), "--store", store)
    assert named_rows(store) == before
    assert kg("curation", "--store", store, "--format", "csv").stdout.splitlines() == [
        "n,when,who,action,target,detail,note,status"]
    # numbers are never given twice
    assert kg("relabel", "Twitter", "X (Twitter)", "--store", store).stdout.startswith("correction 5: ")


def test_relabel_split_and_affiliate_change_the_rows(work):
    _, store = work
    assert kg("relabel", ICSR_ID, "ICSR", "--store", store).stdout == (
        f"correction 1: relabelled {ICSR_ID} 'ICSR' (1 article rewritten)\n")
    entities, aliases = rows(store, "entities"), rows(store, "aliases")
    assert f"{ID}{ICSR_ID},ICSR,Organisation,{A000}" in entities
    assert f"{ID}{ICSR_ID},ICSR,{ICSR}" in aliases

    assert f"{ID}person/mustafa-bali,Mustafa Bali,Mr Bali" in aliases
    assert kg("split", "person/mustafa-bali", "Mr Bali", "--store", store).stdout == (
        "correction 2: split 'Mr Bali' off person/mustafa-bali as person/mr-bali (1 article rewritten)\n")
    entities, aliases = rows(store, "entities"), rows(store, "aliases")
    assert f"{ID}person/mr-bali,Mr Bali,Person,003_877df361cf5ac634.txt" in entities
    assert f"{ID}person/mustafa-bali,Mustafa Bali,Person,003_877df361cf5ac634.txt" in entities  # other mentions
    assert not [r for r in aliases if "Mr Bali" in r]
    mentions = kg("query", "provenance", "--store", store, "-p", "source", "003_877df361cf5ac634.txt",
                  "--format", "csv").stdout
    assert ",Mention,Mr Bali," in mentions

    def bali_002() -> list[str]:
        return [r.split(",", 4)[4] for r in rows(store, "spokespeople") if "Mustafa Bali" in r and A002 in r]

    assert bali_002() == [f"official,true,{A002}"]
    kg("reject", f"article/{A002}/a0", "--store", store, "--note", "the SDF's spokesman in three other articles")
    assert bali_002() == []
    r = kg("affiliate", "Mustafa Bali", "SDF", "--role", "spokesman", "--spokesperson", "--article", A002,
           "--store", store)
    assert r.stdout == ("correction 4: affiliated person/mustafa-bali with organisation/syrian-democratic-forces "
                        f"(spokesman, spokesperson) in article/{A002} (1 article rewritten)\n")
    assert bali_002() == [f"spokesman,true,{A002}"]
    assert kg("validate", "--store", store).stdout.strip().endswith("conforms")


def test_a_correction_whose_target_is_gone_is_reported(work):
    folder, store = work
    kg("reject", f"article/{A000}/a1", "--store", store)  # found again by what it says, which is now edited
    kg("merge", "King’s College London", ICSR, "--store", store)
    path = folder / A000
    text = path.read_text(encoding="utf-8")
    assert "spokesman and commander for SDF" in text
    path.write_text(text.replace("spokesman and commander for SDF", "spokesman for SDF"), encoding="utf-8")
    r = kg("build", folder, "--store", store, "-j", "1", "-q")
    assert r.stderr == ("warning: [KG813] correction 1 (rejected affiliation article/000_27735b4e4882bb1f.txt/a1 "
                        "('Adnan Afrin, spokesman and commander for SDF')) changed no article: its target is no "
                        "longer in the store\n")
    listing = kg("curation", "--store", store, "--format", "csv").stdout.splitlines()
    status = [line.rsplit(",", 1)[1] for line in listing]
    assert status == ["status", "target gone", "applied to 1 article"]
    assert [r for r in rows(store, "spokespeople") if "Adnan Afrin" in r]  # not rejected: reported instead
    kg("remove", A000, "--store", store)
    assert kg("curation", "apply", "--store", store).stderr.count("KG813") == 2


def test_bad_input_is_one_line_and_changes_nothing(work, tmp_path):
    _, store = work
    kg("relabel", ICSR_ID, "King’s College London", "--store", store)
    before = quads(store)
    bad = tmp_path / "bad.ttl"  # an article's triple and a correction with no known action: nothing is loaded
    bad.write_text(f"<{ID}curation/1> <https://w3id.org/kg-news/ontology#action> \"frobnicate\" ; "
                   f"<https://w3id.org/kg-news/ontology#target> <{ID}person/x> .\n"
                   f"<{ID}article/{A000}> <https://schema.org/headline> \"x\" .\n", encoding="utf-8")
    cases = [
        (["merge", "organisation/nope", "SDF"], "KG801", "no entity 'organisation/nope'"),
        (["merge", "Syrain Democratic Forces", "SDF"], "KG801", "'Syrian Democratic Forces'"),
        (["retype", "king’s college london", "Person"], "KG802", "2 entities are named"),
        (["retype", "Mustafa Bali", "Animal"], "KG803", "'Animal' is not an entity type"),
        (["retype", "Mustafa Bali", "Person"], "KG814", "already a Person"),
        (["merge", "SDF", "Syrian Democratic Forces"], "KG806", "the same entity"),
        (["reject", f"article/{A000}/z9"], "KG804", "is not a fact"),
        (["reject", f"{ID}article/{A000}/a99"], "KG804", "has no a99"),
        (["reject", f"article/{A000}/m9999"], "KG804", "has no mention 9999"),
        (["reject", "article/nope.txt/a1"], "KG804", "no article 'nope.txt'"),
        (["split", "Mustafa Bali", "Mr Smith"], "KG807", "no mention whose text is 'Mr Smith'"),
        (["relabel", "Mustafa Bali", "  "], "KG811", "empty"),
        (["affiliate", "SDF", "CNN"], "KG810", "not a Person"),
        (["affiliate", "Ben Wedeman", "CNN"], "KG815", "already affiliated"),
        (["affiliate", "Reem", "CNN"], "KG809", "no article mentions both"),
        (["curation", "--undo", "99"], "KG805", "no correction 99"),
        (["export", "--curation", "--format", "nquads"], "KG816", "--curation"),
        (["load", bad], "KG812", "correction 1 is not valid (action 'frobnicate'"),
    ]
    for args, code, text in cases:
        r = kg(*args, "--store", store, ok=False)
        assert r.exit_code != 0 and r.stdout == "", args
        assert r.stderr.startswith(f"kg: [{code}] ") and len(r.stderr.splitlines()) == 1, (args, r.stderr)
        assert text in r.stderr, (args, r.stderr)
    assert quads(store) == before


def test_python_api(work):
    import kg as api

    _, store = work
    with api.open(store) as g:
        assert g.merge("organisation/king-s-college-london", ICSR, note="same") == (
            f"correction 1: merged {ICSR_ID} into organisation/king-s-college-london (1 article rewritten)")
        assert not [r for r in g.query("entities") if r["entity"].endswith(ICSR_ID)]
        listed = g.curation()
        assert listed.columns == ["n", "when", "who", "action", "target", "detail", "note", "status"]
        assert [(r["n"], r["action"], r["note"], r["status"]) for r in listed] == [
            (1, "merge", "same", "applied to 1 article")]
        assert g.undo(1).startswith("correction 1 undone")
        assert [r for r in g.query("entities") if r["entity"].endswith(ICSR_ID)]
