"""Format readers: bytes of one file -> raw articles (text + metadata).

| suffix | reader |
| --- | --- |
| .txt .text | plain text; optional YAML front matter |
| .md .markdown | Markdown with optional YAML front matter (title, published/date, url, outlet/source, author) |
| .html .htm | main text and metadata extracted by trafilatura (made for news pages) |
| .jsonl .ndjson | one article per line, field names configurable |

Text encodings: UTF-8 with or without BOM, UTF-16 with BOM; anything else is
detected with charset-normalizer and decoded with a warning naming the file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from kg.errors import InputError

JSONL_DEFAULTS: dict[str, tuple[str, ...]] = {
    "text": ("text",), "title": ("title",), "published": ("published", "date"), "url": ("url",),
    "outlet": ("outlet", "source"), "id": ("id",), "author": ("author",),
}


@dataclass
class Raw:
    source: str
    text: str
    meta: dict[str, str] = field(default_factory=dict)  # published, outlet, url, title, author
    warnings: list[str] = field(default_factory=list)


@dataclass
class ReadOptions:
    jsonl_fields: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(JSONL_DEFAULTS))

    @classmethod
    def with_fields(cls, pairs: dict[str, str]) -> ReadOptions:
        fields = dict(JSONL_DEFAULTS)
        for key, name in pairs.items():
            if key not in fields:
                raise InputError(f"--field {key}=...: unknown key; use one of {', '.join(fields)}")
            fields[key] = (name,)
        return cls(fields)


# ------------------------------------------------------------------ decoding
def decode(data: bytes, name: str) -> tuple[str, list[str]]:
    """Decode bytes as text; reject binary; detect legacy encodings with a warning."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace"), []
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), []
        except UnicodeDecodeError as exc:
            raise InputError(f"{name}: starts with a UTF-16 mark but is not UTF-16 ({exc.reason})") from exc
    if b"\x00" in data[:4096]:
        raise InputError(f"{name}: looks like a binary file, not text")
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes

    results = from_bytes(data)
    best = results.best()
    if best is not None:
        # a tie on short text: prefer Windows-1252, the usual legacy encoding of English news
        tied = [m for m in results if m.chaos == best.chaos and m.coherence == best.coherence]
        best = next((m for m in tied if m.encoding == "cp1252"), best)
    if best is None:
        text = data.decode("utf-8", errors="replace")
        return text, [f"{name}: encoding not recognised; {text.count(chr(0xFFFD))} byte(s) replaced"]
    return str(best), [f"{name}: not UTF-8; decoded as {best.encoding} (detected)"]


# ------------------------------------------------------------------ front matter
_FRONT = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.DOTALL)


def front_matter(text: str, name: str) -> tuple[dict[str, str], str, list[str]]:
    """Split YAML front matter from the body; the body keeps its offsets in the
    returned text because the front matter is blanked with spaces."""
    m = _FRONT.match(text)
    if not m:
        return {}, text, []
    import yaml

    try:
        data = yaml.safe_load(m.group(1))
    except yaml.YAMLError as exc:
        first = str(exc).splitlines()[0]
        return {}, text, [f"{name}: front matter is not valid YAML ({first}); read as text"]
    if not isinstance(data, dict):
        return {}, text, [f"{name}: front matter is not a mapping; read as text"]
    meta: dict[str, str] = {}
    for key, names in (("title", ("title",)), ("published", ("published", "date")), ("url", ("url",)),
                       ("outlet", ("outlet", "source", "publisher")), ("author", ("author",))):
        for n in names:
            if data.get(n) not in (None, ""):
                meta[key] = str(data[n])
                break
    blank = re.sub(r"[^\n]", " ", text[: m.end()])
    return meta, blank + text[m.end():], []


# ------------------------------------------------------------------ readers
def read_text(data: bytes, path: Path, opts: ReadOptions) -> Iterator[Raw]:
    text, warnings = decode(data, path.name)
    meta, text, more = front_matter(text, path.name)
    yield Raw(path.name, text, meta, warnings + more)


_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MD_MARK = re.compile(r"(?m)^(#{1,6}[ \t]+|>[ \t]?|[ \t]*[-*+][ \t]+)|(\*\*|__|`)")


def read_markdown(data: bytes, path: Path, opts: ReadOptions) -> Iterator[Raw]:
    text, warnings = decode(data, path.name)
    meta, text, more = front_matter(text, path.name)
    # markup to plain prose: [text](url) -> text; heading, quote and list marks, bold, code ticks dropped
    text = _MD_LINK.sub(lambda m: m.group(1), text)
    text = _MD_MARK.sub("", text)
    yield Raw(path.name, text, meta, warnings + more)


def read_html(data: bytes, path: Path, opts: ReadOptions) -> Iterator[Raw]:
    html, warnings = decode(data, path.name)
    import logging

    import trafilatura

    logging.getLogger("trafilatura").setLevel(logging.CRITICAL)
    logging.getLogger("htmldate").setLevel(logging.CRITICAL)
    doc = trafilatura.bare_extraction(html, with_metadata=True, include_comments=False,
                                      include_tables=False, favor_precision=True)
    if doc is None:
        raise InputError(f"{path.name}: no article text found in the HTML page")
    d = doc if isinstance(doc, dict) else doc.as_dict()
    text = d.get("text") or ""
    title = d.get("title") or ""
    meta = {"title": title, "published": d.get("date") or "", "outlet": d.get("sitename") or "",
            "url": d.get("url") or "", "author": d.get("author") or ""}
    body = f"{title}\n\n{text}" if title and not text.startswith(title) else text
    yield Raw(path.name, body, {k: v for k, v in meta.items() if v}, warnings)


def _field(obj: dict, names: tuple[str, ...]) -> str:
    for n in names:
        v = obj.get(n)
        if v not in (None, ""):
            return v if isinstance(v, str) else json.dumps(v) if isinstance(v, (dict, list)) else str(v)
    return ""


def read_jsonl(data: bytes, path: Path, opts: ReadOptions) -> Iterator[Raw | InputError]:
    text, warnings = decode(data, path.name)
    f = opts.jsonl_fields
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{path.name}:{lineno}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            yield InputError(f"{where}: not valid JSON ({exc.msg} at column {exc.colno})")
            continue
        if not isinstance(obj, dict):
            yield InputError(f"{where}: a JSON object per line is expected")
            continue
        body = _field(obj, f["text"])
        if not body.strip():
            yield InputError(f"{where}: no text in field {'/'.join(f['text'])!r}")
            continue
        ident = _field(obj, f["id"]) or str(lineno)
        meta = {k: _field(obj, f[k]) for k in ("title", "published", "url", "outlet", "author")}
        yield Raw(f"{path.name}#{ident}", body, {k: v for k, v in meta.items() if v}, list(warnings))
        warnings = []


Reader = Callable[[bytes, Path, ReadOptions], Iterator]
READERS: dict[str, Reader] = {
    ".txt": read_text, ".text": read_text, ".md": read_markdown, ".markdown": read_markdown,
    ".html": read_html, ".htm": read_html, ".jsonl": read_jsonl, ".ndjson": read_jsonl,
}
STDIN_FORMATS = {"txt": ".txt", "md": ".md", "html": ".html", "jsonl": ".jsonl"}


def sniff(data: bytes) -> str:
    """The suffix to read standard input with, when --stdin-format is not given."""
    head = data.lstrip()[:512].lower()
    if head.startswith(b"{"):
        return ".jsonl"
    if head.startswith((b"<!doctype html", b"<html", b"<head", b"<body", b"<article", b"<div", b"<p")):
        return ".html"
    if head.startswith(b"---"):
        return ".md"
    return ".txt"
