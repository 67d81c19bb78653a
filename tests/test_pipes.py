"""Standard output and input as Unix tools use them: a reader that stops early (``| head``)
ends kg quietly with exit 0, and ``-`` reads standard input for kg query and kg load."""

import subprocess
import sys

import pytest

KG = [sys.executable, "-m", "kg"]
PIPE_CAPACITY = 1 << 16  # Linux: a writer of more than this blocks until the reader reads or closes


@pytest.mark.parametrize("args", [
    ["export"], ["export", "--format", "nquads"], ["export", "--format", "jsonld"], ["export", "--format", "xml"],
    ["query", "provenance", "--csv"], ["query", "provenance", "--json"], ["query", "provenance", "--format", "srj"],
    ["query", "SELECT * WHERE { GRAPH ?g { ?s ?p ?o } }", "--tsv", "--timeout", "0"],
], ids=lambda a: " ".join(a)[:40])
def test_a_reader_that_stops_early_ends_kg_quietly(seeds_store, args):
    """kg export | head -1: exit 0 and nothing on standard error, not [KG705] Broken pipe."""
    whole = subprocess.run([*KG, *args, "--store", str(seeds_store)], capture_output=True, check=True).stdout
    assert len(whole) > PIPE_CAPACITY  # so the reader closes the pipe while kg still writes
    p = subprocess.Popen([*KG, *args, "--store", str(seeds_store)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdout.readline()
    p.stdout.close()
    err = [line for line in p.stderr.read().splitlines() if not line.startswith(b"kg: warning:")]
    assert p.wait(60) == 0 and err == []  # (RDF/XML warns that it holds no named graphs)


def test_query_reads_the_query_from_standard_input(seeds_store):
    q = b"SELECT (COUNT(*) AS ?n) WHERE { ?p kg:personMention ?m }"
    r = subprocess.run([*KG, "query", "-", "--store", str(seeds_store), "--csv"], input=q, capture_output=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.decode().splitlines()[0] == "n" and int(r.stdout.decode().splitlines()[1]) > 0


def test_load_reads_rdf_from_standard_input(seeds_store, tmp_path):
    nq = subprocess.run([*KG, "export", "--store", str(seeds_store), "--format", "nquads"], capture_output=True,
                        check=True).stdout
    r = subprocess.run([*KG, "load", "-", "--format", "nquads", "--store", str(tmp_path / "s"), "-q"], input=nq,
                       capture_output=True)
    assert r.returncode == 0, r.stderr
    again = subprocess.run([*KG, "export", "--store", str(tmp_path / "s"), "--format", "nquads"],
                           capture_output=True, check=True).stdout
    assert again == nq


def test_load_from_standard_input_needs_a_format(tmp_path):
    r = subprocess.run([*KG, "load", "-", "--store", str(tmp_path / "s")], input=b"", capture_output=True)
    assert r.returncode != 0 and "--format" in r.stderr.decode() and "Traceback" not in r.stderr.decode()
