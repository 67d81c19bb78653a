import pytest

from kg.nlp.date_values import normalise

from .conftest import run_doc

PUB = "2019-03-12"  # a Tuesday


@pytest.mark.parametrize(
    "text, published, value, precision",
    [
        ("March 3, 2019", None, "2019-03-03", "day"),
        ("Sunday, March 3, 2019", None, "2019-03-03", "day"),
        ("12 March 2019", None, "2019-03-12", "day"),
        ("Nov. 4, 2024", None, "2024-11-04", "day"),
        ("Sept 12, 2023", None, "2023-09-12", "day"),
        ("2019-03-05", None, "2019-03-05", "day"),
        ("July 2018", None, "2018-07", "month"),
        ("2014", None, "2014", "year"),
        ("February 20", PUB, "2019-02-20", "day"),
        ("March 20", PUB, "2019-03-20", "day"),  # a month and day: the one nearest publication
        ("Dec. 30", "2019-01-04", "2018-12-30", "day"),
        ("February 20", None, None, "day"),
        ("December", PUB, "2018-12", "month"),
        ("March", PUB, "2019-03", "month"),
        ("Tuesday", PUB, "2019-03-12", "day"),  # the publication day itself
        ("Monday", PUB, "2019-03-11", "day"),
        ("Wednesday", PUB, "2019-03-06", "day"),
        ("on Sunday", PUB, "2019-03-10", "day"),
        ("Tuesday", None, None, "day"),
        ("yesterday", PUB, "2019-03-11", "day"),
        ("last month", PUB, "2019-02", "month"),
        ("last month", None, None, "month"),
        ("last year", PUB, "2018", "year"),
        ("Saturday, March 16", PUB, "2019-03-16", "day"),  # the month and day say which Saturday
        ("this afternoon", PUB, "2019-03-12", "day"),
        ("last night", PUB, "2019-03-11", "day"),
    ],
)
def test_normalise(lex, text, published, value, precision):
    r = normalise(text, published, lex)
    assert (r.value, r.precision) == (value, precision)


def test_the_day_before_uses_the_previous_date(lex):
    assert normalise("the day before", PUB, lex, previous_day="2019-03-03").value == "2019-03-02"
    assert normalise("the day before", PUB, lex).value is None


@pytest.mark.parametrize("text", ["", "blue", "February 31", "Monday Tuesday", "0000", "x" * 500])
def test_normalise_never_raises(lex, text):
    normalise(text, PUB, lex)


def test_dates_found_in_text(nlp):
    doc = run_doc(
        nlp,
        "On Sunday, smoke rose over the village. Fighters had advanced the day before. "
        "The group was founded in 2014 and lost its capital in July 2017. "
        "He is 30 years old and waited 48 hours.",
        "2019-03-05",
    )
    found = {(d.text, d.value) for d in doc._.kg_dates}
    assert ("Sunday", "2019-03-03") in found
    assert ("the day before", "2019-03-02") in found
    assert ("2014", "2014") in found and ("July 2017", "2017-07") in found
    assert not any("48" in d.text or "30" in d.text for d in doc._.kg_dates)


def test_day_pairs_and_recurring_weekdays(nlp):
    doc = run_doc(
        nlp,
        "The board meets on March 20 and 21. Clinics are open Tuesday through Thursday "
        "and on Saturday mornings. The strike began on Monday.",
        "2019-02-27",
    )
    values = {d.value for d in doc._.kg_dates}
    assert {"2019-03-20", "2019-03-21", "2019-02-25"} <= values
    assert not any(d.text.startswith(("Tuesday", "Thursday", "Saturday")) for d in doc._.kg_dates)


def test_relative_dates_open_a_sentence_with_a_capital_and_a_year_names_a_championship(nlp):
    doc = run_doc(nlp, "Last year the club grew. Tarvel, who took the 2029 Velm Open, "
                       "starred. The Day Before Tomorrow is a film.", "2031-05-14")
    found = {(d.text, d.value) for d in doc._.kg_dates}
    assert {("Last year", "2030"), ("2029", "2029")} <= found
    assert not any(d.text == "Tomorrow" for d in doc._.kg_dates)


def test_a_time_after_a_date_line_is_no_second_day(nlp):
    doc = run_doc(nlp, "Tarsk Courier\nMarch 3, 2031 - 7:40pm\n\nThe fair went ahead.", None)
    assert {d.value for d in doc._.kg_dates} == {"2031-03-03"}


def test_abbreviated_months_without_a_year(nlp):
    """AP style writes "Aug. 21", "Sept. 9", "Nov. 12 and 13": the full stop says it is a month;
    "Mar 5" without one may be a name and a number."""
    doc = run_doc(
        nlp,
        "The company reports results on Aug. 21 and pays a dividend Oct. 1. Ballots are reviewed on "
        "Nov. 12 and 13, and the hearing is Sept. 9. Mar 5 lost the final.",
        "2025-08-14",
    )
    found = {(d.text, d.value) for d in doc._.kg_dates}
    assert {("Aug. 21", "2025-08-21"), ("Oct. 1", "2025-10-01"), ("Nov. 12", "2025-11-12"),
            ("Nov. 12 and 13", "2025-11-13"), ("Sept. 9", "2025-09-09")} <= found
    assert not any(d.text.startswith("Mar") for d in doc._.kg_dates)


@pytest.mark.parametrize("sentence, month, value", [
    # a clause that looks forward: the next such month
    ("Markets now price in one more cut by August.", "August", "2026-08"),
    ("A decision will be taken at a meeting in November.", "November", "2026-11"),
    ("I expect them to cut in September, not July.", "September", "2026-09"),
    # a past verb or no cue: the latest such month
    ("Prices rose 2.6% in February.", "February", "2026-02"),
    ("The board is expected to cut rates after inflation fell to 1.7% in November.", "November", "2025-11"),
    ("Members voted in August to authorise a strike.", "August", "2025-08"),
    # a future marker after a past auxiliary looks back
    ("Nobody had expected the river to flood in February.", "February", "2026-02"),
    ("The club had planned a parade in January.", "January", "2026-01"),
    # a sentence that opens with "By the end of MONTH," takes the tense of its main clause
    ("By the end of February, the virus had spread to 12 districts.", "February", "2026-02"),
    ("By the end of August, the council will have spent its budget.", "August", "2026-08"),
    # a modal after a past verb, nearer the month; "by the end of" looks forward
    ("The firm had shipped parts to Velm and would audit its stock by the end of August.", "August", "2026-08"),
    # "had forecast": a perfect looks back, whatever the parse hangs on "had"
    ("Its council had forecast 610,000 sacks in May.", "May", "2025-05"),
    # "last" and "next" before a month: the one before the publication or after it (a year away in its month)
    ("The merger, signed last November, closed this week.", "last November", "2025-11"),
    ("The vote is due next September.", "next September", "2026-09"),
    ("The plant closed last March.", "last March", "2025-03"),
    ("The plant reopens next March.", "next March", "2027-03"),
    # "has forecast" still looks ahead
    ("The agency has forecast rain in Velm in June.", "June", "2026-06"),
])
def test_a_month_without_a_year_follows_the_tense_of_its_clause(nlp, sentence, month, value):
    doc = run_doc(nlp, sentence, "2026-03-18")
    assert (month, value) in {(d.text, d.value) for d in doc._.kg_dates}


def test_last_or_next_before_a_month_that_starts_a_name_is_no_date(nlp):
    doc = run_doc(nlp, "The last May Day parade drew crowds. Thousands joined the next March Against Hunger.",
                  "2026-03-18")
    assert not doc._.kg_dates


def test_a_month_and_day_follows_a_forward_clause_and_stays_nearest_otherwise(nlp):
    doc = run_doc(nlp, "The regulator asked for a full report by Dec. 5. The two sides last met on Sept. 28. "
                       "Futures priced in a cut at the next meeting, on Oct. 20.", "2025-10-01")
    found = {(d.text, d.value) for d in doc._.kg_dates}
    assert {("Dec. 5", "2025-12-05"), ("Sept. 28", "2025-09-28"), ("Oct. 20", "2025-10-20")} <= found


def test_a_sentence_may_start_with_the_preposition_of_a_month_or_year(nlp):
    doc = run_doc(nlp, "In January, the company closed an office. By 2019 it had 40 staff.", "2026-04-15")
    assert {(d.text, d.value) for d in doc._.kg_dates} == {("January", "2026-01"), ("2019", "2019")}


@pytest.mark.parametrize("sentence, month, value", [
    ("The road remained closed until March.", "March", "2026-03"),
    ("By March, prices had risen.", "March", "2026-03"),
])
def test_a_past_verb_wins_over_a_preposition(nlp, sentence, month, value):
    assert (month, value) in {(d.text, d.value) for d in run_doc(nlp, sentence, "2026-06-10")._.kg_dates}


def test_next_weekday_is_the_one_after_publication(nlp):
    """"next Tuesday" looks forward; a bare weekday is the latest on or before publication."""
    doc = run_doc(nlp, "Talks open next Tuesday. The vote was on Tuesday.", "2026-05-25")  # a Monday
    assert [d.value for d in doc._.kg_dates] == ["2026-05-26", "2026-05-19"]


@pytest.mark.parametrize("sentence, value", [
    ("Polls opened for the 2029 council election.", "2029"),
    ("The ruling cited the 1998 charter.", "1998"),
    ("The budget for 2031 was cut again.", "2031"),
])
def test_a_year_before_a_noun_after_an_article_or_after_for_is_a_date(nlp, sentence, value):
    assert value in {d.value for d in run_doc(nlp, sentence, "2030-05-02")._.kg_dates}


def test_a_month_something_is_scheduled_for_is_the_next_one(nlp):
    doc = run_doc(nlp, "The ferry vote is scheduled for June. The derby was postponed for April. The union "
                       "asked for higher pay for June.", "2031-07-20")
    found = {(d.text, d.value) for d in doc._.kg_dates}
    assert {("June", "2032-06"), ("April", "2032-04")} <= found
    assert len([d for d in doc._.kg_dates if d.text == "June"]) == 1  # "pay for June": no schedule, no date


def test_both_years_of_a_period_from_one_to_the_other(nlp):
    doc = run_doc(nlp, "The shop owes rates for the years from 2003 to 2008.", "2015-05-14")
    assert {d.value for d in doc._.kg_dates} == {"2003", "2008"}


def test_a_year_that_counts_is_no_date(nlp):
    """'the 2000 troops' shape is rare; '2,000' with a comma and a number after 'for' stay counts."""
    doc = run_doc(nlp, "Tarsk asked for 2,000 tents. Velm sent 1,500 blankets.", "2030-05-02")
    assert not doc._.kg_dates


def test_both_years_of_a_period_between_them(nlp):
    doc = run_doc(nlp, "Trout were netted between 2011 and 2017 in 12 lakes.", "2030-05-02")
    assert [d.value for d in doc._.kg_dates] == ["2011", "2017"]


@pytest.mark.parametrize("sentence, values", [
    ("He was jailed for 2000 days.", []),
    ("Seats went to 1200 and 1900 voters.", []),
    ("In 1997 and 1998, she worked there.", ["1997", "1998"]),
])
def test_bare_years_after_for_and_and(nlp, sentence, values):
    assert [d.value for d in run_doc(nlp, sentence, "2030-05-02")._.kg_dates] == values


@pytest.mark.parametrize("text, published, month, value", [
    # the nearest verb before the date says its tense, not a verb further back the parse picked
    ("The ferry line is likely to raise fares soon because fuel costs jumped by a fifth in March, "
     "the steepest rise on record.", "2025-05-20", "March", "2025-03"),
    # a verb of expectation says nothing of its own: the clause's "next" looks forward ...
    ("He said the council expected a decision at its next sitting in October.", "2025-05-20", "October",
     "2025-10"),
    # ... and without such a word a bare month is the latest one
    ("The club expected a record crowd in April.", "2025-05-20", "April", "2025-04"),
    # what a forecast is about comes after it
    ("Forecasters predicted snow before April.", "2025-05-20", "April", "2026-04"),
])
def test_the_tense_of_a_bare_month_comes_from_its_nearest_verb(nlp, text, published, month, value):
    doc = nlp.make_doc(text)
    doc._.kg_published = published
    for _, proc in nlp.pipeline:
        doc = proc(doc)
    assert (month, value) in {(d.text, d.value) for d in doc._.kg_dates}


def test_a_year_after_a_possessive_dates_the_event(nlp):
    doc = run_doc(nlp, "Tarsk's 2009 drought ruined 300 farms. Velm's 2,000 volunteers helped.", "2031-06-01")
    assert [(d.text, d.value) for d in doc._.kg_dates] == [("2009", "2009")]


def test_a_modal_with_have_looks_back(nlp):
    doc = run_doc(nlp, "Inspectors may have missed the leak at the depot on March 8.", PUB)
    assert [(d.text, d.value) for d in doc._.kg_dates] == [("March 8", "2019-03-08")]
    # ... but "will have" looks ahead
    doc = run_doc(nlp, "The bridge will have been rebuilt by March 8.", PUB)
    assert [(d.text, d.value) for d in doc._.kg_dates] == [("March 8", "2020-03-08")]


def test_a_date_never_spans_a_line_break(nlp):
    doc = run_doc(nlp, "Storm Cuts Power To 23\n\nMarch 4, 2032 9:15 AM\n\nRivers rose on Tuesday.")
    assert ("23\n\nMarch", "2032-03-23") not in {(d.text, d.value) for d in doc._.kg_dates}
    assert [d.text for d in doc._.kg_dates if "March" in d.text] == ["March 4, 2032"]


def test_a_day_an_abbreviated_month_and_a_year_is_a_date(nlp):
    """British date lines abbreviate the month ("Thu 3 Mar 2039 10.20 GMT", "3 Mar 2039 | 10:20",
    "Posted Thu 3 Mar 2039 at 10:20am"): with a day before it and a year after it, "Mar" is a month."""
    for line in ("Thu 3 Mar 2039 10.20 GMT", "3 Mar 2039 | 10:20", "Posted Thu 3 Mar 2039 at 10:20am"):
        doc = run_doc(nlp, f"Ferry Operator Fined Over Late Sailings\n\nOsk Tarvel\n{line}\n\n"
                           "The regulator fined the operator on Tuesday.")
        found = {(d.text, d.value) for d in doc._.kg_dates}
        assert ("3 Mar 2039", "2039-03-03") in found, (line, found)


def test_a_day_a_month_a_comma_and_a_year_is_one_date(nlp):
    """"21 Feb, 2039 09:40 AM" (a date line), "3 March, 2039": the comma keeps the year with the day and
    month; "Feb" there is no name and "4 Mar." no count; "and 6" before its own month is no second day."""
    doc = run_doc(nlp, "Ferry Operator Fined\n\nBy Osk Tarvel\n\n21 Feb, 2039 09:40 AM\n\n"
                       "The regulator met on 3 March, 2039, on 5 Mar 2039 and 6 Sept. 2039 and on 4 Mar. 2039.")
    found = {(d.text, d.value) for d in doc._.kg_dates}
    assert {("21 Feb, 2039", "2039-02-21"), ("3 March, 2039", "2039-03-03"), ("5 Mar 2039", "2039-03-05"),
            ("6 Sept. 2039", "2039-09-06"), ("4 Mar. 2039", "2039-03-04")} <= found, found
    assert "2039-03-06" not in {v for _, v in found}
    assert "Feb" not in {e.label for e in doc._.kg_entities.values()}
    assert not [c.text for c in doc._.kg_counts if "Mar" in c.text or "Sept" in c.text]


def test_a_month_and_day_near_a_day_written_with_its_year_is_in_that_year(nlp):
    """The story tells an earlier year ("failed on March 9, 2031"): "March 2" in the next sentence is in it,
    not in the year of publication; a day still to come stays ahead of publication; a birthday decades
    back lends its year to nothing."""
    doc = run_doc(nlp, "The Velm dam failed on March 9, 2031. Engineers had inspected it on March 2 and found "
                       "cracks. The report came out on Monday.", "2033-05-11")
    found = {(d.text, d.value) for d in doc._.kg_dates}
    assert {("March 2", "2031-03-02"), ("Monday", "2033-05-09")} <= found
    doc = run_doc(nlp, "Ada Kessel was born on December 1, 1990. On November 20, she won the vote.", "2033-12-10")
    assert ("November 20", "2033-11-20") in {(d.text, d.value) for d in doc._.kg_dates}
    doc = run_doc(nlp, "The plant opened on May 3, 2019. It will close on May 20, the firm said.", "2033-04-17")
    assert ("May 20", "2033-05-20") in {(d.text, d.value) for d in doc._.kg_dates}


def test_until_a_day_looks_forward(nlp):
    doc = run_doc(nlp, "Passengers can claim refunds on the Velm Air website until June 30, the airline said.",
                  "2033-05-20")
    assert ("June 30", "2033-06-30") in {(d.text, d.value) for d in doc._.kg_dates}


def test_a_month_after_now_and_through_or_till(nlp):
    found = {(d.text, d.value) for d in run_doc(
        nlp, '"Prices will keep rising between now and October," the Velm grocers said. Talks ran from January '
             'till March. All Velm schools stay closed through Sept. 9.', "2035-08-23")._.kg_dates}
    assert {("October", "2035-10"), ("January", "2035-01"), ("March", "2035-03"), ("Sept. 9", "2035-09-09")} <= found


def test_is_due_looks_forward_and_a_month_before_a_plural_noun_is_a_date(nlp):
    """"is due in September" is the next September; "unpaid March wages", "the June exams": a month right
    before a plural noun is a date without a preposition (not "May", a modal as often)."""
    doc = run_doc(nlp, "The final instalment is due in September. Staff at the Velm college still await unpaid "
                       "March wages. The June exams were moved. Students may sit them later.", "2037-10-14")
    found = {(d.text, d.value) for d in doc._.kg_dates}
    assert {("September", "2038-09"), ("March", "2037-03"), ("June", "2037-06")} <= found, found


def test_a_month_before_a_verb_and_due_to_are_no_forward_dates(nlp):
    """"Her daughter June works ...": a name before a verb, no date; "is due mainly to flooding in March":
    a cause, not a schedule (the latest March)."""
    doc = run_doc(nlp, "Her daughter June works as a nurse in Velm. The fall is due mainly to flooding in March.",
                  "2037-10-14")
    found = {(d.text, d.value) for d in doc._.kg_dates}
    assert found == {("March", "2037-03")}, found


def test_a_day_written_in_figures_is_a_date(nlp):
    """"22/03/2041 - 10:15" (a date line) and "on 14/11/2040" are days; "03/04/2040" could be either
    month first or day first and stays no date, as the date line reader reads it."""
    doc = run_doc(nlp, "Ferry Operator Fined\n\nBy Osk Tarvel\n22/03/2041 - 10:15\n\n"
                       "The regulator fined it on 14/11/2040 and warned it on 03/04/2040. "
                       "Tarsk (Velmpress) - 07.12.2040.",
                  "2041-03-22")
    found = {(d.text, d.value) for d in doc._.kg_dates}
    assert {("22/03/2041", "2041-03-22"), ("14/11/2040", "2040-11-14"), ("07.12.2040", "2040-12-07")} <= found
    assert not [v for t, v in found if "03/04" in t]


def test_an_older_year_after_in_before_a_clause_end_is_a_date(nlp):
    doc = run_doc(nlp, "A clock was built in Orvik in 1688, the guild's books show. The town was founded "
                       "in 1320. Turnout rose to 1200. Water reached in 1500 homes.", "2041-03-22")
    assert [(d.text, d.value) for d in doc._.kg_dates] == [("1688", "1688"), ("1320", "1320")]



def test_a_version_number_is_no_day(nlp):
    doc = run_doc(nlp, "Version 12.05.2041 of the software was released on 14/05/2041.", "2041-05-14")
    assert [(d.text, d.value) for d in doc._.kg_dates] == [("14/05/2041", "2041-05-14")]


def test_two_days_gone_by_an_expected_day_and_a_year_before_a_noun(nlp):
    """"had queued on Monday and Tuesday": two days gone by, not a weekly schedule; "a ferry was
    expected on Sept. 20" (written on the 13th) is this year's; "a 2029 upgrade" dates the upgrade."""
    doc = run_doc(nlp, "Hundreds of drivers queued at the depot in Orvik on Monday and Tuesday. A spare "
                       "ferry was expected in Tarsk on Sept. 20, the operator said. It blamed a 2029 upgrade "
                       "of the booking system.", "2031-09-13")
    values = {d.value for d in doc._.kg_dates}
    assert {"2031-09-08", "2031-09-09", "2031-09-20", "2029"} <= values, values


def test_weekdays_that_repeat_and_a_measure_after_a(nlp):
    """"were collected on Monday and Thursday each week" is a schedule, not two days; "a 2000 km
    journey" is a distance, not a year."""
    doc = run_doc(nlp, "The bins were collected on Monday and Thursday each week. They completed a 2000 km "
                       "journey across the desert.", "2041-05-15")
    assert not doc._.kg_dates, [(d.text, d.value) for d in doc._.kg_dates]


# a machine-written date field near the top is the page's metadata, not a date the article writes
@pytest.mark.parametrize("text, dates", [
    ("Velm Fares Rise\n\ndate 2031-03-09\n\nFares rose on Tuesday.", ["Tuesday"]),
    ("Velm Fares Rise\n\npublished: 2031-03-09T10:20:00Z\n\nFares rose on Tuesday.", ["Tuesday"]),
    # printed by the outlet, in words: a date mention
    ("Velm Fares Rise\n\nPublished March 9, 2031\n\nFares rose on Tuesday.", ["March 9, 2031", "Tuesday"]),
    # an ISO date in a sentence of the body is written by the article
    ("Velm Fares Rise\n\nThe rule took effect on 2031-03-01, the council said.", ["2031-03-01"]),
    # a scraper ran the first paragraph on after the field: the field alone is metadata
    ("Velm Fares Rise\n\ndate 2031-03-09 Fares rose on Tuesday.", ["Tuesday"]),
    # far below the top, a field-shaped line is text
    ("Velm Fares Rise\n\n" + "Fares rose.\n\n" * 6 + "date 2031-03-09\n", ["2031-03-09"]),
])
def test_a_date_field_line_at_the_top_is_metadata(nlp, text, dates):
    assert [d.text for d in run_doc(nlp, text, "2031-03-09")._.kg_dates] == dates


def test_a_list_of_months_keeps_the_tense_of_its_first(nlp):
    doc = run_doc(nlp, "Some 5,300 flights are expected in June, 6,100 in July and 7,200 in August.", "2031-05-20")
    assert [(d.text, d.value) for d in doc._.kg_dates] == [("June", "2031-06"), ("July", "2031-07"),
                                                           ("August", "2031-08")]
    doc = run_doc(nlp, "Arrivals were 5,300 in March, 6,100 in April.", "2031-05-20")
    assert [(d.text, d.value) for d in doc._.kg_dates] == [("March", "2031-03"), ("April", "2031-04")]


@pytest.mark.parametrize("text, dates", [
    # a clause between two months ends the list: the later one reads its own clause
    ("Shipments are expected in July, after the plant reopened on June 2.", [("July", "2031-07"),
                                                                             ("June 2", "2031-06-02")]),
    ("Exports will rise in July, the ministry said, recalling the floods of March.", [("July", "2031-07"),
                                                                                      ("March", "2031-03")]),
])
def test_a_month_outside_the_list_keeps_its_own_tense(nlp, text, dates):
    assert [(d.text, d.value) for d in run_doc(nlp, text, "2031-06-15")._.kg_dates] == dates


def test_last_weekday_written_on_that_weekday_is_a_week_back(nlp):
    """"last Sunday" in an article of a Sunday is the Sunday before; a bare "Sunday" is that day."""
    doc = run_doc(nlp, "The storm hit last Sunday. The clean-up began on Sunday.", "2031-05-11")  # a Sunday
    assert [d.value for d in doc._.kg_dates] == ["2031-05-04", "2031-05-11"]
    doc = run_doc(nlp, "The storm hit last Sunday.", "2031-05-13")  # a Tuesday
    assert [d.value for d in doc._.kg_dates] == ["2031-05-11"]



@pytest.mark.parametrize("sentence, text, value", [
    ("Storms in January this year cut power to 300 farms.", "January this year", "2031-01"),
    ("The plant closed in March last year.", "March last year", "2030-03"),
])
def test_a_month_then_this_or_last_year_is_one_month(nlp, sentence, text, value):
    assert [(d.text, d.value, d.precision) for d in run_doc(nlp, sentence, "2031-07-15")._.kg_dates] == [
        (text, value, "month")]


@pytest.mark.parametrize("sentence, text, value", [
    ("He took the title on Sept. 14 last year.", "Sept. 14 last year", "2030-09-14"),
    ("He may race again from Oct 3 next year.", "Oct 3 next year", "2032-10-03"),
    ("The game on Apr 9 last year was fixed.", "Apr 9 last year", "2030-04-09"),
])
def test_a_day_then_last_or_next_year_is_that_day_of_that_year(nlp, sentence, text, value):
    """"Sept. 28 last year": the day in the year the period says (not the nearest 28 September);
    "on Oct 29": a month's abbreviation without its full stop after a preposition, before a day."""
    assert [(d.text, d.value, d.precision) for d in run_doc(nlp, sentence, "2031-07-15")._.kg_dates] == [
        (text, value, "day")]


def test_a_day_of_a_leap_year_in_a_common_year_keeps_its_own_year(nlp):
    assert [d.text for d in run_doc(nlp, "It opened on Feb. 29 last year.", "2034-03-15")._.kg_dates] != [
        "Feb. 29 last year"]


@pytest.mark.parametrize("sentence, dates", [
    ("Police said the attack happened on Monday last year.", [("Monday", "2031-07-14"), ("last year", "2030")]),
    ("A letter from Jan 3 weeks ago was read out.", []),
])
def test_a_weekday_before_last_year_and_a_name_before_a_number_of_weeks(nlp, sentence, dates):
    """"Monday last year" keeps the weekday's day (a year back would change the weekday); "Jan 3
    weeks ago" is no 3 January."""
    assert [(d.text, d.value) for d in run_doc(nlp, sentence, "2031-07-15")._.kg_dates] == dates


@pytest.mark.parametrize("text, value", [
    ("The lines were cut in October & November 2013 and fined.", "2013-10"),
    ("The lines were cut in July and August 2019 and fined.", "2019-07"),
    ("The lines were cut in December & January 2019 and fined.", "2018-12"),  # the winter across the new year
    ("The lines were cut from November to February 2019 and fined.", "2018-11"),
])
def test_a_month_alone_before_a_month_of_a_year_is_in_that_year(nlp, text, value):
    """A month named alone and joined by a range word to a month of a year takes that year, not
    the publication date's."""
    doc = run_doc(nlp, "date 2021-03-01\n\n" + text)
    assert doc._.kg_dates[0].value == value
