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

import io
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from kg.errors import Errors, InputError

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
    max_chars: int = 5_000_000  # --max-chars; a JSON line may take 4 bytes a character

    @classmethod
    def with_fields(cls, pairs: dict[str, str]) -> ReadOptions:
        fields = dict(JSONL_DEFAULTS)
        for key, name in pairs.items():
            if key not in fields:
                raise InputError(Errors.KG122.format(key=key, keys=", ".join(fields)))
            fields[key] = (name,)
        return cls(fields)


# ------------------------------------------------------------------ decoding
def decode(data: bytes, name: str) -> tuple[str, list[str]]:
    """Decode bytes as text; reject binary; detect legacy encodings with a warning."""
    text, warnings, _ = _decode(data, name)
    return text, warnings


def _utf16_without_bom(data: bytes) -> str | None:
    """"utf-16-le" or "utf-16-be" for text of mostly Latin letters written as UTF-16 without its byte
    order mark (every other byte zero, the others not), else None (a binary file)."""
    head = data[:4096]
    if len(data) % 2 or len(head) < 8:
        return None
    even, odd = head[0::2], head[1::2]
    for zeros, letters, encoding in ((odd, even, "utf-16-le"), (even, odd, "utf-16-be")):
        if zeros.count(0) >= 0.9 * len(zeros) and letters.count(0) == 0:
            return encoding
    return None


def _decode(data: bytes, name: str, legacy: str | None = None) -> tuple[str, list[str], str | None]:
    """decode(), and the legacy encoding detected (None for UTF-8 and UTF-16). With
    ``legacy`` given (a JSON line after one in that encoding), no new detection."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace"), [], None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), [], None
        except UnicodeDecodeError as exc:
            raise InputError(Errors.KG110.format(path=name, reason=exc.reason)) from exc
    if b"\x00" in data[:4096]:
        utf16 = _utf16_without_bom(data)
        if utf16 is None:
            raise InputError(Errors.KG111.format(path=name))
        try:
            text = data.decode(utf16)
        except UnicodeDecodeError as exc:
            raise InputError(Errors.KG110.format(path=name, reason=exc.reason)) from exc
        return text, [f"{name}: UTF-16 without a byte order mark; decoded as {utf16} (detected)"], None
    try:
        return data.decode("utf-8"), [], None
    except UnicodeDecodeError:
        if legacy:
            return data.decode(legacy, errors="replace"), [], legacy
    from charset_normalizer import from_bytes

    results = from_bytes(data)
    best = results.best()
    if best is not None:
        # a tie on short text: prefer Windows-1252, the usual legacy encoding of English news
        tied = [m for m in results if m.chaos == best.chaos and m.coherence == best.coherence]
        best = next((m for m in tied if m.encoding == "cp1252"), best)
    if best is None:
        text = data.decode("utf-8", errors="replace")
        return text, [f"{name}: encoding not recognised; {text.count(chr(0xFFFD))} byte(s) replaced"], None
    return str(best), [f"{name}: not UTF-8; decoded as {best.encoding} (detected)"], best.encoding


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
        refused = _refuse_front(m.group(1), name)
        if refused:
            return {}, text, [refused]
        data = yaml.load(m.group(1), Loader=_front_loader())  # noqa: S506 - a SafeLoader, see _front_loader
    except (yaml.YAMLError, ValueError) as exc:  # ValueError: an integer of over 4,300 digits
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


FRONT_MAX_DEPTH = 20


def _refuse_front(block: str, name: str) -> str | None:
    """A warning if the front matter uses anchors or aliases (an alias can stand
    for a structure that doubles at every level: "billion laughs") or nests
    deeper than FRONT_MAX_DEPTH (PyYAML composes recursively); None if it is fine.
    Reads the YAML events only: nothing is built."""
    import yaml

    depth = 0
    for event in yaml.parse(block, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            return Errors.KG156.format(name=name)
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > FRONT_MAX_DEPTH:
                return Errors.KG157.format(name=name, depth=FRONT_MAX_DEPTH)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return None


@lru_cache(maxsize=1)
def _front_loader() -> type:
    """PyYAML's SafeLoader without the timestamp type: dates stay strings, so an
    impossible one (2019-02-30) is judged by parse_published, not raised by PyYAML."""
    import yaml

    class FrontLoader(yaml.SafeLoader):
        pass

    FrontLoader.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    return FrontLoader


# ------------------------------------------------------------------ readers
def read_text(data: bytes, path: Path, opts: ReadOptions) -> Iterator[Raw]:
    text, warnings = decode(data, path.name)
    meta, text, more = front_matter(text, path.name)
    yield Raw(path.name, text, meta, warnings + more)


def read_markdown(data: bytes, path: Path, opts: ReadOptions) -> Iterator[Raw]:
    text, warnings = decode(data, path.name)
    meta, text, more = front_matter(text, path.name)
    body = markdown_text(text)
    if body is None:  # nested past the parser's limit, which drops the rest of the block silently
        more.append(Errors.KG179.format(name=path.name, depth=_markdown_parser().options["maxNesting"]))
        body = markdown_text(_BLOCK_MARKS.sub("", text)) or ""
    yield Raw(path.name, body, meta, warnings + more)


# the marks that open a quote or a list item at the start of a line, however many: without them no
# block nests, and the lines read as paragraphs (each repetition takes at least one character)
_BLOCK_MARKS = re.compile(r"^(?:[ \t]*(?:>|[*+-](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))+", re.MULTILINE)


@lru_cache(maxsize=1)
def _markdown_parser():  # noqa: ANN202
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark")


def markdown_text(text: str) -> str | None:
    """Markdown to plain prose, read from markdown-it-py's token stream: each block
    (heading, paragraph, list item, quote, code block) on its own, separated by a blank
    line; link and image text kept, URLs, emphasis marks, code ticks and raw HTML dropped.

    Measured: 10 ms for a 4 KB article against 0.5 ms for the two regexes it replaced,
    small beside the ~0.15 s extraction takes for such an article (~700 words); and it reads
    Markdown as CommonMark does (nested emphasis, reference links, escapes), which the
    regexes did not. A run of 100,000 '[' takes 3 s (linear, not quadratic).

    None when quotes or lists nest as deep as markdown-it's limit (``maxNesting``), where it
    stops reading the block and drops the rest of the file without a word."""
    blocks: list[str] = []
    parser = _markdown_parser()
    tokens = parser.parse(text)
    if any(tok.nesting == 1 and tok.level >= parser.options["maxNesting"] - 1 for tok in tokens):
        return None
    for tok in tokens:
        if tok.type == "inline":
            blocks.append("".join(_inline_text(tok.children or [])))
        elif tok.type in ("fence", "code_block"):
            blocks.append(tok.content.rstrip("\n"))
    return "\n\n".join(b for b in blocks if b.strip())


def _inline_text(children: list) -> Iterator[str]:
    for child in children:
        if child.type in ("text", "code_inline"):
            yield child.content
        elif child.type in ("softbreak", "hardbreak"):
            yield "\n"
        elif child.type == "image":  # its alt text is in its children
            yield from _inline_text(child.children or [])


def read_html(data: bytes, path: Path, opts: ReadOptions) -> Iterator[Raw]:
    html, warnings = decode(data, path.name)
    import logging

    import trafilatura

    logging.getLogger("trafilatura").setLevel(logging.CRITICAL)
    logging.getLogger("htmldate").setLevel(logging.CRITICAL)
    # extensive_search off: a date the page's markup states, not one guessed from the text
    # (it turns "Copyright 2021" into 2021-01-01)
    try:
        doc = trafilatura.bare_extraction(html, with_metadata=True, include_comments=False,
                                          include_tables=False, favor_precision=True,
                                          date_extraction_params={"extensive_search": False, "original_date": True})
    except Exception as exc:  # noqa: BLE001 - lxml/htmldate fail on some markup (an AssertionError in
        # drop_tree for blocks inside <svg>): the page is reported and skipped, its folder goes on
        raise InputError(Errors.KG161.format(path=path.name, reason=f"{type(exc).__name__}: {exc}"[:200])) from exc
    if doc is None:
        raise InputError(Errors.KG112.format(path=path.name))
    d = doc if isinstance(doc, dict) else doc.as_dict()
    text = d.get("text") or ""
    title = d.get("title") or ""
    meta = {"title": title, "published": d.get("date") or "", "outlet": d.get("sitename") or "",
            "url": d.get("url") or "", "author": d.get("author") or ""}
    body = f"{title}\n\n{text}" if title and not text.startswith(title) else text
    yield Raw(path.name, body, {k: v for k, v in meta.items() if v}, warnings)


def _not_text(obj: dict, names: tuple[str, ...]) -> str | None:
    """What the first of the text fields ``names`` holds when that is not a string ("a list", ...)."""
    v = next((obj[n] for n in names if n in obj), None)
    if v is None or isinstance(v, str):
        return None
    return {dict: "an object", list: "a list", bool: "true or false"}.get(type(v), "a number")


def _field(obj: dict, names: tuple[str, ...]) -> str:
    for n in names:
        v = obj.get(n)
        if v not in (None, ""):
            return v if isinstance(v, str) else json.dumps(v) if isinstance(v, (dict, list)) else str(v)
    return ""


def _lines(stream: BinaryIO, max_chars: int, where: str) -> Iterator[tuple[int, str | InputError, list[str]]]:
    """(line number, decoded line or error, warnings) for each line, reading at most
    4 bytes per ``max_chars`` of a line: a longer line is skipped to its end, unread.
    The first line in a legacy encoding is detected as a file would be, with a
    warning; the lines after it are decoded the same way."""
    limit = 4 * max_chars
    peek = getattr(stream, "peek", None)  # an open file or standard input; else BytesIO
    head = peek(2)[:2] if peek else stream.getvalue()[:2]  # type: ignore[attr-defined]
    if head in (b"\xff\xfe", b"\xfe\xff"):  # UTF-16: lines of characters
        text = io.TextIOWrapper(stream, encoding="utf-16", newline=None)
        read: Callable[[int], str | bytes] = text.readline
        ends = "\n"
    else:
        read, ends = stream.readline, b"\n"  # type: ignore[assignment]
    lineno, legacy = 0, None
    while True:
        try:
            line = read(limit + 1)
        except UnicodeDecodeError as exc:
            yield lineno + 1, InputError(Errors.KG110.format(path=where, reason=exc.reason)), []
            return
        if not line:
            return
        lineno += 1
        if len(line) > limit and not line.endswith(ends):
            try:
                while line and not line.endswith(ends):
                    line = read(1 << 20)
            except UnicodeDecodeError as exc:  # UTF-16 cut inside the over-long line
                yield lineno, InputError(Errors.KG110.format(path=where, reason=exc.reason)), []
                return
            yield lineno, InputError(Errors.KG152.format(where=f"{where}:{lineno}", limit=limit,
                                                         max_chars=max_chars)), []
            continue
        if isinstance(line, str):
            yield lineno, line, []
            continue
        try:
            text, warnings, legacy = _decode(line, f"{where}:{lineno}", legacy)
        except InputError as exc:
            yield lineno, exc, []
            continue
        yield lineno, text, warnings


def read_jsonl(data: bytes | BinaryIO, path: Path, opts: ReadOptions) -> Iterator[Raw | InputError]:
    """One article per line. Reads line by line from a file (never the whole file),
    each line capped at 4 bytes per --max-chars character; the second record with an
    id already used in the file is reported and skipped (an id is the article's name)."""
    stream = io.BytesIO(data) if isinstance(data, bytes) else data
    f = opts.jsonl_fields
    first_line: dict[str, int] = {}
    warnings: list[str] = []
    no_field: list[int] = []  # lines whose object has no text field at all: one message at the end
    seen: dict[str, int] = {}  # field name -> longest string value seen in those lines
    for lineno, line, more in _lines(stream, opts.max_chars, path.name):
        warnings += more
        if isinstance(line, InputError):
            yield line
            continue
        if not line.strip():
            continue
        where = f"{path.name}:{lineno}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            yield InputError(Errors.KG113.format(where=where, reason=exc.msg, column=exc.colno))
            continue
        except RecursionError:
            yield InputError(Errors.KG153.format(where=where))
            continue
        except ValueError as exc:  # an integer of over 4,300 digits
            yield InputError(Errors.KG159.format(where=where, reason=str(exc).split(";")[0]))
            continue
        if not isinstance(obj, dict):
            yield InputError(Errors.KG114.format(where=where))
            continue
        if not any(n in obj for n in f["text"]):
            no_field.append(lineno)
            for k, v in list(obj.items())[:50]:
                seen[k] = max(seen.get(k, 0), len(v) if isinstance(v, str) else 0)
            continue
        kind = _not_text(obj, f["text"])
        if kind:  # a list, an object or a number is not an article's text (it was stored as JSON)
            yield InputError(Errors.KG170.format(where=where, field=next(n for n in f["text"] if n in obj), kind=kind))
            continue
        body = _field(obj, f["text"])
        if not body.strip():
            yield InputError(Errors.KG115.format(where=where, field="/".join(f["text"])))
            continue
        # no id: "line-N", which no id of another record can be mistaken for ("1" is not line 1)
        ident = _field(obj, f["id"]) or f"line-{lineno}"
        if not ident.isprintable():  # a line break in an id would break every one-line message
            ident = json.dumps(ident, ensure_ascii=False)[1:-1]
        if ident in first_line:
            yield InputError(Errors.KG150.format(where=where, ident=ident, first=first_line[ident]))
            continue
        first_line[ident] = lineno
        meta = {k: _field(obj, f[k]) for k in ("title", "published", "url", "outlet", "author")}
        yield Raw(f"{path.name}#{ident}", body, {k: v for k, v in meta.items() if v}, list(warnings))
        warnings = []
    if no_field:
        yield _no_text_field(path.name, no_field, seen, f["text"])


def _no_text_field(name: str, lines: list[int], seen: dict[str, int], wanted: tuple[str, ...]) -> InputError:
    """One message for every line of a file that lacks the text field: the fields it has,
    and --field text=NAME for the one holding the longest strings."""
    fields = sorted(seen, key=lambda k: (-seen[k], k))
    guess = fields[0] if fields and seen[fields[0]] else "NAME"
    where = f"{name}:{lines[0]}" + (f" and {len(lines) - 1} more lines" if len(lines) > 1 else "")
    shown = ", ".join(fields[:12]) + (", ..." if len(fields) > 12 else "")
    return InputError(Errors.KG166.format(where=where, field="/".join(wanted), fields=shown or "none",
                                          guess=guess))


Reader = Callable[[bytes, Path, ReadOptions], Iterator]  # read_jsonl also takes an open binary file
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
