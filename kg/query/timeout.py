"""A read query in a forked child that is killed when its time is up."""

from __future__ import annotations

from pathlib import Path

from kg.errors import Errors, QueryError
from kg.query.format import render_result
from kg.query.run import run
from kg.store import Store


def run_with_timeout(store_path: Path, text: str, params: dict[str, str], fmt: str, timeout: float) -> str:
    """Run a read query in a forked child and stop it after ``timeout`` seconds.

    Oxigraph queries cannot be interrupted from Python, so the query runs in its
    own process (which opens the store read-only) and is killed when time is up.
    """
    import os
    import signal
    import tempfile
    import time

    from kg.errors import KGError

    with tempfile.TemporaryFile() as out:
        pid = os.fork()
        if pid == 0:  # child
            code = 0
            try:
                with Store.open_read(store_path) as st:
                    data = render_result(run(st, text, params), fmt).encode("utf-8")
            except KGError as exc:
                data, code = f"{type(exc).__name__}\t{exc.exit_code}\t{exc.args[0]}".encode(), 100
            except BaseException as exc:  # noqa: BLE001  (reported by the parent as a query failure)
                data, code = f"QueryError\t2\t{Errors.KG308.format(reason=exc)}".encode(), 100
            out.write(data)
            out.flush()
            os._exit(code)
        deadline = time.monotonic() + timeout
        pause = 0.001
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() >= deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise QueryError(Errors.KG309.format(seconds=timeout))
            time.sleep(pause)
            pause = min(pause * 2, 0.02)
        out.seek(0)
        data = out.read()
    if os.waitstatus_to_exitcode(status) == 100:
        kind, code, message = data.decode("utf-8").split("\t", 2)
        from kg import errors

        exc = getattr(errors, kind, QueryError)(message)
        raise exc
    if os.waitstatus_to_exitcode(status) != 0:
        raise QueryError(Errors.KG310.format(status=os.waitstatus_to_exitcode(status)))
    return data.decode("utf-8")
