"""kg.nlp.relations.depmatch gives spaCy's DependencyMatcher's matches, in its order, on real
articles: every sentence matched alone (as Span.as_doc makes it) and every whole doc."""

from pathlib import Path

import pytest

from kg.ingest import iter_articles
from kg.nlp.relations import depmatch, syntax

ROOT = Path(__file__).resolve().parent.parent


def _marked_docs(nlp, folder: Path, monkeypatch):
    """The docs of ``folder`` with the labels the relation step set on their tokens."""
    seen = []
    mark = syntax._mark

    def keep(doc, mentions, entities, pat, labels=None):
        at = mark(doc, mentions, entities, pat, labels)
        seen.append((doc, pat, dict(labels)))
        return at

    monkeypatch.setattr(syntax, "_mark", keep)
    texts = [a.text for a in iter_articles([folder])]
    list(nlp.pipe(texts))
    return seen


@pytest.mark.parametrize("folder", ["seeds", "tests/dev_news/articles", "tests/dev_news2/articles"])
def test_the_same_matches_as_spacy_s_matcher(nlp, folder, monkeypatch):
    docs = _marked_docs(nlp, ROOT / folder, monkeypatch)
    assert docs
    found = 0
    for doc, pat, labels in docs:
        assert pat.fast is not None  # every shipped pattern is one it reads
        arrays = depmatch.doc_arrays(doc)
        for sent in doc.sents:
            alone = sent.as_doc(copy_user_data=False)
            for i in range(sent.start, sent.end):
                if i in labels:
                    alone[i - sent.start]._.kg_rel = labels[i]
            expected = [(key, [sent.start + t for t in toks]) for key, toks in pat.matcher(alone)]
            assert pat.fast(doc, labels, sent.start, sent.end, alone=True, arrays=arrays) == expected, sent.text
            found += len(expected)
        assert pat.fast(doc, labels, arrays=arrays) == [(key, list(toks)) for key, toks in pat.matcher(doc)]
    assert found > 0  # the articles do hold affiliations the parse shows


def test_a_pattern_beyond_what_it_reads_is_refused():
    fast = depmatch.FastDependencyMatcher()
    with pytest.raises(depmatch.Unsupported):
        fast.add("x", [{"RIGHT_ID": "a", "RIGHT_ATTRS": {"POS": "NOUN"}}])
    with pytest.raises(depmatch.Unsupported):
        fast.add("y", [{"RIGHT_ID": "a", "RIGHT_ATTRS": {}},
                       {"LEFT_ID": "a", "REL_OP": ">>", "RIGHT_ID": "b", "RIGHT_ATTRS": {}}])


def test_a_head_outside_the_sentence_becomes_its_topmost_ancestor_inside(nlp):
    """Span.as_doc gives a token whose head lies outside the span, as its head, the highest of its
    ancestors inside (not the nearest) and the label "dep"; the matches follow that copy."""
    from spacy.matcher import DependencyMatcher
    from spacy.tokens import Doc

    words = ["w0", "w1", "w2", "w3", "w4", "w5"]
    # the chain of w3: w1 (outside), w4 (inside), w0 (outside), w2 (inside, the root)
    doc = Doc(nlp.vocab, words=words, heads=[2, 4, 2, 1, 0, 2], deps=["x", "y", "ROOT", "z", "v", "u"])
    patterns = {
        "topmost": [{"RIGHT_ID": "a", "RIGHT_ATTRS": {"LOWER": "w2"}},
                    {"LEFT_ID": "a", "REL_OP": ">", "RIGHT_ID": "b", "RIGHT_ATTRS": {"LOWER": "w3", "DEP": "dep"}}],
        "nearest": [{"RIGHT_ID": "a", "RIGHT_ATTRS": {"LOWER": "w4"}},
                    {"LEFT_ID": "a", "REL_OP": ">", "RIGHT_ID": "b", "RIGHT_ATTRS": {"LOWER": "w3"}}],
        "next": [{"RIGHT_ID": "a", "RIGHT_ATTRS": {"LOWER": "w3"}},
                 {"LEFT_ID": "a", "REL_OP": ".", "RIGHT_ID": "b", "RIGHT_ATTRS": {}}],
    }
    spacy_matcher, fast = DependencyMatcher(nlp.vocab), depmatch.FastDependencyMatcher()
    for key, pattern in patterns.items():
        spacy_matcher.add(key, [pattern])
        fast.add(key, pattern)
    expected = [(key, [2 + t for t in toks]) for key, toks in spacy_matcher(doc[2:5].as_doc())]
    assert expected  # the case is there
    assert fast(doc, {}, 2, 5, alone=True) == expected
    assert fast(doc, {}) == [(key, list(toks)) for key, toks in spacy_matcher(doc)]
