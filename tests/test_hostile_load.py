"""Issue 41, kg load: a small hostile file cannot blow up memory, crash the parser or end in a
traceback (rows C1, C2, C5). Through the installed ``kg``, with a memory cap."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_hostile_input import kg

RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"


def laughs(levels: int) -> str:
    """688 bytes at 8 levels: each entity is ten of the one before (10**8 'lol's)."""
    ents = '<!ENTITY lol0 "lol">\n' + "".join(
        f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">\n' for i in range(1, levels + 1))
    return (f'<?xml version="1.0"?>\n<!DOCTYPE rdf:RDF [\n{ents}]>\n'
            f'<rdf:RDF xmlns:rdf="{RDF}" xmlns:ex="http://example.org/">\n'
            f'<rdf:Description rdf:about="http://example.org/a"><ex:p>&lol{levels};</ex:p></rdf:Description>\n'
            "</rdf:RDF>\n")


def assert_clean(r, code: str) -> None:
    """No traceback; one line of standard error says ``kg: [CODE] ...``."""
    assert "Traceback" not in r.stderr and "panicked" not in r.stderr, r.stderr[-2000:]
    assert any(ln.startswith(f"kg: {code} ") for ln in r.stderr.splitlines()), r.stderr[-2000:]


def quads(store: Path) -> int:
    if not store.exists():
        return 0
    r = kg("query", "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }", "--store", store, "--format", "csv")
    assert r.returncode == 0, r.stderr
    return int(r.stdout.split()[1])


@pytest.mark.parametrize("levels", [3, 8])
def test_c1_nested_xml_entities_are_refused_and_the_store_is_unchanged(tmp_path, levels):
    f = tmp_path / "laughs.rdf"
    f.write_text(laughs(levels), encoding="utf-8")
    r = kg("load", f, "--store", tmp_path / "store")
    assert r.returncode == 1
    assert_clean(r, "[KG134]")
    assert "refers to another entity" in r.stderr
    assert quads(tmp_path / "store") == 0


def test_c1_flat_entities_for_namespaces_still_load(tmp_path):
    f = tmp_path / "owl.rdf"
    f.write_text('<?xml version="1.0"?>\n<!DOCTYPE rdf:RDF [\n<!ENTITY ex "http://example.org/">\n'
                 f'<!ENTITY rdf "{RDF}">\n]>\n<rdf:RDF xmlns:rdf="&rdf;" xmlns:ex="&ex;">\n'
                 '<rdf:Description rdf:about="&ex;a"><ex:p>x &amp; y</ex:p></rdf:Description>\n</rdf:RDF>\n',
                 encoding="utf-8")
    r = kg("load", f, "--store", tmp_path / "store")
    assert r.returncode == 0, r.stderr
    assert quads(tmp_path / "store") == 1


@pytest.mark.parametrize("kind", ["SYSTEM", "parameter"])
def test_c1_external_and_parameter_entities_are_refused(tmp_path, kind):
    decl = '<!ENTITY x SYSTEM "file:///etc/hostname">' if kind == "SYSTEM" else '<!ENTITY % x "y">'
    f = tmp_path / "x.rdf"
    f.write_text(f'<?xml version="1.0"?>\n<!DOCTYPE rdf:RDF [ {decl} ]>\n<rdf:RDF xmlns:rdf="{RDF}"/>\n',
                 encoding="utf-8")
    r = kg("load", f, "--store", tmp_path / "store")
    assert r.returncode == 1
    assert_clean(r, "[KG134]")


def test_c2_deeply_nested_jsonld_is_a_clear_error_not_a_crash(tmp_path):
    f = tmp_path / "deep.jsonld"
    f.write_text('{"@id": "http://example.org/a", "http://example.org/p": ' * 5000 + '"x"' + "}" * 5000,
                 encoding="utf-8")
    r = kg("load", f, "--store", tmp_path / "store")
    assert r.returncode == 1, r.stderr[-300:]
    assert_clean(r, "[KG134]")
    assert "nested over 512" in r.stderr


def test_c2_brackets_inside_jsonld_strings_do_not_count(tmp_path):
    f = tmp_path / "ok.jsonld"
    f.write_text('{"@id": "http://example.org/a", "http://example.org/p": "' + "{[\\\"" * 2000 + '"}',
                 encoding="utf-8")
    r = kg("load", f, "--store", tmp_path / "store")
    assert r.returncode == 0, r.stderr
    assert quads(tmp_path / "store") == 1


def test_c5_a_200mb_literal_is_kg134_not_memory_error(tmp_path):
    f = tmp_path / "big.nt"
    with f.open("w", encoding="ascii") as fh:
        fh.write('<urn:a> <urn:b> "')
        for _ in range(200):
            fh.write("x" * (1 << 20))
        fh.write('" .\n')
    r = kg("load", f, "--store", tmp_path / "store")
    assert r.returncode == 1
    assert_clean(r, "[KG134]")
    assert "over 16 MB" in r.stderr


# ------------------------------------------------------------------ a bad file leaves no trace
BAD_FILES = {
    "syntax.nt": "<a> <b> .\n",  # KG134
    "laughs.rdf": laughs(3),  # KG134, refused before the parser
    "latin1.ttl": b"<urn:a> <urn:b> \"caf\xe9\" .\n",  # KG135
    "unknown.xyz": "<urn:a> <urn:b> <urn:c> .\n",  # no format to tell by
}


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_bad_file_creates_no_store_and_leaves_one_byte_identical(seeds_store, tmp_path, name):
    """A failed kg load into a new store left an empty RocksDB folder behind (a later command
    found "a store" with nothing in it); into an existing store, opening it for writing rewrote
    its CURRENT, MANIFEST and logs. The file is read and checked before the store is opened."""
    import shutil

    data = BAD_FILES[name]
    f = tmp_path / name
    f.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    r = kg("load", f, "--store", tmp_path / "new" / "store")
    assert r.returncode != 0 and "Traceback" not in r.stderr, r.stderr[-2000:]
    assert not (tmp_path / "new").exists()
    store = tmp_path / "old"
    shutil.copytree(seeds_store, store)
    before = _files(store)
    r = kg("load", f, "--store", store)
    assert r.returncode != 0 and "Traceback" not in r.stderr, r.stderr[-2000:]
    assert _files(store) == before
