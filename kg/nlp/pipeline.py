"""Assemble the kg spaCy pipeline from its config (no downloaded model needed)."""

from __future__ import annotations

from spacy.language import Language

from kg.errors import ModelError

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


def build_nlp(model: str | None = None) -> Language:
    """The default pipeline: spacy.blank("en") plus kg's registered components.

    ``model`` names an installed spaCy pipeline whose NER fills in names the rules
    and gazetteer do not know.
    """
    import spacy
    from thinc.api import Config

    import kg.nlp.components  # noqa: F401  (registers the factories)

    config = Config().from_str(PIPELINE_CONFIG)
    nlp = spacy.blank("en", config=config)
    if model:
        try:
            nlp.add_pipe("kg_model_ner", before="kg_entities", config={"model": model})
        except OSError as exc:
            raise ModelError(
                f"spaCy pipeline {model!r} is not installed; install it with "
                f"'pip install {model}' (or 'python -m spacy download {model}' where a network "
                "is available), or leave out --model"
            ) from exc
    return nlp
