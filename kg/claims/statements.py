"""Statement groups: what one speaker said about the same thing in different articles.

First, per claim and speaker, the statements made in the sentences of the claim's counts (from
two articles or more); then, per speaker, the other statements whose quotes share at least
``min_overlap`` of their words (Jaccard overlap, function words left out) with one already in
a group. Quotes are compared only with those sharing a word (an index of words per speaker),
not with every other quote of the speaker.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from kg.claims.model import Claim, Said, Source, StatementGroup

__all__ = ["group_statements", "words"]

_WORD = re.compile(r"[^\W_]+(?:[.,'’][^\W_]+)*")


@cache
def _stopwords() -> frozenset[str]:
    lines = (Path(__file__).with_name("stopwords.txt")).read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip() for w in lines if w.strip() and not w.startswith("#"))


def words(text: str) -> frozenset[str]:
    """The words of a quote that say what it is about: lower case, no function words, numbers
    without their thousands commas ("3,500" -> "3500")."""
    out = set()
    for w in _WORD.findall(text.lower()):
        w = w.replace(",", "").replace("’", "'")
        if w not in _stopwords() and (len(w) > 2 or w.isdigit()):
            out.add(w)
    return frozenset(out)


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def _text(v: Any) -> str:
    return "" if v is None else v.isoformat() if hasattr(v, "isoformat") else str(v)


def _said(rows: Iterable[Mapping[str, Any]], arts: dict[str, Source]) -> list[tuple[str, str, Said]]:
    out = []
    for r in rows:
        speaker = _text(r.get("speaker"))
        if not speaker:
            continue  # "the same speaker" needs an entity
        source = _text(r.get("source"))
        art = arts.get(source, Source(source))
        out.append((speaker, _text(r.get("speakerLabel")) or speaker,
                    Said(source=source, quote=_text(r.get("quote")), sentence=_text(r.get("sentence")),
                         outlet=art.outlet, published=_text(art.published))))
    return out


def _clusters(members: list[int], said: list[tuple[str, str, Said]], min_overlap: float) -> list[list[int]]:
    """One speaker's statements in clusters: each joins the first cluster holding a statement
    whose words overlap its own by ``min_overlap`` (only those sharing a word can)."""
    clusters: list[list[int]] = []
    home_of: dict[int, int] = {}
    by_word: dict[str, list[int]] = defaultdict(list)
    of = {i: words(said[i][2].quote) for i in members}
    for i in members:
        ws = of[i]
        near = {j for w in ws for j in by_word[w]} if min_overlap > 0 else set(home_of)
        homes = [home_of[j] for j in near if _jaccard(ws, of[j]) >= min_overlap]
        if homes:
            home_of[i] = min(homes)
            clusters[home_of[i]].append(i)
        else:
            home_of[i] = len(clusters)
            clusters.append([i])
        for w in ws:
            by_word[w].append(i)
    return clusters


def group_statements(rows: Iterable[Mapping[str, Any]], claims: Iterable[Claim] = (), *, min_overlap: float = 0.3,
                     sources: Mapping[str, Source] | Iterable[Source] | None = None) -> list[StatementGroup]:
    """Statement groups among the rows of the ``statements`` query, ids s1, s2, ... (see the module's
    docstring). Statements whose speaker is no entity (no IRI) are left out."""
    from kg.claims.group import source_map

    said = _said(rows, source_map(sources))
    claims = list(claims)
    rank = {c.id: i for i, c in enumerate(claims)}
    where = {(f.source, f.sentence): c.id for c in claims for f in c.figures}
    groups: list[StatementGroup] = []
    used: set[int] = set()
    by_claim: dict[tuple[str, str], list[int]] = {}
    for i, (speaker, _, s) in enumerate(said):
        if (s.source, s.sentence) in where:
            by_claim.setdefault((where[s.source, s.sentence], speaker), []).append(i)
    for (claim, speaker), members in by_claim.items():
        if len({said[i][2].source for i in members}) >= 2:
            groups.append(StatementGroup("", speaker, said[members[0]][1], claim, [said[i][2] for i in members]))
            used.update(members)
    rest: dict[str, list[int]] = {}
    for i, (speaker, _, _) in enumerate(said):
        if i not in used:
            rest.setdefault(speaker, []).append(i)
    for speaker, members in rest.items():
        for cluster in _clusters(members, said, min_overlap):
            if len({said[i][2].source for i in cluster}) >= 2:
                groups.append(StatementGroup("", speaker, said[cluster[0]][1], "", [said[i][2] for i in cluster]))
    groups.sort(key=lambda g: (not g.claim, rank.get(g.claim, 0), g.speaker_label, g.sources))
    for i, g in enumerate(groups, 1):
        g.id = f"s{i}"
        g.statements.sort(key=lambda s: s.source)
    return groups
