"""kg query and kg queries: SPARQL over the store, rows printed as they come."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import click

from kg.cli.options import count, format_option, silence_stdout, store_option, store_path, timeout_option
from kg.errors import Errors, OutputError

QUERY_TIMEOUT_HELP = "Stop a read query when no row has come for this many seconds (0: no limit)."


def limit_options(f):  # noqa: ANN001, ANN201
    """--limit N and --offset N, applied by the engine (the query's LIMIT/OFFSET)."""
    f = click.option("--offset", type=count(0), default=None, metavar="N",
                     help="Skip the first N rows.")(f)
    return click.option("--limit", type=count(0), default=None, metavar="N",
                        help="Print at most N rows.")(f)


def _stdout(fmt: str, headers: bool):  # noqa: ANN202
    """Standard output, without the header lines of ``fmt`` when ``headers`` is False (--no-headers)."""
    from kg.query.format import HEADER_LINES, WithoutHeaders

    out = sys.stdout.buffer
    return out if headers else WithoutHeaders(out, HEADER_LINES.get(fmt, 0))


def print_query(path: Path, text: str, params: dict[str, str], fmt: str | None, *, timeout: float,
                limit: int | None = None, offset: int | None = None, by_article: bool = False,
                headers: bool = True) -> None:
    """Run a read query and stream its rows to standard output (a closed pipe ends it quietly)."""
    from kg.query import stream_query

    fmt = fmt or ("table" if sys.stdout.isatty() else "csv")
    out = _stdout(fmt, headers)
    try:
        stream_query(path, text, params, fmt, out, timeout=timeout, limit=limit, offset=offset,
                     by_article=by_article)
        out.flush()
    except BrokenPipeError:  # kg query ... | head: the reader has what it wanted
        silence_stdout()
    except OSError as exc:  # a full disk behind a redirection
        silence_stdout()
        raise OutputError(Errors.KG705.format(reason=exc.strerror or exc)) from exc


def print_update(path: Path, text: str, params: dict[str, str], fmt: str) -> None:
    """Run a SPARQL update in a child (kg.query.update: an engine panic is one line, not the end
    of kg) and print what it says."""
    from kg.query.update import run_update

    said = run_update(path, text, params, fmt)
    out = sys.stdout.buffer
    _written(lambda: out.write(said), out)


def _written(write: Callable[[], object], out) -> None:  # noqa: ANN001 (a text or binary stream)
    """Run ``write`` and flush ``out``: a closed pipe ends quietly, any other failure is KG705."""
    try:
        write()
        out.flush()
    except BrokenPipeError:
        silence_stdout()
    except OSError as exc:
        silence_stdout()
        raise OutputError(Errors.KG705.format(reason=exc.strerror or exc)) from exc


def print_rows(variables: list[str], rows: list[list], fmt: str | None, *, headers: bool = True) -> None:
    """Rows already read (pyoxigraph terms), printed as kg query prints a result."""
    from kg.query.format import ROW_FORMATS, solutions_of, write_solutions

    fmt = fmt or ("table" if sys.stdout.isatty() else "csv")
    out = _stdout(fmt, headers)
    _written(lambda: write_solutions(variables, rows if fmt in ROW_FORMATS else solutions_of(variables, rows),
                                     fmt, out), out)


@click.command()
@click.argument("query")
@store_option
@format_option("table", "csv", "tsv", "json", "nl", "srj", default=None, headers=True,
               help="Output format (default: table on a terminal, else csv); json is an array of objects, nl one "
                    "object a line, srj the SPARQL 1.1 results JSON, tsv the SPARQL 1.1 TSV (terms in Turtle syntax).")
@click.option("-p", "--param", "params", nargs=2, multiple=True, metavar="NAME VALUE",
              help="Bind ?NAME to VALUE (<iri> for an IRI). The variable must be in the SELECT.")
@limit_options
@click.option("--sort", is_flag=True,
              help="Sort a named query's rows in its order (by article, then text). By default rows come "
                   "unsorted, as the store finds them: the first at once, however big the store.")
@click.option("--update", is_flag=True, help="Allow a SPARQL update to change the store.")
@click.option("--endpoint", default=None, metavar="URL",
              help="Run the SELECT on this SPARQL 1.1 endpoint instead of the store (table or csv: plain values).")
@click.option("--allow-service", "services", multiple=True, metavar="URL",
              help="Let the query call this endpoint with SERVICE (or LOAD it); none is called otherwise.")
@timeout_option(30.0, QUERY_TIMEOUT_HELP)
def query(query: str, store: str | None, fmt: str | None, headers: bool, params, limit: int | None,
          offset: int | None, sort: bool, update: bool, endpoint: str | None, services: tuple[str, ...],
          timeout: float) -> None:
    """Run QUERY: a named query (kg queries), a .rq file, inline SPARQL, or - to read
    the SPARQL from standard input.

    Rows are printed as the store produces them: the first comes at once, and
    memory stays flat however many there are (a named query that cuts sentences
    from the text is run one article at a time for that). A named query's rows are unsorted
    unless --sort is given (a ranking, top or neighbours, is always in its order);
    a query that sorts or groups computes all its rows first. --limit and
    --offset are applied by the store.

    Your own SPARQL needs no PREFIX for rdf, rdfs, xsd, skos, schema, prov, owl,
    dcterms, kg and id (kg's resources); one you declare wins. The store types an
    entity by its mention property (?e kg:personMention ?m); kg export adds its
    rdf:type (kg:Person, schema:Person) for other stores.

    \b
    Example: kg query counts --csv
    Example: kg query counts --sort --limit 20
    Example: kg query entities -p source article-001.txt --limit 10
    Example: kg query entities --json | jq '.[0]'
    Example: kg query - --csv < my-query.rq
    Example: kg query "SELECT (COUNT(*) AS ?n) WHERE { ?p kg:personMention ?m }" --format srj
    Example: kg query spokespeople --endpoint http://localhost:7878/query --format csv
    """
    from kg import query as q
    from kg.query.guard import check_query
    from kg.store import Store

    if query == "-":  # the query's text from standard input (kg query - < my.rq)
        query = sys.stdin.read()
    text = q.resolve_query(query, standard=endpoint is not None, sort=sort)
    check_query(text, allowed=None if endpoint else services)  # an --endpoint makes its own calls
    if endpoint:
        _remote(endpoint, text, dict(params), fmt, timeout, limit, offset, headers)
        return
    path = store_path(store)
    if update:
        print_update(path, text, dict(params), fmt or "csv")
        return
    if q.is_update(text):  # refused (KG303) before the engine sees it
        with Store.open_read(path) as st:
            q.run(st, text, dict(params))
        return
    from kg.query.by_article import one_article_at_a_time

    by_article = not sort and one_article_at_a_time(text) and query in q.named_queries()
    print_query(path, text, dict(params), fmt, timeout=timeout, limit=limit, offset=offset, by_article=by_article,
                headers=headers)


def _remote(endpoint: str, text: str, params: dict[str, str], fmt: str | None, timeout: float,
            limit: int | None, offset: int | None, headers: bool = True) -> None:
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
    out = _stdout(fmt, headers)
    try:
        write_solutions(variables, solutions_of(variables, terms) if fmt == "csv" else terms, fmt, out)
        out.flush()
    except BrokenPipeError:
        silence_stdout()
    except OSError as exc:  # a full disk behind a redirection: one line, as for the store's own rows
        silence_stdout()
        raise OutputError(Errors.KG705.format(reason=exc.strerror or exc)) from exc


@click.command()
def queries() -> None:
    """List the named queries with what each answers.

    \b
    Example: kg queries
    """
    from kg.query import named_queries

    for nq in named_queries().values():
        click.echo(f"{nq.name:14s} {nq.description}")
