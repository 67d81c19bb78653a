"""kg export, load, push and validate: the store as RDF."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from kg.cli.options import store_option, store_path

FORMAT_CHOICE = click.Choice(["turtle", "nt", "nquads", "trig", "jsonld"])


@click.command()
@store_option
@click.option("--format", "fmt", type=FORMAT_CHOICE, default="turtle", show_default=True,
              help="RDF format. nquads and trig keep one named graph per article.")
@click.option("-o", "--output", default=None, type=click.Path(), help="File to write (default: stdout).")
@click.option("--graph", "source", default=None, metavar="SOURCE",
              help="Export one article's graph (its source name, e.g. 001_00adbe57efcb47f9.txt, or graph IRI).")
@click.option("--with-ontology", is_flag=True, help="Include the kg ontology (in its own named graph).")
def export(store: str | None, fmt: str, output: str | None, source: str | None, with_ontology: bool) -> None:
    """Export the store as RDF: sorted, fixed prefixes, streamed graph by graph.

    JSON-LD is compacted with the shipped context (kg/ontology/context.jsonld).

    Example: kg export --format trig -o graph.trig
    Example: kg export --graph 001_00adbe57efcb47f9.txt --format turtle
    """
    from kg.rdf.export import export as do_export
    from kg.rdf.export import graph_for_source
    from kg.store import Store

    st = Store.open_read(store_path(store))
    graph = graph_for_source(st, source) if source else None
    if output:
        tmp = Path(output + ".part")
        try:
            with tmp.open("wb") as fh:
                do_export(st, fmt, fh, graph=graph, with_ontology=with_ontology)
            tmp.replace(output)
        finally:
            tmp.unlink(missing_ok=True)
        click.echo(f"{Path(output).stat().st_size} bytes -> {output}", err=True)
    else:
        do_export(st, fmt, sys.stdout.buffer, graph=graph, with_ontology=with_ontology)
        sys.stdout.buffer.flush()


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())
@store_option
@click.option("--format", "fmt", type=FORMAT_CHOICE, default=None,
              help="RDF format (default: from the file suffix .ttl .nt .nq .trig .jsonld).")
@click.option("--graph", default=None, metavar="IRI",
              help="Named graph for the file's triples (default: N-Quads/TriG keep theirs; "
                   "other formats go to <https://w3id.org/kg-news/id/import/FILE>).")
def load(files: tuple[str, ...], store: str | None, fmt: str | None, graph: str | None) -> None:
    """Load RDF files (any export format) into the store, merging with what is there.

    Each file is parsed whole before anything is written, then written in one
    transaction: a file with a syntax error changes nothing.

    Example: kg load graph.trig --store other.kg
    """
    from kg.rdf.load import load as do_load
    from kg.store import Store

    with Store(store_path(store)) as st:
        for f in files:
            n, g = do_load(st, Path(f), fmt, graph)
            click.echo(f"{n} quads in {g} graphs <- {f}")


@click.command()
@store_option
@click.option("--endpoint", required=True, metavar="URL",
              help="Graph Store Protocol URL: Oxigraph http://HOST:7878/store, Fuseki "
                   "http://HOST:3030/DATASET/data, GraphDB http://HOST:7200/repositories/REPO/rdf-graphs/service.")
@click.option("--graph", default=None, metavar="IRI", help="Put everything into this one graph "
              "(default: each article into its own graph IRI).")
@click.option("--replace", is_flag=True, help="Replace each target graph (PUT) instead of adding to it (POST).")
@click.option("--user", default=None, help="User name for HTTP basic authentication.")
@click.option("--password", default=None, envvar="KG_PUSH_PASSWORD",
              help="Password for --user (or set KG_PUSH_PASSWORD).")
@click.option("--token-env", default="KG_PUSH_TOKEN", show_default=True, metavar="VAR",
              help="Environment variable holding a bearer token (used when set).")
@click.option("--batch-size", default=10_000, show_default=True, type=click.IntRange(1),
              help="Triples per request.")
@click.option("--timeout", default=60.0, show_default=True, type=click.FloatRange(0.1),
              help="Seconds to wait for each request.")
@click.option("--retries", default=4, show_default=True, type=click.IntRange(0),
              help="Retries (with exponential back-off) for transient failures.")
def push(store: str | None, endpoint: str, graph: str | None, replace: bool, user: str | None,
         password: str | None, token_env: str, batch_size: int, timeout: float, retries: int) -> None:
    """Upload the store to a remote graph store (SPARQL 1.1 Graph Store HTTP Protocol).

    Example: kg push --endpoint http://localhost:7878/store --replace
    """
    import os

    from kg.rdf.push import Auth
    from kg.rdf.push import push as do_push
    from kg.store import Store

    auth = Auth(user=user, password=password, token=os.environ.get(token_env) or None)
    r = do_push(Store.open_read(store_path(store)), endpoint, graph=graph, replace=replace, auth=auth,
                batch_size=batch_size, timeout=timeout, retries=retries)
    click.echo(f"{r.triples} triples in {r.graphs} graphs, {r.requests} requests "
               f"({r.retries} retried) -> {endpoint}")


@click.command()
@store_option
def validate(store: str | None) -> None:
    """Check the store against ontology/shapes.ttl (SHACL) and report violations."""
    from kg.rdf.validate import validate as do_validate
    from kg.store import Store

    ok, lines = do_validate(Store.open_read(store_path(store)))
    for line in lines:
        click.echo(line)
    if not ok:
        sys.exit(1)
    click.echo("conforms")
