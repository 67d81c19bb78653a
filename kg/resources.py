"""Where the shipped ontology and named queries are, installed or in a checkout."""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    # Installed wheel: kg/<name>/ ; checkout or editable install: <repo>/<name>/
    for candidate in (_PKG / name, _PKG.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"kg is missing its {name}/ folder (looked in {_PKG})")


def ontology_dir() -> Path:
    return _find("ontology")


def queries_dir() -> Path:
    return _find("queries")


def nlp_data_dir() -> Path:
    return _PKG / "nlp" / "data"
