"""Issue 41, the kg command's output: secrets never printed, terminal control characters
escaped, and every bad argument or input a one-line error (rows E1, E2, F and G). Each case
runs the kg command in a subprocess."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

KG = [sys.executable, "-m", "kg"]
RAW = ("\x1b", "\x07", "\u202e", "\x9b")  # ESC, BEL, RLO, CSI: never written raw to a terminal


def kg(*args: object, env: dict | None = None, timeout: float = 180, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([*KG, *map(str, args)], capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})}, **kw)


def one_line_error(r: subprocess.CompletedProcess, code: str | None = None) -> str:
    """The run failed with one stderr line, no traceback, nothing raw for the terminal."""
    assert r.returncode != 0 and "Traceback" not in r.stderr, (r.returncode, r.stderr[-3000:])
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert not any(c in r.stderr for c in RAW), r.stderr
    if code:
        assert f"[{code}]" in lines[0], lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def small_store(tmp_path_factory) -> Path:
    """Two articles whose titles hold ESC, BEL, RLO and a C1 control (a JSON Lines feed)."""
    folder = tmp_path_factory.mktemp("hostile_cli")
    feed = folder / "feed.jsonl"
    feed.write_text("".join(json.dumps(r) + "\n" for r in [
        {"id": "a", "title": "\x1b]0;pwned\x07Red \x1b[31malert\u202etxt.exe\x9b",
         "text": "Rescuers pulled 12 people from the rubble in Hatay on Sunday."},
        {"id": "b", "title": "Plain title", "text": "The UN said 500 families fled Goma on Friday."},
    ]), encoding="utf-8")
    r = kg("build", feed, "--store", folder / "store", "--ner", "none", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    return folder / "store"


# ------------------------------------------------------------------ E2: tables
@pytest.mark.parametrize("command", [["articles", "--format", "table"], ["query", "titles.rq", "--format", "table"]])
def test_titles_with_terminal_controls_are_escaped_in_tables(small_store, tmp_path, command):
    (tmp_path / "titles.rq").write_text('SELECT ?o WHERE { GRAPH ?g { ?s ?p ?o } FILTER(CONTAINS(STR(?o), "pwned")) }')
    r = kg(*command, "--store", small_store, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert not any(c in r.stdout for c in RAW), r.stdout
    assert "\\x1b]0;pwned\\x07Red \\x1b[31malert\\u202etxt.exe\\x9b" in r.stdout


# ------------------------------------------------------------------ E1, E2: kg push
class _Hostile(BaseHTTPRequestHandler):
    """A graph store that answers every request with ``answer`` (status, headers, body) and keeps the
    Authorization headers it was sent."""

    answer: tuple[int, dict, bytes] = (204, {}, b"")
    seen: list = []

    def _reply(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        type(self).seen.append(self.headers.get("Authorization"))
        status, headers, body = type(self).answer
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_PUT = do_POST = _reply

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def hostile():
    server = HTTPServer(("127.0.0.1", 0), _Hostile)
    _Hostile.answer, _Hostile.seen = (204, {}, b""), []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/store"
    server.shutdown()


def test_a_token_read_with_its_newline_is_sent_without_it(small_store, hostile):
    """Row E1: MYTOKEN=$'Secret-T0ken\\n' gave a traceback that printed the token."""
    r = kg("push", "--store", small_store, "--endpoint", hostile, "--token-env", "MYTOKEN", "-q",
           env={"MYTOKEN": "Secret-T0ken\n"})
    assert r.returncode == 0 and "Secret" not in r.stderr + r.stdout, r.stderr
    assert set(_Hostile.seen) == {"Bearer Secret-T0ken"}


@pytest.mark.parametrize("token", ["Secret\nT0ken", "Secret T0ken", "Secret\x1bT0ken", "Secr\u0113tT0ken"])
def test_a_token_no_header_can_carry_is_one_line_that_does_not_show_it(small_store, hostile, token):
    r = kg("push", "--store", small_store, "--endpoint", hostile, "--token-env", "MYTOKEN", "-q",
           env={"MYTOKEN": token})
    line = one_line_error(r, "KG657")
    assert "$MYTOKEN" in line and "Secr" not in r.stderr + r.stdout and _Hostile.seen == []


@pytest.mark.parametrize("answer", [
    (500, {}, b"bad request; you sent Authorization: Bearer Secret-T0ken \x1b]0;pwned\x07"),
    (400, {"Content-Type": "text/plain"}, b"Secret-T0ken rejected \x1b[2J" + "\u202e".encode()),
    (302, {"Location": "http://127.0.0.1:9/\x1b]0;pwned\x07"}, b""),
])
def test_an_answer_echoing_the_token_or_controls_is_shown_without_them(small_store, hostile, answer):
    """Row E2: an error body echoing Authorization, a Location with ESC]0;...: printed raw."""
    _Hostile.answer = answer
    r = kg("push", "--store", small_store, "--endpoint", hostile, "--token-env", "MYTOKEN", "-q",
           "--retries", "0", env={"MYTOKEN": "Secret-T0ken"})
    line = one_line_error(r)
    assert r.returncode == 4 and "Secret-T0ken" not in r.stderr, line
    assert "\\x1b" in line


# ------------------------------------------------------------------ F: tracebacks that become one line
def usage_error(r: subprocess.CompletedProcess, option: str) -> None:
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr[-3000:]
    assert f"Error: Invalid value for '{option}'" in r.stderr, r.stderr


def test_a_query_file_that_is_not_utf8_is_one_line(small_store, tmp_path):
    (tmp_path / "bad.rq").write_bytes(b'SELECT * WHERE { ?s ?p "\xff\xfe" }')
    line = one_line_error(kg("query", tmp_path / "bad.rq", "--store", small_store), "KG108")
    assert "bad.rq: cannot read (not UTF-8 text: byte 0xff at position 24)" in line


@pytest.mark.parametrize("command, option", [
    (["top", "--offset", "99999999999999999999"], "--offset"),
    (["top", "--limit", str(2**64)], "--limit"),
    (["articles", "--limit", str(2**64)], "--limit"),
    (["query", "entities", "--offset", str(2**63)], "--offset"),
])
def test_a_count_past_what_the_engine_takes_is_a_usage_error(small_store, command, option):
    usage_error(kg(*command, "--store", small_store), option)


@pytest.mark.parametrize("command", [["top"], ["articles"], ["query", "entities"]])
def test_the_largest_count_is_taken(small_store, command):
    big = str(2**63 - 1)
    r = kg(*command, "--limit", big, "--offset", big, "--format", "csv", "--store", small_store)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr


def test_gold_json_nested_100000_deep_is_one_line(small_store, tmp_path):
    (tmp_path / "gold").mkdir()
    (tmp_path / "gold" / "a.json").write_text("[" * 100_000 + "]" * 100_000)
    line = one_line_error(kg("eval", tmp_path / "gold", "--store", small_store), "KG139")
    assert "JSON nested too deeply" in line


def _remove_nested(top: Path) -> None:
    """Remove top/d/d/.../d one level at a time: shutil.rmtree (and pytest's clean-up of old
    temporary folders) recurse, and 1,500 levels are a RecursionError to them."""
    while (top / "d").is_dir():
        if (top / "d" / "d").is_dir():
            os.rename(top / "d" / "d", top / "x")
            for name in os.listdir(top / "d"):
                os.unlink(top / "d" / name)
            os.rmdir(top / "d")
            os.rename(top / "x", top / "d")
        else:
            shutil.rmtree(top / "d")


def test_folders_nested_1500_deep_are_walked(tmp_path):
    deep = tmp_path / "in"
    deep.mkdir()
    fd = os.open(deep, os.O_RDONLY)
    try:
        try:  # (paths relative to an open folder: the whole path is over PATH_MAX for some calls)
            for _ in range(1500):
                os.mkdir("d", dir_fd=fd)
                fd, old = os.open("d", os.O_RDONLY, dir_fd=fd), fd
                os.close(old)
            with open(os.open("a.txt", os.O_WRONLY | os.O_CREAT, dir_fd=fd), "w") as f:
                f.write("Nine people were hurt in Accra on Monday.\n")
        finally:
            os.close(fd)
        r = kg("build", deep, "--store", tmp_path / "s", "--ner", "none", "--jobs", "1")
        assert r.returncode == 0 and "1 added" in r.stdout and "Traceback" not in r.stderr, r.stderr[-3000:]
    finally:
        _remove_nested(deep)


@pytest.mark.parametrize("command, closed, code", [
    (["export"], 1, "KG705"), (["top"], 1, "KG705"), (["articles"], 1, "KG705"),
    (["query", "entities"], 1, "KG705"), (["build", "-", "--ner", "none"], 0, "KG108"),
])
def test_a_closed_standard_stream_is_one_line(small_store, tmp_path, command, closed, code):
    """`kg export >&-`, `kg top >&-`, `kg build - <&-`: AttributeError tracebacks."""
    store = small_store if command[0] != "build" else tmp_path / "s"
    r = kg(*command, "--store", store, preexec_fn=lambda: os.close(closed))
    one_line_error(r, code)


class _Sparql(BaseHTTPRequestHandler):
    """A SPARQL endpoint answering every query with 3,000 rows of one variable."""

    def do_POST(self) -> None:  # noqa: N802
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        rows = [{"s": {"type": "literal", "value": f"row {i}"}} for i in range(3000)]
        body = json.dumps({"head": {"vars": ["s"]}, "results": {"bindings": rows}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/sparql-results+json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def sparql():
    server = HTTPServer(("127.0.0.1", 0), _Sparql)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/sparql"
    server.shutdown()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", [
    ["query", "SELECT ?s WHERE { ?s ?p ?o }", "--endpoint", "ENDPOINT", "--format", "csv"],
    ["query", "SELECT ?s WHERE { ?s ?p ?o }", "--endpoint", "ENDPOINT", "--format", "table"],
    ["stats", "--store", "STORE"], ["render", "--store", "STORE"], ["queries"], ["--help"], ["query", "--help"],
    ["--version"], ["articles", "--store", "STORE"], ["export", "--store", "STORE"],
    ["push", "--store", "STORE", "--endpoint", "GRAPHSTORE"],
    ["push", "--store", "STORE", "--endpoint", "GRAPHSTORE", "-q"],
])
def test_a_full_disk_behind_standard_output_is_one_line(small_store, sparql, hostile, command):
    """`kg query --endpoint URL > /dev/full` (the remote rows), `kg push`'s summary, `kg stats`, `kg render`,
    `kg queries` and the help: OSError tracebacks (No space left on device)."""
    args = [{"ENDPOINT": sparql, "GRAPHSTORE": hostile, "STORE": str(small_store)}.get(a, a) for a in command]
    with open("/dev/full", "w") as full:
        r = subprocess.run([*KG, *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=180)
    one_line_error(r, "KG705")


@pytest.mark.parametrize("timeout", ["inf", "1e309", "99999999999999999999"])
def test_a_timeout_past_what_a_socket_takes_is_no_limit(small_store, sparql, hostile, timeout):
    """`kg push --timeout inf` and `kg query --endpoint URL --timeout inf`: OverflowError tracebacks
    (timestamp out of range for platform time_t)."""
    r = kg("push", "--store", small_store, "--endpoint", hostile, "--timeout", timeout, "-q")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr[-2000:]
    r = kg("query", "SELECT ?s WHERE { ?s ?p ?o }", "--endpoint", sparql, "--timeout", timeout)
    assert r.returncode == 0 and r.stdout.count("row ") == 3000, r.stderr[-2000:]


# ------------------------------------------------------------------ G: arguments that were accepted
@pytest.mark.parametrize("command, code, phrase", [
    (["render", "--since", "2019-02-30"], "KG131", "--since '2019-02-30'"),
    (["render", "--until", "2019-13"], "KG131", "--until '2019-13'"),
    (["render", "--source", "nonexistent.txt"], "KG129", "no article 'nonexistent.txt'"),
    (["render", "--source", "feed.jsonl#x"], "KG167", "did you mean 'feed.jsonl#"),
    (["export", "--graph", ""], "KG129", "no article ''"),
])
def test_arguments_that_drew_or_exported_everything_are_errors(small_store, tmp_path, command, code, phrase):
    """render drew 28 nodes for 2019-02-30 and an empty page for an unknown article, rc 0;
    export --graph '' exported everything."""
    r = kg(*command, "--store", small_store, cwd=tmp_path)
    assert phrase in one_line_error(r, code)
    assert not (tmp_path / "graph.html").exists() and r.stdout == ""


@pytest.mark.parametrize("command, option", [
    (["claims", "--tolerance", "nan"], "--tolerance"),
    (["build", "x.txt", "--article-timeout", "nan"], "--article-timeout"),
    (["serve", "--bind", "999.1.1.1"], "--bind"),
    (["serve", "--bind", ""], "--bind"),
])
def test_values_that_were_accepted_are_usage_errors(small_store, command, option):
    """claims took nan; serve announced an endpoint on 999.1.1.1, then died with a Rust backtrace."""
    r = kg(*command, "--store", small_store, timeout=60)
    usage_error(r, option)
    assert "SPARQL endpoint" not in r.stderr


def test_stats_shows_a_store_path_with_controls_escaped(small_store, tmp_path):
    odd = tmp_path / "s\x1b]0;pwned\x07"
    shutil.copytree(small_store, odd)
    (odd / "LOCK").unlink(missing_ok=True)
    r = kg("stats", "--store", odd)
    assert r.returncode == 0 and not any(c in r.stdout for c in RAW), r.stdout
    assert "s\\x1b]0;pwned\\x07" in r.stdout
