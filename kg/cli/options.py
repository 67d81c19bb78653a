"""What the commands share: the --store, --format and --timeout options, -h, and the error boundary."""

from __future__ import annotations

import functools
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from kg.errors import KGError, did_you_mean

F = TypeVar("F", bound=Callable[..., Any])

STORE_HELP = "Store folder (default: $KG_STORE or ./.kg)."
MAX_COUNT = 2**63 - 1  # the largest count, limit or offset Python's islice and the SPARQL engine take


class Finite(click.FloatRange):
    """A FloatRange of finite numbers: NaN passes FloatRange's comparisons (every one is False)
    and would then mean nothing, or never end a wait."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        import math

        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


def bind_address(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """--bind: an address this host can listen on, checked before the server starts (999.1.1.1 was
    announced as an endpoint, then the server died with a Rust backtrace)."""
    import socket

    try:  # (port 0: the address alone; --port may not be read yet)
        infos = socket.getaddrinfo(value, 0, type=socket.SOCK_STREAM)
        family, _, _, _, address = infos[0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except (OSError, UnicodeError, IndexError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise click.BadParameter(f"cannot listen on {value!r}: {reason}") from None
    return value


def count(minimum: int = 0) -> click.IntRange:
    """A count option's type (--limit, --offset, --jobs, ...): ``minimum`` up to MAX_COUNT, so a number
    past what the engine takes is a usage error naming the option, not a traceback or "malformed SPARQL"."""
    return click.IntRange(minimum, MAX_COUNT)


def store_path(store: str | None) -> Path:
    from kg.store import default_path

    return Path(store) if store else default_path()


def warn_older_layout(path: Path) -> None:
    """Warn ([KG169]) when the store at ``path`` holds facts in an older RDF layout, which the
    named queries do not read (a store that cannot be opened here says nothing)."""
    from kg.errors import Errors, KGError
    from kg.store import Store

    try:
        with Store.open_read(path) as st:
            older = st.older_layout()
    except (KGError, OSError):
        return
    if older:
        click.echo(f"kg: warning: {Errors.KG169.format(store=path)}", err=True)


def store_option(f: F) -> F:
    """--store PATH, passed to the command as ``store``."""
    return click.option("--store", "store", type=click.Path(), default=None, help=STORE_HELP)(f)


# the flags that name an output format, as sqlite-utils has them
_FLAGS = {
    "table": (("-t", "--table"), "Output as an aligned table."),
    "csv": (("--csv",), "Output as CSV."),
    "tsv": (("--tsv",), "Output as TSV."),
    "json": (("--json",), "Output as JSON."),
    "nl": (("--nl",), "Output as newline-delimited JSON: one object a line."),
}


def format_option(*choices: str, default: str | None, help: str, headers: bool = False) -> Callable[[F], F]:
    """--format CHOICE, and a flag for each choice that has one (--table/-t, --csv, --tsv,
    --json, --nl, as sqlite-utils names them), passed to the command as ``fmt`` (``default``
    when none is given). ``headers``: also --no-headers, passed as ``headers`` (False with it).
    Two different formats at once are a usage error."""

    def decorator(f: F) -> F:
        flags = [c for c in choices if c in _FLAGS]

        @functools.wraps(f)
        def wrapped(*args: Any, fmt: str | None, **kwargs: Any) -> Any:
            given = [c for c in flags if kwargs.pop(f"fmt_{c}")]
            named = sorted({*given, *([fmt] if fmt else [])})
            if len(named) > 1:
                shown = " and ".join(_FLAGS[c][0][-1] if c in given else f"--format {c}" for c in named)
                raise click.UsageError(f"choose one output format, not {shown}")
            if headers:
                kwargs["headers"] = not kwargs.pop("no_headers")
            return f(*args, fmt=(named or [default])[0], **kwargs)

        if headers:
            wrapped = click.option("--no-headers", "no_headers", is_flag=True,
                                   help="Leave out the header of a table, CSV or TSV.")(wrapped)
        for c in reversed(flags):
            names, text = _FLAGS[c]
            wrapped = click.option(*names, f"fmt_{c}", is_flag=True, help=text)(wrapped)
        shown = f"{help} [default: {default}]" if default is not None else help
        return click.option("--format", "fmt", type=Choice(choices), default=None, help=shown)(wrapped)

    return decorator


def quiet_option(f: F) -> F:
    """--quiet: no progress bar (there is none anyway when standard error is not a terminal)."""
    return click.option("-q", "--quiet", is_flag=True, help="No progress bar on standard error.")(f)


class Choice(click.Choice):
    """click.Choice whose error names the closest choice ("did you mean ...")."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as exc:
            hint = did_you_mean(str(value), [str(c) for c in self.choices])
            if not hint:
                raise
            raise click.BadParameter(f"{exc.message.rstrip('.')}{hint}", ctx, param) from None


class IsoDate(click.ParamType):
    """A day that exists (YYYY-MM-DD), a month (YYYY-MM) or a year (YYYY): "2019-13-01" and
    "2019-03-40" are errors ([KG131], before the store is opened), not an empty page."""

    name = "date"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from kg.errors import Errors, InputError
        from kg.types import date_problem

        problem = date_problem(str(value))
        if problem:
            option = param.opts[-1] if param is not None and param.opts else "date"
            raise InputError(Errors.KG131.format(option=option, value=str(value), problem=problem))
        return str(value).strip()


class EntityType(Choice):
    """Organisation, Person or Place in any letter case ("organization" too); the command gets
    the type's own spelling."""

    def __init__(self) -> None:
        from kg.types import ENTITY_TYPES

        super().__init__(ENTITY_TYPES, case_sensitive=False)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from kg.types import entity_type

        return entity_type(str(value)) or super().convert(value, param, ctx)


class RdfFormat(click.ParamType):
    """An RDF format as Oxigraph and rdfpipe name it: turtle or ttl, nt or ntriples, nquads or nq,
    trig, jsonld or json-ld, rdfxml or xml or rdf, a file suffix or a media type. The command
    gets the canonical name (kg.rdf.export.FORMATS)."""

    name = "rdf format"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        from kg.rdf.export import FORMATS

        return "[" + "|".join(FORMATS) + "]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from kg.errors import InputError
        from kg.rdf.export import format_name

        try:
            return format_name(str(value))
        except InputError as exc:
            self.fail(exc.message, param, ctx)


def timeout_option(default: float, help: str, *, minimum: float = 0) -> Callable[[F], F]:
    """--timeout SECONDS, passed to the command as ``timeout`` (a float)."""
    return click.option("--timeout", default=default, show_default=True, metavar="SECONDS",
                        type=_Seconds(minimum), help=help)


LONGEST_WAIT = 1e9  # seconds (31 years): a longer --timeout, inf too, is taken as this, no limit in practice


class _Seconds(click.FloatRange):
    """A number of seconds: NaN passes FloatRange but no deadline is ever >= NaN. One past
    LONGEST_WAIT is taken as LONGEST_WAIT: sockets and the engine take no infinite or 2**64-second
    timeout (an OverflowError traceback in kg push and kg query --endpoint)."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        seconds = super().convert(value, param, ctx)
        if seconds != seconds:  # NaN
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return min(seconds, LONGEST_WAIT)


class _Closed(io.TextIOBase):
    """A standard stream the shell closed (``kg export >&-``, ``kg build - <&-``): Python makes it
    None, and the first use was an AttributeError traceback. This stand-in raises ``error``, a
    one-line KGError, when the command reads or writes it (a command that does not is unaffected)."""

    encoding, errors = "utf-8", "strict"

    def __init__(self, error: KGError) -> None:
        super().__init__()
        self._error = error

    def _refuse(self, *_args: Any, **_kwargs: Any) -> Any:
        raise self._error

    write = read = readline = readinto = writelines = _refuse

    def fileno(self) -> int:
        raise self._error

    def isatty(self) -> bool:
        return False

    def flush(self) -> None:
        pass

    @property
    def buffer(self) -> _Closed:
        return self


def _stand_in_for_closed_streams() -> None:
    import sys

    from kg.errors import Errors, InputError, OutputError

    if sys.stdout is None:
        sys.stdout = _Closed(OutputError(Errors.KG705.format(reason="it is closed")))
    if sys.stdin is None:
        sys.stdin = _Closed(InputError(Errors.KG108.format(path="standard input", reason="it is closed")))


class KGGroup(click.Group):
    """Library errors become one-line user errors here, and only here; a misspelt
    command gets a "did you mean"."""

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            hint = did_you_mean(name, self.list_commands(ctx))
            ctx.fail(f"no such command {name!r}{hint or '; kg --help lists them'}")
        return super().resolve_command(ctx, args)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Also around what runs before a command (``kg --help > /dev/full``): a standard output
        that cannot be written (a full disk behind a redirection) is KG705, not a traceback."""
        import sys

        from kg.errors import Errors, OutputError

        try:
            return super().main(*args, **kwargs)
        except OSError as exc:
            if not stdout_failed(exc):
                raise
            silence_stdout()
            error = OutputError(Errors.KG705.format(reason=exc.strerror or exc))
            click.echo(f"kg: {error}", err=True)
            sys.exit(error.exit_code)

    def invoke(self, ctx: click.Context) -> Any:
        _stand_in_for_closed_streams()
        try:
            return super().invoke(ctx)
        except KGError as exc:
            if closed_pipe(exc.__cause__):  # kg export | head: the reader has what it wanted
                silence_stdout()
                ctx.exit(0)
            click.echo(f"kg: {exc}", err=True)
            ctx.exit(exc.exit_code)
        except OSError as exc:
            if not closed_pipe(exc):
                raise
            silence_stdout()
            ctx.exit(0)


def closed_pipe(exc: BaseException | None) -> bool:
    """Whether ``exc`` says the reader of our output went away (``| head``): not an error."""
    import errno

    return isinstance(exc, BrokenPipeError) or (isinstance(exc, OSError) and exc.errno == errno.EPIPE)


def stdout_failed(exc: OSError) -> bool:
    """Whether ``exc`` is a failed write to standard output (a full disk, a quota, an I/O
    error): one of the innermost frames it passed through was writing to file descriptor 1."""
    import errno

    if exc.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EROFS, errno.EBADF):
        return False
    frames, tb = [], exc.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    for frame in frames[-3:]:
        for value in frame.f_locals.values():
            try:
                if callable(getattr(value, "fileno", None)) and value.fileno() == 1:
                    return True
            except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
                continue
    return False


def silence_stdout() -> None:
    """Point standard output at /dev/null, so that nothing is left to flush at exit (after a
    closed pipe, Python would report the failed flush on standard error)."""
    import os
    import sys

    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (a test runner's buffer)
        pass
