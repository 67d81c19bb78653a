"""kg train: retrain kg's statistical pipeline from open data (needs the training corpora);
never into the package unless asked."""

from __future__ import annotations

from pathlib import Path

import click

from kg.errors import Errors, InputError

DEFAULT_OUTPUT = Path("kg-model")


def output_dir(output: str | None, into_package: bool) -> Path:
    """Where kg train writes: -o, else ./kg-model; the package's own model only with --into-package."""
    if output and into_package:
        raise InputError(Errors.KG142)
    if into_package:
        from kg.nlp.assemble import shipped_model_dir

        return shipped_model_dir()
    return Path(output) if output else DEFAULT_OUTPUT


@click.command()
@click.option("--corpora", default=None, type=click.Path(),
              help="The folder holding ud-english-ewt, gum-cc-by and uner-english-ewt: trains the whole "
                   "pipeline (tagger, parser, NER), as shipped.")
@click.option("--corpus", default=None, type=click.Path(),
              help="The uner-english-ewt folder alone: trains an NER-only pipeline (the earlier kg model).")
@click.option("--ner-corpora", default=None, type=click.Path(),
              help="The folder holding uner-english-ewt, gum-cc-by and ner-more: trains an NER with its own "
                   "tok2vec on all of them (kg/training/ner_corpora.json) and, with --base, puts it into a copy "
                   "of that pipeline in place of its NER.")
@click.option("--ner-extra", default=None,
              help="With --ner-corpora: the extra corpora to use, comma-separated (default: the table's "
                   "'default' list).")
@click.option("--base", default=None, type=click.Path(),
              help="With --ner-corpora: the pipeline whose NER the new one replaces ('shipped': the package's "
                   "own); without it the NER-only pipeline is written.")
@click.option("-o", "--output", default=None, type=click.Path(),
              help="Folder to write the trained pipeline to (default: ./kg-model).")
@click.option("--into-package", is_flag=True,
              help="Overwrite the pipeline shipped inside the installed kg package (kg/nlp/model) "
                   "instead of writing to -o.")
@click.option("--work-dir", default="train-work", type=click.Path(), show_default=True,
              help="Folder for the converted corpus and training checkpoints.")
@click.option("--steps", default=10_000, show_default=True, type=click.IntRange(1),
              help="Training steps of the whole pipeline (fixed: no early stop, so the same steps give the "
                   "same model).")
@click.option("--parser-steps", default=8_000, show_default=True, type=click.IntRange(0),
              help="With --corpora: steps of stage 2, a narrower, faster parser trained on the frozen rest of "
                   "stage 1 (0: ship the stage-1 parser).")
@click.option("--parser-from", default=None, type=click.Path(),
              help="With --corpora: skip stage 1 and train stage 2 on this pipeline (a stage-1 output).")
@click.option("--entity-decider", "decider_recipe", default=None, type=click.Path(),
              help="Train the entity decision (kg/nlp/entities/decide.py) from the gold sets this recipe names "
                   "(e.g. kg/training/decider_data.json, run from the checkout: its paths are relative to the "
                   "current folder) and write its weights file to -o (default ./entity_decider.json) or, with "
                   "--into-package, into kg/nlp/data. Needs scikit-learn.")
@click.option("--synthetic", default=6000, show_default=True, type=click.IntRange(0),
              help="With --corpus: news-like synthetic sentences (kg/training/synthetic.py, fixed seed) added "
                   "to the training split.")
def train(corpora: str | None, corpus: str | None, ner_corpora: str | None, ner_extra: str | None,
          base: str | None, output: str | None, into_package: bool, work_dir: str,
          steps: int, parser_steps: int, parser_from: str | None, decider_recipe: str | None,
          synthetic: int) -> None:
    """Train kg's statistical pipeline from open data (fixed seed; same data, same model).

    With --corpora: converts UD English-EWT and GUM trees and UNER English-EWT
    and GUM names (kg/training/treebanks.py), trains tagger, morphologizer,
    dependency parser and NER on one shared tok2vec with kg/training/pipeline.cfg
    for --steps steps (stage 1), then a narrower parser on the frozen rest with
    kg/training/parser.cfg for --parser-steps steps (stage 2), keeps the better
    of the best and last checkpoints on dev at each stage, and prints UAS, LAS,
    tag accuracy and NER F1 on the EWT and GUM test splits and GUM's news
    documents. Stage 1 took 87 minutes on one core, stage 2 about 20.

    With --corpus: the earlier NER-only model (UNER plus synthetic sentences).

    With --ner-corpora: an NER with its own tok2vec trained with
    kg/training/ner.cfg on UNER English-EWT train, GUM train names and the
    openly licensed corpora of ner-more (kg/training/ner_corpora.json maps
    their labels and names their licences); with --base, a copy of that
    pipeline with the new NER in place of its own.

    The model goes to -o (default ./kg-model); the installed package is never
    written to unless --into-package is given, which replaces the shipped
    pipeline that kg build uses.

    \b
    Example: kg train --corpora ../shared/corpora -o kg-model
    Example: kg train --corpora ../shared/corpora --into-package
    Example: kg train --corpora ../shared/corpora --parser-from stage1-model -o kg-model
    Example: kg train --corpus ../shared/corpora/uner-english-ewt -o kg-ner
    Example: kg train --ner-corpora ../shared/corpora --base shipped -o kg-model
    Example: kg train --entity-decider kg/training/decider_data.json --into-package
    """
    if decider_recipe is not None:
        _train_decider(Path(decider_recipe), output, into_package)
        return
    if ner_corpora is not None:
        if corpora is not None or corpus is not None:
            raise InputError(Errors.KG146)
        _train_ner_more(Path(ner_corpora), ner_extra, base, output_dir(output, into_package), Path(work_dir))
        return
    if (corpora is None) == (corpus is None):
        raise InputError(Errors.KG146)
    out = output_dir(output, into_package)
    if corpora is not None:
        from kg.training.pipeline import train_pipeline

        scores = train_pipeline(Path(corpora), out, Path(work_dir), steps=steps, parser_steps=parser_steps,
                                base=Path(parser_from) if parser_from else None)
        for split, s in scores.items():
            click.echo(f"{split:18s} UAS {s.get('dep_uas', 0):.3f} LAS {s.get('dep_las', 0):.3f} "
                       f"TAG {s.get('tag_acc', 0):.3f} NER F1 {s.get('ents_f', 0):.3f}")
        click.echo(f"-> {out}")
        return
    from kg.training.ner import train as do_train

    assert corpus is not None
    if parser_from is not None:
        raise InputError(Errors.KG168)
    if not Path(corpus).is_dir():
        raise InputError(Errors.KG140.format(path=corpus))
    ner_scores = do_train(Path(corpus), out, Path(work_dir), synthetic)
    for split, table in ner_scores.items():
        for label, v in table.items():
            click.echo(f"{split:5s} {label:4s} P {v['p']:.3f} R {v['r']:.3f} F1 {v['f']:.3f}")
    click.echo(f"-> {out}")


def _train_decider(recipe: Path, output: str | None, into_package: bool) -> None:
    """kg train --entity-decider: fit the entity decision and write its weights file."""
    if output and into_package:
        raise InputError(Errors.KG142)
    if not recipe.is_file():
        raise InputError(Errors.KG175.format(path=recipe))
    try:
        import sklearn  # noqa: F401
    except ImportError as exc:
        raise InputError(Errors.KG176) from exc
    from kg.nlp.entities.decide import DECIDER_FILE
    from kg.resources import nlp_data_dir
    from kg.training.decider import train_decider

    out = nlp_data_dir() / DECIDER_FILE if into_package else Path(output or DECIDER_FILE)
    meta = train_decider(recipe, Path.cwd(), out)
    click.echo(f"{meta['examples']} entities from {len(meta['sets'])} gold sets; C {meta['C']}; "
               f"cross-validated gain over the rules (weighted real-news entities): {meta['cv_gain_over_rules']}")
    click.echo(f"-> {out}")


def _train_ner_more(corpora: Path, extra: str | None, base: str | None, out: Path, work_dir: Path) -> None:
    """kg train --ner-corpora: the NER of the combined corpora, alone or put into --base."""
    from kg.training.ner_more import assemble, check, load_table
    from kg.training.ner_more import train as train_ner
    from kg.training.pipeline import check_output

    table = load_table()
    names = [n.strip() for n in extra.split(",") if n.strip()] if extra is not None else table["default"]
    check(corpora, names, table)
    base_dir = None
    if base is not None:
        from kg.nlp.assemble import shipped_model_dir

        base_dir = shipped_model_dir() if base == "shipped" else Path(base)
        if not (base_dir / "config.cfg").is_file():
            raise InputError(Errors.KG177.format(path=base_dir))
    check_output(out)
    ner_out = work_dir / "ner-model" if base_dir is not None else out
    scores = train_ner(corpora, ner_out, work_dir, names)
    for split, table_ in scores.items():
        for label, v in table_.items():
            click.echo(f"{split:8s} {label:4s} P {v['p']:.3f} R {v['r']:.3f} F1 {v['f']:.3f}")
    if base_dir is not None:
        assemble(base_dir, ner_out, out)
    click.echo(f"-> {out}")
