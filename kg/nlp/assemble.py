"""Assemble the kg spaCy pipeline from its config (no downloaded model needed)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from kg.errors import ModelError

if TYPE_CHECKING:  # importing spaCy takes a second: not for an unchanged rebuild
    from spacy.language import Language

PIPELINE_CONFIG = """
[nlp]
lang = "en"
pipeline = ["kg_sentences", "kg_entities", "kg_dates", "kg_counts", "kg_relations"]

[components]

[components.kg_sentences]
factory = "kg_sentences"

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
"""


def shipped_model_dir() -> Path:
    """The NER pipeline trained by ``kg train`` and shipped inside the package."""
    return Path(__file__).resolve().parent / "model"


def extractor_id(model: str | None = None, use_model: bool = True) -> str:
    """A short name for the pipeline, stored with each article (kg:extractor)."""
    import json

    from kg import __version__

    if not use_model:
        ner = "rules"
    elif model:
        ner = f"rules+{model}"
    else:
        try:
            meta = json.loads((shipped_model_dir() / "meta.json").read_text())
            ner = f"rules+{meta.get('name', 'kg_ner')}-{meta.get('version', '?')}"
        except (OSError, ValueError):
            ner = "rules+kg_ner-missing"
    return f"kg-{__version__} {ner}"


def _not_installed(model: str) -> ModelError:
    return ModelError(
        f"spaCy pipeline {model!r} is not installed; install it with "
        f"'pip install {model}' (or 'python -m spacy download {model}' where a network "
        "is available), or leave out --model"
    )


def check_model(model: str | None = None, use_model: bool = True) -> None:
    """Raise ModelError now, before any work, if the pipeline asked for is not there
    (the workers that build it would otherwise fail one by one)."""
    if not use_model:
        return
    if not model:
        path = shipped_model_dir()
        if not (path / "config.cfg").is_file():
            raise ModelError(f"the shipped NER model is missing from {path}; reinstall kg or use --no-model")
        return
    import spacy.util

    if not spacy.util.is_package(model) and not Path(model).is_dir():
        raise _not_installed(model)


def build_nlp(model: str | None = None, use_model: bool = True) -> Language:
    """The default pipeline: spacy.blank("en"), the shipped statistical NER and
    kg's registered rule and gazetteer components.

    ``model`` names an installed spaCy pipeline whose NER is used instead of the
    shipped one; ``use_model=False`` runs the rules and gazetteer alone.
    How the two combine is decided in ``kg.nlp.factories.merge_model``.
    """
    import spacy
    from thinc.api import Config

    import kg.nlp.factories  # noqa: F401  (registers the factories)

    check_model(model, use_model)
    config = Config().from_str(PIPELINE_CONFIG)
    nlp = spacy.blank("en", config=config)
    if not use_model:
        return nlp
    if not model:
        trained = spacy.load(shipped_model_dir())
        nlp.add_pipe("ner", name="kg_ner", source=trained, before="kg_entities")
        return nlp
    try:
        nlp.add_pipe("kg_model_ner", before="kg_entities", config={"model": model})
    except OSError as exc:  # a folder that is not a spaCy pipeline
        raise _not_installed(model) from exc
    return nlp
