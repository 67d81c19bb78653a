"""Progress bars for long work (build, load, push, export): tqdm on standard error.

tqdm is already installed with spaCy; kg declares it too. A bar shows a rate and,
where the total is known, an ETA. It is off when standard error is not a
terminal (tqdm's ``disable=None``) or when the command got ``--quiet``, so
scripts, pipes and tests see no bar.
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["bar"]


class _Off:
    """What a disabled tqdm bar does (nothing), without importing tqdm: 0.03 s of every quiet or
    piped ``kg build``."""

    disable = True

    def __init__(self, total: float | None = None) -> None:
        self.total = total

    def __enter__(self) -> _Off:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: float = 1) -> None:
        return None

    def refresh(self) -> None:
        return None

    def close(self) -> None:
        return None


def bar(*, total: float | None = None, desc: str = "", unit: str = "it", quiet: bool = False,
        unit_scale: bool = False) -> Any:
    """A tqdm bar on standard error (a no-op when quiet or not on a terminal).

    Use as a context manager and call ``.update(n)``; ``total=None`` shows a count and a rate only.
    """
    if quiet or not _on_terminal():
        return _Off(total)
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=unit, unit_scale=unit_scale, file=sys.stderr, leave=False,
                dynamic_ncols=True, disable=True if quiet else None)


def _on_terminal() -> bool:
    """Standard error may be a terminal: tqdm's own test for ``disable=None`` (a stream without
    ``isatty`` counts as one)."""
    isatty = getattr(sys.stderr, "isatty", None)
    if isatty is None:
        return True
    try:
        return bool(isatty())
    except ValueError:  # a closed stream
        return False
