"""kg build: the one place the stages are chained (ingest -> nlp -> rdf -> store).

runner   build() and remove(): what to extract, one write loop into the store
workers  extraction in forked worker processes (local executor)
cluster  extraction on a Dask distributed cluster
"""
