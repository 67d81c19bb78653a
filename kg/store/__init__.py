"""The store: an embedded, persistent Oxigraph database, one named graph per article.

local  the Store class (the only persistence code), its lock and default path
serve  the Oxigraph SPARQL server over a store
stats  what a store holds
compact  the store written again in one pass (kg compact)
"""

from kg.store.local import DEFAULT_STORE, ENV_STORE, Store, default_path, destroy

__all__ = ["DEFAULT_STORE", "ENV_STORE", "Store", "default_path", "destroy"]
