"""The documentation is tested, as rdflib's test_examples.py tests its examples: the MkDocs
site builds with ``--strict`` (a broken internal link or anchor, or a page left out of the
nav, fails), and every runnable example in README.md and docs/*.md runs and prints what the
page shows.

What runs (docs/development.md says the same to writers):

- a ```` ```console ```` block: each ``$ `` line is a shell command (bash), the lines after it
  up to the next ``$ `` line the output it must print (standard output and standard error
  together, trailing spaces ignored). A line ``...`` stands for any number of lines, ``...``
  inside a line for any text (timings, dates). The command must exit 0 unless the output
  shown has a ``kg: [KGnnn]`` error line. The block runs in a temporary folder holding a copy
  of ``seeds/`` and of the seeds store ``.kg`` (built once per session), with the venv's
  ``kg`` first on PATH, so corrections in one block do not reach another; after the comment
  ``<!-- console: fresh -->`` the folder has no store.
- a command ending in `` &`` (a server) runs in the background until the block ends (then
  SIGTERM to its process group); the test waits until it has printed the lines shown under it.
  ``7878`` in such a block stands for a free loopback port the test picks, so a server the
  user runs on 7878 is never reached.
- after ``<!-- console: virtuoso -->`` (a console or python block) a throwaway Virtuoso server
  (tests/virtuoso.py) holds the seeds store, pushed as ``kg push`` does, ``8890`` in the block
  stands for its HTTP port and ``$KG_PUSH_PASSWORD`` is its ``dba`` password. Without
  ``virtuoso-t`` such blocks are skipped, unless ``KG_REQUIRE_VIRTUOSO=1``.
- any block right after a comment ``<!-- not run: REASON -->`` is not run (a crash reproduced
  for an upstream report, a server).
- a ```` ```python ```` block runs with this interpreter in such a folder and passes when it
  exits 0 (its claims are asserts).
- any other fence (```` ```sh ````, ```` ```text ````, ```` ```turtle ```` ...) is shown, not run:
  a remote endpoint, a server, ``pip install``.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from .conftest import ROOT, SEEDS

BIN = Path(sys.executable).parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)")
OPTIONS = re.compile(r"<!-- console: ([\w, ]+) -->")
NOT_RUN = "<!-- not run"
PORT = re.compile(r"\b7878\b")


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # 1-based line of the opening fence
    lang: str
    text: str
    options: frozenset[str] = frozenset()
    skipped: bool = False

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def fresh(self) -> bool:
        return "fresh" in self.options


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of a Markdown page (indented ones too, as in a list)."""
    found, lines, i, before = [], page.read_text(encoding="utf-8").splitlines(), 0, ""
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            before = lines[i].strip() or before
            i += 1
            continue
        indent, fence, lang = m.groups()
        body, j = [], i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j])
            j += 1
        opts = OPTIONS.fullmatch(before)
        options = frozenset(o.strip() for o in opts.group(1).split(",")) if opts else frozenset()
        found.append(Block(page, i + 1, lang, "\n".join(body), options, before.startswith(NOT_RUN)))
        before, i = "", j + 1
    return found


def runnable(lang: str) -> list[Block]:
    return [b for page in PAGES for b in blocks(page) if b.lang == lang and not b.skipped]


def sessions(text: str) -> list[tuple[str, list[str]]]:
    """A console block as (command, expected output lines) pairs."""
    out: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            out.append((line[2:], []))
        else:
            assert out, f"output before the first command: {line!r}"
            out[-1][1].append(line.rstrip())
    return out


def same_line(expected: str, actual: str) -> bool:
    pattern = ".*?".join(re.escape(part) for part in expected.split("..."))
    return re.fullmatch(pattern, actual, re.DOTALL) is not None


def same_output(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected`` with its ``...`` lines and parts filled in."""
    @cache
    def match(i: int, j: int) -> bool:
        if i == len(expected):
            return j == len(actual)
        if expected[i].strip() == "...":
            return match(i + 1, j) or (j < len(actual) and match(i, j + 1))
        return j < len(actual) and same_line(expected[i], actual[j]) and match(i + 1, j + 1)

    return match(0, 0)


@pytest.mark.parametrize(("expected", "actual", "ok"), [
    (["a", "...", "d"], ["a", "b", "c", "d"], True),
    (["a", "...", "d"], ["a", "d"], True),
    (["x ... y"], ["x 12.5 s y"], True),
    (["a", "b"], ["a", "b", "c"], False),
    (["a ... z"], ["a b"], False),
])
def test_the_ellipsis_convention(expected, actual, ok):
    assert same_output(expected, actual) is ok


def test_a_block_is_found_with_its_language_line_and_marker(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("x\n\n<!-- console: fresh -->\n```console\n$ kg stats\nout\n```\n\n- item\n\n  ```python\n"
                    "  print(1)\n  ```\n", encoding="utf-8")
    got = blocks(page)
    assert [(b.line, b.lang, b.text, b.fresh) for b in got] == [
        (4, "console", "$ kg stats\nout", True), (11, "python", "print(1)", False)]


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """seeds/ and the store `kg build seeds/` makes of them, in a folder of their own."""
    base = tmp_path_factory.mktemp("docs-base")
    shutil.copytree(SEEDS, base / "seeds")
    r = subprocess.run([str(BIN / "kg"), "build", "seeds/", "-q"], cwd=base, env=_env(),
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    return base


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KG_") and k != "COLUMNS"}
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    return {**env, **(extra or {})}


def _workdir(built: Path, tmp_path: Path, fresh: bool) -> Path:
    shutil.copytree(built / "seeds", tmp_path / "seeds")
    if not fresh:
        shutil.copytree(built / ".kg", tmp_path / ".kg")
    return tmp_path


@pytest.fixture(scope="module")
def docs_virtuoso(built: Path, tmp_path_factory):
    """A throwaway Virtuoso holding the seeds store (pushed to its open Graph Store endpoint)."""
    from tests import virtuoso

    if not virtuoso.available():
        if os.environ.get("KG_REQUIRE_VIRTUOSO") == "1":
            pytest.fail("virtuoso-t and Virtuoso's isql are required (KG_REQUIRE_VIRTUOSO=1)")
        pytest.skip("Virtuoso is not installed (apt-get install virtuoso-opensource-7-bin)")
    with virtuoso.virtuoso(tmp_path_factory.mktemp("docs-virtuoso") / "db") as server:
        r = subprocess.run([str(BIN / "kg"), "push", "--endpoint", server.graph_store, "--replace"], cwd=built,
                           env=_env(), capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stdout + r.stderr
        yield server


def _prepared(block: Block, request) -> tuple[str, dict[str, str]]:
    """The block's text with its ports filled in, and the variables its commands see."""
    text, extra = block.text, {}
    if "virtuoso" in block.options:
        server = request.getfixturevalue("docs_virtuoso")
        from tests.virtuoso import DBA_PASSWORD

        text = re.sub(r"\b8890\b", str(server.http_port), text)
        extra["KG_PUSH_PASSWORD"] = DBA_PASSWORD
    if block.lang == "console" and any(command.endswith("&") for command, _ in sessions(text)):
        from tests.virtuoso import free_port

        text = PORT.sub(str(free_port()), text)
    return text, extra


def _shown(block: Block, command: str, expected: list[str], actual: list[str]) -> str:
    return f"{block.id}: $ {command}\n--- the page shows:\n" + "\n".join(expected) + \
        "\n--- it printed:\n" + "\n".join(actual)


def _lines(path: Path) -> list[str]:
    return [line.rstrip() for line in path.read_text(encoding="utf-8", errors="replace").splitlines()]


def _background(block: Block, command: str, expected: list[str], cwd: Path, env: dict[str, str],
                n: int) -> subprocess.Popen:
    """Start ``command`` (its `` &`` taken off) in a process group of its own; return once what it
    printed is what the page shows under it (a minute at most)."""
    log = cwd.parent / f"{cwd.name}-background-{n}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(["bash", "-c", command[:-1].rstrip()], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while not same_output(expected, _lines(log)):
        if proc.poll() is not None or time.monotonic() > deadline:
            _stop(proc)
            pytest.fail(f"the background command did not print what is shown (exit {proc.returncode})\n"
                        + _shown(block, command, expected, _lines(log)))
        time.sleep(0.1)
    return proc


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


def run_console(block: Block, text: str, cwd: Path, env: dict[str, str]) -> None:
    """Run a console block's commands in ``cwd`` and check what each prints; its background
    commands are stopped when it ends, passed or not."""
    servers: list[subprocess.Popen] = []
    try:
        for command, expected in sessions(text):
            if command.endswith("&"):
                servers.append(_background(block, command, expected, cwd, env, len(servers)))
                continue
            r = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, timeout=600)
            actual = [line.rstrip() for line in r.stdout.splitlines()]
            if not any(line.startswith("kg: [KG") for line in expected):
                assert r.returncode == 0, f"exit status {r.returncode}\n" + _shown(block, command, expected, actual)
            assert same_output(expected, actual), _shown(block, command, expected, actual)
    finally:
        for proc in servers:
            _stop(proc)


@pytest.mark.parametrize("block", runnable("console"), ids=lambda b: b.id)
def test_console_example(block: Block, built: Path, tmp_path: Path, request):
    text, extra = _prepared(block, request)
    run_console(block, text, _workdir(built, tmp_path / "work", block.fresh), _env(extra))


def test_a_background_server_answers_on_a_free_port_and_is_gone_when_its_block_ends(tmp_path, request):
    page = tmp_path / "p.md"
    page.write_text("```console\n$ python3 -u -m http.server 7878 --bind 127.0.0.1 &\nServing HTTP on 127.0.0.1 "
                    "port 7878 ...\n$ curl -s -o /dev/null -w '%{http_code}\\n' http://127.0.0.1:7878/\n200\n```\n",
                    encoding="utf-8")
    block = blocks(page)[0]
    text, _ = _prepared(block, request)
    port = int(re.search(r"port (\d+)", text).group(1))
    assert "7878" not in text  # a free port stands for it
    (tmp_path / "work").mkdir()
    run_console(block, text, tmp_path / "work", _env())
    with socket.socket() as s, pytest.raises(ConnectionRefusedError):
        s.connect(("127.0.0.1", port))


@pytest.mark.parametrize("block", runnable("python"), ids=lambda b: b.id)
def test_python_example(block: Block, built: Path, tmp_path: Path, request):
    text, extra = _prepared(block, request)
    cwd = _workdir(built, tmp_path, block.fresh)
    (cwd / "example.py").write_text(text + "\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "example.py"], cwd=cwd, env=_env(extra), capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, f"{block.id}\n{r.stdout}\n{r.stderr}"


def test_every_example_not_run_says_why():
    """A shown-not-run command block (``sh``, ``bash`` or after ``<!-- not run -->``) is either a
    set-up line CI runs or marked with its reason."""
    unexplained = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        markers = re.finditer(r"^[ \t]*<!-- not run(?!: \S.{10,}-->).*", text, re.MULTILINE)
        unexplained += [f"{page.name}: {m.group(0)}" for m in markers]
        unexplained += [b.id for b in blocks(page) if b.lang in ("sh", "bash", "shell", "") and not b.skipped
                        and not re.search(r"python3 -m venv|pip install", b.text)]
    assert not unexplained, unexplained


def test_the_set_up_commands_shown_are_those_ci_runs():
    """The README's and docs/index.md's set-up lines (a fresh venv, pip install, the activation)
    are run as they stand by .ci/run, which CI runs on a fresh machine; what the docs extra
    installs for ``mkdocs serve`` comes with the test extra, with which CI builds the site."""
    import tomllib

    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    shown = [line.split("#")[0].strip() for page in (ROOT / "README.md", ROOT / "docs" / "index.md")
             for b in blocks(page) if b.lang in ("bash", "sh") for line in b.text.splitlines()
             if re.search(r"python3 -m venv|pip install|activate", line)]
    assert len(shown) >= 3, shown  # the README's set-up and test commands, the index page's activation
    for line in shown:
        assert line in ci, f"{line!r} is shown as a set-up command but .ci/run does not run it"
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert set(extras["docs"]) <= set(extras["test"])


def test_the_oxigraph_panic_report_still_reproduces(tmp_path):
    """docs/oxigraph-panic.md's reproduction, run in a child process with the installed
    pyoxigraph, still aborts (SIGABRT) with the panic message the page shows under it."""
    from importlib.metadata import version

    page = blocks(ROOT / "docs" / "oxigraph-panic.md")
    code = next(i for i, b in enumerate(page) if b.lang == "python")
    shown = page[code + 1].text.splitlines()
    r = subprocess.run([sys.executable, "-c", page[code].text], cwd=tmp_path, env=_env({"RUST_BACKTRACE": "0"}),
                       capture_output=True, text=True, timeout=120)
    printed = [line.rstrip() for line in r.stderr.splitlines()]
    assert r.returncode == -signal.SIGABRT and same_output(["...", *shown, "..."], printed), (
        f"pyoxigraph {version('pyoxigraph')} no longer aborts as docs/oxigraph-panic.md reports (exit "
        f"{r.returncode}): update the page, require this release in pyproject.toml (oxigraph and pyoxigraph) and "
        "drop the status-502 allowance of the A1 test\n" + r.stderr[-2000:])


def test_every_page_has_runnable_examples_where_it_shows_commands():
    """The README's first session and its corrections are among the examples that run."""
    readme = [b for b in blocks(ROOT / "README.md") if b.lang == "console"]
    commands = [c for b in readme for c, _ in sessions(b.text)]
    assert any(c.startswith("kg build seeds/") for c in commands)
    assert any(c.startswith("kg merge ") for c in commands) and any(c.startswith("kg reject ") for c in commands)


def test_the_query_catalogue_lists_every_named_query():
    page = (ROOT / "docs" / "queries.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `(\w+)` \|", page, re.MULTILINE))
    assert listed == {p.stem for p in (ROOT / "queries").glob("*.rq")}


def _mkdocs_build(root: Path, site: Path) -> subprocess.CompletedProcess:
    """``mkdocs build --strict`` of the checkout at ``root`` (without -q: it hides the warnings
    that --strict counts, and a broken link then passes)."""
    mkdocs = BIN / "mkdocs"
    if not mkdocs.exists():
        if os.environ.get("KG_REQUIRE_DOCS"):
            pytest.fail("mkdocs is not installed: pip install '.[test]'")
        pytest.skip("mkdocs is not installed: pip install '.[docs]'")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run([str(mkdocs), "build", "--strict", "-f", str(root / "mkdocs.yml"), "-d", str(site)],
                          cwd=root, capture_output=True, text=True, timeout=600, env=env)


def test_the_site_builds_strict(tmp_path):
    r = _mkdocs_build(ROOT, tmp_path / "site")
    assert r.returncode == 0, r.stdout + r.stderr
    for page in (ROOT / "docs").glob("*.md"):
        assert (tmp_path / "site" / ("" if page.stem == "index" else page.stem) / "index.html").is_file(), page


def test_a_broken_link_fails_the_build(tmp_path):
    for name in ("mkdocs.yml", "CHANGELOG.md", "scripts/mkdocs_hooks.py"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    with (tmp_path / "docs" / "credits.md").open("a", encoding="utf-8") as f:
        f.write("\nSee [the commands](cli.md#no-such-heading).\n")
    r = _mkdocs_build(tmp_path, tmp_path / "site")
    assert r.returncode != 0 and "no-such-heading" in r.stdout + r.stderr
