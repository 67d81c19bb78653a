"""Affiliations, spokespeople and statements; ties counts to events, places, dates
and speakers. Works on the resolved mentions of kg_entities, sentence by sentence.

Affiliation phrasings (role words from roles.json):
  ORG ROLE PERSON                     "SDF spokesman Mustafa Bali"
  ROLE for|of|with ORG PERSON         "spokesman for the Syrian Democratic Forces Mustafa Bali"
  PERSON, (a|the) ROLE for|of ORG     "Mustafa Bali, a spokesman for the SDF"
  ORG ROLE who goes by PERSON         "a Syrian Democratic Forces official who goes by Mervan The Brave"
  PERSON, who LEADS [the ...] ORG      "Jeanine Mukeba, who heads the civil society group Sauvons Kamituga"
  PERSON, the nom de guerre of a ROLE with the <group>   (the group: the last organisation named)
  OUTLET's PERSON (and PERSON) reported|wrote            bylines: journalist
  (OUTLET Photo/PERSON), Credit: PERSON/OUTLET            photo credits: photographer
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from kg.types import Affiliation, Count, Mention, Statement

ORG, PER, LOC = "Organisation", "Person", "Place"
_APPOSITION = re.compile(
    r"\s*,\s*((?:(?:a|an|the|its|senior|top|military|chief|deputy|local|field)\s+)*)"
    r"([a-z][\w\- ]*?)\s+(?:for|of|with|at|from)\s+(?:the\s+)?"
)
_NOM_DE_GUERRE = re.compile(
    r"\s*,\s*the nom de guerre of (?:a|an|the)\s+([a-z\- ]+?)\s+(?:with|for|of)\s+the\s+([\w\- ]+)"
)


def _is_period(text: str, d) -> bool:
    """'since December', 'from 2014': the date starts a period, it does not date an event."""
    return re.search(r"\b(?:since|from)\s*$", text[max(0, d.start - 7) : d.start], re.IGNORECASE) is not None


def _role_at(text: str, roles: dict) -> str | None:
    """The role phrase that ``text`` (lower-case words) ends with, longest first."""
    t = text.lower().strip()
    for r in sorted(roles, key=len, reverse=True):
        if t == r or t.endswith(" " + r):
            return r
    return None


def _spokes(role: str, roles: dict, quoted: bool) -> bool:
    parts = re.split(r"\s+and\s+", role.lower())
    for p in parts:
        spec = roles.get(p.split()[-1]) or roles.get(p) or {}
        if spec.get("spokesperson") or (quoted and spec.get("quoted_spokesperson")):
            return True
    return "media office" in role.lower() or "press office" in role.lower()


def find_relations(doc: Doc, lex, sent_of: list[int]) -> None:
    entities = doc._.kg_entities or {}
    mentions: list[Mention] = doc._.kg_mentions or []
    text = doc.text
    roles = lex.roles
    affs: list[Affiliation] = []
    stmts: list[Statement] = []
    by_sent: dict[int, list[Mention]] = {}
    for m in mentions:
        by_sent.setdefault(m.sentence, []).append(m)
    sents = list(doc.sents)

    def typ(m: Mention) -> str:
        return entities[m.entity].type

    def outlet(m: Mention) -> bool:
        return entities[m.entity].outlet

    def quoted(si: int) -> bool:
        return _speech_re(lex).search(sents[si].text) is not None

    def add(p: Mention, o: Mention | str, role: str, si: int, spk: bool | None = None) -> None:
        org_key = o if isinstance(o, str) else o.entity
        s = min(p.start, o.start if not isinstance(o, str) else p.start)
        e = max(p.end, o.end if not isinstance(o, str) else p.end)
        sp = _spokes(role, roles, quoted(si)) if spk is None else spk
        if not any(a.person == p.entity and a.organisation == org_key for a in affs):
            affs.append(Affiliation(p.entity, org_key, role, sp, si, s, e))

    last_org: str | None = None
    for si, sent in enumerate(sents):
        ms = sorted(by_sent.get(si, []), key=lambda m: m.start)
        for m in ms:
            if typ(m) != PER:
                continue
            before = text[sent.start_char : m.start]
            after = text[m.end : sent.end_char]
            orgs_before = [o for o in ms if typ(o) == ORG and o.end <= m.start]
            # ORG ROLE PERSON / ROLE for ORG PERSON
            if orgs_before:
                o = orgs_before[-1]
                gap = text[o.end : m.start]
                # titles kept in the mention ("Correspondent Emma Murphy") belong to the role
                words = m.text.split()
                k = 0
                while k < len(words) - 1 and (words[k] in lex.person_titles or words[k].lower() in roles):
                    k += 1
                role_text = (gap + " " + " ".join(words[:k])).strip(" ,")
                if k and len(gap) < 40 and not re.search(r"[.;:]", gap) and _role_at(role_text, roles):
                    add(m, o, role_text, si)  # "ITV News Correspondent Emma Murphy", "NATO Secretary General J. S."
                    continue
                role = _role_at(gap.strip(" ,"), roles)
                if role and len(gap) < 40 and not re.search(r"[.;:]", gap):
                    add(m, o, gap.strip(" ,").strip(), si)
                    continue
                mm = re.search(r"\b([\w\- ]+?)\s+(?:for|of|with|at)\s+(?:the\s+)?[\w\-’' ]*$",
                               text[sent.start_char : o.start])
                if mm and len(gap.strip(" ,")) == 0:
                    role = _role_at(mm.group(1), roles)
                    if role:
                        add(m, o, role, si)
                        continue
                # OUTLET's PERSON, OUTLET Photo/PERSON
                if outlet(o) and re.fullmatch(r"\s*[’']s\s*", gap):
                    add(m, o, "journalist", si, False)
                    continue
                if outlet(o) and re.fullmatch(r"\s*Photo\s*/\s*", gap):
                    add(m, o, "photographer", si, False)
                    continue
            # PERSON, (a|the) (modifiers) ROLE (and ROLE) for|of|with ORG
            am = _APPOSITION.match(after)
            if am:
                role = am.group(2).strip()
                if _role_at(role, roles) or " and " in role and any(_role_at(r, roles) for r in role.split(" and ")):
                    rest_start = m.end + am.end()
                    nxt_org = next((o for o in ms if typ(o) == ORG and 0 <= o.start - rest_start < 25
                                    and "," not in text[rest_start : o.start]), None)
                    if nxt_org:
                        add(m, nxt_org, role, si)
                        continue
            # PERSON, who leads|heads|runs ... ORG (the verb, as written, is the role)
            wm = _leader_re(lex).match(after)
            if wm:
                rest_start = m.end + wm.end()
                nxt_org = next((o for o in ms if typ(o) == ORG and 0 <= o.start - rest_start < 40
                                and not re.search(r"[,;.]", text[rest_start : o.start])), None)
                if nxt_org:
                    add(m, nxt_org, wm.group(1), si, False)
                    continue
            # nom de guerre of an official with the <group description>: the organisation named last
            nm = _NOM_DE_GUERRE.match(after)
            if nm and last_org and nm.group(2).split()[-1].lower() in lex.group_descriptions:
                add(m, last_org, _role_at(nm.group(1), roles) or nm.group(1), si)
                continue
            # a ORG ROLE who goes by PERSON
            gm = re.search(r"(?:who goes by|known as|named|called)\s*$", before)
            if gm and orgs_before:
                o = orgs_before[-1]
                role = _role_at(text[o.end : m.start - len(gm.group(0))].strip(), roles)
                if role:
                    add(m, o, role, si)
                    continue
            # bylines: "and PERSON" after a byline person; "while PERSON wrote"
            if affs and affs[-1].sentence == si and affs[-1].role == "journalist" and re.search(
                r"\b(?:reported|wrote|contributed)\b", sent.text
            ):
                add(m, affs[-1].organisation, "journalist", si, False)
                continue
            # Credit: PERSON/OUTLET
            cm = re.match(r"\s*/\s*", after)
            if cm and re.search(r"Credit\s*:\s*$", before):
                o = next((o for o in ms if typ(o) == ORG and o.start >= m.end), None)
                if o is not None:
                    add(m, o, "photographer", si, False)
                    continue
        for m in ms:
            if typ(m) == ORG and not entities[m.entity].outlet:
                last_org = m.entity
        stmts.extend(_statements(doc, text, sent, si, ms, entities, lex))
    doc._.kg_affiliations = affs
    doc._.kg_statements = stmts
    _link_counts(doc, doc._.kg_counts or [], mentions, entities, doc._.kg_dates or [], stmts, lex, sent_of)


_REGEX_CACHE: dict[tuple[int, str], re.Pattern[str]] = {}


def _leader_re(lex) -> re.Pattern[str]:
    key = (id(lex), "leader")
    if key not in _REGEX_CACHE:
        verbs = "|".join(re.escape(v) for v in sorted(lex.leader_verbs, key=len, reverse=True))
        _REGEX_CACHE[key] = re.compile(rf"\s*,\s*who\s+(?:also\s+)?({verbs})\s+(?:the\s+)?")
    return _REGEX_CACHE[key]


def _speech_re(lex) -> re.Pattern[str]:
    """One compiled pattern for the speech verbs and "according to" (built once per lexicon)."""
    key = (id(lex), "speech")
    if key not in _REGEX_CACHE:
        verbs = "|".join(sorted((re.escape(v) for v in lex.speech_verbs), key=len, reverse=True))
        _REGEX_CACHE[key] = re.compile(rf"\b(?:{verbs})\b|\baccording to\b")
    return _REGEX_CACHE[key]


def _trigger_re(lex) -> re.Pattern[str]:
    key = (id(lex), "events")
    if key not in _REGEX_CACHE:
        triggers = sorted(lex.event_triggers, key=len, reverse=True)
        _REGEX_CACHE[key] = re.compile(r"\b(" + "|".join(re.escape(t) for t in triggers) + r")\b", re.IGNORECASE)
    return _REGEX_CACHE[key]


def _statements(doc, text: str, sent, si, ms, entities, lex) -> list[Statement]:
    out = []
    for vm in _speech_re(lex).finditer(sent.text):
        vs = sent.start_char + vm.start()
        ve = sent.start_char + vm.end()
        speaker = None
        speaker_text = ""
        if vm.group(0) == "according to":
            after = [m for m in ms if m.start >= ve and m.start - ve < 60]
            if after:
                speaker = after[0]
            content = text[sent.start_char : vs].strip(" ,")
        else:
            cands = [m for m in ms if 0 <= vs - m.end < 80 and entities[m.entity].type in {PER, ORG}]
            gap_ok = [m for m in cands if not re.search(r"[.;:!?]", text[m.end : vs])]
            pron = re.search(r"\b(he|she|they)\s*$", text[sent.start_char : vs], re.IGNORECASE)
            if pron:
                speaker_text = pron.group(1)
                speaker = _resolve_pronoun(doc, si, vs, entities)
            elif gap_ok:
                persons = [m for m in gap_ok if entities[m.entity].type == "Person"]
                speaker = (persons or gap_ok)[-1]
            q = re.search(r"[“\"](.+?)[”\"]", sent.text)
            if q:
                content = q.group(1)
            else:
                # "said on Twitter that ...": the content starts after "that"
                content = re.sub(r"^\s*(?:[^,.;]{0,40}?\s)?that\s+", "", text[ve : sent.end_char]).strip()
        if speaker is None and not speaker_text:
            continue
        if isinstance(speaker, str):
            key, stext = speaker, speaker_text
        elif speaker is not None:
            key, stext = speaker.entity, speaker_text or speaker.text
        else:
            key, stext = None, speaker_text
        told = None
        if vm.group(0) in {"told", "tells"}:
            o = next((m for m in ms if 0 <= m.start - ve < 3 and entities[m.entity].type == ORG), None)
            told = o.entity if o else None
        if content:
            out.append(Statement(key, stext, content, si, sent.start_char, sent.end_char, told))
            break
    return out


def _resolve_pronoun(doc, si: int, pos: int, entities) -> str | None:
    """The person a pronoun at character ``pos`` refers to, when exactly one person is
    named in the previous sentence and this one before the pronoun; else None."""
    window = [m for m in (doc._.kg_mentions or [])
              if entities[m.entity].type == PER and (m.sentence == si - 1 or (m.sentence == si and m.end <= pos))]
    keys = {m.entity for m in window}
    return next(iter(keys)) if len(keys) == 1 else None


def _link_counts(doc, counts: list[Count], mentions, entities, dates, stmts, lex, sent_of) -> None:
    text = doc.text
    sents = list(doc.sents)
    credit = re.compile(r"\((?:[A-Z][\w.]*\s*)+(?:Photo[^)]*)?\)\s*$|Credit\s*:")
    captions = {i for i, s in enumerate(sents) if credit.search(s.text)}
    # a credit standing alone ("(Reuters)") makes the sentence before it a caption
    captions |= {i - 1 for i in captions if re.fullmatch(r"\s*\([^)]*\)\s*", sents[i].text)}
    trig_re = _trigger_re(lex)
    for c in counts:
        sent = sents[c.sentence]
        # event: nearest trigger word after the count, else before it, in the sentence
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
            c.event = lex.event_triggers.get(c.event_word.lower())
        # place: nearest Place mention in the sentence
        places = [m for m in mentions if m.sentence == c.sentence and entities[m.entity].type == "Place"
                  and not text[m.end : m.end + 1] == "-"]  # "US-backed" is not where it happened
        if places:
            c.place = min(places, key=lambda m: abs(m.start - c.start)).entity
        orgs = [m for m in mentions if m.sentence == c.sentence and entities[m.entity].type == "Organisation"
                and not entities[m.entity].outlet]
        if orgs:
            c.organisation = min(orgs, key=lambda m: abs(m.start - c.start)).entity
        # date: in the sentence (not a "since ..." period), else the narrative's last date
        in_sent = [d for d in dates if d.sentence == c.sentence and d.value]
        periods = [d for d in in_sent if _is_period(text, d)]
        if periods:
            c.date = None
        elif in_sent:
            # nearest date; on a tie the one after the count ("$870 million in 2016")
            c.date = min(in_sent, key=lambda d: (d.start - c.end, 0) if d.start >= c.end
                         else (c.start - d.end, 1)).value
        else:
            for back in range(1, 4):
                si = c.sentence - back
                if si < 0:
                    break
                if si in captions:
                    continue
                prior = [d for d in dates if d.sentence == si]
                if prior:
                    c.date = prior[-1].value if not _is_period(text, prior[-1]) else None
                    break
        st = next((s for s in stmts if s.sentence == c.sentence and s.speaker), None)
        if st:
            c.attributed_to = st.speaker
