"""Issue 41, kg push and kg query --endpoint against a hostile server on 127.0.0.1 (rows C3,
D2, D3 and F's nested answer): answers are read in bounded memory and time, a Retry-After
never outwaits --timeout, and each ends in one clear line. Through the installed ``kg``
with a memory cap; the subprocess timeout is only a guard against a hang."""

from __future__ import annotations

import socketserver
import threading
import time

import pytest

from .test_hostile_input import kg

QUERY = "SELECT ?s WHERE { ?s ?p ?o }"


class _Hostile(socketserver.BaseRequestHandler):
    mode = ""

    def handle(self) -> None:
        f = self.request.makefile("rb")
        length = 0
        while (line := f.readline()) not in (b"\r\n", b"\n", b""):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        f.read(length)
        send = self.request.sendall
        try:
            if self.mode == "endless":
                send(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
                chunk = b"%x\r\n%s\r\n" % (1 << 16, b" " * (1 << 16))
                while True:
                    send(chunk)
            elif self.mode == "huge-500":
                send(b"HTTP/1.1 500 Oops\r\nContent-Length: 4294967296\r\n\r\n")
                while True:
                    send(b"x" * (1 << 16))
            elif self.mode == "retry-after":
                send(b"HTTP/1.1 503 Busy\r\nRetry-After: 3600\r\nContent-Length: 0\r\n\r\n")
            elif self.mode == "trickle":
                for byte in b"HTTP/1.1 204 No Content\r\n\r\n":
                    send(bytes([byte]))
                    time.sleep(3)
            elif self.mode == "nested":
                inner = '{"type": "literal", "value": ' * 100_000 + '"x"' + "}" * 100_000
                body = ('{"head": {"vars": ["s"]}, "results": {"bindings": [{"s": ' + inner + "}]}}").encode()
                send(b"HTTP/1.1 200 OK\r\nContent-Type: application/sparql-results+json\r\n"
                     b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        except OSError:  # kg hung up: what it should do
            pass


@pytest.fixture
def hostile():
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Hostile)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def at(mode: str) -> str:
        _Hostile.mode = mode
        return f"http://127.0.0.1:{server.server_address[1]}/store"

    yield at
    server.shutdown()
    server.server_close()


def one_clear_line(r, code: str) -> None:
    assert r.returncode == 4, (r.returncode, r.stderr[-1000:])
    assert "Traceback" not in r.stderr and "MemoryError" not in r.stderr, r.stderr[-2000:]
    assert r.stderr.startswith(f"kg: [{code}] ") and len(r.stderr.strip().splitlines()) == 1, r.stderr


def push(seeds_store, url: str, *extra: str):
    return kg("push", "--store", seeds_store, "--endpoint", url, *extra, timeout=150)


def test_c3_push_reads_an_endless_200_answer_no_further_than_a_limit(seeds_store, hostile):
    one_clear_line(push(seeds_store, hostile("endless"), "--retries", "0"), "KG670")


def test_c3_push_a_500_claiming_4gb_is_one_line(seeds_store, hostile):
    r = push(seeds_store, hostile("huge-500"), "--retries", "0")
    one_clear_line(r, "KG606")
    assert "500" in r.stderr and len(r.stderr) < 1000


def test_c3_query_endpoint_reads_an_endless_answer_no_further_than_a_limit(hostile):
    one_clear_line(kg("query", QUERY, "--endpoint", hostile("endless"), "--format", "csv", timeout=90), "KG698")


def test_c3_query_endpoint_a_500_claiming_4gb_is_one_line(hostile):
    one_clear_line(kg("query", QUERY, "--endpoint", hostile("huge-500"), "--format", "csv", timeout=90), "KG606")


def test_d2_retry_after_is_capped_by_the_timeout(seeds_store, hostile):
    # two retries, each asked to wait an hour: kg waits at most --timeout (1 s) each time
    r = push(seeds_store, hostile("retry-after"), "--timeout", "1", "--retries", "2")
    one_clear_line(r, "KG605")
    assert "503" in r.stderr


def test_d3_a_byte_every_3s_times_out(seeds_store, hostile):
    one_clear_line(push(seeds_store, hostile("trickle"), "--timeout", "4", "--retries", "0"), "KG607")


def test_d3_query_endpoint_a_byte_every_3s_times_out(hostile):
    r = kg("query", QUERY, "--endpoint", hostile("trickle"), "--format", "csv", "--timeout", "4", timeout=150)
    one_clear_line(r, "KG693")


def test_f_an_answer_nested_100000_deep_is_a_clear_error(hostile):
    r = kg("query", QUERY, "--endpoint", hostile("nested"), "--format", "csv", timeout=90)
    one_clear_line(r, "KG695")
    assert "nested too deeply" in r.stderr
