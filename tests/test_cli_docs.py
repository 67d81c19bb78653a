"""The CLI reference of the docs (docs/cli.md) is checked against the real CLI: one row per command,
naming exactly the options that `kg COMMAND --help` shows; every command's help has
an example."""

from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner

from kg.cli import main

from .conftest import ROOT

OPTION = re.compile(r"(?<![\w-])(--?[a-zA-Z][\w-]*)")


def _reference() -> dict[str, str]:
    """command name -> the synopsis cell of its row in the CLI reference (docs/cli.md)."""
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert page.startswith("# CLI reference\n")
    section = page.split("\n## ", 1)[0]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        m = re.match(r"^\| `(kg [^`]+)` \| .+ \|$", line)
        if m:
            synopsis = m.group(1).replace("\\|", "|")
            name = synopsis.split()[1]
            assert name not in rows, f"two rows for kg {name}"
            rows[name] = synopsis
    return rows


def _help_options(cmd: click.Command) -> list[tuple[str, ...]]:
    """Each option --help lists, as its names (e.g. ('-o', '--output')); --help itself left out."""
    ctx = click.Context(cmd, info_name=cmd.name, **cmd.context_settings)  # as kg makes it: -h and --help
    return [tuple(p.opts + p.secondary_opts) for p in cmd.get_params(ctx)
            if isinstance(p, click.Option) and not p.hidden and "--help" not in p.opts]


def test_every_command_has_a_row_and_every_row_a_command():
    rows = _reference()
    assert sorted(rows) == sorted(main.commands)


@pytest.mark.parametrize("name", sorted(main.commands))
def test_row_names_exactly_the_options_of_the_help(name):
    synopsis = _reference()[name]
    options = _help_options(main.commands[name])
    help_text = CliRunner().invoke(main, [name, "--help"]).output
    named = set(OPTION.findall(synopsis.split(maxsplit=2)[-1]))
    missing = [names for names in options if not named & set(names)]
    assert not missing, f"kg {name}: the docs/cli.md row leaves out {missing}"
    real = {n for names in options for n in names}
    unknown = named - real
    assert not unknown, f"kg {name}: the docs/cli.md row names {sorted(unknown)}, which --help does not list"
    for names in options:  # what the help shows is what the row was checked against
        assert any(n in help_text for n in names), names


@pytest.mark.parametrize("name", sorted(main.commands))
def test_every_command_help_has_an_example(name):
    cmd = main.commands[name]
    assert cmd.help and cmd.help.strip(), name
    r = CliRunner().invoke(main, [name, "--help"])
    assert r.exit_code == 0
    examples = re.findall(r"^\s*Example: (kg \S+.*)$", r.output, re.MULTILINE)
    assert examples, f"kg {name} --help has no 'Example: kg ...' line"
    assert all(e.split()[1] == name for e in examples), examples
