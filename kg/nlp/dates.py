"""Date expressions: find them in a Doc and normalise them to ISO with a precision.

The patterns of :mod:`kg.nlp.date_patterns` find the expressions; each is normalised against the
publication date by :func:`kg.nlp.date_values.normalise`, with the tense of its clause: a month, or
month and day, without a year is the next one in a clause that looks forward ("will", "by August"),
the latest one in one that looks back ("since", "was"), else a month is the latest one and a month
and day the nearest one; "Tuesday through Thursday" (a recurring time) is no date.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from spacy.tokens import Doc, Span

from kg.ingest.datelines import numeric_dates, yearless_dateline_at
from kg.nlp.date_patterns import DatePatterns, build_patterns
from kg.nlp.date_values import Resolved, normalise
from kg.nlp.extensions import doc_text
from kg.nlp.lexicon import Lexicon
from kg.types import DateMention


def verb_tense(span, lex: Lexicon) -> str | None:  # noqa: ANN001 (a spaCy Span)
    """The tense of the verb the date hangs on in the parse ("fell in September": past; "will
    reopen in May": future), or None without a parse or a clear verb."""
    if not span.doc.has_annotation("DEP"):
        return None
    tok = span.root.head  # the word the date modifies: only a verb says when
    # a small parser may hang the date on a verb further back ("is likely to raise fares because
    # fuel costs jumped in March"): the nearest verb before the date, when nearer, is its verb
    near = next((t for t in reversed(span.doc[span.sent.start : span.start]) if t.tag_.startswith("VB")
                 and t.pos_ == "VERB"), None)
    if near is not None and (tok.i < near.i < span.start or not tok.tag_.startswith("VB")) \
            and not any(t.text in {";", ":", "\"", "\u201c", "\u201d"} for t in span.doc[near.i : span.start]):
        tok = near
    if not tok.tag_.startswith("VB"):
        return None
    if any(t.tag_ == "MD" and t.lower_ in lex.dates["future_aux"] for t in span.doc[tok.i + 1 : span.start]):
        return "future"  # "had sent doses and would review them by September": a modal after the verb, nearer
    aux = {c.lower_ for c in tok.children if c.dep_ in {"aux", "aux:pass", "auxpass"}}
    # "had predicted a surplus": a past perfect's auxiliary right before the verb, whatever the parse made
    # of it (not "has forecast rain in June": a forecast still looks ahead)
    k = tok.i - 1
    while k > span.sent.start and span.doc[k].lower_ in {"not", "n't", "also", "already"}:
        k -= 1
    if k >= span.sent.start and span.doc[k].lower_ == "had":
        aux.add("had")
    if tok.tag_ == "VBN" and aux & {"have", "has", "had"} and not aux & {"will", "shall", "'ll"}:
        return "past"  # "may have been exposed on May 8" ("will have closed by May" still looks ahead)
    if aux & set(lex.dates["future_aux"]):
        return "future"  # "will reopen in May"
    if tok.lower_ in lex.dates["forecast_verbs"] and tok.i < span.start and not aux & {"had", "has", "have"}:
        return "future"  # "forecast snow before April": a forecast is about what comes after it
    if tok.lower_ in lex.dates["expectation_verbs"]:
        if tok.tag_ == "VBN" and aux & set(lex.dates["present_passive_aux"]):
            return "future"  # "flights are expected in June", "is scheduled for May": planned, still to come
        return None  # "expected a decision at its next sitting in October": the clause decides, not the verb
    if tok.tag_ == "VBD" or (tok.tag_ == "VBN" and aux & {"had", "has", "have", "was", "were"}):
        return "past"
    return None


def clause_tense(before: str, after: str, lex: Lexicon) -> str | None:
    """Whether the clause of a date looks forward ("future": "will", "expects", or "by" right
    before the date) or back ("past": "since", "was"), else None. ``before`` is the clause up to
    the date (from the last comma or semicolon), ``after`` the clause after it, read only when
    ``before`` says nothing ("In May, the plant will reopen")."""
    pat = lex.pattern("date_tense", _tense_patterns)
    if _future_preposition(before, lex):
        return "future"
    if pat[4].search(before):
        return None  # "a ferry was expected in port on Sept. 20": said before the day, of a day that may
        # not have come yet: the nearest such day
    for part in (before, after):
        fm = pat[1].search(part)
        if fm and not pat[3].search(part, 0, fm.start()):
            return "future"
        if fm:
            return "past"  # "nobody had expected ... in February": the marker in a past clause
        if pat[2].search(part):
            return "past"
    return None


def _future_preposition(before: str, lex: Lexicon) -> bool:
    """"by Dec. 5", "until May": a preposition right before the date that looks forward."""
    return lex.pattern("date_tense", _tense_patterns)[0].search(before) is not None


def _tense_patterns(lex: Lexicon) -> tuple[re.Pattern[str], ...]:
    """The tense patterns of dates.json: future prepositions, future and past markers, past auxiliaries, "expected"."""
    def words(items: list[str]) -> str:
        return "|".join(re.escape(w) for w in sorted(items, key=len, reverse=True))
    return (re.compile(rf"\b(?:{words(lex.dates['future_prepositions'])})\s*$", re.I),
            re.compile(rf"(?<!\w)(?:{words(lex.dates['future_markers'])})\b", re.I),
            re.compile(rf"\b(?:{words(lex.dates['past_markers'])})\b", re.I),
            # a past auxiliary right before the future marker: "did not expect", "had planned"
            re.compile(rf"\b(?:{words(lex.dates['past_auxiliaries'])})(?:\s+not)?\s+$", re.I),
            re.compile(rf"\b(?:{words(lex.dates['expected_then'])})\b(?!\s+to\b)", re.I))


_TOLD_REACH = 62  # days: a month and day this near a day written with its year is in that year,
_TOLD_YEARS = 3  # when that day is in the same or the sentence before and these few years before publication
# (not a birthday or an anniversary: "born on December 1, 1990. On November 20, she was elected")


def _in_the_year_told(res: Resolved, told: date) -> Resolved:
    """A month and day without a year, resolved against the publication date, moved to the year of
    the last day the article wrote with its year (in the same or the sentence before, a few years
    back) when it falls within two months of that day: the story is telling that time ("died on
    August 4, 2031. He was seen on August 1 and 2")."""
    day = date.fromisoformat(res.value)
    if day.year == told.year:
        return res
    try:
        moved = day.replace(year=told.year)
    except ValueError:  # February 29
        return res
    if abs((moved - told).days) > _TOLD_REACH:
        return res
    return Resolved(moved.isoformat(), res.precision, res.relative)


@dataclass
class _DateScan:
    """One Doc's text and what finding its dates carries from one expression to the next."""

    doc: Doc
    lex: Lexicon
    published: str | None
    sent_of: list[int]
    pat: DatePatterns
    text: str
    out: list[DateMention] = field(default_factory=list)
    last_day: str | None = None  # the last day found ("the day before" counts from it)
    last_told: tuple[date, int] | None = None  # the last day written with its year, and its sentence
    skip_until: int = 0  # the end of a recurring time ("Tuesday through Thursday")
    list_tense: tuple[int, str, int] | None = None  # sentence, tense and end of the last month with a tense


def find_dates(doc: Doc, lex: Lexicon, published: str | None, sent_of: list[int]) -> list[DateMention]:
    """The dates of ``doc``, normalised against its publication date, in text order (``sent_of``: each
    token's sentence); the date fields of a page's metadata lines are left out."""
    text = doc_text(doc)
    sc = _DateScan(doc, lex, published, sent_of, lex.pattern("date_patterns", build_patterns), text)
    for m in sc.pat.find.finditer(text):
        _date_at(sc, m)
    fields = field_line_spans(text, lex.dates["field_lines"])
    found = _with_date_line_days(doc, text, _month_before_a_month_of_a_year(
        text, _months_of_a_year(text, sc.out, lex), lex), sent_of, published)
    return [d for d in found if not any(fs <= d.start and d.end <= fe for fs, fe in fields)] if fields else found


def _date_at(sc: _DateScan, m: re.Match[str]) -> None:
    """The date of one match of the date pattern, appended to ``sc.out`` when it is one."""
    s, e = m.start(), m.end()
    expr = m.group(0)
    # the leading preposition is context, not part of the expression
    lead = sc.pat.lead.match(expr)
    if lead:
        s += lead.end()
        expr = sc.text[s:e]
    span = sc.doc.char_span(s, e, alignment_mode="expand")
    if span is None or s < sc.skip_until:
        return
    if _not_a_date(sc, span, expr, lead is not None) or _recurring(sc, span, expr, e):
        return
    tense = _tense(sc, span, expr, s, e)
    res = normalise(expr, sc.published, sc.lex, previous_day=sc.last_day, tense=tense)
    if res.precision is None:
        return
    res, month_day = _year_said(sc, span, expr, res, tense)
    _record(sc, span, expr, s, e, res, month_day)


def _not_a_date(sc: _DateScan, span: Span, expr: str, lead: bool) -> bool:
    """A month before a verb ("June works"; "the June exams" is a date) or a capitalised relative
    day inside a sentence ("The Day Before Tomorrow": a title)."""
    doc, low = sc.doc, expr.lower()
    if not lead and len(span) == 1 and low in sc.lex.dates["months"] and span.end < len(doc) \
            and doc[span.end].is_lower and doc[span.end].text.endswith("s") and doc[span.end].tag_ != "NNS":
        return True
    return expr[:1].isupper() and (low in sc.lex.dates["relative_days"] or low in sc.lex.dates["relative_periods"]) \
        and not (span[0].is_sent_start or (span.start > 0 and span.doc[span.start - 1].is_quote))


def _recurring(sc: _DateScan, span: Span, expr: str, e: int) -> bool:
    """"Tuesday through Thursday", "on Saturday mornings": a recurring time, no date (skipped whole);
    but "had queued on Monday and Tuesday": two days gone by."""
    if expr.split()[0].lower() not in sc.lex.dates["weekdays"]:
        return False
    lex, text = sc.lex, sc.text
    rec = sc.pat.recurring.match(text, e)
    joined = rec is not None and rec.group(0).split()[0].lower() == "and" and (
        verb_tense(span, lex) == "past" or (span.root.head.tag_ in {"VBD", "VBN"} and not any(
            c.dep_.startswith("aux") for c in span.root.head.children))) \
        and not sc.pat.recurring_tail.match(text, rec.end())  # ("were held Monday and Thursday each week")
    if rec and not joined:
        sc.skip_until = rec.end()
        return True
    return False


def _tense(sc: _DateScan, span: Span, expr: str, s: int, e: int) -> str | None:
    """Whether the date looks forward ("future", "next") or back ("past", "last"), else None: from its
    verb and clause, the list of months it is in, and the words right before it."""
    tense, day_after_past_verb = _verb_or_clause_tense(sc, span, expr, s, e)
    tense = _list_tense(sc, span, expr, s, e, tense, day_after_past_verb)
    return _tense_of_words_before(sc, expr, s, tense)


def _verb_or_clause_tense(sc: _DateScan, span: Span, expr: str, s: int, e: int) -> tuple[str | None, bool]:
    """The verb the date hangs on first ("By March, prices had risen": past), then a forward preposition
    ("asked for a report by Dec. 5"), then the words of the clause; and whether a day hangs on a past verb."""
    sent = span.sent
    tense = verb_tense(span, sc.lex)
    day_after_past_verb = tense == "past" and any(c.isdigit() for c in expr)
    if day_after_past_verb:
        tense = None  # a past verb may hang a day on the wrong clause ("priced in a cut at the next
        # meeting, on May 3"): a month and day stays the nearest one unless the clause looks forward
    if tense is None and _future_preposition(sc.text[max(sent.start_char, s - 12) : s], sc.lex):
        tense = "future"
    if tense is None and not day_after_past_verb:
        tense = _clause_tense_around(sc, sent, s, e)
    return tense, day_after_past_verb


def _clause_tense_around(sc: _DateScan, sent: Span, s: int, e: int) -> str | None:
    """The tense of the clause around the date; of the main clause after the comma when a short phrase
    opens the sentence with it ("By the end of April, the virus had spread")."""
    text = sc.text
    before = re.split(r"[,;:\n]", text[sent.start_char : s])[-1]
    after = re.split(r"[,;:.!?\n]", text[e : sent.end_char])[0]
    lead_in = text[sent.start_char : s]  # "By the end of ": a phrase that opens the sentence
    opening = re.match(r"\s*,", text[e : sent.end_char]) and len(lead_in) <= 30 \
        and _opening_pattern(sc.lex).match(lead_in) \
        and not re.search(r"[,;:]", lead_in)
    tense = None
    if opening:
        main = re.split(r"[;:.!?\n]", text[e : sent.end_char].lstrip(" ,"))[0]
        tense = clause_tense(main, "", sc.lex)
    if tense is None:
        tense = clause_tense(before, after, sc.lex)
    return tense


def _opening_pattern(lex: Lexicon) -> re.Pattern[str]:
    """A phrase that opens a sentence with one of dates.json opening_prepositions, capitalised ("By the end of")."""
    return lex.pattern("date_opening", lambda lx: re.compile(
        r"\s*(?:" + "|".join(re.escape(w.capitalize()) for w in lx.dates["opening_prepositions"]) + r")\b"))


def _list_tense(sc: _DateScan, span: Span, expr: str, s: int, e: int, tense: str | None,
                day_after_past_verb: bool) -> str | None:
    """"expected in May, 4,310 in June": a month of a list keeps the tense of the list's first month."""
    is_month = expr.split()[0].lower().rstrip(".,") in sc.lex.dates["months"]
    last = sc.list_tense
    sentence = sc.sent_of[span.start]
    if is_month and tense is None and not day_after_past_verb and last is not None \
            and last[0] == sentence and _LIST_GAP.fullmatch(sc.text[last[2] : s]):
        tense = last[1]
    if is_month and tense in {"future", "past"}:
        sc.list_tense = (sentence, tense, e)
    return tense


def _tense_of_words_before(sc: _DateScan, expr: str, s: int, tense: str | None) -> str | None:
    """The words right before the date that decide its tense: "scheduled for", "next", "last"."""
    text, first = sc.text, expr.split()[0].lower()
    if sc.lex.pattern("scheduled_for", lambda lx: re.compile(
            r"\b(?:" + "|".join(re.escape(w) for w in lx.dates["scheduled_for"]) + r")\s+for\s+$", re.I)
                      ).search(text, max(0, s - 30), s):
        tense = "future"  # "postponed for March", "scheduled for June": a planned month is the next one
    if first in sc.lex.dates["weekdays"] and re.search(r"\bnext\s+$", text[max(0, s - 6) : s], re.I):
        tense = "next"  # "next Tuesday": only this word moves a weekday forward (a bare one looks back)
    elif first in sc.lex.dates["weekdays"] and re.search(r"\blast\s+$", text[max(0, s - 6) : s], re.I):
        tense = "last"  # "last Sunday": before the day of publication, never that day itself
    step = sc.lex.dates["month_steps"].get(first)
    if step is not None:
        tense = "future" if step > 0 else "past"  # "last November": the latest before, "next March" the next
    return tense


def _year_said(sc: _DateScan, span: Span, expr: str, res: Resolved, tense: str | None) -> tuple[Resolved, bool]:
    """The date moved to the year the text says ("last May" written in May is a year back; "died on
    August 4, 2031. He was seen on August 1"), and whether it is a month and day."""
    published, weekdays = sc.published, sc.lex.dates["weekdays"]
    step = sc.lex.dates["month_steps"].get(expr.split()[0].lower())
    if step is not None and res.value and published and res.value == published[:7]:
        # (not the publication's own month: "last May" written in May is a year back)
        res = Resolved(f"{int(res.value[:4]) + step:04d}{res.value[4:]}", res.precision, res.relative)
    first_word = expr.split()[0].lower().rstrip(".,")
    month_day = res.precision == "day" and first_word not in weekdays \
        and sc.pat.day_and_month.search(expr.lower().replace(".", "")) is not None
    told = sc.last_told
    if month_day and res.relative and res.value and told is not None and published \
            and res.value <= published[:10] and tense != "future" \
            and sc.sent_of[span.start] - told[1] <= 1 and int(published[:4]) - told[0].year <= _TOLD_YEARS:
        res = _in_the_year_told(res, told[0])  # "died on August 4, 2031. He was seen on August 1"
    return res, month_day


def _record(sc: _DateScan, span: Span, expr: str, s: int, e: int, res: Resolved, month_day: bool) -> None:
    """Append the date, and a second day after it ("March 3 and 4": the 4th as well); remember the last
    day found and the last written with its year."""
    sentence = sc.sent_of[span.start]
    if res.value and res.precision == "day":
        sc.last_day = res.value
    if not res.relative and res.value and res.precision == "day":
        sc.last_told = (date.fromisoformat(res.value), sentence)
    sc.out.append(DateMention(expr, s, e, sentence, res.value, res.precision, res.relative))
    second = sc.pat.second_day.match(sc.text, e) if month_day and res.value else None
    if second and res.value:  # "March 3 and 4": the 4th as well
        try:
            d2 = date.fromisoformat(res.value).replace(day=int(second.group(1)))
        except ValueError:
            return
        sc.out.append(DateMention(sc.text[s : second.end()], s, second.end(), sentence, d2.isoformat(),
                                  "day", res.relative))


# between two months of one list: a comma or "and", a figure, a word it counts, a preposition
# ("in May, 4,310 in June", "in May and June"); a verb or a clause between them ends the list
_LIST_GAP = re.compile(r"[\s,;]*(?:(?:and|or)\s+)?(?:\d[\d.,]*\s+(?:[a-z]+\s+)?)?(?:(?:in|on|by|during)\s+)?", re.I)


def _months_of_a_year(text: str, out: list[DateMention], lex: Lexicon) -> list[DateMention]:
    """"January this year", "March last year", "Sept. 14 last year": one mention, the month or the day
    in the year the period says."""
    merged: list[DateMention] = []
    for d in out:
        prev = merged[-1] if merged else None
        if prev is not None and (prev.precision == "month" or (prev.precision == "day" and any(
                ch.isdigit() for ch in prev.text))) and prev.value and d.precision == "year" \
                and d.value and d.text.lower() in lex.dates["relative_periods"] \
                and not text[prev.end : d.start].strip() and _a_real_day(f"{d.value}{prev.value[4:]}", prev.precision):
            merged[-1] = DateMention(text[prev.start : d.end], prev.start, d.end, prev.sentence,
                                     f"{d.value}{prev.value[4:]}", prev.precision, True)
            continue
        merged.append(d)
    return merged


def _month_before_a_month_of_a_year(text: str, out: list[DateMention], lex: Lexicon) -> list[DateMention]:
    """"in October & November 2013", "July and August 2019": a month named alone, joined by a range
    word (dates.json range_words) to a month of a year, is in that year (in the year before when it
    comes later in the calendar: "from December to January 2021")."""
    months, joins = lex.dates["months"], set(lex.dates["range_words"])
    fixed = list(out)
    for k in range(len(fixed) - 1):
        a, b = fixed[k], fixed[k + 1]
        name = a.text.lower().rstrip(".")
        if name in months and b.precision == "month" and b.value and text[a.end : b.start].strip().lower() in joins:
            # a later month than the year's month is in the year before ("December & January 2021")
            year = int(b.value[:4]) - (months[name] > int(b.value[5:7]))
            fixed[k] = DateMention(a.text, a.start, a.end, a.sentence, f"{year:04d}-{months[name]:02d}", "month",
                                   False)
    return fixed


def _a_real_day(value: str, precision: str) -> bool:
    """Whether ``value`` names a day of the calendar (not 29 February of a common year)."""
    if precision != "day":
        return True
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def field_line_spans(text: str, fields: dict) -> list[tuple[int, int]]:
    """Where the machine-written date fields that open a line near the top are ("date 2031-03-09",
    "published: 2031-03-09T10:20"; dates.json field_lines): metadata, not dates the article writes."""
    keys = "|".join(re.escape(k) for k in fields["keys"])
    # the field opens its line; a scraper may have run the first paragraph on after it
    field = re.compile(r"[ \t]*(?:" + keys + r")[ \t]*:?[ \t]*\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?(?=\s|$)", re.I)
    out, seen, at = [], 0, 0
    for raw in text[:2000].split("\n"):
        if raw.strip():
            seen += 1
            if seen > fields["lines"]:
                break
            m = field.match(raw)
            if m:
                out.append((at, at + m.end()))
        at += len(raw) + 1
    return out


def _with_date_line_days(doc: Doc, text: str, out: list[DateMention], sent_of: list[int],
                        published: str | None = None) -> list[DateMention]:
    """Add the days written in figures ("22/03/2041 - 10:15", "07.12.2040") that no word pattern found:
    the same reading as the date line's (day first; slashes only where a number over 12 says which);
    and a dateline's month and day without a year ("TARSK, Jan 19 (Velmpress) -") when the article's
    publication date is that day (its year from the other articles of the build)."""
    found = numeric_dates(text)
    yearless = yearless_dateline_at(text)
    if yearless and published and published[5:10] == f"{yearless[2]:02d}-{yearless[3]:02d}":
        found.append((yearless[0], yearless[1], published[:10]))
    taken = [(d.start, d.end) for d in out]
    added = []
    for s, e, iso in found:
        span = doc.char_span(s, e, alignment_mode="expand")
        if span is None or any(s < te and ts < e for ts, te in taken):
            continue
        added.append(DateMention(text[s:e], s, e, sent_of[span.start], iso, "day", False))
    return sorted(out + added, key=lambda d: d.start) if added else out
