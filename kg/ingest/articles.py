"""Files, folders and standard input -> Article objects (text, metadata, date).

Readers are looked up by file suffix in ``kg.ingest.readers.READERS`` (text, Markdown,
HTML, JSON Lines). Metadata comes from ``metadata.csv`` beside the file, else
from the file itself (front matter, the HTML page, the JSON fields), else from a
date stated in the text. The publication date is never guessed from today's
date or a file's mtime. Folders are walked lazily, so memory does not grow with
the number of files.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterator
from pathlib import Path

from kg.errors import InputError
from kg.ingest.discover import discover
from kg.ingest.metadata import date_from_text, parse_published, read_metadata, valid_iso
from kg.types import Article

DEFAULT_MAX_CHARS = 5_000_000  # an article longer than this is skipped with a warning
STDIN = "-"


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
        published = valid_iso(meta_row["published"])
        if published is None:
            raise InputError(
                f"{raw.source}: metadata.csv 'published' is {meta_row['published']!r}, not YYYY-MM-DD"
            )
        published_from = "metadata"
        _, text = date_from_text(text)  # still blank a header line
    elif meta.get("published"):
        published = parse_published(meta["published"], raw.source, warnings)
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
    from kg.ingest.readers import READERS, ReadOptions

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
    from kg.ingest.readers import STDIN_FORMATS, sniff

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
