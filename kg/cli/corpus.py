"""kg articles, kg top and kg neighbours: the corpus at a glance, streamed like kg query."""

from __future__ import annotations

import click

from kg.cli.options import EntityType, count, format_option, store_option, store_path, timeout_option
from kg.cli.query import QUERY_TIMEOUT_HELP, limit_options, print_query, print_rows


def _output_format(f):  # noqa: ANN001, ANN201
    return format_option("table", "csv", "tsv", "json", "nl", "srj", default=None, headers=True,
                         help="Output format (default: table on a terminal, else csv); json is an array of "
                              "objects, srj the SPARQL 1.1 results JSON.")(f)


@click.command()
@store_option
@_output_format
@limit_options
@timeout_option(30.0, QUERY_TIMEOUT_HELP)
def articles(store: str | None, fmt: str | None, headers: bool, limit: int | None, offset: int | None,
             timeout: float) -> None:
    """List the articles in the store: source name, title, publication date, outlet, URL.

    The source name is what kg remove, kg export --graph and -p source take.

    \b
    Example: kg articles
    Example: kg articles --format csv > articles.csv
    """
    from kg.resources import queries_dir

    text = (queries_dir() / "internal" / "cli_articles.rq").read_text(encoding="utf-8")
    print_query(store_path(store), text, {}, fmt, timeout=timeout, limit=limit, offset=offset, headers=headers)


@click.command()
@store_option
@click.option("--type", "type_", type=EntityType(), default=None, help="Only entities of this type (any letter case).")
@_output_format
@click.option("--limit", type=count(0), default=20, show_default=True, metavar="N",
              help="Print at most N entities.")
@click.option("--offset", type=count(0), default=None, metavar="N", help="Skip the first N entities.")
@timeout_option(30.0, QUERY_TIMEOUT_HELP)
def top(store: str | None, type_: str | None, fmt: str | None, headers: bool, limit: int, offset: int | None,
        timeout: float) -> None:
    """The entities in the most articles: entity, label, type, articles, mentions (the named query
    top's rows, read from the corpus summary kept in the store folder).

    \b
    Example: kg top --type Organisation --limit 10
    """
    from kg.query import resolve_query
    from kg.query.top import VARIABLES, top_rows
    from kg.store import Store

    kind = type_
    path = store_path(store)
    with Store.open_read(path) as st:
        rows = top_rows(st, kind, limit, offset)  # the corpus summary: no count of every mention
    if rows is None:
        params = {"type": kind} if kind else {}
        print_query(path, resolve_query("top"), params, fmt, timeout=timeout, limit=limit, offset=offset,
                    headers=headers)
        return
    print_rows(VARIABLES, rows, fmt, headers=headers)


@click.command()
@click.argument("entity")
@store_option
@_output_format
@limit_options
@timeout_option(30.0, QUERY_TIMEOUT_HELP)
def neighbours(entity: str, store: str | None, fmt: str | None, headers: bool, limit: int | None,
               offset: int | None, timeout: float) -> None:
    """The entities seen with ENTITY across the corpus: neighbour, label, type, articles,
    affiliated (the named query neighbours' rows, read from the corpus summary kept in the
    store folder).

    A neighbour here shares an article with ENTITY; kg render --focus draws fewer: the
    entities named in a sentence with it, affiliated with it or told something by it.

    ENTITY is a label, an alias or an IRI; a name that several entities share
    lists them and exits 2.

    \b
    Example: kg neighbours "Syrian Democratic Forces"
    Example: kg neighbours SDF --limit 5 --format csv
    """
    from kg.query import resolve_query
    from kg.query.entities import resolve_entity
    from kg.query.top import NEIGHBOUR_VARIABLES, neighbour_rows
    from kg.store import Store

    path = store_path(store)
    with Store.open_read(path) as st:
        iri = resolve_entity(st, entity)
        rows = neighbour_rows(st, iri, limit, offset)  # the corpus summary: no scan of every co-mention
    if rows is None:
        print_query(path, resolve_query("neighbours"), {"entity": f"<{iri}>"}, fmt, timeout=timeout, limit=limit,
                    offset=offset, headers=headers)
        return
    print_rows(NEIGHBOUR_VARIABLES, rows, fmt, headers=headers)


@click.command()
@click.argument("entity")
@store_option
@_output_format
def why(entity: str, store: str | None, fmt: str | None, headers: bool) -> None:
    """Why ENTITY is what the graph says: each of its mentions with its article, text, type,
    the generator or rule that proposed it (found_by) and what the learned entity decision said
    (decision, and score, its probability of the type), read from the articles' kg:foundBy.

    ENTITY is a label, an alias or an IRI; a name that several entities share lists them and
    exits 2.

    \b
    Example: kg why "Syrian Democratic Forces"
    Example: kg why Baghouz --format csv
    """
    import pyoxigraph as ox

    from kg.query.entities import resolve_entity
    from kg.query.why import VARIABLES, explain
    from kg.store import Store

    with Store.open_read(store_path(store)) as st:
        rows = explain(st, resolve_entity(st, entity))
    print_rows(VARIABLES, [[ox.Literal(v) for v in row] for row in rows], fmt, headers=headers)
