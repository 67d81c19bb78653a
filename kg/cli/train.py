"""kg train: retrain the NER model (needs the training corpora); never into the package unless asked."""

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
@click.option("--corpus", required=True, type=click.Path(),
              help="The uner-english-ewt folder (en_ewt-ud-{train,dev,test}.iob2).")
@click.option("-o", "--output", default=None, type=click.Path(),
              help="Folder to write the trained pipeline to (default: ./kg-model).")
@click.option("--into-package", is_flag=True,
              help="Overwrite the NER model shipped inside the installed kg package (kg/nlp/model) "
                   "instead of writing to -o.")
@click.option("--work-dir", default="train-work", type=click.Path(), show_default=True,
              help="Folder for the converted corpus and training checkpoints.")
@click.option("--synthetic", default=6000, show_default=True, type=click.IntRange(0),
              help="News-like synthetic sentences (kg/training/synthetic.py, fixed seed) added to the training split.")
def train(corpus: str, output: str | None, into_package: bool, work_dir: str, synthetic: int) -> None:
    """Train kg's NER model (fixed seed; same data, same scores).

    Converts UNER English EWT (OTH and stray B-O read as outside), adds
    synthetic news sentences with invented names, trains with kg/training/ner.cfg
    (fixed seed, fixed step count), keeps the best model on the UNER dev split
    and prints P/R/F1 per type on dev and test. Takes about 25 minutes on two cores.

    The model goes to -o (default ./kg-model); the installed package is never
    written to unless --into-package is given, which replaces the shipped model
    that kg build uses.

    \b
    Example: kg train --corpus ../shared/corpora/uner-english-ewt -o kg-model
    Example: kg train --corpus ../shared/corpora/uner-english-ewt --into-package
    """
    from kg.training.ner import train as do_train

    out = output_dir(output, into_package)
    if not Path(corpus).is_dir():
        raise InputError(Errors.KG140.format(path=corpus))
    scores = do_train(Path(corpus), out, Path(work_dir), synthetic)
    for split, table in scores.items():
        for label, v in table.items():
            click.echo(f"{split:5s} {label:4s} P {v['p']:.3f} R {v['r']:.3f} F1 {v['f']:.3f}")
    click.echo(f"-> {out}")
