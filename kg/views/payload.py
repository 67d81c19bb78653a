"""Values for an HTML page's <script> blocks: JSON that no value can break out of."""

from __future__ import annotations

import json

__all__ = ["safe_json"]


def safe_json(value: object) -> str:
    """JSON that is safe inside an HTML <script> element: ``<``, ``>``, ``&``, ``'`` and the
    line separators as \\u escapes, so no value can close the script or open a tag."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for ch, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("'", "\\u0027"),
                    ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(ch, esc)
    return text
