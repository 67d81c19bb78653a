"""A combined NER training set: UNER English-EWT train, GUM train names and the extra openly
licensed corpora of ``ner-more`` (wikigold, re3d, UNER English-PUD, BTC, WNUT17), for
``kg train --ner-corpora DIR``.

Each extra corpus is described in kg/training/ner_corpora.json: its files, columns, a map from
its own labels to PER/LOC/ORG (anything else reads as outside) and its licence. Dev is UNER
English-EWT dev; the test splits are UNER English-EWT test and GUM test. Deterministic: sorted
file lists, no randomness, so the same folders give the same DocBin files.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path

from kg.errors import Errors, InputError
from kg.training.ner import Sentence, spans_of, to_doc
from kg.training.ner import read_iob2 as read_uner

TABLE = Path(__file__).resolve().parent / "ner_corpora.json"
LABELS = ("PER", "LOC", "ORG")
NEEDED = ("uner-english-ewt", "gum-cc-by", "ner-more")


def load_table(path: Path = TABLE) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def guess_spaces(tokens: list[str], rules: dict) -> list[bool]:
    """Whitespace after each token of a corpus that keeps no original text: none before
    closing punctuation and clitics, none after opening brackets and currency signs."""
    before, after = set(rules["no_space_before"]), set(rules["no_space_after"])
    out = []
    for i, tok in enumerate(tokens):
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        out.append(nxt is not None and tok not in after and nxt not in before)
    return out


def read_columns(path: Path, spec: dict) -> Iterator[Sentence]:
    """Sentences of a column file (blank line between sentences, ``-DOCSTART-`` skipped), tags
    mapped through ``spec['labels']`` (IOB1 or IOB2: an I- with no open entity starts one)."""
    labels, sep, tok_col, tag_col = spec["labels"], spec["sep"], spec["token"], spec["tag"]
    text, tokens, tags = "", [], []

    def mapped(tag: str) -> str:
        if tag == "O" or len(tag) < 3 or tag[1] != "-":
            return "O"
        label = labels.get(tag[2:])
        return f"{tag[0]}-{label}" if label else "O"

    with path.open(encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if line.startswith("# text = ") and spec["text_comment"]:
                text = line[len("# text = "):]
                continue
            if line.startswith("#") and spec["text_comment"]:
                continue
            cols = line.split(sep) if line.strip() else []
            if not cols or cols[0] == "-DOCSTART-":
                if tokens:
                    yield Sentence(text, tokens, tags)
                text, tokens, tags = "", [], []
                continue
            token = cols[tok_col].strip()
            if token:  # a few rows hold an empty or blank token: dropped with their tag
                tokens.append(token)
                tags.append(mapped(cols[tag_col]) if len(cols) > 1 else "O")
    if tokens:
        yield Sentence(text, tokens, tags)


def corpus_files(root: Path, spec: dict) -> list[Path]:
    files: list[Path] = []
    for pattern in spec["files"]:
        found = sorted(root.glob(pattern))
        if not found:
            raise InputError(Errors.KG172.format(path=root / pattern))
        files += found
    return files


def corpus_docs(vocab, root: Path, spec: dict, rules: dict) -> Iterator:
    """spaCy Docs (one per sentence) of one extra corpus, with gold PER/LOC/ORG entities."""
    from spacy.tokens import Doc, Span

    for path in corpus_files(root, spec):
        for sent in read_columns(path, spec):
            if sent.text:
                yield to_doc(vocab, sent)
                continue
            doc = Doc(vocab, words=sent.tokens, spaces=guess_spaces(sent.tokens, rules))
            doc.ents = [Span(doc, s, e, label=lab) for s, e, lab in spans_of(sent.tags)]
            yield doc


def check(corpora: Path, names: Iterable[str], table: dict) -> None:
    missing = [n for n in NEEDED if not (corpora / n).is_dir()]
    if missing:
        raise InputError(Errors.KG173.format(path=corpora, names=", ".join(NEEDED)))
    unknown = [n for n in names if n not in table["corpora"]]
    if unknown:
        raise InputError(Errors.KG174.format(names=", ".join(unknown), known=", ".join(table["corpora"])))


def _uner_docs(vocab, path: Path) -> list:
    return [to_doc(vocab, sent) for sent in read_uner(path)]


def _gum_ner_docs(vocab, gum: Path, split: str) -> list:
    from kg.training.treebanks import gum_docs

    return gum_docs(vocab, gum, (gum / f"files.{split}").read_text().split(), 10)


def convert(corpora: Path, out: Path, names: Iterable[str] | None = None, table: dict | None = None) -> dict:
    """Write train/dev/ewt_test/gum_test .spacy files into ``out``; returns a summary (documents,
    words and entities per source; also written as summary.json)."""
    import spacy
    from spacy.tokens import DocBin

    table = table or load_table()
    names = list(table["default"] if names is None else names)
    check(corpora, names, table)
    vocab = spacy.blank("en").vocab
    uner, gum, more = corpora / "uner-english-ewt", corpora / "gum-cc-by", corpora / "ner-more"
    parts = {"uner-english-ewt": _uner_docs(vocab, uner / "en_ewt-ud-train.iob2"),
             "gum-cc-by": _gum_ner_docs(vocab, gum, "train")}
    for name in names:
        parts[name] = list(corpus_docs(vocab, more, table["corpora"][name], table["detokenise"]))
    splits = {"train": [d for docs in parts.values() for d in docs],
              "dev": _uner_docs(vocab, uner / "en_ewt-ud-dev.iob2"),
              "ewt_test": _uner_docs(vocab, uner / "en_ewt-ud-test.iob2"),
              "gum_test": _gum_ner_docs(vocab, gum, "test")}
    out.mkdir(parents=True, exist_ok=True)
    for split, docs in splits.items():
        db = DocBin(store_user_data=False)
        for doc in docs:
            db.add(doc)
        db.to_disk(out / f"{split}.spacy")
    summary = {"extra": names,
               "train_sources": {n: _count(docs) for n, docs in parts.items()},
               **{split: _count(docs) for split, docs in splits.items()}}
    (out / "summary.json").write_text(json.dumps(summary, indent=2))
    return summary


def _count(docs: list) -> dict:
    return {"docs": len(docs), "words": sum(len(d) for d in docs), "ents": sum(len(d.ents) for d in docs)}


def sources(names: Iterable[str], table: dict | None = None) -> list[dict]:
    """The meta.json ``sources`` rows of a model trained on the combined set."""
    from kg.training.ner import SOURCES
    from kg.training.pipeline import SOURCES as PIPELINE_SOURCES

    table = table or load_table()
    rows = [SOURCES[0] | {"name": SOURCES[0]["name"] + ", train split"},
            {k: v for k, v in PIPELINE_SOURCES[1].items()}]
    for n in names:
        spec = table["corpora"][n]
        rows.append({k: spec[k] for k in ("name", "url", "license")})
    return rows


def copy_licences(corpora: Path, names: Iterable[str], dest: Path, table: dict | None = None) -> None:
    """Copy each source's licence file (or folder) into ``dest`` as ``<name>.LICENSE...``."""
    table = table or load_table()
    dest.mkdir(parents=True, exist_ok=True)
    for name, sub in (("uner-english-ewt", "uner-english-ewt/LICENSE.txt"), ("gum-cc-by", "gum-cc-by/LICENSE.txt")):
        if (corpora / sub).is_file():
            shutil.copy(corpora / sub, dest / f"{name}.LICENSE.txt")
    for name in names:
        src = corpora / "ner-more" / table["corpora"][name]["license_file"]
        if src.is_dir():
            shutil.copytree(src, dest / f"{name}.LICENSES", dirs_exist_ok=True)
        elif src.is_file():
            shutil.copy(src, dest / f"{name}.LICENSE.txt")


def train(corpora: Path, output: Path, work_dir: Path, names: Iterable[str] | None = None,
          max_steps: int | None = None) -> dict:
    """Convert, train an NER-only pipeline with kg/training/ner.cfg (fixed seed and steps;
    ``max_steps`` only for a smoke run), keep the best checkpoint on dev and score the test
    splits. Returns the scores."""
    from spacy.cli.train import train as spacy_train

    from kg.training.ner import CONFIG, score

    table = load_table()
    names = list(table["default"] if names is None else names)
    data = work_dir / "corpus"
    summary = convert(corpora, data, names, table)
    out = work_dir / "training"
    overrides: dict = {"paths.train": str(data / "train.spacy"), "paths.dev": str(data / "dev.spacy")}
    if max_steps is not None:
        overrides.update({"training.max_steps": max_steps, "training.eval_frequency": max_steps})
    spacy_train(CONFIG, output_path=out, overrides=overrides)
    best = out / "model-best"
    scores = {split: score(best, data / f"{split}.spacy") for split in ("dev", "ewt_test", "gum_test")}
    meta_path = best / "meta.json"
    meta = json.loads(meta_path.read_text())
    meta.update(name="kg_ner_more", version="1.0.0", sources=sources(names, table), license="CC BY-SA 4.0",
                description="kg's PER/LOC/ORG NER with its own tok2vec (spaCy CNN, no vectors) trained on UNER "
                f"English-EWT train, GUM train names and {', '.join(names)} with `kg train --ner-corpora`.",
                kg_scores=scores, kg_train_data=summary)
    meta_path.write_text(json.dumps(meta, indent=2))
    if output.exists():
        shutil.rmtree(output)
    shutil.copytree(best, output)
    copy_licences(corpora, names, output / "licenses", table)
    return scores


def assemble(base: Path, ner_model: Path, output: Path) -> None:
    """A copy of the pipeline ``base`` whose ``ner`` is the one of ``ner_model`` (with the tok2vec
    embedded in it, so the shared tok2vec keeps serving the tagger and parser only)."""
    import spacy

    nlp = spacy.load(base)
    ner_nlp = spacy.load(ner_model)
    if "ner" in nlp.pipe_names:
        nlp.remove_pipe("ner")
    nlp.add_pipe("ner", source=ner_nlp)
    nlp.meta["sources"] = _merged(nlp.meta.get("sources", []), ner_nlp.meta.get("sources", []))
    nlp.meta["kg_ner"] = {k: ner_nlp.meta.get(k) for k in ("name", "version", "description", "kg_scores")}
    staged = output.with_name(output.name + ".assembling")  # base may be output (--into-package)
    if staged.exists():
        shutil.rmtree(staged)
    nlp.to_disk(staged)
    for lic in (base / "licenses", ner_model / "licenses"):
        if lic.is_dir():
            shutil.copytree(lic, staged / "licenses", dirs_exist_ok=True)
    if output.exists():
        shutil.rmtree(output)
    staged.rename(output)


def _merged(rows: list[dict], more: list[dict]) -> list[dict]:
    seen = {r["name"] for r in rows}
    return rows + [r for r in more if r["name"] not in seen]
