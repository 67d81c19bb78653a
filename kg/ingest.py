"""Files, folders and standard input -> Article objects (text, metadata, date).

Readers are looked up by file suffix in ``kg.readers.READERS`` (text, Markdown,
HTML, JSON Lines). Metadata comes from ``metadata.csv`` beside the file, else
from the file itself (front matter, the HTML page, the JSON fields), else from a
date stated in the text. The publication date is never guessed from today's
date or a file's mtime. Folders are walked lazily, so memory does not grow with
the number of files.
"""

from __future__ import annotations

import csv
import hashlib
import os
import re
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path

from kg.errors import InputError
from kg.types import Article

METADATA_FILE = "metadata.csv"
METADATA_COLUMNS = ("file", "published", "outlet", "url", "title")
DEFAULT_MAX_CHARS = 5_000_000  # an article longer than this is skipped with a warning
STDIN = "-"


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
        iso = _valid_iso(m.group(1))
        if iso:
            return iso, " " * m.end() + text[m.end():]
    for pattern in (_LAST_UPDATE, _DATELINE):
        m = pattern.search(text)
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


def _suffixes() -> str:
    from kg.readers import READERS

    return ", ".join(sorted(READERS))


def discover(paths: list[Path]) -> Iterator[Path | InputError]:
    """Yield article files below ``paths`` lazily (a folder of any size streams),
    or an error per bad path, unreadable folder or symlink loop."""
    from kg.readers import READERS

    for p in paths:
        if not p.exists():
            yield InputError(f"{p}: no such file or folder" + (" (a broken link)" if p.is_symlink() else ""))
        elif p.is_dir():
            found = False
            for item in _walk(p):
                if isinstance(item, Path) and item.suffix.lower() not in READERS:
                    continue
                found = found or isinstance(item, Path)
                yield item
            if not found:
                yield InputError(f"{p}: no articles found (looked for {_suffixes()} files)")
        elif p.suffix.lower() in READERS:
            yield p
        else:
            yield InputError(f"{p}: unsupported file type {p.suffix or '(none)'!r}; kg reads {_suffixes()}")


def _walk(root: Path) -> Iterator[Path | InputError]:
    """os.walk following links, in sorted order, with loops reported and skipped."""
    errors: list[InputError] = []
    seen: set[tuple[int, int]] = set()

    def onerror(exc: OSError) -> None:
        errors.append(InputError(f"{exc.filename}: cannot read folder ({exc.strerror or exc})"))

    for dirpath, dirnames, filenames in os.walk(root, followlinks=True, onerror=onerror):
        yield from errors
        errors.clear()
        st = os.stat(dirpath)
        if (st.st_dev, st.st_ino) in seen:
            dirnames.clear()
            yield InputError(f"{dirpath}: symlink loop (this folder was already read); skipped")
            continue
        seen.add((st.st_dev, st.st_ino))
        dirnames.sort()
        for name in sorted(filenames):
            f = Path(dirpath) / name
            if name == METADATA_FILE:
                continue
            if not f.exists():
                yield InputError(f"{f}: broken link; skipped")
            elif f.is_file():
                yield f
    yield from errors


def _published(value: str, where: str, warnings: list[str]) -> str | None:
    """A publication date from metadata of any format (ISO date or datetime, or a
    date dateutil can read); an unreadable one is dropped with a warning."""
    value = value.strip()
    iso = _valid_iso(value[:10]) if re.match(r"\d{4}-\d{2}-\d{2}", value) else _iso(value)
    if iso is None:
        warnings.append(f"{where}: publication date {value!r} not understood; left unknown")
    return iso


def make_article(raw, path: str, meta_row: dict[str, str] | None, max_chars: int) -> Article:
    """A reader's raw article + metadata.csv row -> Article (raises InputError)."""
    warnings = list(raw.warnings)
    text = raw.text
    if not text.strip():
        raise InputError(f"{raw.source}: empty article (no text)")
    if len(text) > max_chars:
        raise InputError(f"{raw.source}: {len(text):,} characters of text is over the limit of "
                         f"{max_chars:,} (--max-chars); skipped")
    meta = {**raw.meta, **{k: v for k, v in (meta_row or {}).items() if v}}
    published: str | None = None
    published_from: str | None = None
    if meta_row and meta_row.get("published"):
        published = _valid_iso(meta_row["published"])
        if published is None:
            raise InputError(
                f"{raw.source}: metadata.csv 'published' is {meta_row['published']!r}, not YYYY-MM-DD"
            )
        published_from = "metadata"
        _, text = date_from_text(text)  # still blank a header line
    elif meta.get("published"):
        published = _published(meta["published"], raw.source, warnings)
        published_from = "metadata" if published else None
        if published is None:
            published, text = date_from_text(text)
            published_from = "text" if published else None
    else:
        published, text = date_from_text(text)
        published_from = "text" if published else None
    return Article(
        source=raw.source,
        text=text,
        content_hash=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        path=path,
        published=published,
        published_from=published_from,
        outlet=meta.get("outlet") or None,
        url=meta.get("url") or None,
        title=meta.get("title") or None,
        warnings=tuple(warnings),
    )


def read_file(path: Path, metadata: dict[str, dict[str, str]] | None = None, *,
              max_chars: int = DEFAULT_MAX_CHARS, options=None,
              data: bytes | None = None, suffix: str | None = None) -> Iterator[Article | InputError]:
    """The articles of one file (one, or one per line for JSON Lines)."""
    from kg.readers import READERS, ReadOptions

    suffix = suffix or path.suffix.lower()
    reader = READERS.get(suffix, READERS[".txt"])
    if data is None:
        try:
            size = path.stat().st_size
            if size > 4 * max_chars and suffix not in (".jsonl", ".ndjson"):
                yield InputError(f"{path}: {size:,} bytes is over the size limit (--max-chars {max_chars:,}); skipped")
                return
            data = path.read_bytes()
        except OSError as exc:
            yield InputError(f"{path}: cannot read ({exc.strerror or exc})")
            return
    try:
        for raw in reader(data, path, options or ReadOptions()):
            if isinstance(raw, InputError):
                yield raw
                continue
            try:
                yield make_article(raw, str(path), (metadata or {}).get(raw.source), max_chars)
            except InputError as exc:
                yield exc
    except InputError as exc:
        yield exc


def read_article(path: Path, metadata: dict[str, str] | None = None) -> Article:
    """Read a one-article file. Raises InputError for unusable input."""
    for item in read_file(path, {path.name: metadata} if metadata else None):
        if isinstance(item, InputError):
            raise item
        return item
    raise InputError(f"{path}: empty article (no text)")


def iter_articles(paths: list[Path], *, max_chars: int = DEFAULT_MAX_CHARS, options=None,
                  stdin: bytes | None = None, stdin_format: str | None = None) -> Iterator[Article | InputError]:
    """Articles from files, folders and standard input (path ``-``); errors are
    yielded, not raised, so a batch goes on. Streams: one file in memory at a time."""
    from kg.readers import STDIN_FORMATS, sniff

    meta_cache: dict[Path, dict[str, dict[str, str]]] = {}
    files = [p for p in paths if str(p) != STDIN]
    if len(files) < len(paths):
        data = stdin if stdin is not None else sys.stdin.buffer.read()
        suffix = STDIN_FORMATS[stdin_format] if stdin_format else sniff(data)
        name = f"stdin-{hashlib.sha256(data).hexdigest()[:12]}{suffix}"
        yield from read_file(Path(name), None, max_chars=max_chars, options=options, data=data, suffix=suffix)
    if not files:
        return
    for item in discover(files):
        if isinstance(item, InputError):
            yield item
            continue
        folder = item.parent
        try:
            if folder not in meta_cache:
                meta_cache[folder] = read_metadata(folder)
        except InputError as exc:
            meta_cache[folder] = {}
            yield exc
        yield from read_file(item, meta_cache[folder], max_chars=max_chars, options=options)
