"""What every command shares: the --store option and the error boundary."""

from __future__ import annotations

from pathlib import Path

import click

from kg.errors import KGError

STORE_HELP = "Store folder (default: $KG_STORE or ./.kg)."


def store_path(store: str | None) -> Path:
    from kg.store import default_path

    return Path(store) if store else default_path()


def store_option(f):
    return click.option("--store", "store", type=click.Path(), default=None, help=STORE_HELP)(f)


class KGGroup(click.Group):
    """Library errors become one-line user errors here, and only here."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except KGError as exc:
            click.echo(f"kg: {exc}", err=True)
            ctx.exit(exc.exit_code)
