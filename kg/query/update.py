"""``kg query --update``: the SPARQL update run in a child process of its own.

Oxigraph 0.5.13 aborts the process on a panic (an update whose WHERE sorts with ORDER BY
over mixed literals, docs/oxigraph-panic.md) and on a stack overflow: run in kg's own
process, the update ended kg with a Rust backtrace and no message. In a child, such an
end is KG342 and the store is unchanged (Oxigraph commits an update whole or not at all).

The child is a new interpreter (``python -m kg.query.update``), not a fork: a process that
has opened a RocksDB store before (the Python API, the tests' CliRunner) forks a child whose
RocksDB background threads are gone, and the flush that ends a write waits for them forever.
A read query forks (kg.query.timeout): it never flushes. The child reads the store path, the
update and its parameters as JSON on standard input, writes what ``kg query`` prints on
standard output, and a KGError as ``Kind<TAB>message`` there with exit status 100.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from kg.errors import Errors, QueryError

_FAILED = 100


def run_update(store_path: Path, text: str, params: dict[str, str], fmt: str) -> bytes:
    """Run the update ``text`` on the store at ``store_path`` in a child; what it prints
    ("update applied"). Raises the child's KGError, or QueryError KG342 when the engine
    crashed, KG310 when the child ended otherwise."""
    from kg.query.timeout import _panic

    job = json.dumps({"store": str(store_path), "text": text, "params": params, "fmt": fmt})
    env = {**os.environ, "RUST_BACKTRACE": "0"}
    done = subprocess.run([sys.executable, "-m", "kg.query.update"], input=job.encode("utf-8", "surrogatepass"),
                          capture_output=True, env=env, check=False)
    if done.returncode == 0:
        return done.stdout
    if done.returncode == _FAILED:
        from kg import errors

        kind, _, message = done.stdout.decode("utf-8", "replace").partition("\t")
        error = getattr(errors, kind, QueryError)
        raise (error if isinstance(error, type) and issubclass(error, errors.KGError) else QueryError)(message)
    panic = _panic(done.stderr[-(1 << 16):].decode("utf-8", "replace")) if done.returncode < 0 else None
    if panic:
        raise QueryError(Errors.KG342.format(reason=panic))
    raise QueryError(Errors.KG310.format(status=done.returncode))


def _main() -> int:
    from kg.errors import KGError
    from kg.query.format import render_result
    from kg.query.run import run
    from kg.store import Store

    job = json.loads(sys.stdin.buffer.read().decode("utf-8", "surrogatepass"))
    try:
        with Store(Path(job["store"]), create=False) as st:
            said = render_result(run(st, job["text"], job["params"], update=True), job["fmt"])
    except KGError as exc:
        kind, message = type(exc).__name__, str(exc.args[0]) if exc.args else ""
    except Exception as exc:  # noqa: BLE001 - one line in the parent, as kg.query.timeout's child does
        kind, message = "QueryError", Errors.KG308.format(reason=exc)
    else:
        sys.stdout.buffer.write(said.encode("utf-8"))
        return 0
    sys.stdout.buffer.write(f"{kind}\t{message}".encode("utf-8", "replace"))
    return _FAILED


if __name__ == "__main__":
    sys.exit(_main())
