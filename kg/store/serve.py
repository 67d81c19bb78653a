"""``kg serve``: expose the store as a SPARQL 1.1 endpoint by running the
Oxigraph server (the ``oxigraph`` package's binary) over the store folder.

Read-only by default (``oxigraph serve-read-only``); ``--writable`` runs
``oxigraph serve``, which also accepts SPARQL updates and Graph Store writes.
The default graph is the union of the article graphs, as in ``kg query``.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from kg.errors import Errors, RemoteError, StoreError


def oxigraph_binary() -> str:
    """The oxigraph server installed with kg (beside this Python), else on PATH."""
    here = Path(sys.executable).parent / "oxigraph"
    if here.is_file() and os.access(here, os.X_OK):
        return str(here)
    found = shutil.which("oxigraph")
    if found is None:
        raise RemoteError(Errors.KG610)
    return found


def command(store: Path, port: int, bind: str = "127.0.0.1", writable: bool = False,
            timeout: int | None = None) -> list[str]:
    if not (store / "CURRENT").exists():
        raise StoreError(Errors.KG201.format(path=store))
    host = f"[{bind}]" if ":" in bind else bind
    argv = [oxigraph_binary(), "serve" if writable else "serve-read-only",
            "--location", str(store), "--bind", f"{host}:{port}", "--union-default-graph"]
    if timeout:
        argv += ["--timeout-s", str(timeout)]
    return argv


def serve(store: Path, port: int, bind: str = "127.0.0.1", writable: bool = False,
          timeout: int | None = None) -> None:
    """Replace this process with the Oxigraph server (signals go straight to it)."""
    argv = command(store, port, bind, writable, timeout)
    if writable:  # the corpus summary cannot follow the updates the server will take
        from kg.store.summary import FILE

        (store / FILE).unlink(missing_ok=True)
    os.execv(argv[0], argv)
