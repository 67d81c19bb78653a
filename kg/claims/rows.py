"""The rows of the named queries ``counts`` and ``statements``, read the fast way for kg claims.

The named queries cut each row's sentence (and a statement's quote) out of the article's
kg:text in SPARQL, which took as long again as finding the rows (2,000 articles: 18,000
counts and 26,000 statements). Here queries/internal/claims_*.rq find the rows and their spans,
and the strings are cut in Python, from each article's text read once, as the named queries cut
them (a test holds the two equal on the seeds). Counts also get their own text (``text``) and
where it starts in the sentence (``at``): how a sentence reads a count needs the words around it.
"""

from __future__ import annotations

from typing import Any

from kg.query import run
from kg.resources import queries_dir
from kg.store import Store

__all__ = ["count_rows", "read_rows", "statement_rows"]

Row = dict[str, Any]


def _query(store: Store, name: str) -> list[dict[str, str | None]]:
    text = (queries_dir() / "internal" / f"{name}.rq").read_text(encoding="utf-8")
    variables, result = run(store, text)
    return [{v: (None if t is None else t.value) for v, t in zip(variables, r, strict=True)} for r in result]


def _int(text: str | None) -> int | None:
    """xsd:integer(text) as SPARQL casts it: None (unbound) for anything but an integer."""
    if text is None:
        return None
    t = text.strip()
    body = t[1:] if t[:1] in "+-" else t
    return int(t) if body.isdecimal() and body.isascii() else None


def _before(text: str, sep: str) -> str:
    return text.partition(sep)[0] if sep in text else ""


def _after(text: str, sep: str) -> str:
    return text.partition(sep)[2]


def _cut(doc: str, start: int | None, end: int | None) -> str | None:
    """SUBSTR(doc, start + 1, end - start) (None where SPARQL's would be unbound)."""
    if start is None or end is None:
        return None
    return doc[max(start, 0):max(end, 0)] if end > start else ""


def _sentence(texts: dict[str, tuple[str, str]], g: str, k: str) -> tuple[int | None, str | None]:
    """Where sentence ``k`` of graph ``g`` starts and its text, as the named queries find them."""
    doc, sents = texts[g]
    sx = _after(f" {sents} ", f" {k}:")
    start = _int(_before(sx, "-"))
    return start, _cut(doc, start, _int(_before(_after(sx, "-"), " ")))


def _texts(store: Store) -> dict[str, tuple[str, str]]:
    return {r["g"]: (r["doc"] or "", r["sents"] or "") for r in _query(store, "claims_texts")}


def _ordered(rows: list[tuple[str, int | None, str, Row]]) -> list[Row]:
    """In the named queries' order: ?source, the span's start (unbound first), the node's IRI."""
    rows.sort(key=lambda r: (r[0], r[1] is not None, r[1] or 0, r[2]))
    return [r[3] for r in rows]


def count_rows(store: Store, texts: dict[str, tuple[str, str]] | None = None) -> list[Row]:
    """The rows of ``counts`` (value, upper, qualifier, what, event, date, place, source, sentence), "" where
    unbound, with ``text`` (the count as written) and ``at`` (its offset in the sentence, None if unknown)."""
    texts = _texts(store) if texts is None else texts
    out = []
    for r in _query(store, "claims_counts"):
        if r["g"] not in texts:
            continue
        span = r["span"] or ""
        begin, sentence = _sentence(texts, r["g"], _after(_after(span, " "), " "))
        start, end = _int(_before(span, " ")), _int(_before(_after(span, " "), " "))
        etype = r["etype"] or ""
        row = {"value": r["value"] or "", "upper": r["upper"] or "", "qualifier": r["stated"] or "exact",
               "what": r["what"] or "", "event": _after(etype, "#"), "date": r["date"] or "",
               "place": r["place"] or "", "source": r["source"] or "", "sentence": sentence or "",
               "text": _cut(texts[r["g"]][0], start, end) or "",
               "at": start - begin if start is not None and begin is not None else None}
        out.append((row["source"], start, r["c"] or "", row))
    return _ordered(out)


def statement_rows(store: Store, texts: dict[str, tuple[str, str]] | None = None) -> list[Row]:
    """The rows of ``statements`` (speaker, speakerLabel, quote, source, sentence), "" where unbound."""
    texts = _texts(store) if texts is None else texts
    out = []
    for r in _query(store, "claims_statements"):
        if r["g"] not in texts:
            continue
        span = r["span"] or ""
        rest = _after(_after(span, " "), " ")
        _, sentence = _sentence(texts, r["g"], _before(rest, " ") if " " in rest else rest)
        q = _after(rest, " ")
        qs = _int(_before(q, " "))
        quote = r["written"] if r["written"] is not None else _cut(texts[r["g"]][0], qs, _int(_after(q, " ")))
        label = r["label"] if r["label"] is not None else r["speakerText"]
        row = {"speaker": r["speaker"] or "", "speakerLabel": label or "", "quote": quote or "",
               "source": r["source"] or "", "sentence": sentence or ""}
        out.append((row["source"], _int(_before(span, " ")), r["st"] or "", row))
    return _ordered(out)


def read_rows(store: Store) -> tuple[list[Row], list[Row]]:
    """The rows of ``counts`` and of ``statements`` (each article's text read once for both)."""
    texts = _texts(store)
    return count_rows(store, texts), statement_rows(store, texts)

