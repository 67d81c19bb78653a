"""The kg command line: one module per command group, thin click commands over
plain functions. Library errors become one-line user errors here only.

A command's module is imported when the command is run (or listed, by ``--help``):
``kg query`` does not pay for importing what ``kg build`` or ``kg render`` need."""

from __future__ import annotations

import importlib

import click

from kg.cli.options import KGGroup

HELP_OPTIONS = ["-h", "--help"]

# command name -> (module, attribute)
COMMANDS: dict[str, tuple[str, str]] = {
    "build": ("kg.cli.build", "build"), "remove": ("kg.cli.build", "remove"),
    "articles": ("kg.cli.corpus", "articles"), "top": ("kg.cli.corpus", "top"),
    "neighbours": ("kg.cli.corpus", "neighbours"), "why": ("kg.cli.corpus", "why"),
    "query": ("kg.cli.query", "query"), "queries": ("kg.cli.query", "queries"),
    "render": ("kg.cli.views", "render"), "timeline": ("kg.cli.views", "timeline"),
    "claims": ("kg.cli.claims", "claims"),
    "merge": ("kg.cli.curation", "merge"), "retype": ("kg.cli.curation", "retype"),
    "relabel": ("kg.cli.curation", "relabel"), "split": ("kg.cli.curation", "split"),
    "reject": ("kg.cli.curation", "reject"), "affiliate": ("kg.cli.curation", "affiliate"),
    "curation": ("kg.cli.curation", "curation"),
    "export": ("kg.cli.rdf", "export"), "load": ("kg.cli.rdf", "load"), "push": ("kg.cli.rdf", "push"),
    "validate": ("kg.cli.rdf", "validate"),
    "serve": ("kg.cli.store", "serve"), "stats": ("kg.cli.store", "stats"), "compact": ("kg.cli.store", "compact"),
    "eval": ("kg.cli.evaluate", "eval_"), "train": ("kg.cli.train", "train"),
}


class _Commands(dict):
    """click's table of commands, filled as commands are asked for (``get``, ``[]``), or all
    at once when the table is listed."""

    def _load(self, name: str) -> None:
        if name in COMMANDS and not dict.__contains__(self, name):
            module, attribute = COMMANDS[name]
            command = getattr(importlib.import_module(module), attribute)
            # -h on the command itself too: click keeps the help option a command first made, so one
            # run alone (as a test or a notebook does) must not leave it without -h
            command.context_settings.setdefault("help_option_names", HELP_OPTIONS)
            dict.__setitem__(self, name, command)

    def _load_all(self) -> None:
        for name in COMMANDS:
            self._load(name)

    def get(self, name, default=None):  # noqa: ANN001, ANN201 (dict's signature)
        self._load(name)
        return dict.get(self, name, default)

    def __getitem__(self, name):  # noqa: ANN001, ANN204
        self._load(name)
        return dict.__getitem__(self, name)

    def __contains__(self, name) -> bool:  # noqa: ANN001
        return name in COMMANDS or dict.__contains__(self, name)

    def __iter__(self):  # noqa: ANN204
        self._load_all()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._load_all()
        return dict.__len__(self)

    def keys(self):  # noqa: ANN201
        self._load_all()
        return dict.keys(self)

    def values(self):  # noqa: ANN201
        self._load_all()
        return dict.values(self)

    def items(self):  # noqa: ANN201
        self._load_all()
        return dict.items(self)


@click.group(cls=KGGroup, context_settings={"help_option_names": HELP_OPTIONS})
@click.version_option(package_name="kg")
def main() -> None:
    """Build a knowledge graph from news articles, then query, render and export it."""


main.commands = _Commands()

__all__ = ["COMMANDS", "main"]
