"""Fuzzing ``kg load`` input: odd literals (impossible dates, numbers out of range,
ill-typed values, odd datatypes and language tags, long strings, IRIs with odd
characters) as N-Triples, shaped as one article so the named queries reach them,
loaded into a fresh store; then every named query, the timeline page, the network
page, stats and validate must run. kg's own errors (a file Oxigraph rejects, say)
are fine; any other exception is a bug. Shrunk failures are kept as @example."""

from __future__ import annotations

import logging
import os
import tempfile
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kg.errors import KGError
from kg.query import named_queries, run
from kg.rdf.load import load
from kg.rdf.validate import validate
from kg.store import Store
from kg.store.stats import stats
from kg.views.html import render
from kg.views.timeline import render_timeline

K = "https://w3id.org/kg-news/ontology#"
XSD = "http://www.w3.org/2001/XMLSchema#"
SKOS = "http://www.w3.org/2004/02/skos/core#"
TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
ARTICLE = "https://w3id.org/kg-news/id/article/fuzz.txt"

# --- literals ---------------------------------------------------------------------------------

two = st.integers(0, 99).map(lambda n: f"{n:02d}")
years = st.one_of(st.integers(1, 9999).map(lambda y: f"{y:04d}"), st.integers(-99999, 999999).map(str),
                  st.integers(5, 60).map(lambda k: "9" * k))
dates = st.one_of(
    st.dates().map(lambda d: d.isoformat()),
    st.tuples(years, two, two).map("-".join),  # 2019-02-30, 2019-13-45, -0044-03-15
    st.tuples(years, two).map("-".join),  # year-month
    years,
    st.sampled_from(["2019-02-30", "2019-02-29", "2020-02-29", "0000-01-01", "2019-03-01Z", "2019-03-01+14:00",
                     "2019-03-01T10:00:00", "not a date", "", " 2019-03-01 ", "２０１９-０３-０１"]),
)
numbers = st.one_of(
    st.integers(-10**30, 10**30).map(str),
    st.integers(0, 6000).map(lambda k: "9" * k),  # past Python's 4,300-digit int(str) limit
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.sampled_from(["1e400", "-1e400", "1e-400", "NaN", "INF", "-INF", "+INF", "inf", "-0", "+.5", ".", "1_000",
                     " 12 ", "0x1F", "١٢٣", "1e", "e5", "", "x", "12.5.6", "--1"]),
)
plain_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60)
long_text = st.integers(1000, 200_000).map(lambda n: "long " * (n // 5))
lexicals = st.one_of(dates, numbers, plain_text, long_text)
iri_chars = st.one_of(st.characters(whitelist_categories=("Lu", "Ll", "Lo", "Nd"), min_codepoint=0x30,
                                    max_codepoint=0xD7FF),
                      st.sampled_from(list("-._~:/?#@!$&'()*+,;=") + ["%20", "%C3%A9", "\u00e9", "\U0001F600"]))
iri_tails = st.lists(iri_chars, max_size=20).map("".join)
datatypes = st.one_of(
    st.sampled_from([XSD + t for t in ("integer", "decimal", "double", "float", "int", "byte", "nonNegativeInteger",
                                       "date", "dateTime", "gYear", "gYearMonth", "boolean", "string", "anyURI",
                                       "duration", "time")]),
    iri_tails.map(lambda t: "http://example.org/dt/" + t),
)
lang_tags = st.one_of(st.sampled_from(["en", "EN-gb", "x-odd", "zh-Hant-TW", "i-klingon", "de-CH-1901", "ar",
                                       "sgn-BE-FR", "en-US-x-twain"]),
                      st.from_regex(r"[a-z]{2,3}(-[A-Z]{2})?", fullmatch=True))


def escape(text: str) -> str:
    return (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r"))


@st.composite
def literals(draw) -> str:
    lexical = draw(lexicals)
    kind = draw(st.sampled_from(["typed", "typed", "typed", "plain", "lang"]))
    if kind == "typed":
        return f'"{escape(lexical)}"^^<{draw(datatypes)}>'
    if kind == "lang":
        return f'"{escape(lexical)}"@{draw(lang_tags)}'
    return f'"{escape(lexical)}"'


odd_iris = st.one_of(
    iri_tails.map(lambda t: "http://example.org/" + t),
    st.sampled_from(["urn:x", "http://[::1]/x", "http://a/\u202eevil", "mailto:a@b", "x:", "http://a/%C3%A9"]),
)
rejected = st.sampled_from([  # lines Oxigraph refuses: the load must fail whole, with kg's message
    '<http://a b/> <urn:p> "x" .', '<http://a/%zz> <urn:p> "x" .', '<urn:s> <urn:p> "x"@en- .',
    '<urn:s> <urn:p> "x"@e-n-toolongsubtag .', '<urn:s> <urn:p> "unterminated .', "<urn:s> <urn:p> .",
])

# --- one article, its values drawn ------------------------------------------------------------

SLOTS = {  # (subject, predicate): the article's statements whose object is drawn
    "published": (ARTICLE, "https://schema.org/datePublished"), "text": ("urn:f:s", K + "text"),
    "s_start": ("urn:f:s", K + "startOffset"), "s_end": ("urn:f:s", K + "endOffset"),
    "c_date": ("urn:f:c", K + "date"), "c_value": ("urn:f:c", K + "value"),
    "c_upper": ("urn:f:c", K + "upperBound"), "c_qualifier": ("urn:f:c", K + "qualifier"),
    "c_what": ("urn:f:c", K + "what"), "c_start": ("urn:f:c", K + "startOffset"),
    "place": ("urn:f:p", SKOS + "prefLabel"), "person": ("urn:f:e", SKOS + "prefLabel"),
    "alias": ("urn:f:e", SKOS + "altLabel"), "org": ("urn:f:o", SKOS + "prefLabel"),
    "m_text": ("urn:f:m", K + "text"), "d_date": ("urn:f:d", K + "date"), "role": ("urn:f:a", K + "role"),
    "spokesperson": ("urn:f:a", K + "isSpokesperson"), "quote": ("urn:f:q", K + "quote"),
    "speaker_text": ("urn:f:q", K + "speakerText"),
}
FIXED = [
    (ARTICLE, TYPE, f"<{K}Article>"), (ARTICLE, K + "sourceFile", '"fuzz.txt"'),
    ("urn:f:s", TYPE, f"<{K}Sentence>"), ("urn:f:s", K + "inArticle", f"<{ARTICLE}>"),
    ("urn:f:c", TYPE, f"<{K}Count>"), ("urn:f:c", K + "sentence", "<urn:f:s>"), ("urn:f:c", K + "place", "<urn:f:p>"),
    ("urn:f:c", K + "endOffset", f'"9"^^<{XSD}integer>'),
    ("urn:f:p", TYPE, f"<{K}Place>"), ("urn:f:e", TYPE, f"<{K}Person>"), ("urn:f:o", TYPE, f"<{K}Organisation>"),
    ("urn:f:m", TYPE, f"<{K}Mention>"), ("urn:f:m", K + "refersTo", "<urn:f:e>"),
    ("urn:f:m", K + "sentence", "<urn:f:s>"),
    ("urn:f:m", K + "startOffset", f'"0"^^<{XSD}integer>'), ("urn:f:m", K + "endOffset", f'"3"^^<{XSD}integer>'),
    ("urn:f:m2", TYPE, f"<{K}Mention>"), ("urn:f:m2", K + "refersTo", "<urn:f:o>"),
    ("urn:f:m2", K + "sentence", "<urn:f:s>"),
    ("urn:f:d", TYPE, f"<{K}DateMention>"), ("urn:f:d", K + "text", '"a day"'),
    ("urn:f:d", K + "sentence", "<urn:f:s>"),
    ("urn:f:d", K + "startOffset", f'"1"^^<{XSD}integer>'),
    ("urn:f:a", TYPE, f"<{K}Affiliation>"), ("urn:f:a", K + "person", "<urn:f:e>"),
    ("urn:f:a", K + "organisation", "<urn:f:o>"),
    ("urn:f:q", TYPE, f"<{K}Statement>"), ("urn:f:q", K + "speaker", "<urn:f:e>"),
    ("urn:f:q", K + "sentence", "<urn:f:s>"), ("urn:f:q", K + "startOffset", f'"2"^^<{XSD}integer>'),
]


@st.composite
def documents(draw) -> str:
    lines = [f"<{s}> <{p}> {o} ." for s, p, o in FIXED]
    for s, p in SLOTS.values():
        for _ in range(draw(st.integers(0, 2))):  # none, one, or two values (maxCount)
            lines.append(f"<{s}> <{p}> {draw(literals())} .")
    for _ in range(draw(st.integers(0, 3))):  # and statements with odd IRIs anywhere
        s, p, o = draw(odd_iris), draw(odd_iris), draw(st.one_of(odd_iris.map(lambda i: f"<{i}>"), literals()))
        lines.append(f"<{s}> <{p}> {o} .")
    if draw(st.sampled_from(range(10))) == 7:  # one document in ten
        lines.append(draw(rejected))
    return "\n".join(lines) + "\n"


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def check(document: str) -> None:
    """Load, then run everything: no exception but kg's own, and nothing logged or warned
    (rdflib logged a traceback for each literal it could not convert)."""
    records = _Records()
    logging.getLogger().addHandler(records)
    try:
        with warnings.catch_warnings(record=True) as warned:
            warnings.simplefilter("always", UserWarning)
            _run_everything(document)
    finally:
        logging.getLogger().removeHandler(records)
    assert not records.records, [r.getMessage() for r in records.records]
    assert not [w for w in warned if issubclass(w.category, UserWarning)], [str(w.message) for w in warned]


def _run_everything(document: str) -> None:
    with tempfile.TemporaryDirectory(prefix="kg-fuzz-") as tmp:
        folder = Path(tmp)
        data = folder / "fuzz.nt"
        data.write_text(document, encoding="utf-8", errors="surrogatepass")
        with Store(folder / "store") as store:
            try:
                load(store, data, graph=ARTICLE)
            except KGError:
                return  # a file Oxigraph rejects: one line at the CLI, the store unchanged
            for nq in named_queries().values():
                run(store, nq.text)
            render_timeline(store, folder / "timeline.html")
            render(store, folder / "graph.html")
            stats(store)
            ok, lines = validate(store)
            assert ok == (not lines)


def _doc(**values: str) -> str:
    """A document with the given slots filled (the regressions below)."""
    values = {"text": '"A sentence."', **values}  # the timeline and counts need the sentence's text
    lines = [f"<{s}> <{p}> {o} ." for s, p, o in FIXED]
    lines += [f"<{SLOTS[k][0]}> <{SLOTS[k][1]}> {v} ." for k, v in values.items()]
    return "\n".join(lines) + "\n"


@settings(max_examples=60, deadline=None, database=None,  # nothing written into the checkout
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(documents())
@example(_doc(c_date=f'"99999999999999999999999"^^<{XSD}integer>', c_qualifier='"exact"'))  # date(): OverflowError
@example(_doc(c_date=f'"2019-02-30"^^<{XSD}date>', c_value=f'"1"^^<{XSD}decimal>',
              c_qualifier='"exact"'))  # the timeline's date() raised ValueError
@example(_doc(c_date=f'"2019-03-01"^^<{XSD}date>', c_value=f'"{"9" * 5000}"^^<{XSD}integer>',
              c_qualifier='"exact"'))  # log10(inf): the chart's axis raised OverflowError
@example(_doc(c_date=f'"2019-03-01"^^<{XSD}date>', c_value=f'"x"^^<{XSD}integer>',
              c_qualifier='"exact"'))  # float("x")
@example(_doc(d_date=f'"2019-02-30"^^<{XSD}date>', s_start=f'"{"9" * 5000}"^^<{XSD}integer>'))  # rdflib logs
@example(_doc(s_start=f'"NaN"^^<{XSD}decimal>'))  # pySHACL's sh:minInclusive raised decimal.InvalidOperation
def test_loaded_odd_literals_break_no_command(document):
    check(document)


@pytest.mark.skipif(not os.environ.get("KG_FUZZ_SECONDS"), reason="long runs only: set KG_FUZZ_SECONDS")
def test_loaded_odd_literals_budgeted():
    """The same property for KG_FUZZ_SECONDS (see tests/test_fuzz_readers.py), each example under a hang guard."""
    from tests.test_fuzz_readers import fuzz

    fuzz(check, documents(), default=60, name="load")
