"""The notebook only calls kg: run its code cells so it cannot go stale."""

import json
import os

from .conftest import ROOT


def test_explore_notebook_runs(tmp_path, capsys):
    nb = json.loads((ROOT / "notebooks" / "explore.ipynb").read_text(encoding="utf-8"))
    namespace: dict = {}
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                exec(compile("".join(cell["source"]), "explore.ipynb", "exec"), namespace)  # noqa: S102
    finally:
        os.chdir(cwd)
    out = capsys.readouterr().out
    assert "5 articles added" in out and "Mustafa Bali" in out
    assert any(r["organisationLabel"] == "Syrian Democratic Forces" for r in namespace["tables"]["spokespeople"])
