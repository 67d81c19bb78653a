"""Property-based tests (hypothesis) for the number and date normalisers and the pipeline."""

from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from kg.nlp.date_values import latest_weekday, normalise
from kg.nlp.numbers import parse_digits, parse_words

from .conftest import run_doc

WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
dates = st.dates(min_value=date(1950, 1, 1), max_value=date(2090, 12, 31))


@given(st.integers(min_value=0, max_value=10**12))
def test_digits_round_trip(n):
    assert parse_digits(f"{n:,}") == n
    assert parse_digits(str(n)) == n


def _numbers_lexicon():
    from kg.nlp.lexicon import load_lexicon

    return load_lexicon()


_numbers_lexicon()  # loading the lexicon (1-3 s) must not fall inside a timed hypothesis example


@given(st.integers(min_value=1, max_value=999), st.sampled_from(["thousand", "million", "billion"]))
def test_scale_words_multiply(n, scale):
    lex = _numbers_lexicon()
    factor = lex.numbers["scales"][scale]
    assert parse_words([str(n), scale], lex.numbers["units"], lex.numbers["scales"]) == n * factor


@given(st.integers(min_value=1, max_value=10**6), st.integers(min_value=1, max_value=10**6))
def test_parse_is_monotonic(a, b):
    if a < b:
        assert parse_digits(f"{a:,}") < parse_digits(f"{b:,}")


@given(dates)
def test_absolute_dates_round_trip(d):
    from kg.nlp.lexicon import load_lexicon

    lex = load_lexicon()
    text = f"{MONTHS[d.month - 1]} {d.day}, {d.year}"
    assert normalise(text, None, lex).value == d.isoformat()
    assert normalise(d.isoformat(), None, lex).value == d.isoformat()


@given(dates, st.sampled_from(WEEKDAYS))
def test_weekday_is_latest_on_or_before_publication(pub, weekday):
    from kg.nlp.lexicon import load_lexicon

    value = normalise(weekday, pub.isoformat(), load_lexicon()).value
    got = date.fromisoformat(value)
    assert got <= pub and pub - got < timedelta(days=7) and WEEKDAYS[got.weekday()] == weekday
    assert latest_weekday(got.weekday(), pub) == got


@given(st.text(max_size=60), st.one_of(st.none(), dates.map(date.isoformat)))
def test_normalise_never_raises(text, pub):
    from kg.nlp.lexicon import load_lexicon

    normalise(text, pub, load_lexicon())


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300))
def test_pipeline_never_raises_on_arbitrary_text(nlp, text):
    doc = run_doc(nlp, text, "2020-01-01")
    for m in doc._.kg_mentions:
        assert doc.text[m.start : m.end] == m.text
