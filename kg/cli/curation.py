"""kg merge, retype, relabel, split, reject, affiliate and kg curation: analysts' corrections.

Each command opens the store for writing, makes one correction (kg.curation.curate), and
prints one line saying what changed. Bad input is a one-line error and changes nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from kg.cli.options import count, format_option, store_option, store_path
from kg.terminal import printable

F = TypeVar("F", bound=Callable[..., Any])

ENTITY_HELP = ("ENTITY is a full IRI, a form such as person/jane-doe or entity/Q123, or a name (preferred or "
               "other, any letter case) that exactly one entity has.")


def correction_options(f: F) -> F:
    """--note, --by and --store, shared by every correction."""
    f = click.option("--by", default=None, metavar="NAME",
                     help="Who makes the correction (default: your login name).")(f)
    f = click.option("--note", default=None, metavar="TEXT", help="Why (kept with the correction).")(f)
    return store_option(f)


def _run(store: str | None, do: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    from kg.store import Store

    with Store(store_path(store), create=False) as st:
        outcome = do(st, *args, **kwargs)
    click.echo(printable(outcome.line()))


@click.command()
@click.argument("keep")
@click.argument("other")
@correction_options
def merge(keep: str, other: str, store: str | None, note: str | None, by: str | None) -> None:
    """Merge OTHER into KEEP: every occurrence of OTHER becomes KEEP; OTHER's names become
    other names (aliases) of KEEP, and its mentions take KEEP's type.

    KEEP and OTHER are entities: full IRIs, forms such as person/jane-doe, or names that
    exactly one entity has. The correction is kept and applied again to every article
    built later.

    \b
    Example: kg merge organisation/syrian-democratic-forces organisation/ypg
    Example: kg merge "Syrian Democratic Forces" YPG --note "counted as one force here"
    """
    from kg.curation.curate import merge as do

    _run(store, do, keep, other, by=by, note=note)


@click.command()
@click.argument("entity")
@click.argument("type_", metavar="TYPE")
@correction_options
def retype(entity: str, type_: str, store: str | None, note: str | None, by: str | None) -> None:
    """Give ENTITY another TYPE (Organisation, Person or Place); its IRI stays.

    Affiliations whose person is no longer a Person (or organisation no longer an
    Organisation) are dropped, and so is a count's place that is no longer a Place.
    ENTITY is a full IRI, a form such as person/jane-doe, or a name one entity has.

    \b
    Example: kg retype al-Hol Organisation --note "the camp's administration here, not the place"
    """
    from kg.curation.curate import retype as do

    _run(store, do, entity, type_, by=by, note=note)


@click.command()
@click.argument("entity")
@click.argument("label")
@correction_options
def relabel(entity: str, label: str, store: str | None, note: str | None, by: str | None) -> None:
    """Give ENTITY the preferred name LABEL; the old one becomes an other name.

    ENTITY is a full IRI, a form such as person/jane-doe, or a name one entity has.

    \b
    Example: kg relabel organisation/operation-inherent-resolve "Combined Joint Task Force - Operation Inherent Resolve"
    """
    from kg.curation.curate import relabel as do

    _run(store, do, entity, label, by=by, note=note)


@click.command()
@click.argument("entity")
@click.argument("alias")
@correction_options
def split(entity: str, alias: str, store: str | None, note: str | None, by: str | None) -> None:
    """Split ALIAS off ENTITY: the mentions of ENTITY that read ALIAS (any letter case) move
    to a new entity of the same type named ALIAS (IRI from its type and name).

    ENTITY is a full IRI, a form such as person/jane-doe, or a name one entity has.

    \b
    Example: kg split person/mustafa-bali "Mr Bali"
    """
    from kg.curation.curate import split as do

    _run(store, do, entity, alias, by=by, note=note)


@click.command()
@click.argument("target")
@correction_options
def reject(target: str, store: str | None, note: str | None, by: str | None) -> None:
    """Reject TARGET: an entity (its mentions and affiliations go, and every statement that
    names it), or one fact by its IRI as 'kg query provenance' prints it:
    .../article/SOURCE/aN (affiliation), cN (count), dN (date), eN (event), qN
    (statement), rN (a relation such as a role change), mN (the n-th mention);
    article/SOURCE/cN works too.

    A fact is recorded by its article, kind and what it says (its text and sentence; the
    offsets only tell equal texts apart), not its number (numbers change when an article
    is built again): text added or edited elsewhere in the article keeps the rejection; a
    fact whose own text changed is reported as gone, with what it said.

    \b
    Example: kg reject entity/gn-1517945 --note "Turkestan here is the region, not the city in Kazakhstan"
    Example: kg reject article/000_27735b4e4882bb1f.txt/q5 --note "a reporting credit, not a statement"
    """
    from kg.curation.curate import reject as do

    _run(store, do, target, by=by, note=note)


@click.command()
@click.argument("person")
@click.argument("organisation")
@click.option("--role", default="", metavar="TEXT", help="The role as the article puts it (spokesman, official ...).")
@click.option("--spokesperson", is_flag=True, help="The person speaks for the organisation.")
@click.option("--article", default=None, metavar="SOURCE",
              help="The article (source name) to add it to (default: the first, in sorted order, that mentions "
                   "both).")
@correction_options
def affiliate(person: str, organisation: str, role: str, spokesperson: bool, article: str | None,
              store: str | None, note: str | None, by: str | None) -> None:
    """Add an affiliation of PERSON with ORGANISATION that the extraction missed.

    It goes into one article that mentions both, spanning the sentence of the person's
    first mention there, so kg query spokespeople lists it.

    \b
    Example: kg affiliate "Kino Gabriel" YPG --role commander
    Example: kg affiliate "Umm Fatima" "Islamic State" --role supporter --article 004_48d9e4e8ca9d1f5e.txt
    """
    from kg.curation.curate import affiliate as do

    _run(store, do, person, organisation, role=role, spokesperson=spokesperson, article=article, by=by, note=note)


COLUMNS = ["n", "when", "who", "action", "target", "detail", "note", "status"]


@click.group(invoke_without_command=True)
@store_option
@format_option("table", "csv", "tsv", "json", "nl", default=None, headers=True,
               help="Output format (default: table on a terminal, else csv).")
@click.option("--undo", "undo_n", type=count(1), default=None, metavar="N",
              help="Remove correction N and build the articles it changed again from their stored text.")
@click.option("--apply", "apply_all", is_flag=True, help="Apply every correction again (as 'kg curation apply').")
@click.pass_context
def curation(ctx: click.Context, store: str | None, fmt: str | None, headers: bool, undo_n: int | None,
             apply_all: bool) -> None:
    """List the corrections: number, when, who, action, target, detail, note, and status
    (applied to k articles, or target gone: it changed no article still in the store).

    --undo N removes correction N and extracts the articles it changed again (spaCy runs
    on the text the store keeps), then applies the other corrections to them.

    \b
    Example: kg curation
    Example: kg curation --undo 3
    Example: kg curation apply
    """
    if ctx.invoked_subcommand is not None:
        ctx.obj = store
        return
    if undo_n is not None and apply_all:
        raise click.UsageError("--undo and --apply contradict each other; give one")
    if undo_n is not None:
        from kg.curation.curate import undo
        from kg.store import Store

        with Store(store_path(store), create=False) as st:
            outcome = undo(st, undo_n)
        n = len(outcome.articles)
        click.echo(f"correction {undo_n} undone: {printable(outcome.correction.describe())} "
                   f"({n} article{'s' * (n != 1)} extracted again)")
        return
    if apply_all:
        _apply(store)
        return
    _list(store, fmt or ("table" if sys.stdout.isatty() else "csv"), headers)


@curation.command("apply")
@store_option
@click.pass_obj
def apply_command(group_store: str | None, store: str | None) -> None:
    """Apply every correction to every article again (idempotent: an article they are
    all applied to is left as it is).

    A correction is written in one step: killed or out of disk space midway, it is
    either not made or finished by the next command that writes to the store, this one
    included.

    \b
    Example: kg curation apply --store .kg
    """
    _apply(store or group_store)


def _apply(store: str | None) -> None:
    from kg.curation.curate import apply_all, gone
    from kg.store import Store

    with Store(store_path(store), create=False) as st:
        n, rewritten = apply_all(st)
        warnings = gone(st)
    for w in warnings:
        click.echo(f"warning: {printable(w)}", err=True)
    click.echo(f"{n} correction{'s' * (n != 1)} applied ({rewritten} article{'s' * (rewritten != 1)} rewritten)")


def rows(statuses: list) -> list[list[str]]:  # noqa: ANN001
    from kg.curation.model import short

    out = []
    for s in statuses:
        c = s.correction
        detail = c.describe()
        out.append([str(c.n), c.created, c.by, c.action, short(c.target), detail, c.note or "", s.status])
    return out


def _list(store: str | None, fmt: str, headers: bool = True) -> None:
    import pyoxigraph as ox

    from kg.curation.curate import listing
    from kg.query.format import format_rows
    from kg.store import Store

    with Store.open_read(store_path(store)) as st:
        statuses = listing(st)
    table = [[ox.Literal(v) for v in r] for r in rows(statuses)]
    click.echo(format_rows(COLUMNS, table, fmt, headers=headers), nl=False)
