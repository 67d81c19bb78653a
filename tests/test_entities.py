import pytest

from kg.nlp.lexicon import normalize_name

from .conftest import run_doc


def _ents(doc):
    return {(e.label, e.type) for e in doc._.kg_entities.values()}


# One row per rule: sentence, (label, type) that must be found.
ROWS = [
    ("The strike killed five people in Hodeidah, Yemen, officials said.", ("Hodeidah", "Place")),
    ("Residents fled to the village of Umm Batna overnight.", ("Umm Batna", "Place")),
    ("Aid reached the Zaatari camp on Friday.", ("Zaatari", "Place")),
    ("Spokesman Ahmed Hassan told reporters the talks had failed.", ("Ahmed Hassan", "Person")),
    ("Mr Okafor said the vote was fair.", ("Okafor", "Person")),
    ("Gen. Abdel Fattah said the army would withdraw.", ("Abdel Fattah", "Person")),
    ("The Rapid Support Forces shelled the market.", ("Rapid Support Forces", "Organisation")),
    ("The Ministry of Health reported new cases.", ("Ministry of Health", "Organisation")),
    ("The National Electoral Commission published the results.", ("National Electoral Commission", "Organisation")),
    ("Lina Haddad, a spokeswoman for the agency, said it was ready.", ("Lina Haddad", "Person")),
    ("A commander who goes by Abu Layla said they would hold.", ("Abu Layla", "Person")),
    ("A woman who identified herself as Umm Khaled said she was afraid.", ("Umm Khaled", "Person")),
    ("Reuters' photographer was there. (AP Photo/Maya Alleruzzo)", ("Maya Alleruzzo", "Person")),
    ("The Islamic State of Iraq and the Levant (ISIL) lost ground.", ("Islamic State", "Organisation")),
    ("Fighters from Deir Ezzor and Raqqa surrendered.", ("Deir ez-Zor", "Place")),
    ("Daesh fighters surrendered to the SDF.", ("Islamic State", "Organisation")),
    ("A study by St Mary’s Hospital found the same.", ("St Mary’s Hospital", "Organisation")),
    ("He studied at University College Dublin.", ("University College Dublin", "Organisation")),
    ("Spokesman for the Rapid Support Forces Youssef Ezzat denied it.", ("Youssef Ezzat", "Person")),
    ("Abu Omar told al-Mayadeen TV the talks had failed.", ("al-Mayadeen TV", "Organisation")),
    ("Residents thanked the cooperative Coomika for the food.", ("Coomika", "Organisation")),
    ("The union Frente Portuario called the strike.", ("Frente Portuario", "Organisation")),
    ("The incumbent, Anders Lidgren of the Civic Union, did not concede.", ("Anders Lidgren", "Person")),
    ("The incumbent, Anders Lidgren of the Civic Union, did not concede.", ("Civic Union", "Organisation")),
    ("Ships queued after the sale to Nordvik Shipping was announced.", ("Nordvik Shipping", "Organisation")),
    ("Fighting spread in the Democratic Republic of Congo.", ("Democratic Republic of the Congo", "Place")),
    ("A CJTF-OIR statement said Operation Inherent Resolve would go on.",
     ("Operation Inherent Resolve", "Organisation")),
]


@pytest.mark.parametrize("sentence, expected", ROWS)
def test_entity_rules(nlp, sentence, expected):
    assert expected in _ents(run_doc(nlp, sentence))


@pytest.mark.parametrize(
    "sentence, not_entity",
    [
        ("A French woman and a Kurdish fighter spoke in broken Arabic.", "French"),
        ("A French woman and a Kurdish fighter spoke in broken Arabic.", "Arabic"),
        ("On Tuesday the talks resumed.", "Tuesday"),
        ("Civilians evacuated from the town wait at a screening area.", "Civilians"),
        ("Suspected fighters await processing.", "Suspected"),
        ("God is great, they chanted.", "God"),
    ],
)
def test_not_entities(nlp, sentence, not_entity):
    labels = {e.label for e in run_doc(nlp, sentence)._.kg_entities.values()}
    assert not_entity not in labels


def test_surname_and_title_resolve_to_full_name(nlp):
    doc = run_doc(nlp, "SDF spokesman Mustafa Bali said it was over. Later, Mr Bali said more. Bali left.")
    people = [e for e in doc._.kg_entities.values() if e.type == "Person"]
    assert len(people) == 1 and people[0].label == "Mustafa Bali"
    assert "Mr Bali" in people[0].aliases


def test_acronym_resolves_to_expansion(nlp):
    doc = run_doc(nlp, "The Rapid Support Forces (RSF) advanced. RSF fighters took the bridge.")
    orgs = [e for e in doc._.kg_entities.values() if e.type == "Organisation"]
    assert len(orgs) == 1 and orgs[0].label == "Rapid Support Forces" and "RSF" in orgs[0].aliases


def test_mentions_keep_offsets(nlp):
    text = "Fighters surrendered to the Syrian Democratic Forces in Baghouz."
    doc = run_doc(nlp, text)
    for m in doc._.kg_mentions:
        assert text[m.start : m.end] == m.text


@pytest.mark.parametrize(
    "a, b", [("Deir Az Zor", "Deir ez-Zor"), ("King’s College", "King's College"), ("al-Hol", "Al Hol")]
)
def test_normalize_name_folds_spellings(a, b):
    assert normalize_name(a) == normalize_name(b)
