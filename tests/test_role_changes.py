"""The relation kind role_change, end to end on invented sentences: the finder (one row per
phrasing, and the phrasings that report no change), the generic record's triples, the named
query, the views and the curation (kg reject of a role change, as of an affiliation)."""

import pyoxigraph as ox
import pytest
from click.testing import CliRunner

from kg.cli import main

from .conftest import run_doc

PUBLISHED = "2021-03-10"


@pytest.fixture(scope="module")
def nlp(rules_nlp):
    return rules_nlp


def _changes(nlp, text):
    doc = run_doc(nlp, text, PUBLISHED)
    ents = doc._.kg_entities
    return {(ents[r.subject].label, ents[r.object].label if r.object else None, r.fields.get("role"),
             r.fields["change"], r.fields.get("date")) for r in doc._.kg_relations_generic or []}


@pytest.mark.parametrize("text,expected", [
    ("Velmora Holdings appointed Sarah Brennan as its new chief executive on Monday.",
     ("Sarah Brennan", "Velmora Holdings", "chief executive", "start", "2021-03-08")),
    ("Sarah Brennan was appointed chief executive of Velmora Holdings on March 3, 2021.",
     ("Sarah Brennan", "Velmora Holdings", "chief executive", "start", "2021-03-03")),
    ("Tomas Lindqvist resigned as chairman of the Tarsk Rowing Federation on Tuesday.",
     ("Tomas Lindqvist", "Tarsk Rowing Federation", "chairman", "end", "2021-03-09")),
    ("Tomas Lindqvist, the finance minister, stepped down last week.",
     ("Tomas Lindqvist", None, "finance minister", "end", None)),
    ("Sarah Brennan was sworn in as prime minister on Friday.",
     ("Sarah Brennan", None, "prime minister", "start", "2021-03-05")),
    ("The Halden Football Club sacked coach James Whitford after a string of defeats.",
     ("James Whitford", "Halden Football Club", "coach", "end", None)),
    ("James Whitford left the club in May.", ("James Whitford", None, None, "end", "2020-05")),
    ("Sarah Brennan's appointment as ambassador was announced on Monday.",
     ("Sarah Brennan", None, "ambassador", "start", "2021-03-08")),
    ("Sarah Brennan took over as head of the Velm Water Authority in 2019.",
     ("Sarah Brennan", "Velm Water Authority", "head", "start", "2019")),
    # a relative clause after the name
    ("Brennan, who was sacked as treasurer by the premier on Monday, had kept quiet.",
     ("Brennan", None, "treasurer", "end", "2021-03-08")),
    # a change announced for a day to come
    ("James Whitford, who will take over as managing director of Velmora Holdings on June 9, said little.",
     ("James Whitford", "Velmora Holdings", "managing director", "start", "2021-06-09")),
    ("The Tarsk Rowing Federation hired James Whitford as its new coach.",
     ("James Whitford", "Tarsk Rowing Federation", "coach", "start", None)),
    ("Velmora Holdings chief executive Sarah Brennan resigned on Monday.",
     ("Sarah Brennan", "Velmora Holdings", "chief executive", "end", "2021-03-08")),
    ("Sarah Brennan was replaced as treasurer on Monday.", ("Sarah Brennan", None, "treasurer", "end", "2021-03-08")),
    ("The newly appointed Velmora Holdings chief executive Sarah Brennan toured the plant.",
     ("Sarah Brennan", "Velmora Holdings", "chief executive", "start", None)),
    ("The Tarsk Rowing Federation appointed James Whitford its new coach.",
     ("James Whitford", "Tarsk Rowing Federation", "coach", "start", None)),
])
def test_a_role_change_phrasing(nlp, text, expected):
    assert _changes(nlp, text) == {expected}


@pytest.mark.parametrize("text", [
    "The opposition called for the resignation of Tomas Lindqvist.",  # asked for
    "Tomas Lindqvist said he will not step down.",  # denied, and no past form
    "Critics urged Tomas Lindqvist to resign.",  # asked for
    "Former minister Tomas Lindqvist spoke at the meeting.",  # no change reported
    "A man named James Whitford was arrested.",  # 'named' with no auxiliary: a name
    "James Whitford left Oslo on Sunday.",  # a journey: no body and no post left
    "Tomas Lindqvist may resign as chairman next week.",  # speculation
    "Tomas Lindqvist will not step down as chairman.",  # a denial
    "The Tarsk Rowing Federation confirmed that a crew of James Whitford was fined.",  # no role before the name
    "Commissioner James Whitford on Monday confirmed the arrests.",  # 'confirmed' with no auxiliary
    "The Tarsk Rowing Federation chose James Whitford for the trip.",  # 'chose' with no role
    "Sarah Brennan's election campaign opened in Halden.",  # the noun names a campaign
    "Sarah Brennan's re-election bid failed.",
])
def test_no_role_change(nlp, text):
    assert _changes(nlp, text) == set()


def test_a_body_before_and_is_not_the_persons(nlp):
    text = "The Velm Bank head and James Whitford, who will take over as managing director on June 9, spoke."
    assert _changes(nlp, text) == {("James Whitford", None, "managing director", "start", "2021-06-09")}


def test_with_no_body_in_its_sentence_a_change_takes_the_persons_one_affiliation(nlp):
    text = ("Velmora Holdings spokesman James Whitford said sales were flat. "
            "James Whitford resigned on Monday.")
    doc = run_doc(nlp, text, PUBLISHED)
    (r,) = doc._.kg_relations_generic
    assert doc._.kg_entities[r.object].label == "Velmora Holdings" and r.score == 0.7  # 0.8, less a tenth for the guess


@pytest.mark.parametrize("text,expected", [
    ("Tomas Lindqvist won the vote. He was re-elected chairman on Sunday.",
     ("Tomas Lindqvist", None, "chairman", "start", "2021-03-07", "pronoun-verb")),
    ("Tomas Lindqvist ran the shop for years. Velmora Holdings then fired him in May.",
     ("Tomas Lindqvist", "Velmora Holdings", None, "end", "2020-05", "body-verb-pronoun")),
    ("Tomas Lindqvist sold shares after announcing his resignation as chairman.",
     ("Tomas Lindqvist", None, "chairman", "end", None, "pronoun-noun")),
])
def test_a_pronoun_is_the_one_person_named_just_before(nlp, text, expected):
    doc = run_doc(nlp, text, PUBLISHED)
    ents = doc._.kg_entities
    got = {(ents[r.subject].label, ents[r.object].label if r.object else None, r.fields.get("role"),
            r.fields["change"], r.fields.get("date"), r.pattern) for r in doc._.kg_relations_generic}
    assert expected in got


@pytest.mark.parametrize("text", [
    "Sarah Brennan, who replaced James Whitford as treasurer of the Velm Rowing Club, spoke.",
    "Sarah Brennan succeeded Mr. James Whitford as treasurer of the Velm Rowing Club.",
])
def test_who_succeeds_whom(nlp, text):
    assert _changes(nlp, text) == {("Sarah Brennan", "Velm Rowing Club", "treasurer", "start", None),
                                   ("James Whitford", "Velm Rowing Club", "treasurer", "end", None)}


def test_a_pronoun_after_two_people_is_no_ones(nlp):
    assert _changes(nlp, "Tomas Lindqvist met James Whitford. He was re-elected chairman on Sunday.") == set()


def test_every_role_change_says_what_proposed_it(nlp):
    doc = run_doc(nlp, "Tomas Lindqvist resigned as chairman of the Tarsk Rowing Federation.", PUBLISHED)
    (r,) = doc._.kg_relations_generic
    assert (r.kind, r.generator, r.pattern, r.score) == ("role_change", "role_changes", "person-verb", 0.8)
    text = doc.text[r.start:r.end]
    assert text.startswith("Tomas Lindqvist resigned") and text.endswith("Federation")


ARTICLES = {
    "a1.txt": "Velmora Holdings appointed Sarah Brennan as its new chief executive on Monday. "
              "The company said the board was pleased.\n",
    "a2.txt": "Tomas Lindqvist resigned as chairman of the Tarsk Rowing Federation on Tuesday. "
              "The federation will meet next month.\n",
}


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    folder = tmp_path_factory.mktemp("roles")
    for name, text in ARTICLES.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "metadata.csv").write_text("file,published\na1.txt,2021-03-10\na2.txt,2021-03-10\n", encoding="utf-8")
    store = folder / "store"
    assert invoke("build", folder, "--store", store, "-q").exit_code == 0
    return store


def test_the_named_query_gives_the_role_changes(store):
    r = invoke("query", "role_changes", "--store", store, "--format", "csv", "--sort")
    assert r.exit_code == 0
    import csv

    rows = list(csv.DictReader(r.output.splitlines()))
    got = {(x["personLabel"], x["organisationLabel"], x["role"], x["change"], x["date"], x["source"]) for x in rows}
    assert got == {("Sarah Brennan", "Velmora Holdings", "chief executive", "start", "2021-03-08", "a1.txt"),
                   ("Tomas Lindqvist", "Tarsk Rowing Federation", "chairman", "end", "2021-03-09", "a2.txt")}
    assert all(x["sentence"].startswith(("Velmora Holdings appointed", "Tomas Lindqvist resigned")) for x in rows)
    assert {(x["generator"], x["pattern"]) for x in rows} == {("role_changes", "body-verb-person"),
                                                               ("role_changes", "person-verb")}
    r = invoke("query", "provenance", "--store", store, "--format", "csv")
    assert ",Relation,Tomas Lindqvist resigned as chairman" in r.output
    # bound to one article, the query gives that article's rows (as tests/test_query.py checks on the seeds)
    bound = invoke("query", "role_changes", "--store", store, "--format", "csv", "--sort", "-p", "source", "a2.txt")
    assert bound.output.splitlines()[1:] == [line for line in r_lines(store) if ",a2.txt," in line]


def test_the_named_query_streams_the_rows_it_sorts(store):
    streamed = invoke("query", "role_changes", "--store", store, "--format", "csv").output.splitlines()[1:]
    assert sorted(streamed) == sorted(r_lines(store)) and len(streamed) == 2


def r_lines(store):
    return invoke("query", "role_changes", "--store", store, "--format", "csv", "--sort").output.splitlines()[1:]


def test_a_store_with_role_changes_conforms_to_the_shapes(store):
    r = invoke("validate", "--store", store)
    assert r.exit_code == 0 and "conforms" in r.output


def test_the_views_show_the_role_change(store):
    from kg.store import Store
    from kg.views.fetch import neighbourhood
    from kg.views.graph import to_networkx

    with Store(store) as st:
        g = to_networkx(st)
        near, centre = neighbourhood(st, "Sarah Brennan", 1)
    labels = {d["label"] for _, _, d in g.edges(data=True)}
    assert "chief executive (start)" in labels and "chairman (end)" in labels
    assert "chief executive (start)" in {d["label"] for _, _, d in near.edges(data=True)}
    assert any(d["label"] == "Velmora Holdings" for _, d in near.nodes(data=True))


def test_kg_render_draws_the_role_change(tmp_path, store):
    out = tmp_path / "g.html"
    r = invoke("render", "--store", store, "-o", out, "--focus", "Sarah Brennan")
    assert r.exit_code == 0 and "chief executive (start)" in out.read_text(encoding="utf-8")


def test_a_role_change_is_rejected_as_an_affiliation_is(tmp_path, store):
    import shutil

    copy = tmp_path / "store"
    shutil.copytree(store, copy)
    r = invoke("query", "provenance", "--store", copy, "--format", "csv", "-p", "source", "a2.txt")
    fact = next(line.split(",")[0] for line in r.output.splitlines() if ",Relation," in line)
    assert fact.endswith("/a2.txt/r0")
    r = invoke("reject", fact, "--store", copy, "--note", "not a change")
    assert r.exit_code == 0, r.output
    rows = invoke("query", "role_changes", "--store", copy, "--format", "csv").output.splitlines()
    assert len(rows) == 2 and "Sarah Brennan" in rows[1]
    # an entity rejected takes its role changes with it
    r = invoke("reject", "Sarah Brennan", "--store", copy)
    assert r.exit_code == 0, r.output
    assert len(invoke("query", "role_changes", "--store", copy, "--format", "csv").output.splitlines()) == 1


def test_a_retype_keeps_the_ends_of_a_role_change_of_their_types(tmp_path, store):
    import shutil

    copy = tmp_path / "store"
    shutil.copytree(store, copy)
    assert invoke("retype", "Tarsk Rowing Federation", "Place", "--store", copy).exit_code == 0
    rows = {line.split(",")[1]: line for line in r_lines(copy)}
    assert rows["Tomas Lindqvist"].split(",")[2:4] == ["", ""]  # the place is no organisation of it
    assert invoke("retype", "Sarah Brennan", "Organisation", "--store", copy).exit_code == 0
    assert [line.split(",")[1] for line in r_lines(copy)] == ["Tomas Lindqvist"]  # no person: no role change
    assert "conforms" in invoke("validate", "--store", copy).output


def test_the_generic_mapping_writes_the_row_of_the_kind():
    from kg.rdf.mapping import relation_quads
    from kg.types import Relation

    g = ox.NamedNode("https://w3id.org/kg-news/id/article/x.txt")
    person, body = ox.NamedNode("https://w3id.org/kg-news/id/person/p"), ox.NamedNode("https://w3id.org/kg-news/id/o")
    rel = Relation("role_change", "p", "o", 2, 10, 40, 0.8, "role_changes", "person-verb",
                   {"role": "mayor", "change": "end", "date": "2020-05"})
    kg = "https://w3id.org/kg-news/ontology#"
    quads = relation_quads([rel], g, {"p": person, "o": body})
    got = {(q.predicate.value.removeprefix(kg), q.object.value) for q in quads}
    assert got == {("http://www.w3.org/1999/02/22-rdf-syntax-ns#type", kg + "RoleChange"),
                   ("holder", person.value), ("organisation", body.value), ("position", "mayor"), ("change", "end"),
                   ("date", "2020-05"), ("generator", "role_changes"), ("pattern", "person-verb"), ("score", "0.8"),
                   ("relationSpan", "10 40 2")}
    unknown = Relation("role_change", "nobody", None, 0, 0, 1, 0.5, "g", "p", {"change": "start"})
    assert list(relation_quads([unknown], g, {"p": person})) == []  # no subject: no relation
