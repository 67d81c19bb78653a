"""'Did you mean' and partial names (issue 42) for kg neighbours NAME, kg render --focus NAME
and kg render --source NAME, as the other commands have them."""

from __future__ import annotations

import pytest

from . import test_curation
from .test_curation import A000, kg

built = test_curation.built  # the fixture: a store of the seeds


@pytest.mark.parametrize("args", [("neighbours", "Bali"), ("render", "--focus", "Bali", "-o", "{out}")])
def test_an_unknown_entity_name_suggests_the_names_holding_it(built, tmp_path, args):
    _, store = built
    r = kg(*[a.format(out=tmp_path / "g.html") for a in args], "--store", store, ok=False)
    assert r.exit_code != 0 and "Traceback" not in r.output
    assert "did you mean 'Mr Bali', 'Mustafa Bali'?" in r.stderr
    assert not (tmp_path / "g.html").exists()


def test_a_misspelt_entity_name_suggests_the_closest(built):
    _, store = built
    r = kg("neighbours", "Mustafa Balli", "--store", store, ok=False)
    assert "did you mean 'Mustafa Bali'" in r.stderr


def test_render_source_takes_the_name_without_its_extension(built, tmp_path):
    _, store = built
    whole = kg("render", "--source", A000, "--store", store, "-o", tmp_path / "a.html").stdout
    stem = kg("render", "--source", A000.removesuffix(".txt"), "--store", store, "-o", tmp_path / "b.html").stdout
    assert stem.split(" -> ")[0] == whole.split(" -> ")[0] != "0 nodes, 0 edges"
    r = kg("render", "--source", "27735b4e", "--store", store, "-o", tmp_path / "c.html", ok=False)
    assert f"did you mean '{A000}'?" in r.stderr
