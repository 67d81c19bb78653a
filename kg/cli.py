"""Thin click commands. Library errors become one-line user errors here only."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from kg.errors import InputError, KGError

STORE_HELP = "Store folder (default: $KG_STORE or ./.kg)."


def _store_path(store: str | None) -> Path:
    from kg.store import default_path

    return Path(store) if store else default_path()


def store_option(f):
    return click.option("--store", "store", type=click.Path(), default=None, help=STORE_HELP)(f)


class _Group(click.Group):
    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except KGError as exc:
            click.echo(f"kg: {exc}", err=True)
            ctx.exit(exc.exit_code)


@click.group(cls=_Group)
@click.version_option(package_name="kg")
def main() -> None:
    """Build a knowledge graph from news articles, then query, render and export it."""


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@store_option
@click.option("--model", default=None, help="Also use an installed spaCy pipeline's NER (e.g. en_core_web_sm).")
def build(paths: tuple[str, ...], store: str | None, model: str | None) -> None:
    """Read articles (.txt files and folders, recursively) into the store.

    A folder may hold metadata.csv (file,published,outlet,url,title). Unchanged
    articles are skipped; changed ones replace their graph.

    Example: kg build seeds/
    """
    from kg.pipeline import build as run_build

    report = run_build([Path(p) for p in paths], _store_path(store), model=model)
    for w in report.warnings:
        click.echo(f"warning: {w}", err=True)
    for f in report.failed:
        click.echo(f"error: {f}", err=True)
    c = report.counts
    click.echo(
        f"{len(report.added)} added, {len(report.replaced)} replaced, {len(report.skipped)} unchanged, "
        f"{len(report.failed)} failed"
        + (f"; {c['entities']} entities, {c['affiliations']} affiliations, {c['counts']} counts, "
           f"{c['dates']} dates, {c['statements']} statements" if c else "")
        + f" -> {_store_path(store)}"
    )
    if report.failed and not (report.added or report.replaced or report.skipped):
        sys.exit(1)
    if report.failed:
        sys.exit(3)


@main.command()
@click.argument("query")
@store_option
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "tsv", "json"]), default=None,
              help="Output format (default: table on a terminal, else csv).")
@click.option("-p", "--param", "params", nargs=2, multiple=True, metavar="NAME VALUE",
              help="Bind ?NAME to VALUE (<iri> for an IRI). The variable must be in the SELECT.")
@click.option("--update", is_flag=True, help="Allow a SPARQL update to change the store.")
def query(query: str, store: str | None, fmt: str | None, params, update: bool) -> None:
    """Run QUERY: a named query (kg queries), a .rq file, or inline SPARQL.

    Example: kg query counts --format csv
    Example: kg query entities -p source 001_00adbe57efcb47f9.txt
    """
    from kg import query as q
    from kg.store import Store

    text = q.resolve_query(query)
    path = _store_path(store)
    st = Store(path, create=False) if update else Store.open_read(path)
    result = q.run(st, text, dict(params), update=update)
    fmt = fmt or ("table" if sys.stdout.isatty() else "csv")
    if result is None:
        click.echo("update applied")
    elif isinstance(result, bool):
        click.echo("true" if result else "false")
    elif isinstance(result, tuple):
        click.echo(q.format_rows(*result, fmt), nl=False)
    else:
        for t in result:
            click.echo(f"{t} .")


@main.command()
def queries() -> None:
    """List the named queries with what each answers."""
    from kg.query import named_queries

    for nq in named_queries().values():
        click.echo(f"{nq.name:14s} {nq.description}")


@main.command()
@store_option
@click.option("-o", "--output", default="graph.html", type=click.Path(), help="HTML file to write.")
@click.option("--focus", default=None, help="Show only ENTITY (label or alias) and its neighbours.")
@click.option("--depth", default=1, type=int, help="Neighbourhood depth with --focus.")
@click.option("--type", "types", multiple=True, type=click.Choice(["Organisation", "Person", "Place"]),
              help="Keep only entities of this type (repeatable).")
def render(store: str | None, output: str, focus: str | None, depth: int, types) -> None:
    """Write an interactive network view (pyvis, works offline).

    Example: kg render -o graph.html --focus "Mustafa Bali" --depth 2
    """
    from kg.render import render as do_render
    from kg.store import Store

    n, e = do_render(Store.open_read(_store_path(store)), Path(output), focus=focus, depth=depth,
                     types=set(types) or None)
    click.echo(f"{n} nodes, {e} edges -> {output}")


@main.command()
@store_option
@click.option("--format", "fmt", type=click.Choice(["turtle", "nt", "nquads", "trig", "jsonld"]),
              default="turtle", help="RDF format.")
@click.option("-o", "--output", default=None, type=click.Path(), help="File to write (default: stdout).")
def export(store: str | None, fmt: str, output: str | None) -> None:
    """Export the whole store as RDF.

    Example: kg export --format turtle -o graph.ttl
    """
    from kg.export import export as do_export
    from kg.store import Store

    data = do_export(Store.open_read(_store_path(store)), fmt)
    if output:
        Path(output).write_bytes(data)
        click.echo(f"{len(data)} bytes -> {output}", err=True)
    else:
        sys.stdout.buffer.write(data)


@main.command(name="eval")
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
    result = evaluate(Store.open_read(_store_path(store)), Path(gold_dir))
    click.echo(json.dumps(result, indent=1, ensure_ascii=False) if as_json else format_report(result), nl=not as_json)


@main.command()
@store_option
def validate(store: str | None) -> None:
    """Check the store against ontology/shapes.ttl (SHACL) and report violations."""
    from kg.store import Store
    from kg.validate import validate as do_validate

    ok, lines = do_validate(Store.open_read(_store_path(store)))
    for line in lines:
        click.echo(line)
    if not ok:
        sys.exit(1)
    click.echo("conforms")
