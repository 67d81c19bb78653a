"""The exceptions kg raises and the catalogue of their messages, each with a stable code.

KGError                  base class; ``code`` is the message's stable identifier, ``exit_code`` the status
├── InputError           an article, path or argument cannot be used (missing, empty, binary, ...)
├── StoreError           the store cannot be opened or written (path is a file, in use, ...)
├── QueryError           a SPARQL query is unknown, malformed or not allowed (exit 2)
├── ModelError           an optional spaCy pipeline is not installed
├── ValidationError      an ontology or shapes file is unusable
└── RemoteError          a remote graph store or the SPARQL server failed (exit 4)

Every message lives in ``Errors`` under its code, as spaCy's ``Errors`` does: reading
``Errors.KG101`` gives the template with its code in front ("[KG101] ..."), and the
raise site fills it in with ``.format(...)``. A code is never reused for another message;
users and tests can search for it. The CLI prints ``kg: [KG101] ...`` and exits with the
exception's ``exit_code``.

Ranges: KG1xx input, KG2xx store, KG3xx query, KG4xx model, KG5xx validation,
KG6xx remote, KG7xx output files.
"""

from __future__ import annotations

import re

_CODE = re.compile(r"^\[(KG\d{3})\] ")


class _Catalogue(type):
    def __getattribute__(cls, name: str) -> str:
        value = super().__getattribute__(name)
        if name.startswith("KG") and isinstance(value, str):
            return f"[{name}] {value}"
        return value


class Errors(metaclass=_Catalogue):
    """code -> message template. Add new messages at the end of their range."""


def catalogue() -> dict[str, str]:
    """Every code with its bare template (for tests and documentation)."""
    return {k: v for k, v in vars(Errors).items() if k.startswith("KG") and isinstance(v, str)}


class KGError(Exception):
    code = "KG000"  # the default for a message that is not (yet) in the catalogue
    exit_code = 1

    def __init__(self, message: str = "", *args: object) -> None:
        super().__init__(message, *args)
        m = _CODE.match(message)
        if m:
            self.code = m.group(1)

    @property
    def message(self) -> str:
        """The message without its code."""
        return _CODE.sub("", str(self.args[0]) if self.args else "")

    def __str__(self) -> str:
        return f"[{self.code}] {self.message}"


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
