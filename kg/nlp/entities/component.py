"""The ``kg_entities`` pipeline component: candidates -> typing rules -> fusion
with the statistical NER -> resolution.

Saved and loaded with the pipeline like kg's other components
(kg.nlp.components.DataComponent): ``nlp.to_disk`` writes the lexicon files it
uses and its rule table (entity_rules.jsonl) into its folder, ``spacy.load``
reads them back from there and compiles the table against that lexicon."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from spacy.tokens import Doc
from spacy.util import filter_spans

from kg.nlp.components import DataComponent
from kg.nlp.entities import decide
from kg.nlp.entities.candidates import find_candidates
from kg.nlp.entities.fusion import merge_model
from kg.nlp.entities.headlines import Headlines
from kg.nlp.entities.resolve import resolve
from kg.nlp.entities.rules import RULES_FILE, RuleTable, parse_rows
from kg.nlp.extensions import sentence_index
from kg.nlp.lexicon import GAZETTEER_FILES
from kg.resources import nlp_data_dir


class EntityFinder(DataComponent):
    """Writes doc._.kg_entities, doc._.kg_mentions and doc.ents."""

    FILES = ("roles.json", "speech.json", "entities.json", "demonyms.txt", "given_names.txt", "common_words.txt",
             "legal_forms.txt", "dates.json", "numbers.json",  # (numbers.json: currencies)
             "decider_features.json", *GAZETTEER_FILES)

    def __init__(self, data_dir: str | None = None, *, decide: bool = True) -> None:
        super().__init__(data_dir)
        self.decide = decide
        self._set_rules(Path(data_dir) if data_dir else nlp_data_dir())

    def _set_rules(self, folder: Path) -> None:
        self._rules_bytes = (folder / RULES_FILE).read_bytes()
        self.rules = RuleTable(parse_rows(self._rules_bytes.decode("utf-8"), str(folder / RULES_FILE)), self.lex)
        path = folder / decide.DECIDER_FILE
        self._decider_bytes = path.read_bytes() if path.is_file() else None
        self.decider = decide.Decider.from_bytes(self._decider_bytes) if self._decider_bytes else None

    def __call__(self, doc: Doc) -> Doc:
        headlines = Headlines(doc, self.lex)
        cands = find_candidates(doc, self.lex, self.rules, headlines)
        model_ents = list(doc.ents)  # the statistical pipeline's entities, if it has an NER
        if model_ents:
            cands = merge_model(doc, cands, model_ents, self.lex, headlines)
        entities, mentions = resolve(doc, cands, self.lex, sentence_index(doc), headlines)
        entities, mentions = decide.apply(doc, entities, mentions, self.lex, model_ents,
                                          self.decider if self.decide else None)
        doc._.kg_entities = entities
        doc._.kg_mentions = mentions
        spans = []
        for m in mentions:
            span = doc.char_span(m.start, m.end, label=entities[m.entity].type, alignment_mode="expand")
            if span is not None:
                spans.append(span)
        doc.ents = filter_spans(spans)
        return doc

    def to_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> None:
        """Write the lexicon files and the rule table into the folder ``path``."""
        super().to_disk(path, exclude=exclude)
        (Path(path) / RULES_FILE).write_bytes(self._rules_bytes)
        if self._decider_bytes is not None:
            (Path(path) / decide.DECIDER_FILE).write_bytes(self._decider_bytes)

    def from_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> EntityFinder:
        """Read back what ``to_disk`` wrote: the lexicon, then the rule table compiled against it."""
        super().from_disk(path, exclude=exclude)
        self._set_rules(Path(path))
        return self
