"""Files and folders -> the article files below them, walked lazily, with a
one-line error per bad path, unreadable folder, broken link or symlink loop."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

from kg.errors import Errors, InputError
from kg.ingest.metadata import METADATA_FILE

_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))


def not_regular(mode: int) -> str | None:
    """What a file is when it is not a regular file (reading it could block or never
    end: a FIFO, /dev/zero), else None."""
    if stat.S_ISREG(mode):
        return None
    return next((kind for test, kind in _KINDS if test(mode)), "not a plain file")


NOT_UTF8 = "its name is not valid UTF-8; rename it"


def _utf8(path: str | os.PathLike[str]) -> bool:
    """Whether a path's name is text: bytes that are not UTF-8 come as lone surrogates, which no
    article name, IRI or message can hold."""
    try:
        os.fspath(path).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _suffixes() -> str:
    from kg.ingest.readers import READERS

    return ", ".join(sorted(READERS))


def discover(paths: list[Path]) -> Iterator[Path | InputError]:
    """Yield article files below ``paths`` lazily (a folder of any size streams),
    or an error per bad path, unreadable folder or symlink loop."""
    from kg.ingest.readers import READERS

    for p in paths:
        if not _utf8(p):
            yield InputError(Errors.KG108.format(path=p, reason=NOT_UTF8))
        elif not p.exists():
            broken = p.is_symlink()
            yield InputError(Errors.KG102.format(path=p) if broken else Errors.KG101.format(path=p))
        elif p.is_dir():
            found = False
            for item in _walk(p):
                if isinstance(item, Path) and item.suffix.lower() not in READERS:
                    continue
                found = found or isinstance(item, Path)
                yield item
            if not found:
                yield InputError(Errors.KG103.format(path=p, suffixes=_suffixes()))
        elif p.suffix.lower() in READERS:
            yield p
        else:
            yield InputError(Errors.KG104.format(path=p, suffix=p.suffix or "(none)", suffixes=_suffixes()))


def _walk(root: Path) -> Iterator[Path | InputError]:
    """os.walk following links, in sorted order, with loops reported and skipped."""
    errors: list[InputError] = []
    seen: set[tuple[int, int]] = set()

    def onerror(exc: OSError) -> None:
        errors.append(InputError(Errors.KG105.format(path=exc.filename, reason=exc.strerror or exc)))

    for dirpath, dirnames, filenames in os.walk(root, followlinks=True, onerror=onerror):
        yield from errors
        errors.clear()
        if not _utf8(dirpath):
            dirnames.clear()
            yield InputError(Errors.KG105.format(path=dirpath, reason=NOT_UTF8))
            continue
        st = os.stat(dirpath)
        if (st.st_dev, st.st_ino) in seen:
            dirnames.clear()
            yield InputError(Errors.KG106.format(path=dirpath))
            continue
        seen.add((st.st_dev, st.st_ino))
        dirnames.sort()
        for name in sorted(filenames):
            f = Path(dirpath) / name
            if name == METADATA_FILE:
                continue
            if not _utf8(name):
                yield InputError(Errors.KG108.format(path=f, reason=NOT_UTF8))
            elif not f.exists():
                yield InputError(Errors.KG107.format(path=f))
            else:  # a FIFO or a device too: kg.ingest.articles.read_file names and skips it, unopened
                yield f
    yield from errors
