"""Publication dates and other metadata: metadata.csv beside the files, dates
stated in the text (a "date" header line, "Last Update: ...", a wire dateline)."""

from __future__ import annotations

import csv
import re
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from datetime import date, datetime
from pathlib import Path

from kg.errors import Errors, InputError

METADATA_FILE = "metadata.csv"
METADATA_COLUMNS = ("file", "published", "outlet", "url", "title")


# "date 2019-03-05" at the start of the text (a feed's header line).
_HEADER_DATE = re.compile(r"\A\s*date\s+(\d{4}-\d{2}-\d{2})\b", re.IGNORECASE)
# "Last Update: Tuesday, 12 March 2019" anywhere on a line of its own. Every run is
# bounded ({0,3}, not *): two adjacent unbounded runs backtrack for minutes on a
# long run of spaces.
_LAST_UPDATE = re.compile(
    r"(?:Last\s{1,3}Update[d]?|Published|Updated)\s{0,3}:?\s{0,3}(?:[A-Z][a-z]{1,12},?\s{1,3})?"
    r"(\d{1,2}\s{1,3}[A-Z][a-z]{1,12}\s{1,3}\d{4}|[A-Z][a-z]{1,12}\s{1,3}\d{1,2},?\s{1,3}\d{4}|\d{4}-\d{2}-\d{2})"
)


# A wire dateline: "TALLMARK, Nov 4, 2024 (Reuters) -", "BEIRUT, Lebanon, March 5, 2019 (AP) —"
_DATELINE = re.compile(
    r"(?m)^[A-Z][A-Z .’'\-]{2,40}(?:,\s{0,3}[A-Z][A-Za-z .]{0,40})?,\s{1,3}"
    r"((?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]{0,6}\.?\s{1,3}\d{1,2},?\s{1,3}\d{4})\s{0,3}[(\-—–]"
)


_FAR_APART = (datetime(2001, 1, 1), datetime(2002, 2, 2))  # defaults that differ in day, month and year
_MAX_DATE_CHARS = 100  # a longer "date" is not one (and dateutil is slow on it)


def _iso(value: str) -> str | None:
    """A full calendar date (day, month and year) that dateutil can read, else None.

    dateutil fills what a string leaves out from its default, which is today:
    "Tuesday", "March 5" or "12" would become dates near today. Parsing with two
    defaults that differ in every field and keeping the date only when both
    agree accepts exactly the strings that state a day, a month and a year."""
    from dateutil import parser as dparser

    if len(value) > _MAX_DATE_CHARS:
        return None
    try:
        first, second = (dparser.parse(value, default=d).date() for d in _FAR_APART)
    except (ValueError, OverflowError, TypeError):
        return None
    return first.isoformat() if first == second else None


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


class Metadata(Mapping[str, dict[str, str]]):
    """The rows of one ``metadata.csv`` by file name, read once into a private SQLite
    table on disk (``sqlite3.connect("")``: a temporary file that SQLite deletes when the
    connection closes), so a metadata file of any length costs a few pages of cache, not
    memory that grows with it. A name listed twice keeps its last row."""

    def __init__(self, rows: Iterable[dict[str, str]]) -> None:
        self._db = sqlite3.connect("", check_same_thread=False)
        cols = ", ".join(METADATA_COLUMNS[1:])
        self._db.execute(f"CREATE TABLE meta (file TEXT PRIMARY KEY, {cols})")
        marks = ", ".join("?" * len(METADATA_COLUMNS))
        with self._db:
            self._db.executemany(f"INSERT OR REPLACE INTO meta VALUES ({marks})",
                                 ([row[k] for k in METADATA_COLUMNS] for row in rows))

    def __getitem__(self, name: str) -> dict[str, str]:
        row = self._db.execute("SELECT * FROM meta WHERE file = ?", (name,)).fetchone()
        if row is None:
            raise KeyError(name)
        return dict(zip(METADATA_COLUMNS, row, strict=True))

    def __iter__(self) -> Iterator[str]:
        for (name,) in self._db.execute("SELECT file FROM meta ORDER BY file"):
            yield name

    def __len__(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM meta").fetchone()[0]


def read_metadata(folder: Path) -> Mapping[str, dict[str, str]]:
    """Read ``metadata.csv`` in ``folder`` (header row; file,published,outlet,url,title),
    streamed into a ``Metadata`` index; {} when there is none."""
    path = folder / METADATA_FILE
    if not path.is_file():
        return {}
    try:
        try:
            return _read_csv(path, "utf-8-sig")
        except UnicodeDecodeError:  # a spreadsheet's export in the legacy encoding: Windows-1252, else Latin-1
            try:
                return _read_csv(path, "cp1252")
            except UnicodeDecodeError:
                return _read_csv(path, "latin-1")
    except (OSError, csv.Error) as exc:
        raise InputError(Errors.KG120.format(path=path, reason=exc)) from exc


def _read_csv(path: Path, encoding: str) -> Mapping[str, dict[str, str]]:
    """The rows of metadata.csv read as ``encoding``; the header's names in any case ("FILE")."""
    with path.open(newline="", encoding=encoding) as fh:
        reader = csv.DictReader(fh)
        if not reader.fieldnames or "file" not in {f.strip().lower() for f in reader.fieldnames}:
            raise InputError(Errors.KG119.format(path=path))
        reader.fieldnames = [f.strip().lower() for f in reader.fieldnames]
        rows = ({k: (row.get(k) or "").strip() for k in METADATA_COLUMNS} for row in reader)
        return Metadata(row for row in rows if row["file"])


def parse_published(value: str, where: str, warnings: list[str]) -> str | None:
    """A publication date from metadata of any format (ISO date or datetime, or a
    date dateutil can read that states day, month and year); anything else (a
    weekday, a date without a year, a number, an impossible date) is dropped with
    a warning and the date is unknown: never today's."""
    value = value.strip()
    # an ISO date, or an ISO date-time ("2019-03-05T10:00:00Z"); "2019-03-05garbage" is neither
    iso_like = re.fullmatch(r"\d{4}-\d{2}-\d{2}(?:[T ][0-9:.]+(?:Z|[+\-][0-9:]+)?)?", value)
    iso = valid_iso(value[:10]) if iso_like else _iso(value)
    if iso is None:
        warnings.append(Errors.KG158.format(where=where, value=value))
    return iso
