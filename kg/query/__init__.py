"""Named queries from queries/*.rq, run against the store with bound parameters.

catalogue  the shipped .rq files; query or update
run        SPARQL over the store, bindings as terms
format     table / CSV / TSV / SPARQL JSON text
timeout    a read query in a child process killed at its deadline

Imports neither spaCy nor rdflib: ``kg query`` must start fast.
"""

from kg.query.catalogue import NamedQuery, is_update, named_queries, resolve_query
from kg.query.format import format_rows, render_result
from kg.query.run import plain, run, to_dataframe
from kg.query.timeout import run_with_timeout

__all__ = ["NamedQuery", "format_rows", "is_update", "named_queries", "plain", "render_result", "resolve_query", "run",
           "run_with_timeout", "to_dataframe"]
