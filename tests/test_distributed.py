"""kg build --executor dask against a real Dask LocalCluster of 2 worker processes:
the same graph as a local build, per-partition N-Quads, unchanged articles
skipped, push to a real Oxigraph server, and a clear message without a scheduler."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kg.query import resolve_query
from kg.rdf.export import export_bytes
from kg.store import Store

from .conftest import SEEDS, synthetic_and_seeds
from .test_remote import local_rows, oxigraph_server, quad_count, remote_rows  # noqa: F401

distributed = pytest.importorskip("distributed")

KG = [sys.executable, "-m", "kg"]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as c:
        yield c.scheduler_address


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    return synthetic_and_seeds(tmp_path_factory.mktemp("corpus"), 70, 21)


def _kg(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*KG, *args], capture_output=True, text=True)


def test_dask_build_equals_the_local_build(cluster, corpus, tmp_path):
    local = _kg("build", str(corpus), "--store", str(tmp_path / "local"), "--no-model")
    assert local.returncode == 0, local.stderr
    parts = tmp_path / "parts"
    r = _kg("build", str(corpus), "--store", str(tmp_path / "dask"), "--ner", "none", "--executor", "dask",
            "--scheduler", cluster, "--parts", str(parts), "--keep-parts")  # --ner none == the old --no-model
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("75 added, 0 replaced, 0 unchanged, 0 failed")
    assert r.stdout.split(";")[1].split("->")[0] == local.stdout.split(";")[1].split("->")[0]  # same tallies
    # 75 articles in partitions of 64: two N-Quads files, written by the workers
    files = sorted(parts.glob("part-*.nq"))
    assert [f.name for f in files] == ["part-000000.nq", "part-000001.nq"]
    assert sum(f.read_bytes().count(b"\n") for f in files) > 10_000
    with Store.open_read(tmp_path / "local") as a, Store.open_read(tmp_path / "dask") as b:
        assert export_bytes(a, "nquads") == export_bytes(b, "nquads")
    again = _kg("build", str(corpus), "--store", str(tmp_path / "dask"), "--no-model", "--executor", "dask",
                "--scheduler", cluster, "--parts", str(parts))
    assert again.returncode == 0 and again.stdout.startswith("0 added, 0 replaced, 75 unchanged"), again.stderr


def test_dask_build_pushes_to_a_graph_store(cluster, corpus, tmp_path, oxigraph_server):  # noqa: F811
    base = oxigraph_server  # a real `oxigraph serve` on a free loopback port
    r = _kg("build", str(corpus / "seeds"), "--ner", "none", "--executor", "dask", "--scheduler", cluster,
            "--parts", str(tmp_path / "parts"), "--push", f"{base}/store")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("5 added") and f"-> {base}/store" in r.stdout
    local = _kg("build", str(corpus / "seeds"), "--store", str(tmp_path / "local"), "--no-model")
    assert local.returncode == 0
    with Store.open_read(tmp_path / "local") as st:
        assert quad_count(base) == len(st)
        assert remote_rows(base, resolve_query("entities")) == local_rows(st, resolve_query("entities"))
    assert not list((tmp_path / "parts").glob("*.nq"))  # loaded parts are removed


def test_without_scheduler_or_unreachable_one_line(tmp_path):
    r = _kg("build", str(SEEDS), "--store", str(tmp_path / "s"), "--executor", "dask")
    assert r.returncode != 0 and "needs --scheduler" in r.stderr and "Traceback" not in r.stderr
    r = _kg("build", str(SEEDS), "--store", str(tmp_path / "s"), "--executor", "dask",
            "--scheduler", "tcp://127.0.0.1:9")
    assert r.returncode != 0 and "cannot reach the Dask scheduler" in r.stderr and "Traceback" not in r.stderr


def test_push_url_with_credentials_is_refused_before_any_work(tmp_path):
    """--push goes through kg push's checks, once, before the scheduler is asked for:
    a password in the URL is refused and never echoed."""
    r = subprocess.run([*KG, "build", str(SEEDS), "--executor", "dask", "--scheduler", "tcp://127.0.0.1:9",
                        "--push", "http://editor:s3cret@127.0.0.1:9/store", "--parts", str(tmp_path / "parts")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode != 0 and "[KG651]" in r.stderr and "s3cret" not in r.stderr + r.stdout
    assert "Traceback" not in r.stderr and not (tmp_path / "parts").exists()
