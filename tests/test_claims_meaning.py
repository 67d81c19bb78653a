"""kg claims, issue 42: figures that mean something (more, expected, capacity, cumulative against
daily, vague amounts, one article's repeated figure) and grouping by an index, not all pairs."""

from __future__ import annotations

import json
import random
from datetime import date

import pytest

from kg.claims import compare, group_counts
from kg.claims.readings import DATA, comparable, read, vague_in, vague_words
from kg.claims.rows import read_rows
from kg.claims.store import COUNT_COLUMNS, STATEMENT_COLUMNS, named_rows
from kg.store import Store


def row(source: str, value: float | None, sentence: str, text: str, *, qualifier: str = "exact", what: str = "people",
        event: str = "Evacuation", place: str = "Baghouz", day: str = "2019-03-04") -> dict[str, object]:
    """A row of the counts query with the count's own text and where it starts in its sentence."""
    return {"value": value, "upper": None, "qualifier": qualifier, "what": what, "event": event, "date": day,
            "place": place, "source": source, "sentence": sentence, "text": text, "at": sentence.index(text)}


# ------------------------------------------------------------------------------------ readings
@pytest.mark.parametrize(("what", "sentence", "text", "reading"), [
    ("more people", "Officials said 200 more people were expected to evacuate the town.", "200 more people",
     "expected"),
    ("more people", "A further 200 more people left the town.", "200 more people", "more"),
    ("more people", "Officials said 200 more people left the town.", "200 more people", "more"),
    ("people", "The camp, designed to accommodate 20,000 people, holds 60,000.", "20,000 people", "capacity"),
    ("people", "The camp, designed to accommodate 20,000 people, holds 60,000.", "60,000", ""),
    ("beds", "The hospital has a capacity of 400 beds.", "400 beds", "capacity"),
    ("people", "The death toll rose to 3,500 people, with 45 people killed on Tuesday alone.", "3,500 people",
     "cumulative"),
    ("people", "The death toll rose to 3,500 people, with 45 people killed on Tuesday alone.", "45 people",
     "daily"),
    ("people", "About 3,000 people have left the town since January, and 500 people left yesterday.",
     "About 3,000 people", "cumulative"),
    ("people", "About 3,000 people have left the town since January, and 500 people left yesterday.",
     "500 people", "daily"),
    ("people", "At least 12 people died on Monday, bringing the total to 300 people.", "300 people", "cumulative"),
    ("people", "The army plans to evacuate 5,000 people from the town.", "5,000 people", "expected"),
    # the clause ends at a comma or a number: the "could" of the next clause is not this count's
    ("people", "3,500 people died, and 200 more could die.", "3,500 people", ""),
    ("people", "3,500 people were evacuated from the town.", "3,500 people", ""),
])
def test_how_a_sentence_reads_a_count(what, sentence, text, reading):
    assert read(what, sentence, text, sentence.index(text)) == reading
    assert read(what, sentence, text) == reading  # found in the sentence when no offset is given


def test_readings_are_data_checked_by_their_schema():
    jsonschema = pytest.importorskip("jsonschema")
    data = json.loads(DATA.read_text(encoding="utf-8"))
    schema = json.loads(DATA.with_name("readings.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(data, schema)
    assert set(data["order"]) == set(data["readings"])
    assert comparable("", "") and comparable("", "cumulative") and comparable("daily", "daily")
    assert not comparable("", "expected") and not comparable("cumulative", "daily") and not comparable("", "daily")


@pytest.mark.parametrize(("text", "words"), [
    ("Hundreds of people", "hundreds"), ("tens of thousands of people", "tens of thousands"),
    ("several dozen fighters", "several dozen"), ("200 people", ""),
])
def test_vague_amounts_say_what_they_are(text, words):
    assert vague_words(text) == words


def test_the_vague_amounts_of_a_sentence_and_the_timeline_says_them():
    from kg.views.timeline import payload

    assert vague_in("Tens of thousands fled and hundreds of people died.") == ["tens of thousands", "hundreds"]
    assert vague_in("Hundreds of people surrendered.") == ["hundreds"] and vague_in("200 people left.") == []

    def row(sentence: str) -> dict[str, str]:
        return {"date": "2019-03-10", "event": "", "value": "", "upper": "", "qualifier": "vague", "what": "people",
                "place": "", "source": "a.txt", "sentence": sentence}

    rows = payload([row("Hundreds of people surrendered."), row("Dozens fled and hundreds of people died.")])["rows"]
    assert [r[3] for r in rows] == ["hundreds", "vague"]  # two vague amounts: which is this count's is unknown


# ----------------------------------------------------------------------------- claims' meaning
def test_200_more_expected_to_evacuate_does_not_contradict_3500():
    claims = group_counts([
        row("a.txt", 3500, "SDF spokesman said 3,500 people were evacuated from Baghouz.", "3,500 people"),
        row("b.txt", 200, "Officials said 200 more people were expected to evacuate Baghouz.", "200 more people",
            what="more people")])
    [claim] = claims
    assert not claim.disputed and [f.reading for f in claim.figures] == ["", "expected"]
    assert claim.figures[1].shown == "200 (expected)"


def test_a_capacity_does_not_dispute_a_population():
    [claim] = group_counts([
        row("a.txt", 20000, "The camp, designed to accommodate 20,000 people, is full.", "20,000 people",
            event="Sheltering"),
        row("b.txt", 66000, "The camp now holds more than 66,000 people.", "more than 66,000 people",
            qualifier="more than", event="Sheltering")])
    assert not claim.disputed and claim.figures[0].reads == "capacity"


def test_a_total_so_far_and_one_day_s_figure_do_not_dispute_but_two_days_do():
    total = row("a.txt", 3500, "The death toll rose to 3,500 people.", "3,500 people", event="Killing")
    day = row("b.txt", 45, "Officials said 45 people were killed on Tuesday alone.", "45 people", event="Killing")
    [claim] = group_counts([total, day])
    assert not claim.disputed
    other_day = row("c.txt", 60, "Police said 60 people were killed on Tuesday alone.", "60 people", event="Killing")
    [claim] = group_counts([total, day, other_day])
    assert claim.disputed and [f.disputed for f in claim.figures] == [False, True, True]


def test_a_plain_figure_still_disputes_a_plain_one():
    [claim] = group_counts([row("a.txt", 3500, "3,500 people were evacuated.", "3,500 people"),
                            row("b.txt", 3000, "About 3,000 people left.", "About 3,000 people", qualifier="about")])
    assert claim.disputed


def test_a_vague_figure_says_hundreds_not_vague():
    [claim] = group_counts([row("a.txt", 500, "Some 500 people surrendered.", "500 people", event="Surrender"),
                            row("b.txt", None, "Hundreds of people surrendered.", "Hundreds of people",
                                qualifier="vague", event="Surrender")])
    assert [f.amount for f in claim.figures] == ["500", "hundreds"]


def test_one_article_s_repeated_figure_is_one_figure():
    s1, s2 = "3,500 people were evacuated.", "In all, 3,500 people were evacuated, officials said."
    rows = [row("a.txt", 3500, s1, "3,500 people"), row("a.txt", 3500, s2, "3,500 people"),
            row("b.txt", 3400, "3,400 people were evacuated.", "3,400 people")]
    [claim] = group_counts(rows)
    assert [(f.source, f.repeated) for f in claim.figures] == [("a.txt", 2), ("b.txt", 1)]
    assert claim.disputed and claim.sources == ["a.txt", "b.txt"]


# ----------------------------------------------------------------------------- grouping by index
def _reference(rows, window=7):
    """Claims by the definition: each count, in date order, into the first group all of whose counts
    it matches, every group tried (what kg claims did before the index)."""
    from kg.claims.group import _counts, _same_happening

    counts = _counts(rows, {}, {}, 0.1, None)
    counts.sort(key=lambda c: (c.when is None, c.when or (date.min, date.min), c.order))
    groups = []
    for c in counts:
        home = next((g for g in groups if all(_same_happening(c, m, window) for m in g)), None)
        (groups.append([c]) if home is None else home.append(c))
    return sorted(sorted((m.figure.source, m.figure.sentence) for m in g) for g in groups
                  if len({m.figure.source for m in g}) >= 2)


@pytest.mark.parametrize("seed", range(6))
def test_the_index_groups_as_trying_every_group_does(seed):
    rnd = random.Random(seed)
    whats = ["people", "more people", "ISIS fighters", "fighters", "children", "child", "cars", "people in camps",
             "camps", "civilians"]
    rows = []  # each value once: an article's repeated figure would be one figure
    for i in range(400):
        day = rnd.choice(["", "2019-03", *(f"2019-03-{d:02d}" for d in range(1, 29)), "2019-04-02"])
        rows.append({"value": i + 1, "upper": None, "qualifier": "exact", "what": rnd.choice(whats),
                     "event": rnd.choice(["", "Evacuation", "Killing"]), "date": day,
                     "place": rnd.choice(["", "Baghouz", "baghouz", "Raqqa"]), "source": f"{rnd.randint(0, 30)}.txt",
                     "sentence": f"sentence {i}"})
    got = sorted(sorted((f.source, f.sentence) for f in c.figures) for c in group_counts(rows))
    assert got == _reference(rows)


# --------------------------------------------------------------------------------- the store
def test_rows_read_the_fast_way_are_the_named_queries_rows(seeds_store):
    with Store.open_read(seeds_store) as st:
        counts, statements = read_rows(st)
        assert [{c: r[c] for c in COUNT_COLUMNS} for r in counts] == named_rows(st, "counts", COUNT_COLUMNS)
        assert [{c: r[c] for c in STATEMENT_COLUMNS} for r in statements] == \
            named_rows(st, "statements", STATEMENT_COLUMNS)
    assert all(r["sentence"][r["at"]:r["at"] + len(r["text"])] == r["text"] for r in counts if r["text"])


def test_compare_tells_its_progress(seeds_store):
    heard = []
    with Store.open_read(seeds_store) as st:
        comparison = compare(st, progress=lambda what, done, total: heard.append((what, done, total)))
    assert comparison.claims
    steps = [h[0] for h in heard]
    assert steps[0] == "reading" and "grouping" in steps and steps[-1] == "statements"
    grouping = [h for h in heard if h[0] == "grouping"]
    assert grouping[-1][1] == grouping[-1][2] > 0  # every count grouped, of the total


def test_the_seeds_evacuation_figures_read_as_the_sentences_say(seeds_store):
    with Store.open_read(seeds_store) as st:
        claims = compare(st).claims
    shelter = next(c for c in claims if c.event == "Sheltering")
    assert "20,000 (capacity)" in [f.shown for f in shelter.figures] and not shelter.disputed
    evacuation = next(c for c in claims if c.event == "Evacuation")
    assert evacuation.disputed  # CNN's 3,500 against ITV's about 3,000 still
    assert not any(f.disputed for f in evacuation.figures if f.what == "more people")

