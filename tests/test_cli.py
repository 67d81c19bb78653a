import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg.cli import main

from .conftest import SEEDS


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def _triples(store):
    r = invoke("query", "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }", "--store", store, "--format", "csv")
    return int(r.output.splitlines()[1])


def test_every_command_has_help():
    for name, cmd in main.commands.items():
        assert cmd.help, name
        assert invoke(name, "--help").exit_code == 0


def test_build_query_render_export_validate(tmp_path):
    store = tmp_path / "store"
    r = invoke("build", SEEDS, "--store", store)
    assert r.exit_code == 0 and "5 added" in r.output
    r = invoke("query", "counts", "--store", store, "--format", "csv")
    assert r.exit_code == 0 and r.output.startswith("value,upper,qualifier,what,event,date,place,source,sentence")
    r = invoke("queries")
    assert "spokespeople" in r.output
    out = tmp_path / "g.html"
    r = invoke("render", "--store", store, "-o", out, "--focus", "Mustafa Bali", "--depth", "1")
    assert r.exit_code == 0 and out.exists() and "Mustafa Bali" in out.read_text(encoding="utf-8")
    r = invoke("export", "--store", store, "--format", "nquads", "-o", tmp_path / "g.nq")
    assert r.exit_code == 0 and (tmp_path / "g.nq").stat().st_size > 1000
    r = invoke("validate", "--store", store)
    assert r.exit_code == 0 and "conforms" in r.output


def _bad_inputs(tmp: Path) -> dict[str, tuple[list, str]]:
    (tmp / "empty").mkdir()
    (tmp / "blank.txt").write_text("  \n\t", encoding="utf-8")
    (tmp / "bin.txt").write_bytes(b"\x7fELF\x02\x01\x00\x00binary\x00")
    (tmp / "afile").write_text("not a store")
    return {
        "missing path": (["build", tmp / "missing"], "no such file or folder"),
        "empty file": (["build", tmp / "blank.txt"], "empty article"),
        "binary file": (["build", tmp / "bin.txt"], "binary file"),
        "folder with no articles": (["build", tmp / "empty"], "no articles found"),
        "unknown named query": (["query", "nosuch"], "unknown named query"),
        "malformed query": (["query", "SELECT ?x WHERE { ?x }"], "malformed SPARQL"),
        "update without --update": (["query", "DELETE WHERE { ?s ?p ?o }"], "read-only"),
        "store path is a file": (["build", SEEDS, "--store", tmp / "afile"], "is a file"),
        "missing model": (["build", tmp / "blank.txt", SEEDS, "--model", "no_such_model_xx"], "not installed"),
    }


@pytest.mark.parametrize(
    "case",
    ["missing path", "empty file", "binary file", "folder with no articles", "unknown named query",
     "malformed query", "update without --update", "store path is a file", "missing model"],
)
def test_bad_input_matrix(store_copy, tmp_path, case):
    args, message = _bad_inputs(tmp_path)[case]
    before = _triples(store_copy)
    if "--store" not in args:
        args = [*args, "--store", store_copy]
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exit_code != 0
    assert message in r.output
    assert "Traceback" not in r.output
    assert len([line for line in r.output.splitlines() if line.strip()]) <= 3
    assert _triples(store_copy) == before


def test_query_exit_status_is_2_for_bad_sparql(store_copy):
    r = CliRunner().invoke(main, ["query", "SELECT ?x WHERE { ?x }", "--store", str(store_copy)])
    assert r.exit_code == 2


def test_batch_with_one_bad_file_ingests_the_others(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SEEDS / "000_27735b4e4882bb1f.txt", folder)
    (folder / "bad.txt").write_bytes(b"\x00\x01\x02binary")
    (folder / "latin.txt").write_bytes("Le caf\xe9 fut ferm\xe9 par la police.".encode("latin-1"))
    r = CliRunner().invoke(main, ["build", str(folder), "--store", str(tmp_path / "s")])
    assert "2 added" in r.output and "bad.txt" in r.output and "latin.txt: not UTF-8" in r.output
    assert r.exit_code != 0


def _kg_script() -> str:
    exe = shutil.which("kg", path=str(Path(sys.executable).parent)) or shutil.which("kg")
    assert exe, "the kg console script is not installed"
    return exe


def test_installed_script_runs_outside_the_checkout(tmp_path):
    env = {**os.environ, "KG_STORE": str(tmp_path / "store")}
    r = subprocess.run([_kg_script(), "build", str(SEEDS)], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([_kg_script(), "query", "spokespeople", "--format", "tsv"], cwd=tmp_path, env=env,
                       capture_output=True, text=True)
    assert r.returncode == 0 and "Mustafa Bali" in r.stdout


def test_python_dash_m_kg(tmp_path):
    r = subprocess.run([sys.executable, "-m", "kg", "queries"], cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode == 0 and "counts" in r.stdout


def test_kg_query_does_not_import_spacy(seeds_store):
    code = (
        "import sys\nfrom kg.cli import main\n"
        f"try:\n    main(['query', 'entities', '--store', r'{seeds_store}', '--format', 'csv'])\n"
        "except SystemExit:\n    pass\n"
        "assert 'spacy' not in sys.modules, 'spacy imported'\nprint('ok')"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.stdout.strip().endswith("ok"), r.stderr


def test_kg_query_imports_no_other_commands_module(seeds_store):
    """A command's module is imported when it runs: kg query loads neither the build, views,
    curation or store commands nor the Python API (their imports were a third of its time)."""
    code = (
        "import sys\nfrom kg.cli import main\n"
        f"try:\n    main(['query', 'counts', '--store', r'{seeds_store}', '--format', 'csv', '--timeout', '0'])\n"
        "except SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('kg.cli.', 'kg.api', 'kg.builder', 'kg.views', "
        "'kg.curation', 'kg.rdf.export', 'kg.claims'))))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0 and "source" in r.stdout, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "['kg.cli.options', 'kg.cli.query']", r.stdout[-300:]


def test_every_command_is_listed_under_its_own_name():
    from kg.cli import COMMANDS, main

    assert sorted(main.commands) == sorted(COMMANDS)
    assert all(cmd.name == name for name, cmd in main.commands.items())


def test_format_option_is_shared_and_json_is_format_json(seeds_store):
    import json

    s = ["--store", str(seeds_store)]
    r = CliRunner().invoke(main, ["stats", *s, "--format", "json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["articles"] == 5 and not r.stderr
    old = CliRunner().invoke(main, ["stats", *s, "--json"])
    assert old.exit_code == 0 and json.loads(old.stdout) == json.loads(r.stdout)
    assert not old.stderr  # --json is the sqlite-utils flag now, no longer a deprecated alias
    table = CliRunner().invoke(main, ["stats", *s])
    assert table.exit_code == 0 and not table.stdout.lstrip().startswith("{")
    assert "--json" in invoke("stats", "--help").output
    bad = CliRunner().invoke(main, ["stats", *s, "--format", "xml"])
    assert bad.exit_code == 2 and "'xml' is not one of" in bad.output
    for command, choices in (("query", "table|csv|tsv|json|nl|srj"), ("stats", "table|json"), ("eval", "table|json"),
                             ("export", "turtle|nt|nquads|trig|jsonld|rdfxml")):
        assert f"--format [{choices}]" in invoke(command, "--help").output, command


def test_timeout_option_is_shared(seeds_store):
    for command, default in (("query", "30.0"), ("serve", "30.0"), ("push", "60.0")):
        out = " ".join(invoke(command, "--help").output.split())
        assert "--timeout SECONDS" in out and f"[default: {default};" in out, command
    r = CliRunner().invoke(main, ["query", "entities", "--store", str(seeds_store), "--timeout", "-1"])
    assert r.exit_code == 2 and "--timeout" in r.output
    r = CliRunner().invoke(main, ["query", "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }", "--store", str(seeds_store),
                                  "--timeout", "0", "--format", "csv"])
    assert r.exit_code == 0 and int(r.output.splitlines()[1]) > 0


def test_train_writes_outside_the_package_unless_asked(tmp_path):
    from kg.cli.train import output_dir
    from kg.errors import InputError
    from kg.nlp.assemble import shipped_model_dir

    assert output_dir(None, False) == Path("kg-model")
    assert output_dir(str(tmp_path / "m"), False) == tmp_path / "m"
    assert output_dir(None, True) == shipped_model_dir()
    with pytest.raises(InputError, match="KG142"):
        output_dir(str(tmp_path / "m"), True)
    text = " ".join(invoke("train", "--help").output.split())
    assert "(default: ./kg-model)" in text and "--into-package" in text and "never written to" in text
    r = CliRunner().invoke(main, ["train", "--corpus", str(tmp_path / "none"), "-o", str(tmp_path / "m"),
                                  "--into-package"])
    assert r.exit_code == 1 and "[KG142]" in r.output and not (tmp_path / "m").exists()
