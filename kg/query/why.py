"""Why an entity is what the graph says: each mention with the generator that proposed it and
what the learned entity decision said (the article's kg:foundBy, word by word; kg why)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kg.query.run import run
from kg.resources import queries_dir
from kg.store import Store

VARIABLES = ["source", "text", "type", "found_by", "decision", "score"]
_SCORE = re.compile(r"[01]\.\d+")
TYPES = ("Person", "Organisation", "Place")


@dataclass(frozen=True)
class FoundBy:
    source: str  # the generator or rule ("org-shape", "gazetteer", "model")
    retyped: str | None  # the type the decision gave against the rules', if it overrode them
    score: float | None  # the decision's probability of the entity's type (None: no decision ran)

    @property
    def decision(self) -> str:
        if self.score is None:
            return "rules (no decision)"
        return f"overrode the rules: {self.retyped}" if self.retyped else "kept the rules' type"


def parse_found_by(word: str) -> FoundBy:
    """One word of kg:foundBy ("name-shape>Person@0.71") read back (kg.rdf.mapping.found_by), from
    the right: a rule's own name may hold "@" or ">" too."""
    head, at, score = word.rpartition("@")
    if not (at and _SCORE.fullmatch(score)):
        head, score = word, ""
    source, gt, retyped = head.rpartition(">")
    if not (gt and source and retyped in TYPES):
        source, retyped = head, ""
    return FoundBy(source, retyped or None, float(score) if score else None)


def explain(store: Store, iri: str) -> list[list[str]]:
    """The rows of kg why for the entity ``iri``, in article and text order."""
    text = (queries_dir() / "internal" / "why_mentions.rq").read_text(encoding="utf-8")
    _, rows = run(store, text, {"entity": f"<{iri}>"})
    out = []
    for source, typ, mention, at, found in rows:
        words = found.value.split() if found is not None else []
        n = int(at.value.split()[-1])
        fb = parse_found_by(words[n]) if n < len(words) else FoundBy("unknown", None, None)
        out.append([source.value, mention.value, typ.value, fb.source, fb.decision,
                    "" if fb.score is None else f"{fb.score:.2f}"])
    return out
