"""kg push and kg serve against a real Oxigraph server over HTTP (loopback)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

from kg.errors import RemoteError
from kg.query import named_queries, run
from kg.rdf.push import Auth, push
from kg.store import Store
from kg.store.serve import command, oxigraph_binary

from .conftest import described

KG = [sys.executable, "-m", "kg"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(url: str, proc: subprocess.Popen, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {proc.stderr.read() if proc.stderr else ''}")
        try:
            sparql(url, "ASK { }")
            return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(url)


def sparql(base: str, query: str) -> dict:
    req = urllib.request.Request(
        base + "/query", data=urllib.parse.urlencode({"query": query}).encode(),
        headers={"Accept": "application/sparql-results+json",
                 "Content-Type": "application/x-www-form-urlencoded"},
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


def remote_rows(base: str, query: str) -> set[tuple]:
    res = sparql(base, query)
    names = res["head"]["vars"]
    return {tuple(b.get(v, {}).get("value", "") for v in names) for b in res["results"]["bindings"]}


def local_rows(store: Store, query: str) -> set[tuple]:
    _, rows = run(store, query)
    return {tuple("" if t is None else t.value for t in r) for r in rows}


@pytest.fixture
def oxigraph_server():
    port = free_port()
    proc = subprocess.Popen([oxigraph_binary(), "serve", "--bind", f"127.0.0.1:{port}", "--union-default-graph"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_ready(base, proc)
        yield base
    finally:
        proc.terminate()
        proc.wait(10)


def quad_count(base: str) -> int:
    res = sparql(base, "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }")
    return int(res["results"]["bindings"][0]["n"]["value"])


def test_push_then_every_named_query_answers_the_same_over_http(seeds_store, oxigraph_server):
    with Store.open_read(seeds_store) as st:
        biggest = max(sum(1 for _ in st.quads(g)) for g in st.graphs())
        report = push(st, oxigraph_server + "/store", replace=True, batch_size=biggest // 2)
        # the five articles' graphs and the gazetteer graph; batches split the larger graphs
        assert report.graphs == 6 and report.requests > 6
        # with each entity's rdf:type and rdfs:label, for stores that do no reasoning (kg.rdf.described)
        assert quad_count(oxigraph_server) == len(list(st.quads())) + len(described(st))
        for nq in named_queries().values():
            assert remote_rows(oxigraph_server, nq.text) == local_rows(st, nq.text), nq.name


def test_push_replace_twice_leaves_one_copy_and_graph_option_merges(seeds_store, oxigraph_server):
    with Store.open_read(seeds_store) as st:
        n = len(list(st.quads())) + len(described(st))
        push(st, oxigraph_server + "/store", replace=True)
        push(st, oxigraph_server + "/store", replace=True)
        assert quad_count(oxigraph_server) == n
        push(st, oxigraph_server + "/store", graph="urn:kg:all", replace=True)
    res = sparql(oxigraph_server, "SELECT (COUNT(*) AS ?n) WHERE { GRAPH <urn:kg:all> { ?s ?p ?o } }")
    with Store.open_read(seeds_store) as st:
        union = len({(str(q.subject), str(q.predicate), str(q.object)) for q in st.quads()}
                    | {tuple(d.n3() for d in row[1:]) for row in described(st)})
    assert int(res["results"]["bindings"][0]["n"]["value"]) == union


def test_push_to_a_wrong_path_says_404(seeds_store, oxigraph_server):
    with Store.open_read(seeds_store) as st, pytest.raises(RemoteError, match="404"):
        push(st, oxigraph_server + "/nope", retries=0)


def test_push_cli_reports_unreachable_endpoint(seeds_store):
    port = free_port()
    r = subprocess.run([*KG, "push", "--store", str(seeds_store), "--endpoint", f"http://127.0.0.1:{port}/store",
                        "--retries", "1"], capture_output=True, text=True)
    assert r.returncode == 4
    assert "cannot reach" in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


class _Remote(BaseHTTPRequestHandler):
    """A graph store stand-in that answers with scripted statuses (the remote side,
    not kg's code, is what is replaced here). A script item is a status, or
    (status, headers, body), or "count" for Fuseki's answer: 200 with the JSON
    count of the triples received."""

    script: list = []
    seen: list[tuple[str, str | None]] = []
    triples: list[int] = []  # triples received per request
    delay = 0.0

    def _answer(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        cls = type(self)
        cls.seen.append((self.command, self.headers.get("Authorization")))
        cls.triples.append(body.count(b"\n"))
        time.sleep(self.delay)
        item = cls.script.pop(0) if cls.script else 204
        if item == "count":
            n = body.count(b"\n")
            item = (200, {"Content-Type": "application/json"},
                    json.dumps({"count": n, "tripleCount": n, "quadCount": 0}).encode())
        status, headers, answer = (item, {}, b"") if isinstance(item, int) else item
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    do_PUT = do_POST = do_GET = _answer

    def log_message(self, *args) -> None:
        pass


class _Elsewhere(_Remote):
    """A second server, on another port: where a redirect points."""


def _serve(handler: type[_Remote]):
    server = HTTPServer(("127.0.0.1", 0), handler)
    handler.script, handler.seen, handler.triples, handler.delay = [], [], [], 0.0
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def scripted():
    server = _serve(_Remote)
    yield f"http://127.0.0.1:{server.server_address[1]}/store"
    server.shutdown()


@pytest.fixture
def elsewhere():
    server = _serve(_Elsewhere)
    yield f"http://127.0.0.1:{server.server_address[1]}/other"
    server.shutdown()


def test_transient_failures_are_retried_and_credentials_sent(seeds_store, scripted):
    _Remote.script = [503, 502]
    with Store.open_read(seeds_store) as st:
        r = push(st, scripted, replace=True, auth=Auth(user="kg", password="s3cret"), backoff=0.01)
    assert r.retries == 2 and r.graphs == 6  # five articles, the gazetteer graph
    assert _Remote.seen[0] == ("PUT", "Basic a2c6czNjcmV0")  # base64("kg:s3cret")
    assert all(auth == "Basic a2c6czNjcmV0" for _, auth in _Remote.seen)


def test_bearer_token_from_environment(seeds_store, scripted):
    r = subprocess.run([*KG, "push", "--store", str(seeds_store), "--endpoint", scripted],
                       capture_output=True, text=True, env={**_env(), "KG_PUSH_TOKEN": "tok123"})
    assert r.returncode == 0, r.stderr
    assert {a for _, a in _Remote.seen} == {"Bearer tok123"}
    assert {m for m, _ in _Remote.seen} == {"POST"}  # no --replace: add to the graphs


@pytest.mark.parametrize("status, message", [(401, "refused our credentials"), (413, "smaller --batch-size"),
                                             (404, "no Graph Store endpoint")])
def test_client_errors_stop_at_once_with_advice(seeds_store, scripted, status, message):
    _Remote.script = [status]
    with Store.open_read(seeds_store) as st, pytest.raises(RemoteError, match=message):
        push(st, scripted, backoff=0.01)
    assert len(_Remote.seen) == 1  # not retried


def test_timeout_is_reported(seeds_store, scripted):
    _Remote.delay = 0.5
    with Store.open_read(seeds_store) as st, pytest.raises(RemoteError, match="did not answer within"):
        push(st, scripted, timeout=0.1, retries=1, backoff=0.01)


def _env() -> dict:
    import os

    return {k: v for k, v in os.environ.items() if k != "KG_PUSH_TOKEN"}


def test_serve_answers_named_queries_like_the_local_store(store_copy):
    port = free_port()
    proc = subprocess.Popen([*KG, "serve", "--store", str(store_copy), "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_ready(base, proc)
        with Store.open_read(store_copy) as st:
            for nq in named_queries().values():
                assert remote_rows(base, nq.text) == local_rows(st, nq.text), nq.name
        req = urllib.request.Request(base + "/update", data=b"INSERT DATA { <urn:a> <urn:b> <urn:c> }",
                                     headers={"Content-Type": "application/sparql-update"})
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(req, timeout=10)
        assert err.value.code in (403, 405)
    finally:
        proc.terminate()
        proc.wait(10)


def test_serve_binds_loopback_by_default_and_needs_a_store(store_copy, tmp_path):
    argv = command(Path(store_copy), 7878)
    assert "127.0.0.1:7878" in argv and "serve-read-only" in argv
    assert "serve" in command(Path(store_copy), 7878, writable=True)
    r = subprocess.run([*KG, "serve", "--store", str(tmp_path / "none")], capture_output=True, text=True)
    assert r.returncode == 1 and "no kg store" in r.stderr


# --- issue 15: nothing is reported as pushed that the endpoint did not store -----------------

def _store_size(path) -> tuple[int, int]:
    """The triples a push sends (the store's, and each entity's type and label) and the graphs."""
    with Store.open_read(path) as st:
        return len(list(st.quads())) + len(described(st)), len(list(st.graphs()))


def test_a_redirect_is_an_error_naming_the_location_and_nothing_follows_it(seeds_store, scripted, elsewhere):
    """urllib followed a 302 to a POST as a GET without the body, and sent the
    Authorization header to the new host: kg said "pushed" and nothing was stored."""
    _Remote.script = [(302, {"Location": elsewhere}, b"")]
    r = subprocess.run([*KG, "push", "--store", str(seeds_store), "--endpoint", scripted, "--user", "kg"],
                       capture_output=True, text=True, env={**_env(), "KG_PUSH_PASSWORD": "s3cret"})
    assert r.returncode == 4 and r.stdout == "", (r.stdout, r.stderr)
    assert r.stderr.startswith("kg: [KG650] ") and elsewhere in r.stderr and "302" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert _Elsewhere.seen == [] and len(_Remote.seen) == 1


@pytest.mark.parametrize("status", [301, 303, 307, 308])
def test_every_redirect_status_is_refused_for_put_and_post(seeds_store, scripted, elsewhere, status):
    for replace in (True, False):
        _Remote.script = [(status, {"Location": elsewhere}, b"")]
        with Store.open_read(seeds_store) as st, pytest.raises(RemoteError, match=r"\[KG650\].*redirects"):
            push(st, scripted, replace=replace, auth=Auth(user="kg", password="s3cret"))
    assert _Elsewhere.seen == []


def test_a_redirect_message_hides_credentials_in_the_location(seeds_store, scripted):
    _Remote.script = [(302, {"Location": "http://kg:s3cret@127.0.0.1:9/store"}, b"")]
    with Store.open_read(seeds_store) as st, pytest.raises(RemoteError) as err:
        push(st, scripted)
    assert "s3cret" not in str(err.value) and "http://***@127.0.0.1:9/store" in str(err.value)


def test_a_count_short_of_what_was_sent_is_an_error(seeds_store, scripted):
    _Remote.script = ["count", (200, {"Content-Type": "application/json"},
                                b'{"count": 0, "tripleCount": 0, "quadCount": 0}')]
    with Store.open_read(seeds_store) as st, pytest.raises(RemoteError, match=r"\[KG652\].* stored 0 of the"):
        push(st, scripted, batch_size=50)
    assert len(_Remote.seen) == 2  # stopped at the batch that was not stored


def test_fuseki_style_counts_that_match_are_a_success(seeds_store, scripted):
    n, graphs = _store_size(seeds_store)
    _Remote.script = ["count"] * 1000
    with Store.open_read(seeds_store) as st:
        report = push(st, scripted, replace=True, batch_size=300)
    assert report.triples == sum(_Remote.triples) == n and report.graphs == graphs


@pytest.mark.parametrize("answer", [201, 204, (200, {"Content-Type": "text/plain"}, b"ok\n")])
def test_other_2xx_answers_are_a_success(seeds_store, scripted, answer):
    n, graphs = _store_size(seeds_store)
    _Remote.script = [answer] * 1000
    r = subprocess.run([*KG, "push", "--store", str(seeds_store), "--endpoint", scripted, "--replace"],
                       capture_output=True, text=True, env=_env())
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(f"{n} triples in {graphs} graphs") and sum(_Remote.triples) == n


def test_credentials_in_the_endpoint_url_are_refused_and_not_echoed(seeds_store, scripted):
    url = scripted.replace("http://", "http://kg:s3cret@")
    r = subprocess.run([*KG, "push", "--store", str(seeds_store), "--endpoint", url],
                       capture_output=True, text=True, env=_env())
    assert r.returncode == 4 and r.stderr.startswith("kg: [KG651] ")
    assert "s3cret" not in r.stderr + r.stdout and "***@127.0.0.1" in r.stderr
    assert _Remote.seen == []


def test_redact():
    from kg.rdf.push import redact

    assert redact("http://u:p@h:1/x?graph=a@b") == "http://***@h:1/x?graph=a@b"
    assert redact("https://h/store") == "https://h/store"


def test_password_from_the_environment_and_deprecated_option(seeds_store, scripted):
    r = subprocess.run([*KG, "push", "--store", str(seeds_store), "--endpoint", scripted, "--user", "kg"],
                       capture_output=True, text=True, env={**_env(), "KG_PUSH_PASSWORD": "s3cret"})
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert {a for _, a in _Remote.seen} == {"Basic a2c6czNjcmV0"}
    _Remote.seen.clear()
    r = subprocess.run([*KG, "push", "--store", str(seeds_store), "--endpoint", scripted, "--user", "kg",
                        "--password", "s3cret"], capture_output=True, text=True, env=_env())
    assert r.returncode == 0 and r.stderr.startswith("kg: warning: [KG656] --password is deprecated")
    assert {a for _, a in _Remote.seen} == {"Basic a2c6czNjcmV0"}


def test_a_user_without_a_password_is_one_line(seeds_store, scripted):
    r = subprocess.run([*KG, "push", "--store", str(seeds_store), "--endpoint", scripted, "--user", "kg"],
                       capture_output=True, text=True, env=_env())
    assert r.returncode == 4 and r.stderr.startswith("kg: [KG653] ") and _Remote.seen == []


def test_credentials_from_a_netrc_file(seeds_store, scripted, tmp_path):
    rc = tmp_path / "netrc"
    rc.write_text("machine example.org login other password nope\nmachine 127.0.0.1 login kg password s3cret\n")
    rc.chmod(0o600)
    env = {**_env(), "NETRC": str(rc)}
    r = subprocess.run([*KG, "push", "--store", str(seeds_store), "--endpoint", scripted, "--netrc"],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert {a for _, a in _Remote.seen} == {"Basic a2c6czNjcmV0"}
    rc.write_text("machine example.org login other password nope\n")
    r = subprocess.run([*KG, "push", "--store", str(seeds_store), "--endpoint", scripted, "--netrc"],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 4 and r.stderr.startswith("kg: [KG654] --netrc: no entry for 127.0.0.1")
    rc.write_text("machine 127.0.0.1 login kg password s3cret extra\n")  # a parse error quotes the file
    r = subprocess.run([*KG, "push", "--store", str(seeds_store), "--endpoint", scripted, "--netrc"],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 4 and r.stderr.startswith("kg: [KG655] ") and "s3cret" not in r.stderr


def test_push_graph_must_be_an_iri(seeds_store, scripted):
    r = subprocess.run([*KG, "push", "--store", str(seeds_store), "--endpoint", scripted, "--graph", "not an iri"],
                       capture_output=True, text=True, env=_env())
    assert r.returncode == 1 and r.stderr.startswith("kg: [KG160] ") and _Remote.seen == []


def test_push_cli_to_oxigraph_reports_what_the_server_holds(seeds_store, oxigraph_server):
    n, graphs = _store_size(seeds_store)
    r = subprocess.run([*KG, "push", "--store", str(seeds_store), "--endpoint", oxigraph_server + "/store",
                        "--replace", "--batch-size", "500"], capture_output=True, text=True, env=_env())
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(f"{n} triples in {graphs} graphs")
    assert quad_count(oxigraph_server) == n
