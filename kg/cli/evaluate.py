"""kg eval: score the store against gold annotations."""

from __future__ import annotations

from pathlib import Path

import click

from kg.cli.options import format_option, store_option, store_path
from kg.errors import Errors, InputError


@click.command(name="eval")
@click.argument("gold_dir", type=click.Path())
@store_option
@format_option("table", "json", default="table", help="Output format (json: the machine-readable report).")
def eval_(gold_dir: str, store: str | None, fmt: str) -> None:
    """Score the store against gold annotations (one JSON per article).

    Prints precision, recall and F1 per category (entities typed and untyped,
    affiliations, spokespeople, counts, dates), the missed and spurious items, and the
    typed-entity errors by cause: missed span, wrong boundary, wrong type, spurious.

    \b
    Example: kg eval tests/gold
    Example: kg eval tests/gold --format json
    """
    import json

    from kg.evaluate import evaluate, format_report
    from kg.store import Store

    if not Path(gold_dir).is_dir():
        raise InputError(Errors.KG137.format(path=gold_dir))
    result = evaluate(Store.open_read(store_path(store)), Path(gold_dir))
    if result["missing"]:
        n, total = len(result["missing"]), len(result["details"])
        shown = ", ".join(result["missing"][:5]) + (", ..." if n > 5 else "")
        click.echo(f"kg: warning: {Errors.KG165.format(n=n, total=total, articles=shown)}", err=True)
    as_json = fmt == "json"
    from kg.terminal import printable

    # (the report names gold items: a control character in a gold file is shown escaped)
    text = json.dumps(result, indent=1, ensure_ascii=False) if as_json else printable(format_report(result), keep="\n")
    click.echo(text, nl=not as_json)
