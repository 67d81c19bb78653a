"""Files and folders -> Article objects (text, metadata, publication date).

Readers are looked up by file suffix in ``READERS``; plain text is the first.
A reader returns the article text; metadata comes from ``metadata.csv`` beside
the file or, failing that, from a date stated in the text itself. The
publication date is never guessed from today's date or a file's mtime.
"""

from __future__ import annotations

import csv
import hashlib
import re
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

from kg.errors import InputError
from kg.types import Article

METADATA_FILE = "metadata.csv"
METADATA_COLUMNS = ("file", "published", "outlet", "url", "title")


def _read_plain(data: bytes, path: Path) -> tuple[str, list[str]]:
    return decode(data, path)


# suffix -> reader(bytes, path) -> (text, warnings). Later formats register here.
READERS: dict[str, Callable[[bytes, Path], tuple[str, list[str]]]] = {
    ".txt": _read_plain,
}


def decode(data: bytes, path: Path) -> tuple[str, list[str]]:
    """Decode bytes as text; reject binary files; decode what can be decoded."""
    if b"\x00" in data[:4096] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise InputError(f"{path.name}: looks like a binary file, not text")
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace"), []
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16"), []
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        text = data.decode("utf-8", errors="replace")
        bad = text.count("\ufffd")
        return text, [
            f"{path.name}: not valid UTF-8 (first bad byte at {exc.start}); "
            f"{bad} undecodable byte(s) replaced"
        ]


# "date 2019-03-05" at the start of the text (a feed's header line).
_HEADER_DATE = re.compile(r"\A\s*date\s+(\d{4}-\d{2}-\d{2})\b", re.IGNORECASE)
# "Last Update: Tuesday, 12 March 2019" anywhere on a line of its own.
_LAST_UPDATE = re.compile(
    r"(?:Last\s+Update[d]?|Published|Updated)\s*:?\s*(?:[A-Z][a-z]+,?\s+)?"
    r"(\d{1,2}\s+[A-Z][a-z]+\s+\d{4}|[A-Z][a-z]+\s+\d{1,2},?\s+\d{4}|\d{4}-\d{2}-\d{2})"
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
        iso = _valid_iso(m.group(1))
        if iso:
            return iso, " " * m.end() + text[m.end():]
    m = _LAST_UPDATE.search(text)
    if m:
        iso = _iso(m.group(1))
        if iso:
            return iso, text
    return None, text


def _valid_iso(value: str) -> str | None:
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


def discover(paths: list[Path]) -> Iterator[Path | InputError]:
    """Yield article files below ``paths`` (recursively), or an error per bad path."""
    for p in paths:
        if not p.exists():
            yield InputError(f"{p}: no such file or folder")
        elif p.is_dir():
            found = False
            for f in sorted(p.rglob("*")):
                if f.is_file() and f.suffix.lower() in READERS:
                    found = True
                    yield f
            if not found:
                yield InputError(
                    f"{p}: no articles found (looked for {', '.join(sorted(READERS))} files)"
                )
        elif p.suffix.lower() in READERS:
            yield p
        else:
            yield InputError(
                f"{p}: unsupported file type {p.suffix or '(none)'!r}; "
                f"kg reads {', '.join(sorted(READERS))}"
            )


def read_article(path: Path, metadata: dict[str, str] | None = None) -> Article:
    """Read one file into an Article. Raises InputError for unusable input."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    reader = READERS.get(path.suffix.lower(), _read_plain)
    text, warnings = reader(data, path)
    if not text.strip():
        raise InputError(f"{path}: empty article (no text)")
    meta = metadata or {}
    published: str | None = None
    published_from: str | None = None
    if meta.get("published"):
        published = _valid_iso(meta["published"])
        if published is None:
            raise InputError(
                f"{path.name}: metadata.csv 'published' is {meta['published']!r}, not YYYY-MM-DD"
            )
        published_from = "metadata"
        _, text = date_from_text(text)  # still blank a header line
    else:
        published, text = date_from_text(text)
        published_from = "text" if published else None
    return Article(
        source=path.name,
        text=text,
        content_hash=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        path=str(path),
        published=published,
        published_from=published_from,
        outlet=meta.get("outlet") or None,
        url=meta.get("url") or None,
        title=meta.get("title") or None,
        warnings=tuple(warnings),
    )


def iter_articles(paths: list[Path]) -> Iterator[Article | InputError]:
    """Articles from files and folders; errors are yielded, not raised, so a batch goes on."""
    meta_cache: dict[Path, dict[str, dict[str, str]]] = {}
    for item in discover(paths):
        if isinstance(item, InputError):
            yield item
            continue
        folder = item.parent
        try:
            if folder not in meta_cache:
                meta_cache[folder] = read_metadata(folder)
            yield read_article(item, meta_cache[folder].get(item.name))
        except InputError as exc:
            yield exc
