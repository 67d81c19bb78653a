"""Train kg's NER from the UNER English EWT corpus (``kg train``).

Reproducible: the config is ``kg/training/ner.cfg`` (fixed seed, fixed step count);
the corpus is converted to spaCy's DocBin here, the same way every time.
Training never runs in CI; the trained pipeline ships in ``kg/nlp/model``.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from kg.errors import Errors, InputError

LABELS = ("PER", "LOC", "ORG")
SPLITS = {"train": "en_ewt-ud-train.iob2", "dev": "en_ewt-ud-dev.iob2", "test": "en_ewt-ud-test.iob2"}
CONFIG = Path(__file__).resolve().parent / "ner.cfg"
SYNTHETIC_SEED = 7
DEFAULT_SYNTHETIC = 6000
SOURCES = [
    {
        "name": "Universal NER English EWT (UNER_English-EWT)",
        "url": "https://www.universalner.org/",
        "license": "CC BY-SA 4.0",
        "citation": "Mayhew et al., Universal NER: A Gold-Standard Multilingual Named Entity "
        "Recognition Benchmark, NAACL 2024",
    },
    {
        "name": "kg synthetic news sentences (kg/training/synthetic.py, kg/training/synthetic.json)",
        "license": "same as kg; place names from GeoNames (CC BY 4.0)",
    },
]


@dataclass
class Sentence:
    text: str
    tokens: list[str]
    tags: list[str]


def read_iob2(path: Path) -> Iterator[Sentence]:
    """Sentences of a UNER IOB2 file; ``OTH`` and stray ``B-O`` tags read as outside."""
    text, tokens, tags = "", [], []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if line.startswith("# text = "):
                text = line[len("# text = "):]
            elif line.startswith("#"):
                continue
            elif not line.strip():
                if tokens:
                    yield Sentence(text, tokens, tags)
                text, tokens, tags = "", [], []
            else:
                cols = line.split("\t")
                tokens.append(cols[1])
                tag = cols[2] if len(cols) > 2 else "O"
                tags.append(tag if tag[2:] in LABELS else "O")
    if tokens:
        yield Sentence(text, tokens, tags)


def spans_of(tags: list[str]) -> list[tuple[int, int, str]]:
    """(start, end, label) token spans; an I- tag with no open entity starts one."""
    spans: list[tuple[int, int, str]] = []
    start, label = None, None
    for i, tag in enumerate([*tags, "O"]):
        kind, lab = (tag[0], tag[2:]) if tag != "O" else ("O", None)
        if start is not None and (kind != "I" or lab != label):
            spans.append((start, i, label))
            start, label = None, None
        if kind == "B" or (kind == "I" and start is None):
            start, label = i, lab
    return spans


def to_doc(vocab, sent: Sentence):
    """A spaCy Doc whose text is the sentence's own text (so the training tokenizer
    re-tokenises it as kg will) and whose entities are the gold ones."""
    from spacy.tokens import Doc, Span

    spaces, pos = [], 0
    text = sent.text
    ok = bool(text)
    offsets = []
    for tok in sent.tokens:
        at = text.find(tok, pos) if ok else -1
        if at < 0:
            ok = False
            break
        offsets.append(at)
        pos = at + len(tok)
    if ok:
        for i, at in enumerate(offsets):
            end = at + len(sent.tokens[i])
            nxt = offsets[i + 1] if i + 1 < len(offsets) else len(text)
            spaces.append(nxt > end)
    else:
        spaces = [True] * len(sent.tokens)
    doc = Doc(vocab, words=sent.tokens, spaces=spaces)
    doc.ents = [Span(doc, s, e, label=lab) for s, e, lab in spans_of(sent.tags)]
    return doc


def convert(corpus_dir: Path, out_dir: Path, synthetic: int = 0, seed: int = SYNTHETIC_SEED) -> dict[str, Path]:
    """Write train/dev/test .spacy files; ``synthetic`` news-like sentences from
    kg.training.synthetic (invented names, gold by construction) are added to train only."""
    import spacy
    from spacy.tokens import DocBin

    nlp = spacy.blank("en")
    out_dir.mkdir(parents=True, exist_ok=True)
    written = {}
    for split, name in SPLITS.items():
        src = corpus_dir / name
        if not src.is_file():
            raise InputError(Errors.KG141.format(path=src))
        db = DocBin(store_user_data=False)
        for sent in read_iob2(src):
            db.add(to_doc(nlp.vocab, sent))
        if split == "train" and synthetic:
            from kg.training.synthetic import training_docs

            for doc in training_docs(synthetic, seed, nlp.vocab):
                db.add(doc)
        written[split] = out_dir / f"{split}.spacy"
        db.to_disk(written[split])
    return written


def train(corpus_dir: Path, output: Path, work_dir: Path, synthetic: int = DEFAULT_SYNTHETIC) -> dict:
    """Convert, train with the fixed-seed config, keep the best model on dev, score dev and test."""
    from spacy.cli.train import train as spacy_train

    data = convert(corpus_dir, work_dir / "corpus", synthetic)
    out = work_dir / "training"
    spacy_train(CONFIG, output_path=out, overrides={"paths.train": str(data["train"]), "paths.dev": str(data["dev"])})
    best = out / "model-best"
    scores = {split: score(best, data[split]) for split in ("dev", "test")}
    meta_path = best / "meta.json"
    meta = json.loads(meta_path.read_text())
    meta.update(
        name="kg_ner", version="1.0.0", sources=SOURCES, license="CC BY-SA 4.0",
        description="kg's PER/LOC/ORG NER: spaCy CNN (no vectors) trained on UNER English EWT "
        f"(OTH and B-O read as outside) plus {synthetic} synthetic news sentences. Trained with `kg train`.",
        kg_scores=scores,
    )
    meta_path.write_text(json.dumps(meta, indent=2))
    if output.exists():
        shutil.rmtree(output)
    shutil.copytree(best, output)
    return scores


def score(model_dir: Path, data: Path) -> dict:
    """Precision, recall and F1 overall and per type (spaCy's exact-span scorer)."""
    import spacy
    from spacy.tokens import DocBin
    from spacy.training import Example

    nlp = spacy.load(model_dir)
    refs = list(DocBin().from_disk(data).get_docs(nlp.vocab))
    preds = nlp.pipe(ref.text for ref in refs)
    examples = [Example(pred, ref) for pred, ref in zip(preds, refs, strict=True)]
    s = nlp.get_pipe("ner").score(examples)
    out = {"ALL": {"p": s["ents_p"], "r": s["ents_r"], "f": s["ents_f"]}}
    for lab, v in sorted((s.get("ents_per_type") or {}).items()):
        out[lab] = v
    return out
