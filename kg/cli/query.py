"""kg query and kg queries: SPARQL over the store, rows printed as they come."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from kg.cli.options import count, format_option, store_option, store_path, timeout_option
from kg.errors import Errors, OutputError

QUERY_TIMEOUT_HELP = "Stop a read query when no row has come for this many seconds (0: no limit)."


def limit_options(f):  # noqa: ANN001, ANN201
    """--limit N and --offset N, applied by the engine (the query's LIMIT/OFFSET)."""
    f = click.option("--offset", type=count(0), default=None, metavar="N",
                     help="Skip the first N rows.")(f)
    return click.option("--limit", type=count(0), default=None, metavar="N",
                        help="Print at most N rows.")(f)


def print_query(path: Path, text: str, params: dict[str, str], fmt: str | None, *, timeout: float,
                limit: int | None = None, offset: int | None = None, by_article: bool = False) -> None:
    """Run a read query and stream its rows to standard output (a closed pipe ends it quietly)."""
    from kg.query import stream_query

    fmt = fmt or ("table" if sys.stdout.isatty() else "csv")
    out = sys.stdout.buffer
    try:
        stream_query(path, text, params, fmt, out, timeout=timeout, limit=limit, offset=offset,
                     by_article=by_article)
        out.flush()
    except BrokenPipeError:  # kg query ... | head: the reader has what it wanted
        _silence_stdout()
    except OSError as exc:  # a full disk behind a redirection
        _silence_stdout()
        raise OutputError(Errors.KG705.format(reason=exc.strerror or exc)) from exc


def print_rows(variables: list[str], rows: list[list], fmt: str | None) -> None:
    """Rows already read (pyoxigraph terms), printed as kg query prints a result."""
    from kg.query.format import solutions_of, write_solutions, write_table

    fmt = fmt or ("table" if sys.stdout.isatty() else "csv")
    out = sys.stdout.buffer
    try:
        if fmt == "table":
            write_table(variables, rows, out)
        else:
            write_solutions(variables, solutions_of(variables, rows), fmt, out)
        out.flush()
    except BrokenPipeError:
        _silence_stdout()
    except OSError as exc:
        _silence_stdout()
        raise OutputError(Errors.KG705.format(reason=exc.strerror or exc)) from exc


def _silence_stdout() -> None:
    import os

    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing left to flush at exit
    except (OSError, ValueError):  # no real file descriptor (a test runner's buffer)
        pass


@click.command()
@click.argument("query")
@store_option
@format_option("table", "csv", "tsv", "json", default=None,
               help="Output format (default: table on a terminal, else csv); json is the SPARQL 1.1 results format, "
                    "tsv the SPARQL 1.1 TSV (terms in Turtle syntax).")
@click.option("-p", "--param", "params", nargs=2, multiple=True, metavar="NAME VALUE",
              help="Bind ?NAME to VALUE (<iri> for an IRI). The variable must be in the SELECT.")
@limit_options
@click.option("--sort", is_flag=True,
              help="Sort a named query's rows in its order (by article, then text). By default rows come "
                   "unsorted, as the store finds them: the first at once, however big the store.")
@click.option("--update", is_flag=True, help="Allow a SPARQL update to change the store.")
@click.option("--endpoint", default=None, metavar="URL",
              help="Run the SELECT on this SPARQL 1.1 endpoint instead of the store (table or csv: plain values).")
@timeout_option(30.0, QUERY_TIMEOUT_HELP)
def query(query: str, store: str | None, fmt: str | None, params, limit: int | None, offset: int | None,
          sort: bool, update: bool, endpoint: str | None, timeout: float) -> None:
    """Run QUERY: a named query (kg queries), a .rq file, or inline SPARQL.

    Rows are printed as the store produces them: the first comes at once, and
    memory stays flat however many there are (a named query that cuts sentences
    from the text is run one article at a time for that). A named query's rows are unsorted
    unless --sort is given (a ranking, top or neighbours, is always in its order);
    a query that sorts or groups computes all its rows first. --limit and
    --offset are applied by the store.

    \b
    Example: kg query counts --format csv
    Example: kg query counts --sort --limit 20
    Example: kg query entities -p source article-001.txt --limit 10
    Example: kg query "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }" --format json
    Example: kg query spokespeople --endpoint http://localhost:7878/query --format csv
    """
    from kg import query as q
    from kg.store import Store

    text = q.resolve_query(query, standard=endpoint is not None, sort=sort)
    if endpoint:
        _remote(endpoint, text, dict(params), fmt, timeout, limit, offset)
        return
    path = store_path(store)
    if update or q.is_update(text):
        with Store(path, create=False) if update else Store.open_read(path) as st:
            click.echo(q.render_result(q.run(st, text, dict(params), update=update), fmt or "csv"), nl=False)
        return
    from kg.query.by_article import one_article_at_a_time

    by_article = not sort and one_article_at_a_time(text) and query in q.named_queries()
    print_query(path, text, dict(params), fmt, timeout=timeout, limit=limit, offset=offset, by_article=by_article)


def _remote(endpoint: str, text: str, params: dict[str, str], fmt: str | None, timeout: float,
            limit: int | None, offset: int | None) -> None:
    """A SELECT on a remote endpoint (kg.query.remote), printed as a table or CSV of plain values."""
    from itertools import islice

    import pyoxigraph as ox

    from kg.errors import QueryError
    from kg.query.format import solutions_of, write_solutions
    from kg.query.remote import select_remote

    fmt = fmt or ("table" if sys.stdout.isatty() else "csv")
    if fmt not in ("table", "csv"):
        raise QueryError(Errors.KG315.format(fmt=fmt))
    variables, rows = select_remote(endpoint, text, params, timeout or 3600.0)
    start = offset or 0
    window = islice(rows, start, None if limit is None else min(start + limit, sys.maxsize))
    terms = [[ox.Literal(r[v]) if r.get(v) else None for v in variables] for r in window]
    out = sys.stdout.buffer
    try:
        write_solutions(variables, solutions_of(variables, terms) if fmt == "csv" else terms, fmt, out)
        out.flush()
    except BrokenPipeError:
        _silence_stdout()


@click.command()
def queries() -> None:
    """List the named queries with what each answers.

    \b
    Example: kg queries
    """
    from kg.query import named_queries

    for nq in named_queries().values():
        click.echo(f"{nq.name:14s} {nq.description}")
