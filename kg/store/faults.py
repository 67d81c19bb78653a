"""Named points where a test stops or fails a write: the fault hook of the crash tests.

``KG_TEST_FAULT=kill:POINT`` kills the process (SIGKILL, as ``kill -9``) when it reaches
POINT; ``KG_TEST_FAULT=enospc:POINT`` raises the OSError a full disk gives there. Unset (as
always outside the tests), ``point`` does nothing. The points: journal-written,
journal-committed, graphs-removed (Store.write_articles, between removing the old graphs and
loading the new), journal-loaded, journal-removed, flush (Store.flush).
"""

from __future__ import annotations

import errno
import os
import signal

ENV = "KG_TEST_FAULT"


def point(name: str) -> None:
    spec = os.environ.get(ENV)
    if not spec:
        return
    action, _, where = spec.partition(":")
    if where != name:
        return
    if action == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    elif action == "enospc":
        raise OSError(errno.ENOSPC, f"No space left on device ({ENV} at {name})")
