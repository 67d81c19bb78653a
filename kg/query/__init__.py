"""Named queries from queries/*.rq, run against the store with bound parameters.

catalogue  the shipped .rq files; query or update
run        SPARQL over the store, bindings as terms; rows read lazily (run_lazy)
format     table / CSV / TSV / SPARQL JSON, written as rows come (pyoxigraph serialises)
timeout    a read query in a child process, streamed, killed when it goes quiet too long

Imports neither spaCy nor rdflib: ``kg query`` must start fast.
"""

from kg.query.catalogue import NamedQuery, is_update, named_queries, resolve_query
from kg.query.format import RESULT_FORMATS, format_rows, render_result, write_result
from kg.query.run import plain, run, run_lazy, to_dataframe
from kg.query.timeout import run_with_timeout, stream_query

__all__ = ["RESULT_FORMATS", "NamedQuery", "format_rows", "is_update", "named_queries", "plain", "render_result",
           "resolve_query", "run", "run_lazy", "run_with_timeout", "stream_query", "to_dataframe", "write_result"]
