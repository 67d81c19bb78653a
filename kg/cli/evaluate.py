"""kg eval: score the store against gold annotations."""

from __future__ import annotations

from pathlib import Path

import click

from kg.cli.options import store_option, store_path
from kg.errors import InputError


@click.command(name="eval")
@click.argument("gold_dir", type=click.Path())
@store_option
@click.option("--json", "as_json", is_flag=True, help="Print the machine-readable report.")
def eval_(gold_dir: str, store: str | None, as_json: bool) -> None:
    """Score the store against gold annotations (one JSON per article).

    Prints precision, recall and F1 per category (entities typed and untyped,
    affiliations, spokespeople, counts, dates) and the missed and spurious items.

    Example: kg eval tests/gold
    """
    import json

    from kg.evaluate import evaluate, format_report
    from kg.store import Store

    if not Path(gold_dir).is_dir():
        raise InputError(f"{gold_dir}: not a folder of gold files")
    result = evaluate(Store.open_read(store_path(store)), Path(gold_dir))
    click.echo(json.dumps(result, indent=1, ensure_ascii=False) if as_json else format_report(result), nl=not as_json)
