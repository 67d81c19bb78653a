"""``kg claims --html``: the claims of a store side by side, as one offline HTML page.

Each claim (counts of one happening from several articles, :mod:`kg.claims`) is a box
listing every article's figure, the range it allows, what is counted, the date, the article
(outlet, publication date, source name), the speaker (from a statement in the same
sentence) and the sentence; a disputed claim is marked, and so are the figures that do not
overlap another article's. The statement groups follow. A jinja2 template with
autoescaping: article text reaches the page as text, never as markup. No network, no
script but the "only disputed" switch.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kg.claims.store import Comparison, compare
from kg.store import Store
from kg.views.inline import View

ASSETS = Path(__file__).resolve().parent / "assets"

__all__ = ["claims_view", "page", "render_claims"]


def page(comparison: Comparison, *, window_days: int = 7, tolerance: float = 0.1) -> str:
    """The whole HTML page of a comparison."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(ASSETS), autoescape=True)
    return env.get_template("claims.html.j2").render(
        claims=comparison.claims, statements=comparison.statements, disputed=len(comparison.disputed),
        window=window_days, tolerance_pct=f"{tolerance * 100:g}")


def render_claims(store: Store, output: Path, *, window_days: int = 7, tolerance: float = 0.1,
                  disputed_only: bool = False, progress: Callable[[str, int, int], None] | None = None) -> Comparison:
    """Write the claims page of the store to ``output``; returns what it shows (``progress``: see
    kg.claims.compare)."""
    comparison = compare(store, window_days=window_days, tolerance=tolerance, progress=progress)
    if disputed_only:
        comparison = comparison.only_disputed()
    Path(output).write_text(page(comparison, window_days=window_days, tolerance=tolerance), encoding="utf-8")
    return comparison


def claims_view(store: Store, *, window_days: int = 7, tolerance: float = 0.1, height: int = 720) -> View:
    """The claims page (as ``kg claims --html`` writes it) as a :class:`~kg.views.inline.View` for Jupyter."""
    comparison = compare(store, window_days=window_days, tolerance=tolerance)
    return View(page(comparison, window_days=window_days, tolerance=tolerance), height=height, title="kg claims")
