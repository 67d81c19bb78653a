"""Files, folders and standard input -> Article objects (text, metadata, date).

Readers are looked up by file suffix in ``kg.ingest.readers.READERS`` (text, Markdown,
HTML, JSON Lines). Metadata comes from ``metadata.csv`` beside the file, else
from the file itself (front matter, the HTML page, the JSON fields), else from a
date stated in the text. The publication date is never guessed from today's
date or a file's mtime. Folders are walked lazily, so memory does not grow with
the number of files.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from kg.errors import Errors, InputError
from kg.ingest.datelines import bottom_date, top_date, yearless_dateline
from kg.ingest.discover import discover, not_regular
from kg.ingest.metadata import date_from_text, parse_published, read_metadata, valid_iso
from kg.types import Article

_SURROGATE = re.compile("[\ud800-\udfff]")
DEFAULT_MAX_CHARS = 5_000_000  # an article longer than this is skipped with a warning
STDIN = "-"
BYTES_PER_CHAR = 4  # the size limit of a file (or a JSON line) is 4 bytes per --max-chars character
JSONL = (".jsonl", ".ndjson")


def make_article(raw, path: str, meta_row: dict[str, str] | None, max_chars: int) -> Article:
    """A reader's raw article + metadata.csv row -> Article (raises InputError)."""
    warnings = list(raw.warnings)
    # a lone surrogate ("\ud800" in JSON) is no character: U+FFFD, as a decoder would give
    text = _SURROGATE.sub("\ufffd", raw.text)
    if not text.strip():
        raise InputError(Errors.KG116.format(source=raw.source))
    if len(text) > max_chars:
        raise InputError(Errors.KG117.format(source=raw.source, chars=len(text), limit=max_chars))
    meta = {**raw.meta, **{k: v for k, v in (meta_row or {}).items() if v}}
    meta = {k: _SURROGATE.sub("\ufffd", v) for k, v in meta.items()}
    published: str | None = None
    published_from: str | None = None
    if meta_row and meta_row.get("published") and valid_iso(meta_row["published"]):
        published = valid_iso(meta_row["published"])
        published_from = "metadata"
        _, text = date_from_text(text)  # still blank a header line
    elif meta_row and meta_row.get("published"):
        # like any other unusable date: a warning, and the date the text states (if any)
        warnings.append(Errors.KG118.format(source=raw.source, value=meta_row["published"]))
        published, text = date_from_text(text)
        published_from = "text" if published else None
    elif meta.get("published"):
        published = parse_published(meta["published"], raw.source, warnings)
        published_from = "metadata" if published else None
        if published is None:
            published, text = date_from_text(text)
            published_from = "text" if published else None
    else:
        published, text = date_from_text(text)
        published_from = "text" if published else None
    if published is None:
        # "Monday, Oct. 6, 2031" under the headline, else a date line of its own at the end
        published = top_date(text) or bottom_date(text)
        published_from = "text" if published else None
    if not text.strip():  # nothing but a "date YYYY-MM-DD" header line, now blanked
        raise InputError(Errors.KG116.format(source=raw.source))
    month_day = yearless_dateline(text) if published is None else None
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
        month_day=month_day,
    )


def read_file(path: Path, metadata: dict[str, dict[str, str]] | None = None, *,
              max_chars: int = DEFAULT_MAX_CHARS, options=None,
              data: bytes | None = None, suffix: str | None = None) -> Iterator[Article | InputError]:
    """The articles of one file (one, or one per line for JSON Lines).

    Only a regular file is opened (a FIFO or a device would block or never end);
    a file over the size limit is refused before it is read, and JSON Lines are
    read line by line, each line within the limit. ``data`` is standard input,
    already read (its articles have no path)."""
    from kg.ingest.readers import READERS, ReadOptions

    suffix = suffix or path.suffix.lower()
    reader = READERS.get(suffix, READERS[".txt"])
    opts = dataclasses.replace(options or ReadOptions(), max_chars=max_chars)
    if data is not None:
        yield from _articles(reader, data, path, "", opts, metadata)
        return
    limit = BYTES_PER_CHAR * max_chars
    try:
        kind = not_regular(os.stat(path).st_mode)
        if kind is None:  # O_NONBLOCK: should a FIFO be put in its place meanwhile, opening it does not hang
            fh = os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb")
    except OSError as exc:
        yield InputError(Errors.KG108.format(path=path, reason=exc.strerror or exc))
        return
    if kind is not None:
        yield InputError(Errors.KG151.format(path=path, kind=kind))
        return
    with fh:
        try:
            st = os.fstat(fh.fileno())
            kind = not_regular(st.st_mode)
            if kind is not None:
                yield InputError(Errors.KG151.format(path=path, kind=kind))
                return
            if suffix in JSONL:
                content: bytes | BinaryIO = fh
            else:
                content = fh.read(limit + 1) if st.st_size <= limit else b""
                if st.st_size > limit or len(content) > limit:
                    yield InputError(Errors.KG109.format(path=path, size=max(st.st_size, len(content)),
                                                         limit=max_chars))
                    return
            yield from _articles(reader, content, path, os.path.abspath(path), opts, metadata)
        except OSError as exc:
            yield InputError(Errors.KG108.format(path=path, reason=exc.strerror or exc))


def _read_stdin(stdin: bytes | None, stdin_format: str | None, max_chars: int,
                options) -> Iterator[Article | InputError]:
    """Standard input, copied to a temporary file while it is hashed (its source is
    ``stdin-<hash>``), so memory holds at most one article: JSON Lines are read
    line by line from the copy, other formats are refused past the size limit.
    A JSON line past the limit ends the reading (standard input may never end):
    the lines before it are read."""
    import io
    import tempfile

    from kg.ingest.readers import READERS, STDIN_FORMATS, ReadOptions, sniff

    limit = BYTES_PER_CHAR * max_chars
    source = io.BytesIO(stdin) if stdin is not None else sys.stdin.buffer
    with tempfile.TemporaryFile() as tmp:
        digest, head, size, line = hashlib.sha256(), b"", 0, 0  # line: bytes of the unfinished line
        while chunk := source.read(1 << 20):
            head = head if len(head) >= 512 else head + chunk[:512]
            digest.update(chunk)
            tmp.write(chunk)
            size += len(chunk)
            end = chunk.rfind(b"\n")
            line = line + len(chunk) if end < 0 else len(chunk) - end - 1
            jsonl = (STDIN_FORMATS[stdin_format] if stdin_format else sniff(head)) in JSONL
            if (line if jsonl else size) > limit:
                yield InputError(Errors.KG155.format(limit=limit, max_chars=max_chars))
                if not jsonl:
                    return
                tmp.truncate(size - line)
                break
        suffix = STDIN_FORMATS[stdin_format] if stdin_format else sniff(head)
        tmp.seek(0)
        content: bytes | BinaryIO = tmp if suffix in JSONL else tmp.read()
        opts = dataclasses.replace(options or ReadOptions(), max_chars=max_chars)
        name = Path(f"stdin-{digest.hexdigest()[:12]}{suffix}")
        yield from _articles(READERS[suffix], content, name, "", opts, None)


def _articles(reader, content: bytes | BinaryIO, path: Path, location: str, opts,
              metadata: dict[str, dict[str, str]] | None) -> Iterator[Article | InputError]:
    try:
        for raw in reader(content, path, opts):
            if isinstance(raw, InputError):
                yield raw
                continue
            try:
                yield make_article(raw, location, (metadata or {}).get(raw.source), opts.max_chars)
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
    raise InputError(Errors.KG116.format(source=path))


def iter_articles(paths: list[Path], *, max_chars: int = DEFAULT_MAX_CHARS, options=None,
                  stdin: bytes | None = None, stdin_format: str | None = None) -> Iterator[Article | InputError]:
    """Articles from files, folders and standard input (path ``-``); errors are
    yielded, not raised, so a batch goes on. Streams: one file in memory at a time."""
    meta_cache: dict[Path, dict[str, dict[str, str]]] = {}
    files = [p for p in paths if str(p) != STDIN]
    if len(files) < len(paths):
        yield from _read_stdin(stdin, stdin_format, max_chars, options)
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


def count_articles(paths: list[Path]) -> int | None:
    """How many articles ``iter_articles`` reads from ``paths``, for a progress bar's total:
    one per article file, one per non-blank line of a .jsonl or .ndjson file, one per path it
    will report as an error (a walk of the folders and a read of those files, no parsing);
    None with standard input among them."""
    if any(str(p) == STDIN for p in paths):
        return None
    n = 0
    for item in discover(paths):
        if not isinstance(item, Path) or item.suffix.lower() not in (".jsonl", ".ndjson"):
            n += 1  # an article, or an error in its place
            continue
        try:
            with item.open("rb") as fh:
                n += sum(1 for line in fh if line.strip())
        except OSError:
            n += 1  # reading it will report the error, as one article
    return n
