"""kg's tokenizer: spaCy's English tokenizer with two changes (a dateline's agency dash split off,
titles' abbreviations kept whole), built in one go for the shipped pipeline (kg.Tokenizer.v1) or
made to another pipeline's own tokenizer. Its own module, so kg.nlp.assemble and kg.nlp.factories
both import it and not each other."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokenizer import Tokenizer

# A dash glued to the close of a dateline ("Lima, May 3 (EFE).- The ...", Spanish agencies' style)
# is a token of its own, so the agency and the name after it are read apart.
AGENCY_DASH = r"(?<=[.)])-"
KG_TOKENIZER = "kg.Tokenizer.v1"  # (registered in kg.nlp.factories)


def abbreviations() -> list[str]:
    """Titles and other abbreviations ("Maj.", "St.") that stay one token with their full stop, so
    "Maj. Gen. Ada Corwen" is no sentence end (the list: sentences.json, "abbreviations")."""
    import json

    from kg.resources import nlp_data_dir

    return json.loads((nlp_data_dir() / "sentences.json").read_text(encoding="utf-8"))["abbreviations"]


def make_tokenizer(nlp: Language) -> Tokenizer:
    """spaCy's English tokenizer as its config builds it (spacy.Tokenizer.v1) with kg's two changes,
    :data:`AGENCY_DASH` and :func:`abbreviations`, made as it is built: made afterwards, as for a
    pipeline with a tokenizer of its own, each loads its 1,300 special cases again (0.05 s)."""
    from spacy.symbols import ORTH
    from spacy.tokenizer import Tokenizer
    from spacy.util import compile_infix_regex, compile_prefix_regex, compile_suffix_regex

    d = nlp.Defaults
    rules = dict(d.tokenizer_exceptions)
    rules.update((word, [{ORTH: word}]) for word in abbreviations())
    return Tokenizer(nlp.vocab, rules=rules, prefix_search=compile_prefix_regex(d.prefixes).search,
                     suffix_search=compile_suffix_regex([*d.suffixes, AGENCY_DASH]).search,
                     infix_finditer=compile_infix_regex(d.infixes).finditer, token_match=d.token_match,
                     url_match=d.url_match)


def split_agency_dash(nlp: Language) -> None:
    """:data:`AGENCY_DASH`, added to a pipeline's own tokenizer."""
    from spacy.util import compile_suffix_regex

    nlp.tokenizer.suffix_search = compile_suffix_regex([*(nlp.Defaults.suffixes or ()), AGENCY_DASH]).search


def keep_abbreviations(nlp: Language) -> None:
    """:func:`abbreviations`, added to a pipeline's own tokenizer."""
    from spacy.symbols import ORTH

    for word in abbreviations():
        nlp.tokenizer.add_special_case(word, [{ORTH: word}])
