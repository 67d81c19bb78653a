"""Text made safe to show on a terminal.

An article title, a file name, an entity label or an error body from a remote server may hold
characters a terminal obeys rather than shows: ESC starts a control sequence (it can retitle the
window, move the cursor, hide text or write to the clipboard), BEL rings, a carriage return
overwrites the line, and the Unicode bidirectional controls (RLO, LRI, ...) show text in another
order than it has. A file name that is not valid UTF-8 reaches Python as lone surrogates, which
cannot even be written out. :func:`printable` escapes all of them, Python-style, so every
message and table cell shows what is there and stays on its line.
"""

from __future__ import annotations

import re

__all__ = ["printable"]

# C0 controls, DEL and C1 controls; the bidirectional marks, embeddings, overrides and isolates
# (ALM, LRM, RLM, LRE..RLO, LRI..PDI); surrogates (the bytes of a name that is not UTF-8)
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")

_SHORT = {9: "\\t", 10: "\\n", 13: "\\r"}


def _escape(m: re.Match[str]) -> str:
    code = ord(m.group(0))
    if code in _SHORT:
        return _SHORT[code]
    if 0xDC80 <= code <= 0xDCFF:  # a byte os.fsdecode could not decode: show the byte
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, keep: str = "") -> str:
    """``text`` with every control character escaped (ESC as ``\\x1b``, RLO as ``\\u202e``, the
    byte 0xff of a file name as ``\\xff``), newlines and tabs too unless listed in ``keep``."""
    if keep:
        return "".join(printable(part) if part not in keep else part for part in re.split(f"([{keep}])", text))
    return _UNSAFE.sub(_escape, text)
