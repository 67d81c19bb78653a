"""The corrections of the Python API (kg.api.Graph's merge, retype, relabel, split, reject,
affiliate, curation, undo): each runs as its kg command does, with the store opened for
writing for the time of the correction, then read again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kg._results import Result

if TYPE_CHECKING:
    import networkx

    from kg.store import Store


class Curating:
    """The correction methods of :class:`kg.api.Graph`."""

    path: Path
    store: Store  # kg.api.Graph's property
    _store: Store | None
    _network: networkx.MultiGraph | None

    def _correct(self, do: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a correction with the store open for writing, then read it again."""
        from kg.store import Store

        self.store.close()
        self._store, self._network = None, None
        try:
            with Store(self.path, create=False) as st:
                return do(st, *args, **kwargs)
        finally:
            self._store = Store.open_read(self.path)

    def merge(self, keep: str, other: str, *, note: str | None = None, by: str | None = None) -> str:
        """Merge ``other`` into ``keep`` (as ``kg merge``): every occurrence of ``other`` becomes
        ``keep``, its names ``keep``'s aliases. Entities are given as ``kg merge`` takes them (an
        IRI, ``person/jane-doe``, or a name one entity has). Returns the line ``kg merge`` prints.

        >>> g.merge("organisation/operation-inherent-resolve", "organisation/cjtf-oir")
        """
        from kg.curation import curate

        return self._correct(curate.merge, keep, other, by=by, note=note).line()

    def retype(self, entity: str, type: str, *, note: str | None = None, by: str | None = None) -> str:  # noqa: A002
        """Give ``entity`` another type (Organisation, Person or Place), as ``kg retype``."""
        from kg.curation import curate

        return self._correct(curate.retype, entity, type, by=by, note=note).line()

    def relabel(self, entity: str, label: str, *, note: str | None = None, by: str | None = None) -> str:
        """Give ``entity`` the preferred name ``label`` (the old one becomes an alias), as ``kg relabel``."""
        from kg.curation import curate

        return self._correct(curate.relabel, entity, label, by=by, note=note).line()

    def split(self, entity: str, alias: str, *, note: str | None = None, by: str | None = None) -> str:
        """Move the mentions of ``entity`` that read ``alias`` to a new entity, as ``kg split``."""
        from kg.curation import curate

        return self._correct(curate.split, entity, alias, by=by, note=note).line()

    def reject(self, target: str, *, note: str | None = None, by: str | None = None) -> str:
        """Reject an entity or one fact (its IRI as the provenance query gives it), as ``kg reject``."""
        from kg.curation import curate

        return self._correct(curate.reject, target, by=by, note=note).line()

    def affiliate(self, person: str, organisation: str, *, role: str = "", spokesperson: bool = False,
                  article: str | None = None, note: str | None = None, by: str | None = None) -> str:
        """Add an affiliation the extraction missed, as ``kg affiliate``.

        >>> g.affiliate("Mustafa Bali", "SDF", role="spokesman", spokesperson=True)
        """
        from kg.curation import curate

        return self._correct(curate.affiliate, person, organisation, role=role, spokesperson=spokesperson,
                             article=article, by=by, note=note).line()

    def curation(self) -> Result:
        """The corrections, as ``kg curation`` lists them: n, when, who, action, target, detail,
        note, status (applied to k articles, or target gone)."""
        from kg.cli.curation import COLUMNS, rows
        from kg.curation.curate import listing

        table = rows(listing(self.store))
        return Result(list(COLUMNS), [(int(r[0]), *r[1:]) for r in table])

    def undo(self, n: int) -> str:
        """Remove correction ``n`` and extract the articles it changed again (as ``kg curation
        --undo N``; loads spaCy). Returns what was undone."""
        from kg.curation import curate

        outcome = self._correct(curate.undo, n)
        return f"correction {n} undone: {outcome.correction.describe()} ({len(outcome.articles)} articles)"
