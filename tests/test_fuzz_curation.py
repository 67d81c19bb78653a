"""Fuzzing the corrections with kills (issue 41): random sequences of the installed kg's
correction commands (merge, retype, relabel, split, reject, affiliate, curation --undo,
curation apply), with targets that exist and targets that do not, on a copy of a small
synthetic store built once; the last command of each sequence is SIGKILLed after a random
delay. Whatever the commands and wherever the kill lands:

- no traceback in any output, no command dies of a signal it was not sent, exit 0, 1 or 2;
- a refused command changes nothing;
- right after the kill a reader sees the store before the command or after it (the same
  command run to its end on a copy, creation times left out); with KG_ATOMIC_LIMIT=0 (the
  journal applied in steps) only after the next write;
- ``kg curation apply`` then completes, the store is the one after when the kill came past the
  commit point (the journal was in place) or a reader saw it made, else the one before;
  ``kg curation`` lists exactly the corrections of that state, and ``kg validate`` passes.

The kill is real (``kill -9`` at a random time, not at a named point as in
tests/test_curation_crash.py). Long runs: KG_FUZZ_SECONDS, see tests/test_fuzz_readers.py;
bench/fuzz.py runs it with the other fuzzers.
"""

from __future__ import annotations

import csv
import io
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import example
from hypothesis import strategies as st

from kg.store.faults import ENV
from tests.test_curation_crash import _kg, copy, state
from tests.test_fuzz_readers import any_text, fuzz

TYPES = ["Organisation", "Person", "Place", "place", "PERSON", "Thing", "", " "]
JUNK = ["", " ", "-", "--store", "person/", "person/nobody", "entity/Q0", "<>", "<urn:x>", "https://w3id.org/kg-news/id/",
        "article/", "article/nosuch.txt/a1", "article/synth_000000.txt/z9", "article/synth_000000.txt/m999",
        "\x00", "\U0001F600", "a\u202eb", "\x1b]0;x\x07", "Ezlo Ezlo", "0", "-1"]


def _env(limit: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in (ENV, "KG_ATOMIC_LIMIT")}
    if limit is not None:
        env["KG_ATOMIC_LIMIT"] = limit
    return env


def argv(args: list[str], store: Path) -> list[bytes | str]:
    """The command line of kg ``args`` on ``store`` (as bytes: a drawn argument may hold a lone
    surrogate; a NUL, which no command line can hold, is left out)."""
    return [*_kg(), *(a.encode("utf-8", "surrogatepass").replace(b"\0", b"") for a in args), "--store", str(store)]


def kg(args: list[str], store: Path, limit: str | None = None) -> subprocess.CompletedProcess:
    """The installed kg on ``store``: no traceback, no signal, exit 0, 1 or 2."""
    r = subprocess.run(argv(args, store), capture_output=True, env=_env(limit), timeout=300)
    clean(args, r.returncode, r.stdout, r.stderr)
    return r


def clean(args: list[str], rc: int, out: bytes, err: bytes) -> None:
    assert b"Traceback" not in out + err, (args, err.decode(errors="replace"))
    assert rc in (0, 1, 2), (args, rc, err.decode(errors="replace"))
    assert rc == 0 or err.strip(), (args, "refused without a message")


def listing(store: Path) -> list[tuple[str, ...]]:
    """The corrections ``kg curation`` lists, without their creation times."""
    from kg.curation.curate import listing as statuses
    from kg.store import Store

    with Store.open_read(store) as st_:
        return [(str(s.correction.n), s.correction.action, s.correction.target, s.correction.describe(), s.status)
                for s in statuses(st_)]


def killed(args: list[str], store: Path, delay: float, limit: str | None) -> int:
    """Run kg ``args`` on ``store`` and SIGKILL it after ``delay`` seconds (if it is still
    running): its exit status (-9 when the kill landed)."""
    proc = subprocess.Popen(argv(args, store), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=_env(limit))
    try:
        out, err = proc.communicate(timeout=delay)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGKILL)
        out, err = proc.communicate(timeout=60)
    if proc.returncode != -signal.SIGKILL:
        clean(args, proc.returncode, out, err)
    return proc.returncode


@pytest.fixture(scope="module")
def pool(tmp_path_factory) -> dict:
    """A store of 8 synthetic articles, built once, and what the commands are drawn from:
    its entities (names, IRIs, forms), their mention texts, person-organisation pairs that
    share an article, fact IRIs and source names."""
    from kg.curation.naming import graphs_with, mention_texts
    from kg.rdf.mapping import article_iri
    from kg.store import Store
    from kg.training.synthetic import write_corpus

    root = tmp_path_factory.mktemp("fuzz-curation")
    write_corpus(root / "corpus", 8, 1, 4, 8)
    store = root / "store"
    r = subprocess.run([*_kg(), "build", str(root / "corpus"), "--store", str(store), "-j", "1", "-q"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    base = article_iri("")
    names, texts, by_graph, facts = [], [], {}, set()
    top = subprocess.run([*_kg(), "top", "--store", str(store), "--limit", "1000", "--format", "csv"],
                         capture_output=True, text=True, timeout=300, check=True).stdout
    with Store.open_read(store) as st_:
        for iri, label, kind, *_ in list(csv.reader(io.StringIO(top)))[1:]:
            graphs = graphs_with(st_, iri)
            names += [label, iri, iri.split("/id/", 1)[-1], label.upper()]
            texts += sorted(mention_texts(st_, iri, graphs))
            for g in graphs:
                by_graph.setdefault(g, {}).setdefault(kind, set()).add(label)
        for q in st_.raw.quads_for_pattern(None, None, None, None):
            subject = getattr(q.subject, "value", "")
            if subject.startswith(base) and re.search(r"/[acdeqm]\d+$", subject):
                facts.add(subject)
    pairs = sorted({(p, o) for kinds in by_graph.values() for p in kinds.get("Person", ())
                    for o in kinds.get("Organisation", ())})
    assert names and texts and pairs and facts
    return {"store": store, "names": sorted(set(names)), "texts": sorted(set(texts)), "pairs": pairs,
            "facts": sorted(facts) + [f.replace(base, "article/") for f in sorted(facts)][:20],
            "sources": sorted(p.name for p in (root / "corpus").glob("*.txt"))}


def commands(p: dict):
    """One kg correction command (its arguments) drawn from the pool ``p``: mostly valid targets."""
    names = st.sampled_from(p["names"])
    name = st.one_of(names, names, names, names, st.sampled_from(JUNK), any_text)
    texts = st.sampled_from(p["texts"])
    text = st.one_of(texts, texts, texts, st.sampled_from(JUNK), any_text)
    by = ["--by", "fuzz"]

    @st.composite
    def affiliate(draw):
        person, org = draw(st.sampled_from(p["pairs"])) if draw(st.booleans()) else (draw(name), draw(name))
        args = ["affiliate", person, org, *by]
        if draw(st.booleans()):
            args += ["--role", draw(st.one_of(st.sampled_from(["spokesman", "head", ""]), any_text))]
        if draw(st.booleans()):
            args.append("--spokesperson")
        if draw(st.integers(0, 3)) == 0:
            args += ["--article", draw(st.one_of(st.sampled_from(p["sources"]), st.sampled_from(JUNK)))]
        return args

    return st.one_of(
        st.tuples(st.just("merge"), name, name).map(lambda t: [*t, *by]),
        st.tuples(st.just("retype"), name, st.sampled_from(TYPES)).map(lambda t: [*t, *by]),
        st.tuples(st.just("relabel"), name, st.one_of(st.sampled_from(p["names"]), text)).map(lambda t: [*t, *by]),
        st.tuples(st.just("split"), name, text).map(lambda t: [*t, *by]),
        st.tuples(st.just("reject"), st.one_of(name, st.sampled_from(p["facts"]))).map(lambda t: [*t, *by]),
        affiliate(),
        st.integers(0, 4).map(lambda n: ["curation", "--undo", str(n)]),
        st.just(["curation", "apply"]),
    )


def cases(p: dict):
    # the delay, as a share of the time the same command took to its end: anywhere, or near
    # the end, where the write is
    share = st.one_of(st.floats(0.05, 1.2), st.floats(0.75, 1.0), st.floats(0.75, 1.0))
    return st.tuples(st.lists(commands(p), max_size=2), commands(p), share, st.sampled_from([None, None, None, "0"]))


def _body(p: dict):
    def run(case) -> None:
        before_cmds, cmd, share, limit = case
        with tempfile.TemporaryDirectory(prefix="kg-fuzz-curation-") as tmp:
            store = copy(p["store"], Path(tmp) / "store")
            for args in before_cmds:
                kg(args, store)
            before = (state(store), listing(store))
            ref = copy(store, Path(tmp) / "ref")
            began = time.monotonic()
            r = kg(cmd, ref, limit)
            took = time.monotonic() - began
            after = (state(ref), listing(ref))
            if r.returncode != 0:
                assert after == before, (cmd, "a refused command changed the store")
            rc = killed(cmd, store, share * took, limit)
            if rc != -signal.SIGKILL:
                assert rc == r.returncode, (cmd, rc, r.returncode)
            seen = (state(store), listing(store))
            if limit is None:  # one transaction: a reader sees the old store or the new one
                assert seen in (before, after), (cmd, rc, "a reader sees a store between before and after")
            committed = (store / "journal" / "graphs").exists()  # killed past the commit point
            kg(["curation", "apply"], store)
            final = (state(store), listing(store))
            assert final in (before, after), (cmd, rc, "not the store before the command nor after it")
            # made (or recorded) is kept; not recorded is not made
            assert final == (after if committed or seen == after else before), (cmd, rc, committed)
            assert kg(["validate"], store).returncode == 0, cmd
            assert not (store / "journal").exists() and not (store / "journal.tmp").exists()
            shutil.rmtree(ref)
    return run


def test_fuzzed_corrections_killed_leave_the_old_or_the_new_store(pool):
    fuzz(_body(pool), cases(pool), default=2, name="curation", examples=[
        example(([], ["merge", pool["pairs"][0][1], pool["pairs"][-1][1], "--by", "fuzz"], 0.9, None)),
        example(([["reject", pool["names"][0], "--by", "fuzz"]], ["curation", "--undo", "1"], 0.95, "0")),
    ])
