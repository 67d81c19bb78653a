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


def too_long(path: str | os.PathLike[str]) -> str:
    """Why the system refuses ``path`` with ENAMETOOLONG, in words: a name over NAME_MAX, or the
    whole path over PATH_MAX (a folder nested deep enough)."""
    raw = os.fsencode(path)
    name_max, path_max = _limit("PC_NAME_MAX", 255), _limit("PC_PATH_MAX", 4096)
    longest = max(raw.split(b"/"), key=len)
    if len(longest) > name_max:
        return (f"a name of {len(longest):,} bytes, over the {name_max:,} the file system allows; "
                "rename it (skipped)")
    return (f"its path is {len(raw):,} bytes, over the system's limit of {path_max:,} (PATH_MAX); "
            "move it higher up or shorten the folder names")


def _limit(name: str, default: int) -> int:
    try:
        return os.pathconf("/", name)
    except (OSError, ValueError):
        return default


def _reason(exc: OSError, path: str | os.PathLike[str]) -> str:
    import errno

    return too_long(path) if exc.errno == errno.ENAMETOOLONG else str(exc.strerror or exc)


def short(path: str | os.PathLike[str], keep: int = 100) -> str:
    """``path``, its middle elided when it is over ``2 * keep`` characters (a message stays readable)."""
    text = os.fspath(path)
    return text if len(text) <= 2 * keep else f"{text[:keep]}...{text[-keep:]}"


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
        elif (refused := _unreachable(p)) is not None:
            yield refused
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


def _unreachable(p: Path) -> InputError | None:
    """The error for a path the system cannot even look up (a name or a path too long), else None."""
    try:
        os.lstat(p)
    except OSError as exc:
        import errno

        if exc.errno == errno.ENAMETOOLONG:
            return InputError(Errors.KG108.format(path=short(p), reason=too_long(p)))
    return None


def _walk(root: Path) -> Iterator[Path | InputError]:
    """The files below ``root``, following links within it, in sorted order (a folder's files, then its
    folders one by one), with unreadable folders and symlink loops reported and skipped. A stack,
    not recursion (os.walk of Python 3.11 recursed: folders nested 1,500 deep were a RecursionError)."""
    from kg.ingest.readers import READERS

    seen: set[tuple[int, int]] = set()
    stack = [os.fspath(root)]
    inside = os.path.join(os.path.realpath(root), "")  # (a link out of it is not followed)
    while stack:
        dirpath = stack.pop()
        if not _utf8(dirpath):
            yield InputError(Errors.KG105.format(path=dirpath, reason=NOT_UTF8))
            continue
        try:
            st = os.stat(dirpath)
            with os.scandir(dirpath) as it:
                entries = list(it)
        except OSError as exc:
            yield InputError(Errors.KG105.format(path=short(dirpath), reason=_reason(exc, dirpath)))
            continue
        if (st.st_dev, st.st_ino) in seen:
            yield InputError(Errors.KG106.format(path=dirpath))
            continue
        seen.add((st.st_dev, st.st_ino))
        folders = []
        for entry in sorted(entries, key=lambda e: e.name):
            out = _link_out(entry, inside)
            if out is not None:
                if os.path.isdir(out) or Path(entry.name).suffix.lower() in READERS:  # (not a file kg skips)
                    yield InputError(Errors.KG171.format(path=entry.path, target=out, root=root))
            elif _is_dir(entry):
                folders.append(entry.path)
            elif entry.name == METADATA_FILE:
                continue
            elif not _utf8(entry.name):
                yield InputError(Errors.KG108.format(path=entry.path, reason=NOT_UTF8))
            elif (refused := _unreachable(Path(entry.path))) is not None:
                yield refused
            elif not os.path.exists(entry.path):
                yield InputError(Errors.KG107.format(path=entry.path))
            else:  # a FIFO or a device too: kg.ingest.articles.read_file names and skips it, unopened
                yield Path(entry.path)
        stack.extend(reversed(folders))


def _link_out(entry: os.DirEntry, inside: str) -> str | None:
    """Where ``entry`` leads when it is a link to a file or folder outside the folder walked
    (``inside``, a real path ending with "/"): a link to /etc in a folder of articles read /etc.
    A link to a device or a FIFO is left to read_file, which refuses it unopened."""
    if not entry.is_symlink():
        return None
    target = os.path.realpath(entry.path)
    if os.path.join(target, "").startswith(inside) or not (os.path.isdir(target) or os.path.isfile(target)):
        return None
    return target


def _is_dir(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()  # (a link to a folder too)
    except OSError:
        return False
