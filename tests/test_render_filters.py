"""kg render's filters select from the whole store before the top-N cut: on a store bigger
than --top, --type Person draws the people mentioned in most articles, not the people
among the N entities mentioned in most articles (often none)."""

import re
import shutil

import pytest
from click.testing import CliRunner

from kg.cli import main

from .conftest import SEEDS


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def drawn(output: str) -> int:
    return int(re.match(r"(\d+) nodes", output).group(1))


def test_type_filters_before_the_top_cut(seeds_store, tmp_path):
    top5 = invoke("top", "--store", seeds_store, "--limit", 5, "--csv").stdout
    assert ",Person," not in top5  # the five entities in most articles are no people
    r = invoke("render", "--store", seeds_store, "--type", "Person", "--top", 5, "-o", tmp_path / "g.html")
    assert r.exit_code == 0, r.output
    assert drawn(r.stdout) == 5
    assert "Mustafa Bali" in (tmp_path / "g.html").read_text(encoding="utf-8")


def test_the_note_counts_the_entities_of_the_types_asked_for(seeds_store, tmp_path):
    from kg.store import Store
    from kg.views.graph import choose

    with Store.open_read(seeds_store) as st:
        g, _, note = choose(st, top=3, types={"Person"})
        every, _, _ = choose(st, everything=True, types={"Person"})
    people = sum(1 for _, d in every.nodes(data=True) if d["type"] == "Person")
    assert len(g) == 3 and {d["type"] for _, d in g.nodes(data=True)} == {"Person"}
    assert f"of {people:,}" in note and people > 3


LOCAL = """Flooding closed the main bridge in Springfield on Tuesday, the Springfield Water Authority said.

Jane Holloway, a spokeswoman for the Springfield Water Authority, said 40 families had left their homes near the \
river. Mayor Tom Reddick told reporters that the Ridgeway Hospital had opened a shelter.
"""


@pytest.fixture(scope="module")
def local_store(tmp_path_factory):
    """Two seed articles and a made-up local one (2030) that shares none of their entities."""
    from kg.builder.runner import build

    folder = tmp_path_factory.mktemp("local") / "news"
    folder.mkdir()
    for name in ("000_27735b4e4882bb1f.txt", "001_00adbe57efcb47f9.txt"):
        shutil.copy(SEEDS / name, folder / name)
    (folder / "zz_local.txt").write_text(LOCAL, encoding="utf-8")
    (folder / "metadata.csv").write_text("file,published,outlet,url,title\nzz_local.txt,2030-05-04,Local Post,,Flood\n")
    path = folder.parent / "store"
    assert len(build([folder], path).added) == 3
    return path


@pytest.mark.parametrize("filters", [["--source", "zz_local.txt"], ["--since", "2030-01-01"],
                                     ["--since", "2030-05"], ["--until", "2030"], ["--since", "2030-05-04"]])
def test_article_and_date_filters_select_before_the_top_cut(local_store, tmp_path, filters):
    r = invoke("render", "--store", local_store, *filters, "--top", 3, "-o", tmp_path / "g.html")
    assert r.exit_code == 0, r.output
    if filters[0] == "--until":  # every article is published by the end of 2030
        assert drawn(r.stdout) == 3
        return
    assert drawn(r.stdout) == 3 and "Jane Holloway" in (tmp_path / "g.html").read_text(encoding="utf-8")


def test_until_a_month_keeps_that_month(local_store, tmp_path):
    r = invoke("render", "--store", local_store, "--until", "2030-05", "--since", "2030-05", "--all",
               "-o", tmp_path / "g.html")
    assert r.exit_code == 0 and drawn(r.stdout) == 5, r.output
