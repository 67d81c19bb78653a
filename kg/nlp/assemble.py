"""Assemble the kg spaCy pipeline from its config (no downloaded model needed)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from kg.errors import Errors, ModelError
from kg.nlp.tokenizer import KG_TOKENIZER, keep_abbreviations, split_agency_dash

if TYPE_CHECKING:  # importing spaCy takes a second: not for an unchanged rebuild
    from spacy.language import Language

PIPELINE_CONFIG = """
[nlp]
lang = "en"
pipeline = ["kg_sentences", "kg_entities", "kg_dates", "kg_counts", "kg_relations", "kg_count_links"]

[components]

[components.kg_sentences]
factory = "kg_sentences"
data_dir = null

[components.kg_entities]
factory = "kg_entities"
data_dir = null

[components.kg_dates]
factory = "kg_dates"
data_dir = null

[components.kg_counts]
factory = "kg_counts"
data_dir = null

[components.kg_relations]
factory = "kg_relations"
data_dir = null

[components.kg_count_links]
factory = "kg_count_links"
data_dir = null
"""


def shipped_model_dir() -> Path:
    """The NER pipeline trained by ``kg train`` and shipped inside the package."""
    return Path(__file__).resolve().parent / "model"


SHIPPED, NO_NER = "shipped", "none"  # the two reserved values of ``ner``


def extractor_id(ner: str = SHIPPED) -> str:
    """A short name for the pipeline, stored with each article (kg:extractor).

    ``ner`` is the NER choice of :func:`build_nlp`; the strings are stored in
    graphs, so the same choice always gives the same id. It names the RDF layout as well
    (kg.rdf.iris.LAYOUT): an article written by an older layout is written again."""
    import json

    from kg import __version__
    from kg.rdf.iris import LAYOUT

    if ner == NO_NER:
        name = "rules"
    elif ner != SHIPPED:
        name = f"rules+{ner}"
    else:
        try:
            meta = json.loads((shipped_model_dir() / "meta.json").read_text())
            name = f"rules+{meta.get('name', 'kg_ner')}-{meta.get('version', '?')}"
        except (OSError, ValueError):
            name = "rules+kg_ner-missing"
    return f"kg-{__version__}+rdf{LAYOUT} {name}"


def _not_installed(model: str) -> ModelError:
    return ModelError(Errors.KG401.format(model=model))


def check_model(ner: str = SHIPPED) -> None:
    """Raise ModelError now, before any work, if the NER asked for is not there
    (the workers that build it would otherwise fail one by one)."""
    if not ner or not ner.strip():
        raise ModelError(Errors.KG403.format(ner=ner, shipped=SHIPPED, none=NO_NER))
    if ner == NO_NER:
        return
    if ner == SHIPPED:
        path = shipped_model_dir()
        if not (path / "config.cfg").is_file():
            raise ModelError(Errors.KG402.format(path=path))
        return
    import spacy.util

    if not spacy.util.is_package(ner) and not Path(ner).is_dir():
        raise _not_installed(ner)


def build_nlp(ner: str = SHIPPED, *, decide: bool = True) -> Language:
    """The kg pipeline: a statistical spaCy pipeline with kg's registered rule and
    gazetteer components added to it (the order and config of those are PIPELINE_CONFIG).

    ``ner`` chooses the statistical pipeline: ``"shipped"`` (the tagger, parser and
    NER trained from open data and shipped in kg/nlp/model), ``"none"`` (rules and
    gazetteer alone, on ``spacy.blank("en")``), or the name or path of an installed
    spaCy pipeline, whose tokenizer, parser and NER are then used the same way.
    ``kg_sentences`` runs first, so the parser keeps kg's sentence boundaries. ``decide`` false
    leaves out the learned entity decision (kg.nlp.entities.decide): the rules' own entities. How the
    NER and the rules combine is decided in ``kg.nlp.entities.fusion.merge_model``;
    the relations read the parse where there is one (``kg.nlp.relations``).
    """
    import spacy
    from thinc.api import Config

    import kg.nlp.factories  # noqa: F401  (registers the factories)

    check_model(ner)
    config = Config().from_str(PIPELINE_CONFIG)
    config["components"]["kg_entities"]["decide"] = decide
    if ner == NO_NER:
        config["nlp"]["tokenizer"] = {"@tokenizers": KG_TOKENIZER}
        nlp = spacy.blank("en", config=config)
    else:
        path = shipped_model_dir() if ner == SHIPPED else ner
        own = {"nlp": {"tokenizer": {"@tokenizers": KG_TOKENIZER}}} if ner == SHIPPED else {}
        try:
            nlp = spacy.load(path, exclude=_not_loaded(ner), config=own)
        except OSError as exc:  # a folder that is not a spaCy pipeline
            raise _not_installed(ner) from exc
        for name in config["nlp"]["pipeline"]:
            spec = dict(config["components"][name])
            factory = spec.pop("factory")
            where = {"first": True} if name == "kg_sentences" else {"last": True}
            nlp.add_pipe(factory, name=name, config=spec, **where)
    nlp.max_length = 2**63 - 1  # kg.ingest enforces --max-chars; spaCy's own 1,000,000 must not be lower
    if ner not in (SHIPPED, NO_NER):  # a tokenizer of its own: kg's changes made to it now
        keep_abbreviations(nlp)
        split_agency_dash(nlp)
    return nlp


def _not_loaded(ner: str) -> list[str]:
    """What ``spacy.load`` leaves out of the statistical pipeline: its lemmatizer (kg reads no
    lemmas), and for the shipped model its saved tokenizer too, which is spaCy's English one as its
    config builds it (tests/test_ner_model.py checks they are the same bytes): reading it back set
    the tokenizer's patterns and rules one after the other, each setting loading the 1,300 special
    cases again, about 0.1 s of every build's start; :func:`kg.nlp.tokenizer.make_tokenizer` builds it instead.
    Another pipeline keeps its own tokenizer."""
    return ["lemmatizer", "tokenizer"] if ner == SHIPPED else ["lemmatizer"]
