"""Every user-facing message has one stable code: the catalogue in kg.errors is
complete, used, consistent with the exception classes, and what the CLI prints."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
from click.testing import CliRunner

import kg.errors as errors
from kg.cli import main
from kg.errors import Errors, InputError, KGError, catalogue

from .conftest import ROOT

KG = ROOT / "kg"
ERRORS_PY = KG / "errors.py"
KG_ERRORS = {name for name, obj in vars(errors).items() if isinstance(obj, type) and issubclass(obj, KGError)}
# Codes whose owners numbered them outside their class's range; each is a known exception, not a pattern.
OUT_OF_RANGE: set[tuple[str, str]] = set()  # (code, class) pairs allowed outside their range: none


def _sources() -> list[tuple[Path, ast.Module]]:
    return [(f, ast.parse(f.read_text(encoding="utf-8"))) for f in sorted(KG.rglob("*.py")) if f != ERRORS_PY]


def _code_of(node: ast.AST) -> str | None:
    """'KG101' for the expression ``Errors.KG101``."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "Errors":
        return node.attr
    return None


def _codes_in(node: ast.AST) -> list[ast.Attribute]:
    """The ``Errors.KGnnn`` nodes an expression picks from: itself, or both arms of ``A if c else B``."""
    if isinstance(node, ast.IfExp):
        return _codes_in(node.body) + _codes_in(node.orelse)
    return [node] if _code_of(node) else []


def _message_codes(arg: ast.AST) -> list[ast.Attribute]:
    """The codes of a message expression: ``Errors.KGnnn`` or ``Errors.KGnnn.format(...)``."""
    if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute) and arg.func.attr == "format":
        return _codes_in(arg.func.value)
    return _codes_in(arg)


def test_codes_are_well_formed_and_defined_once():
    defined = re.findall(r"^    (KG\d+) = ", ERRORS_PY.read_text(encoding="utf-8"), re.MULTILINE)
    assert defined, "the catalogue is empty"
    assert len(defined) == len(set(defined)), [c for c in defined if defined.count(c) > 1]
    assert sorted(defined) == sorted(catalogue())
    for code, template in catalogue().items():
        assert re.fullmatch(r"KG\d{3}", code), code
        assert template and template == template.strip() and "\n" not in template, code
        assert getattr(Errors, code) == f"[{code}] {template}"
    templates = list(catalogue().values())
    assert len(templates) == len(set(templates)), "two codes share one message"


def test_every_code_is_used_in_kg():
    used = {c for _, tree in _sources() for node in ast.walk(tree) if (c := _code_of(node))}
    assert used <= set(catalogue()), f"unknown codes used: {sorted(used - set(catalogue()))}"
    assert set(catalogue()) <= used, f"catalogue entries never used: {sorted(set(catalogue()) - used)}"


def test_each_code_is_raised_by_the_class_of_its_range():
    """KG1xx by InputError, KG2xx by StoreError, ...: the class's default code gives the range."""
    seen = 0
    for path, tree in _sources():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KG_ERRORS
                    and node.args):
                continue
            for target in _message_codes(node.args[0]):
                code = _code_of(target)
                seen += 1
                default = getattr(errors, node.func.id).code
                if (code, node.func.id) in OUT_OF_RANGE:
                    continue
                assert code[2] == default[2], f"{path.name}:{node.lineno}: {code} raised as {node.func.id} ({default})"
    assert seen > 40


def test_format_arguments_match_the_template():
    """Errors.KGnnn.format(...) gives exactly the template's fields; a bare Errors.KGnnn has none."""
    formatted = set()
    for path, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
                for target in _codes_in(node.func.value):
                    code = _code_of(target)
                    fields = {f for _, f, _, _ in string.Formatter().parse(catalogue()[code]) if f}
                    given = {k.arg for k in node.keywords}
                    assert not node.args and given == fields, f"{path.name}:{node.lineno}: {code} wants {fields}"
                    formatted.add(id(target))
        for node in ast.walk(tree):
            if (code := _code_of(node)) and id(node) not in formatted:
                fields = [f for _, f, _, _ in string.Formatter().parse(catalogue()[code]) if f]
                assert not fields, f"{path.name}:{node.lineno}: {code} used without .format({fields})"


def test_no_kg_error_is_raised_with_a_bare_string():
    bare = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KG_ERRORS \
                    and node.args and isinstance(node.args[0], (ast.Constant, ast.JoinedStr, ast.BinOp)):
                bare.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bare, f"messages outside the catalogue: {bare}"


def test_the_code_travels_with_the_exception():
    exc = InputError(Errors.KG101.format(path="x.txt"))
    assert exc.code == "KG101" and exc.message == "x.txt: no such file or folder"
    assert str(exc) == "[KG101] x.txt: no such file or folder"
    assert KGError("not catalogued").code == "KG000"
    assert errors.QueryError(Errors.KG303).exit_code == 2


def test_the_docs_list_every_code():
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert "\n## Error codes\n" in page
    section = page.split("\n## Error codes\n", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^\| `(KG\d{3})` \|", section, re.MULTILINE)
    assert sorted(listed) == sorted(catalogue())
    # the wording too; to refresh: python -c "from kg.errors import catalogue_markdown; print(catalogue_markdown())"
    assert errors.catalogue_markdown() in section


# ---------------------------------------------------------------- the CLI prints the code
def _cases(tmp: Path, store: Path) -> list[tuple[str, list, str, int]]:
    (tmp / "empty").mkdir()
    (tmp / "blank.txt").write_text("  \n\t", encoding="utf-8")
    (tmp / "bin.txt").write_bytes(b"\x7fELF\x02\x01\x00\x00binary\x00")
    (tmp / "doc.pdf").write_bytes(b"%PDF-1.4")
    (tmp / "bad.jsonl").write_text("{not json\n", encoding="utf-8")
    (tmp / "afile").write_text("not a store", encoding="utf-8")
    (tmp / "notastore").mkdir()
    (tmp / "notastore" / "x").write_text("x", encoding="utf-8")
    (tmp / "meta").mkdir()
    (tmp / "meta" / "a.txt").write_text("An article.", encoding="utf-8")
    (tmp / "meta" / "metadata.csv").write_text("name,published\na.txt,2024-01-01\n", encoding="utf-8")
    (tmp / "bad.ttl").write_text("<a> <b> .", encoding="utf-8")
    (tmp / "data.xyz").write_text("x", encoding="utf-8")
    s = ["--store", store]
    return [
        ("KG101", ["build", tmp / "missing.txt", *s], "no such file or folder", 1),
        ("KG103", ["build", tmp / "empty", *s], "no articles found", 1),
        ("KG104", ["build", tmp / "doc.pdf", *s], "unsupported file type", 1),
        ("KG111", ["build", tmp / "bin.txt", *s], "binary file", 1),
        ("KG113", ["build", tmp / "bad.jsonl", *s], "not valid JSON", 1),
        ("KG116", ["build", tmp / "blank.txt", *s], "empty article", 1),
        ("KG119", ["build", tmp / "meta", *s], "'file' column", 3),  # the article itself is read
        ("KG123", ["build", tmp / "blank.txt", "--field", "text", *s], "expected KEY=NAME", 1),
        ("KG122", ["build", tmp / "blank.txt", "--field", "colour=c", *s], "unknown key", 1),
        ("KG125", ["build", tmp / "blank.txt", "--executor", "dask", *s], "needs --scheduler", 1),
        ("KG127", ["build", tmp / "blank.txt", "--keep-parts", *s], "go with --executor dask", 1),
        ("KG129", ["remove", "no-such-article.txt", *s], "no article", 1),
        ("KG129", ["export", "--graph", "no-such-article.txt", *s], "no article", 1),
        ("KG130", ["render", "--focus", "No Such Entity Anywhere", "-o", tmp / "g.html", *s], "no entity", 1),
        ("KG131", ["render", "--since", "yesterday", "-o", tmp / "g.html", *s], "expected YYYY-MM-DD", 1),
        ("KG132", ["load", tmp / "missing.ttl", "--store", tmp / "new"], "no such file", 1),
        ("KG133", ["load", tmp / "data.xyz", "--store", tmp / "new"], "RDF format", 1),
        ("KG134", ["load", tmp / "bad.ttl", "--store", tmp / "new"], "not valid turtle", 1),
        ("KG137", ["eval", tmp / "missing", *s], "not a folder of gold files", 1),
        ("KG138", ["eval", tmp / "empty", *s], "no gold files", 1),
        ("KG140", ["train", "--corpus", tmp / "missing"], "not a folder", 1),
        ("KG201", ["query", "entities", "--store", tmp / "nostore"], "no kg store", 1),
        ("KG202", ["query", "entities", "--store", tmp / "afile"], "is a file", 1),
        ("KG203", ["query", "entities", "--store", tmp / "notastore"], "not a kg store", 1),
        ("KG301", ["query", tmp / "missing.rq", *s], "not found", 2),
        ("KG302", ["query", "nosuchquery", *s], "unknown named query", 2),
        ("KG303", ["query", "DELETE WHERE { ?s ?p ?o }", *s], "read-only", 2),
        ("KG306", ["query", "SELECT ?x WHERE { ?x }", *s], "malformed SPARQL query", 2),
        ("KG401", ["build", tmp / "blank.txt", "--ner", "no_such_model_xx", *s], "not installed", 1),
        ("KG403", ["build", tmp / "blank.txt", "--ner", " ", *s], "expected 'shipped'", 1),
        ("KG143", ["build", tmp / "blank.txt", "--ner", "none", "--model", "x_model", *s], "contradict", 1),
        ("KG142", ["train", "--corpus", tmp / "empty", "-o", tmp / "m", "--into-package"], "contradict", 1),
        ("KG601", ["push", "--endpoint", "ftp://localhost/store", *s], "http:// or https://", 4),
    ]


def test_cli_prints_the_code_and_exits_with_its_status(store_copy, tmp_path):
    cases = _cases(tmp_path, store_copy)
    assert len({code for code, *_ in cases}) >= 12
    failures = []
    for code, args, words, status in cases:
        r = CliRunner().invoke(main, [str(a) for a in args])
        out = r.output
        if f"[{code}]" not in out or words not in out or r.exit_code != status or "Traceback" in out:
            failures.append(f"{code} {args[0]}: exit {r.exit_code}, {out.strip()[-300:]!r}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("code", sorted(catalogue()))
def test_every_template_formats(code):
    fields = {f for _, f, _, _ in string.Formatter().parse(catalogue()[code]) if f}
    text = getattr(Errors, code).format(**dict.fromkeys(fields, 1))
    assert text.startswith(f"[{code}] ")
