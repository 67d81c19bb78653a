"""kg export, load, push and validate: the store as RDF."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from kg.cli.options import (
    RdfFormat,
    closed_pipe,
    count,
    quiet_option,
    silence_stdout,
    store_option,
    store_path,
    timeout_option,
    warn_older_layout,
)
from kg.errors import Errors, InputError, OutputError

if TYPE_CHECKING:
    from kg.rdf.load import LoadReport


@click.command()
@store_option
@click.option("--format", "fmt", type=RdfFormat(), default="turtle", show_default=True,
              help="RDF format, as Oxigraph and rdfpipe name them (ttl, nt, nq, trig, jsonld, xml...). "
                   "nquads, trig and jsonld keep one named graph per article; the others hold the union of them.")
@click.option("-o", "--output", default=None, type=click.Path(), help="File to write (default: stdout).")
@click.option("--graph", "source", default=None, metavar="SOURCE",
              help="Export one article's graph (its source name, e.g. article-001.txt, or graph IRI).")
@click.option("--with-ontology", is_flag=True, help="Include the kg ontology (in its own named graph).")
@click.option("--curation", is_flag=True,
              help="Only the analysts' corrections (kg merge, retype ...), as Turtle, for kg load into another store.")
@quiet_option
def export(store: str | None, fmt: str, output: str | None, source: str | None, with_ontology: bool,
           curation: bool, quiet: bool) -> None:
    """Export the store as RDF: sorted, fixed prefixes, streamed graph by graph.

    JSON-LD is compacted with the shipped context (kg/ontology/context.jsonld).
    N-Quads, TriG and JSON-LD keep one named graph per article; RDF/XML, Turtle
    and N-Triples cannot hold named graphs: they get the union of the article
    graphs, and kg load puts each triple back into its article. Every format
    gives each entity rdf:type (kg's class and schema.org's) and rdfs:label.

    The store's corrections (kg curation) are a named graph of their own in the quad
    formats and part of the union in the others; --curation writes them alone.

    \b
    Example: kg export --format trig -o graph.trig
    Example: kg export --graph article-001.txt --format ttl
    Example: kg export --curation -o corrections.ttl
    """
    from kg.progress import bar
    from kg.rdf.export import export as do_export
    from kg.rdf.export import graph_for_source
    from kg.store import Store

    st = Store.open_read(store_path(store))
    if curation:
        _export_curation(st, fmt, output, source, with_ontology)
        return
    graph = graph_for_source(st, source) if source is not None else None  # ('': no such article, not all)
    if fmt == "rdfxml" and not graph:
        click.echo(f"kg: warning: {Errors.KG162}", err=True)
    total = 1 if graph else sum(1 for _ in st.graphs())
    if output:
        from kg.outputs import open_output

        with open_output(output) as fh, bar(total=total, desc="export", unit="graph", quiet=quiet) as b:
            do_export(st, fmt, fh, graph=graph, with_ontology=with_ontology, progress=lambda _g: b.update())
        click.echo(f"{Path(output).stat().st_size} bytes -> {output}", err=True)
    else:
        try:
            with bar(total=total, desc="export", unit="graph", quiet=quiet) as b:
                do_export(st, fmt, sys.stdout.buffer, graph=graph, with_ontology=with_ontology,
                          progress=lambda _g: b.update())
            sys.stdout.buffer.flush()
        except OSError as exc:  # a closed pipe (kg export | head) ends quietly; a full disk does not
            silence_stdout()
            if closed_pipe(exc):
                return
            raise OutputError(Errors.KG705.format(reason=exc.strerror or exc)) from exc


def _export_curation(st, fmt: str, output: str | None, source: str | None, with_ontology: bool) -> None:  # noqa: ANN001
    """kg export --curation: the corrections alone, as Turtle."""
    from kg.errors import CurationError
    from kg.rdf.export import export_curation

    if fmt != "turtle" or source is not None or with_ontology:
        raise CurationError(Errors.KG816)
    if output:
        from kg.outputs import open_output

        with open_output(output) as fh:
            n = export_curation(st, fh)
        click.echo(f"{n} correction{'s' * (n != 1)} -> {output}", err=True)
        return
    export_curation(st, sys.stdout.buffer)
    sys.stdout.buffer.flush()


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())
@store_option
@click.option("--format", "fmt", type=RdfFormat(), default=None,
              help="RDF format (default: from the file suffix: .ttl .nt .nq .trig .jsonld .rdf .xml ...).")
@click.option("--graph", default=None, metavar="IRI",
              help="Put every triple into this named graph (default: N-Quads/TriG keep theirs; the triples "
                   "of a kg export go back into their article graphs, others into "
                   "<https://w3id.org/kg-news/id/import/FILE>).")
@click.option("--replace", is_flag=True, help="An article the store holds with another text is replaced by the "
              "file's version (default: refused, nothing loaded).")
@quiet_option
def load(files: tuple[str, ...], store: str | None, fmt: str | None, graph: str | None, replace: bool,
         quiet: bool) -> None:
    """Load RDF files (any export format; - for standard input, with --format) into the
    store, merging with what is there.

    Each file is parsed whole before anything is written, then written in one
    transaction: a file with a syntax error changes nothing. A kg export comes
    back article by article, whatever its format. An article the store already
    holds with another text is refused unless --replace is given (two versions
    are never merged into one article); kg's own graphs (the corrections, the
    gazetteer) cannot be the --graph.

    \b
    Example: kg load graph.trig --store other.kg
    Example: kg load graph.ttl --store other.kg
    Example: curl -s https://example.org/g.nq | kg load - --format nquads
    """
    from kg.builder.runner import new_folders, remove_if_unused
    from kg.progress import bar
    from kg.rdf.load import add_parsed, parse_file
    from kg.store import Store

    if "-" in files and not fmt:  # nothing to tell the format by
        raise InputError(Errors.KG133.format(path="standard input"))
    made = new_folders(store_path(store))
    with contextlib.ExitStack() as opened:
        st = None
        try:
            for f in files:
                stdin = f == "-"
                p = Path("stdin" if stdin else f)  # (the name of the import graph of what no article owns)
                size = p.stat().st_size if not stdin and p.is_file() else None
                with bar(total=size, desc=p.name, unit="B", unit_scale=True, quiet=quiet) as b:
                    parsed = parse_file(p, fmt, graph, progress=b.update, source=sys.stdin.buffer if stdin else None)
                # opened once the first file is read and checked: a bad file neither creates nor touches it
                st = st or opened.enter_context(Store(store_path(store)))
                r = add_parsed(st, parsed, replace=replace)
                _said_loaded(f, r, graph)
        except BaseException:
            opened.close()
            remove_if_unused(made)  # a store this command created and wrote nothing into
            raise
    warn_older_layout(store_path(store))


def _said_loaded(f: str, r: LoadReport, graph: str | None) -> None:
    """The lines kg load prints for one file."""
    if r.quads or not r.corrections:
        click.echo(f"{r.quads} quads in {r.graphs} graphs ({r.articles} articles) <- {f}")
    if r.corrections:
        click.echo(f"{r.corrections} correction{'s' * (r.corrections != 1)} added and applied <- {f}")
    if not r.articles and not graph and not r.corrections:
        click.echo(f"kg: warning: {Errors.KG163.format(path=f)}", err=True)


@click.command()
@store_option
@click.option("--endpoint", required=True, metavar="URL",
              help="Graph Store Protocol URL: Oxigraph http://HOST:7878/store, Fuseki "
                   "http://HOST:3030/DATASET/data, GraphDB http://HOST:7200/repositories/REPO/rdf-graphs/service, "
                   "Virtuoso http://HOST:8890/sparql-graph-crud-auth (with --digest).")
@click.option("--graph", default=None, metavar="IRI", help="Put everything into this one graph "
              "(default: each article into its own graph IRI).")
@click.option("--replace", is_flag=True, help="Replace each target graph (PUT) instead of adding to it (POST).")
@click.option("--user", default=None, help="User name for HTTP basic authentication; the password comes "
              "from $KG_PUSH_PASSWORD (or --netrc).")
@click.option("--netrc", "use_netrc", is_flag=True,
              help="Read the user and password for the endpoint's host from a netrc file ($NETRC, else ~/.netrc).")
@click.option("--digest", is_flag=True, help="HTTP digest instead of basic authentication for --user: the password "
              "is never sent (Virtuoso's /sparql-graph-crud-auth asks for it).")
@click.option("--password", default=None, hidden=True,
              help="Deprecated (other users see it in ps): set KG_PUSH_PASSWORD or use --netrc.")
@click.option("--token-env", default="KG_PUSH_TOKEN", show_default=True, metavar="VAR",
              help="Environment variable holding a bearer token (used when set).")
@click.option("--batch-size", default=10_000, show_default=True, type=count(1),
              help="Triples per request.")
@timeout_option(60.0, "Seconds to wait for each request.", minimum=0.1)
@click.option("--retries", default=4, show_default=True, type=count(0),
              help="Retries (with exponential back-off) for transient failures.")
@quiet_option
def push(store: str | None, endpoint: str, graph: str | None, replace: bool, user: str | None,
         use_netrc: bool, digest: bool, password: str | None, token_env: str, batch_size: int, timeout: float,
         retries: int, quiet: bool) -> None:
    """Upload the store to a remote graph store (SPARQL 1.1 Graph Store HTTP Protocol).

    Each batch counts only once the endpoint confirmed it (a 2xx answer, and the
    triple count where the endpoint reports one). Redirects are not followed.
    Credentials never go in the URL or on the command line: KG_PUSH_PASSWORD,
    --netrc or a bearer token in KG_PUSH_TOKEN.

    \b
    Example: kg push --endpoint http://localhost:7878/store --replace
    Example: KG_PUSH_PASSWORD=... kg push --endpoint http://localhost:3030/news/data --user admin
    Example: KG_PUSH_PASSWORD=... kg push --endpoint http://localhost:8890/sparql-graph-crud-auth --user dba --digest
    """
    import os

    from kg.rdf.push import check_endpoint, resolve_auth
    from kg.rdf.push import push as do_push
    from kg.store import Store

    check_endpoint(endpoint)
    if password is not None:
        click.echo(f"kg: warning: {Errors.KG656}", err=True)
    auth = resolve_auth(endpoint, user=user, password=password, token=os.environ.get(token_env) or None,
                        use_netrc=use_netrc, digest=digest, token_var=token_env)
    from kg.progress import bar

    st = Store.open_read(store_path(store))
    with bar(total=sum(1 for _ in st.graphs()), desc="push", unit="graph", quiet=quiet) as b:
        r = do_push(st, endpoint, graph=graph, replace=replace, auth=auth, batch_size=batch_size,
                    timeout=timeout, retries=retries, progress=lambda _g: b.update())
    click.echo(f"{r.triples} triples in {r.graphs} graphs, {r.requests} requests "
               f"({r.retries} retried) -> {endpoint}")


@click.command()
@store_option
def validate(store: str | None) -> None:
    """Check the store against ontology/shapes.ttl (SHACL) and report violations.

    Exits 1 when the store does not conform.

    \b
    Example: kg validate --store .kg
    """
    from kg.rdf.validate import validate as do_validate
    from kg.store import Store

    ok, lines = do_validate(Store.open_read(store_path(store)))
    from kg.terminal import printable

    for line in lines:
        click.echo(printable(line, keep="\n"))
    if not ok:
        sys.exit(1)
    click.echo("conforms")
