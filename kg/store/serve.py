"""``kg serve``: expose the store as a SPARQL 1.1 endpoint: the Oxigraph server
(the ``oxigraph`` package's binary) over the store folder, on a private loopback
port, behind kg's own front on the user's port (kg.store.front, kg.store.engine),
which checks each request and restarts the engine if a request crashes it.

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


def serve(store: Path, port: int, bind: str = "127.0.0.1", writable: bool = False, timeout: int | None = None,
          *, services: tuple[str, ...] = (), origins: tuple[str, ...] = (), hosts: tuple[str, ...] = (),
          token: str | None = None, log=None) -> None:  # noqa: ANN001
    """Serve ``store`` on ``bind``:``port`` until interrupted: kg's front (kg.store.front) in
    front of the Oxigraph server on a private loopback port (kg.store.engine).

    ``token``: the bearer token writes need with ``writable`` (KG_SERVE_TOKEN, else a new one,
    announced on standard error). ``log`` takes one line per event (standard error by default)."""
    import secrets
    import signal

    from kg.store.engine import Engine
    from kg.store.front import Front, Policy, accepted_hosts

    say = log or (lambda line: print(f"kg serve: {line}", file=sys.stderr, flush=True))
    command(store, port, bind, writable, timeout)  # a missing store or server fails here, before anything
    if writable:
        token = token or os.environ.get("KG_SERVE_TOKEN") or secrets.token_urlsafe(24)
        from kg.store.summary import FILE  # the corpus summary cannot follow the updates the server will take

        (store / FILE).unlink(missing_ok=True)
    policy = Policy(writable=writable, token=token, hosts=accepted_hosts(bind, port, hosts),
                    origins=frozenset(o.rstrip("/").lower() for o in origins), services=frozenset(services),
                    wildcard=bind in ("0.0.0.0", "::", ""), timeout=float(timeout or 30))
    engine = Engine(oxigraph_binary(), store, writable=writable, timeout=timeout, log=say)
    try:
        front = Front((bind, port), policy, engine, say)
    except (OSError, OverflowError, UnicodeError) as exc:
        raise RemoteError(Errors.KG630.format(bind=bind, port=port, reason=getattr(exc, "strerror", None) or exc)) \
            from None
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGHUP, _stop)
    try:
        engine.start()
        host = f"[{bind}]" if ":" in bind else bind
        say(f"SPARQL endpoint: http://{host}:{port}/query ({'read-write' if writable else 'read-only'}; "
            f"store {store})")
        if writable and not os.environ.get("KG_SERVE_TOKEN"):
            say(f"write token: {token} (send 'Authorization: Bearer TOKEN' with each update; "
                "set KG_SERVE_TOKEN to choose it)")
        front.serve_forever(poll_interval=0.5)
    except KeyboardInterrupt:
        pass
    finally:
        front.server_close()
        engine.stop()


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
