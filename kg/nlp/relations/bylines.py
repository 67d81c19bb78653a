"""Bylines and credit lines: "By Ada Corwen, Science Editor, The Halden Courier",
"By Ada Corwen" above "Halden Tribune staff writer", "(Reporting by Ada Corwen; Editing
by ...)" under a "(Reuters)" dateline. The person is a journalist of the outlet named
on the byline's own line, else on the short line under it, else of the news outlet
the article's first lines name."""

from __future__ import annotations

import re

from spacy.tokens import Doc

from kg.nlp.extensions import doc_text
from kg.nlp.lexicon import Lexicon
from kg.types import ORG, PER, Affiliation, Entity, Mention

_SHORT_LINE = 80  # a line under the byline this short is part of it ("Halden Tribune staff writer")
_MARKER_REACH = 64  # characters before a name in which its byline marker ("Reporting by") starts
_TOP = 400  # characters in which a dateline names the outlet: "HALDEN, Jan 8 (Reuters) -"


_SEPARATED = re.compile(r"\s*[·|•]\s*\S")
_JOINED = re.compile(r"(?:\s+in\s+[^;,()\n]{1,40}?)?\s*(?:,\s*and|,|and|&)\s+")


def byline_affiliations(doc: Doc, lex: Lexicon, entities: dict[str, Entity],
                        mentions: list[Mention]) -> list[Affiliation]:
    text = doc_text(doc)
    role = lex.relations["byline_role"]
    markers = lex.relations["byline_markers"]
    marker = re.compile(r"(?:^|[(;]\s*)(?:" + "|".join(re.escape(m) for m in markers) + r")\s+$", re.MULTILINE)
    orgs = [m for m in mentions if entities[m.entity].type == ORG]
    out: list[Affiliation] = []
    last_end = -1  # the end of the last name a marker introduced
    for m in sorted(mentions, key=lambda x: x.start):
        if entities[m.entity].type != PER:
            continue
        line_start = text.rfind("\n", 0, m.start) + 1
        # the marker ends right before the name: look back a little, not to a far line start; or the
        # name joins the one before it ("Reporting by Ada Corwen, Ilan Vesk and Ivo Brede")
        joined = last_end >= line_start and _JOINED.fullmatch(text, last_end, m.start) is not None
        # "Ada Corwen · Velm News · Posted: ..." near the top: a byline whose parts a separator divides
        separated = m.start == line_start and m.start < _TOP and _SEPARATED.match(text, m.end) is not None
        # "By" alone on the line above the name that opens its own line
        above = line_start > 0 and text[line_start : m.start].strip() == "" \
            and text[text.rfind("\n", 0, line_start - 1) + 1 : line_start - 1].strip() in markers
        if not joined and not separated and not above \
                and not marker.search(text, max(line_start, m.start - _MARKER_REACH), m.start):
            continue
        last_end = m.end
        line_end = text.find("\n", m.end)
        line_end = len(text) if line_end < 0 else line_end
        org = next((o for o in orgs if m.end <= o.start < line_end), None)
        if org is None:
            nxt_end = text.find("\n", line_end + 1)
            nxt_end = len(text) if nxt_end < 0 else nxt_end
            if nxt_end - line_end <= _SHORT_LINE:
                org = next((o for o in orgs if line_end < o.start < nxt_end), None)
        if org is None and line_start > 0:
            # the outlet's masthead alone on the line above ("Velm Evening Express" over "By Ada Corwen")
            # (a name the masthead rule found, kg.nlp.entities.rules: not a section's "World News")
            above_start = text.rfind("\n", 0, line_start - 1) + 1
            org = next((o for o in orgs if above_start <= o.start and o.end < line_start and o.source == "byline"
                        and text[above_start : line_start - 1].strip() == o.text), None)
        if org is None:
            org = next((o for o in orgs if o.start < _TOP and entities[o.entity].outlet), None)
        if org is not None and org.entity != m.entity:
            out.append(Affiliation(m.entity, org.entity, role, False, m.sentence, line_start, max(m.end, org.end)))
    return out
