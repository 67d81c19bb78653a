"""kg serve, kg stats and kg compact: the store itself."""

from __future__ import annotations

import click

from kg.cli.options import (
    bind_address,
    format_option,
    quiet_option,
    store_option,
    store_path,
    timeout_option,
    warn_older_layout,
)


@click.command()
@store_option
@click.option("--port", default=7878, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--bind", default="127.0.0.1", show_default=True, callback=bind_address,
              help="Address to listen on (loopback by default; 0.0.0.0 exposes it to the network).")
@click.option("--writable", is_flag=True,
              help="Also accept SPARQL updates and Graph Store writes, each with the token printed at start "
                   "(or $KG_SERVE_TOKEN) as 'Authorization: Bearer TOKEN'.")
@click.option("--allow-service", "services", multiple=True, metavar="URL",
              help="Let queries call this endpoint with SERVICE (or LOAD it); none is called otherwise.")
@click.option("--allow-origin", "origins", multiple=True, metavar="ORIGIN",
              help="Accept requests a web page at ORIGIN (e.g. http://localhost:8888) sends; only the "
                   "server's own origin is accepted otherwise.")
@click.option("--allow-host", "hosts", multiple=True, metavar="NAME",
              help="Accept this name in the Host header (loopback names, the bound address and this "
                   "machine's name are accepted).")
@timeout_option(30.0, "Stop a SPARQL query after this many seconds (rounded up to whole seconds; "
                "over 10^9, or inf, is taken as 10^9: no limit in practice).", minimum=1)
def serve(store: str | None, port: int, bind: str, writable: bool, services: tuple[str, ...],
          origins: tuple[str, ...], hosts: tuple[str, ...], timeout: float) -> None:
    """Serve the store as a SPARQL 1.1 endpoint (the Oxigraph server, behind kg's checks).

    Queries: http://127.0.0.1:PORT/query ; the default graph is the union of the
    article graphs. Read-only unless --writable. A query nested too deeply, one of
    over 1 MB, or one calling another endpoint (SERVICE) is refused; a request
    that crashes the engine costs that request and a restart, not the endpoint.
    Stop with Ctrl-C.

    \b
    Example: kg serve --port 7878
    Example: kg serve --writable --allow-origin http://localhost:8888
    """
    import math

    from kg.store.serve import serve as run_server

    # the engine takes a whole number of seconds that fits 64 bits: inf or 1e20 ended in a traceback or KG631
    run_server(store_path(store).resolve(), port, bind, writable, math.ceil(min(timeout, SERVE_MAX_TIMEOUT)),
               services=services, origins=origins, hosts=hosts)


SERVE_MAX_TIMEOUT = 10**9  # seconds (31 years)


@click.command()
@store_option
@format_option("table", "json", default="table", help="Output format.")
def stats(store: str | None, fmt: str) -> None:
    """Articles, distinct entities by type, quads and size on disk.

    \b
    Example: kg stats --format json
    """
    import json

    from kg.store import Store
    from kg.store.stats import stats as do_stats

    path = store_path(store)
    s = do_stats(Store.open_read(path))
    from kg.terminal import printable

    click.echo(json.dumps(s, indent=1) if fmt == "json" else printable(format_stats(s), keep="\n"))
    warn_older_layout(path)


def format_stats(s: dict) -> str:
    """kg stats as text, in the words of kg build's summary: entities are distinct entities
    (kg build counts them per article), quads are (subject, predicate, object, graph)."""
    ents = ", ".join(f"{n} {t}" for t, n in s["entities"].items()) or "none"
    lines = [
        f"store      {s['store']}",
        f"articles   {s['articles']}" + (f" (+{s['other_graphs']} loaded graphs)" if s["other_graphs"] else ""),
        f"entities   {sum(s['entities'].values())} distinct ({ents})",
        f"quads      {s['quads']} (statements in the article graphs, the gazetteer's and the curation's)",
        f"on disk    {s['bytes_on_disk'] / 1e6:.1f} MB",
    ]
    return "\n".join(lines)


@click.command()
@store_option
@quiet_option
def compact(store: str | None, quiet: bool) -> None:
    """Write the store again in one pass: about a third smaller, the same quads.

    A build writes in batches, and most of what it writes ends up uncompressed;
    written again with one bulk load, the data is compressed. It takes a few seconds
    per thousand articles (the copy took 168 s at 50,000; the first run on an older
    store also remakes its summary) and, for that time, free disk space about the
    size of the store. The store stays whole if it is stopped; other writers wait
    and queries read the old store until the new one is in place.

    \b
    Example: kg compact
    """
    from kg.store.compact import compact as do_compact

    path = store_path(store)
    done = do_compact(path, quiet=quiet)
    click.echo(f"compacted {path}: {done.before / 1e6:.1f} MB -> {done.after / 1e6:.1f} MB "
               f"({done.quads:,} quads, {done.seconds:.1f} s)")
