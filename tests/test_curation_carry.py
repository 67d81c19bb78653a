"""Corrections that never drop a fact (issue 42): a merge carries every affiliation,
statement and count of the merged entity, also an affiliation an analyst added, through
``kg curation apply`` and a rebuild."""

from __future__ import annotations

from pathlib import Path

from . import test_curation
from .test_curation import A000, ID, kg, rows

built, work = test_curation.built, test_curation.work  # the fixtures: a seeds store, a private copy of it

SDF = "Syrian Democratic Forces"


def _wedeman(store: Path) -> list[str]:
    return sorted(r.split(",", 4)[4] for r in rows(store, "spokespeople") if "Ben Wedeman" in r)


def _of(store: Path, query: str, iri: str) -> int:
    return sum(1 for r in rows(store, query) if iri in r)


def test_an_added_affiliation_follows_a_later_merge_of_its_organisation(work):
    folder, store = work
    kg("affiliate", "Ben Wedeman", SDF, "--article", A000, "--store", store)
    kg("merge", "CNN", SDF, "--store", store)  # SDF merged away into CNN
    expected = [f",false,{A000}", f"journalist,false,{A000}"]
    assert _wedeman(store) == expected
    r = kg("curation", "apply", "--store", store)
    assert r.stdout == "2 corrections applied (0 articles rewritten)\n"
    assert _wedeman(store) == expected
    path = folder / A000  # built again: the corrections are replayed on the new extraction
    path.write_text(path.read_text(encoding="utf-8") + "\nA closing line.\n", encoding="utf-8")
    kg("build", folder, "--store", store, "-j", "1", "-q")
    assert _wedeman(store) == expected
    listing = kg("curation", "--store", store, "--format", "csv").stdout.splitlines()
    assert [line.rsplit(",", 1)[1] for line in listing[1:]] == ["applied to 1 article", "applied to 5 articles"]


def test_a_merge_carries_statements_counts_and_affiliations(work):
    _, store = work
    bali, sdf, cnn = ID + "person/mustafa-bali", ID + "organisation/syrian-democratic-forces", ID + "entity/wd-Q48268"
    said = _of(store, "statements", bali)
    spoke = _of(store, "spokespeople", sdf) + _of(store, "spokespeople", cnn)
    assert said and spoke
    kg("merge", "CNN", SDF, "--store", store)
    kg("merge", "Kino Gabriel", "Mustafa Bali", "--store", store)
    kg("curation", "apply", "--store", store)
    assert _of(store, "statements", ID + "person/kino-gabriel") >= said
    assert _of(store, "statements", bali) == 0
    assert _of(store, "spokespeople", cnn) == spoke


def _facts(store: Path) -> dict[str, list[str]]:
    return {q: [r for r in rows(store, q) if A000 in r] for q in ("statements", "counts", "spokespeople")}


def test_rejections_hold_when_text_is_added_before_and_after_the_fact(work):
    """kg reject records what the fact says (its text and sentence), not only its offsets: an
    article built again with a paragraph before and after it keeps every rejection."""
    folder, store = work
    for fact in ("q1", "c1", "a1", "m3"):
        kg("reject", f"article/{A000}/{fact}", "--store", store)
    rejected = _facts(store)
    path = folder / A000
    path.write_text("A first paragraph added later.\n\n" + path.read_text(encoding="utf-8")
                    + "\n\nA closing paragraph added later.\n", encoding="utf-8")
    r = kg("build", folder, "--store", store, "-j", "1", "-q")
    assert "KG813" not in r.stderr
    assert _facts(store) == rejected
    listing = kg("curation", "--store", store, "--format", "csv").stdout.splitlines()
    assert [line.rsplit(",", 1)[1] for line in listing[1:]] == ["applied to 1 article"] * 4
    assert "('3,500 people')" in listing[2]  # what the fact said, listed with it


def _examples(command: str) -> list[list[str]]:
    import shlex

    import click

    from kg.cli import main

    cmd = main.get_command(click.Context(main), command)
    return [shlex.split(line.strip()[len("Example: kg "):]) for line in (cmd.help or "").splitlines()
            if line.strip().startswith("Example: kg ")]


def test_every_example_of_the_correction_commands_runs_on_the_seeds(built, tmp_path):
    """The help's examples name entities and facts the seeds have (the README's first merge
    example gave KG806): each runs on a copy of the seeds store."""
    import shutil

    _, store = built
    examples = [e for c in ("merge", "retype", "relabel", "split", "reject", "affiliate", "curation")
                for e in _examples(c)]
    assert len(examples) >= 10
    for n, args in enumerate(examples):
        copy = tmp_path / f"s{n}"
        shutil.copytree(store, copy)
        (copy / "LOCK").unlink(missing_ok=True)
        if "--undo" in args:  # it undoes correction 3: three are made first
            for before in (_examples(c)[0] for c in ("retype", "relabel", "split")):
                kg(*before, "--store", copy)
        kg(*args, "--store", copy)
