"""Publication dates and other metadata: metadata.csv beside the files, dates
stated in the text (a "date" header line, "Last Update: ...", a wire dateline)."""

from __future__ import annotations

import csv
import re
from datetime import date
from pathlib import Path

from kg.errors import InputError

METADATA_FILE = "metadata.csv"
METADATA_COLUMNS = ("file", "published", "outlet", "url", "title")


# "date 2019-03-05" at the start of the text (a feed's header line).
_HEADER_DATE = re.compile(r"\A\s*date\s+(\d{4}-\d{2}-\d{2})\b", re.IGNORECASE)
# "Last Update: Tuesday, 12 March 2019" anywhere on a line of its own.
_LAST_UPDATE = re.compile(
    r"(?:Last\s+Update[d]?|Published|Updated)\s*:?\s*(?:[A-Z][a-z]+,?\s+)?"
    r"(\d{1,2}\s+[A-Z][a-z]+\s+\d{4}|[A-Z][a-z]+\s+\d{1,2},?\s+\d{4}|\d{4}-\d{2}-\d{2})"
)


# A wire dateline: "TALLMARK, Nov 4, 2024 (Reuters) -", "BEIRUT, Lebanon, March 5, 2019 (AP) —"
_DATELINE = re.compile(
    r"(?m)^[A-Z][A-Z .’'\-]{2,40}(?:,\s*[A-Z][A-Za-z .]+)?,\s+"
    r"((?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4})\s*[(\-—–]"
)


def _iso(value: str) -> str | None:
    from dateutil import parser as dparser

    try:
        return dparser.parse(value, default=None).date().isoformat()  # type: ignore[arg-type]
    except (ValueError, OverflowError, TypeError):
        return None


def date_from_text(text: str) -> tuple[str | None, str]:
    """Return (publication date, text) from a date stated in the text itself.

    A leading ``date YYYY-MM-DD`` header is metadata, not content: it is blanked
    with spaces in the returned text so character offsets still match the file.
    """
    m = _HEADER_DATE.match(text)
    if m:
        iso = valid_iso(m.group(1))
        if iso:
            return iso, " " * m.end() + text[m.end():]
    for pattern in (_LAST_UPDATE, _DATELINE):
        m = pattern.search(text)
        if m:
            iso = _iso(m.group(1))
            if iso:
                return iso, text
    return None, text


def valid_iso(value: str) -> str | None:
    try:
        return date.fromisoformat(value).isoformat()
    except ValueError:
        return None


def read_metadata(folder: Path) -> dict[str, dict[str, str]]:
    """Read ``metadata.csv`` in ``folder`` (header row; file,published,outlet,url,title)."""
    path = folder / METADATA_FILE
    if not path.is_file():
        return {}
    try:
        with path.open(newline="", encoding="utf-8-sig") as fh:
            reader = csv.DictReader(fh)
            if not reader.fieldnames or "file" not in reader.fieldnames:
                raise InputError(f"{path}: metadata.csv needs a header row with a 'file' column")
            rows = {}
            for row in reader:
                name = (row.get("file") or "").strip()
                if name:
                    rows[name] = {k: (row.get(k) or "").strip() for k in METADATA_COLUMNS}
            return rows
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise InputError(f"{path}: cannot read metadata.csv ({exc})") from exc


def parse_published(value: str, where: str, warnings: list[str]) -> str | None:
    """A publication date from metadata of any format (ISO date or datetime, or a
    date dateutil can read); an unreadable one is dropped with a warning."""
    value = value.strip()
    iso = valid_iso(value[:10]) if re.match(r"\d{4}-\d{2}-\d{2}", value) else _iso(value)
    if iso is None:
        warnings.append(f"{where}: publication date {value!r} not understood; left unknown")
    return iso
