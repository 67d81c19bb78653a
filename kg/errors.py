"""The exceptions kg raises. The CLI turns them into one-line messages.

KGError                  base class; ``code`` is a stable identifier, ``exit_code`` the status
├── InputError           an article or path cannot be read (missing, empty, binary, ...)
├── StoreError           the store cannot be opened or written (path is a file, in use, ...)
├── QueryError           a SPARQL query is unknown, malformed or not allowed (exit 2)
├── ModelError           an optional spaCy pipeline is not installed
├── ValidationError      an ontology or shapes file is unusable
└── RemoteError          a remote graph store or the SPARQL server failed (exit 4)
"""

from __future__ import annotations


class KGError(Exception):
    code = "KG000"
    exit_code = 1

    def __str__(self) -> str:
        return f"[{self.code}] {super().__str__()}"


class InputError(KGError):
    code = "KG100"


class StoreError(KGError):
    code = "KG200"


class QueryError(KGError):
    code = "KG300"
    exit_code = 2


class ModelError(KGError):
    code = "KG400"


class ValidationError(KGError):
    code = "KG500"


class RemoteError(KGError):
    code = "KG600"
    exit_code = 4
