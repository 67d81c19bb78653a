"""The kg pipeline components; kg.nlp.factories registers them with spaCy.

A component built on :class:`DataComponent` names the lexicon files it uses
(``FILES``), reads them from ``data_dir`` (default: the package's kg/nlp/data/)
and is saved and loaded with the pipeline in spaCy's way: ``nlp.to_disk(dir)``
writes those files into the component's folder, and ``spacy.load(dir)`` reads
them back from there, so a saved pipeline carries its own word lists.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from spacy.tokens import Doc

from kg.nlp.extensions import sentence_index
from kg.nlp.lexicon import Lexicon, load_lexicon, read_lexicon
from kg.relation_kinds import data_files
from kg.resources import nlp_data_dir


class DataComponent:
    """A component whose knowledge is the lexicon files ``FILES``."""

    FILES: tuple[str, ...] = ()

    def __init__(self, data_dir: str | None = None) -> None:
        self.lex: Lexicon = load_lexicon(data_dir, self.FILES)
        self._files = self._read_files(data_dir)

    def _read_files(self, folder: str | Path | None) -> dict[str, bytes]:
        """The files as bytes, kept so that saving does not depend on the folder they came from."""
        source = Path(folder) if folder else nlp_data_dir()
        return {name: (source / name).read_bytes() for name in self.FILES}

    def to_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> None:
        """Write the component's lexicon files into the folder ``path``."""
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        for name, data in self._files.items():
            (path / name).write_bytes(data)

    def from_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> DataComponent:
        """Read the lexicon files back from the folder ``path`` (written by ``to_disk``)."""
        self.lex = read_lexicon(path, self.FILES)
        self._files = self._read_files(path)
        return self


class SentenceSplitter(DataComponent):
    """Sentence and paragraph boundaries (token.is_sent_start)."""

    FILES = ("sentences.json",)

    def __call__(self, doc: Doc) -> Doc:
        from kg.nlp.sentences import set_sentence_starts

        return set_sentence_starts(doc, self.lex)


class DateFinder(DataComponent):
    """Date expressions, normalised against doc._.kg_published (doc._.kg_dates)."""

    FILES = ("dates.json",)

    def __call__(self, doc: Doc) -> Doc:
        from kg.nlp.dates import find_dates

        doc._.kg_dates = find_dates(doc, self.lex, doc._.kg_published, sentence_index(doc))
        return doc


class CountFinder(DataComponent):
    """Numbers that count something (doc._.kg_counts); linked later by CountLinker."""

    FILES = ("numbers.json", "dates.json", "entities.json")  # (entities.json: a unit's "7 Division")

    def __call__(self, doc: Doc) -> Doc:
        from kg.nlp.counts import find_counts

        doc._.kg_counts = find_counts(doc, self.lex, sentence_index(doc))
        return doc


class RelationFinder(DataComponent):
    """Affiliations, spokespeople and statements (doc._.kg_affiliations, doc._.kg_statements)."""

    FILES = ("roles.json", "speech.json", "relations.json", "dependency_patterns.json", "legal_forms.txt",
             "dates.json",  # (dates.json: "said on Monday" is when, not what)
             *data_files("kg_relations"))  # the data files of the generic kinds (kg/nlp/data/relation_kinds.json)

    def __call__(self, doc: Doc) -> Doc:
        from kg.nlp.relations.registry import run_kinds

        run_kinds("kg_relations", doc, self.lex)  # the kinds of kg/nlp/data/relation_kinds.json
        return doc


class CountLinker(DataComponent):
    """Ties the counts to events, places, organisations, dates and speakers (in place)."""

    FILES = ("events.json", "relations.json")

    def __call__(self, doc: Doc) -> Doc:
        from kg.nlp.relations.registry import run_kinds

        run_kinds("kg_count_links", doc, self.lex)  # the kinds of kg/nlp/data/relation_kinds.json
        return doc
