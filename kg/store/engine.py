"""The Oxigraph server behind ``kg serve``, on a private loopback port, restarted when it dies.

Oxigraph 0.5.13 aborts the whole server on a panic in one request (an ORDER BY
over two variables whose terms do not sort in a total order, docs/oxigraph-panic.md)
and on a stack overflow. ``Engine`` runs it as a child process and a supervisor
thread waits on it: when it exits without being asked to, one log line says how it
ended and what it was answering, and a new one is started on the same port (a
restart takes a few tenths of a second). ``generation`` counts the starts, so a
request that lost its connection can tell a crash from another failure.
"""

from __future__ import annotations

import collections
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from kg.errors import Errors, RemoteError

START_SECONDS = 20.0  # the first start opens the store; a restart is much quicker


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Linux: the engine gets SIGTERM when kg serve dies, even by kill -9 (no orphan holding the store)."""
    if _PRCTL is not None:
        _PRCTL(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _prctl():  # noqa: ANN202
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


_PRCTL = _prctl()


def describe_exit(status: int) -> str:
    if status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = f"signal {-status}"
        what = {"SIGABRT": "a panic", "SIGSEGV": "a stack overflow or a crash", "SIGKILL": "killed (out of memory?)"}
        return f"{name}, {what.get(name, 'a signal')}"
    return f"exit status {status}"


class Engine:
    """``oxigraph serve[-read-only]`` over ``store`` on 127.0.0.1:``port``, kept running."""

    def __init__(self, binary: str, store: Path, *, writable: bool, timeout: int | None,
                 log: Callable[[str], None]) -> None:
        self.argv = [binary, "serve" if writable else "serve-read-only", "--location", str(store),
                     "--union-default-graph"] + (["--timeout-s", str(timeout)] if timeout else [])
        self.log = log
        self.port = free_port()
        self.generation = 0
        self.crashes = 0
        self.last_crash = ""  # how the engine last stopped, for the request that stopped it
        self.crash_inflight = 0  # how many requests it was answering then
        self._proc: subprocess.Popen | None = None
        self._ready = threading.Event()
        self._stopping = False
        self._lock = threading.Lock()
        self._inflight: dict[int, str] = {}
        self._last_words: collections.deque[str] = collections.deque(maxlen=8)

    # ---------------------------------------------------------------- life cycle
    def start(self) -> None:
        """Start the engine and wait until it answers; KG631 if it cannot start."""
        self._spawn()
        if not self._wait_listening(START_SECONDS):
            self.stop()
            said = " ".join(w for w in self._last_words if w) or "no answer on its port"
            raise RemoteError(Errors.KG631.format(reason=said[:500]))
        threading.Thread(target=self._supervise, name="kg-serve-engine", daemon=True).start()

    def stop(self) -> None:
        self._stopping = True
        proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def wait_ready(self, timeout: float) -> bool:
        return self._ready.wait(timeout)

    def _spawn(self) -> None:
        env = {**os.environ, "RUST_BACKTRACE": "0"}  # a panic is one line, not a 70-frame backtrace
        argv = [*self.argv, "--bind", f"127.0.0.1:{self.port}"]
        self._last_words.clear()
        self._proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.PIPE, env=env, preexec_fn=_die_with_parent)
        self._reader = threading.Thread(target=self._read_stderr, args=(self._proc,), daemon=True)
        self._reader.start()
        self.generation += 1

    def _read_stderr(self, proc: subprocess.Popen) -> None:
        assert proc.stderr is not None
        for raw in proc.stderr:
            line = raw.decode("utf-8", "replace").strip()
            if line and not line.startswith(("Listening for requests", "note: run with")):
                self._last_words.append(line)

    def _wait_listening(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        proc = self._proc
        while time.monotonic() < deadline and proc is not None and proc.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    self._ready.set()
                    return True
            except OSError:
                time.sleep(0.01)
        return False

    def _supervise(self) -> None:
        while not self._stopping:
            proc = self._proc
            assert proc is not None
            status = proc.wait()
            if self._stopping:
                return
            self._ready.clear()
            began = time.monotonic()
            with self._lock:
                answering = list(self._inflight.values())
            self.crashes += 1
            self.crash_inflight = len(answering)
            self._restart(status, answering, began)

    def _restart(self, status: int, answering: list[str], began: float) -> None:
        self._reader.join(0.5)  # the panic message, read to the end of its stderr
        why = self._panic_message()
        self.last_crash = describe_exit(status) + (f": {why}" if why else "")
        for attempt in range(3):
            self._spawn()
            if self._wait_listening(START_SECONDS):
                break
            if attempt == 1:  # the port was taken meanwhile
                self.port = free_port()
        else:
            self.log(f"the SPARQL engine stopped ({describe_exit(status)}) and could not be restarted; "
                     "stopping kg serve")
            os.kill(os.getpid(), signal.SIGTERM)
            return
        what = "; ".join(answering[:3]) or "no request"
        self.log(f"the SPARQL engine stopped ({self.last_crash}) while "
                 f"answering {len(answering)} request(s): {what}; restarted in {time.monotonic() - began:.2f} s")

    def _panic_message(self) -> str:
        words = list(self._last_words)
        for i, line in enumerate(words):
            if "panicked at" in line or "has overflowed its stack" in line:
                return (words[i + 1] if "panicked at" in line and i + 1 < len(words) else line)[:200]
        return ""

    # ---------------------------------------------------------------- requests in flight
    def crashed_since(self, generation: int) -> bool:
        """Whether the engine died or was restarted since ``generation`` (looked at for up to 0.5 s)."""
        for _ in range(50):
            proc = self._proc
            if self.generation != generation or (proc is not None and proc.poll() is not None):
                return True
            time.sleep(0.01)
        return False

    def wait_restarted(self, generation: int, timeout: float) -> bool:
        """Wait until a newer engine than ``generation`` answers; True when the one that died
        was answering one request or none (then that request is what stopped it)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not (self.generation > generation and self._ready.is_set()):
            time.sleep(0.01)
        return self.crash_inflight <= 1

    def begin(self, key: int, what: str) -> None:
        with self._lock:
            self._inflight[key] = what

    def end(self, key: int) -> None:
        with self._lock:
            self._inflight.pop(key, None)
