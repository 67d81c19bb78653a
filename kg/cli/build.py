"""kg build and kg remove: articles into and out of the store."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from kg.cli.options import Finite, count, quiet_option, store_option, store_path, warn_older_layout
from kg.errors import Errors, InputError


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(allow_dash=True))
@store_option
@click.option("--ner", default=None, metavar="shipped|none|NAME",
              help="Statistical NER: 'shipped' (default, the model in the package), 'none' (rules and "
                   "gazetteer alone), or an installed spaCy pipeline's name or path (e.g. en_core_web_sm).")
@click.option("--model", default=None, hidden=True, help="Old spelling of --ner NAME.")
@click.option("--no-model", "no_model", is_flag=True, hidden=True, help="Old spelling of --ner none.")
@click.option("--field", "fields", multiple=True, metavar="KEY=NAME",
              help="JSON Lines field name for KEY (text, title, published, url, outlet, id, author); repeatable.")
@click.option("--stdin-format", type=click.Choice(["txt", "md", "html", "jsonl"]), default=None,
              help="Format of standard input (PATH '-'); default: sniffed from the first bytes.")
@click.option("--max-chars", default=5_000_000, show_default=True, type=click.IntRange(1, 1_000_000_000),
              help="Refuse (one error line; the others go on) an article with more characters of text than this.")
@click.option("-j", "--jobs", type=count(1), default=None,
              help="Extraction worker processes (default: one per CPU core).")
@click.option("--article-timeout", type=Finite(0, min_open=True), default=None, metavar="SECONDS",
              help="Give up on an article whose extraction takes longer (it is reported and skipped, the "
                   "others written); default: 120 s plus 1 s per 1,000 characters.")
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
@quiet_option
def build(paths: tuple[str, ...], store: str | None, ner: str | None, model: str | None, no_model: bool,
          fields: tuple[str, ...],
          stdin_format: str | None, max_chars: int, jobs: int | None, executor: str, scheduler: str | None,
          parts: str | None, keep_parts: bool, push_to: str | None, quiet: bool,
          article_timeout: float | None) -> None:
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
    the store (or pushed to a Graph Store endpoint with --push). An article
    that crashes or hangs its worker is reported and skipped, the others
    written (exit status 3, as for any file that cannot be read).

    \b
    Example: kg build seeds/
    Example: kg build news/ --executor dask --scheduler tcp://10.0.0.5:8786 --parts /shared/parts
    """
    from kg.builder.runner import build as run_build
    from kg.ingest.readers import ReadOptions

    choice = ner_choice(ner, model, no_model)
    pairs = {}
    for f in fields:
        key, eq, name = f.partition("=")
        if not eq or not key or not name:
            raise InputError(Errors.KG123.format(value=f))
        pairs[key] = name
    from kg.builder.workers import default_jobs

    if executor == "dask":
        from kg.builder.cluster import build_dask

        if not scheduler:
            raise InputError(Errors.KG125)
        if "-" in paths:
            raise InputError(Errors.KG126)
        target = store_path(store)
        report = build_dask([Path(p) for p in paths], None if push_to else target, scheduler=scheduler,
                            parts=Path(parts) if parts else target.with_name(target.name + ".parts"),
                            push=push_to, keep_parts=keep_parts, ner=choice,
                            options=ReadOptions.with_fields(pairs), max_chars=max_chars)
    elif push_to or scheduler or parts or keep_parts:
        raise InputError(Errors.KG127)
    else:
        from kg.progress import bar

        # the bar counts articles written, skipped or failed, against the articles the paths
        # hold (counted only when the bar is drawn: a walk of the folders, no parsing), so it
        # shows the time left
        with bar(desc="build", unit="article", quiet=quiet) as b:
            if not b.disable:
                from kg.ingest.articles import count_articles

                b.total = count_articles([Path(p) for p in paths])
                b.refresh()
            report = run_build([Path(p) for p in paths], store_path(store), ner=choice,
                               jobs=jobs or default_jobs(), max_chars=max_chars,
                               options=ReadOptions.with_fields(pairs), stdin_format=stdin_format,
                               progress=lambda _source: b.update(), article_timeout=article_timeout)
    from kg.terminal import printable

    for w in report.warnings:
        click.echo(f"warning: {printable(w)}", err=True)
    if not push_to:
        warn_older_layout(store_path(store))
    for f in report.failed:
        click.echo(f"error: {printable(f)}", err=True)
    click.echo(summary(report, push_to or store_path(store)))
    if report.failed and not (report.added or report.replaced or report.skipped):
        sys.exit(1)
    if report.failed:
        sys.exit(3)


def summary(report, target: object) -> str:  # noqa: ANN001
    """The closing line of kg build, in the words kg stats uses: an entity found in three
    articles counts three times here (per article), once in kg stats (distinct)."""
    c = report.counts
    line = (f"{len(report.added)} added, {len(report.replaced)} replaced, {len(report.skipped)} unchanged, "
            f"{len(report.failed)} failed")
    if c:
        line += (f"; in the articles written: {c['entities']} entities (counted per article; kg stats counts "
                 f"distinct ones), {c['affiliations']} affiliations, {c['counts']} counts, {c['dates']} dates, "
                 f"{c['statements']} statements")
    return line + f" -> {target}"


def ner_choice(ner: str | None, model: str | None, no_model: bool) -> str:
    """The one NER value from --ner and its old spellings --model NAME and --no-model."""
    if model is not None and no_model:
        raise InputError(Errors.KG124)
    old, spelled = (model, f"--model {model}") if model is not None else ("none", "--no-model") if no_model \
        else (None, "")
    if ner is not None and old is not None and ner != old:
        raise InputError(Errors.KG143.format(ner=ner, old=spelled))
    return ner if ner is not None else old if old is not None else "shipped"


@click.command()
@click.argument("sources", nargs=-1, required=True)
@store_option
def remove(sources: tuple[str, ...], store: str | None) -> None:
    """Delete articles (by source name, as kg articles lists them) and what only they said.

    A name the store does not hold changes nothing and names the closest ones.

    \b
    Example: kg remove article-001.txt
    """
    from kg.builder.runner import remove as do_remove
    from kg.rdf.export import unknown_article
    from kg.rdf.mapping import article_iri
    from kg.store import Store

    path = store_path(store)
    with Store.open_read(path) as st:
        graphs = set(st.graphs())
    for s in sources:
        if s not in graphs and article_iri(s) not in graphs:
            raise unknown_article(s, graphs)
    done = do_remove(path, list(sources))
    click.echo(f"{len(done)} removed")
