"""Claims side by side: what different articles say about the same happening.

group   pure functions on the rows of the named queries ``counts`` and ``statements``:
        Claim, Figure, StatementGroup; group_counts(), group_statements(), disputed_figures()
store   those rows read from a store with the named queries -> a Comparison
output  a Comparison as the text kg claims prints (table, CSV, JSON)

>>> import kg.claims
>>> with kg.open("/tmp/news") as g:
...     claims = kg.claims.group_counts(g.query("counts"), statements=g.query("statements"))
>>> kg.claims.compare_store("/tmp/news").disputed      # the same, from a store path
"""

from kg.claims.group import (
    Claim,
    Figure,
    Said,
    Source,
    StatementGroup,
    disputed_figures,
    group_counts,
    group_statements,
    interval,
    same_what,
)
from kg.claims.store import Comparison, compare, compare_store

__all__ = ["Claim", "Comparison", "Figure", "Said", "Source", "StatementGroup", "compare", "compare_store",
           "disputed_figures", "group_counts", "group_statements", "interval", "same_what"]
