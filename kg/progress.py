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


def bar(*, total: float | None = None, desc: str = "", unit: str = "it", quiet: bool = False,
        unit_scale: bool = False) -> Any:
    """A tqdm bar on standard error (a no-op when quiet or not on a terminal).

    Use as a context manager and call ``.update(n)``; ``total=None`` shows a count and a rate only.
    """
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=unit, unit_scale=unit_scale, file=sys.stderr, leave=False,
                dynamic_ncols=True, disable=True if quiet else None)
