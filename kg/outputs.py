"""Files kg writes (``export -o``, ``render -o``, ``timeline -o``): whole or not at all.

Every command that writes a file goes through :func:`output_path` (or
:func:`open_output`, its file-object form):

- the target must be a regular file or not exist yet, in a folder that exists: a
  folder, a device node, a FIFO or a socket is refused with a one-line message
  (:class:`kg.errors.OutputError`), never replaced;
- a symbolic link is followed: kg writes the regular file it points to (as the
  shell's ``>`` does) and the link stays a link;
- the data goes to a temporary file in the target's folder, is flushed to disk
  (fsync) and renamed over the target, so a reader sees the old file or the new
  one, never half of one; a full disk (ENOSPC), a read-only file system (EROFS)
  or a refused permission (EACCES) gives one line and leaves the old file as it
  was, with no temporary file behind;
- the new file keeps the permission bits of the file it replaces (a new file gets
  the usual 0666 less the umask, not the temporary file's 0600).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import glob
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from kg.errors import Errors, OutputError

__all__ = ["check_target", "open_output", "output_path"]

# errors of writing a file (as opposed to, say, reading the store while the page is made)
_WRITE_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EACCES, errno.EPERM, errno.EIO}

_KINDS = ((stat.S_ISCHR, "character device"), (stat.S_ISBLK, "block device"), (stat.S_ISFIFO, "FIFO (named pipe)"),
          (stat.S_ISSOCK, "socket"))


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def check_target(target: str | os.PathLike[str]) -> Path:
    """The regular file to write for ``target`` (a symlink resolved), or an OutputError."""
    shown = os.fspath(target)
    if not shown:
        raise OutputError(Errors.KG703.format(path="''", folder="''"))
    path = Path(os.path.realpath(shown))  # a link (or a chain of links) -> the file it points to
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:  # ENOTDIR (a file used as a folder), ELOOP, EACCES
        if exc.errno == errno.ENOTDIR:
            raise OutputError(Errors.KG703.format(path=shown, folder=_missing_folder(path))) from exc
        raise OutputError(Errors.KG704.format(path=shown, reason=_reason(exc))) from exc
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise OutputError(Errors.KG701.format(path=shown))
        for test, kind in _KINDS:
            if test(st.st_mode):
                raise OutputError(Errors.KG702.format(path=shown, kind=kind))
        return path
    if not path.parent.is_dir():
        raise OutputError(Errors.KG703.format(path=shown, folder=_missing_folder(path)))
    return path


def _missing_folder(path: Path) -> Path:
    """The first folder on the way to ``path`` that does not exist (or is not a folder)."""
    for parent in reversed(path.parents):
        if not parent.is_dir():
            return parent
    return path.parent


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextlib.contextmanager
def output_path(target: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path to write instead of ``target``; on success it replaces
    ``target`` atomically (after fsync). On any failure the temporary file is removed
    and ``target`` is untouched; write errors (a full disk, a read-only file system, a
    refused permission) become an OutputError naming ``target``."""
    shown = os.fspath(target)
    path = check_target(target)
    clear_stale(path)
    try:
        fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    except OSError as exc:
        raise OutputError(Errors.KG704.format(path=shown, reason=_reason(exc))) from exc
    held = fd  # locked while the file is written: it is in use (clear_stale)
    fcntl.flock(held, fcntl.LOCK_EX)
    tmp = Path(tmp_name)
    try:
        yield tmp
        os.chmod(tmp, _mode_for(path))
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        check_target(target)  # still a regular file (or nothing), not a folder made meanwhile
        os.replace(tmp, path)
        _sync_folder(path.parent)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        if exc.errno in _WRITE_ERRNOS or exc.filename in (tmp_name, os.fspath(path)):
            raise OutputError(Errors.KG704.format(path=shown, reason=_reason(exc))) from exc
        raise
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    finally:
        os.close(held)


def clear_stale(path: Path) -> None:
    """Remove the temporary files a killed writer of ``path`` left beside it
    (``.NAME.*.part``): each one nobody holds locked. A writer holds its own locked
    (:func:`output_path`) until it is renamed or removed, so a live one is left alone."""
    for part in path.parent.glob(f".{glob.escape(path.name)}.*.part"):
        try:
            fd = os.open(part, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if stat.S_ISREG(os.fstat(fd).st_mode):
                part.unlink()
        except OSError:  # locked: another kg is writing it; or gone meanwhile
            pass
        finally:
            os.close(fd)


@contextlib.contextmanager
def open_output(target: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """:func:`output_path` as a binary file object."""
    with output_path(target) as tmp, tmp.open("wb") as fh:
        yield fh


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (best effort: not every file system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
