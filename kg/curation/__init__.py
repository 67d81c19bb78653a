"""Curation: analysts' corrections to the graph, kept as data and applied to the article graphs.

model.py   ``Correction`` and its RDF form in the curation graph (``id/curation``)
apply.py   one article graph's quads + the corrections -> the rewritten quads (pure)
curate.py  corrections on a store: merge, retype, relabel, split, reject, affiliate, listing,
           undo, apply_all, and the hooks of kg build (curate_batch) and kg load (load)
"""

from kg.curation.model import ACTIONS, Correction

__all__ = ["ACTIONS", "Correction"]
