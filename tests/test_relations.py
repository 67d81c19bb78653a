import pytest

from .conftest import run_doc


def _affs(doc):
    ents = doc._.kg_entities
    return {(ents[a.person].label, ents[a.organisation].label, a.role, a.spokesperson)
            for a in doc._.kg_affiliations}


# One row per phrasing: text, (person, organisation, role, spokesperson).
ROWS = [
    ("SDF spokesman Mustafa Bali said the battle was over.",
     ("Mustafa Bali", "Syrian Democratic Forces", "spokesman", True)),
    ("Mustafa Bali, a spokesman for the Syrian Democratic Forces, said it was over.",
     ("Mustafa Bali", "Syrian Democratic Forces", "spokesman", True)),
    ("Adnan Afrin, spokesman and commander for SDF, told CNN that people fled.",
     ("Adnan Afrin", "Syrian Democratic Forces", "spokesman and commander", True)),
    ("A Syrian Democratic Forces official who goes by Mervan The Brave said many remain.",
     ("Mervan The Brave", "Syrian Democratic Forces", "official", True)),
    ("ITV News Correspondent Emma Murphy reports from Syria.",
     ("Emma Murphy", "ITV News", "Correspondent", False)),
    ("CNN's Ben Wedeman and Kareem Khadder reported from eastern Syria.",
     ("Kareem Khadder", "CNN", "journalist", False)),
    ("But spokesman for the Kurdish-led Syrian Democratic Forces Mustafa Bali tweeted that it was near.",
     ("Mustafa Bali", "Syrian Democratic Forces", "spokesman", True)),
    ("WHO spokeswoman Margaret Harris told reporters the risk was high.",
     ("Margaret Harris", "World Health Organization", "spokeswoman", True)),
    ("Hamas official Basem Naim said the talks would continue.",
     ("Basem Naim", "Hamas", "official", True)),
    ("Jan Egeland, head of the Norwegian Refugee Council, said aid was blocked.",
     ("Jan Egeland", "Norwegian Refugee Council", "head", False)),
    ("Jeanine Mukeba, who heads the civil society group Sauvons Kamituga, said rescuers dug by hand.",
     ("Jeanine Mukeba", "Sauvons Kamituga", "heads", False)),
    ("Smoke rose over the town. (AP Photo/Andrea Rosa)",
     ("Andrea Rosa", "Associated Press", "photographer", False)),
]


@pytest.mark.parametrize("text, expected", ROWS)
def test_affiliation_phrasings(nlp, text, expected):
    assert expected in _affs(run_doc(nlp, text))


def test_nom_de_guerre_links_to_the_organisation_named_before(nlp):
    doc = run_doc(
        nlp,
        "Later Monday, a Syrian Democratic Forces official said 500 people surrendered. "
        "Ciyager, the nom de guerre of an official with the Kurdish-led organization, added that "
        "200 more people were expected.",
    )
    assert ("Ciyager", "Syrian Democratic Forces", "official", True) in _affs(doc)


def test_statements_and_pronouns(nlp):
    doc = run_doc(
        nlp,
        "SDF official Mustafa Bali said a large group had surrendered. "
        "“The clashes will resume,” he said. "
        "Kino Gabriel told al-Hadath TV the operation was over.",
    )
    ents = doc._.kg_entities
    got = [(ents[s.speaker].label if s.speaker else None, s.quote) for s in doc._.kg_statements]
    assert ("Mustafa Bali", "a large group had surrendered.") in got
    assert ("Mustafa Bali", "The clashes will resume,") in got
    told = [s for s in doc._.kg_statements if s.told]
    assert told and ents[told[0].told].label == "al-Hadath TV"


def test_ambiguous_pronoun_stays_unresolved(nlp):
    doc = run_doc(nlp, "Ahmed Hassan met Lina Haddad. He said the talks failed.")
    st = [s for s in doc._.kg_statements if s.speaker_text == "He"]
    assert st and st[0].speaker is None
