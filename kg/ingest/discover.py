"""Files and folders -> the article files below them, walked lazily, with a
one-line error per bad path, unreadable folder, broken link or symlink loop."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from kg.errors import InputError
from kg.ingest.metadata import METADATA_FILE


def _suffixes() -> str:
    from kg.ingest.readers import READERS

    return ", ".join(sorted(READERS))


def discover(paths: list[Path]) -> Iterator[Path | InputError]:
    """Yield article files below ``paths`` lazily (a folder of any size streams),
    or an error per bad path, unreadable folder or symlink loop."""
    from kg.ingest.readers import READERS

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
