"""Articles whose extraction failed, remembered beside the store (``STORE/failed-articles.json``):
the next build does not run an unchanged article through the same pipeline again (a crash costs
a worker and a round of isolation, kg.builder.isolation); it is reported again as failed, with
the first message. A changed text or another pipeline (kg.nlp.assemble.extractor_id) is tried
again. An article given up for its time is not remembered: a busy machine may be the cause.

The file is a cache: missing or unreadable, every article is simply tried.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from kg.types import Article

FILE = "failed-articles.json"
AGAIN = " (as in an earlier build: the text and the pipeline are unchanged, so it was not tried again)"


class KnownBad:
    def __init__(self, store: Path, extractor: str) -> None:
        self.path, self.extractor = Path(store) / FILE, extractor
        self._changed = False
        self._tracked: dict[str, str] = {}  # source -> hash of the articles sent to extraction
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self._bad: dict[str, dict[str, str]] = data if isinstance(data, dict) else {}
        except (OSError, ValueError, RecursionError):
            self._bad = {}

    def skip(self, article: Article) -> str | None:
        """The message for an article that failed before as it is now, else None (and it is tracked)."""
        entry = self._bad.get(article.source)
        if isinstance(entry, dict) and entry.get("hash") == article.content_hash \
                and entry.get("extractor") == self.extractor and isinstance(entry.get("error"), str):
            return entry["error"] + AGAIN
        self._tracked[article.source] = article.content_hash
        return None

    def failed(self, source: str, error: str) -> None:
        content_hash = self._tracked.pop(source, None)
        if content_hash is not None and "(timeout: " not in error:
            self._bad[source] = {"hash": content_hash, "extractor": self.extractor, "error": error}
            self._changed = True

    def written(self, source: str) -> None:
        self._tracked.pop(source, None)
        if self._bad.pop(source, None) is not None:
            self._changed = True

    def save(self) -> None:
        """Write the file when it changed (whole or not at all); none when nothing failed."""
        if not self._changed or not self.path.parent.is_dir():
            return
        try:
            if not self._bad:
                self.path.unlink(missing_ok=True)
                return
            tmp = self.path.with_name(self.path.name + ".tmp")
            tmp.write_text(json.dumps(self._bad, indent=1, sort_keys=True, ensure_ascii=False), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError:
            pass  # a cache: the next build tries those articles again
