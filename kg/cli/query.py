"""kg query and kg queries: SPARQL over the store."""

from __future__ import annotations

import sys

import click

from kg.cli.options import format_option, store_option, store_path, timeout_option


@click.command()
@click.argument("query")
@store_option
@format_option("table", "csv", "tsv", "json", default=None,
               help="Output format (default: table on a terminal, else csv); json is the SPARQL 1.1 results format.")
@click.option("-p", "--param", "params", nargs=2, multiple=True, metavar="NAME VALUE",
              help="Bind ?NAME to VALUE (<iri> for an IRI). The variable must be in the SELECT.")
@click.option("--update", is_flag=True, help="Allow a SPARQL update to change the store.")
@timeout_option(30.0, "Stop a read query after this many seconds (0: no limit).")
def query(query: str, store: str | None, fmt: str | None, params, update: bool, timeout: float) -> None:
    """Run QUERY: a named query (kg queries), a .rq file, or inline SPARQL.

    \b
    Example: kg query counts --format csv
    Example: kg query entities -p source article-001.txt
    Example: kg query "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }" --format json
    """
    from kg import query as q
    from kg.store import Store

    text = q.resolve_query(query)
    path = store_path(store)
    fmt = fmt or ("table" if sys.stdout.isatty() else "csv")
    if update or q.is_update(text):
        with Store(path, create=False) if update else Store.open_read(path) as st:
            click.echo(q.render_result(q.run(st, text, dict(params), update=update), fmt), nl=False)
        return
    if timeout:  # the child process opens the store; its errors come back as kg errors
        out = q.run_with_timeout(path, text, dict(params), fmt, timeout)
    else:
        out = q.render_result(q.run(Store.open_read(path), text, dict(params)), fmt)
    click.echo(out, nl=False)


@click.command()
def queries() -> None:
    """List the named queries with what each answers.

    \b
    Example: kg queries
    """
    from kg.query import named_queries

    for nq in named_queries().values():
        click.echo(f"{nq.name:14s} {nq.description}")
