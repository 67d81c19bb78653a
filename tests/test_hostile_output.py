"""Issue 15, the output side: what kg writes (files, pages, reports) survives hostile
targets and hostile data. Every command is run as a user runs it (a subprocess), and
each test checks the one-line message, the exit status and that nothing was lost."""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from kg.query import named_queries
from kg.store import Store

KG = [sys.executable, "-m", "kg"]
K = "https://w3id.org/kg-news/ontology#"
XSD = "http://www.w3.org/2001/XMLSchema#"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
HUGE = "9" * 5000  # past Python's 4,300-digit limit for int(str)


def kg(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([*KG, *args], capture_output=True, text=True, **kw)


def one_line_error(r: subprocess.CompletedProcess, code: str, status: int = 1) -> str:
    assert r.returncode == status, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"kg: [{code}] "), r.stderr
    return lines[0]


def leftovers(folder: Path) -> list[str]:
    """Temporary files kg left behind."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


# --- output files ---------------------------------------------------------------------------

WRITERS = [
    pytest.param(["export", "--format", "nquads"], id="export"),
    pytest.param(["render"], id="render"),
    pytest.param(["timeline"], id="timeline"),
]


@pytest.mark.parametrize("command", WRITERS)
def test_output_into_a_missing_folder_is_one_line(seeds_store, tmp_path, command):
    target = tmp_path / "missing" / "out.file"
    r = kg(*command, "--store", str(seeds_store), "-o", str(target))
    assert "missing" in one_line_error(r, "KG703")
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize("command", WRITERS)
def test_output_onto_a_folder_is_refused_and_the_folder_kept(seeds_store, tmp_path, command):
    (tmp_path / "keep.txt").write_text("mine")
    r = kg(*command, "--store", str(seeds_store), "-o", str(tmp_path))
    one_line_error(r, "KG701")
    assert tmp_path.is_dir() and (tmp_path / "keep.txt").read_text() == "mine"
    assert leftovers(tmp_path) == [] and leftovers(tmp_path.parent) == []


@pytest.mark.parametrize("command", WRITERS)
def test_output_onto_a_device_node_or_fifo_is_refused_and_the_node_kept(seeds_store, tmp_path, command):
    dev = tmp_path / "null"
    try:
        os.mknod(dev, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a private /dev/null
    except PermissionError:
        dev = None
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for node, check in ((dev, stat.S_ISCHR), (fifo, stat.S_ISFIFO)):
        if node is None:
            continue
        r = kg(*command, "--store", str(seeds_store), "-o", str(node), timeout=120)
        one_line_error(r, "KG702")
        assert check(os.lstat(node).st_mode), f"{node} was replaced"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("command", WRITERS)
def test_output_through_a_symlink_writes_the_file_it_points_to_and_keeps_the_link(seeds_store, tmp_path,
                                                                                      command):
    real = tmp_path / "real" / "out.file"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "link.file"
    link.symlink_to(real)
    r = kg(*command, "--store", str(seeds_store), "-o", str(link))
    assert r.returncode == 0, r.stderr
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8") != "old" and real.stat().st_size > 1000
    assert leftovers(tmp_path) == [] and leftovers(real.parent) == []


def test_export_keeps_the_permissions_of_the_file_it_replaces(seeds_store, tmp_path):
    out = tmp_path / "g.nq"
    out.write_text("old")
    out.chmod(0o640)
    r = kg("export", "--store", str(seeds_store), "--format", "nquads", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert stat.S_IMODE(out.stat().st_mode) == 0o640 and out.read_text().count("\n") > 500
    fresh = tmp_path / "new.nq"
    old_umask = os.umask(0o022)
    try:
        r = kg("export", "--store", str(seeds_store), "--format", "nquads", "-o", str(fresh))
    finally:
        os.umask(old_umask)
    assert r.returncode == 0 and stat.S_IMODE(fresh.stat().st_mode) == 0o644  # not mkstemp's 0600


@contextlib.contextmanager
def small_tmpfs(folder: Path, *options: str):
    folder.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", ",".join(("size=64k", *options)), "tmpfs", str(folder)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a small tmpfs needs root")
@pytest.mark.parametrize("command", WRITERS)
def test_a_full_disk_gives_one_line_and_keeps_the_old_file(seeds_store, tmp_path, command):
    with small_tmpfs(tmp_path / "disk") as disk:
        out = disk / "out.file"
        out.write_text("the old contents")
        (disk / "filler").write_bytes(b"x" * 56_000)  # leaves one 4 kB page: every output is bigger
        r = kg(*command, "--store", str(seeds_store), "-o", str(out))
        assert "No space left" in one_line_error(r, "KG704")
        assert out.read_text() == "the old contents"
        assert sorted(p.name for p in disk.iterdir()) == ["filler", "out.file"]


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")
def test_a_read_only_file_system_gives_one_line(seeds_store, tmp_path):
    with small_tmpfs(tmp_path / "ro", "ro") as disk:
        r = kg("export", "--store", str(seeds_store), "-o", str(disk / "g.ttl"))
        assert "Read-only" in one_line_error(r, "KG704")


def test_export_to_a_full_stdout_is_one_line(seeds_store):
    with open("/dev/full", "wb") as full:
        r = subprocess.run([*KG, "export", "--store", str(seeds_store)], stdout=full, stderr=subprocess.PIPE,
                           text=True)
    one_line_error(r, "KG705")


# --- IRIs the user gives --------------------------------------------------------------------

@pytest.mark.parametrize("timeout", ["0", "30"])
@pytest.mark.parametrize("iri", ["<http://a b>", "<no-scheme>", "<http://a/<b>"])
def test_query_parameter_with_a_bad_iri_is_one_line(seeds_store, iri, timeout):
    r = kg("query", "entities", "--store", str(seeds_store), "-p", "entity", iri, "--timeout", timeout)
    line = one_line_error(r, "KG307", status=2)
    assert "not a valid IRI" in line


def test_query_parameter_with_a_bad_name_is_one_line(seeds_store):
    r = kg("query", "entities", "--store", str(seeds_store), "-p", "a b", "x", "--timeout", "0")
    one_line_error(r, "KG307", status=2)


@pytest.mark.parametrize("iri", ["not an iri", "relative/path", "http://a/<b>"])
def test_load_with_a_bad_graph_iri_is_one_line_and_changes_nothing(store_copy, tmp_path, iri):
    data = tmp_path / "one.nt"
    data.write_text("<urn:a> <urn:b> <urn:c> .\n")
    with Store.open_read(store_copy) as st:
        before = len(list(st.quads()))
    r = kg("load", str(data), "--store", str(store_copy), "--graph", iri)
    assert "--graph" in one_line_error(r, "KG160")
    with Store.open_read(store_copy) as st:
        assert len(list(st.quads())) == before


# --- literals a store may hold after kg load ------------------------------------------------

def hostile_nquads() -> str:
    """One article whose counts carry impossible dates, out-of-range and ill-typed values."""
    g = "<https://w3id.org/kg-news/id/article/hostile.txt>"
    lines = []

    def t(s: str, p: str, o: str) -> None:
        lines.append(f"{s} <{p}> {o} {g} .")

    t(g, RDF_TYPE, f"<{K}Article>")
    t(g, K + "sourceFile", '"hostile.txt"')
    t(g, "https://schema.org/datePublished", f'"2019-02-30"^^<{XSD}date>')
    t(g, K + "text", '"A hostile sentence."')  # facts point into it with their span
    t(g, K + "sentences", '"0:0-19"')  # and their sentence's number into this
    s = "<urn:x:s>"
    t(s, RDF_TYPE, f"<{K}Sentence>")
    t(s, K + "text", '"A hostile sentence."')
    t(s, K + "inArticle", g)
    t(s, K + "startOffset", f'"{HUGE}"^^<{XSD}integer>')
    t(s, K + "endOffset", f'"x"^^<{XSD}integer>')
    counts = [("2019-02-30", f'"1e400"^^<{XSD}double>'), ("2019-03-01", f'"x"^^<{XSD}integer>'),
              ("2019-03-02", f'"{HUGE}"^^<{XSD}integer>'), ("2019-13-45", f'"12"^^<{XSD}decimal>'),
              ("not a date", f'"-5"^^<{XSD}decimal>'), ("2019-03-03", f'"NaN"^^<{XSD}double>'),
              ("2019-03-04", f'"7"^^<{XSD}decimal>')]
    for i, (day, value) in enumerate(counts):
        c = f"<urn:x:c{i}>"
        t(c, RDF_TYPE, f"<{K}Count>")
        t(c, K + "date", f'"{day}"^^<{XSD}date>')
        t(c, K + "qualifier", '"exact"')
        t(c, K + "sentence", s)
        t(c, K + "countSpan", '"2 9 0"')
        t(c, K + "value", value)
        t(c, K + "upperBound", f'"INF"^^<{XSD}double>' if i == 4 else f'"y"^^<{XSD}decimal>')
        t(c, K + "what", '"<b>things</b>"')
    d = "<urn:x:d>"
    t(d, RDF_TYPE, f"<{K}DateMention>")
    t(d, K + "date", f'"2019-02-30"^^<{XSD}date>')
    t(d, K + "text", '"30 February"')
    t(d, K + "sentence", s)
    t(d, K + "startOffset", f'"{HUGE}"^^<{XSD}integer>')
    t(d, K + "isRelative", f'"false"^^<{XSD}boolean>')
    t(d, K + "dateSpan", f'"{HUGE} {HUGE} 0"')
    return "\n".join(lines) + "\n"


@pytest.fixture
def hostile_store(store_copy, tmp_path) -> Path:
    data = tmp_path / "hostile.nq"
    data.write_text(hostile_nquads())
    r = kg("load", str(data), "--store", str(store_copy))
    assert r.returncode == 0, r.stderr
    return store_copy


def no_traceback(r: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in r.stderr and "Error" not in r.stderr, r.stderr


def test_timeline_survives_bad_dates_and_values(hostile_store, tmp_path):
    out = tmp_path / "t.html"
    r = kg("timeline", "--store", str(hostile_store), "-o", str(out))
    assert r.returncode == 0, r.stderr
    no_traceback(r)
    page = out.read_text(encoding="utf-8")
    # shown in the table as they are (Oxigraph stores "1e400"^^xsd:double as INF)
    assert "2019-02-30" in page and "INF" in page and "\\u003cb\\u003ethings" in page and HUGE[:100] in page
    assert "<b>things" not in page  # escaped in the page's data
    data = json.loads(re.search(r'id="timeline-data">(.*?)</script>', page, re.S).group(1))
    assert any(r[4] is not None for r in data["rows"])  # the good counts still make points
    assert "not among the points" in page  # and the page says some were left out


def test_validate_reports_bad_literals_as_violations(hostile_store):
    r = kg("validate", "--store", str(hostile_store))
    assert r.returncode == 1
    no_traceback(r)
    assert "conforms" not in r.stdout
    assert '"2019-02-30" is not a valid xsd:date' in r.stdout
    assert '"x" is not a valid xsd:integer' in r.stdout
    assert "urn:x:c0 https://w3id.org/kg-news/ontology#value: Value is not Literal with datatype xsd:decimal" \
        in r.stdout  # 1e400, stored as INF
    assert "5,000 digits" in r.stdout


def test_validate_a_bad_literal_outside_every_shape_still_fails(store_copy, tmp_path):
    """kg:date on a Count is in no shape: pySHACL alone said "conforms"."""
    data = tmp_path / "one.nq"
    g = "<https://w3id.org/kg-news/id/article/001_00adbe57efcb47f9.txt>"
    data.write_text(f'<https://w3id.org/kg-news/id/article/001_00adbe57efcb47f9.txt/c0> <{K}date> '
                    f'"2019-02-30"^^<{XSD}date> {g} .\n')
    assert kg("validate", "--store", str(store_copy)).returncode == 0
    assert kg("load", str(data), "--store", str(store_copy)).returncode == 0
    r = kg("validate", "--store", str(store_copy))
    assert r.returncode == 1 and "conforms" not in r.stdout
    no_traceback(r)
    assert r.stdout.strip().splitlines() == [
        f'https://w3id.org/kg-news/id/article/001_00adbe57efcb47f9.txt/c0 {K}date: '
        '"2019-02-30" is not a valid xsd:date (no day 30 in that month)']


@pytest.mark.parametrize("command", [["render", "-o", "{tmp}/g.html"], ["stats"], ["stats", "--format", "json"],
                                     ["eval", str(Path(__file__).parent / "gold")]])
def test_other_commands_survive_bad_literals(hostile_store, tmp_path, command):
    r = kg(*[c.format(tmp=tmp_path) for c in command], "--store", str(hostile_store))
    assert r.returncode == 0, r.stderr
    no_traceback(r)


@pytest.mark.parametrize("fmt", ["table", "json"])
def test_every_named_query_survives_bad_literals(hostile_store, fmt):
    for name in sorted(named_queries()):
        r = kg("query", name, "--store", str(hostile_store), "--format", fmt)
        assert r.returncode == 0, (name, r.stderr)
        no_traceback(r)


@pytest.mark.parametrize("lexical, datatype, problem", [
    ("2019-02-30", "date", "not a valid xsd:date (no day 30 in that month)"),
    ("2019-02-29", "date", "not a valid xsd:date (no day 29 in that month)"),
    ("2020-02-29", "date", None),
    ("2019-13", "gYearMonth", "not a valid xsd:gYearMonth (month 13)"),
    ("2019", "gYear", None),
    ("2019-01-01T25:00:00", "dateTime", "not a valid xsd:dateTime (time of day)"),
    ("x", "integer", "not a valid xsd:integer"),
    (" 12 ", "integer", None),
    (HUGE, "integer", "has 5,000 digits, too many to use as xsd:integer"),
    ("300", "byte", "out of range for xsd:byte"),
    ("-1", "nonNegativeInteger", "out of range for xsd:nonNegativeInteger"),
    ("1e400", "double", "out of range for xsd:double"),
    ("1e39", "float", "out of range for xsd:float"),
    ("INF", "double", None),
    ("NaN", "double", None),
    ("1.5e3", "double", None),
    ("abc", "decimal", "not a valid xsd:decimal"),
    ("yes", "boolean", "not a valid xsd:boolean"),
    ("anything", "string", None),
])
def test_literal_problems_table(lexical, datatype, problem):
    from kg.rdf.validate import literal_problem

    found = literal_problem(lexical, XSD + datatype)
    assert (found is None) if problem is None else (found is not None and found.endswith(problem)), found
