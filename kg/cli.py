"""Thin click commands. Library errors become one-line user errors here only."""

from __future__ import annotations

import re
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
@click.argument("paths", nargs=-1, required=True, type=click.Path(allow_dash=True))
@store_option
@click.option("--model", default=None,
              help="Use an installed spaCy pipeline's NER (e.g. en_core_web_sm) instead of the shipped one.")
@click.option("--no-model", "no_model", is_flag=True,
              help="Rules and gazetteer alone, without the statistical NER (for comparison).")
@click.option("--field", "fields", multiple=True, metavar="KEY=NAME",
              help="JSON Lines field name for KEY (text, title, published, url, outlet, id, author); repeatable.")
@click.option("--stdin-format", type=click.Choice(["txt", "md", "html", "jsonl"]), default=None,
              help="Format of standard input (PATH '-'); default: sniffed from the first bytes.")
@click.option("--max-chars", default=5_000_000, show_default=True, type=click.IntRange(1),
              help="Skip (with a warning) an article with more characters of text than this.")
@click.option("-j", "--jobs", type=click.IntRange(1), default=None,
              help="Extraction worker processes (default: one per CPU core; 1 = in this process).")
@click.option("--executor", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Where extraction runs: local worker processes, or a Dask distributed cluster.")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Dask scheduler address (tcp://host:8786) for --executor dask.")
@click.option("--parts", type=click.Path(file_okay=False), default=None,
              help="Folder every Dask worker can write to, for the per-partition N-Quads "
                   "(default: STORE.parts beside the store).")
@click.option("--keep-parts", is_flag=True, help="Keep the N-Quads parts after loading them.")
@click.option("--push", "push_to", default=None, metavar="URL",
              help="With --executor dask: PUT each article graph to this Graph Store endpoint "
                   "instead of the local store.")
def build(paths: tuple[str, ...], store: str | None, model: str | None, no_model: bool, fields: tuple[str, ...],
          stdin_format: str | None, max_chars: int, jobs: int | None, executor: str, scheduler: str | None,
          parts: str | None, keep_parts: bool, push_to: str | None) -> None:
    """Read articles (files, folders recursively, or - for standard input) into the store.

    Formats by suffix: .txt, .md (YAML front matter), .html (trafilatura),
    .jsonl (one article per line).

    Entities come from the gazetteer and context rules, with the NER model
    shipped in the package filling in names they do not know.
    A folder may hold metadata.csv (file,published,outlet,url,title). Unchanged
    articles are skipped; changed ones (or ones built with another pipeline)
    replace their graph.

    Extraction runs in --jobs worker processes; with --executor dask it runs
    on a Dask cluster, whose tasks write N-Quads parts that are loaded into
    the store (or pushed to a Graph Store endpoint with --push).

    Example: kg build seeds/
    Example: kg build news/ --executor dask --scheduler tcp://10.0.0.5:8786 --parts /shared/parts
    """
    from kg.pipeline import build as run_build
    from kg.readers import ReadOptions

    if model and no_model:
        raise InputError("--model and --no-model contradict each other; give one")
    pairs = {}
    for f in fields:
        key, eq, name = f.partition("=")
        if not eq or not key or not name:
            raise InputError(f"--field {f!r}: expected KEY=NAME, e.g. --field text=body")
        pairs[key] = name
    from kg.workers import default_jobs

    if executor == "dask":
        from kg.distributed import build_dask

        if not scheduler:
            raise InputError("--executor dask needs --scheduler ADDRESS (e.g. tcp://127.0.0.1:8786)")
        if "-" in paths:
            raise InputError("--executor dask reads files and folders, not standard input")
        target = _store_path(store)
        report = build_dask([Path(p) for p in paths], None if push_to else target, scheduler=scheduler,
                            parts=Path(parts) if parts else target.with_name(target.name + ".parts"),
                            push=push_to, keep_parts=keep_parts, model=model, use_model=not no_model,
                            options=ReadOptions.with_fields(pairs), max_chars=max_chars)
    elif push_to or scheduler or parts or keep_parts:
        raise InputError("--scheduler, --parts, --keep-parts and --push go with --executor dask")
    else:
        report = run_build([Path(p) for p in paths], _store_path(store), model=model, use_model=not no_model,
                           jobs=jobs or default_jobs(), max_chars=max_chars,
                           options=ReadOptions.with_fields(pairs), stdin_format=stdin_format)
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
        + f" -> {push_to or _store_path(store)}"
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
@click.option("--timeout", default=30.0, show_default=True, type=click.FloatRange(0),
              help="Stop a read query after this many seconds (0: no limit).")
def query(query: str, store: str | None, fmt: str | None, params, update: bool, timeout: float) -> None:
    """Run QUERY: a named query (kg queries), a .rq file, or inline SPARQL.

    Example: kg query counts --format csv
    Example: kg query entities -p source 001_00adbe57efcb47f9.txt
    """
    from kg import query as q
    from kg.store import Store

    text = q.resolve_query(query)
    path = _store_path(store)
    fmt = fmt or ("table" if sys.stdout.isatty() else "csv")
    if update or q.is_update(text):
        st = Store(path, create=False) if update else Store.open_read(path)
        click.echo(q.render_result(q.run(st, text, dict(params), update=update), fmt), nl=False)
        return
    if timeout:  # the child process opens the store; its errors come back as kg errors
        out = q.run_with_timeout(path, text, dict(params), fmt, timeout)
    else:
        out = q.render_result(q.run(Store.open_read(path), text, dict(params)), fmt)
    click.echo(out, nl=False)


@main.command()
def queries() -> None:
    """List the named queries with what each answers."""
    from kg.query import named_queries

    for nq in named_queries().values():
        click.echo(f"{nq.name:14s} {nq.description}")


@main.command()
@store_option
@click.option("-o", "--output", default="graph.html", type=click.Path(), show_default=True, help="HTML file to write.")
@click.option("--focus", default=None, help="Show only ENTITY (label or alias) and its neighbours.")
@click.option("--depth", default=1, type=click.IntRange(0), show_default=True, help="Neighbourhood depth with --focus.")
@click.option("--type", "types", multiple=True, type=click.Choice(["Organisation", "Person", "Place"]),
              help="Keep only entities of this type (repeatable).")
@click.option("--source", default=None, metavar="SOURCE", help="Keep only entities named in this article.")
@click.option("--since", default=None, metavar="YYYY-MM-DD", help="Keep entities from articles published on or after.")
@click.option("--until", default=None, metavar="YYYY-MM-DD", help="Keep entities from articles published on or before.")
@click.option("--colour", "colour_by", type=click.Choice(["type", "community"]), default="type", show_default=True,
              help="Initial colouring (the page can switch).")
def render(store: str | None, output: str, focus: str | None, depth: int, types, source: str | None,
           since: str | None, until: str | None, colour_by: str) -> None:
    """Write an interactive network view (works offline, from file://).

    The page has a search box, filters by type, article and date, a legend,
    colouring by type or community, and tooltips with evidence sentences.

    Example: kg render -o graph.html --focus "Mustafa Bali" --depth 2
    """
    from kg.render import render as do_render
    from kg.store import Store

    for name, value in (("--since", since), ("--until", until)):
        if value and not re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", value):
            raise InputError(f"{name} {value!r}: expected YYYY-MM-DD")
    n, e = do_render(Store.open_read(_store_path(store)), Path(output), focus=focus, depth=depth,
                     types=set(types) or None, source=source, since=since, until=until, colour_by=colour_by)
    click.echo(f"{n} nodes, {e} edges -> {output}")


@main.command()
@store_option
@click.option("-o", "--output", default="timeline.html", type=click.Path(), show_default=True,
              help="HTML file to write.")
def timeline(store: str | None, output: str) -> None:
    """Write a timeline page: dated counts (what, how many, where, which article) as a chart and a table.

    Example: kg timeline -o timeline.html
    """
    from kg.store import Store
    from kg.timeline import render_timeline

    n = render_timeline(Store.open_read(_store_path(store)), Path(output))
    click.echo(f"{n} dated counts -> {output}")


FORMAT_CHOICE = click.Choice(["turtle", "nt", "nquads", "trig", "jsonld"])


@main.command()
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
    from kg.export import export as do_export
    from kg.export import graph_for_source
    from kg.store import Store

    st = Store.open_read(_store_path(store))
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


@main.command()
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
    from kg.load import load as do_load
    from kg.store import Store

    with Store(_store_path(store)) as st:
        for f in files:
            n, g = do_load(st, Path(f), fmt, graph)
            click.echo(f"{n} quads in {g} graphs <- {f}")


@main.command()
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

    from kg.push import Auth
    from kg.push import push as do_push
    from kg.store import Store

    auth = Auth(user=user, password=password, token=os.environ.get(token_env) or None)
    r = do_push(Store.open_read(_store_path(store)), endpoint, graph=graph, replace=replace, auth=auth,
                batch_size=batch_size, timeout=timeout, retries=retries)
    click.echo(f"{r.triples} triples in {r.graphs} graphs, {r.requests} requests "
               f"({r.retries} retried) -> {endpoint}")


@main.command()
@store_option
@click.option("--port", default=7878, show_default=True, type=click.IntRange(1, 65535))
@click.option("--bind", default="127.0.0.1", show_default=True,
              help="Address to listen on (loopback by default; 0.0.0.0 exposes it to the network).")
@click.option("--writable", is_flag=True, help="Also accept SPARQL updates and Graph Store writes.")
@click.option("--timeout", default=30, show_default=True, type=click.IntRange(1),
              help="Seconds before a SPARQL query is stopped.")
def serve(store: str | None, port: int, bind: str, writable: bool, timeout: int) -> None:
    """Serve the store as a SPARQL 1.1 endpoint (runs the Oxigraph server over it).

    Queries: http://127.0.0.1:PORT/query ; the default graph is the union of the
    article graphs. Read-only unless --writable. Stop with Ctrl-C.

    Example: kg serve --port 7878
    """
    from kg.serve import serve as do_serve

    path = _store_path(store).resolve()
    click.echo(f"SPARQL endpoint: http://{bind}:{port}/query ({'read-write' if writable else 'read-only'}; "
               f"store {path})", err=True)
    do_serve(path, port, bind, writable, timeout)


@main.command()
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
    from kg.nlp.pipeline import shipped_model_dir
    from kg.train import train as do_train

    if not Path(corpus).is_dir():
        raise InputError(f"{corpus}: not a folder")
    out = Path(output) if output else shipped_model_dir()
    scores = do_train(Path(corpus), out, Path(work_dir), synthetic)
    for split, table in scores.items():
        for label, v in table.items():
            click.echo(f"{split:5s} {label:4s} P {v['p']:.3f} R {v['r']:.3f} F1 {v['f']:.3f}")
    click.echo(f"-> {out}")


@main.command()
@click.argument("sources", nargs=-1, required=True)
@store_option
def remove(sources: tuple[str, ...], store: str | None) -> None:
    """Delete articles (by source name, as in the query output) and what only they said.

    Example: kg remove 001_00adbe57efcb47f9.txt
    """
    from kg.pipeline import remove as do_remove

    done = do_remove(_store_path(store), list(sources))
    click.echo(f"{len(done)} removed")


@main.command()
@store_option
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def stats(store: str | None, as_json: bool) -> None:
    """Articles, entities by type, triples and size on disk."""
    import json

    from kg.stats import format_stats
    from kg.stats import stats as do_stats
    from kg.store import Store

    path = _store_path(store)
    s = do_stats(Store.open_read(path))
    click.echo(json.dumps(s, indent=1) if as_json else format_stats(s))


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
