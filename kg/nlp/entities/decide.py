"""The learned entity decision: after the candidates are clustered into entities, a small
multinomial logistic regression reads each entity's evidence (the type the rules gave it, the
rules and generators that proposed its mentions, the statistical NER's labels over them, the
lexicon's word classes of its name, the words around its mentions) and decides its type or that
it is no entity at all.

The weights are data (``kg/nlp/data/entity_decider.json``, written by ``kg train
--entity-decider``): one line per feature, a weight per class; the words the features name are
data too (``decider_features.json``), and ``kg why`` shows each mention's decision. A decision
overrides the rules only when the model is sure (``thresholds`` in the weights file), so the
rules stay the default and the model corrects them where real text showed them wrong."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from spacy.tokens import Doc, Span

from kg.nlp.lexicon import Lexicon, normalize_name
from kg.types import LOC, ORG, PER, Entity, Mention

NONE = "None"  # the class of a span that is no entity
CLASSES = (PER, ORG, LOC, NONE)
DECIDER_FILE = "entity_decider.json"
FEATURES_KEY = "kg_entity_features"  # doc.user_data: {entity key: features}, kept for training
NER_LABELS = {"PERSON": PER, "PER": PER, "ORG": ORG, "GPE": LOC, "LOC": LOC, "FAC": LOC, "NORP": "NORP"}


_ROMAN = re.compile(r"(?:I{1,3}|IV|VI{0,3}|IX|X{1,3})")


@dataclass
class Decision:
    type: str  # a class of CLASSES
    score: float  # the model's probability of that class
    changed: bool  # the rules said otherwise


def _word_classes(word: str, lex: Lexicon) -> list[str]:
    """The lexicon's classes of one word of a name (no word itself: names are not features)."""
    low = word.lower()
    out = []
    for name, words, key in (("given", lex.given_names, word), ("orghead", lex.org_heads, word),
                             ("firm", lex.firm_heads, word), ("legal", lex.corporate_suffixes, word),
                             ("demonym", lex.demonyms, word), ("title", lex.person_titles, word.rstrip(".")),
                             ("placehead", lex.place_heads, low), ("role", lex.roles, low),
                             ("common", lex.common_words, low), ("team", lex.team_nouns, low),
                             ("event", lex.event_heads, low), ("service", lex.service_words, low)):
        if key in words:
            out.append(name)
    entry = lex.gazetteer.get(normalize_name(word))
    if entry is not None:
        out.append(f"gaz{entry.type}" + (f":{entry.kind}" if entry.kind in {"country", "state", "city"} else ""))
    return out


def _shape(label: str, inner_words: list[str]) -> list[str]:
    words = label.split()
    out = [f"ntok={min(len(words), 5)}"]
    if label.isupper() and len(label) <= 8:
        out.append("acronym")
    elif label.isupper():
        out.append("allcaps")
    if any(c.isdigit() for c in label):
        out.append("digit")
    if "-" in label:
        out.append("hyphen")
    if any(w.lower() in inner_words for w in words[1:]):
        out.append("inner_function_word")
    if words and len(words[-1]) <= 2 and words[-1].rstrip(".").isalpha():
        out.append("short_last")
    return out


def _context(doc: Doc, m: Mention, lex: Lexicon) -> list[str]:
    """The words right before and after a mention, as classes: a function word itself, a speech
    verb, a role or title, a number."""
    span = doc.char_span(m.start, m.end, alignment_mode="expand")
    if span is None:
        return []
    out = []
    for side, tok in (("prev", doc[span.start - 1] if span.start > 0 else None),
                      ("next", doc[span.end] if span.end < len(doc) else None)):
        if tok is None:
            continue
        low = tok.lower_
        if low in lex.decider_features["context_words"]:
            out.append(f"{side}={low}")
        elif low in lex.speech_verbs:
            out.append(f"{side}=SPEECH")
        elif lex.title_or_role(tok.text):
            out.append(f"{side}=ROLE")
        elif tok.like_num:
            out.append(f"{side}=NUM")
    return out


def _ner_votes(m: Mention, ner_spans: list[tuple[int, int, str]]) -> str:
    for s, e, label in ner_spans:
        if s < m.end and m.start < e:
            exact = "=" if (s, e) == (m.start, m.end) else "~"
            return f"ner{exact}{NER_LABELS.get(label, 'OTHER')}"
    return "ner=NONE"


def entity_features(doc: Doc, ent: Entity, mentions: list[Mention], lex: Lexicon,
                    ner_spans: list[tuple[int, int, str]]) -> dict[str, float]:
    """The evidence about one entity, as named features with values in [0, 1]."""
    feats: dict[str, float] = {"bias": 1.0, f"rule_type={ent.type}": 1.0}
    if ent.typed_by == "model":
        feats["typed_by_model"] = 1.0
    if ent.ref_id:
        feats["gazetteer"] = 1.0
        feats[f"gazetteer_type={ent.type}"] = 1.0
    if ent.kind:
        feats[f"kind={ent.kind}"] = 1.0
    if ent.outlet:
        feats["outlet"] = 1.0
    words = ent.label.split()
    for pos, w in (("first", words[0] if words else ""), ("last", words[-1] if words else "")):
        for c in _word_classes(w, lex):
            feats[f"{pos}:{c}"] = 1.0
    for w in words[1:-1]:
        for c in _word_classes(w, lex):
            feats[f"inner:{c}"] = 1.0
    for s in _shape(ent.label, lex.decider_features["inner_function_words"]):
        feats[s] = 1.0
    n = max(len(mentions), 1)
    feats["mentions_log"] = min(math.log1p(len(mentions)) / 3, 1.0)
    bag: dict[str, float] = {}
    for m in mentions:
        for f in (f"src={m.source}", _ner_votes(m, ner_spans), *_context(doc, m, lex)):
            bag[f] = bag.get(f, 0.0) + 1.0 / n
    if mentions and all(m.sentence == 0 for m in mentions):
        feats["first_sentence_only"] = 1.0
    feats.update(bag)
    if words and not words[0][:1].isupper() and not words[0][:1].isdigit():
        feats["starts_lower"] = 1.0
    if words and _ROMAN.fullmatch(words[0]):
        feats["starts_roman"] = 1.0
    if len(words) == 1 and words[0].lower() in lex.common_words:
        feats["one_common_word"] = 1.0
    return feats


@dataclass
class Decider:
    """Weights of a multinomial logistic regression over CLASSES, and when to act on it."""

    weights: dict[str, list[float]]
    classes: tuple[str, ...] = CLASSES
    retype_at: float = 0.7  # change the rules' type when the model's class has this probability
    drop_at: float = 0.8  # drop the entity when "no entity" has this probability
    retype_model_at: float | None = None  # retype_at for a type only the statistical NER gave (Entity.typed_by)
    meta: dict = field(default_factory=dict)

    @classmethod
    def from_bytes(cls, raw: bytes) -> Decider:
        """Read a weights file (``kg train --entity-decider`` writes it; the schema is checked
        by tests/test_decide.py)."""
        data = json.loads(raw.decode("utf-8"))
        t = data["thresholds"]
        return cls(data["weights"], tuple(data["classes"]), t["retype"], t["drop"], t.get("retype_model"),
                   data.get("meta", {}))

    def probabilities(self, feats: dict[str, float]) -> list[float]:
        z = [0.0] * len(self.classes)
        for f, v in feats.items():
            w = self.weights.get(f)
            if w is not None:
                for k in range(len(z)):
                    z[k] += w[k] * v
        top = max(z)
        e = [math.exp(x - top) for x in z]
        total = sum(e)
        return [x / total for x in e]

    def decide(self, ent: Entity, feats: dict[str, float]) -> Decision:
        p = self.probabilities(feats)
        best = max(range(len(p)), key=p.__getitem__)
        cls = self.classes[best]
        if cls == NONE and p[best] >= self.drop_at:
            return Decision(NONE, p[best], True)
        retype_at = self.retype_at
        if ent.typed_by == "model" and self.retype_model_at is not None:
            retype_at = self.retype_model_at
        if cls not in (NONE, ent.type) and p[best] >= retype_at and not ent.ref_id:
            # (a gazetteer entry keeps its type: its IRI and owl:sameAs are shared by every article)
            return Decision(cls, p[best], True)
        return Decision(ent.type, p[self.classes.index(ent.type)], False)


def ner_spans(model_ents: Iterable[Span]) -> list[tuple[int, int, str]]:
    return [(e.start_char, e.end_char, e.label_) for e in model_ents]


def apply(doc: Doc, entities: dict[str, Entity], mentions: list[Mention], lex: Lexicon,
          model_ents: list[Span], decider: Decider | None) -> tuple[dict[str, Entity], list[Mention]]:
    """Decide every entity; returns the entities kept (retyped where the model is sure, each with
    its decision's probability in ``Entity.score``, which kg:foundBy records) and their mentions."""
    by_entity: dict[str, list[Mention]] = {}
    for m in mentions:
        by_entity.setdefault(m.entity, []).append(m)
    spans = ner_spans(model_ents)
    features = {key: entity_features(doc, ent, by_entity.get(key, []), lex, spans) for key, ent in entities.items()}
    doc.user_data[FEATURES_KEY] = features
    if decider is None:
        return entities, mentions
    decisions = {key: decider.decide(ent, features[key]) for key, ent in entities.items()}
    kept = {}
    for key, ent in entities.items():
        d = decisions[key]
        if d.type == NONE:
            continue
        ent.type, ent.score, ent.retyped = d.type, round(d.score, 2), d.changed
        kept[key] = ent
    return kept, [m for m in mentions if m.entity in kept]
