"""What ``kg load`` reads before it hands a file to Oxigraph's parsers (issue 41, C1, C2, C5).

Oxigraph's parsers trust their input: its RDF/XML parser expands XML entities
that refer to other entities (688 bytes of "billion laughs" took 2.5 GB and put
955 MB into the store), its JSON-LD parser recurses once per nested object (5,000
levels: a segfault). Each check reads the file once, in chunks, with memory
bounded by the chunk, and raises ``InputError`` KG134 naming the limit. (A literal
over 16 MB is refused by the parser itself with a ``MemoryError``, which
kg.rdf.load reports as KG134 too: C5.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from kg.errors import Errors, InputError

MAX_JSON_DEPTH = 512  # pyoxigraph 0.5.13 read 2,000 nested JSON-LD objects and crashed at 5,000
MAX_TERM_BYTES = 16 << 20  # pyoxigraph's parser buffer: a longer literal, IRI or line is refused by it
MAX_ENTITY_BYTES = 64 << 20  # what the XML entities of an RDF/XML file may expand to, in all
_CHUNK = 1 << 20

_DOCTYPE = re.compile(rb"<!DOCTYPE[^\[>]*\[(.*?)\]\s*>", re.DOTALL)
_ENTITY = re.compile(rb"<!ENTITY\s+(%\s*)?([^\s%]+)\s+(?:\"([^\"]*)\"|'([^']*)'|(SYSTEM|PUBLIC)\b)")
_REFERENCE = re.compile(rb"&([A-Za-z_:][\w.:-]*);")
_PREDEFINED = {b"lt", b"gt", b"amp", b"apos", b"quot"}


def check_file(path: Path, fmt: str) -> None:
    """KG134 when ``path`` (in kg's format name ``fmt``) is past one of the limits above."""
    if fmt == "rdfxml":
        check_xml_entities(path)
    elif fmt == "jsonld":
        check_json_depth(path)


def _chunks(path: Path) -> Iterator[bytes]:
    with path.open("rb") as fh:
        while chunk := fh.read(_CHUNK):
            yield chunk


def _bad(path: Path, fmt: str, reason: str) -> InputError:
    return InputError(Errors.KG134.format(path=path, fmt=fmt, reason=reason))


def check_xml_entities(path: Path) -> None:
    """Entities may name text only: not other entities (nested expansion), not files or URLs
    (SYSTEM, PUBLIC), not parameter entities; they are declared in a DOCTYPE within the first
    megabyte; and all their uses together may expand to at most MAX_ENTITY_BYTES."""
    with path.open("rb") as fh:
        head = fh.read(_CHUNK)
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in head[:64]:
        raise _bad(path, "rdfxml", "kg reads RDF/XML in UTF-8 (or ASCII) only")
    m = _DOCTYPE.search(head)
    sizes: dict[bytes, int] = {}
    for e in _ENTITY.finditer(m.group(1) if m else b""):
        name, value = e.group(2).decode(errors="replace"), e.group(3) if e.group(3) is not None else e.group(4)
        if e.group(1) or value is None:
            raise _bad(path, "rdfxml", f"XML entity {name!r} is a parameter or external entity; kg reads only "
                                       "entities that stand for text")
        if any(r.group(1) not in _PREDEFINED for r in _REFERENCE.finditer(value)):
            raise _bad(path, "rdfxml", f"XML entity {name!r} refers to another entity; kg does not expand "
                                       "nested entities (an entity expansion attack)")
        sizes[e.group(2)] = len(value)
    declared = m.group(1).count(b"<!ENTITY") if m else 0
    if declared != len(sizes):
        raise _bad(path, "rdfxml", "an XML entity declaration kg cannot read")
    total, carry, seen = 0, b"", 0
    for chunk in _chunks(path):
        data = carry + chunk
        seen += data.count(b"<!ENTITY") - carry.count(b"<!ENTITY")
        amp = data.rfind(b"&")
        cut = amp if amp >= 0 and len(data) - amp < 256 and b";" not in data[amp:] else len(data)
        total += sum(sizes.get(r.group(1), 0) for r in _REFERENCE.finditer(data, 0, cut))
        if total > MAX_ENTITY_BYTES:
            raise _bad(path, "rdfxml", f"its XML entities expand to over {MAX_ENTITY_BYTES >> 20} MB")
        carry = data[max(cut, len(data) - 8):] if cut == len(data) else data[cut:]
    if seen > declared:
        raise _bad(path, "rdfxml", "XML entities must be declared in a DOCTYPE within the first megabyte")


def check_json_depth(path: Path, limit: int = MAX_JSON_DEPTH) -> None:
    """JSON nested at most ``limit`` arrays and objects deep (strings skipped, escapes honoured)."""
    depth, in_string, escaped_at, offset = 0, False, -1, 0
    special = re.compile(rb'[\[\]{}"\\]')
    for chunk in _chunks(path):
        for m in special.finditer(chunk):
            at, c = offset + m.start(), m.group()
            if at == escaped_at:
                continue
            if in_string:
                if c == b"\\":
                    escaped_at = at + 1
                elif c == b'"':
                    in_string = False
            elif c == b'"':
                in_string = True
            elif c in (b"[", b"{"):
                depth += 1
                if depth > limit:
                    raise _bad(path, "jsonld", f"nested over {limit} objects or arrays deep (kg's limit)")
            elif c in (b"]", b"}"):
                depth -= 1
        offset += len(chunk)
