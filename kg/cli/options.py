"""What the commands share: the --store, --format and --timeout options, and the error boundary."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from kg.errors import KGError

F = TypeVar("F", bound=Callable[..., Any])

STORE_HELP = "Store folder (default: $KG_STORE or ./.kg)."


def store_path(store: str | None) -> Path:
    from kg.store import default_path

    return Path(store) if store else default_path()


def store_option(f: F) -> F:
    """--store PATH, passed to the command as ``store``."""
    return click.option("--store", "store", type=click.Path(), default=None, help=STORE_HELP)(f)


def format_option(*choices: str, default: str | None, help: str,
                  json_alias: bool = False) -> Callable[[F], F]:
    """--format CHOICE, passed to the command as ``fmt``.

    With ``json_alias`` the old ``--json`` flag still works: hidden from --help,
    it means ``--format json`` and says it is deprecated.
    """

    def decorator(f: F) -> F:
        if not json_alias:
            wrapped: Callable[..., Any] = f
        else:
            @functools.wraps(f)
            def wrapped(*args: Any, json_flag: bool, fmt: str | None, **kwargs: Any) -> Any:
                if json_flag:
                    click.echo("warning: --json is deprecated; use --format json", err=True)
                    fmt = "json"
                return f(*args, fmt=fmt, **kwargs)

            wrapped = click.option("--json", "json_flag", is_flag=True, hidden=True,
                                   help="Deprecated: --format json.")(wrapped)
        return click.option("--format", "fmt", type=click.Choice(choices), default=default,
                            show_default=default is not None, help=help)(wrapped)

    return decorator


def timeout_option(default: float, help: str, *, minimum: float = 0) -> Callable[[F], F]:
    """--timeout SECONDS, passed to the command as ``timeout`` (a float)."""
    return click.option("--timeout", default=default, show_default=True, metavar="SECONDS",
                        type=_Seconds(minimum), help=help)


class _Seconds(click.FloatRange):
    """A number of seconds: NaN passes FloatRange but no deadline is ever >= NaN."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        seconds = super().convert(value, param, ctx)
        if seconds != seconds:  # NaN
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return seconds


class KGGroup(click.Group):
    """Library errors become one-line user errors here, and only here."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KGError as exc:
            click.echo(f"kg: {exc}", err=True)
            ctx.exit(exc.exit_code)
