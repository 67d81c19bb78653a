"""kg render and kg timeline: HTML views of the store."""

from __future__ import annotations

import click

from kg.cli.options import EntityType, IsoDate, count, store_option, store_path
from kg.errors import Errors, OutputError
from kg.outputs import output_path
from kg.terminal import printable

TOP = 150  # as kg.views.graph.TOP (not imported here: kg's CLI imports no networkx until a command runs)


@click.command()
@store_option
@click.option("-o", "--output", default="graph.html", type=click.Path(), show_default=True, help="HTML file to write.")
@click.option("--focus", default=None,
              help="Show only ENTITY (label or alias) and its neighbours: the entities named in a sentence with it, "
                   "affiliated with it or told something by it (kg neighbours lists all that share an article).")
@click.option("--depth", default=1, type=count(0), show_default=True, help="Neighbourhood depth with --focus.")
@click.option("--type", "types", multiple=True, type=EntityType(),
              help="Keep only entities of this type, in any letter case (repeatable).")
@click.option("--source", default=None, metavar="SOURCE", help="Keep only entities named in this article.")
@click.option("--since", default=None, metavar="YYYY-MM-DD", type=IsoDate(),
              help="Keep entities from articles published on or after (a day, YYYY-MM or YYYY).")
@click.option("--until", default=None, metavar="YYYY-MM-DD", type=IsoDate(),
              help="Keep entities from articles published on or before (a day, YYYY-MM or YYYY).")
@click.option("--colour", "colour_by", type=click.Choice(["type", "community"]), default="type", show_default=True,
              help="Initial colouring (the page can switch).")
@click.option("--top", type=count(1), default=None, metavar="N",
              help=f"On a store of more than N entities draw the N mentioned in most articles [default: {TOP}].")
@click.option("--all", "everything", is_flag=True, help="Draw every entity, however many (slow on a big store).")
def render(store: str | None, output: str, focus: str | None, depth: int, types, source: str | None,
           since: str | None, until: str | None, colour_by: str, top: int | None, everything: bool) -> None:
    """Write an interactive network view (works offline, from file://).

    The page has a search box, filters by type, article and date, a legend,
    colouring by type or community, and tooltips with evidence sentences.
    A store with more entities than --top draws the most mentioned ones and
    says so (on standard error and in the page); --focus reads only the
    entity's neighbourhood from the store.

    \b
    Example: kg render -o graph.html --focus "Acme Corporation" --depth 2
    Example: kg render --top 300 -o overview.html
    """
    from kg.store import Store
    from kg.views.html import render as do_render

    if everything and top is not None:
        raise OutputError(Errors.KG750)
    n, e = do_render(Store.open_read(store_path(store)), output, focus=focus, depth=depth,
                     types=set(types) or None, source=source, since=since, until=until, colour_by=colour_by,
                     top=top, everything=everything, notify=lambda note: click.echo(f"kg: {printable(note)}", err=True))
    click.echo(f"{n} nodes, {e} edges -> {output}")


@click.command()
@store_option
@click.option("-o", "--output", default="timeline.html", type=click.Path(), show_default=True,
              help="HTML file to write.")
def timeline(store: str | None, output: str) -> None:
    """Write a timeline page: dated counts (what, how many, where, which article) as a chart and a table.

    \b
    Example: kg timeline -o timeline.html
    """
    from kg.store import Store
    from kg.views.timeline import render_timeline

    st = Store.open_read(store_path(store))
    with output_path(output) as tmp:
        n = render_timeline(st, tmp)
    click.echo(f"{n} dated counts -> {output}")

