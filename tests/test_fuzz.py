"""Nasty input through the whole extraction and RDF mapping: nothing raises and
every graph produced conforms to the SHACL shapes."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kg.nlp.extract import extract
from kg.rdf.mapping import to_quads
from kg.rdf.validate import validate_quads
from kg.types import Article

NASTY = Path(__file__).parent / "data" / "nasty"

fragments = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40),  # arbitrary Unicode
    st.integers(min_value=10**12, max_value=10**60).map(lambda n: f"{n:,} people"),  # huge numbers
    st.integers(min_value=1, max_value=12).map(lambda k: "(" * k + "Baghouz [SDF {ISIS}]" + ")" * k),
    st.sampled_from(["مصطفى بالي قال", "שלום עולם", "\u202eevil\u202c", "\u200f\u200e"]),  # RTL and marks
    st.sampled_from(["😀", "🔥Fire Corp🔥", "👩‍👩‍👧", "🇸🇾"]),  # emoji, ZWJ sequences, flags
    st.sampled_from(["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<a href='javascript:x'>A</a>",
                     "&amp;&lt;", "]]>", "<!--"]),  # HTML fragments
    st.text(alphabet=st.characters(whitelist_categories=("Cc",)), max_size=5),  # control characters
    st.sampled_from(["Mustafa Bali, a spokesman for the SDF, said", "more than 6,000 people fled on Tuesday",
                     "between 20,000 and 30,000", "Mr.", "U.S.", "\n\n", ". . .", "said"]),
)
articles = st.lists(fragments, min_size=1, max_size=25).map(" ".join).filter(lambda t: t.strip() != "")


def _article(text: str, published: str | None = "2019-03-05") -> Article:
    return Article(source="fuzz.txt", text=text, content_hash=hashlib.sha256(text.encode()).hexdigest(),
                   published=published)


def _check(nlp, text: str, published: str | None = "2019-03-05") -> None:
    [ex] = list(extract(nlp, [_article(text, published)]))
    quads = list(to_quads(ex, "kg-test fuzz"))
    ok, lines = validate_quads(quads)
    assert ok, lines[:5]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(articles, st.sampled_from([None, "2019-03-05", "1900-01-01", "2099-12-31"]))
def test_nasty_text_maps_to_valid_rdf(nlp, text, published):
    _check(nlp, text, published)


@pytest.mark.skipif(not os.environ.get("KG_FUZZ_SECONDS"), reason="long runs only: set KG_FUZZ_SECONDS")
def test_nasty_text_budgeted(nlp):
    """The same property for KG_FUZZ_SECONDS (see tests/test_fuzz_readers.py), each example under a hang guard."""
    from .test_fuzz_readers import fuzz

    dates = st.sampled_from([None, "2019-03-05", "1900-01-01", "2099-12-31"])
    fuzz(lambda case: _check(nlp, *case), st.tuples(articles, dates), default=40, name="nasty-text")


@pytest.mark.parametrize("path", sorted(NASTY.glob("*.txt")), ids=lambda p: p.stem)
def test_kept_nasty_cases(nlp, path):
    """Cases found by fuzzing or written by hand, kept as regressions."""
    _check(nlp, path.read_text(encoding="utf-8", errors="surrogateescape"))
