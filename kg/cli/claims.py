"""kg claims: counts of the same happening across articles, side by side, disagreements flagged."""

from __future__ import annotations

import sys

import click

from kg.cli.options import Finite, count, format_option, store_option, store_path
from kg.errors import Errors, KGError, OutputError


@click.command()
@store_option
@format_option("table", "csv", "json", default=None,
               help="Output format (default: table on a terminal, else csv).")
@click.option("--disputed", "disputed_only", is_flag=True, help="Only the disputed claims (and statements on them).")
@click.option("--window", "window_days", type=count(0), default=7, show_default=True, metavar="DAYS",
              help="Counts dated more than DAYS apart are not the same happening.")
@click.option("--tolerance", type=Finite(0, 1, max_open=True), default=0.1, show_default=True,
              metavar="FRACTION",
              help='How far "about x" may be from x (0.1: within 10%).')
@click.option("--html", "html", type=click.Path(), default=None, metavar="FILE",
              help="Write the claims as an offline HTML page instead of listing them.")
@click.pass_context
def claims(ctx: click.Context, store: str | None, fmt: str | None, disputed_only: bool, window_days: int,
           tolerance: float, html: str | None) -> None:
    """Compare sources: the counts of one happening in different articles, each article's figure,
    date, speaker and sentence, and whether the figures disagree.

    Counts are one happening when they have the same event, what is counted (same head
    noun) and place, and dates at most --window days apart. A claim is disputed when two
    articles' figures cannot both be true: "3,500" and "about 3,000" (2,700-3,300)
    cannot, "more than 500" and "about 3,000" can. A figure the sentence reads as more on
    top ("200 more"), expected or planned, a capacity ("designed to accommodate"), a total
    so far or one day's says so, and is compared only with figures it can contradict
    (kg/claims/readings.json). Then the statements one speaker made about the same thing in
    several articles. Progress goes to standard error on a terminal.

    \b
    Example: kg claims
    Example: kg claims --disputed --format csv > disputed.csv
    Example: kg claims --html claims.html
    """
    try:
        _claims(store, fmt, disputed_only, window_days, tolerance, html)
    except KGError as exc:  # as the kg group does, so the command is safe on its own too
        click.echo(f"kg: {exc}", err=True)
        ctx.exit(exc.exit_code)


class _Progress:
    """The steps of kg claims on standard error (kg.progress: a bar on a terminal, nothing in a pipe)."""

    def __init__(self) -> None:
        self.bar = None
        self.step = ""
        self.done = 0

    def __call__(self, what: str, done: int, total: int) -> None:
        from kg.progress import bar

        if self.bar is None or self.step != what:
            self.close()
            desc = {"reading": "reading the counts and statements", "grouping": "grouping the counts",
                    "statements": "grouping the statements"}.get(what, what)
            unit = {"grouping": "count", "statements": "statement"}.get(what, "")
            self.bar = bar(total=total or None, desc=desc, unit=unit)
            self.step, self.done = what, 0
        self.bar.update(done - self.done)
        self.done = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def _claims(store: str | None, fmt: str | None, disputed_only: bool, window_days: int, tolerance: float,
            html: str | None) -> None:
    from kg.claims import compare
    from kg.claims.output import render
    from kg.outputs import output_path
    from kg.store import Store

    if html is not None and fmt is not None:
        raise OutputError(Errors.KG781)
    progress = _Progress()
    with Store.open_read(store_path(store)) as st:
        if html is not None:
            from kg.views.claims import render_claims

            with output_path(html) as tmp:
                shown = render_claims(st, tmp, window_days=window_days, tolerance=tolerance,
                                      disputed_only=disputed_only, progress=progress)
            progress.close()
            n, s = len(shown.claims), len(shown.statements)
            click.echo(f"{n} claim{'s' if n != 1 else ''} ({len(shown.disputed)} disputed), "
                       f"{s} statement group{'s' if s != 1 else ''} -> {html}")
            return
        comparison = compare(st, window_days=window_days, tolerance=tolerance, progress=progress)
    progress.close()
    if disputed_only:
        comparison = comparison.only_disputed()
    click.echo(render(comparison, fmt or ("table" if sys.stdout.isatty() else "csv")), nl=False)
