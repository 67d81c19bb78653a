"""Train kg's shipped pipeline (tagger, morphologizer, dependency parser, NER on one
shared tok2vec) from open data: ``kg train --corpora DIR``.

Reproducible: kg/training/treebanks.py converts the corpora the same way every time,
kg/training/pipeline.cfg and parser.cfg fix the seed, and the step counts are fixed (no early
stop: ``patience = 0``), so the same command gives the same model. Stage 1 (10,000 steps) took
87 minutes on one core of the 2-core machine (scripts/train_pipeline/REPORT.md); stage 2, the
narrower parser (8,000 steps), about 20 minutes.
Training never runs in CI except as a two-step smoke run.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from kg.errors import Errors, InputError
from kg.training.treebanks import CORPORA, convert_treebanks

CONFIG = Path(__file__).resolve().parent / "pipeline.cfg"
PARSER_CONFIG = Path(__file__).resolve().parent / "parser.cfg"  # stage 2: the narrower parser
DEFAULT_STEPS = 10_000
DEFAULT_PARSER_STEPS = 8_000
NAME, VERSION = "kg_parsed", "1.0.0"
SOURCES = [
    {"name": "UD English-EWT (Universal Dependencies), answers-genre train documents + dev for model selection",
     "url": "https://github.com/UniversalDependencies/UD_English-EWT",
     "commit": "15d613d8447b3478787d4c278730a1e48a945efb", "license": "CC BY-SA 4.0"},
    {"name": "GUM (Georgetown University Multilayer corpus), UD edition, CC BY / public-domain genres only "
             "(news, interview, bio, voyage: Wikimedia CC BY; textbook: OpenStax CC BY; vlog: YouTube CC BY; "
             "speech: public domain; conversation: Santa Barbara Corpus CC BY); official train split",
     "url": "https://github.com/UniversalDependencies/UD_English-GUM",
     "commit": "afb41ee9bca57991125814fa04d96a0e61470c8b", "license": "CC BY 4.0 (per genre, see GUM LICENSE.txt)"},
    {"name": "Universal NER English EWT (UNER_English-EWT), train split",
     "url": "https://www.universalner.org/", "license": "CC BY-SA 4.0",
     "citation": "Mayhew et al., Universal NER: A Gold-Standard Multilingual Named Entity Recognition "
                 "Benchmark, NAACL 2024"},
]
# the weights of the dev score that picks model-best or model-last (also in pipeline.cfg)
WEIGHTS = {"tag_acc": 0.2, "pos_acc": 0.1, "dep_uas": 0.1, "dep_las": 0.2, "ents_f": 0.4}
EVAL_SPLITS = ("ewt_test", "gum_test", "gum_news_devtest")


def check_corpora(corpora: Path) -> None:
    missing = [name for name in CORPORA if not (corpora / name).is_dir()]
    if missing:
        raise InputError(Errors.KG145.format(path=corpora, names=", ".join(CORPORA)))


def check_output(output: Path) -> None:
    """Refuse to replace a folder that is not a spaCy pipeline (``-o ~`` must not delete a home)."""
    if output.exists() and (not output.is_dir() or (any(output.iterdir()) and not (output / "config.cfg").is_file())):
        raise InputError(Errors.KG147.format(path=output))


def train_pipeline(corpora: Path, output: Path, work_dir: Path, steps: int = DEFAULT_STEPS,
                   eval_frequency: int = 1000, parser_steps: int = DEFAULT_PARSER_STEPS,
                   base: Path | None = None) -> dict:
    """Convert, train in two stages, keep the better of model-best and model-last on dev at each,
    write meta.json (sources, licences copied from the corpora) and score the test splits.
    Returns the scores.

    Stage 1 (kg/training/pipeline.cfg, ``steps``): tok2vec, tagger, morphologizer, parser and
    NER together. Stage 2 (kg/training/parser.cfg, ``parser_steps``; 0 skips it): a narrower
    parser on the frozen rest of stage 1. With ``base`` (a stage-1 pipeline), stage 1 is not
    run and stage 2 starts from it."""
    from spacy.cli.train import train as spacy_train

    check_output(output)
    if base is not None:
        check_base(base, output)
    check_corpora(corpora)
    data = work_dir / "corpus"
    convert_treebanks(corpora, data)
    paths = {"paths.train": str(data / "train.spacy"), "paths.dev": str(data / "dev.spacy")}
    if base is None:
        out = work_dir / "training"
        spacy_train(CONFIG, output_path=out, overrides={
            **paths, "training.max_steps": steps, "training.eval_frequency": min(eval_frequency, steps)})
        chosen = _pick(out)
    else:
        chosen = base
    if parser_steps:
        out = work_dir / "parser"
        spacy_train(PARSER_CONFIG, output_path=out, overrides={
            **paths, "paths.base": str(chosen.resolve()), "training.max_steps": parser_steps,
            "training.eval_frequency": max(1, min(eval_frequency // 2, parser_steps))})
        chosen = _pick(out, PARSER_WEIGHTS)
    if output.exists():
        shutil.rmtree(output)
    shutil.copytree(chosen, output)
    _forget_training_paths(output / "config.cfg")
    scores = {split: score(output, data / f"{split}.spacy") for split in EVAL_SPLITS}
    meta_path = output / "meta.json"
    meta = json.loads(meta_path.read_text())
    meta.update(
        name=NAME, version=VERSION, license="CC BY-SA 4.0", sources=SOURCES,
        description=("kg's English pipeline: tok2vec, tagger (PTB tags), morphologizer (UPOS), dependency parser "
                     "(UD labels) and NER (PER/LOC/ORG), trained from UD English-EWT, GUM (CC BY genres) and "
                     "UNER English-EWT with `kg train --corpora` ("
                     + (f"{steps} steps" if base is None else _stage1_steps(base))
                     + (f", then {parser_steps} steps of a narrower parser on the frozen rest" if parser_steps else "")
                     + "). No vectors."),
        kg_scores=scores,
    )
    meta_path.write_text(json.dumps(meta, indent=2))
    (output / "licenses").mkdir(exist_ok=True)
    for name in CORPORA:
        licence = corpora / name / "LICENSE.txt"
        if licence.is_file():
            shutil.copy(licence, output / "licenses" / f"{name}.LICENSE.txt")
    return scores


def check_base(base: Path, output: Path) -> None:
    """``--parser-from``: a stage-1 pipeline (tok2vec of width 96, tagger, morphologizer and NER,
    as kg/training/parser.cfg sources them), not the folder the run will replace."""
    import spacy

    if not (base / "config.cfg").is_file():
        raise InputError(Errors.KG148.format(path=base))
    if output.exists() and base.resolve() == output.resolve():
        raise InputError(Errors.KG149.format(path=base))
    cfg = spacy.util.load_config(base / "config.cfg", interpolate=True)
    comps = cfg.get("components", {})
    width = comps.get("tok2vec", {}).get("model", {}).get("encode", {}).get("width")
    if not {"tok2vec", "tagger", "morphologizer", "ner"} <= set(comps) or width != 96:
        raise InputError(Errors.KG148.format(path=base))


def _stage1_steps(base: Path) -> str:
    """How stage 1 of ``base`` was trained, from its meta.json ("10000 steps")."""
    import re

    meta = base / "meta.json"
    found = re.search(r"\((\d+) steps", json.loads(meta.read_text()).get("description", "")) if meta.is_file() else None
    return f"{found.group(1)} steps" if found else "stage 1 from an earlier run"


def _forget_training_paths(config: Path) -> None:
    """The shipped config names no folder of the machine it was trained on."""
    import spacy

    cfg = spacy.util.load_config(config)
    for key in ("train", "dev", "base"):
        if key in cfg["paths"]:
            cfg["paths"][key] = None
    cfg.to_disk(config)


# stage 2 picks its checkpoint on the parse alone (the rest is frozen), as parser.cfg's score weights
PARSER_WEIGHTS = {"dep_uas": 0.3, "dep_las": 0.7}


def _pick(out: Path, weights: dict[str, float] = WEIGHTS) -> Path:
    """model-best or model-last, whichever has the higher weighted dev score."""
    def dev_score(path: Path) -> float:
        perf = json.loads((path / "meta.json").read_text()).get("performance", {})
        return sum(w * float(perf.get(k) or 0.0) for k, w in weights.items())

    best, last = out / "model-best", out / "model-last"
    return last if last.is_dir() and dev_score(last) > dev_score(best) else best


def score(model_dir: Path, data: Path) -> dict:
    """UAS, LAS (punctuation excluded, spaCy's scorer), tag accuracy and NER P/R/F1 per type,
    from raw text."""
    import spacy
    from spacy.scorer import Scorer
    from spacy.tokens import DocBin
    from spacy.training import Example

    nlp = spacy.load(model_dir)
    refs = list(DocBin().from_disk(data).get_docs(nlp.vocab))
    preds = nlp.pipe(ref.text for ref in refs)
    examples = [Example(pred, ref) for pred, ref in zip(preds, refs, strict=True)]
    s = Scorer(nlp).score(examples)
    keep = ("dep_uas", "dep_las", "tag_acc", "pos_acc", "ents_p", "ents_r", "ents_f", "ents_per_type")
    return {k: s[k] for k in keep if k in s}
