"""Ties each count (made by kg_counts) to what the other components found in its
sentence: the event its trigger word names, the nearest place and organisation,
the date (in the sentence, else the narrative's last one before it, skipping
photo captions) and the speaker of the sentence's statement. The
``kg_count_links`` component runs this after kg_relations."""

from __future__ import annotations

import re
from datetime import date, timedelta

from spacy.tokens import Doc

from kg.nlp.date_values import latest_weekday
from kg.nlp.extensions import doc_text, sentence_index
from kg.nlp.lexicon import Lexicon
from kg.nlp.relations.patterns import link_patterns
from kg.types import LOC, ORG, Count, DateMention

# what stands between two items of a list, or an item before the count: "and", a figure and a word or
# three ("40 in June"); the clauses of a sentence are split at semicolons and at commas not
# inside a figure
_LIST_ITEM = re.compile(r"\s*(?:(?:and|or)\s+)?(?:\d[\d.,]*(?:\s+[\w'’]+){0,3})?\s*", re.IGNORECASE)
_CLAUSES = re.compile(r";|(?<!\d),|,(?!\d)")
_SATURDAY = 5


def link_counts(doc: Doc, lex: Lexicon) -> None:
    """Fill in event, place, organisation, date and attributed_to of doc._.kg_counts (in place)."""
    counts = doc._.kg_counts or []
    linker = _Linker(doc, lex)
    for c in counts:
        linker.event(c)
        linker.place_and_organisation(c)
        linker.date(c)
        st = next((s for s in linker.stmts_in.get(c.sentence, ()) if s.speaker), None)
        if st:
            c.attributed_to = st.speaker
    _share_dates(counts)


def _share_dates(counts: list[Count]) -> None:
    """A count written again later (a headline's "9 Workers Hurt", then "injuring 9 workers on
    Tuesday") is the same fact: an undated copy takes the date the other one found."""
    dated = {}
    for c in reversed(counts):
        if c.date and c.value is not None and c.head:
            dated[(c.value, c.upper, c.head.lower())] = c.date
    for c in counts:
        if not c.date and c.value is not None and c.head:
            c.date = dated.get((c.value, c.upper, c.head.lower()))


def _by_sentence(items: list) -> dict[int, list]:
    """What each sentence holds, looked up per count (a scan of the article per count is
    quadratic: a 400 KB article of 5,000 counts spent minutes here)."""
    out: dict[int, list] = {}
    for x in items:
        out.setdefault(x.sentence, []).append(x)
    return out


class _Linker:
    """What the article holds, and the tests on its dates, for linking its counts."""

    def __init__(self, doc: Doc, lex: Lexicon) -> None:
        self.lex = lex
        self.entities = doc._.kg_entities or {}
        dates: list[DateMention] = doc._.kg_dates or []
        self.pat = link_patterns(lex)
        self.text = doc_text(doc)
        self.sents = list(doc.sents)
        self.published = doc._.kg_published or ""
        self.future_words = set(lex.relations["future_clause_markers"])
        self.passive_aux = set(lex.relations["passive_auxiliaries"])
        self.captions = self._captions()
        weekends = self._weekends(doc)
        self.lede = self._lede(sorted(dates + weekends, key=lambda d: d.start))
        self.by_sentence = _by_sentence(doc._.kg_mentions or [])
        self.dates_in = _by_sentence(dates + weekends)
        self.stmts_in = _by_sentence(doc._.kg_statements or [])

    def _captions(self) -> set[int]:
        """The sentences that are photo captions; a credit standing alone ("(Reuters)") makes the
        sentence before it a caption."""
        sents = self.sents
        captions = {i for i, s in enumerate(sents) if self.pat.caption.search(s.text)}
        return captions | {i - 1 for i in captions if re.fullmatch(r"\s*\([^)]*\)\s*", sents[i].text)}

    def _weekends(self, doc: Doc) -> list[DateMention]:
        """"over the weekend", "last weekend": the Saturday of the weekend before publication ("last
        weekend" written at a weekend: the one before), a date that dates the counts of its sentence
        and after it, and the lede's day where it is the first (no date mention of the article's)."""
        if not self.published:
            return []
        try:
            anchor = date.fromisoformat(self.published[:10])
        except ValueError:
            return []
        saturday = latest_weekday(_SATURDAY, anchor)
        sent_of = sentence_index(doc)
        out = []
        for m in self.pat.past_weekend.finditer(self.text):
            back = 7 if m.group(0).lower().startswith("last") and anchor.weekday() >= _SATURDAY else 0
            span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
            if span is not None and len(span):
                out.append(DateMention(m.group(0), m.start(), m.end(), sent_of[span.start],
                                       (saturday - timedelta(days=back)).isoformat(), "day", True))
        return out

    def _lede(self, dates: list[DateMention]) -> tuple[int, str] | None:
        """The lede's day: the first weekday or "yesterday" resolved that dates an event (not the
        dateline's day of writing, not "officials said on Tuesday"), else the first day-precise date."""
        days = [d for d in dates if d.value and d.precision == "day" and not self.is_period(d)
                and not self.dateline(d)]
        eventful = [d for d in days if not self.of_saying(d)]
        first = next((d for d in eventful if d.relative),
                     next((d for d in days if d.relative), days[0] if days else None))
        # "gave on Monday an account of Sunday's launch": the day a possessive gives names the event
        named = next((d for d in eventful if first is not None and d.sentence == first.sentence and d.relative
                      and self.text[d.end : d.end + 2] in ("'s", "’s")), None)
        first = named or first
        return (first.sentence, first.value) if first is not None else None

    # -- the tests on one date ------------------------------------------------------------------

    def is_period(self, d: DateMention) -> bool:
        """'since December', 'from 2014': the date starts a period, it does not date an event (but
        'since October, when it bought ...' dates what the clause after it tells)."""
        text = self.text
        return self.pat.period.search(text[max(0, d.start - 7) : d.start]) is not None \
            and not re.match(r",\s+when\b", text[d.end : d.end + 8])

    def sent_start(self, d: DateMention) -> int:
        return self.sents[d.sentence].start_char

    def relative_clause(self, d: DateMention) -> tuple[int, int] | None:
        """'Tarvel, who joined the club in Oslo in June, receives R95,000': the span of the ', who ...,'
        clause that holds the date (a person's past, not the day of a count outside it), else None.
        (Not ', which ...': a body's action in a which-clause may well be on the day of what the
        sentence counts.)"""
        text = self.text
        lo, hi = self.sent_start(d), self.sents[d.sentence].end_char
        m = re.search(r",\s+who\s+[^,;]*$", text[lo : d.start])
        if m is None:
            return None
        end = re.search(r"[,;]", text[d.end : hi])
        return lo + m.start(), (d.end + end.start()) if end else hi

    def since_clause(self, d: DateMention) -> int | None:
        """'..., amid a feud that has grown since a truce ended in 2021': where the
        'since' clause holding the date starts (it dates that clause's event, not what the
        sentence counted before it), else None."""
        lo = self.sent_start(d)
        m = re.search(r"\bsince\s+(?:the\s+|a\s+|an\s+)?[a-z]\w*\s+[^,;]*$", self.text[lo : d.start])
        return lo + m.start() if m else None

    def dateline(self, d: DateMention) -> bool:
        """'OSLO, May 6, 2026 (Reuters) -', or a date line of its own near the top ('Thu 3 Mar 2039
        10.20 GMT', 'Posted Thu 3 Mar 2039 at 10:20am', or the same at the end): the day of writing,
        not of an event."""
        text = self.text
        if d.value and d.value == self.published:
            start, end = text.rfind("\n", 0, d.start) + 1, text.find("\n", d.end)
            line = text[start : len(text) if end < 0 else end].strip()
            lines_before = sum(1 for x in text[:start].splitlines() if x.strip())
            lines_after = sum(1 for x in text[d.end :].splitlines()[1:] if x.strip())
            if len(line) <= 80 and not line.endswith(".") and (lines_before < 6 or lines_after < 3):
                return True  # (at the top, or at the very end where some pages print it)
        if self.pat.dateline_after.match(text, d.end) is None:
            return False
        # "TARVEL, May 24 (AFP) -" (a year or not): nothing but capitals and commas before it on its line
        line = text[text.rfind("\n", 0, d.start) + 1 : d.start]
        return re.search(r"\b[a-z]{2,}\b", line) is None

    def of_saying(self, d: DateMention) -> bool:
        """'officials said on Wednesday': the day something was said, not the day it happened (but 'N infections
        were confirmed in 2029', a reporting verb in the passive, dates what was counted)."""
        lo = max(self.sent_start(d), d.start - 80)
        m = self.pat.speech_date.search(self.text[lo : d.start])
        if m is None:
            return False
        before = re.findall(r"[\w'’]+", self.text[lo : lo + m.start()])
        return not (before and before[-1].lower() in self.passive_aux)

    def ahead(self, d: DateMention) -> bool:
        """A date after publication ('talks begin next Tuesday'): it dates only what is still to come."""
        published = self.published
        return bool(published) and d.value[: len(published)] > published[: len(d.value)]

    def opens_sentence(self, d: DateMention) -> bool:
        """The date opens its sentence ("In March 2030, ...", "On Monday, ...")."""
        return re.fullmatch(r"\s*(?:(?:In|On|By|Early|Late|Last|Since)\s+)?(?:(?:early|late|mid)[\s-]+)?",
                            self.text[self.sent_start(d) : d.start]) is not None

    def attributive_year(self, d: DateMention) -> bool:
        """'a 2029 upgrade', 'the 2031 floods': a year that names a thing, not when the narrative is."""
        return d.precision == "year" and re.match(r" [a-z]", self.text[d.end : d.end + 2]) is not None

    def of_comparison(self, d: DateMention) -> bool:
        """'down from 35 in 2022': the date of the number compared with."""
        return self.pat.comparison_date.search(
            self.text[max(self.sent_start(d), d.start - 40) : d.start]) is not None

    # -- the tests on one count -----------------------------------------------------------------

    def looks_forward(self, c: Count) -> bool:
        """The count's own clause looks forward ('will hire 300 staff'), not back ('which won 14 seats');
        a count that is an item of a list ('plans to take 30 in May, 40 in June') looks where the clause
        opening the list does."""
        text = self.text
        first = self.sents[c.sentence].start_char
        start = self.clause_start(c)
        if self.future_in(text[start : c.start]):
            return True
        if not self.list_item(c):
            return False
        opening = next((seg for seg in reversed(_CLAUSES.split(text[first:start])) if not _LIST_ITEM.fullmatch(seg)),
                       "")
        return self.future_in(opening)

    def clause_start(self, c: Count) -> int:
        """Where the count's clause starts: after the last comma or semicolon before it in the sentence."""
        text, first = self.text, self.sents[c.sentence].start_char
        return max(text.rfind(",", first, c.start), text.rfind(";", first, c.start), first)

    def list_item(self, c: Count) -> bool:
        """The count opens an item of a list after a comma ('in May, 40 in June', ', and 55 in July')."""
        start = self.clause_start(c)
        return start != self.sents[c.sentence].start_char and _LIST_ITEM.fullmatch(self.text[start + 1 : c.start]) \
            is not None

    def as_of(self, d: DateMention, c: Count) -> bool:
        """'said on Thursday that 57 wells have so far been tested': the count stands as of
        the day it was told (relations.json as_of_markers after the date, before the count's clause ends)."""
        end = self.sents[c.sentence].end_char
        stop = re.search(r"[,;]", self.text[c.end : end])
        return d.end <= c.start and self.pat.as_of.search(self.text, d.end, c.end + stop.start() if stop else end) \
            is not None

    def future_in(self, clause: str) -> bool:
        return any(w.strip("'’").lower() in self.future_words for w in re.findall(r"[\w'’]+", clause))

    def paragraph_ends(self, si: int) -> bool:
        """A line break follows sentence ``si`` (its own trailing space included) before the next."""
        sents = self.sents
        return "\n" in self.text[sents[si].start_char + len(sents[si].text.rstrip()) : sents[si + 1].start_char]

    # -- what a count gets ----------------------------------------------------------------------

    def event(self, c: Count) -> None:
        """The nearest trigger word after the count, else before it, in the sentence."""
        text, sent, trig_re = self.text, self.sents[c.sentence], self.pat.triggers
        after = text[c.end : sent.end_char]
        before = text[sent.start_char : c.start]
        ms = list(trig_re.finditer(before))
        m = trig_re.search(after)
        if ms and len(before) - ms[-1].end() < 4:
            c.event_word = ms[-1].group(1)  # "captured 400 fighters"
        elif m and m.start() < 80:
            c.event_word = m.group(1)
        elif ms and len(before) - ms[-1].end() < 40:
            c.event_word = ms[-1].group(1)
        if c.event_word:
            c.event = self.lex.event_triggers.get(c.event_word.lower())

    def place_and_organisation(self, c: Count) -> None:
        """The nearest place and the nearest organisation (no outlet) mentioned in the sentence."""
        text, entities = self.text, self.entities
        here = self.by_sentence.get(c.sentence, ())
        places = [m for m in here if entities[m.entity].type == LOC
                  and not text[m.end : m.end + 1] == "-"]  # "US-backed" is not where it happened
        if places:
            c.place = min(places, key=lambda m: abs(m.start - c.start)).entity
        orgs = [m for m in here if entities[m.entity].type == ORG and not entities[m.entity].outlet]
        if orgs:
            c.organisation = min(orgs, key=lambda m: abs(m.start - c.start)).entity

    def date(self, c: Count) -> None:
        """In the sentence (not a "since ..." period), else the narrative's last date."""
        in_sent = self.dates_in_sentence(c)
        if in_sent:
            # nearest date; on a tie the one after the count ("$870 million in 2016"); a period
            # ("since May") dates nothing
            nearest = min(in_sent, key=lambda d: (d.start - c.end, 0) if d.start >= c.end else (c.start - d.end, 1))
            own = [d for d in in_sent if d.start >= c.end and not re.search(r"[,;]", self.text[c.end : d.start])]
            if own and self.list_item(c):  # 'in May, 40 in June': the item's own month, not the one before
                nearest = own[0]
            c.date = None if self.is_period(nearest) else nearest.value
        elif not self.date_before(c) and self.lede is not None and c.sentence != self.lede[0]:
            c.date = self.lede[1]  # an event counted far from any date: the day the article reports

    def dates_in_sentence(self, c: Count) -> list[DateMention]:
        """The dates of the count's sentence that may date it."""
        text = self.text
        in_sent = [d for d in self.dates_in.get(c.sentence, ()) if d.value and not self.dateline(d)
                   and not (self.of_comparison(d)
                            and not (0 <= d.start - c.end <= 12 and "," not in text[c.end : d.start]))
                   and not (self.ahead(d) and not self.looks_forward(c))]
        in_sent = [d for d in in_sent if ((cs := self.since_clause(d)) is None or c.start >= cs)
                   and ((r := self.relative_clause(d)) is None or r[0] <= c.start < r[1])]
        said = [d for d in in_sent if self.of_saying(d)]
        if len(said) < len(in_sent):  # a date of the event itself wins over the day of saying
            in_sent = [d for d in in_sent if d not in said]
        elif said and self.lede is not None and self.lede[1] != said[0].value and not self.as_of(said[0], c):
            in_sent = []  # only the day of saying here: the event's day is the lede's, when it has one
        return in_sent

    def date_before(self, c: Count) -> bool:
        """Date the count by the narrative's last date in the three sentences before it; whether
        one did."""
        crossed = False  # a paragraph's end lies between the count and the sentence looked at
        for back in range(1, 4):
            si = c.sentence - back
            if si < 0:
                break
            crossed = crossed or self.paragraph_ends(si)
            if si in self.captions:
                continue
            # past a paragraph's end only a date that opens its sentence ("In March 2030, rebels took
            # the town." / "They held 300 hostages") frames what follows, not one said in passing
            prior = [d for d in self.dates_in.get(si, ()) if d.value and not self.is_period(d)
                     and not self.dateline(d) and not self.of_comparison(d) and not self.of_saying(d)
                     and not self.ahead(d) and not self.attributive_year(d)
                     and (not crossed or self.opens_sentence(d))]
            if crossed and not prior and self.dates_in.get(si):
                break  # the paragraph before has dates of its own, none that frames: the lede's day
            if prior:  # the narrative's last date ("since 2019" starts a period: it dates nothing)
                c.date = prior[-1].value
                return True
        return False
