"""Curation: analysts' corrections to the graph, kept as data and applied to the article graphs.

model.py    ``Correction`` and its RDF form in the curation graph (``id/curation``)
apply.py    one article graph's quads + the corrections -> the rewritten quads (pure)
naming.py   which entity a name, IRI or short form means; the article graphs it is in
records.py  the curation graph: the corrections, where they applied, their counter
write.py    one correction made: applied and recorded in one journal commit (kg.store.journal)
curate.py   the commands: merge, retype, relabel, split, reject, affiliate (and the rest re-exported)
status.py   listing, apply_all (kg curation apply), undo
hooks.py    kg build's hook (for_write) and kg load's (read, load)
"""

from kg.curation.model import ACTIONS, Correction

__all__ = ["ACTIONS", "Correction"]
