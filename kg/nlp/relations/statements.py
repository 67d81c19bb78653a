"""Statements: what a speaker said. One statement per attribution (a speech verb or
"according to"), found sentence by sentence.

The speaker is the person (else organisation) named shortly before the speech verb,
right after it ("..., said Ada Corwen"), after "according to", or the entity a pronoun
("she said") or a definite description ("the company said") refers back to; a
statement whose speaker cannot be resolved is left out.

The quote is the quotation the attribution stands next to ("\u201cWe will win,\u201d she
said, \u201cwithin days.\u201d" gives both parts joined; a quotation may run over several
sentences of one paragraph), else the reported clause: what follows the verb ("that"
dropped), or, when the attribution ends the sentence ("..., the ministry said."), what
comes before it."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from spacy.tokens import Doc, Span, Token

from kg.nlp.extensions import doc_text
from kg.nlp.lexicon import Lexicon
from kg.nlp.relations.continued import continued_quotations, unquoted_blocks
from kg.nlp.relations.descriptions import resolve_description
from kg.nlp.relations.patterns import _alt, relation_patterns
from kg.nlp.relations.roles import role_at
from kg.nlp.relations.syntax import org_descriptions
from kg.types import LOC, ORG, PER, Entity, Mention, Statement

_OPEN, _CLOSE = "\u201c\"", "\u201d\""
_WORD = re.compile(r"\w+")


def quotations(text: str) -> list[tuple[int, int]]:
    """Character spans of the text inside quotation marks, paragraph by paragraph. A
    quotation left open at a paragraph's end (the convention for one running over
    several paragraphs) ends there."""
    out: list[tuple[int, int]] = []
    pos = 0
    for para in re.split(r"(\n\s*\n)", text):
        start = None
        for m in re.finditer(r"[\u201c\u201d\"]", para):
            ch = m.group(0)
            if start is None and ch in _OPEN:
                start = m.end()
            elif start is not None and ch in _CLOSE:
                out.append((pos + start, pos + m.start()))
                start = None
        if start is not None and para[start:].strip():
            out.append((pos + start, pos + len(para.rstrip())))
        pos += len(para)
    return out


@dataclass
class _Context:
    text: str
    entities: dict[str, Entity]
    mentions: list[Mention]
    quotes: list[tuple[int, int]]
    lex: Lexicon
    prior: list[Statement] = field(default_factory=list)  # the statements found so far
    described: dict[str, set[str]] = field(default_factory=dict)  # kinds appositions give bodies
    last_parts: list[tuple[int, int]] = field(default_factory=list)  # the quotations _quoted joined last
    owner: dict[tuple[int, int], Statement] = field(default_factory=dict)  # quotation -> its statement
    blocks: list[tuple[str | None, str, int]] = field(default_factory=list)  # 'NAME said:' ending a paragraph


def find_statements(doc: Doc, lex: Lexicon) -> list[Statement]:
    entities = doc._.kg_entities or {}
    mentions = sorted(doc._.kg_mentions or [], key=lambda m: m.start)
    by_sent: dict[int, list[Mention]] = {}
    for m in mentions:
        by_sent.setdefault(m.sentence, []).append(m)
    text = doc_text(doc)  # Doc.text joins every token: once per article, not per sentence
    ctx = _Context(text, entities, mentions, quotations(text), lex,
                   described=org_descriptions(text, mentions, entities, lex.relations["org_reference_nouns"]))
    parsed = doc.has_annotation("DEP")
    token_mention: dict[int, Mention] = {}
    if parsed:
        for m in mentions:
            span = doc.char_span(m.start, m.end, alignment_mode="expand")
            for tok in span if span is not None else ():
                token_mention[tok.i] = m
    out: list[Statement] = []
    used_quotes: set[tuple[int, int]] = set()
    for si, sent in enumerate(doc.sents):
        ctx.prior = out
        found = _statements(ctx, doc, sent, si, by_sent.get(si, []), used_quotes, token_mention if parsed else None)
        out.extend(_signed_for_the_body(_without_inner_repeats(found, lex), ctx, sent, by_sent.get(si, [])))
    return _with_continuations(ctx, doc, out, used_quotes)


def _with_continuations(ctx: _Context, doc: Doc, out: list[Statement],
                        used: set[tuple[int, int]]) -> list[Statement]:
    """The statements with the paragraphs that go on with a quotation (kg.nlp.relations.continued),
    each placed after the statements of the sentences before it."""
    sents = [(s.start_char, s.end_char) for s in doc.sents]
    starts = [s for s, _ in sents]

    def sentence_at(pos: int) -> tuple[int, int, int]:
        i = max(0, bisect.bisect_right(starts, pos) - 1)
        return i, sents[i][0], sents[i][1]

    speech = relation_patterns(ctx.lex).speech
    more = continued_quotations(ctx.text, ctx.quotes, ctx.owner, used, sentence_at)
    for block in ctx.blocks:
        if block[0] is not None:
            more += unquoted_blocks(ctx.text, block, ctx.mentions, lambda p: speech.search(p) is not None,
                                    sentence_at)
    if not more:
        return out
    return sorted(out + more, key=lambda st: st.start)  # (a stable sort: one sentence's keep their order)


_SIGNED = re.compile(r"\bstatement\s+(?:from|by|issued\s+by)\s+(?:the\s+)?$", re.I)


def _signed_for_the_body(found: list[Statement], ctx: _Context, sent: Span, ms: list[Mention]) -> list[Statement]:
    """"A statement from ORG signed by its spokesman, NAME, said X": the statement is the body's;
    the one who signed it speaks for it (the affiliation says so), the claim is ORG's."""
    text = ctx.text
    out = []
    for st in found:
        speaker = next((m for m in ms if m.entity == st.speaker), None) if st.speaker else None
        body = None
        if speaker is not None and ctx.entities[st.speaker].type == PER:
            body = next((o for o in ms if ctx.entities[o.entity].type == ORG and o.end <= speaker.start
                         and _SIGNED.search(text, max(sent.start_char, o.start - 40), o.start)
                         and re.search(r"\bsigned\s+by\b", text[o.end : speaker.start])
                         and not re.search(r"[.;]", text[o.end : speaker.start])), None)
        if body is None and speaker is not None and ctx.entities[st.speaker].type == PER:
            # "A statement from the brigade (signed by NAME) said": the body that kind names
            # (not "the company": the company in view decides, kg.nlp.relations.syntax)
            dm = _SIGNED_KIND.search(text, sent.start_char, speaker.start)
            kind = dm.group(2).lower() if dm else ""
            key = resolve_description(ctx.mentions, ctx.entities, kind, dm.start(2), ctx.lex, ctx.described, text) \
                if dm and kind in ctx.lex.relations["org_reference_nouns"] \
                and kind not in ctx.lex.relations["company_nouns"] else None
            if key is not None:
                out.append(Statement(key, dm.group(1), st.quote, st.sentence, st.start, st.end, st.told))
                continue
        out.append(st if body is None else Statement(body.entity, body.text, st.quote, st.sentence, st.start,
                                                      st.end, st.told))
    return out


_SIGNED_KIND = re.compile(r"\bstatement\s+(?:from|by|issued\s+by)\s+(the\s+([a-z]+))\s+signed\s+by\s+[^.;\"]*$", re.I)


def _without_inner_repeats(found: list[Statement], lex: Lexicon) -> list[Statement]:
    """"NAME said her party would contest two wards where, she said, votes went missing": the
    inner "she said" of the same speaker within the claim is no statement of its own (its quote is
    that claim again, or nearly)."""
    pronouns = set(lex.relations["pronouns"])
    named = [s for s in found if s.speaker and s.speaker_text.lower() not in pronouns]
    found = [s for s in found if not (s.speaker and s.speaker_text.lower() in pronouns and any(
        o.speaker == s.speaker and (_overlap(o.quote, s.quote) >= 0.8 or re.search(
            rf",\s*{re.escape(s.speaker_text)}\s+[a-z]+\s*,", o.quote) is not None)  # (", she said," inside it)
        for o in named))]
    # "NAME said refugees had told staff that \"Q\"": a verb inside the claim that took the claim's own speaker
    # (no subject of its own) says nothing of its own (its quote lies inside that claim; not "..., but he warned
    # that Y", a new attribution)
    kept = [s for k, s in enumerate(found) if not any(
        j != k and o.speaker == s.speaker and o.speaker_text == s.speaker_text and len(o.quote) > len(s.quote)
        and _bare(s.quote) in _bare(o.quote) for j, o in enumerate(found))]
    # one claim found twice ("admitted the error, saying Y": by "admitted ..., saying" and by "saying") is one
    return [s for k, s in enumerate(kept) if not any(
        o.speaker == s.speaker and _bare(o.quote) == _bare(s.quote) for o in kept[:k])]


def _outlet_tail(lex: Lexicon) -> re.Pattern[str]:
    """", reported the Velm Courier" / ", according to The Velm Times" closing a claim: who reports it."""
    return lex.pattern("outlet_tail", lambda lx: re.compile(
        rf",\s+(?:{_alt(lx.speech_verbs, longest_first=True)}|(?i:{_alt(lx.according_to)}))\s+(?:[Tt]he\s+)?"
        r"(?:[A-Z][\w'’.&\-]*\s*){1,6}[.\s]*$"))


def _named_after_claim(ctx: _Context, sent: Span, speakers: list[Mention], vs: int
                       ) -> tuple[str | None, str, int, int] | None:
    """A person named right before the speech verb, with at most a few role words between the claim's comma
    and the name ("..., Orsk police chief NAME told"): (speaker, text, start, end), else None."""
    m = next((m for m in speakers if ctx.entities[m.entity].type == PER and not ctx.text[m.end : vs].strip()), None)
    if m is None:
        return None
    role = re.search(r",[\"”]?\s+((?:[\w'’\-.]+\s+){0,5})$", ctx.text[sent.start_char : m.start])
    if role is None or re.search(r"\b(?:and|or|who|which|that|as)\b", role.group(1)) \
            or _finite(sent, sent.start_char + role.start(1), m.start, tensed=True):
        return None  # (a role, not a clause: "..., and then NAME said", "..., as NAME said")
    return m.entity, m.text, sent.start_char + role.start(1), m.end


def _claim_before(text: str, sent: Span, att_start: int) -> str:
    """The claim a comma sets off before an attribution that ends the sentence ("CLAIM, NAME told AFP by
    telephone."), without the dateline that opens it; "" when no comma ends it or it has no finite verb."""
    before = text[sent.start_char : att_start]
    if not re.search(r",[\"”]?\s*$", before) or not _finite(sent, sent.start_char, att_start, tensed=True):
        return ""
    claim = before.strip().rstrip(",\"” ").lstrip("\"“ ")
    lead = _DATELINE_LEAD.match(claim)
    return claim[lead.end() :] if lead else claim


def _reduced_relative(text: str, sent: Span, att_start: int, vs: int, ve: int, lex: Lexicon) -> bool:
    """"... the measures the Council recently announced.": a subject and speech verb that end the sentence
    right after a noun, with no comma, quotation mark or colon between: a relative clause on that noun (the
    thing said), not an attribution of the sentence ("CLAIM, the Council said.")."""
    if att_start >= vs or not re.fullmatch(r"(?:\s+[a-z]+){0,2}\s*[.!?]?\s*", text[ve : sent.end_char]):
        return False
    # (the clause since the last punctuation, long and ending with a common noun that is no role: not "CLAIM,
    # Velm Fire Services chief NAME said")
    tail = re.split(r"[,;:\"“”(—–]", text[sent.start_char : att_start])[-1].split()
    return len(tail) >= 6 and tail[-1].isalpha() and tail[-1].islower() and not lex.title_or_role(tail[-1])


def _an_act(doc: Doc, content: str, sent: Span, lex: Lexicon) -> bool:
    """What a verb of announcing announces is an act, no claim: its own act ("its court action") or a
    noun phrase with no finite verb ("the completion of three patrols along the border")."""
    first = _WORD.match(content)
    if first is not None and first.group(0).lower() in lex.relations["own_act_determiners"]:
        return True
    if not doc.has_annotation("TAG"):
        return False
    at = doc_text(doc).find(content, sent.start_char, sent.end_char)
    span = doc.char_span(at, at + len(content), alignment_mode="expand") if at >= 0 else None
    return span is not None and not any(t.tag_ in _FINITE_TAGS for t in span)


def _only_a_name(ctx: _Context, content: str) -> bool:
    """'..., reported the Velm Courier': a claim is never a name alone (the outlet that reports it)."""
    bare = re.sub(r"^(?:the\s+)", "", content.strip(" .,"), flags=re.I)
    return any(m.text == bare for m in ctx.mentions)


def _bare(quote: str) -> str:
    """The quote's words, lowercased, without punctuation and quotation marks."""
    return " ".join(_WORD.findall(quote.lower()))


def _overlap(a: str, b: str) -> float:
    """The share of the words of ``a`` that ``b`` has too."""
    wa = _WORD.findall(a.lower())
    wb = set(_WORD.findall(b.lower()))
    return sum(1 for w in wa if w in wb) / len(wa) if wa else 0.0


@dataclass
class _Sentence:
    """One sentence whose statements are being found, and what its verbs share."""
    doc: Doc
    sent: Span
    si: int
    ms: list[Mention]
    used_quotes: set[tuple[int, int]]
    token_mention: dict[int, Mention] | None
    speakers: list[Mention]
    according_to: set[str]
    told_verbs: set[str]
    naming: set[str]
    out: list[Statement] = field(default_factory=list)


@dataclass
class _Verb:
    """One speech verb (characters vs..ve) and what its statement has so far."""
    word: str
    vs: int
    ve: int
    verb_tok: Token | None
    object_only: bool = False
    speaker: str | None = None
    stext: str = ""
    att_start: int = 0
    att_end: int = 0
    content: str = ""
    from_quote: bool = False
    relative: bool = False
    quoted_parts: list[tuple[int, int]] = field(default_factory=list)


def _statements(ctx: _Context, doc: Doc, sent: Span, si: int, ms: list[Mention],
                used_quotes: set[tuple[int, int]], token_mention: dict[int, Mention] | None) -> list[Statement]:
    lex, entities = ctx.lex, ctx.entities
    s = _Sentence(doc, sent, si, ms, used_quotes, token_mention,
                  [m for m in ms if entities[m.entity].type in {PER, ORG}], set(lex.according_to),
                  set(lex.relations["told_verbs"]), set(lex.relations["naming_verbs"]))
    for vm in relation_patterns(lex).statement_speech.finditer(sent.text):
        v = _speech_verb(ctx, s, vm)
        if v is None:
            continue
        if v.word.lower() in s.according_to:
            got = _according_to(ctx, sent, s.speakers, v.vs, v.ve)
            if got is None:
                continue
            v.speaker, v.stext, v.att_end, v.content = got
            v.att_start = v.vs
        elif not _attribution(ctx, s, v) or not _content(ctx, s, v):
            continue
        _emit(ctx, s, v)
    return s.out


def _speech_verb(ctx: _Context, s: _Sentence, vm: re.Match[str]) -> _Verb | None:
    """The speech verb ``vm`` matched in the sentence, or None where the word is no attribution here."""
    lex, text, doc, sent = ctx.lex, ctx.text, s.doc, s.sent
    word = vm.group(0)
    vs, ve = sent.start_char + vm.start(), sent.start_char + vm.end()
    if _inside_quote(ctx.quotes, vs):
        return None  # a verb inside a quotation is part of what was said
    if word in s.naming and not _naming_object(lex).match(text, ve):
        return None  # "called for calm", "called a strike": an act; "called it a disaster": a claim
    # (the quotation may close the sentence before: '"Q?" Ada Corwen asked.' is split after "?")
    if word in lex.quote_verbs and not _QUOTE_BEFORE.search(
            text, max(text.rfind("\n", 0, vs) + 1, vs - 40), vs) and not _QUOTE_AFTER.match(text, ve):
        return None  # "asked not to be named": a question is speech only next to its quotation ('she asked:
        # "Q?"')
    if word.endswith("s") and _plural_noun_at(sent, vs):
        return None  # "poor coastal states faced ...": the plural of a noun, no verb
    after = _WORD.match(text, ve + 1) if text[ve : ve + 1] == " " else None
    if after is not None and after.group(0).lower() in lex.topic_prepositions \
            and not _number_after(doc, after.end(), lex) and not _goes_on_speaking(text, ve, sent.end_char, lex):
        return None  # "had warned about old radios": what was spoken about, no claim (but "said
        # about 70 cattle drowned": an approximate number)
    if _not_speech_before(lex).search(text[max(sent.start_char, vs - 8) : vs]) \
            and word.lower() not in s.according_to:
        return None  # "he was accused of ...", "it was announced": a passive has no speaker before it; "the
        # accused", "six co-accused": a noun
    verb = doc.char_span(vs, ve, alignment_mode="expand")
    verb_tok = verb[0] if verb is not None and len(verb) else None
    if verb_tok is not None and (verb_tok.tag_ == "JJ" or (verb_tok.dep_ == "amod" and verb_tok.i > 0 and doc[
            verb_tok.i - 1].pos_ not in {"PROPN", "PRON", "NOUN"})):
        return None  # "for alleged fraud", "the reported cases": a participle before a noun, no one speaking
        # (not "NAME told reporters" misread so)
    # "the clinic admitted 30 children": a thing taken in, not a clause said (but ", saying Y" after it is)
    # (the tree only where there is a parse: kg.nlp.sentences.repair_tree)
    object_only = word.lower() in lex.object_verbs and verb_tok is not None \
        and s.token_mention is not None and _object_use(verb_tok)
    return _Verb(word, vs, ve, verb_tok, object_only, att_start=vs, att_end=ve)


def _find_speaker(ctx: _Context, s: _Sentence, v: _Verb) -> tuple[str | None, str, int, int] | None:
    """Who says what the verb attributes: (speaker, its text, where the attribution starts and ends)."""
    text, sent, out, speakers, vs, ve = ctx.text, s.sent, s.out, s.speakers, v.vs, v.ve
    found = _relative_speaker(ctx, speakers, vs)
    v.relative = found is not None
    if found is None and out and re.search(r"\band\s+(?:also\s+|then\s+)?$", text[max(sent.start_char, vs - 12) : vs]):
        found = (out[-1].speaker, out[-1].speaker_text, vs, ve)  # "said X and added Y": the same speaker
    named_after = next((m for m in speakers if ctx.entities[m.entity].type == PER and 0 <= m.start - ve <= 60
                        and _title_gap(text[ve : m.start], ctx.lex)
                        and re.match(r"\s*(?:[,.;:(]|$)", text[m.end : sent.end_char])), None)
    if found is None and named_after is not None and re.search(r"[,\"\u201d]\s*$", text[sent.start_char : vs]):
        # "CLAIM, said (Sgt.) Ada Corwen": the name after the verb (a small parser may read a verb of
        # the claim as the subject, "The ban hit ..." with "hit" a noun)
        found = named_after.entity, named_after.text, named_after.start, named_after.end
    if found is None and s.token_mention is not None:
        found = _speaker_from_parse(ctx, v.verb_tok, s.token_mention)
    named = _named_after_claim(ctx, sent, speakers, vs) if found is not None else None
    if named is not None and (found[0] is None or (found[0] == named[0] and found[2] < named[2])):
        # "CLAIM, Orsk police chief NAME told AFP": the name right before the verb, its role set off by
        # the claim's comma, over a subject the parser took from the claim (or a subject that spans it)
        found = named
    if found is None:
        found = _speaker_from_surface(ctx, sent, speakers, vs, ve)
    if found is None and out and v.verb_tok is not None and v.verb_tok.dep_ == "conj":
        found = (out[-1].speaker, out[-1].speaker_text, vs, ve)  # "said X, and warned that Y"
    return found


def _attribution(ctx: _Context, s: _Sentence, v: _Verb) -> bool:
    """Set the speaker and the attribution's span of a speech verb (not "according to"); False where
    there is none."""
    lex, text, sent, vs, ve = ctx.lex, ctx.text, s.sent, v.vs, v.ve
    found = _find_speaker(ctx, s, v)
    if found is None or found[0] is None:
        return False
    speaker, stext, att_start, att_end = found
    accuses = v.word.lower() in lex.relations["accusation_verbs"] or v.word in s.naming
    if accuses and att_start > vs:
        return False  # "and accused her deputy, NAME, of ...": who accuses stands before the verb
    if _reduced_relative(text, sent, att_start, vs, ve, lex):
        return False  # "... to support the measures the Council recently announced.": what it announced
    full = next((m for m in s.ms if m.entity == speaker and m.end <= att_start
                 and re.fullmatch(r"\s*\(", text[m.end : att_start])), None) if speaker else None
    if full is not None:  # "the Velm Armed Forces (VAF) said": the name before its short form
        att_start, stext = full.start, full.text
    att_start = _description_start(ctx, speaker, sent.start_char, att_start)
    holder = None if accuses else _role_holder(ctx, speaker, att_end)  # ("accused her deputy, NAME, of": NAME
    # is accused)
    if holder is not None:  # 'said the Halden manager, Ada Corwen': the manager speaks, not Halden
        speaker, stext, att_end = holder.entity, holder.text, holder.end
    att_start, att_end = min(att_start, vs), max(att_end, ve)
    if v.word in s.told_verbs:  # '"A," ..., told AFP. "B."': who is told ends the attribution
        told_to = next((m for m in s.ms if 0 <= m.start - ve < 3), None)
        att_end = max(att_end, told_to.end) if told_to is not None else att_end
    v.speaker, v.stext, v.att_start, v.att_end = speaker, stext, att_start, att_end
    return True


def _content(ctx: _Context, s: _Sentence, v: _Verb) -> bool:
    """Set what the verb's speaker said: the quotation next to the attribution, else the accusation
    or the reported clause; False where nothing is claimed here."""
    lex, text, sent = ctx.lex, ctx.text, s.sent
    content = _quoted(ctx, v.att_start, v.att_end, s.used_quotes)
    v.from_quote = bool(content)
    v.quoted_parts = list(ctx.last_parts) if v.from_quote else []
    if not content and re.match(r"[ \t]*:[ \t]*(?:\n|$)", text[v.att_end : v.att_end + 10]):
        ctx.blocks.append((v.speaker, v.stext, v.att_end))  # 'She said:' ending its paragraph: a block follows
        return False
    if not content and v.word in lex.quote_verbs:
        return False  # '"Q?" NAME wondered aloud': a question verb says only its quotation
    if not content and (v.word.lower() in lex.relations["accusation_verbs"] or v.word in s.naming):
        # "accused X of Y": the text after the verb (the guideline's "X of Y"), to the sentence's end
        content = re.sub(r"[.!?]+([\"”]?)$", r"\1", text[max(v.att_end, v.ve) : sent.end_char].strip())
        cut = _and_speech(lex).search(content)  # '... and said Y': Y is its own statement
        content = content[: cut.start()] if cut else content
    v.content = content
    return bool(content) or _clause_content(ctx, s, v)


def _clause_content(ctx: _Context, s: _Sentence, v: _Verb) -> bool:
    """Set the reported clause as what was said; False where it is no claim."""
    lex, text, doc, sent, att_start, att_end = ctx.lex, ctx.text, s.doc, s.sent, v.att_start, v.att_end
    content = _clause(doc, v.verb_tok, text, sent, att_start, att_end, s.token_mention is not None, lex)
    cut = _and_said(lex).search(content)  # "..., and warned that Y": Y is the next statement
    content = content[: cut.start()] if cut else content
    cut = _outlet_tail(lex).search(content)  # "CLAIM, reported the Velm Courier": the outlet's credit
    content = content[: cut.start()] if cut else content
    # "..., and its spokesman NAME called ...": a clause of another speaker ends the claim
    cut = _reported_on(_and_role(lex).search(content), content, lex)
    at = text.find(content, att_end, sent.end_char) if content else -1
    before_claim = _reported_on(_and_role(lex).search(text, att_end, at), text, lex) if at > att_end else None
    if before_claim is not None:  # the parse hung the other speaker's clause on the verb
        content = text[att_end : before_claim.start()].strip()
    elif cut is not None:
        content = content[: cut.start()]
    if (cut is not None or before_claim is not None) and not _has_verb(doc, content, sent.start_char, sent.end_char):
        return False  # "estimated the damage at X, and its chairwoman, NAME, met ...": no claim
    if v.relative and not _finite(sent, sent.start_char, att_start, tensed=True):
        # "ORG, which says Y, was fined" (the body opens the sentence): Y ends where its main
        # clause goes on
        content = _relative_clause_end(doc, text, content, v.ve, sent.end_char, att_start)
    follows = text[att_end : sent.end_char].lstrip(" ,").startswith(content[:20])
    content = _without_time_phrase(content, lex) if follows else content
    first = _WORD.match(content or "")
    if follows and first and first.group(0).lower() in lex.relations["not_clause_starts"] and not re.match(
            r"at\s+(?:least|most)\b", content, re.IGNORECASE):  # "said at least 40 pupils ..."
        return False  # "reported from London", "said at a briefing": where, not what
    v.content = content
    return True


def _tidy_claim(ctx: _Context, s: _Sentence, v: _Verb) -> str:
    """The claim without its closing punctuation and the conjunction that opens a reported clause."""
    text, sent, att_end = ctx.text, s.sent, v.att_end
    content = v.content.strip().rstrip(",;:").strip()
    if content.endswith(".") and not _quoted_text(content):
        content = content[:-1]  # a reported clause, not a quotation: no full stop
    if not v.from_quote and re.match(r"that\s+\S", content) and (
            text[att_end : att_end + len(content) + 20].lstrip().startswith(content)
            # ("said in a statement signed by NAME, that X": a conjunction after the signer's comma; not
            # "said, that being the case, ...")
            or (re.search(r"\bsigned\s+by\b[^.;]*,\s*$", text[sent.start_char : max(sent.start_char, text.find(
                content, sent.start_char))]) is not None
                and not re.match(r"that\s+(?:is|was|has|had|will|would|could|can|may|might|'s)\b", content))):
        content = content[5:].lstrip()  # "admitted that X": the conjunction is no part of the claim
    return content


def _emit(ctx: _Context, s: _Sentence, v: _Verb) -> None:
    """The verb's statements (one per "..., adding that Y" part) added to the sentence's."""
    lex, text, sent, si, out = ctx.lex, ctx.text, s.sent, s.si, s.out
    speaker, stext = v.speaker, v.stext
    content = _tidy_claim(ctx, s, v)
    quoted = v.from_quote or _quoted_text(content) or content.startswith(("\"", "\u201c"))
    # "..." said NAME, ROLE, adding that Y: Y is said too, after the quotation
    more = _adding(lex).search(text, v.att_end, sent.end_char) if quoted else None
    extra = text[more.end() : sent.end_char].strip().rstrip(".").strip() if more else ""
    if extra and len(_WORD.findall(extra)) >= 2:
        out.append(Statement(speaker, stext, extra, si, sent.start_char, sent.end_char, None))
    if v.word in s.told_verbs and not quoted:
        # (the tree only where there is a parse: kg.nlp.sentences.repair_tree)
        content = _told_content(ctx, s.doc, sent, s.ms, v.verb_tok if s.token_mention is not None else None,
                                content, v.ve, v.att_start, v.att_end)
    if not content or len(_WORD.findall(content)) < 2 or _only_a_name(ctx, content):
        return
    if v.word.lower() in lex.relations["act_verbs"] and not v.from_quote and _an_act(s.doc, content, sent, lex):
        return  # "announced its court action", "announced the completion of three patrols": an act
    told = None
    if v.word in s.told_verbs:
        o = next((m for m in s.ms if 0 <= m.start - v.ve < 3 and ctx.entities[m.entity].type == ORG), None)
        told = o.entity if o else None
    # "..., adding that Y" / "..., saying Y": Y is a statement of its own
    parts = [content] if _quoted_text(content) or content.startswith(("\"", "\u201c")) else \
        [p.strip() for p in _adding(lex).split(content)]
    if v.object_only:
        parts = parts[1:]
    for part in parts:
        if len(_WORD.findall(part)) >= 2:
            out.append(Statement(speaker, stext, part, si, sent.start_char, sent.end_char, told))
            ctx.owner.update({q: out[-1] for q in v.quoted_parts})


def _according_to(ctx: _Context, sent: Span, speakers: list[Mention], vs: int, ve: int
                  ) -> tuple[str, str, int, str] | None:
    """"according to X" at characters vs..ve: (speaker, speaker text, where the attribution ends, the claim
    without it), or None when no organisation or person is named or described there."""
    text, lex, entities = ctx.text, ctx.lex, ctx.entities
    after = [m for m in speakers if 0 <= m.start - ve < 60]
    # "according to the Velm grain board, VGB,": the body the description names
    named = next((m for m in after[1:2] if _DESCRIBED_AS.fullmatch(text, after[0].end, m.start)), None)
    if named is not None:
        after = [named]
    holder = _holder_after_body(ctx, after[0], sent.end_char) if after else None
    if holder is not None:  # "according to the Velm agency's press officer, Ada Corwen, CLAIM": she speaks
        after = [holder]
    if after:
        speaker, stext = after[0].entity, after[0].text
        att_end = _role_phrase_end(ctx, after[0], sent.end_char)
        if holder is not None:
            att_end = re.compile(r"\s*,?").match(ctx.text, att_end).end()
    else:  # "according to the district": the organisation of that kind named before
        dm = re.match(r"\s+the\s+(\w+)\b", text[ve : ve + 40])
        if not dm or dm.group(1).lower() not in set(lex.relations["org_reference_nouns"]):
            return None
        speaker = resolve_description(ctx.mentions, entities, dm.group(1).lower(), vs, lex, ctx.described)
        if speaker is None:
            return None
        stext, att_end = f"the {dm.group(1)}", ve + dm.end()
    if text.count("(", ve, att_end) > text.count(")", ve, att_end):
        close = re.match(r"[^()\n]{0,3}\)", text[att_end : sent.end_char])
        att_end += close.end() if close else 0  # "according to the Velm Data project (VDP)"
    else:
        kind = re.match(r"(?:\s+[a-z][\w\-]*){1,2}\s*\([A-Z][\w\-]{1,12}\)", text[att_end : sent.end_char])
        att_end += kind.end() if kind else 0
    which = _which_said(lex).match(text, att_end, sent.end_char)
    cut = which.start() if which else sent.end_char  # "..., which said Y": Y is its own statement
    if which is None and not text[sent.start_char : vs].strip(" \"“'") \
            and (rel := _WHICH_CLAUSE.match(text, att_end, sent.end_char)) is not None:
        att_end = rel.end()  # "According to ORG, which runs two shelters, CLAIM": the clause on ORG is no claim
    elif which is None and (rel := _WHICH_AFTER.match(text, att_end, sent.end_char)) is not None:
        cut = rel.start()  # "CLAIM, according to ORG, which runs two shelters.": nor is it here
    content = _without(text[sent.start_char : cut], vs - sent.start_char, att_end - sent.start_char)
    return speaker, stext, att_end, content


def _told_content(ctx: _Context, doc: Doc, sent: Span, ms: list[Mention], verb_tok: Token | None, content: str,
                  ve: int, att_start: int, att_end: int) -> str:
    """What "told HEARER ..." reports: the clause after the hearer ("that" dropped), the claim before the
    comma when only the hearer and a tail follow ("CLAIM, NAME told AFP by telephone."), or "" (nothing
    reported: "told the crowd goodbye and left")."""
    text, lex, entities = ctx.text, ctx.lex, ctx.entities
    # "told reporters that Y": Y; "told reporters in Pemba, adding that Y": no claim of its own
    am = _adding(lex).search(content)
    head, rest = (content[: am.start()], content[am.start() :]) if am else (content, "")
    tm = re.match(r"(?:[\w'’\-]+\s+){0,5}?that\s+", head)
    hearer = next((m for m in ms if 0 <= m.start - ve < 6 and entities[m.entity].type in {PER, ORG}), None)
    heard = text[ve : hearer.end].strip() if hearer is not None else ""
    objects = [c for c in verb_tok.children if c.dep_ in {"dobj", "obj", "iobj", "dative"}] \
        if verb_tok is not None else []
    if not heard and objects:
        # "told supporters she was glad", "told local radio in Velm the road was shut" (a parser may
        # hang the clause on the hearer: not the hearer's words)
        o = objects[0]
        last = max([o] + [t for r in o.rights if r.dep_ not in _CLAUSAL for t in r.subtree], key=lambda t: t.i)
        heard = text[ve : last.idx + len(last)].strip()
    if tm:
        content = head[tm.end() :] + rest
    elif heard and head.startswith(heard) and re.match(r"\s*(?:and|but|or|then)\b", head[len(heard) :]):
        content = rest  # "told the crowd goodbye and left": nothing is reported
    elif heard and head.startswith(heard) and _has_verb(doc, head[len(heard) :], att_end, sent.end_char):
        content = head[len(heard) :].strip() + rest  # "told the Velm Courier the plant had closed"
    elif not _has_verb(doc, head, att_end, sent.end_char):
        content = rest or _claim_before(text, sent, att_start)  # "CLAIM, NAME told AFP by telephone."
    return content


_OF_BEFORE = re.compile(r"\b(?:of|at|from|for|with)\s+(?:the\s+)?$")
_DESCRIBED_AS = re.compile(r"(?:\s+[a-z’'\-]+){1,4}\s*,\s*")
_OF_BODY = re.compile(r"\s+(?:of|from|at|with)\s+(?:the\s+)?")
_A_ROLE = re.compile(r"\s*,\s+(?:a|an|the|its|their)\s+[^,;:\"\u201c]{1,80}?(?=,|\.?\s*$)")


def _object_use(verb: Token) -> bool:
    """The verb takes a thing as its object and no clause ("admitted 30 children"; not "admitted
    that ...", "admitted 3 errors had been made")."""
    deps = {c.dep_ for c in verb.children}
    return bool(deps & {"obj", "dobj"}) and not deps & {"ccomp", "xcomp", "parataxis", "mark"}


def _role_phrase_end(ctx: _Context, person: Mention, limit: int) -> int:
    """Where "according to PERSON" ends with the person's role phrase: "of the Halden Trust" (an
    organisation or place named there) or ", a researcher at ORG" (up to its comma)."""
    if ctx.entities[person.entity].type != PER:
        return person.end
    om = _OF_BODY.match(ctx.text, person.end, limit)
    if om:
        body = next((m for m in ctx.mentions if m.start == om.end()), None)
        if body is not None and ctx.entities[body.entity].type in {ORG, LOC}:
            end = body.end
            for m in ctx.mentions:  # names written one after the other ("the Halden Water Board")
                if 0 <= m.start - end <= 1 and ctx.text[end : m.start].strip() == "":
                    end = m.end
            return end
    am = _A_ROLE.match(ctx.text, person.end, limit)
    # a role ("a researcher at ORG"), not the claim itself ("according to NAME, a third of the homes ...")
    if am and any(w.lower() in ctx.lex.roles for w in _WORD.findall(am.group(0))):
        return am.end()
    return person.end


# ", which runs two shelters," right after the speaker of an opening "According to ...": a relative clause
# set off by commas (no quotation in it), on the speaker, before the claim
_WHICH_CLAUSE = re.compile(r",\s+(?:which|who)\s+[^,;:\"“”]{1,90},\s*")
_WHICH_AFTER = re.compile(r"\s*,\s+(?:which|who)\b")


_ROLE_THEN_NAME = re.compile(r"(?:['’]s)?\s+([a-z][a-z\- ]{0,40}?)\s*,\s*")


# "CLAIM, the United Nations' relief office, VRO, said": a description of the speaker before its name
# (after a quotation's closing mark too: '"...," the militia's local commander, Colonel NAME, told AFP')
# ", the economist NAME", ", government spokesman NAME": a role (up to three words before it) right before
# the speaker's name
_ROLE_BEFORE_NAME = re.compile(
    r",[\"\u201d]?\s+(?:(?:the|a|an|its|their|his|her)\s+)?(?:[\w\-]+\s+){0,3}?([\w\-]+)\s+$")
_DESCRIPTION_BEFORE = re.compile(r",[\"\u201d]?\s+(?:the|a|an)\s+[^,;\"\u201c\u201d]{1,60}?(\w+),\s*$")


def _description_start(ctx: _Context, speaker: str | None, sent_start: int, att_start: int) -> int:
    """Where the attribution starts when the speaker's name comes after a description of it set off by
    commas (a kind of body for a body, a role for a person): the description is no part of the claim."""
    if speaker is None or speaker not in ctx.entities:
        return att_start
    r = _ROLE_BEFORE_NAME.search(ctx.text, sent_start, att_start)
    if r is not None and ctx.entities[speaker].type == PER and (
            r.group(1).lower() in ctx.lex.roles or ctx.lex.role_by_ending(r.group(1).lower())):
        return r.start() + 1  # "X, the economist Ada Corwen warned": the role is no part of the claim
    m = _DESCRIPTION_BEFORE.search(ctx.text, sent_start, att_start)
    if m is None:
        return att_start
    noun = m.group(1).lower()
    kind = ctx.entities[speaker].type
    fits = noun in ctx.lex.relations["org_reference_nouns"] if kind == ORG else kind == PER and noun in ctx.lex.roles
    return m.start() + 1 if fits else att_start


_BODY_ROLE_GAP = re.compile(r"(?:['’]s)?\s+((?:[A-Za-z][\w\-]*\.?\s+){0,5}?[A-Za-z][\w\-]*\.?)\s*,?\s*")


def _holder_after_body(ctx: _Context, body: Mention, limit: int) -> Mention | None:
    """The person named after an organisation and a role ("the Velm agency's Public Relations Officer, Ada
    Corwen", "Velm College principal Dr Ada Corwen"): who speaks for it, after "according to"."""

    if ctx.entities[body.entity].type != ORG:
        return None
    person = next((m for m in ctx.mentions if body.end < m.start < min(limit, body.end + 80)
                   and ctx.entities[m.entity].type == PER), None)
    gap = _BODY_ROLE_GAP.fullmatch(ctx.text, body.end, person.start) if person is not None else None
    if gap is None or role_at(gap.group(1).lower(), ctx.lex.roles) is None:
        return None
    return person


def _role_holder(ctx: _Context, speaker: str | None, end: int) -> Mention | None:
    """The person named after an organisation speaker's role noun ("the Halden manager, Ada
    Corwen", "Halden's chairman, Ada Corwen"): the one who speaks."""

    if speaker is None:
        return None
    rm = _ROLE_THEN_NAME.match(ctx.text, end)
    if rm is None or role_at(rm.group(1), ctx.lex.roles) is None:
        return None
    return next((m for m in ctx.mentions if m.start == rm.end() and ctx.entities[m.entity].type == PER), None)


def _has_verb(doc: Doc, content: str, start: int, end: int) -> bool:
    """Whether ``content`` (found in the text from ``start`` on) has a verb in the parse (without
    a parse: True)."""
    if not doc.has_annotation("DEP"):
        return True
    at = doc_text(doc).find(content, start, end)
    span = doc.char_span(at, at + len(content), alignment_mode="expand") if at >= 0 else None
    return span is None or any(t.pos_ in {"VERB", "AUX"} for t in span)


def _adding(lex: Lexicon) -> re.Pattern[str]:
    """", adding that" / ", saying" (speech.json continuing_verbs): what follows is said too."""
    return lex.pattern("statement_adding", lambda lx: re.compile(
        rf",\s+(?:{_alt(lx.continuing_verbs)})\b(?:\s+that)?\s+"))


def _which_said(lex: Lexicon) -> re.Pattern[str]:
    """", which said" after a name: the name is the speaker of what follows."""
    return lex.pattern("statement_which", lambda lx: re.compile(
        rf"\s*,\s*which\s+(?:also\s+)?(?:{_alt(lx.speech_verbs, longest_first=True)})\b"))


# between a speech verb and a name: nothing, or capitalised title words ("said Sgt. ", "said Deputy
# Inspector "), or a role in lower case after a place's or a body's name ("said Velm mayor ", "said coach ")
_TITLE_GAP = re.compile(r"\s*(?:[A-Z][\w.]*\s+)*((?:[a-z][\w-]*\s+){0,2})(?:[A-Z][\w.]*\s+)*")


def _plural_noun_at(sent: Span, pos: int) -> bool:
    """The word at ``pos`` is tagged a plural noun after a determiner, an adjective, a number or a
    noun, and a verb follows it ("coastal states faced"): a speech verb's spelling, not the verb
    (not '"...," the firm's chief states.')."""
    tok = next((t for t in sent if t.idx == pos), None)
    return tok is not None and tok.i > sent.start and tok.tag_ in {"NNS", "NNPS"} \
        and tok.doc[tok.i - 1].pos_ in {"DET", "ADJ", "NUM", "NOUN"} \
        and tok.i + 1 < sent.end and tok.doc[tok.i + 1].pos_ in {"VERB", "AUX"}  # (the subject of a verb)


def _number_after(doc: Doc, pos: int, lex: Lexicon) -> bool:
    """A number ("40", "forty", "a dozen") starts right after ``pos``: "about" there approximates it."""
    tok = next((t for t in doc[doc.char_span(0, pos, alignment_mode="expand").end :] if not t.is_space), None) \
        if pos < len(doc.text) else None
    return tok is not None and (tok.like_num or tok.lower_ in lex.topic_number_words or tok.is_currency
                                or any(ch.isdigit() for ch in tok.text[:4]))  # "$40 million", "US$5", "40pc"


def _goes_on_speaking(text: str, ve: int, end: int, lex: Lexicon) -> bool:
    """After "warned about X": ", saying Y", ", adding that Y" or a colon and a quotation say something."""
    rest = text[ve:end]
    return bool(re.search(r":\s*[\"\u201c]", rest)) or _adding(lex).search(rest) is not None


# "said the guild's deputy treasurer ", "said Tarsk Union workers' committee chairman ": an owner's
# possessive (or its, their), then a role of up to three lower-case words, before the name
_OWNER_ROLE_GAP = re.compile(r"\s*(?:the\s+)?(?:[A-Z][\w.&-]*\s+)*(?:[\w-]+['\u2019]s?\s+|its\s+|their\s+)"
                             r"((?:[a-z][\w-]*\s+){0,2}([a-z][\w-]*)\s+)(?:[A-Z][\w.]*\s+)*")


# "said Velm Aid director of policy ": a body's name, then a role of a field in lower case
_ROLE_OF_FIELD_GAP = re.compile(r"\s*(?:[A-Z][\w.&-]*\s+)*([a-z][\w-]*)\s+(?:of|for)\s+(?:[a-z][\w-]*\s+){1,2}"
                                r"(?:[A-Z][\w.]*\s+)*")


def _title_gap(gap: str, lex: Lexicon) -> bool:
    m = _TITLE_GAP.fullmatch(gap)
    if m is not None and (not m.group(1).strip() or m.group(1).strip() in lex.roles):
        return True
    owned = _OWNER_ROLE_GAP.fullmatch(gap)
    if owned is not None and lex.title_or_role(owned.group(2)):
        return True
    field = _ROLE_OF_FIELD_GAP.fullmatch(gap)
    return field is not None and lex.title_or_role(field.group(1))
# a quotation's end, then at most three words (a pronoun or a name) before a quote verb: '..." she asked'
_QUOTE_BEFORE = re.compile(r"[\"\u201d]\s*(?:[\w.'\u2019-]+\s+){0,3}$")
# a colon or comma and an opening quotation right after a quote verb: 'she asked: "Q?"'
_QUOTE_AFTER = re.compile(r"\s*[:,]\s*[\"\u201c]")


def _verb_first(text: str, pos: int, lex: Lexicon) -> bool:
    """The attribution at ``pos`` starts with its speech verb ("..., said NAME"): the speaker follows."""
    m = _WORD.match(text, pos)
    return m is not None and m.group(0).lower() in lex.speech_verbs


def _relative_clause_end(doc: Doc, text: str, content: str, after: int, limit: int, speaker_at: int) -> str:
    """The reported clause of "ORG, which says Y, VERB ..." (the body opens the sentence): Y up to the
    comma before the verb whose subject the speaker is (by the parse), else before the last verb after
    a comma."""
    at = text.find(content, after, limit)
    if at < 0 or re.sub(r"[\s.!?\"”]", "", text[at + len(content) : limit]):
        return content  # (the reported clause already ends before the sentence does)
    # the body's words, up to the comma before "which": the one the parser made a subject heads the main clause
    named = doc.char_span(speaker_at, max(speaker_at + 1, text.rfind(",", speaker_at, after)), alignment_mode="expand")
    head = next((t.head for t in named if t.dep_ in _SUBJECTS and t.head.idx > at), None) if named is not None else None
    commas = list(re.finditer(r",\s+", content))
    if head is not None and head.idx < at + len(content):
        cut = [cm for cm in commas if at + cm.end() <= head.idx]
        return content[: cut[-1].start()] if cut else content
    for cm in reversed(commas):
        tok = doc.char_span(at + cm.end(), at + cm.end() + 1, alignment_mode="expand")
        if tok is not None and len(tok) and tok[0].tag_ in {"VBZ", "VBD", "VBP", "VBN", "MD"}:
            return content[: cm.start()]  # (a past form the tagger may read as a participle)
    return content


def _relative_speaker(ctx: _Context, speakers: list[Mention], vs: int) -> tuple[str, str, int, int] | None:
    """"..., according to the Tarvel Relief Office, which said Y": the name right before ", which"."""
    m = re.search(r",\s*which\s+(?:also\s+)?$", ctx.text[max(0, vs - 20) : vs])
    if m is None:
        return None
    at = vs - (min(vs, 20) - m.start())
    kinds = set(ctx.lex.relations["org_reference_nouns"])

    def kind_between(s: Mention) -> bool:  # "the Tarsk brigade, which says Y": the name, then its kind
        km = re.fullmatch(r"\s+(?:[a-z\-]+\s+)?([a-z\-]+)", ctx.text[s.end : at]) if 0 < at - s.end <= 30 else None
        return km is not None and km.group(1) in kinds and ctx.entities[s.entity].type == ORG

    named = [s for s in speakers if s.end == at or 0 <= at - s.end <= 1 or kind_between(s)]
    if named:
        return named[-1].entity, named[-1].text, named[-1].start, vs
    # "according to the board, which said Y": the body the description refers back to
    dm = re.search(r"\b[Tt]he\s+([a-z\-]+)\s*$", ctx.text[max(0, at - 40) : at])
    if dm is None or dm.group(1) not in kinds:
        return None
    start = at - (min(at, 40) - dm.start())
    ref = resolve_description(ctx.mentions, ctx.entities, dm.group(1), start, ctx.lex, ctx.described, ctx.text)
    return (ref, ctx.text[start:at], start, vs) if ref is not None else None


_SUBJECTS = {"nsubj", "nsubj:pass", "nsubjpass"}
_CLAUSAL = frozenset({"acl", "acl:relcl", "relcl", "ccomp", "xcomp", "advcl", "parataxis"})
_FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP", "MD"})
_DATELINE_CLOSE = re.compile(r"\)\s*\.?\s*[-—–]")


_ROLE_OF_GAP = re.compile(r"\s*,\s*(?:(?:a|an|the)\s+)?[\w\-’' ]{1,50}?\s+(?:of|for|at|with)\s+(?:the\s+)?")


def _document_source(ctx: _Context, subj: Token, token_mention: dict[int, Mention]
                     ) -> tuple[Mention | None, str | None, str]:
    """Who "a statement from X (signed by NAME) said" comes from: the name after "from" (a mention),
    or the body that "from the KIND" refers back to (its entity key, and the kind noun)."""
    kinds = set(ctx.lex.relations["org_reference_nouns"])
    # ("from" a preposition over its object in a ClearNLP parse, its object's case marker in a UD parse)
    sources = [c for c in subj.children if c.dep_ == "prep" and c.lower_ == "from"] + [
        c for c in subj.children if any(k.dep_ == "case" and k.lower_ == "from" for k in c.children)]
    named = [t for c in sources for t in c.subtree if t.i in token_mention]
    if named:
        return token_mention[named[0].i], None, ""
    kind = next((o for c in sources for o in ([c] if c.lower_ != "from" else list(c.children))
                 if o.lower_ in kinds and any(k.lower_ == "the" for k in o.children)), None)
    if kind is None:
        return None, None, ""
    key = resolve_description(ctx.mentions, ctx.entities, kind.lower_, kind.idx, ctx.lex, ctx.described)
    return None, key, kind.text


def _in_relative_clause(tok: Token, verb: Token, relative: set[str]) -> bool:
    """``tok`` stands in a relative clause set off by commas before ``verb`` (", who heads ORG,"):
    a relative word after a comma opens it before ``tok`` with no comma between, and a comma
    closes it between ``tok`` and the verb."""
    doc = tok.doc
    closed = any(doc[i].text == "," for i in range(tok.i + 1, verb.i))
    if not closed:
        return False
    for i in range(tok.i - 1, tok.sent.start, -1):
        if doc[i].text == ",":
            return False
        if doc[i].lower_ in relative and doc[i - 1].text == ",":
            return True
    return False


def _speaker_from_parse(ctx: _Context, verb: Token | None,
                        token_mention: dict[int, Mention]) -> tuple[str | None, str, int, int] | None:
    """The speech verb's grammatical subject: a named entity, a pronoun or "the company".
    None when the verb has no subject (the surface reading decides); a subject that names
    nobody ("officials said") gives no speaker."""
    if verb is None:
        return None
    subjects = _verb_subjects(ctx, verb)
    if not subjects and verb.dep_ == "conj" and verb.head.pos_ in {"VERB", "AUX"} and verb.head.dep_ == "ROOT" \
            and verb.head.i < verb.i and verb.doc[verb.i - 1].lower_ in {"and", "but"}:
        return _shared_speaker(ctx, verb, token_mention)
    if not subjects:
        return None
    # the subject nearest before the verb: a dateline ("OSLO, May 6 (Reuters) - Halden said") or a
    # quotation the parser took for one ('"...," Corwen said') stands further away
    before = [c for c in subjects if c.i < verb.i]
    subj = _pick_subject(ctx, verb, subjects, before, token_mention)
    m = token_mention.get(subj.i)
    if m is not None and ctx.entities[m.entity].type == ORG:
        # "NAME of ORG, which ..., said": the parser may read the body as the subject's head word
        of = next((p for p in ctx.mentions if ctx.entities[p.entity].type == PER and p.end <= m.start
                   and re.fullmatch(r"\s+(?:of|at|from)\s+(?:the\s+)?", ctx.text[p.end : m.start])), None)
        m = of or _officer_after(ctx, m, verb) or m
    if m is None and subj.lower_ in set(ctx.lex.relations["document_nouns"]):
        m, found = _document_subject(ctx, subj, token_mention)
        if found is not None:
            return found
    if m is None:
        m = _mention_in_subject(ctx, subj, verb, token_mention)
    first = _subject_start(ctx, subj, subjects, token_mention)
    if m is None and subj.i < verb.i and subj.pos_ != "PRON":
        # "Halden's chief executive, Ada Corwen, said": the person named between the subject and the verb
        between = [x for x in ctx.mentions if first <= x.start and x.end <= verb.idx
                   and ctx.entities[x.entity].type == PER]
        m = between[-1] if between else None
    if m is not None and ctx.entities[m.entity].type == ORG and re.fullmatch(r"\s*,\s*", ctx.text[m.end : verb.idx]):
        # "Ada Corwen, chairman of the Halden Trust, said": the person the role phrase is said of
        holder = next((x for x in reversed(ctx.mentions) if x.end <= m.start and m.start - x.end <= 80
                       and ctx.entities[x.entity].type == PER and _ROLE_OF_GAP.fullmatch(ctx.text[x.end : m.start])),
                      None)
        m = holder or m
    if m is not None:
        m = _holder_before_possessive(ctx, m, verb) or m
    close = _DATELINE_CLOSE.search(ctx.text, m.end, verb.idx) if m is not None else None
    if m is not None and ctx.entities[m.entity].type == LOC and close and verb.idx - close.end() <= 60:
        return None  # "LIMA, May 3 (EFE).- NAME said": the parser took the dateline's town for the subject
    if m is not None and ctx.entities[m.entity].type in {PER, ORG}:
        return m.entity, m.text, min(first, m.start), m.end
    return _speaker_of_noun(ctx, subj, verb, first)


_POSSESSIVE_ROLE_GAP = re.compile(r"['’]s?\s+((?:[\w\-]+\s+){0,4}?[\w\-]+)\s*,\s*")


def _holder_before_possessive(ctx: _Context, body: Mention, verb: Token) -> Mention | None:
    """"Ada Corwen, Velm Foods' chief executive, said", "NAME, ABC's Corporate Services
    Executive, confirmed", "NAME, Tom Brede's lawyer, said": the parser may make the owner the
    subject; the person the possessive role phrase is said of speaks."""
    gap = _POSSESSIVE_ROLE_GAP.fullmatch(ctx.text[body.end : verb.idx])
    last = gap.group(1).split()[-1] if gap is not None else ""
    if gap is None or not (ctx.lex.title_or_role(last) or last.lower() in ctx.lex.kin_nouns):
        return None  # a role, or kin: "NAME, Tom Brede's wife, said"
    return next((x for x in reversed(ctx.mentions) if x.end <= body.start and ctx.entities[x.entity].type == PER
                 and re.fullmatch(r"\s*,\s*(?:the\s+)?", ctx.text[x.end : body.start])), None)


def _officer_after(ctx: _Context, body: Mention, verb: Token) -> Mention | None:
    """"ABC MP Ada Corwen said", "Halden Foods Chairman and CEO Ada Corwen said": the parser may
    make the body the subject's head; the person named right before the verb, after the body and
    nothing but role words, speaks."""
    lex = ctx.lex
    for p in ctx.mentions:
        if ctx.entities[p.entity].type != PER or p.start <= body.end or ctx.text[p.end : verb.idx].strip():
            continue
        words = ctx.text[body.end : p.start].split()
        if words and all(w.lower() in {"and", "&"} or lex.title_or_role(w) or w.lower() in lex.role_modifiers
                         for w in words) and lex.title_or_role(words[-1]):
            return p
    return None


def _verb_subjects(ctx: _Context, verb: Token) -> list[Token]:
    """The verb's subjects in the parse, but for one inside a quotation (the parser reading the
    quote as the clause's subject: '"... up to the roof," said Ada Corwen'), one after a verb of
    telling and a dateline's place."""
    subjects = [c for c in verb.children if c.dep_ in _SUBJECTS and not _inside_quote(ctx.quotes, c.idx)]
    if verb.lower_ in ctx.lex.relations["told_verbs"]:
        # "..., General NAME, told AFP": who is told stands after the verb, the parser's subject or not
        subjects = [c for c in subjects if c.i < verb.i]
    first = re.compile(r"\s*").match(ctx.text, verb.sent.start_char).end()
    lead = _DATELINE_LEAD.match(ctx.text[first : first + 200])  # (a slice: "^" holds at its start)
    if lead is not None:  # "ORVIK, June 3 (Reuters) - CLAIM, the police said": the dateline's place is no subject
        subjects = [c for c in subjects if c.idx >= first + lead.end()]
    return subjects


def _shared_speaker(ctx: _Context, verb: Token,
                    token_mention: dict[int, Mention]) -> tuple[str | None, str, int, int] | None:
    """"It blamed the police for X and said Y": the subject of the verb it is coordinated with; the
    attribution is the verb alone (what stands between is said by the first verb)."""
    shared = _speaker_from_parse(ctx, verb.head, token_mention)
    if shared is None:
        return None
    if shared[0] is None:
        # a subject the parse could not tie to a name: the surface reading decides where a person or
        # body is named before the first verb ("Police spokesperson Inspector NAME of ... confirmed X
        # and said Y"), but never the first verb's object ("Prosecutors charged NAME and said Y")
        start = verb.sent.start_char
        named_before = any(start <= x.start and x.end <= verb.head.idx and ctx.entities[x.entity].type in {PER, ORG}
                           for x in ctx.mentions)
        return None if named_before else (None, "", verb.idx, verb.idx + len(verb))
    return shared[0], shared[1], verb.idx, verb.idx + len(verb)


def _pick_subject(ctx: _Context, verb: Token, subjects: list[Token], before: list[Token],
                  token_mention: dict[int, Mention]) -> Token:
    """The subject that says who speaks, of the ones the parse gives."""
    # (not a name in a relative clause between the subject and the verb, which a small parser may
    # read as a second subject: "NAME, who heads ORG, said")
    relative = set(ctx.lex.relations["relative_words"])
    outside = [c for c in before if not _in_relative_clause(c, verb, relative)]
    subj = (outside or before)[-1] if before else subjects[0]
    if before and not outside:
        # "NAME, whose brother OTHER was jailed, said": the subject is what the relative clause is on
        opener = next((i for i in range(subj.i - 1, subj.sent.start, -1)
                       if subj.doc[i].lower_ in relative and subj.doc[i - 1].text == ","), None)
        owner = token_mention.get(opener - 2) if opener is not None and opener >= 2 else None
        if owner is not None and ctx.entities[owner.entity].type in {PER, ORG}:
            subj = subj.doc[opener - 2]
    documents = set(ctx.lex.relations["document_nouns"])
    # ("a letter from ORG signed by its co-chair NAME said": the parser may read the signer as a
    # second subject; the document says where it comes from)
    return next((c for c in before if c.lower_ in documents), subj)


def _document_subject(ctx: _Context, subj: Token, token_mention: dict[int, Mention]
                      ) -> tuple[Mention | None, tuple[str | None, str, int, int] | None]:
    """A document as the subject ("a letter from the alliance said", "the statement said"): the
    mention it comes from, or the speaker it gives outright."""
    documents = set(ctx.lex.relations["document_nouns"])
    m, ref, noun = _document_source(ctx, subj, token_mention)
    if ref is not None:  # "a letter from the alliance": the alliance named before
        return m, (ref, f"the {noun}", subj.left_edge.idx, subj.idx + len(subj))
    if m is None and any(c.lower_ == "the" for c in subj.children):
        # "..., the statement said": the body whose statement the article last reported
        # (only right after it: not when the text names another statement in between, "NAME released a
        # statement", "a statement released by the rebels")
        last = ctx.prior[-1] if ctx.prior else None
        if last is not None and last.speaker and ctx.entities[last.speaker].type == ORG \
                and 0 <= subj.idx - last.end < 400 \
                and not re.search(rf"\b(?:{'|'.join(documents)})\b", ctx.text[last.end : subj.left_edge.idx], re.I):
            return m, (last.speaker, f"{subj.left_edge.text} {subj.text}", subj.left_edge.idx, subj.idx + len(subj))
    return m, None


def _mention_in_subject(ctx: _Context, subj: Token, verb: Token, token_mention: dict[int, Mention]) -> Mention | None:
    """The subject may be the role noun of "ORG spokesman NAME": a person in it, the one in
    apposition to it first ("Halden's chief executive, Ada Corwen": not the possessor); else a body
    in apposition or named right after the kind noun or set off before the subject."""
    people = [t for t in subj.subtree if t.i in token_mention
              and ctx.entities[token_mention[t.i].entity].type == PER]
    appos = [t for t in people if t.dep_ == "appos" and t.head.i == subj.i]
    # not the possessor ("Halden's lawyer, Ada Corwen, said", the name read as a conjunct)
    named = [t for t in people if t.dep_ not in {"nmod:poss", "poss"}]
    m = token_mention[(appos or named or people)[0].i] if people else None
    if m is None:  # "His team, Orvo Wheels, said": the body in apposition to the subject
        # (or a name set off by a comma with no "and" that the parser read as a conjunct or left loose)
        bodies = [t for t in subj.children if t.i in token_mention
                  and ctx.entities[token_mention[t.i].entity].type == ORG and (t.dep_ == "appos" or (
                      t.dep_ in {"conj", "dep"} and not any(c.dep_ in {"cc", "conj"} for c in t.children)
                      and not any(c.dep_ == "cc" for c in subj.children)
                      and ctx.text[: token_mention[t.i].start].rstrip().endswith(",")))]
        m = token_mention[bodies[0].i] if bodies else None
    if m is None and subj.i + 1 < len(subj.doc) and subj.doc[subj.i + 1].head.i == subj.i:
        # "The Danish shipping group Orvik said": the name right after the kind noun, not a group before
        named_after = token_mention.get(subj.i + 1)
        m = named_after if named_after is not None and ctx.entities[named_after.entity].type == ORG else None
    if m is None and re.fullmatch(r"\s*,\s*", ctx.text[subj.idx + len(subj) : verb.idx]):
        # "Orsk Gases, the distributor, said": the name the subject is set off after (the parser
        # may leave the name loose)
        lead_at = min((t.idx for t in subj.subtree if not t.is_punct), default=subj.idx)
        m = next((x for x in reversed(ctx.mentions) if x.end <= lead_at
                  and re.fullmatch(r"\s*,\s*", ctx.text[x.end : lead_at])
                  and ctx.entities[x.entity].type in {PER, ORG}), None)
    return m


def _token_start(ctx: _Context, c: Token) -> int:
    """Where the subject ``c`` starts, not counting the words of a quotation the parser hung under it."""
    toks = [t for t in c.subtree if not t.is_punct and not t.is_quote and not _inside_quote(ctx.quotes, t.idx)]
    if any(t.i < c.i and t.tag_ in _FINITE_TAGS for t in toks):
        # "CLAIM HAVING A VERB, the Velm office said": a small parser may hang the claim under the
        # subject; the subject starts after the last comma before it
        comma = max((t.i for t in c.subtree if t.i < c.i and t.text == ","), default=None)
        if comma is not None:
            toks = [t for t in toks if t.i > comma]
    return min((t.idx for t in toks), default=c.idx)


def _token_end(c: Token) -> int:
    return max((t.idx + len(t) for t in c.subtree if not t.is_punct), default=c.idx + len(c))


def _subject_start(ctx: _Context, subj: Token, subjects: list[Token], token_mention: dict[int, Mention]) -> int:
    """Where the whole subject starts: "Halden chief executive Ada Corwen" (the parser may split it in
    two subjects)."""
    first = _token_start(ctx, subj)
    for c in sorted(subjects, key=lambda c: -c.i):
        # a subject split in two, side by side ("Halden chief executive | Ada Corwen said") or a name
        # and its apposition ("Ada Corwen, | Halden's head of operations, said"); not "CLAIM, ORG said"
        gap = ctx.text[_token_end(c) : first] if _token_end(c) <= first else "x"
        if c is not subj and (not gap.strip() or (gap.strip() == "," and (c.pos_ == "PROPN" or c.i in token_mention))):
            first = _token_start(ctx, c)
    return first


def _speaker_of_noun(ctx: _Context, subj: Token, verb: Token, first: int) -> tuple[str | None, str, int, int] | None:
    """A subject that names no one: a pronoun, "the company", "the judge" resolved to whom they refer."""
    if subj.pos_ == "PRON" and subj.lower_ in set(ctx.lex.relations["pronouns"]):
        return _resolve_pronoun(ctx, subj.idx), subj.text, subj.idx, subj.idx + len(subj)
    if subj.lower_ in set(ctx.lex.relations["org_pronouns"]):
        return _resolve_org_pronoun(ctx, subj.idx), subj.text, subj.idx, subj.idx + len(subj)
    if subj.lower_ in set(ctx.lex.relations["org_reference_nouns"]) and any(
            c.lower_ == "the" for c in subj.lefts):
        ref = resolve_description(ctx.mentions, ctx.entities, subj.lower_, subj.idx, ctx.lex, ctx.described, ctx.text)
        return ref, f"the {subj.text}", first, subj.idx + len(subj)
    if subj.tag_ == "NN" and any(c.lower_ == "the" for c in subj.lefts):
        role = " ".join([t.lower_ for t in subj.lefts if t.dep_ in {"compound", "amod"}] + [subj.lower_])
        if role in ctx.lex.roles or subj.lower_ in ctx.lex.roles:
            # "Judge NAME sentenced them ... the judge told them": the person the article gave that role
            person = _role_referent(ctx, role if role in ctx.lex.roles else subj.lower_, subj.idx)
            if person is not None:
                return person, f"the {role}", first, subj.idx + len(subj)
    if subj.pos_ not in {"NOUN", "PROPN", "PRON", "NUM", "DET", "ADJ"}:
        return None  # a verb read as the subject ("CLAIM, said Ada Corwen"): the surface reading decides
    return None, "", verb.idx, verb.idx


def _role_referent(ctx: _Context, role: str, pos: int) -> str | None:
    """The person named last before ``pos`` with ``role`` as a title right before the name ("Judge
    Ada Corwen", "Mayor Ada Corwen") or in apposition after it ("Ada Corwen, the company's chief
    executive,"): whom "the judge", "the chief executive" refers back to."""
    title = re.compile(rf"\b{re.escape(role)}\s+$", re.I)
    # (", who was dismissed as health commissioner": a relative clause may give the role too)
    apposition = re.compile(rf",\s+(?:(?:the|a|an|its|their|his|her)\s+)?(?:[\w'’\-]+\s+){{0,3}}{re.escape(role)}\b"
                            rf"|,\s+who\s+[^,.;\"“”]{{0,60}}?\bas\s+(?:(?:the|a|an)\s+)?(?:[\w'’\-]+\s+){{0,2}}"
                            rf"{re.escape(role)}\b", re.I)
    for m in reversed(ctx.mentions):
        if m.start >= pos or ctx.entities[m.entity].type != PER:
            continue
        am = apposition.match(ctx.text, m.end)
        if am is not None and am.end() > pos and re.search(r"[a-z]\s+$", ctx.text[max(0, m.start - 3) : m.start]):
            am = None  # "a letter attacking NAME, the former secretary said": the description is the subject here,
            # the name an object before it (not "NAME, the deputy minister, said")
        if title.search(ctx.text, max(0, m.start - 40), m.start) or am is not None \
                or m.text.lower().startswith(role + " "):  # (a title kept in the mention: "Mayor Ada Corwen")
            return m.entity
    return None


# (or "the agency's" / "the VRA's": a body's possessive before the role)
_ITS_ROLE_COMMA = re.compile(r"\s+(?:its|their|the\s+(?:[a-z]+|[A-Z]{2,8}|(?:[A-Z][\w\-]*\s+){1,5}[A-Z][\w\-]*)['’]s)"
                             r"\s+(?:[a-z\-]+\s+){0,3}([a-z\-]+),"
                             r"\s+(?:[A-Z][a-z]*\.?\s+)?")


def _speaker_from_surface(ctx: _Context, sent: Span, speakers: list[Mention], vs: int,
                          ve: int) -> tuple[str | None, str, int, int] | None:
    """Without a parse: the entity named shortly before the verb, a pronoun, "the company",
    or the name right after the verb ("..., said Ada Corwen")."""
    text, entities, lex = ctx.text, ctx.entities, ctx.lex
    pat = relation_patterns(lex)
    before = [m for m in speakers if 0 <= vs - m.end < 120 and not re.search(r"[;\"\u201c\u201d]", text[m.end : vs])]
    # not a name in a phrase that opens the sentence ("At ORG's plant in Velm, workers said"): where, not who
    opening = lex.pattern("opening_phrase", lambda lx: re.compile(
        rf"\s*(?:{_alt(lx.relations['opening_prepositions'])})\b[^,;]*$"))
    before = [m for m in before if not (opening.match(text, sent.start_char, m.start) and "," in text[m.end : vs])]
    # not a name in a relative clause set off before the verb ("NAME, whose brother OTHER was jailed, said")
    relative = "|".join(lex.relations["relative_words"])
    opened = [m for m in before if re.search(rf",\s+(?:{relative})\b[^,]*$", text[sent.start_char : m.start])
              and "," in text[m.end : vs]]
    # (only where a name stands right before the clause, as what it is on: not "A Velm Front commander, who
    # called himself NAME, told AFP", where the name in the clause is the speaker's)
    antecedent = [m for m in before if m not in opened and any(
        re.fullmatch(rf"\s*,\s+(?:{relative})\b.*", text[m.end : o.start], re.DOTALL) for o in opened)]
    before = [m for m in before if m not in opened] if antecedent else before
    # not an owner before its possessive ("NAME, ABC's chief executive, confirmed": ABC owns the role)
    before = [m for m in before if not re.match(r"['’]s\b", text[m.end : m.end + 3])] or before
    pron = pat.pronoun.search(text[sent.start_char : vs])
    ref = _description_before(text, sent.start_char, vs, lex)
    # right after the verb, or after a role phrase ('said lead author Dr. Ada Corwen')
    after = [m for m in speakers if 0 <= m.start - ve < 4 or (
        m.start - ve < 45 and entities[m.entity].type == PER
        and (re.fullmatch(r"\s*(?:[A-Z][\w'’\-]*\s+){0,2}[a-z\s\-]+(?:[A-Z][a-z]*\.?\s+)?",
                          text[ve : m.start]) is not None
             # "said its general secretary, NAME": a role of the body named before, then the name
             or ((rm := _ITS_ROLE_COMMA.fullmatch(text[ve : m.start])) is not None and lex.title_or_role(rm.group(1))))
        and not re.search(r"\b(?:for|of|to|with|from|by)\b", text[ve : m.start]))]  # "said a lawyer for Ada"
    # not a name that modifies the words after it ("said Orvik's fire chief", "said Orvik council spokesman
    # NAME": the one they name, if any, speaks)
    goes_on = set(lex.relations["after_speaker_words"])  # "said Ada Corwen late on Friday", "... via a lawyer"
    after = [m for m in after if not re.match(r"['’]s\b", text[m.end : m.end + 3]) and not (
        (w := re.match(r"\s+([a-z]+)\b", text[m.end : m.end + 20])) and w.group(1) not in goes_on)]
    inverted = [m for m in after if entities[m.entity].type == PER and 0 <= m.start - ve < 4]
    if inverted and re.search(r"[,\"\u201d]\s*$", text[sent.start_char : vs]):
        m = inverted[0]  # "CLAIM, said Ada Corwen, a WHO adviser": the name after the verb, not one in the claim
        return m.entity, m.text, m.start, m.end
    if before:
        persons = [m for m in before if entities[m.entity].type == PER]
        # the name right before the verb is its subject ("Ada Corwen finished ahead of Tomas Brede,
        # the Vote Commission said"); else the last person named before it
        adjacent = [m for m in before if text[m.end : vs].strip() == ""
                    and not _OF_BEFORE.search(text, sent.start_char, m.start)]  # not "Ada Corwen of Halden Foods said"
        m = (adjacent or persons or before)[-1]
        the = re.search(r"\b[Tt]he\s+$", text[sent.start_char : m.start])  # "the Halden Bureau said"
        return m.entity, m.text, sent.start_char + the.start() if the else m.start, m.end
    if pron:
        return _resolve_pronoun(ctx, vs), pron.group(1), sent.start_char + pron.start(1), vs
    if ref is not None:
        return resolve_description(ctx.mentions, entities, ref[0], vs, lex, ctx.described, text), ref[0], ref[1], vs
    if after:
        return after[0].entity, after[0].text, after[0].start, after[0].end
    return None


def _clause(doc: Doc, verb: Token | None, text: str, sent: Span, att_start: int, att_end: int,
            parsed: bool, lex: Lexicon) -> str:
    """The reported clause: the verb's clausal complement in the parse ("that" dropped),
    else what follows the verb, else what comes before the attribution."""
    if parsed and verb is not None:
        comp = next((c for c in verb.children if c.dep_ in {"ccomp", "xcomp"} and c.i > verb.i), None)
        if comp is not None and att_start <= min(t.idx for t in comp.subtree) < att_end:
            comp = None  # '..., said Ada Corwen, a rescue worker': the parse took the speaker for the clause
        if comp is not None and verb.i + 1 < len(doc) and doc[verb.i + 1].pos_ == "ADP" \
                and min(t.i for t in comp.subtree) == verb.i + 1:
            comp = None  # "CLAIM, the agency said in a media release": a clause opens with no preposition
        joined = re.match(r"\s*,\s*(\w+)", text[att_end : sent.end_char]) if comp is not None else None
        if joined and joined.group(1).lower() in lex.relations["subordinators"]:
            comp = None  # "CLAIM, the agency said, as the river kept rising": a clause of time, not the claim
        if comp is not None:
            # from the complement's first word to the sentence's end (a small parser often
            # hangs the clause's last parts elsewhere), or to the next speech verb
            first = min(t.i for t in comp.subtree)
            end = sent.end
            for t in doc[first : sent.end]:
                # "said X, and warned that Y" (not a verb of the clause the parser hung on "said")
                if t.dep_ == "conj" and t.head.i == verb.i and t.lower_ in lex.speech_verbs:
                    end = t.i
                    break
            toks = list(doc[first:end])
            while toks and toks[-1].dep_ in {"cc", "punct"}:
                toks = toks[:-1]
            while toks and (toks[0].dep_ == "mark" or toks[0].is_punct):
                toks = toks[1:]
            while toks and toks[-1].is_punct and toks[-1].text not in {")"}:
                toks = toks[:-1]
            if toks:
                return doc[toks[0].i : toks[-1].i + 1].text.strip("\"\u201c\u201d ")
    return _reported(text, sent, att_start, att_end, lex)


def _reported_on(cut: re.Match[str] | None, text: str, lex: Lexicon) -> re.Match[str] | None:
    """``cut`` (", and its leader, NAME ...") unless the clause after the name goes on in reported
    speech ("..., and its leader, NAME, had fled": an auxiliary or modal, still the claim)."""
    if cut is None:
        return None
    after = re.match(r"[\s,]*(?:[A-Z][\w'’\-.]*[\s,]+){0,4}(\w+)", text[cut.end() :])
    if after and after.group(1).lower() in lex.relations["reported_auxiliaries"]:
        return None
    return cut


def _and_role(lex: Lexicon) -> re.Pattern[str]:
    """", and its spokesman NAME", ", and the union's president, NAME": another speaker's clause."""
    return lex.pattern("statement_and_role", lambda lx: re.compile(
        rf",\s+and\s+(?:its|their|his|her|the)\s+(?:[\w\-]+['’]s\s+)?(?:[\w\-]+\s+){{0,2}}?"
        rf"(?:{_alt(sorted(lx.roles), longest_first=True)})\b(?=[\s,])"))


def _not_speech_before(lex: Lexicon) -> re.Pattern[str]:
    """A word of relations.json not_speech_after ("was", "the") or a hyphen right before a speech verb."""
    return lex.pattern("not_speech_before", lambda lx: re.compile(
        rf"(?:\b(?i:{_alt(lx.relations['not_speech_after'])})\s+|\w-)$"))


def _naming_object(lex: Lexicon) -> re.Pattern[str]:
    """" it a ...", " them heroes": relations.json naming_objects then a word, right after a naming verb."""
    return lex.pattern("naming_object", lambda lx: re.compile(
        rf"\s+(?:{_alt(lx.relations['naming_objects'])})\s+(?!(?:for|on|off|up|out|back|to|in)\b)\w"))


def _and_speech(lex: Lexicon) -> re.Pattern[str]:
    """" and said ...", " and warned ...": a second speech verb, with or without "that"."""
    return lex.pattern("statement_and_speech", lambda lx: re.compile(
        rf",?\s+and\s+(?:{_alt(lx.speech_verbs, longest_first=True)})\b"))


def _and_said(lex: Lexicon) -> re.Pattern[str]:
    """", and warned that", "and accused the mayor of": a second speech verb of the same speaker starts
    its own statement (an accusation: a verb of relations.json accusation_verbs, its object, then its
    preposition)."""
    def build(lx: Lexicon) -> re.Pattern[str]:
        accuse = "|".join(rf"{re.escape(v)}\s+(?:[\w'’\-]+\s+){{1,4}}?{p}\b"
                          for v, p in lx.relations["accusation_verbs"].items())
        # ("... and added all berths would reopen": these start a new statement without "that" too)
        return re.compile(rf",?\s+and\s+(?:(?:{_alt(lx.speech_verbs, longest_first=True)})\s+that\b|(?:{accuse})"
                          rf"|(?:{_alt(lx.relations['and_new_statement_verbs'])})\s+(?!to\b|by\b|in\b|on\b)\w)")
    return lex.pattern("statement_and_said", build)


def _quoted_text(content: str) -> bool:
    """Whether a quote is several sentences (a quotation keeps its full stops)."""
    return bool(re.search(r"[.!?]\s+\S", content))


def _inside_quote(quotes: list[tuple[int, int]], pos: int) -> bool:
    """Whether ``pos`` lies inside a quotation (quotations are sorted and do not overlap)."""
    i = bisect.bisect_right(quotes, (pos, float("inf"))) - 1
    return i >= 0 and quotes[i][0] <= pos < quotes[i][1]


_GAP_BEFORE = re.compile(r"[\s,.!?\u201d\"]*")
# (a role in apposition between: '"A," said Ada Corwen, the club's finance director, "B."')
_GAP_AFTER = re.compile(r"\s*[^\w\n.!?]{0,3}\s*(?:[\w ]{0,25}?[,:]\s*"
                        r"|(?:the|a|an|its|their)\s[\w '’\-]{1,50}?,\s*)?[\u201c\"]\s*")
_GAP_NEXT = re.compile(r"[^\u201c\u201d\"]*[.!?]\s+[\u201c\"]")


def _quoted(ctx: _Context, att_start: int, att_end: int, used: set[tuple[int, int]]) -> str:
    """The quotation right before the attribution and/or right after it, joined. Only the
    quotation ending just before ``att_start`` and the two starting just after ``att_end``
    are looked at (bisect), so an article of many quotations stays linear."""
    text, quotes = ctx.text, ctx.quotes
    parts = []
    i = bisect.bisect_right(quotes, (att_start, float("inf"))) - 1
    if i >= 0:
        q = quotes[i]
        gap = text[q[1] : att_start] if att_start - q[1] < 8 else "x"
        if gap == "x" and att_start - q[1] < 100:
            gap = _role_gap(ctx, text[q[1] : att_start])
        closed = re.search(r"[.!?][\u201d\"]?\s*$", text[q[0] : q[1]] + gap) is not None
        rest = re.split(r"[.!?\n]", text[att_end : att_end + 200])[0]
        words = re.findall(r"[\w'’]+", rest)
        tail = ctx.lex.relations["attribution_tail_words"]  # "said on Tuesday", "said in a statement"
        # ('..." she asked journalists at the gate': whom the quotation was put to, no claim of its own)
        to_hearer = ctx.lex.pattern("hearer_verb_end", lambda lx: re.compile(
            rf"\b(?:{'|'.join(lx.relations['hearer_verbs'])})\s*$")).search(
            text, max(att_start, att_end - 12), att_end) is not None
        says_own = re.match(r"\s+(?:[\w'’]+\s+){0,3}?that\b", rest) is not None or (
            len(words) >= 3 and not rest.lstrip().startswith(",") and words[0].lower() not in tail
            and not (to_hearer and not re.search(r"\bthat\b", rest)))
        # ('... was "set to go." Ada Corwen added that Y': a sentence of its own said by someone
        # before, not the quotation of the speaker who says Y)
        if q[1] <= att_start and _GAP_BEFORE.fullmatch(gap) and "\n\n" not in gap and not (closed and says_own):
            parts.append(q)
    j = bisect.bisect_left(quotes, (att_end, -1))
    for k, q in enumerate(quotes[j : j + 2]):
        gap = text[att_end : q[0]] if q[0] - att_end < 100 else "x"
        if k == 0 and _GAP_AFTER.fullmatch(gap) and "\n\n" not in gap:
            parts.append(q)
            break
        if parts and "\n" not in gap and _GAP_NEXT.fullmatch(gap) and not _attributed(ctx, q):
            parts.append(q)  # "A," she said in a statement. "B." : one quotation, interrupted
        break
    parts = [q for q in parts if q not in used]
    used.update(parts)
    ctx.last_parts = parts
    return " ".join(text[s:e].strip().rstrip(",;:") for s, e in sorted(parts)).strip()


# '..." Velm Harbour Authority spokeswoman Osk Tarvel said': the speaker's body and role between
# the quotation and the name (capitalised words, then one or two lower-case words, the last a role)
_TITLES_AFTER_QUOTE = re.compile(r"([\s,.!?\u201d\"]*)((?:[A-Z][\w.\-]*\s+){1,3})")
_ROLE_GAP = re.compile(r"([\s,.!?\u201d\"]*)(?:(?:[A-Z][\w.&'’\-]*|of|for|the|and|\([A-Z]+\))\s+)+"
                       r"(?:[a-z][\w\-]*\s+)?([a-z][\w\-]*)\s+(?:[A-Z][\w.]*\s+)*")


def _role_gap(ctx: _Context, gap: str) -> str:
    """The quotation's closing marks when ``gap`` is a body's name and a role before the speaker's
    name, else a gap that joins nothing ("x")."""
    m = _ROLE_GAP.fullmatch(gap)
    if m and ctx.lex.title_or_role(m.group(2)):
        return m.group(1)
    t = _TITLES_AFTER_QUOTE.fullmatch(gap)  # '"...," Commissioner Ada Corwen told ...': a title before the name
    if t and all(ctx.lex.title_or_role(w) or ctx.lex.title_or_role(w.rstrip(".")) for w in t.group(2).split()):
        return t.group(1)
    return "x"


def _attributed(ctx: _Context, q: tuple[int, int]) -> bool:
    """Whether quotation ``q`` has an attribution of its own right after it ("...," said X)."""
    after = ctx.text[q[1] : q[1] + 60].split("\n", 1)[0]  # the next paragraph's verb is not this one's
    after = re.split(r"(?<=[.!?])\s", after, maxsplit=1)[0]
    if ctx.text[q[0] : q[1]].rstrip().endswith(".") and after.lstrip(" \"\u201d")[:1].isupper():
        return False  # '"... buy buses." She said ...': the full stop ended it; a new sentence follows
    return relation_patterns(ctx.lex).speech.search(after) is not None


# "VELMO, Mar 3 (Reuters) - ", "ORSK, Norway (AP) — ", "OSLO - ": a dateline opening the first sentence
_DATELINE_LEAD = re.compile(r"^[A-Z][A-Z .'’/\-]{1,40}(?:,[^\n\-—–]{0,60}?)?\s*(?:\([^)\n]{1,40}\))?\s*[-—–]{1,2}\s+")


def _finite(sent: Span, start: int, end: int, *, tensed: bool = False) -> bool:
    """A verb between characters start and end of the sentence, not its first word (a clause, not
    "Asked about it," or "Under the new rules,"); ``tensed``: a finite verb or a modal ("it would
    ...", not "putting it on course"). Without a tagger: True."""
    if not sent.doc.has_annotation("POS"):
        return True
    words = [t for t in sent if start <= t.idx < end and not t.is_punct and not t.is_space]
    if tensed:
        return any(t.tag_ in {"VBD", "VBZ", "VBP", "MD"} for t in words)
    return any(t.pos_ in {"VERB", "AUX"} for t in words[1:])


# "CLAIM, said Ada Corwen of the Velm Institute in Tarsk.": who the speaker is with, not what was said
_OF_BODY_AFTER = re.compile(_OF_BODY.pattern + "[A-Z]")


def _reported(text: str, sent: Span, att_start: int, att_end: int, lex: Lexicon) -> str:
    """The reported clause: after the verb ("that" dropped), else before the attribution (without
    the dateline that opens the article's first sentence)."""
    after = text[att_end : sent.end_char]
    before = re.sub(r"[\s,]+$", "", text[sent.start_char : att_start].strip()).strip("\"\u201c\u201d").strip()
    before = re.sub(r"[\s,]+the$", "", before)  # "CLAIM, the Velm Armed Forces (VAF) said": not its article
    # "CLAIM, local nurses and the Velm agency said": the speakers joined to this one are no part of it
    before = re.sub(r",\s+[\w'’\- ]{1,40}?\s+(?:and|or)(?:\s+the)?$", "", before)
    lead = _DATELINE_LEAD.match(before)
    if lead:
        before = before[lead.end() :]
    inverted = _verb_first(text, att_start, lex)
    if (re.match(r"\s*,", after) or _OF_BODY_AFTER.match(after)) and len(_WORD.findall(before)) >= 2 and inverted:
        # "CLAIM, said Ada Corwen, head of the agency" (or "of the agency"): the comma opens the speaker's
        # apposition;
        # "..., adding that Y" after it is said too (a statement of its own)
        adding = _adding(lex).search(after)
        return before + after[adding.start():].rstrip(". ") if adding else before
    if re.match(r"\s*,", after) and before and not inverted and re.search(r",\s*$", text[sent.start_char : att_start]):
        # "X, she said, but Y" / "By Monday, Halden said, it was ...": the attribution interrupts the clause
        joined = text[sent.start_char : att_start].rstrip(" ,") + ", " + text[att_end : sent.end_char].lstrip(" ,")
        return joined.strip("\"\u201c\u201d ").rstrip(".")
    joined_by = re.match(r"\s*,\s*(\w+)", after)
    if joined_by and joined_by.group(1).lower() in lex.relations["subordinators"] and len(_WORD.findall(before)) >= 3:
        return before  # "CLAIM, medics and the UN said, as fighting spread ...": the claim came first
    said_that = re.match(r"^[\s,]*(?:(?:on|in|at|to|during|late|early|last|this|by|via|over|through|after|before|"
                         r"from|with)\b[^,.;]{0,40}?\s)?that\s+", after)  # "said by telephone that ..."
    first = _WORD.match(after.strip())
    if said_that is None and first and first.group(0).lower() in lex.relations["not_clause_starts"] \
            and re.search(r",\s*$", text[sent.start_char : att_start]) and len(_WORD.findall(before)) >= 3:
        # "CLAIM, the army said on Wednesday, ...": the claim stands before (a clause with a finite
        # verb), after it only when and where; not "Asked about it, the union said on Monday, it would ..."
        comma = text.find(",", att_end, sent.end_char)
        claim_at = sent.start_char + (len(text[sent.start_char : att_start]) - len(
            text[sent.start_char : att_start].lstrip()))
        lead = _DATELINE_LEAD.match(text[claim_at : claim_at + 200])  # (a slice: "^" holds at its start)
        clause = _WORD.match(text[comma + 1 : comma + 40].lstrip()) if comma >= 0 else None
        if _finite(sent, claim_at + lead.end() if lead else claim_at, att_start) and (
                comma < 0 or not _finite(sent, comma, sent.end_char, tensed=True)
                # "..., the board said on Friday, as nine buses broke down": a clause of time
                # or cause after the attribution adds to the claim before it
                or (clause is not None and clause.group(0).lower() in lex.relations["subordinators"])):
            return before
    after = after[said_that.end():] if said_that else after
    after = after.strip().strip("\"\u201c\u201d").strip()
    if len(_WORD.findall(after)) >= 3:
        return after
    return before


def _time_phrase(lex: Lexicon) -> re.Pattern[str]:
    """"on Monday", "late on Friday", "yesterday", "on March 3": when something was said, right after the verb
    (dates.json's calendar words, relations.json's speech_time_openers before them)."""
    def build(lx: Lexicon) -> re.Pattern[str]:
        d = lx.dates
        day = rf"(?:{_alt(d['weekdays'])})(?:\s+(?:morning|afternoon|evening|night))?"
        date = rf"(?:{_alt(d['months'], longest_first=True)})\.?\s+\d{{1,2}}(?:,?\s+\d{{4}})?"
        return re.compile(rf"(?:(?:(?:{_alt(lx.relations['speech_time_openers'])})\s+){{0,2}}"
                          rf"(?:{day}|{date}|{_alt(d['relative_days'], longest_first=True)})\b[\s,]+)+", re.I)
    return lex.pattern("speech_time_phrase", build)


def _without_time_phrase(content: str, lex: Lexicon) -> str:
    """"on Monday more than 2,300 members will march": the claim after the time of saying (not when only a
    prepositional phrase would be left, "on Monday at the briefing")."""
    m = _time_phrase(lex).match(content)
    if m is None:
        return content
    rest = content[m.end() :]
    first = _WORD.match(rest)
    if first is None or len(_WORD.findall(rest)) < 3 or (
            first.group(0).lower() in lex.relations["not_clause_starts"]
            and not re.match(r"at\s+(?:least|most)\b", rest, re.I)):
        return content
    return rest


def _without(sentence: str, s: int, e: int) -> str:
    """The sentence without the characters s..e (an "according to X" phrase)."""
    out = (sentence[:s].rstrip(" ,") + " " + sentence[e:].lstrip(" ,")).strip()
    return re.sub(r"\s+([,.])", r"\1", out)


def _description_before(text: str, sent_start: int, vs: int, lex: Lexicon) -> tuple[str, int] | None:
    """"the company" right before the speech verb: the noun and where the phrase starts."""
    m = re.search(r"\b[Tt]he\s+(\w+)\s*,?\s*$", text[sent_start:vs])
    if m and m.group(1).lower() in set(lex.relations["org_reference_nouns"]):
        return m.group(1).lower(), sent_start + m.start()
    return None



def _resolve_org_pronoun(ctx: _Context, pos: int) -> str | None:
    """The organisation "it said" refers to: the speaker of the last statement, when that is an
    organisation and no other organisation or person was named since; else None."""
    if not ctx.prior:
        return None
    last = ctx.prior[-1]
    if ctx.entities[last.speaker].type != ORG:
        return None
    # ("CLAIM NAMING ORG, it said": the claim's own names come before the pronoun but are not what it
    # refers to)
    claim_first = re.search(r",\s*$", ctx.text[max(0, pos - 5) : pos]) is not None
    here = max((m.sentence for m in ctx.mentions if m.start <= pos), default=0)
    since = {m.entity for m in ctx.mentions if last.end <= m.start < pos
             and not (claim_first and m.sentence == here)
             and ctx.entities[m.entity].type in {PER, ORG} and not ctx.entities[m.entity].outlet}
    return last.speaker if since <= {last.speaker} else None


def _other_gender(ctx: _Context, person: str, pos: int) -> bool:
    """The first personal pronoun after ``person``'s last mention before ``pos``, in that sentence,
    is of the other gender than the pronoun at ``pos``."""
    pronoun = re.match(r"\w+", ctx.text[pos:])
    if pronoun is None:
        return False
    genders = ctx.lex.relations["pronoun_genders"]
    mine = genders.get(pronoun.group(0).lower())
    last = max((m for m in ctx.mentions if m.entity == person and m.end <= pos), key=lambda m: m.end, default=None)
    if mine is None or last is None:
        return False
    end = ctx.text.find(".", last.end, pos)
    for word in re.findall(r"[A-Za-z]+", ctx.text[last.end : end if end >= 0 else pos]):
        theirs = genders.get(word.lower())
        if theirs is not None:
            return theirs != mine
    return False


def _in_caption(ctx: _Context, m: Mention) -> bool:
    """Whether mention ``m`` stands in a photo credit or caption line ("Photograph: Ada/Velm Images")."""
    line = ctx.text[ctx.text.rfind("\n", 0, m.start) + 1 : m.start]
    return ctx.lex.pattern("caption_label", lambda lx: re.compile(
        rf"\b(?:{_alt(lx.relations['caption_labels'], longest_first=True)})\s*:", re.I)).search(line) is not None


def _resolve_pronoun(ctx: _Context, pos: int) -> str | None:
    """The person a pronoun at character ``pos`` refers to: the speaker of the last
    statement, if a person named within the last three sentences and no other since; else
    the one person named since that statement; else the one person named in the previous
    sentence and this one before the pronoun; else None."""
    mentions, entities = ctx.mentions, ctx.entities
    pronoun = re.match(r"\w+", ctx.text[pos:])
    if pronoun is not None and pronoun.group(0).lower() in ctx.lex.relations["plural_pronouns"]:
        return None  # "they said" after "officials said": a group, never one person
    here = max((m.sentence for m in mentions if m.start <= pos), default=0)
    named = [m for m in mentions if m.end <= pos and entities[m.entity].type == PER and here - m.sentence <= 3
             and not _in_caption(ctx, m)]
    if ctx.prior and ctx.prior[-1].speaker in {m.entity for m in named}:
        last = ctx.prior[-1].speaker
        # unless another person was named since that statement (not inside a quotation)
        if all(m.entity == last for m in named
               if m.start >= ctx.prior[-1].end and not _inside_quote(ctx.quotes, m.start)):
            return last
    if ctx.prior and re.search(r"[,.?!][\"\u201d]\s*$", ctx.text[max(0, pos - 10) : pos]):
        # '"...," she said' after one person named since the last statement, outside quotations (a
        # quotation of several sentences may stand between: 'NAME fled. "... . Is it safe?" she asked')
        since = {m.entity for m in named if m.start >= ctx.prior[-1].end and not _inside_quote(ctx.quotes, m.start)}
        if len(since) == 1:
            one = since.pop()
            # not when the text has given that person the other gender ("Her deputy, NAME, ... with his team")
            return None if _other_gender(ctx, one, pos) else one
    window = {m.entity for m in named if m.sentence >= here - 1}
    return next(iter(window)) if len(window) == 1 else None
