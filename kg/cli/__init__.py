"""The kg command line: one module per command group, thin click commands over
plain functions. Library errors become one-line user errors here only."""

from __future__ import annotations

import click

from kg.cli.build import build, remove
from kg.cli.claims import claims
from kg.cli.corpus import articles, neighbours, top
from kg.cli.curation import affiliate, curation, merge, reject, relabel, retype, split
from kg.cli.evaluate import eval_
from kg.cli.options import KGGroup
from kg.cli.query import queries, query
from kg.cli.rdf import export, load, push, validate
from kg.cli.store import compact, serve, stats
from kg.cli.train import train
from kg.cli.views import render, timeline


@click.group(cls=KGGroup)
@click.version_option(package_name="kg")
def main() -> None:
    """Build a knowledge graph from news articles, then query, render and export it."""


for _command in (build, remove, articles, query, queries, top, neighbours, render, timeline, claims, merge, retype,
                 relabel, split, reject, affiliate, curation, export, load, push, validate, serve, stats, compact,
                 eval_, train):
    main.add_command(_command)

__all__ = ["main"]
