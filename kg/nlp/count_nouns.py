"""What a count counts: the noun phrase after the number, or, when there is none, the subject of a
linking verb before it, the noun after "number of", or the noun of another count of the sentence.

:func:`what_is_counted` sets ``what`` and ``head`` of a number the count finder (kg.nlp.counts) has
read; where no noun is written it tries the rules of :data:`ELSEWHERE` in their order.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from spacy.tokens import Doc

from kg.nlp.count_tokens import (
    Number,
    Scan,
    is_numberish,
    is_plural_noun,
    plural_ahead,
    singular_noun,
    starts_sentence,
    word_before,
)
from kg.nlp.lexicon import Lexicon
from kg.types import Count


def what_is_counted(sc: Scan, num: Number) -> None:
    """What the number counts and its head noun (``num.what``, ``num.head``); a currency's word after
    the number ("7 billion rupees") makes it a sum of money."""
    _noun_after(sc, num)
    if not num.what and num.compound is None:
        _who_clause(sc, num)
    _noun_of_another_count(sc, num)
    if num.currency:
        num.what = num.what if num.what and num.what.lower() not in sc.nums["not_what_after_currency"] else None
    _head(sc, num)
    sent_start = sc.doc[num.i].sent.start
    _people_of_a_place(sc, num)
    if not num.what and not num.currency:
        _counted_before(sc, num, sent_start)


def _noun_after(sc: Scan, num: Number) -> None:
    """The noun phrase after the number (``num.a``, ``num.b``, ``num.what``), past "of the" ("16 million
    of the 27.7 million registered voters") or the noun of a hyphenated compound ("the 2,300-member guild")."""
    _past_of(sc, num)
    if num.compound is not None:  # "the 2,300-member guild": members are counted
        num.a, num.b = num.compound
        num.np_start = num.end = num.b
    else:
        a, b = _noun_phrase_after(sc.doc, num.np_start, sc.lex)
        if num.elided:
            a = b = num.np_start
        num.a, num.b = a, _trimmed(sc, a, b)
    num.what = sc.doc[num.a : num.b].text if num.b > num.a else None


def _past_of(sc: Scan, num: Number) -> None:
    """Where the counted noun is looked for (``num.np_start``): after the number, or past "of the",
    "of the town's", "of them" ("700 of them in ...": elided, the count ends at "them")."""
    doc, n, nums = sc.doc, sc.n, sc.nums
    np_start = num.end
    elided = False
    if np_start < n and doc[np_start].lower_ == "of":
        # "hundreds of people", "16 million of the 27.7 million registered voters"
        np_start += 1
        while np_start < n and doc[np_start].lower_ in nums["of_determiners"]:
            np_start += 1
        poss = next((k for k in range(np_start, min(np_start + 4, n)) if doc[k].text in {"'s", "’s"}), None)
        if poss is not None and all(t.is_alpha for t in doc[np_start:poss]):
            np_start = poss + 1  # "4,100 of the town's 9,800 members"
        while np_start < n and is_numberish(doc[np_start], sc.lex):
            np_start += 1
        if np_start < n and doc[np_start].lower_ in nums["of_pronouns"]:
            # "three of them women": the noun after; "700 of them in ...": elided, the count ends at "them"
            np_start += 1
            elided = not (np_start < n and is_plural_noun(doc[np_start], sc.lex))
    num.np_start, num.elided = np_start, elided


def _trimmed(sc: Scan, a: int, b: int) -> int:
    """The end of the noun phrase a..b once what is no counted noun is cut off (an adverb, a verb, "last
    year"): a when no noun is named there."""
    doc, n, nums, lex = sc.doc, sc.n, sc.nums, sc.lex
    if b > a and doc[a].pos_ == "ADV" and doc[a].lower_ not in nums["unit_skip_words"] \
            and not plural_ahead(doc, a + 1, lex) and not (a + 1 < n and doc[a + 1].pos_ == "NOUN"):
        b = a  # "some 700 still stationed there": no noun is named ("three heavily armed men" is)
    if b > a + 1 and (doc[a].lower_ in nums["nominal_participles"] or doc[a].lower_ in nums[
            "people_participles"]) and doc[a + 1].pos_ not in {"NOUN", "PROPN"}:
        b = a + 1  # "nine of the injured went home": the participle is the noun
    # "175 billion won into the scheme": the currency, not a verb ("12 won medals": a verb)
    money_word = b > a and doc[a].lower_ in nums["currencies"] and not (
        a + 1 < n and doc[a + 1].pos_ in {"NOUN", "PROPN", "ADJ", "DET", "NUM", "PRON"})
    if b > a and doc[a].tag_ in {"VBD", "VBN", "VBG", "MD"} and not money_word \
            and doc[a].lower_ not in nums["nominal_participles"] \
            and doc[a].lower_ not in nums["people_participles"] and not (
            a + 1 < n and doc[a + 1].pos_ in {"NOUN", "PROPN"}) and not plural_ahead(doc, a + 1, lex):
        b = a  # "including 19 blamed on ...", "two preferred a ...": a verb, the noun is elided
    if b > a and (doc[a].lower_ in nums["not_what_starts"]
                  or (b - a == 1 and doc[a].lower_ in nums["unit_skip_words"])):
        b = a  # "$4 billion last year", "$9 million more over ...": no noun is counted there
    return b


def _who_clause(sc: Scan, num: Number) -> None:
    """"40 of those who fled": the people the relative clause names."""
    doc, n, np_start = sc.doc, sc.n, num.np_start
    if 0 < np_start < n - 2 and doc[np_start].lower_ == "who" and doc[np_start - 1].lower_ in sc.nums["of_pronouns"]:
        k = next((k for k in range(np_start + 1, min(n, np_start + 5)) if doc[k].pos_ == "VERB"), None)
        if k is not None and not any(t.is_punct for t in doc[np_start : k]):
            num.what, num.who_head = doc[np_start - 1 : k + 1].text, "person"


def _noun_of_another_count(sc: Scan, num: Number) -> None:
    """A state ("left nine dead") or "others" takes the noun of an earlier count of the sentence
    (``num.head_from``)."""
    doc, n, nums, a, b = sc.doc, sc.n, sc.nums, num.a, num.b
    sentence = sc.sent_of[num.i]
    if num.what and b - a == 1 and num.np_start == num.end and num.compound is None and not num.currency \
            and doc[a].lower_ in nums["nominal_participles"] and (b >= n or doc[b].pos_ not in {"VERB", "AUX"}):
        # "sank two trawlers and left nine dead": the state, the noun of the sentence's count
        num.head_from = next((c for c in reversed(sc.out) if c.sentence == sentence and c.what and not c.currency
                              and c.head and c.head not in nums["nominal_participles"]
                              and word_before(sc.full_text, c.start) in nums["people_harm_verbs"]), None)
        if num.head_from is not None:
            num.what = num.head_from.what
    if num.what and num.what.lower() == "others" and not num.currency:
        # "four divers drowned and three others were rescued": the noun of the sentence's
        # count before it
        num.head_from = next((c for c in reversed(sc.out) if c.sentence == sentence and c.what and not c.currency
                              and c.head and c.head != "other"), None)
        if num.head_from is not None:
            num.what = f"{num.what} ({num.head_from.what})"  # "others (divers)"


def _head(sc: Scan, num: Number) -> None:
    """The head noun of what is counted, in the singular; a currency's word there makes a sum of money."""
    doc, a, b = sc.doc, num.a, num.b
    if num.head_from is not None:
        num.head = num.head_from.head
    elif num.who_head is not None:
        num.head = num.who_head
    elif num.what:
        head_tok = doc[b - 2] if b - a > 1 and doc[b - 1].is_punct else doc[b - 1]  # 30 "replicas"
        num.head = singular_noun(head_tok.text, sc.lex)
        if head_tok.lower_ in sc.nums["currencies"]:
            num.currency = num.currency or sc.nums["currencies"][head_tok.lower_]
            num.head_of_money = head_tok.lower_


def _people_of_a_place(sc: Scan, num: Number) -> None:
    """"a province of some 250,000": the people who live there."""
    doc, q_start, value = sc.doc, num.q_start, num.value
    if not num.what and not num.currency and value is not None and value >= 100 and q_start >= 2 \
            and doc[q_start - 1].lower_ == "of" and doc[q_start - 2].lower_ in sc.nums["population_places"]:
        num.what, num.head = "people", "person"


def _counted_before(sc: Scan, num: Number, sent_start: int) -> None:
    """No noun after the number: the subject of a linking verb before it ("membership ... was between
    20,000 and 30,000"), the noun after "number of", else the first rule of :data:`ELSEWHERE` that holds."""
    doc, lex, q_start = sc.doc, sc.lex, num.q_start
    rng = _np_before_linking(doc, sent_start, q_start, lex)
    if rng and num.value is not None and num.value < 130 and num.upper is None \
            and doc[rng[1] - 1].lower_ in sc.nums["age_nouns"]:
        rng = None  # "Her son is nine": one person's age, not a count
    numbered = _number_of_before(doc, sent_start, q_start, lex) if not rng else None
    if rng:
        num.what = doc[rng[0] : rng[1]].text
        num.head = singular_noun(doc[rng[1] - 1].text, lex)
    elif numbered:
        # "has pushed the number of families sheltering in X to about 3,100"
        num.what = doc[numbered[0] : numbered[1]].text
        num.head = singular_noun(doc[numbered[2]].text, lex)
    else:
        any(rule(sc, num, sent_start) for rule in ELSEWHERE)


def _prior(sc: Scan, num: Number) -> list[Count]:
    """The earlier counts of the sentence that name what they count, not those of a part of one
    ("including four nurses")."""
    return [c for c in sc.out if c.sentence == sc.sent_of[num.i] and c.what and not c.currency
            and not _subset(sc.full_text, c.start, sc.lex)]


def _people_verb_after(sc: Scan, num: Number) -> bool:
    """The number (two or more) is the subject of a verb said of people ("2 million were affected")."""
    return num.value is not None and num.value >= 2 and _people_subject(sc.doc, num.end, sc.lex)


def _harmed_people(sc: Scan, num: Number, sent_start: int) -> bool:
    """"burning a hut and injuring five": five people (not after "injuring two guards and trapping
    three", "attacked 300 sheep, injuring 40": the count before, a verb's object, says what; one after a
    preposition, "in two villages", does not)."""
    doc, nums, q_start, end = sc.doc, sc.nums, num.q_start, num.end
    harmed = q_start > 0 and doc[q_start - 1].lower_ in nums["people_harm_verbs"] \
        and doc[q_start - 1].pos_ == "VERB" and num.value is not None and num.upper is None \
        and not (end < sc.n and doc[end].lower_ == "of") \
        and not any(word_before(sc.full_text, c.start) not in nums["prepositions"] for c in _prior(sc, num))
    if harmed:
        num.what, num.head = "people", "person"
    return harmed


def _noun_of_a_copula(sc: Scan, num: Number, sent_start: int) -> bool:
    """"nine were pupils and four were teachers": the noun the copula gives them (the whole phrase, in
    lower case, a plural noun at its end: not "police officers" cut short, "women's rights activists",
    "Velm Rovers players", "hers")."""
    doc, n, end = sc.doc, sc.n, num.end
    pa, pb = _noun_phrase_after(doc, end + 1, sc.lex) if end + 1 < n and doc[end].lower_ in {"were", "are"} \
        else (0, 0)
    if pb > pa and is_plural_noun(doc[pb - 1], sc.lex) and doc[pb - 1].tag_ == "NNS" \
            and all(t.is_lower and t.is_alpha for t in doc[pa:pb]) \
            and not (pb < n and (doc[pb].pos_ in {"NOUN", "PROPN", "PART"} or doc[pb].text in {"'", "’"})):
        num.what, num.head = doc[pa:pb].text, singular_noun(doc[pb - 1].text, sc.lex)
        return True
    return False


def _one_named_before(sc: Scan, num: Number, sent_start: int) -> bool:
    """"a ranger was injured and four were treated": the noun of the one named before."""
    if not _people_verb_after(sc, num):
        return False
    subject = _singular_subject_before(sc.doc, sent_start, num.q_start, sc.lex)
    if subject is None:
        return False
    num.what, num.head = subject, singular_noun(subject, sc.lex)
    return True


def _people(sc: Scan, num: Number, sent_start: int) -> bool:
    """"some 2 million were evacuated", "9 cars, and 14 were rescued": people."""
    if not _people_verb_after(sc, num):
        return False
    num.what, num.head = "people", "person"
    return True


def _noun_of_a_count_before(sc: Scan, num: Number, sent_start: int) -> bool:
    """"2,000 more" compares with the sentence's first count; otherwise the latest count at least as large
    ("900 trout from 40 lakes ... in 610 of them": trout)."""
    prior = _prior(sc, num)
    if not prior:
        return False
    end, value = num.end, num.value
    skip_word = end < sc.n and sc.doc[end].lower_ in sc.nums["unit_skip_words"]
    if skip_word and re.fullmatch(r"\s*,\s*", sc.full_text[prior[-1].end : sc.doc[num.q_start].idx]):
        lead = prior[-1]  # "nearly 5,000 voters, some 800 more than in 2030"
    elif skip_word:
        lead = prior[0]
    else:
        lead = next((c for c in reversed(prior) if value is not None and c.value is not None
                     and c.value >= value), prior[-1])
    num.what, num.head = lead.what, lead.head
    return True


def _the_same_money(sc: Scan, num: Number, sent_start: int) -> bool:
    """"sells for 84,000 Velm pounds, up from 26,000 in March": the same money."""
    money_before = _money_compared(sc.doc, num.q_start, sc.out, sc.sent_of[num.i], sc.nums)
    if money_before is None:
        return False
    num.currency, num.what, num.head = money_before.currency, money_before.what, money_before.head
    num.head_of_money = num.head
    return True


def _them_of_a_sentence_before(sc: Scan, num: Number, sent_start: int) -> bool:
    """"Five of them swam ashore": them are what the last count of the two sentences before counted."""
    if not (num.elided and num.value is not None and num.value >= 2 and starts_sentence(sc.doc, num.q_start)):
        return False
    sentence = sc.sent_of[num.i]
    back = next((c for c in reversed(sc.out) if 0 < sentence - c.sentence <= 2 and c.what
                 and not c.currency and c.head), None)
    if back is not None:
        num.what, num.head = f"{sc.doc[num.np_start - 1].text} ({back.what})", back.head
    return True


# tried in this order when no noun is written after the number nor before a linking verb; the first
# that holds decides
ELSEWHERE: tuple[Callable[[Scan, Number, int], bool], ...] = (
    _harmed_people, _noun_of_a_copula, _one_named_before, _people, _noun_of_a_count_before, _the_same_money,
    _them_of_a_sentence_before,
)


def _noun_phrase_after(doc: Doc, i: int, lex: Lexicon) -> tuple[int, int]:
    """Token range of the noun phrase a number counts, starting at token i."""
    j = i
    end = i
    while j < len(doc) and j - i < 6:
        t = doc[j]
        if t.text in {"-", "–"} and end == j and j + 1 < len(doc) and doc[j + 1].is_alpha and doc[j - 1].is_alpha \
                and not doc[j].whitespace_ and not doc[j - 1].whitespace_:
            end = j + 2  # "part-time workers", "long-haul routes": a hyphenated modifier is one word
            if is_plural_noun(doc[j + 1], lex):
                break  # "three drop-offs"
            j += 2
            continue
        if t.lower_ in {"and", "or"} and end == j > i and plural_ahead(doc, j + 1, lex):
            j += 1  # "ferry and harbour pilots": coordinated modifiers of one plural head
            continue
        if j == i and t.text in {'"', "“"} and j + 1 < len(doc) and doc[j + 1].is_alpha and j > 0 \
                and doc[j - 1].whitespace_ and not t.whitespace_:  # an opening mark, not '... 251", said
            j += 1  # 30 "replicas": the noun in quotation marks
            continue
        if t.is_punct or t.is_space or t.like_num or t.lower_ in lex.numbers["np_stop_words"]:
            break
        if t.text in {"’s", "'s"}:
            break
        if j > i and t.tag_ in {"VBN", "VBD"} and j + 1 < len(doc) and doc[j + 1].pos_ in {"ADP", "DET"}:
            break  # "a $4 billion dam built by ...": a verb ends the noun phrase
        if j == i and t.tag_ == "VBD" and t.pos_ == "VERB" and j + 1 < len(doc) and doc[j + 1].pos_ in {"ADP", "DET"} \
                and t.lower_ not in lex.numbers.get("currencies", {}):
            break  # "when some 40,000 fled the fighting": the verb of a number that stands for its noun
            # (not "210 billion won on ...": a currency the tagger took for a verb)
        end = j + 1
        if is_plural_noun(t, lex):
            break  # the head noun: "ISIS fighters", "Yazidi children"
        j += 1
    if end > i + 1 and doc[i].text in {'"', "“"} and end < len(doc) and doc[end].text in {'"', "”"}:
        end += 1  # the closing mark too
    return i, end


def _np_before_linking(doc: Doc, sent_start: int, i: int, lex: Lexicon) -> tuple[int, int] | None:
    """'ISIS membership in Iraq and Syria was still between ...' -> 'ISIS membership'."""
    j = i - 1
    skip = lex.numbers["linking_skip_words"]
    while j >= sent_start and doc[j].lower_ in skip:
        j -= 1
    if j < sent_start or doc[j].lower_ not in lex.numbers["linking_verbs"]:
        return None
    j = _before_clause(doc, sent_start, _before_dates(doc, sent_start, j - 1, lex), lex)
    # skip a prepositional phrase of names: "in Iraq and Syria"
    k = j
    while k >= sent_start and (doc[k].is_title or doc[k].lower_ in lex.numbers["name_connectors"]):
        k -= 1
    if k >= sent_start and doc[k].lower_ in lex.numbers["linking_name_prepositions"] and k < j:
        j = k - 1
    end = j + 1
    stop = lex.numbers["np_stop_words"]
    while j >= sent_start and not doc[j].is_punct and doc[j].lower_ not in stop and end - j <= 3:
        j -= 1
    start = j + 1
    return (start, end) if start < end else None


def _before_clause(doc: Doc, sent_start: int, j: int, lex: Lexicon) -> int:
    """'Deaths since the strike began in 2019 reached 3,000': a verb before the linking verb ends a
    clause a subordinator opens (numbers.json clause_openers); the token before that subordinator
    (the verb itself when none opens it: no noun phrase there)."""
    if j < sent_start or doc[j].pos_ not in {"VERB", "AUX"}:
        return j
    subs = set(lex.numbers["clause_openers"])
    k = next((x for x in range(j - 1, sent_start - 1, -1) if doc[x].lower_ in subs), None)
    return k - 1 if k is not None else sent_start - 1


def _before_dates(doc: Doc, sent_start: int, j: int, lex: Lexicon) -> int:
    """'Visitors between March 3 and June 20 reached 4.1 million': the dates that end at ``j``,
    the range words between them and the preposition that opens them (dates.json prepositions,
    range_words) are skipped; the token before them."""
    spans = [(d.start, d.end) for d in doc._.kg_dates]
    moved = False
    while j >= sent_start:
        start = next((a for a, b in spans if a <= doc[j].idx < b), None)
        if start is not None:
            while j >= sent_start and doc[j].idx >= start:
                j -= 1
            moved = True
        elif moved and doc[j].lower_ in lex.dates["range_words"]:
            j -= 1
        else:
            break
    if moved and j >= sent_start and doc[j].lower_ in lex.dates["prepositions"]:
        j -= 1
    return j


def _number_of_before(doc: Doc, sent_start: int, i: int, lex: Lexicon) -> tuple[int, int, int] | None:
    """'the number of families sheltering in Orvik rose to 3,100', '... had climbed to 57': the noun
    phrase after "number of" earlier in the sentence, when the figure comes right after a word
    that gives the number its value (numbers.json number_of_links): (start, end, the counted noun)."""
    nums = lex.numbers
    if i - 1 < sent_start or doc[i - 1].lower_ not in nums["number_of_links"]:
        return None
    at = next((k for k in range(i - 2, sent_start, -1) if doc[k].lower_ == "of" and doc[k - 1].lower_ == "number"),
              None)
    if at is None or at + 1 >= i - 1:
        return None
    # the counted noun, past up to two modifiers ("displaced families", "cholera cases")
    noun = next((k for k in range(at + 1, min(at + 4, i - 1)) if is_plural_noun(doc[k], lex)), None)
    if noun is None or any(not doc[k].is_alpha or not doc[k].is_lower for k in range(at + 1, noun)):
        return None
    end = noun + 1
    stops = set(nums["np_stop_words"]) | set(nums["number_of_links"])
    while end < i - 1 and end - at <= 5 and not doc[end].is_punct and doc[end].lower_ not in stops \
            and doc[end].pos_ not in {"AUX"} and doc[end].tag_ not in {"VBZ", "VBP", "VBD"}:
        end += 1
    return at + 1, end, noun


def _people_subject(doc: Doc, j: int, lex: Lexicon) -> bool:
    """The bare number before token j is the subject of a verb said of people, active or passive
    (numbers.json people_verbs, people_participles): "2 million were affected", "12 have been
    arrested", "nine died" (not "12,000 were exported")."""
    words = [t for t in doc[j : j + 4] if not t.is_space and t.lower_ not in lex.numbers["unit_skip_words"]][:3]
    if not words:
        return False
    first = words[0].lower_
    if first in lex.numbers["people_verbs"]:
        return True
    rest = [t.lower_ for t in words[1:] if t.lower_ != "been"]
    return first in lex.numbers["people_auxiliaries"] and bool(rest) and rest[0] in lex.numbers["people_participles"]


def _singular_subject_before(doc: Doc, start: int, i: int, lex: Lexicon) -> str | None:
    """The noun of "a NOUN was killed" (or "one NOUN was ...") before token i in its sentence: what an
    elided count of people after it ("and three were wounded") counts."""
    parts = lex.numbers["people_participles"]
    for k in range(i - 1, start + 1, -1):
        if doc[k].lower_ in parts and doc[k - 1].lower_ in {"was", "is"} and doc[k - 2].pos_ == "NOUN" \
                and doc[k - 2].is_lower and any(t.lower_ in {"a", "an", "one"} for t in doc[max(start, k - 5) : k - 2]):
            return doc[k - 2].text  # "a Tarsk ranger was injured" (not "the hospital was evacuated")
    return None


def _subset(text: str, start: int, lex: Lexicon) -> bool:
    """The count at ``start`` is a part of another: "including four nurses", "among them 12"."""
    before = text[max(0, start - 16) : start].lower().rstrip()
    return any(before.endswith(m) for m in lex.numbers["subset_markers"])


def _money_compared(doc, start: int, out: list[Count], sentence: int, nums: dict) -> Count | None:  # noqa: ANN001
    """The sentence's last sum of money when a bare number at ``start`` is compared with it ("up from",
    "down from", "compared with", "against", numbers.json money_comparisons), else None."""
    before = " ".join(t.lower_ for t in doc[max(0, start - 3) : start])
    if not any(before == w or before.endswith(" " + w) for w in nums["money_comparisons"]):
        return None
    end = start
    while end < len(doc) and (doc[end].like_num or doc[end].text in {",", "."} and end + 1 < len(doc)
                              and doc[end + 1].like_num and not doc[end].whitespace_):
        end += 1
    if end < len(doc) and doc[end].pos_ in {"VERB", "AUX", "NOUN"}:
        return None  # "compared with 400 sold last year": a number of what was sold, not money
    last = next((c for c in reversed(out) if c.sentence == sentence), None)
    if last is None or not last.currency:
        return None  # the sentence's last count is the money
    between = [doc[k] for k in range(start - 1, -1, -1) if doc[k].idx >= last.end]
    # ("$50 each, and 400 were sold, up from 300": another number stands between)
    return None if any(t.like_num and any(ch.isdigit() for ch in t.text) for t in between) else last
