"""kg train: retrain the shipped NER (needs the training corpora)."""

from __future__ import annotations

from pathlib import Path

import click

from kg.errors import InputError


@click.command()
@click.option("--corpus", required=True, type=click.Path(),
              help="The uner-english-ewt folder (en_ewt-ud-{train,dev,test}.iob2).")
@click.option("-o", "--output", default=None, type=click.Path(),
              help="Where to write the trained pipeline (default: the package's kg/nlp/model).")
@click.option("--work-dir", default="train-work", type=click.Path(), show_default=True,
              help="Folder for the converted corpus and training checkpoints.")
@click.option("--synthetic", default=6000, show_default=True, type=click.IntRange(0),
              help="News-like synthetic sentences (kg/synthetic.py, fixed seed) added to the training split.")
def train(corpus: str, output: str | None, work_dir: str, synthetic: int) -> None:
    """Train the NER shipped with kg (fixed seed; same data, same scores).

    Converts UNER English EWT (OTH and stray B-O read as outside), adds
    synthetic news sentences with invented names, trains with kg/nlp/ner.cfg
    (fixed seed, fixed step count), keeps the best model on the UNER dev split
    and prints P/R/F1 per type on dev and test. Takes about 25 minutes on two cores.

    Example: kg train --corpus ../shared/corpora/uner-english-ewt
    """
    from kg.nlp.assemble import shipped_model_dir
    from kg.training.ner import train as do_train

    if not Path(corpus).is_dir():
        raise InputError(f"{corpus}: not a folder")
    out = Path(output) if output else shipped_model_dir()
    scores = do_train(Path(corpus), out, Path(work_dir), synthetic)
    for split, table in scores.items():
        for label, v in table.items():
            click.echo(f"{split:5s} {label:4s} P {v['p']:.3f} R {v['r']:.3f} F1 {v['f']:.3f}")
    click.echo(f"-> {out}")
