"""A read query in a forked child, its output streamed through a pipe, the child
killed when no output has come for ``timeout`` seconds.

Oxigraph queries cannot be interrupted from Python, so the query runs in its
own process (which opens the store read-only). The child writes the formatted
result into a pipe as the engine produces rows; the parent copies the pipe to
its output as data comes, so the first row is printed as soon as the engine has
it and memory stays flat. The deadline is reset by every chunk of output: a long
dump that keeps printing runs to its end, a query that computes for
``timeout`` seconds without a row is stopped.
"""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import IO

from kg.errors import Errors, QueryError
from kg.query.format import write_result
from kg.query.run import run_lazy
from kg.store import Store

_CHUNK = 1 << 16


def stream_query(store_path: Path, text: str, params: dict[str, str], fmt: str, out: IO[bytes], *,
                 timeout: float = 0, limit: int | None = None, offset: int | None = None,
                 by_article: bool = False) -> None:
    """Run a read query and write its result to ``out`` as ``fmt`` while it runs.

    It runs in a child, stopped after ``timeout`` seconds without output (QueryError
    KG309); ``timeout`` 0 (or one no clock reaches) sets no limit, but the query still runs
    in a child, so that an engine panic is KG342 and not the end of this process.
    ``by_article``: a named query that ``kg.query.by_article.one_article_at_a_time``
    allows, run without parameters, limit or offset, is run one article at a time (memory
    flat in its rows)."""
    by_article = by_article and not params and limit is None and offset is None
    _in_child(store_path, text, params, fmt, out, timeout or math.inf, limit, offset, by_article)


def _write(st: Store, text: str, params: dict[str, str], fmt: str, out: IO[bytes], limit: int | None,
           offset: int | None, by_article: bool = False) -> None:
    from kg.query.by_article import write_by_article

    result = None if by_article else run_lazy(st, text, params, limit=limit, offset=offset)
    guarded = _Output(out)
    try:  # solutions are computed while they are written: a SERVICE call fails here
        if by_article:
            write_by_article(st, text, fmt, guarded)
            return
        write_result(result, fmt, guarded)
    except (OSError, RuntimeError, SyntaxError) as exc:
        if guarded.error is not None:  # our output failed (a closed pipe, a full disk), not the query
            raise guarded.error from None
        raise QueryError(Errors.KG308.format(reason=exc)) from exc


class _Output(io.RawIOBase):
    """``out`` that remembers its own write error, to tell it from an error of the query."""

    def __init__(self, out: IO[bytes]) -> None:
        super().__init__()
        self._out, self.error = out, None

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:  # noqa: ANN001
        try:
            self._out.write(data)
        except OSError as exc:
            self.error = exc
            raise
        return len(data)


def _in_child(store_path: Path, text: str, params: dict[str, str], fmt: str, out: IO[bytes], timeout: float,
              limit: int | None, offset: int | None, by_article: bool = False) -> None:
    import os
    import select
    import signal
    import tempfile
    import time

    from kg.errors import KGError

    with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as said:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # child
            os.close(read_end)
            os.dup2(said.fileno(), 2)  # what the engine prints when it panics: read by the parent
            os.environ["RUST_BACKTRACE"] = "0"
            code = 0
            try:
                with os.fdopen(write_end, "wb", buffering=_CHUNK) as pipe, Store.open_read(store_path) as st:
                    _write(st, text, params, fmt, pipe, limit, offset, by_article)
            except BrokenPipeError:  # the parent stopped reading (its own output closed)
                code = 0
            except KGError as exc:
                err.write(f"{type(exc).__name__}\t{exc.exit_code}\t{exc.args[0]}".encode())
                code = 100
            except BaseException as exc:  # noqa: BLE001  (reported by the parent as a query failure)
                err.write(f"QueryError\t2\t{Errors.KG308.format(reason=exc)}".encode())
                code = 100
            err.flush()
            os._exit(code)
        os.close(write_end)
        try:
            deadline = time.monotonic() + timeout
            while True:
                wait = min(max(deadline - time.monotonic(), 0), 60.0)  # select takes no huge timeout
                ready, _, _ = select.select([read_end], [], [], wait)
                if not ready and time.monotonic() < deadline:
                    continue
                if not ready:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    raise QueryError(Errors.KG309.format(seconds=timeout))
                data = os.read(read_end, _CHUNK)
                if not data:
                    break
                out.write(data)
                deadline = time.monotonic() + timeout
        except BaseException:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
            raise
        finally:
            os.close(read_end)
        _, status = os.waitpid(pid, 0)
        err.seek(0)
        message = err.read()
        said.seek(0)
        stderr = said.read(1 << 16).decode("utf-8", "replace")
    code = os.waitstatus_to_exitcode(status)
    panic = _panic(stderr) if code < 0 else None
    if panic:
        raise QueryError(Errors.KG342.format(reason=panic))
    if stderr:
        import sys

        sys.stderr.write(stderr)
    if code == 100:
        kind, _code, message_text = message.decode("utf-8").split("\t", 2)
        from kg import errors

        raise getattr(errors, kind, QueryError)(message_text)
    if code != 0:
        raise QueryError(Errors.KG310.format(status=code))


def _panic(stderr: str) -> str | None:
    """The message of an Oxigraph panic or stack overflow in the child's standard error."""
    lines = stderr.splitlines()
    for i, line in enumerate(lines):
        if "panicked at" in line and i + 1 < len(lines):
            return lines[i + 1].strip()[:200]
        if "overflowed its stack" in line:
            return "stack overflow"
    return None


def run_with_timeout(store_path: Path, text: str, params: dict[str, str], fmt: str, timeout: float) -> str:
    """The whole result as text (for callers that want a string; kg query streams)."""
    buf = io.BytesIO()
    stream_query(store_path, text, params, fmt, buf, timeout=timeout)
    return buf.getvalue().decode("utf-8")
