"""kg: build an RDF knowledge graph from news articles.

Data flow (one module per stage)::

    ingest  -> Article            (files, folders, metadata, publication date)
    nlp     -> spaCy Doc          (registered components, data-file patterns)
    extract -> Extraction         (mentions, entities, affiliations, counts, dates, statements)
    mapping -> RDF quads          (the only place IRIs are minted)
    store   -> Oxigraph on disk   (one named graph per article)
    query / render / export / validate read the store.
"""

__version__ = "0.1.0"
