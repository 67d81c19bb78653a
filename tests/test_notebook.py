"""CI executes notebooks/explore.ipynb with nbclient (a real Jupyter kernel), so it cannot go stale."""

import pytest

from .conftest import ROOT

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")


def test_explore_notebook_executes():
    nb = nbformat.read(ROOT / "notebooks" / "explore.ipynb", as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    text = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            text.append(out.get("text", ""))
            text.append(str(out.get("data", {}).get("text/plain", "")))
            text.append(str(out.get("data", {}).get("text/html", "")))
    joined = "\n".join(text)
    assert "5 articles added" in joined
    assert "Syrian Democratic Forces" in joined and "spokesman" in joined  # the spokespeople DataFrame
    assert "degree centrality" in joined and "Baghouz" in joined  # networkx analysis
    assert "connected to" in joined and "Syrian Democratic Forces" in joined
    assert "<iframe" in joined  # the interactive view inline
    assert "value: Float64" in joined and "qualifier: string" in joined  # typed DataFrame columns
    assert "Monday" in joined and "2019-03-04" in joined  # the bound query: one article's dates


def test_explore_notebook_uses_only_the_public_api():
    import re

    import kg

    nb = nbformat.read(ROOT / "notebooks" / "explore.ipynb", as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert not re.search(r"^\s*(from|import)\s+kg\.", code, re.M), "imports a kg submodule"
    used = set(re.findall(r"\bkg\.(\w+)", code))
    assert used and used <= set(kg.__all__), used - set(kg.__all__)
