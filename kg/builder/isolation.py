"""One article at a time in a process of its own: how a build finds the article that kills or
hangs its extraction worker (a segmentation fault in a native library, the kernel's out-of-memory
kill, a tokenizer that never ends) and skips it with a message, instead of stopping.

When a worker of the pool dies or a batch overruns its time, every batch that was in flight is
run again here, article by article, in one worker process kept for the purpose: an article that
kills it or overruns its own time is reported (``Done.error``, KG002) and the process replaced;
the others are extracted as usual.
"""

from __future__ import annotations

import multiprocessing
import signal
from typing import Any

from kg.errors import Errors
from kg.types import Article

BASE_SECONDS = 120.0  # per article: loading the pipeline and a short text, with a wide margin
MAX_SECONDS = 7 * 86400.0  # (a wait longer than this overflows select() and threading's timeouts)
CHARS_PER_SECOND = 1000.0  # ... plus one second per 1,000 characters (spaCy reads 20 to 100 times faster)


def time_limit(articles: list[Article], per_article: float | None = None) -> float:
    """Seconds a batch may take: ``per_article`` each when given, else BASE_SECONDS plus a second per
    CHARS_PER_SECOND characters for each article."""
    if per_article is not None:
        return min(per_article * max(1, len(articles)), MAX_SECONDS)
    return min(sum(BASE_SECONDS + len(a.text) / CHARS_PER_SECOND for a in articles), MAX_SECONDS)


def death(exitcode: int | None) -> str:
    """How a process ended, in words ("killed by signal SIGSEGV", "exited with status 1")."""
    if exitcode is None:
        return "ended without a status"
    if exitcode < 0:
        try:
            return f"killed by signal {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"killed by signal {-exitcode}"
    return f"exited with status {exitcode}"


def failed(article: Article, kind: str, detail: str) -> Any:
    from kg.builder.workers import Done

    return Done(article.source, error=Errors.KG002.format(path=article.path or article.source, kind=kind,
                                                          detail=detail + "; skipped"))


READY_SECONDS = 600.0  # building the pipeline in the isolated process (not counted in an article's time)


def _serve(conn: Any, ner: str) -> None:
    """The isolated worker: builds the pipeline, says so, then batches in, results out, until the
    parent closes the pipe."""
    from kg.builder.workers import _exit_with_parent, init_worker, run_alone

    _exit_with_parent()
    init_worker(ner)
    conn.send("ready")
    while True:
        try:
            articles = conn.recv()
        except EOFError:
            return
        conn.send([d for a in articles for d in run_alone(a, ner)])


class Solo:
    """A worker process that extracts one article at a time (``run``), replaced when an article
    kills it or overruns ``per_article`` seconds (kg.builder.isolation.time_limit)."""

    def __init__(self, ner: str, per_article: float | None = None) -> None:
        self.ner, self.per_article = ner, per_article
        self._proc: Any = None
        self._conn: Any = None

    def _start(self) -> None:
        ctx = multiprocessing.get_context("fork")
        self._conn, child = ctx.Pipe()
        self._proc = ctx.Process(target=_serve, args=(child, self.ner), daemon=True, name="kg-isolated")
        self._proc.start()
        child.close()
        if not self._conn.poll(READY_SECONDS) or self._conn.recv() != "ready":
            raise EOFError  # (no pipeline: what run() does with a process that died)

    def run(self, article: Article) -> list[Any]:
        """``run_batch([article])`` in the isolated process; a crash or an overrun is a failed article."""
        limit = time_limit([article], self.per_article)
        try:
            if self._proc is None:
                self._start()
            self._conn.send([article])
            if self._conn.poll(limit):
                return self._conn.recv()
        except (EOFError, OSError):  # the process died (a broken pipe, or no answer)
            self._proc.join(5)
            what = death(self._proc.exitcode)
            self.close(kill=True)
            return [failed(article, "crash", f"the extraction process {what}")]
        except Exception as exc:  # noqa: BLE001 - a result that cannot be read back, ...: this article only
            self.close(kill=True)
            return [failed(article, type(exc).__name__, str(exc)[:200])]
        self.close(kill=True)
        return [failed(article, "timeout", f"no result after {limit:g} s")]

    def close(self, *, kill: bool = False) -> None:
        """End the process: it stops when its pipe closes; ``kill``, or one that does not stop, is killed."""
        if self._proc is None:
            return
        self._conn.close()
        if not kill:
            self._proc.join(5)
        if self._proc.is_alive():
            self._proc.kill()
        self._proc.join(5)
        self._proc = self._conn = None
