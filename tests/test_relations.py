import pytest

from .conftest import run_doc


@pytest.fixture(scope="module")
def nlp(rules_nlp):
    """These tables check the rules, one sentence each: the learned entity decision, which reads a
    whole article's evidence, is off here (tests/test_decide.py and the gold sets check it)."""
    return rules_nlp


def _affs(doc):
    ents = doc._.kg_entities
    return {(ents[a.person].label, ents[a.organisation].label, a.role, a.spokesperson)
            for a in doc._.kg_affiliations}


def _said(doc):
    """(speaker's label or None, quote) of every statement, in order."""
    ents = doc._.kg_entities
    return [(ents[s.speaker].label if s.speaker else None, s.quote) for s in doc._.kg_statements]


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
    got = _said(doc)
    assert ("Mustafa Bali", "a large group had surrendered") in got  # the reported clause
    assert ("Mustafa Bali", "The clashes will resume") in got  # "he": the last speaker
    told = [s for s in doc._.kg_statements if s.told]
    assert told and doc._.kg_entities[told[0].told].label == "al-Hadath TV"


def test_a_question_before_she_asked_is_a_statement_and_asked_alone_is_not(nlp):
    doc = run_doc(
        nlp,
        "Ilka Strandvik, the union's organiser, spoke at the gate. "
        "\"Who will pay the fares now?\" she asked, adding that the drivers would strike. "
        "Osk Tarvel asked not to be named and later asked the council for a grant.",
    )
    got = _said(doc)
    assert ("Ilka Strandvik", "Who will pay the fares now?") in got
    assert ("Ilka Strandvik", "the drivers would strike") in got
    assert not any(label == "Osk Tarvel" for label, _ in got)


def test_the_name_after_said_speaks_for_the_claim_before_it(nlp):
    """"CLAIM, said (RANK) NAME": a small parser may read a verb of the claim as the subject."""
    doc = run_doc(nlp, "The ban hit 40 shops, said Ilka Strandvik.")
    got = _said(doc)
    assert ("Ilka Strandvik", "The ban hit 40 shops") in got


def test_a_bare_company_role_refers_to_a_company_named_before_not_after(nlp):
    doc = run_doc(nlp, "Velm Digital, a Texas bank, froze accounts. Velm's founder and chief executive, "
                       "Ada Corwen, quit on Friday. Osk Brannock of Brannock Lowe LLP sued the bank.")
    ents = doc._.kg_entities
    pairs = {(ents[a.person].label, ents[a.organisation].label) for a in doc._.kg_affiliations}
    assert ("Ada Corwen", "Velm Digital") in pairs
    assert ("Osk Brannock", "Brannock Lowe LLP") in pairs  # a person "of" a firm with a legal form
    assert not any(person == "Ada Corwen" and "Brannock" in org for person, org in pairs)


def test_a_role_after_its_in_a_longer_gap_is_the_role_alone(nlp):
    doc = run_doc(nlp, "A letter from the Velm Water Board signed by its press secretary, Osk Tarvel, "
                       "said the pipes were safe.")
    ents = doc._.kg_entities
    got = {(ents[a.person].label, ents[a.organisation].label, a.role, a.spokesperson) for a in doc._.kg_affiliations}
    assert ("Osk Tarvel", "Velm Water Board", "press secretary", True) in got


def test_a_communications_role_speaks_for_the_organisation(nlp):
    doc = run_doc(nlp, "The Tarsk Water Board's head of communications, Ilka Strandvik, said the "
                       "pipes were safe.")
    ents = doc._.kg_entities
    got = {(ents[a.person].label, ents[a.organisation].label, a.spokesperson) for a in doc._.kg_affiliations}
    assert ("Ilka Strandvik", "Tarsk Water Board", True) in got


def test_a_lower_case_role_may_stand_between_said_and_the_name(nlp):
    doc = run_doc(nlp, "Velm beat Tarsk 3-1 on Saturday, said coach Ada Corwen. The road reopens in May, said "
                       "Kestmoor mayor Osk Tarvel.")
    ents = doc._.kg_entities
    got = {(ents[s.speaker].label if s.speaker else None, s.quote) for s in doc._.kg_statements}
    assert {("Ada Corwen", "Velm beat Tarsk 3-1 on Saturday"), ("Osk Tarvel", "The road reopens in May")} <= got


def test_ambiguous_pronoun_gives_no_statement(nlp):
    """Two people could be "he": the statement is not given to either (an unresolved
    speaker is no statement, as the annotation guideline says of unnamed speakers)."""
    doc = run_doc(nlp, "Ahmed Hassan met Lina Haddad. He said the talks failed.")
    assert [s for s in doc._.kg_statements if "talks failed" in s.quote] == []


def _pairs(doc):
    ents = doc._.kg_entities
    return {(ents[a.person].label, ents[a.organisation].label if a.organisation in ents else a.organisation,
             a.spokesperson) for a in doc._.kg_affiliations}


@pytest.mark.parametrize("text, pair", [
    # possessive of a noun that refers back: "the company's chairman"
    ("Quillon Robotics Inc. opened a plant. \"It is a big day,\" said Ines Varga, the company's founder.",
     ("Ines Varga", "Quillon Robotics Inc.", False)),
    # appositive role with "at"
    ("Priya Naidoo, a tax economist at the Oskarsholm Institute, called the plan unworkable.",
     ("Priya Naidoo", "Oskarsholm Institute", False)),
    # "who runs"
    ("Yusuf Demir, who chairs the Tarnby Rowing Association, welcomed the grant.",
     ("Yusuf Demir", "Tarnby Rowing Association", False)),
    # "NAME of ORG"
    ("Fans were angry. Marta Kowal of the Zelenby Supporters Group called the sale a betrayal.",
     ("Marta Kowal", "Zelenby Supporters Group", False)),
    # a role noun that names the kind of organisation: "union president NAME"
    ("The Ostmark Dockers Union walked out. Late on Friday, union secretary Piet Haalst said the port was shut.",
     ("Piet Haalst", "Ostmark Dockers Union", False)),
    # "The NOUN's NAME": one of the body that kind of noun names
    ("The Velm Hockey Association fined two clubs. The association's Ada Corwen, who leads its disciplinary "
     "panel, called the fines fair.", ("Ada Corwen", "Velm Hockey Association", False)),
    # "who heads the NOUN's branch"
    # "the company's": a company, not a central bank named before
    ("Card payments failed across Velm on Tuesday, the Velm Central Bank said. Tarsk Switch Services said an "
     "update was to blame. \"It was our fault,\" said Ada Corwen, the company's chief executive.",
     ("Ada Corwen", "Tarsk Switch Services", False)),
    # ... nor a public service whose name ends with "Services"
    ("Tarsk Pharma said its drug works. The Velm Department of Family Services will look into it. "
     "\"We are ready,\" said Ada Corwen, the company's chief executive.", ("Ada Corwen", "Tarsk Pharma", False)),
    # a region named before does not take the town of the same name
    ("Schools in Velm County were closed. Velm Mayor Ada Corwen said the city of Velm would open shelters.",
     ("Ada Corwen", "Velm", False)),
    ("Some 800 families camp in Tarsk schools, the Velmland Red Cross Society said. \"The tents leak,\" said "
     "Osk Tarvel, who runs the society's office in Tarsk.", ("Osk Tarvel", "Velmland Red Cross Society", False)),
    # "Its ROLE, NAME" after a sentence that opens with the body's kind or with "It"
    ("Frost will shrink the crop, the Velm Cocoa Board said. The board had predicted a record in June. Its "
     "research director, Ada Corwen, said cold nights hurt the pods.", ("Ada Corwen", "Velm Cocoa Board", False)),
    ("The operator, Tarsk Lagoon Hotels, must pay the fine by June. It had said the permits were valid. Its "
     "lawyer, Brin Aldo, told the court an appeal was likely.", ("Brin Aldo", "Tarsk Lagoon Hotels", False)),
    # "By" alone on the line above the writer's name; the outlet's masthead above "By NAME"
    ("Dust Storm Shuts Schools\n\nBy\nQUENBY DARROW\nAssociated Press\n\nGusts shut two schools on Friday.",
     ("Quenby Darrow", "Associated Press", False)),
    ("Ferry Strike Enters Third Day\n\nOrvik Evening Courier\nBy Ilka Orvane\n\nDrivers stayed home on Monday.",
     ("Ilka Orvane", "Orvik Evening Courier", False)),
])
def test_affiliations_from_the_parse(nlp, text, pair):
    assert pair in _pairs(run_doc(nlp, text))


def test_without_a_parser_the_surface_phrasings_still_run():
    from kg.nlp.assemble import build_nlp

    doc = run_doc(build_nlp(ner="none"), "SDF spokesman Mustafa Bali said it was over.")
    assert not doc.has_annotation("DEP")
    assert ("Mustafa Bali", "Syrian Democratic Forces", True) in _pairs(doc)


def test_quotation_interrupted_by_its_attribution_is_one_statement(nlp):
    doc = run_doc(nlp, "Sora Ito coaches the Kanda Hawks.\n\n\"The season is not over,\" Sora Ito said after the game. "
                       "\"We still have ten matches.\"")
    quotes = [s.quote for s in doc._.kg_statements]
    assert quotes == ["The season is not over We still have ten matches"], quotes


def test_a_second_quotation_is_joined_when_the_next_paragraph_has_its_own_speech_verb(nlp):
    doc = run_doc(nlp, "Analyst Hannah Varga of Tarvel Research said costs rose. \"Everyone runs lean until it "
                       "breaks,\" she said. \"Then it costs ten times more.\"\n\nTarvel Air said it would refund "
                       "every ticket.")
    assert ("Hannah Varga", "Everyone runs lean until it breaks Then it costs ten times more") in _said(doc)
    assert ("Tarvel Research", "Organisation") in {(e.label, e.type) for e in doc._.kg_entities.values()}


def test_the_speaker_is_the_subject_nearest_the_verb_not_the_dateline(nlp):
    doc = run_doc(nlp, "SAN DIEGO, April 15, 2026 (Reuters) - Corvel Labs Inc said on Wednesday it would cut "
                       "about 800 jobs.")
    assert ("Corvel Labs Inc", "it would cut about 800 jobs") in _said(doc)


def test_it_said_refers_to_the_organisation_that_spoke_last(nlp):
    doc = run_doc(nlp, "The Tarvel Shipping Authority said traffic fell 4% in May. It said fees would rise in "
                       "July.\n\n\"The budget stays on track,\" Varga said.")
    said = _said(doc)
    assert ("Tarvel Shipping Authority", "fees would rise in July") in said
    assert [q for who, q in said if who == "Varga"] == ["The budget stays on track"]


def test_it_said_after_a_person_spoke_names_no_one(nlp):
    doc = run_doc(nlp, "The Tarvel Shipping Authority said traffic fell. Ilse Varga, a pilot, said fees were high. "
                       "It said fees would rise in July.")
    assert not [q for _, q in _said(doc) if q.startswith("fees would rise")]


def test_speaker_after_the_verb_and_the_quote_before_it(nlp):
    doc = run_doc(nlp, "\"The bridge will reopen in May,\" said Helga Moritz, the city's chief engineer.")
    ents = doc._.kg_entities
    assert [(ents[s.speaker].label, s.quote) for s in doc._.kg_statements] == [
        ("Helga Moritz", "The bridge will reopen in May")]


@pytest.mark.parametrize("text, pair", [
    ("Ferry Fares Rise Again\n\nBy Ines Laaksonen, Transport Reporter, The Harbour Courier\n\nFares rose 8% on Monday.",
     ("Ines Laaksonen", "Harbour Courier")),
    ("Ferry Fares Rise Again\n\nBy Ines Laaksonen\nHarbour Courier staff writer\n\nFares rose 8% on Monday.",
     ("Ines Laaksonen", "Harbour Courier")),
])
def test_bylines(nlp, text, pair):
    assert (*pair, False) in _pairs(run_doc(nlp, text))


def test_copular_role_for_an_organisation(nlp):
    doc = run_doc(nlp, "Fares rose again. Ines Laaksonen is the transport correspondent for the Harbour Courier.")
    assert ("Ines Laaksonen", "Harbour Courier", False) in _pairs(doc)


# Invented sentences (no gold set's names): a local government acts through its people,
# a company officer's title implies the company the article is about.
GOVERNMENT_AND_OFFICERS = [
    ("Flooding closed two bridges in Orlen County on Monday. Orlen County spokesman Pavel Brisk said "
     "crews would work overnight.",
     ("Pavel Brisk", "Orlen County", "spokesman", True)),
    ("Measles cases rose to 14 in Orlen County this week. County spokeswoman Ilse Varga said clinics "
     "would open on Saturday.",
     ("Ilse Varga", "Orlen County", "spokeswoman", True)),
    ("Tarrow Mills Inc. said quarterly sales rose 4 percent. Tarrow Mills Inc. expects a better year. "
     "Chief Financial Officer Ada Venn told analysts that costs had peaked.",
     ("Ada Venn", "Tarrow Mills Inc.", "Chief Financial Officer", False)),
    # a mayor, a minister: the place they govern, written before the role (or as a title in the name)
    ("Water rose in the town of Brellim overnight. Brellim mayor Oskar Fenwright said 40 homes flooded.",
     ("Oskar Fenwright", "Brellim", "mayor", False)),
    ("The mayor of Orskvik, Ivo Brandt, opened the new ferry terminal.", ("Ivo Brandt", "Orskvik", "mayor", False)),
    ("The governor of Velmora province, Hon. Ada Kessel, cut the ribbon at the clinic.",
     ("Ada Kessel", "Velmora", "governor", False)),
    ("Roads closed across Manitoba. Manitoba's Transport Minister Ilse Varga told reporters the "
     "army would help.",
     ("Ilse Varga", "Manitoba", "Transport Minister", False)),
    # "the company's chief executive, NAME": the company in view, even when another body is named more
    ("A blaze hit a plant run by Corvel Plastiques SA. The Tarvel Fire Service (TFS) sent crews, and the TFS "
     "said the TFS had it under control. The company's chief executive, Henri Vasko, said the plant would shut.",
     ("Henri Vasko", "Corvel Plastiques SA", "chief executive", False)),
    ("The Tarvel City School District closed its schools. District spokeswoman Megan Orr said lunches "
     "would be handed out.",
     ("Megan Orr", "Tarvel City School District", "spokeswoman", True)),
    # "union", "service": a noun that names the kind of an organisation named before
    ("Teachers of the Brellim Education Association went on strike. \"Nobody wanted this,\" said union "
     "spokesman Luis Orvane.",
     ("Luis Orvane", "Brellim Education Association", "spokesman", True)),
    ("The fire has burned 14,000 hectares, according to the Tarvel Wildfire Service. Wildfire service "
     "spokeswoman Karen Lindvall said 300 firefighters were there.",
     ("Karen Lindvall", "Tarvel Wildfire Service", "spokeswoman", True)),
    ("Fatima Orlen, who works for the charity Bread and Water International, said the convoy arrived.",
     ("Fatima Orlen", "Bread and Water International", "works for", False)),
    # "the militia's spokesman, NAME", "its spokesman in Norvale, NAME"
    ("Fighters of the Orvin Hills Defence Forces took the town. The militia's spokesman, Gatlu Boldeng, said "
     "its forces had won.",
     ("Gatlu Boldeng", "Orvin Hills Defence Forces", "spokesman", True)),
    ("The Tarvel Relief Office (TRO) said aid was blocked. Its spokesman in Vienna, Anna Lund, said the "
     "agency had delivered aid twice.",
     ("Anna Lund", "Tarvel Relief Office", "spokesman", True)),
    # no commas: "its spokesman NAME", in a statement's signature or opening the sentence after
    ("The Orvin Hills Defence Forces denied the report in a letter signed by its spokesman Gatlu Boldeng.",
     ("Gatlu Boldeng", "Orvin Hills Defence Forces", "spokesman", True)),
    ("The Tarvel Tenants Network opened a shelter last week. Its treasurer Anna Lund asked the city for funds.",
     ("Anna Lund", "Tarvel Tenants Network", "treasurer", False)),
    # a country's name as a given name after a role; the role phrase alone between organisation and name
    ("QXR spokesman Chad Orvane said the agency had delivered water.",
     ("Chad Orvane", "QXR", "spokesman", True)),
    # a military rank between the owner's role and the name
    ("Fighters of the Orvin Hills Defence Forces took the town. The militia's spokesman, Brigadier General "
     "Gatlu Boldeng, said its forces had won.",
     ("Gatlu Boldeng", "Orvin Hills Defence Forces", "spokesman", True)),
    # two words before the owner's noun; "who calls himself" before the name
    ("The Orvin Hills Youth Force raided three villages. The youth force's leader, who calls himself Gatlu "
     "Boldeng, denied it.",
     ("Gatlu Boldeng", "Orvin Hills Youth Force", "leader", False)),
    # a named owner's "head of X"
    ("Clinics were full, said the Tarvel Relief Office (TRO). The TRO's head of mission, Anna Lund, said "
     "the roads were shut.",
     ("Anna Lund", "Tarvel Relief Office", "head of mission", False)),
    # "its" + a role that is not a spokesperson's: the first organisation of the sentence before
    ("The Tarvel Relief Office said it had sent kits to Brellim General Hospital. Its head of delegation in "
     "Norvale, Anna Lund, said the roads were shut.",
     ("Anna Lund", "Tarvel Relief Office", "head of delegation", False)),
    # "the village's mayor, NAME": the place named just before
    ("Two barns burned in the town of Ostrava Alta overnight. The town's mayor, Rosa Quellen, blamed lightning.",
     ("Rosa Quellen", "Ostrava Alta", "mayor", False)),
    # "ORG ROLE, who gave his name as NAME"
    ("A Tarvel Liberation Front captain, who gave her name as Ilse Dask, said the bridge was held.",
     ("Ilse Dask", "Tarvel Liberation Front", "captain", False)),
    # a place-shaped leading part of an organisation's name before a role word
    ("Halden Valley Health opened two clinics. Halden Valley spokeswoman Ilse Brask said both were full.",
     ("Ilse Brask", "Halden Valley Health", "spokeswoman", True)),
    # a body's name with "of" before a capitalised role; two titles joined by "and" after a company
    ("The Boundary Commission of Velmland Chairperson Peter Banda declared the result on Sunday.",
     ("Peter Banda", "Boundary Commission of Velmland", "Chairperson", False)),
    ("Tarsk Holdings Chairman and CEO Marco Bellini said the deal would close this year.",
     ("Marco Bellini", "Tarsk Holdings", "Chairman and CEO", False)),
    # a company's name with no word of its kind ("Holdings") before two titles; a title
    # written in capitals ("CMD": chairman and managing director)
    ("Brenner-Kolt Vasquine Chairman and CEO Marco Bellini said the deal would close this year.",
     ("Marco Bellini", "Brenner-Kolt Vasquine", "Chairman and CEO", False)),
    ("Orvane Pelstrom Limited (OPL) posted a loss on Monday. OPL CMD Marco Bellini said the quarter had "
     "been hard.",
     ("Marco Bellini", "Orvane Pelstrom Limited", "CMD", False)),
    # a role and its modifier before the name, one space between them
    ("The Velm Fund (VF) lent two sums. It was signed before VF Resident Coordinator Ada Corwen on Monday.",
     ("Ada Corwen", "Velm Fund", "Resident Coordinator", False)),
    # a police rank written in capitals (DCP: deputy commissioner of police)
    ("The fire broke out on Friday. Velm Police DCP Ravi Tenkar said the toll had risen.",
     ("Ravi Tenkar", "Velm Police", "DCP", False)),
]


@pytest.mark.parametrize("text, expected", GOVERNMENT_AND_OFFICERS)
def test_local_governments_and_company_officers(nlp, text, expected):
    assert expected in _affs(run_doc(nlp, text))


def test_an_officer_title_without_a_company_in_the_article_links_to_nothing(nlp):
    doc = run_doc(nlp, "Chief Financial Officer Ada Venn told reporters in Orlen County that costs had peaked.")
    assert not {a for a in _affs(doc) if a[0] == "Ada Venn"}


def test_a_resident_of_a_county_is_not_its_spokesperson(nlp):
    doc = run_doc(nlp, "Pavel Brisk of Orlen County said the water reached his porch.")
    assert not {a for a in _affs(doc) if a[1] == "Orlen County"}


def test_a_party_in_initials_before_its_mp_is_an_organisation_and_the_mp_speaks(nlp):
    doc = run_doc(nlp, "Turnout was low in the riding. VLP MP Bina Oddsen said the count was close. The incumbent "
                       "VLP MP had most of the votes.")
    types = {e.label: e.type for e in doc._.kg_entities.values()}
    assert types.get("VLP") == "Organisation" and "Vlp Mp" not in types
    assert ("Bina Oddsen", "VLP", "MP", False) in _affs(doc)
    ents = doc._.kg_entities
    assert [(ents[s.speaker].label, s.quote) for s in doc._.kg_statements] == [("Bina Oddsen", "the count was close")]


@pytest.mark.parametrize("text, name", [
    ("Finance Minister Tarn Vol-ki spoke at a meeting in Velmhaven on Wednesday.", "Tarn Vol-ki"),
    ("Housing minister Sel Aru-mee was replaced last week.", "Sel Aru-mee"),
])
def test_a_hyphenated_given_name_after_a_title_is_a_person(nlp, text, name):
    """Given names of two syllables joined by a hyphen, the second in lower case (a common
    romanisation of Korean names), end no name after a title."""
    types = {e.label: e.type for e in run_doc(nlp, text)._.kg_entities.values()}
    assert types.get(name) == "Person", types


def test_a_club_named_before_its_manager_is_an_organisation(nlp):
    doc = run_doc(nlp, "Brackley Rovers manager Tom Hale said the squad was tired after the cup tie.")
    types = {e.label: e.type for e in doc._.kg_entities.values()}
    assert types.get("Brackley Rovers") == "Organisation"
    assert ("Tom Hale", "Brackley Rovers", "manager", False) in _affs(doc)


@pytest.mark.parametrize("text, name", [
    ("A spokeswoman for the Velmish National Guard said the road was open.", "Velmish National Guard"),
    ("Roads were shut overnight. The National Guard said it had set up roadblocks.", "National Guard"),
    ("Crowds gathered outside the Office of the Prime Minister on Monday.", "Office of the Prime Minister"),
])
def test_a_role_word_that_ends_a_body_s_name_stays_in_it(nlp, text, name):
    assert name in {e.label for e in run_doc(nlp, text)._.kg_entities.values()}


def test_a_head_word_alone_before_and_does_not_split_a_name(nlp):
    doc = run_doc(nlp, "Regulators at the Securities and Markets Authority fined the broker on Monday.")
    labels = {e.label for e in doc._.kg_entities.values()}
    assert "Securities and Markets Authority" in labels


def test_according_to_the_noun_of_an_organisation_named_before(nlp):
    doc = run_doc(nlp, "The Tarvel School District offered 3.5%. The union proposal would cost about $14 million "
                       "more over three years, according to the district.")
    assert ("Tarvel School District", "The union proposal would cost about $14 million more over three years") \
        in _said(doc)


def test_a_clause_ending_with_a_role_word_is_no_role_between_organisation_and_person(nlp):
    doc = run_doc(nlp, "Tarvel Labs Inc. makes software. Sales will start after a review under the Norvale "
                       "Union's Data Act, spokesperson Ilse Morrow said.")
    assert not [a for a in _affs(doc) if a[1] == "Norvale Union"]


def test_a_word_inside_the_quotation_is_not_the_speech_verbs_subject(nlp):
    doc = run_doc(nlp, "Crews pulled 300 people out. \"The water came up fast. In twenty minutes it was up to "
                       "the roof,\" said Odile Brask, 67, who was rescued.")
    assert ("Odile Brask", "The water came up fast. In twenty minutes it was up to the roof") in _said(doc)


def test_a_phrase_between_the_verb_and_that_is_no_clause(nlp):
    doc = run_doc(nlp, "The Tarvel Forces spokesman, Gatlu Boldeng, said by telephone that its forces had taken "
                       "two barracks.")
    assert [q for _, q in _said(doc)] == ["its forces had taken two barracks"]


@pytest.mark.parametrize("text, said", [
    # the subject split in two by the parser ("Velmair chief executive" and the name)
    ("\"This was not an attack,\" Velmair chief executive Fiona Galloway said in a video message. \"A patch "
     "went wrong.\"", ("Fiona Galloway", "This was not an attack A patch went wrong")),
    # a role phrase between the verb and the name
    ("\"We expected a dry moon,\" said principal investigator Dr. Naomi Achter of the Kestrel Institute.",
     ("Naomi Achter", "We expected a dry moon")),
    # a party word in apposition is no person
    ("State Sen. Ines Carvell, a Democrat from Brellim, said she would reintroduce a bill.",
     ("Ines Carvell", "she would reintroduce a bill")),
])
def test_quotations_before_a_long_attribution(nlp, text, said):
    assert said in _said(run_doc(nlp, text))


def test_second_reader_cases_stay_fixed(nlp):
    """Cases a second reader found: a clause is no government role; a preposition in the gap
    is no role phrase before the speaker."""
    doc = run_doc(nlp, "Police in Halden arrested former mayor Ada Corwen on Monday.")
    assert not [a for a in _affs(doc) if a[0] == "Ada Corwen"]
    doc = run_doc(nlp, "\"We will appeal,\" said a lawyer for Ada Corwen.")
    assert not [who for who, _ in _said(doc) if who == "Ada Corwen"]


@pytest.mark.parametrize("text, expected", [
    # the comma after an inverted speaker opens the speaker's apposition: the claim stands before
    ("Some 700 families have left their homes, said Ada Corwen, director of the Brask Aid Network, a charity.",
     [("Ada Corwen", "Some 700 families have left their homes")]),
    # "adding that" starts a statement of its own
    ("Tarvel Relief Office spokesman Ada Corwen said 31 homes had been damaged, adding that crews had cleared "
     "five roads.", [("Ada Corwen", "31 homes had been damaged"), ("Ada Corwen", "crews had cleared five roads")]),
    # "according to X, which said Y": two statements of X
    ("Prices rose, according to the Tarvel Relief Office, which said at least 25 clinics had closed.",
     [("Tarvel Relief Office", "Prices rose"), ("Tarvel Relief Office", "at least 25 clinics had closed")]),
    # an attribution inside the clause: the clause without it
    ("By Friday evening, Tarvel Air said, it had restored most of its routes.",
     [("Tarvel Air", "By Friday evening, it had restored most of its routes")]),
])
def test_reported_speech_shapes(nlp, text, expected):
    assert _said(run_doc(nlp, text)) == expected


def test_its_chief_executive_is_no_officer_of_the_sentence_s_first_body(nlp):
    doc = run_doc(nlp, "The Halden Police Department said Halden Foods Inc. had been raided. Its chief executive, "
                       "Anna Lund, denied wrongdoing.")
    assert ("Anna Lund", "Halden Police Department") not in {a[:2] for a in _affs(doc)}


def test_a_possessive_is_no_part_of_the_role(nlp):
    assert ("Anna Lund", "Brellim United", "head coach", False) in _affs(
        run_doc(nlp, "Brellim United's head coach, Anna Lund, praised the players."))


def test_adding_that_after_an_inverted_speaker_is_said_too(nlp):
    doc = run_doc(nlp, "The vote was delayed, said Anna Lund, adding that the council would meet again on Friday.")
    assert _said(doc) == [("Anna Lund", "The vote was delayed"),
                          ("Anna Lund", "the council would meet again on Friday")]


@pytest.mark.parametrize("text, pair", [
    # a town's own government: "Town's mayor, NAME" and "NAME, the mayor of the Town commune"
    ("Fire swept through Ostrevik overnight. Ostrevik's mayor, Pavla Denner, asked for tents.",
     ("Pavla Denner", "Ostrevik")),
    ("Jonas Vell, the mayor of the Tarnika municipality, opened a school.", ("Jonas Vell", "Tarnika")),
    # a title alone between "the spokesman for ORG," and the name
    ("The spokeswoman for the Halvik Port Authority, Captain Ines Rolle, denied it.",
     ("Ines Rolle", "Halvik Port Authority")),
    # "the group's" after an apposition that calls a body a group
    ("Farmers blamed the Velm Dawn, a smuggling group in the hills. Elsewhere, prices rose. "
     "\"We moved nothing,\" the group's leader, Idris Kovane, said.", ("Idris Kovane", "Velm Dawn")),
    # "the group's president" in the sentence after a body (not a company) was named
    ("The Tarsk Cyclists Alliance praised the new lanes but asked Orvane Transit to add more. "
     "\"It is a start,\" said the group's president, Hedda Morlin.", ("Hedda Morlin", "Tarsk Cyclists Alliance")),
    ("The Harrow Tenants Coalition will appeal. Its chair, Lise Varden, said so.",
     ("Lise Varden", "Harrow Tenants Coalition")),
])
def test_affiliations_to_the_body_or_place_a_description_names(nlp, text, pair):
    assert pair in {(p, o) for p, o, _, _ in _affs(run_doc(nlp, text))}


def test_a_country_s_minister_is_no_affiliation_with_the_country(nlp):
    affs = _affs(run_doc(nlp, "Norway's fisheries minister, Sigrun Alvik, opened the fair."))
    assert not any(o == "Norway" for _, o, _, _ in affs), affs


def test_the_spokesman_for_an_org_keeps_the_spokesperson_flag_past_a_title(nlp):
    affs = _affs(run_doc(nlp, "The spokeswoman for the Halvik Port Authority, Captain Ines Rolle, denied it."))
    assert ("Ines Rolle", "Halvik Port Authority", "spokeswoman", True) in affs, affs


@pytest.mark.parametrize("text, expected", [
    # ranks between the role and the name; "Maj." does not end the sentence
    ("Velm Dawn Front spokesman Maj. Gen. Oskar Tarn told reporters the report was false.",
     ("Oskar Tarn", "Velm Dawn Front", "spokesman", True)),
    # the acronym's bracket between the organisation and the role
    ("The Tarsk Coast Guard (TCG) spokesman Lt. Ivo Marr said two boats sank.",
     ("Ivo Marr", "Tarsk Coast Guard", "spokesman", True)),
])
def test_affiliations_past_ranks_and_brackets(nlp, text, expected):
    assert expected in _affs(run_doc(nlp, text))


def test_a_mayor_of_a_town_is_affiliated_with_the_town(nlp):
    affs = _affs(run_doc(nlp, "\"The roads are shut,\" Mayor Ivo Brandt of Orskvik said."))
    assert ("Ivo Brandt", "Orskvik", "Mayor", False) in affs, affs


@pytest.mark.parametrize("text, pair", [
    # a description noun after "for the" names the body named before
    ("The Tarvel Water Authority confirmed the leak. "
     "Nika Sorr, a spokeswoman for the authority, said repairs began.",
     ("Nika Sorr", "Tarvel Water Authority")),
    # "a ROLE of the ORG who goes by the name NAME"
    ("Villagers met a captain of the Tarsk Dawn Front who goes by the name Oskar Ravenfell.",
     ("Oskar Ravenfell", "Tarsk Dawn Front")),
    # "an ORG mission led by NAME"
    ("Yesterday a Tarsk Relief Agency panel led by Ilse Morrow visited the dam.",
     ("Ilse Morrow", "Tarsk Relief Agency")),
    # "who governed PLACE": the place
    ("Edo Sivar, who governed Tarvik for a decade, now sells boats.", ("Edo Sivar", "Tarvik")),
    # "NAME, of the ORG team" and "who rides for ORG"
    ("Brannick, of the Osterdal Rowing team, won in record time.", ("Brannick", "Osterdal Rowing")),
    ("Teo Garr, who plays for Velm Athletic, scored twice.", ("Teo Garr", "Velm Athletic")),
    # the body an acronym's possessive names, not the acronym
    ("Idris Fell, an aide at the NVC's Water Office, said pipes burst.", ("Idris Fell", "Water Office")),
    # a plural's possessive inside a union's name; "state secretary"
    ("The Tarsk Drivers' Union walked out. \"Enough,\" said Ilka Moor, the union's general secretary.",
     ("Ilka Moor", "Tarsk Drivers' Union")),
])
def test_affiliation_shapes_of_the_eighth_set(nlp, text, pair):
    assert pair in {(p, o) for p, o, _, _ in _affs(run_doc(nlp, text))}


def test_the_speaker_of_a_role_of_apposition_is_the_person(nlp):
    doc = run_doc(nlp, "Edvin Moss, treasurer of the Velm Anglers' Trust, said 140 members had quit.")
    ents = doc._.kg_entities
    assert [ents[s.speaker].label for s in doc._.kg_statements] == ["Edvin Moss"]


def test_a_word_that_starts_nested_organisation_names_is_the_shortest(nlp):
    doc = run_doc(nlp, "Korvenby Rovers won. Ola Brenn, treasurer of the Korvenby Rovers Youth Trust, "
                       "was pleased. Korvenby manager Ada Varn said so.")
    assert ("Ada Varn", "Korvenby Rovers") in {(p, o) for p, o, _, _ in _affs(doc)}


@pytest.mark.parametrize("text", [
    "The lawsuit against Halden Foods led by Tomas Brandt was dropped.",
    "Ada Corwen, who governed the province before moving to Oslo, died.",
    "Ada Corwen, the governor of the central bank in Oslo, spoke.",
])
def test_second_reading_no_leader_or_governor_link_here(nlp, text):
    assert _affs(run_doc(nlp, text)) == set()


def test_the_group_s_president_is_of_one_group(nlp):
    doc = run_doc(nlp, "Halden Watch and Velm Aid met on Monday. The group's president, Ada Corwen, said so.")
    assert len(_affs(doc)) == 1


def test_who_heads_the_description_of_a_body_named_before(nlp):
    doc = run_doc(nlp, "The Tarsk Bakers Collective went on strike. "
                       "\"We are tired,\" said Amani Tole, who heads the collective.")
    assert ("Amani Tole", "Tarsk Bakers Collective") in {(p, o) for p, o, _, _ in _affs(doc)}


@pytest.mark.parametrize("text, expected", [
    # "told PEOPLE in PLACE, adding that Y": the recipients are no claim; Y is
    ("The depot reopened. Lena Ostrov, an aide to the mayor, told journalists at the depot, "
     "adding that the buses would run again.", [("Lena Ostrov", "the buses would run again")]),
    # "told PEOPLE that Y": Y without the recipients
    ("The treasurer, Oda Lind, told councillors that the surplus would fund two new libraries.",
     [("Oda Lind", "the surplus would fund two new libraries")]),
    # a quotation, then ", adding that Y" after the speaker's apposition: two statements
    ("\"Trains will run,\" said Ilka Brenn, Velmar Rail's chief engineer, adding that a signal had failed.",
     [("Ilka Brenn", "a signal had failed"), ("Ilka Brenn", "Trains will run")]),
])
def test_told_and_adding_after_a_quotation(nlp, text, expected):
    assert _said(run_doc(nlp, text)) == expected


@pytest.mark.parametrize("text, pair", [
    # a rank after the role's comma is no part of the role: the spokesperson flag holds
    ("Late on Sunday a Norvale Coast Guard spokeswoman, Lieutenant Ilka Strand, confirmed the rescue.",
     ("Ilka Strand", "Norvale Coast Guard", "spokeswoman", True)),
    # "the army" is the armed forces the article named
    ("Velmar Armed Forces drones struck a depot. The convoy turned back at dusk, Major Ilka Strand, "
     "a spokeswoman for the army, wrote.", ("Ilka Strand", "Velmar Armed Forces", "spokeswoman", True)),
    # "NAME, the brigade's spokesman": the possessive description after the name
    ("Flooding cut the road, and the 12th Tarsk Brigade sent boats. Engineers were at work by noon, "
     "Ilan Vesk, the brigade's spokesman, wrote on Sunday.", ("Ilan Vesk", "12th Tarsk Brigade", "spokesman", True)),
])
def test_spokespeople_of_armed_forces_and_units(nlp, text, pair):
    assert pair in _affs(run_doc(nlp, text))


def test_a_town_s_possessive_is_no_organisation_in_view(nlp):
    doc = run_doc(nlp, "The Halden Aid Trust paid for the pumps. The town's mayor thanked Dr. Ada Corwen "
                       "of Velm Relief, whose engineers repaired the town's water tower.")
    assert {(p, o) for p, o, _, _ in _affs(doc)} == {("Ada Corwen", "Velm Relief")}


def test_a_title_after_and_is_no_role_for_the_organisation_before(nlp):
    doc = run_doc(nlp, "Flowers came from the Tarsk Rotary Club and retired Judge Lena Brandt.")
    assert not any(o == "Tarsk Rotary Club" for _, o, _, _ in _affs(doc))


@pytest.mark.parametrize("text, expected", [
    # "According to" leading a sentence is an attribution like "according to" inside one
    ("According to Velm Aid, the river has risen two metres since dawn.",
     [("Velm Aid", "the river has risen two metres since dawn")]),
    # the person's role phrase belongs to the attribution, not to the claim
    ("Rain fell. According to Joy Ardo of the Norway Red Cross, the shelters can take two more families.",
     [("Joy Ardo", "the shelters can take two more families")]),
    ("Ferry fares will double, according to Ada Corwen, a lecturer at the Tarsk Institute.",
     [("Ada Corwen", "Ferry fares will double")]),
    # "CLAIM, said NAME, ROLE": the name after the verb speaks, not an organisation named in the claim
    ("The Velm Health Board will close two wards in winter, said Ada Corwen, an adviser to it.",
     [("Ada Corwen", "The Velm Health Board will close two wards in winter")]),
    # a quotation the parser hangs under the subject "army spokesman ... NAME" stays the quotation
    ("\"The bridge will hold for another week,\" navy spokesman Rear Admiral Ilan Vesk said.",
     [("Ilan Vesk", "The bridge will hold for another week")]),
])
def test_according_to_leads_inverted_said_and_quotations_before_a_titled_speaker(nlp, text, expected):
    assert _said(run_doc(nlp, text)) == expected


@pytest.mark.parametrize("text, expected", [
    # the name right before the verb is its subject, not a person named earlier in the sentence
    ("Ada Corwen finished ahead of Tomas Brede in the second round, the Tarsk Vote Commission said.",
     [("Tarsk Vote Commission", "Ada Corwen finished ahead of Tomas Brede in the second round")]),
    # the possessor of "lawyer" is not the speaker; the lawyer named after it is
    ("Tomas Brede lost the case. Brede's accountant, Ada Corwen, said the books were in order.",
     [("Ada Corwen", "the books were in order")]),
    # "said X, and warned that Y": two statements
    ("Ada Brun said costs rose, and warned that some bakeries could close.",
     [("Ada Brun", "costs rose"), ("Ada Brun", "some bakeries could close")]),
])
def test_speakers_and_clauses_whatever_the_parse_attaches(nlp, text, expected):
    assert _said(run_doc(nlp, text)) == expected


@pytest.mark.parametrize("text, pair", [
    ("Bond prices slid, in the view of Ada Corwen of Tarsk Capital Partners.",
     ("Ada Corwen", "Tarsk Capital Partners")),
    ("Velm Steel opened a mill. \"It took ten years,\" said Ilan Vesk, the company's head of design.",
     ("Ilan Vesk", "Velm Steel")),
    ("Ilan Vesk, a lecturer at the Tarsk Music Academy, wrote the score.", ("Ilan Vesk", "Tarsk Music Academy")),
])
def test_affiliations_from_the_surface_when_the_parse_misses_them(nlp, text, pair):
    assert pair in {(p, o) for p, o, _, _ in _affs(run_doc(nlp, text))}


@pytest.mark.parametrize("text, expected", [
    # "according to the DESCRIPTION, NAME,": the body the description names speaks
    ("Wheat prices doubled, according to the Velm grain board, VGB, which said stocks were low.",
     [("VGB", "Wheat prices doubled"), ("VGB", "stocks were low")]),
    # "said the ORG ROLE, NAME": the person holding the role speaks, not the organisation
    ("Tarsk Opera cancelled the tour. \"Two singers are ill,\" said the Tarsk Opera director, Ilan Vesk.",
     [("Ilan Vesk", "Two singers are ill")]),
])
def test_the_speaker_a_description_or_a_role_names(nlp, text, expected):
    assert _said(run_doc(nlp, text)) == expected


@pytest.mark.parametrize("text, pair", [
    # the place the spokesperson works in stands between the body and the name
    ("A spokesman for Velm Aid in Tarsk, Ilan Vesk, said roads were shut.",
     ("Ilan Vesk", "Velm Aid", "spokesman", True)),
    # "who speaks for ORG" is a spokesperson's role
    ("Ferries stopped, according to Ilan Vesk, who speaks for the Tarsk Port Authority.",
     ("Ilan Vesk", "Tarsk Port Authority", "speaks for", True)),
    # a rank after the role inside the name is no part of the role
    ("Tarsk Harbour Police spokesman Sergeant Ilan Vesk confirmed the arrests.",
     ("Ilan Vesk", "Tarsk Harbour Police", "spokesman", True)),
    # "NAME, the ORG's ROLE": the organisation named in the possessive after the name
    ("Ilan Vesk, the Tarsk Ferry Company's press officer, said sailings would resume.",
     ("Ilan Vesk", "Tarsk Ferry Company", "press officer", True)),
    # a bare spokesperson's title speaks for the organisation the article is about
    ("Tarsk Rail Company cancelled 40 trains. Asked about refunds, spokeswoman Ilka Strand said all would be paid.",
     ("Ilka Strand", "Tarsk Rail Company", "spokeswoman", True)),
])
def test_spokespeople_in_more_of_their_shapes(nlp, text, pair):
    assert pair in _affs(run_doc(nlp, text))


def test_the_militia_is_not_the_army(nlp):
    doc = run_doc(nlp, "Velmar Armed Forces units shelled the ridge. In a video, the militia's spokesman, "
                       "Ilan Vesk, called the shelling a massacre.")
    assert not any(o == "Velmar Armed Forces" for _, o, _, _ in _affs(doc))


def test_a_police_spokeswoman_without_a_named_police_is_nobody_s_spokesperson_here(nlp):
    doc = run_doc(nlp, "Tarsk Rail Company cancelled 40 trains. Police spokeswoman Ilka Strand said two men were held.")
    assert _affs(doc) == set()


def test_a_hyphenated_role_is_a_role(nlp):
    doc = run_doc(nlp, "Ilka Strand, co-leader of the Velm Party, opened the conference.")
    assert ("Ilka Strand", "Velm Party") in {(p, o) for p, o, _, _ in _affs(doc)}


def test_the_militia_after_the_name_is_not_the_army_either(nlp):
    doc = run_doc(nlp, "Velmar Armed Forces units shelled the ridge. Ilan Vesk, the militia's spokesman, "
                       "called the shelling a massacre.")
    assert not any(o == "Velmar Armed Forces" for _, o, _, _ in _affs(doc))


def test_an_apposition_saying_group_outweighs_a_name_that_sounds_like_an_army(nlp):
    # "People's ... Army" names state armies too, but the article calls this one a rebel group
    doc = run_doc(nlp, "The Velm People's Army, a rebel group backed by the Tarsk Unity Government (TUG), claimed "
                       "the ambush. Ilan Vesk, a spokesman for the group, said three trucks burned.")
    assert _affs(doc) == {("Ilan Vesk", "Velm People's Army", "spokesman", True)}


def test_every_reporter_of_a_credit_line(nlp):
    doc = run_doc(nlp, "LIMA (Reuters) - Copper rose.\n\n(Reporting by Ilka Strandvik, Tomas Bredeli and Ivo "
                       "Tarskov; Editing by Ada Velmsen)")
    assert {(p, o) for p, o, _, _ in _affs(doc)} == {
        ("Ilka Strandvik", "Reuters"), ("Tomas Bredeli", "Reuters"), ("Ivo Tarskov", "Reuters")}


def test_a_role_for_a_kind_of_body_named_before_then_the_name(nlp):
    doc = run_doc(nlp, "The Velm Office for Coastal Affairs said 900 boats were idle. A spokeswoman for the office in "
                       "Tarsk, Ilka Strandvik, said fuel had run out.")
    assert _affs(doc) == {("Ilka Strandvik", "Velm Office for Coastal Affairs", "spokeswoman", True)}


@pytest.mark.parametrize("text, pair", [
    # the kind noun after a name (and its short form) makes "union spokesman" refer to it
    ("The Tarsker Verband (TVB) union ended the walkout. Union spokeswoman Ada Velmsen said members had voted.",
     ("Ada Velmsen", "Tarsker Verband")),
    ("The Tarsker Verband (TVB) union ended the walkout. A union spokeswoman, Ada Velmsen, said members had voted.",
     ("Ada Velmsen", "Tarsker Verband")),
    # a company officer's title kept in the mention: the company in view
    ("Shares in Velmair Airlines rose. Chief Executive Ilka Strandvik told investors the carrier would add routes.",
     ("Ilka Strandvik", "Velmair Airlines")),
    # ... and written before a titled mention
    ("Velmo Drives GmbH shut a plant. \"It was painful,\" chief executive Dr. Ralf Tarvel said.",
     ("Ralf Tarvel", "Velmo Drives GmbH")),
])
def test_kind_nouns_and_officer_titles(nlp, text, pair):
    assert pair in {(p, o) for p, o, _, _ in _affs(run_doc(nlp, text))}


@pytest.mark.parametrize("text, absent", [
    # a kind noun before a plural noun describes nothing ("union members")
    ("Velmair union members voted to strike. A union spokesman, Osk Tarvel, said so.", "Osk Tarvel"),
])
def test_a_kind_noun_that_names_no_single_body(nlp, text, absent):
    assert absent not in {p for p, _, _, _ in _affs(run_doc(nlp, text))}


def test_its_officer_is_of_the_subject_of_the_sentence_before(nlp):
    doc = run_doc(nlp, "Velm Feeder Lines said its crew were safe and it was working with the Port of Tarsk "
                       "Authority. Its managing director, Ivo Brockvik, said the engines had been inspected.")
    assert ("Ivo Brockvik", "Velm Feeder Lines") in {(p, o) for p, o, _, _ in _affs(doc)}


@pytest.mark.parametrize("text, expected", [
    # a byline whose parts separators divide, near the top
    ("Tarsk Council Approves Budget\n\nIlka Strandvik · Velm News · Posted: Nov 14, 2031 8:40 AM\n\nThe council "
     "voted.", ("Ilka Strandvik", "Velm News", "journalist", False)),
    # "ORG said through a spokeswoman, NAME": the subject's spokesperson
    ("Asked about the closure, the Tarsk Harbour Board said through a spokeswoman, Ilka Strandvik, that talks "
     "would resume.", ("Ilka Strandvik", "Tarsk Harbour Board", "spokeswoman", True)),
    # the role written before "NAME of ORG"
    ("Fisheries spokeswoman Ilka Strandvik of the Velm Party criticised the tolls on Monday.",
     ("Ilka Strandvik", "Velm Party", "spokeswoman", True)),
    # "the museum's director, NAME": the museum named before
    ("The Tarsk Museum of Maps lent three atlases. The museum's curator, Ada Velmsen, chose them.",
     ("Ada Velmsen", "Tarsk Museum of Maps", "curator", False)),
])
def test_bylines_said_through_roles_before_of_and_museums(nlp, text, expected):
    assert expected in _affs(run_doc(nlp, text))


def test_who_handles_media_enquiries_for_a_body_speaks_for_it(nlp):
    doc = run_doc(nlp, "The Velm Theatre Company cancelled two shows. Ada Tarsk, who handles press enquiries for the "
                       "theatre, blamed a broken lift.")
    assert _affs(doc) == {("Ada Tarsk", "Velm Theatre Company", "handles press enquiries for", True)}


@pytest.mark.parametrize("text, expected", [
    # "Its spokesman" is the subject's, not the organisation named last
    ("The Velm Fisheries Agency fined three trawlers from the Tarsk Fishing Cooperative. Its spokesman, Ilan Vesk, "
     "called the fines fair.", ("Ilan Vesk", "Velm Fisheries Agency")),
    # ... and not a possessor or a word that only qualifies the name after it
    ("The Velm Unity Government (VUG) runs the coast. The VUG's Ministry of Fisheries said the boats were seized. "
     "Its spokeswoman, Ada Corwen, said so.", ("Ada Corwen", "Ministry of Fisheries")),
    # "according to spokesman NAME": the organisation the article is about
    ("Velm Mobile raised its prices. Older plans stay open until June, according to spokesman Ivo Brandt, who "
     "gave no reason.", ("Ivo Brandt", "Velm Mobile")),
    # "a spokeswoman for the company": a company named before, not the port authority named last
    ("Velm Shipping Ltd bought two boats from the Tarsk Harbour Authority. A spokeswoman for the company, Ilka "
     "Strandvik, said they would sail in May.", ("Ilka Strandvik", "Velm Shipping Ltd")),
])
def test_whose_spokesperson(nlp, text, expected):
    assert expected in {(p, o) for p, o, _, _ in _affs(run_doc(nlp, text))}


@pytest.mark.parametrize("text, expected", [
    # a kind noun set before the name describes it ("the migration agency, NAME,")
    ("The country's tax agency, Velm Revenue, wrote to 4,000 firms. A spokesman for the agency, Osk Brede, "
     "said more letters would follow.", ("Osk Brede", "Velm Revenue")),
    # a company's first word that is also a town's name, before a role: the company
    ("Kingston Robotics opened a plant. A Kingston spokesman, Osk Veltman, gave the cost.",
     ("Osk Veltman", "Kingston Robotics")),
])
def test_kinds_before_names_and_company_short_forms_before_roles(nlp, text, expected):
    assert expected in {(p, o) for p, o, _, _ in _affs(run_doc(nlp, text))}


@pytest.mark.parametrize("text, expected", [
    # the name after the verb, with no title, when the parser takes the claim's verb for the subject
    ("The grenade exploded near a kiosk, said Osk Tarvel.", ("Osk Tarvel", "The grenade exploded near a kiosk")),
    # what stands before "ORG said on Friday, ..." (not the day after it), without the dateline
    ("ORSK, Mar 3 (Reuters) - Floodwater from the Velm dam cut off four villages overnight, the Orsk Water "
     "Board said on Friday, the worst flooding in a decade.",
     ("Orsk Water Board", "Floodwater from the Velm dam cut off four villages overnight")),
    ("A cargo ship lost power off the Tarsk coast on Sunday, the Velm Port Authority said in a notice.",
     ("Velm Port Authority", "A cargo ship lost power off the Tarsk coast on Sunday")),
    # a claim whose first words the parser hangs on the speaker's subject
    ("US-backed forces seized the town, the Velm Army said on Monday.",
     ("Velm Army", "US-backed forces seized the town")),
])
def test_the_claim_before_an_attribution_at_the_end(nlp, text, expected):
    doc = run_doc(nlp, text)
    ents = doc._.kg_entities
    assert expected in {(ents[s.speaker].label, s.quote) for s in doc._.kg_statements if s.speaker}


def test_a_country_s_ministry_in_lower_case_is_the_body_its_spokeswoman_speaks_for(nlp):
    doc = run_doc(nlp, "Norway's fisheries ministry spokeswoman Ilka Strandvik said cod quotas would rise. "
                       "The health ministry said 40 people were hurt.")
    ents = doc._.kg_entities
    assert [(ents[a.person].label, ents[a.organisation].label, a.spokesperson) for a in doc._.kg_affiliations] \
        == [("Ilka Strandvik", "fisheries ministry", True)]
    assert "health ministry" not in {e.label for e in ents.values()}  # a description, as "the group" is


@pytest.mark.parametrize("text", [
    "After meeting the mayor of Orskvik, Ivo Brandt said the aid would arrive.",
    "In a letter to the governor of Velmora province, Ada Kessel said the road was shut.",
])
def test_an_office_of_a_place_inside_a_clause_is_no_affiliation_of_the_name_after_it(nlp, text):
    assert run_doc(nlp, text)._.kg_affiliations == []


@pytest.mark.parametrize("text", [
    "Asked about the strike, the Velm Union said on Monday, it would keep talking.",
    "Under the new rules, the Velm Regulator said in a statement, banks must hold more capital.",
])
def test_an_opening_phrase_before_org_said_on_day_is_no_claim(nlp, text):
    quotes = [s.quote for s in run_doc(nlp, text)._.kg_statements]
    assert not any(q.startswith(("Asked", "Under")) for q in quotes), quotes


@pytest.mark.parametrize("text", [
    "The Orvik Rowing Board (ORB) met on Monday. He accepted two charges of breaching the code, the ORB said "
    "in a media release on Tuesday.",
    "The Orvik Rowing Board (ORB) met on Monday. Fees will rise next year, the ORB said in a media release on "
    "Tuesday.",
])
def test_a_claim_before_said_in_a_release_is_kept_when_the_parse_takes_release_for_a_clause(nlp, text):
    """The small parser reads "a media release" as a verb's clause after "said": a clause never
    opens with the preposition right after the verb, so the claim before the attribution stands."""
    claim = text.split(". ", 1)[1].split(", the ORB")[0]
    doc = run_doc(nlp, text)
    assert [s.quote for s in doc._.kg_statements] == [claim]


@pytest.mark.parametrize("text, expected", [
    ("Ilka Strandvik, policy lead at the Velm Housing Trust, welcomed the budget.",
     ("Ilka Strandvik", "Velm Housing Trust", "policy lead")),
    ("The Orvik Walkers Club opened a new trail. Its convenor, Osk Tarvel, led the first walk.",
     ("Osk Tarvel", "Orvik Walkers Club", "convenor")),
])
def test_more_roles_held_in_a_body(nlp, text, expected):
    doc = run_doc(nlp, text)
    ents = doc._.kg_entities
    assert expected in {(ents[a.person].label, ents[a.organisation].label, a.role) for a in doc._.kg_affiliations}


def test_a_speaker_with_an_apposition_between_name_and_verb_keeps_the_statement(nlp):
    """In the seeds, a one-word name, then an apposition ("NAME, the nom de guerre of ..."), then
    "added that": the parser reads both the name and the apposition as subjects, the name a noun."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "seeds" / "001_00adbe57efcb47f9.txt").read_text(encoding="utf-8")
    m = re.search(r"\. (\w+), the nom de guerre [^.]*? added that ([^.]*)\.", text)
    assert m is not None
    doc = run_doc(nlp, text)
    ents = doc._.kg_entities
    assert (m.group(1), m.group(2)) in {(ents[s.speaker].label, s.quote) for s in doc._.kg_statements if s.speaker}


@pytest.mark.parametrize("text, expected", [
    # the kind of body opening the sentence, its role and a hyphenated rank before the name
    ("The Orvik Harbour Police said two boats sank. Police spokesman Inspector-General Ilka Strandvik told "
     "reporters that no one was hurt.", ("Ilka Strandvik", "Orvik Harbour Police")),
    # "its" before the body it belongs to, named right after the apposition (not the one named before)
    ("The Velm Choral Society met on Monday. Through its treasurer, Osk Tarvel, the Tarsk Rowing Club asked "
     "members for dues.", ("Osk Tarvel", "Tarsk Rowing Club")),
    ("Orvik Valley Constabulary spokesman Sergeant Ilka Strandvik asked drivers to slow down.",
     ("Ilka Strandvik", "Orvik Valley Constabulary")),
])
def test_more_shapes_of_a_body_and_its_officer(nlp, text, expected):
    doc = run_doc(nlp, text)
    ents = doc._.kg_entities
    assert expected in {(ents[a.person].label, ents[a.organisation].label) for a in doc._.kg_affiliations}


def test_a_statement_from_a_body_is_the_body_speaking(nlp):
    """"A letter from ORG (signed by NAME) said/denied": the body speaks; a verb coordinated with the
    one whose subject refers back to it ("It blamed X and said Y") speaks with that subject."""
    doc = run_doc(
        nlp,
        "A statement from the Tarsk Dockers' Union said the stoppage would continue. "
        "A letter from the Velm Liberation Front signed by its spokesman Osk Tarvel denied that its fighters "
        "had fired first. It blamed a rival faction and said its members were told to hold their fire.",
    )
    got = _said(doc)
    assert ("Tarsk Dockers' Union", "the stoppage would continue") in got, got
    assert ("Velm Liberation Front", "its fighters had fired first") in got, got
    assert ("Velm Liberation Front", "its members were told to hold their fire") in got, got


@pytest.mark.parametrize("text, person, org, spokesperson", [
    # "NAME of the KIND ORG": the kind of body between "of the" and its name
    ("Rosa Tarvel of the relief charity Velmendo said the shelter was full.", "Rosa Tarvel", "Velmendo", False),
    # "ORG, a DESCRIPTION whose ROLE, NAME, said": the body the relative clause describes
    ("The app comes from Tarsk Systems, a Velm studio whose spokeswoman, Ilka Orvane, said a faulty "
     "update caused the crash.", "Ilka Orvane", "Tarsk Systems", True),
    # "ORG's NAME": a body's own person (a member when no role is written)
    ("The Velm Rowing Federation met on Monday. The Velm Rowing Federation's Osk Brede told reporters the "
     "ban would stand.", "Osk Brede", "Velm Rowing Federation", False),
])
def test_more_affiliation_shapes(nlp, text, person, org, spokesperson):
    doc = run_doc(nlp, text)
    ents = doc._.kg_entities
    got = {(ents[a.person].label, ents[a.organisation].label, a.spokesperson) for a in doc._.kg_affiliations}
    assert (person, org, spokesperson) in got, got


def test_a_closed_quotation_of_the_sentence_before_is_not_the_next_speakers(nlp):
    """'... was "set to go." NAME added that Y' / 'The union says Y': the quotation ended a sentence
    someone else said; the new speaker says Y. A bare attribution after a closed quotation still takes
    it, and a role in apposition does not break an interrupted quotation."""
    doc = run_doc(
        nlp,
        'The Velm Port Office said the berth was "set to reopen within days." VPO director Osk Tarvel added '
        'that no cargo had been lost. Ilka Orvane, a spokeswoman for the Tarsk Union of Pilots, called the '
        'delay "a failure of planning." The union says 40 pilots are on sick leave. "The budget is gone," '
        'said Kari Brede, the club\'s finance director, "and so is the coach. Nobody told the fans."',
    )
    got = _said(doc)
    assert ("Osk Tarvel", "no cargo had been lost") in got, got
    assert ("Tarsk Union of Pilots", "40 pilots are on sick leave") in got, got
    assert ("Kari Brede", "The budget is gone and so is the coach. Nobody told the fans.") in got, got
    assert not [q for who, q in got if who != "Velm Port Office" and "set to reopen" in q], got


def test_a_body_in_a_relative_clause_speaks_only_that_clause(nlp):
    """"the Tarsk brigade, which says Y, was fined ...": the body before its kind noun speaks Y, which
    ends before the main clause goes on (a list inside Y stays in it)."""
    doc = run_doc(nlp, "The Tarsk brigade, which says it guards Velm farms, was blamed for two raids. "
                       "Aid came from the Orvik Relief Office, which said 40 people, including 12 children, died.")
    got = _said(doc)
    assert ("Tarsk", "it guards Velm farms") in got, got
    assert ("Orvik Relief Office", "40 people, including 12 children, died") in got, got


def test_a_title_that_names_a_kind_of_body_links_to_the_body_of_that_kind(nlp):
    """"Rector NAME", "Justice NAME": the university, the court named before (relations.json
    title_bodies); a coach with no club named before links to nothing."""
    doc = run_doc(nlp, "The Universidad de Velm closed its library on Wednesday. Rector Ilka Orvane said on Friday "
                       "the money had run out. The Tarsk Court of Appeal ordered a retrial. Justice Kari Brede, "
                       "giving the court's reasons, said the jury had been misdirected. Head coach Osk Brede praised "
                       "the defence.")
    ents = doc._.kg_entities
    got = {(ents[a.person].label, ents[a.organisation].label) for a in doc._.kg_affiliations}
    assert {("Ilka Orvane", "Universidad de Velm"), ("Kari Brede", "Tarsk Court of Appeal")} <= got, got
    assert not [p for p, _ in got if p == "Osk Brede"], got


def test_a_statement_from_the_kind_of_a_body_named_before(nlp):
    """"A letter from the alliance signed by its co-chair NAME said": the alliance named before (without
    a comma: "the residents' alliance Velm Ensemble") speaks; its co-chair is affiliated."""
    doc = run_doc(nlp, "The residents' alliance Velm Ensemble fought the tower plan. A letter from the alliance "
                       "signed by its co-chair Osk Tarvel said voters wanted parks.")
    got = _said(doc)
    assert ("Velm Ensemble", "voters wanted parks") in got, got
    assert ("Osk Tarvel", "Velm Ensemble", "co-chair") in {(p, o, r) for p, o, r, _ in _affs(doc)}, _affs(doc)


def test_possessive_members_titles_and_shared_subjects_only_where_they_fit(nlp):
    """"ORG's NAME" is a member only where the name is no modifier ("the Festival's NAME award") and
    the body is named as such (a plural's apostrophe too); a title links only capitalised before the
    name ("judge NAME" on a talent show does not); "Prosecutors charged NAME and said Y": NAME says
    nothing."""
    doc = run_doc(nlp, "The Tarsk Appeals Court upheld the fine. The Velm Film Festival's Ilka Orvane award went to a "
                       "newcomer. Velm Rovers beat Orvik on Saturday. Velm Rovers' Osk Tarvel scored twice. On the "
                       "talent show Velm Stars, judge Kari Brede walked out. Assistant Coach Ada Velmsen praised "
                       "Velm Rovers. Prosecutors charged Brann Osk and said the suspect fled.")
    ents = doc._.kg_entities
    affs = {(ents[a.person].label, ents[a.organisation].label, a.role) for a in doc._.kg_affiliations}
    assert ("Osk Tarvel", "Velm Rovers", "member") in affs, affs
    assert not [a for a in affs if a[0] in {"Ilka Orvane", "Kari Brede"}], affs
    said = _said(doc)
    assert not [q for who, q in said if who == "Brann Osk"], said


def test_a_body_opening_a_sentence_with_a_relative_clause_says_the_clause_and_a_dateline_town_is_no_subject(nlp):
    doc = run_doc(nlp, "The Velm Relief Agency, which says the province, hit by floods last week, needs urgent aid, "
                       "appealed for funds.\n\nQUITO, May 3 (EFE).- Osk Tarvel said the stoppage would end.")
    said = _said(doc)
    assert ("Velm Relief Agency", "the province, hit by floods last week, needs urgent aid") in said, said
    assert ("Osk Tarvel", "the stoppage would end") in said, said


def test_a_quotation_of_two_sentences_before_a_body_role_and_name(nlp):
    """'"A. B," Velm Harbour Authority spokeswoman Osk Tarvel said': the sentence splitter cuts the
    quotation in two; both sentences are hers, and the body and role are no part of what she said."""
    doc = run_doc(nlp, '"The water rose fast in the night. Nobody had time to leave," Velm Harbour Authority '
                       'spokeswoman Osk Tarvel said. Boats had lifted 80 people from roofs, she said.')
    got = _said(doc)
    assert ("Osk Tarvel", "The water rose fast in the night. Nobody had time to leave") in got, got
    assert not [q for _, q in got if "spokeswoman" in q]


def test_a_description_of_the_speaker_before_its_name_is_no_part_of_the_claim(nlp):
    """'CLAIM, the region's grain office, VGO, said': the description set off by commas is the
    speaker's; 'CLAIM, the Tarsk Council for Relief said' keeps its claim even when the parser hangs
    the claim under the subject."""
    doc = run_doc(nlp, "Some 900 herders have moved their flocks north since the drought began, raising the "
                       "total on the move this year to roughly 12,000, the region's grain office, VGO, said on "
                       "its website. Wells have dried up in four districts of upper Velm since March, the "
                       "Tarsk Council for Relief said.")
    got = _said(doc)
    assert ("VGO", "Some 900 herders have moved their flocks north since the drought began, raising the "
                   "total on the move this year to roughly 12,000") in got, got
    assert ("Tarsk Council for Relief", "Wells have dried up in four districts of upper Velm since March") in got, got


def test_according_to_a_body_and_its_bracketed_short_form_leaves_no_bracket(nlp):
    doc = run_doc(nlp, "Rockfalls have blocked the pass road 40 times in a decade, according to the "
                       "Hill Roads Survey project (HRS).")
    assert [q for _, q in _said(doc)] == ["Rockfalls have blocked the pass road 40 times in a decade"]


def test_told_an_outlet_a_clause_without_that_is_the_clause_alone(nlp):
    doc = run_doc(nlp, "Velmor Foods plans to shut a line. Its managing director, Osk Tarvel, told the "
                       "Velm Courier the firm had leased land for years.")
    assert ("Osk Tarvel", "the firm had leased land for years") in _said(doc), _said(doc)


def test_told_a_hearer_without_that_the_clause_is_what_was_said(nlp):
    for sentence, quote in (("The mayor, Osk Tarvel, told supporters she was glad.", "she was glad"),
                            ("Osk Tarvel told local radio the road was shut.", "the road was shut")):
        assert [q for _, q in _said(run_doc(nlp, sentence))] == [quote], sentence


def test_the_towns_officer_is_of_the_place_the_text_calls_a_town(nlp):
    """"Orvik, a farming town in the Velm district ... NAME, the town's mayor": Orvik, not the district
    named after it."""
    doc = run_doc(nlp, "Raiders looted the fair in Orvik, a farming town in the Velm district, on Sunday. Ilka Orvane, "
                       "the town's mayor, said 11 stalls had burned.")
    assert {(p, o) for p, o, _, _ in _affs(doc)} >= {("Ilka Orvane", "Orvik")}, _affs(doc)


def test_its_officer_after_a_business_said_with_which_is_of_that_business(nlp):
    doc = run_doc(nlp, "Ada Corwen, chair of the Tarsk Growers Union, said jobs would go. The packer Velmor "
                       "Kelp, which employs 85 staff in Orvik, plans to end a shift. Its managing "
                       "director, Brin Aldo, said the firm saw no other way.")
    assert ("Brin Aldo", "Velmor Kelp") in {(p, o) for p, o, _, _ in _affs(doc)}, _affs(doc)


def test_his_team_in_apposition_speaks_and_is_his(nlp):
    """"NAME broke a wrist. His team, Orvo Wheels, said ...": the team speaks, and is his;
    "NAME, 27, who races for the team Velmo-Rapid": an age before 'who' keeps the link."""
    doc = run_doc(nlp, "A fall took out nine cyclists, among them the leader, Brin Aldo, who broke a wrist. "
                       "His team, Orvo Wheels, said the leader would be out for a month. Ilka Orvane, 27, who races "
                       "for the team Velmo-Rapid, took the stage.")
    pairs = {(p, o) for p, o, _, _ in _affs(doc)}
    assert {("Brin Aldo", "Orvo Wheels"), ("Ilka Orvane", "Velmo-Rapid")} <= pairs, pairs
    assert ("Orvo Wheels", "the leader would be out for a month") in _said(doc), _said(doc)


def test_a_region_that_opens_a_bodys_name_stays_a_place_and_its_officer_finds_the_business(nlp):
    """"In the Tarsklands, ..." is where, not a short form of "Tarsklands Growers Union" named after it;
    "Its managing director, NAME" after "The packer Velmor Greens, which employs ..." is that business's."""
    doc = run_doc(nlp, 'In the Tarsklands, where farming still gives most work, the mood was grim. Ada Corwen, '
                       'head of the Tarsklands Growers Union, a 900-member body, warned the cut might cost 40 posts.'
                       '\n\n"Who will hire us now?" she asked.\n\nThe packer Velmor Greens, which employs 80 people '
                       'in Tosk, said it would end its late shift in May. Its managing director, Brin Aldo, told '
                       'the Herald the firm had no choice.')
    pairs = {(p, o) for p, o, _, _ in _affs(doc)}
    assert ("Brin Aldo", "Velmor Greens") in pairs and ("Brin Aldo", "Tarsklands Growers Union") not in pairs, pairs
    union = next(e for e in doc._.kg_entities.values() if e.label == "Tarsklands Growers Union")
    assert "Tarsklands" not in union.aliases, union.aliases


def test_in_the_region_is_no_mention_of_a_body_a_headline_named_by_the_same_word(nlp):
    doc = run_doc(nlp, "Velm Cuts Barley Quota, Tarsklands Farms Brace For Losses\n\nIn the Tarsklands, where farming "
                       "still gives most work, the mood was grim. Ada Corwen, head of the Tarsklands Growers Union, "
                       "said the cut might cost 40 posts.")
    union = next(k for k, e in doc._.kg_entities.items() if e.label == "Tarsklands Growers Union")
    body = doc.text.index("In the Tarsklands")
    assert not [m for m in doc._.kg_mentions if m.entity == union and body <= m.start < body + 20]


def test_the_group_is_not_the_platform_it_posted_on(nlp):
    doc = run_doc(nlp, 'The Velm Front denied any part. In a message on Velm Radio, the group said police had '
                       '"faked an ambush" to wreck the truce.')
    assert _said(doc) == [("Velm Front", 'police had "faked an ambush" to wreck the truce')], _said(doc)


def test_in_the_name_and_a_kind_of_place_is_no_short_form_of_a_body(nlp):
    doc = run_doc(nlp, "Raiders hit two hamlets in the Tarsk local government area overnight, said Ada Corwen of "
                       "the Tarsk Community Guards.")
    guards = next(e for e in doc._.kg_entities.values() if e.label == "Tarsk Community Guards")
    assert "Tarsk" not in guards.aliases, guards.aliases


def test_an_occupation_the_role_list_does_not_know_at_a_body(nlp):
    """'said Dr Kai Rens, a dermatologist at Velm University Hospital': one noun naming a person by its
    ending, then 'at' and the body."""
    doc = run_doc(nlp, '"Nine months of data is thin," said Dr Kai Rens, a dermatologist at Velm University '
                       'Hospital. "Will it last?"')
    assert {(p, o) for p, o, _, _ in _affs(doc)} == {("Kai Rens", "Velm University Hospital")}, _affs(doc)


def test_the_towns_officer_sentences_after_the_town_was_called_one(nlp):
    doc = run_doc(nlp, "Raiders looted the fair in Orvik, a farming town in Velmland's Tarsk district, on Sunday. "
                       "The army said 14 died. Colonel Ada Corwen said the attackers fled. Ilka Orvane, the town's "
                       "mayor, said 11 stalls had burned.")
    assert ("Ilka Orvane", "Orvik") in {(p, o) for p, o, _, _ in _affs(doc)}, _affs(doc)


def test_a_bodys_person_as_an_object_before_a_preposition(nlp):
    doc = run_doc(nlp, "The count had Ilka Orvane ahead of the TLP's Osk Tarvel by 6,105 votes to 5,230. The Tarsk "
                       "Labour Party (TLP) conceded. The Festival's Ada Corwen award went to Brin Aldo.")
    assert {(p, o) for p, o, _, _ in _affs(doc)} == {("Osk Tarvel", "Tarsk Labour Party")}, _affs(doc)


def test_second_reader_misfires_of_the_new_relation_rules(nlp):
    """A client of a body is no affiliation ("a patient at"); "His team" is the subject's of the
    sentence before, not the last person named; an award's name is no body's person; "told the crowd
    goodbye and left" reports nothing."""
    for text in ("Osk Tarvel, a patient at Brelvo University Hospital, said the staff were kind.",
                 "Osk Tarvel, a passenger with Brelvo Airways, said the flight was late.",
                 "The Tarsk Film Festival opened. Ilka Orvane won the Tarsk Film Festival's Orvane Prize in June."):
        assert not _affs(run_doc(nlp, text)), (text, _affs(run_doc(nlp, text)))
    doc = run_doc(nlp, "Brin Aldo broke a wrist after colliding with Ilka Orvane. His team, Orvo Wheels, said he "
                       "would be out for a month.")
    assert {(p, o) for p, o, _, _ in _affs(doc)} == {("Brin Aldo", "Orvo Wheels")}, _affs(doc)
    assert _said(run_doc(nlp, "Osk Tarvel told the crowd goodbye and left Orvik.")) == []


def test_a_mayor_without_of_belongs_to_the_town_in_view(nlp):
    """'Mayor NAME' with no 'of PLACE': the town most named before, a city of the gazetteer or one
    the text calls a town or village; no town named, no affiliation."""
    doc = run_doc(nlp, "Buses stopped running in Lyon when a depot burned down. Commuters in Lyon walked. "
                       "Mayor Ilka Orvane promised that services would resume within a week.")
    assert ("Ilka Orvane", "Lyon", "Mayor") in {(p, o, r) for p, o, r, _ in _affs(doc)}, _affs(doc)
    doc = run_doc(nlp, "Snow cut off Orvik, a hill village of 900 people, for three days. Mayor Ilka Orvane "
                       "promised that two roads would reopen.")
    assert ("Ilka Orvane", "Orvik") in {(p, o) for p, o, _, _ in _affs(doc)}, _affs(doc)
    assert not _affs(run_doc(nlp, "Spain and Portugal agreed on new rail links. Mayor Ilka Orvane called the plan "
                                  "overdue."))


def test_a_body_named_by_an_indefinite_noun_is_no_body_named_before(nlp):
    doc = run_doc(nlp, "The Tarsk Chamber of Shippers opposed the levy. \"Nobody asked us,\" said Bram Kessel, "
                       "who runs a tiny courier company near Orvik.")
    assert not _affs(doc), _affs(doc)
    doc = run_doc(nlp, "Profits at Tarsk Freight rose by a fifth. Ilka Orvane, who runs the company, plans to hire "
                       "40 drivers.")
    assert ("Ilka Orvane", "Tarsk Freight") in {(p, o) for p, o, _, _ in _affs(doc)}, _affs(doc)


def test_speakers_past_relative_clauses_descriptions_and_the_told(nlp):
    """The subject, not a name in its relative clause; the named person after a description and
    before 'told OUTLET', with both halves of the interrupted quotation."""
    doc = run_doc(nlp, "Ilka Orvane, who chairs the Tarsk Growers' Cooperative, said the frost had killed most of the "
                       "vines.")
    assert _said(doc) == [("Ilka Orvane", "the frost had killed most of the vines")], _said(doc)
    doc = run_doc(nlp, "\"We held the ridge until dawn,\" the militia's local commander, Colonel Brin Aldo, told AFP. "
                       "\"Our men will go back.\"")
    assert [s for s, _ in _said(doc)] == ["Brin Aldo"], _said(doc)
    assert _said(doc)[0][1].startswith("We held the ridge until dawn") and "Our men will go back" in _said(doc)[0][1]


def test_the_noun_a_body_was_called_wins_over_a_name_of_its_kind(nlp):
    """'the union' after 'ORG (ABBR), a 3,400-member union' is that body, not an association named
    since."""
    doc = run_doc(nlp, "The Orvik Bakers Guild (OBG), a 3,400-member union, began the walkout on Monday. The Velm "
                       "Retailers Association counted its weekly losses. The union said talks would resume "
                       "on Friday.")
    assert ("Orvik Bakers Guild", "talks would resume on Friday") in _said(doc), _said(doc)


def test_another_speakers_clause_ends_the_claim(nlp):
    doc = run_doc(nlp, "The Tarsk Front claimed that its fighters had seized two bridges, and its commander Brin Aldo "
                       "drove across the first one.")
    assert [q for _, q in _said(doc)] == ["its fighters had seized two bridges"], _said(doc)
    doc = run_doc(nlp, "The Orvik Growers Union estimated the damage at roughly 90 million pesos, and its "
                       "chairwoman, Ilka Orvane, met bank managers in Orvik.")
    assert _said(doc) == [], _said(doc)


def test_a_pronoun_after_a_new_person_and_a_quotation_of_sentences(nlp):
    doc = run_doc(nlp, "Dr Joseph Kessel, who runs the Orvik clinic, said 12 patients had been treated. \"Most "
                       "arrived after dark,\" he said.\n\nVelka Dalen, a baker, walked to Tarsk with both sons. \"We "
                       "lost the oven, the flour, all of it. Who will rebuild the bakery?\" she asked.")
    assert _said(doc)[-1][0] == "Velka Dalen", _said(doc)


def test_claims_before_it_said_the_regulator_said_and_a_name_with_its_short_form(nlp):
    """'CLAIM NAMING A BODY, it said': the claim's own names are not what 'it' refers to; 'the
    regulator' is a commission named before; 'CLAIM, the Tarsk Rural Police (TRP) said': the full
    name, not its short form, starts the attribution, and the dateline's place is no subject."""
    doc = run_doc(nlp, "The Orvik Port Authority said in a statement that the quay would stay shut until Friday. "
                       "Divers from the Velm Navy are still searching the harbour, it said.")
    assert ("Orvik Port Authority", "Divers from the Velm Navy are still searching the harbour") in _said(doc), \
        _said(doc)
    doc = run_doc(nlp, "The Velm Energy Commission (VEC) approved two wind farms. Each operator must connect to the "
                       "grid within 18 months, the regulator said.")
    assert ("Velm Energy Commission", "Each operator must connect to the grid within 18 months") in _said(doc), \
        _said(doc)
    doc = run_doc(nlp, "Raiders Take Cattle Herd\n\nORVIK, June 3 (Reuters) - Raiders stole 40 cattle from a farm near "
                       "Velmo overnight, the Tarsk Rural Police (TRP) said on Friday.")
    assert _said(doc) == [("Tarsk Rural Police", "Raiders stole 40 cattle from a farm near Velmo overnight")], \
        _said(doc)


def test_a_claim_before_joined_speakers_and_a_clause_after_the_attribution(nlp):
    """'CLAIM, local nurses and the Velm Relief Agency said, as the river kept rising': the claim is
    what came first, without the speakers joined to the one named."""
    doc = run_doc(nlp, "Flood Cuts Off Valley\n\nORVIK, May 9 (AFP) - Flood water swept away two bridges and a school "
                       "near Tarsk on Tuesday, local nurses and the Velm Relief Agency said, as the river kept rising "
                       "toward the old town.")
    claim = "Flood water swept away two bridges and a school near Tarsk on Tuesday"
    assert _said(doc) == [("Velm Relief Agency", claim)], _said(doc)


def test_second_reader_misfires_of_this_sessions_relation_rules(nlp):
    """Reported speech goes on after ', and its leader, NAME, had ...'; 'she said' gets no speaker
    the text made a man; a name in a 'whose' clause is not the speaker; a mayor with another
    place in the sentence, or a name before the title, is linked to no town."""
    doc = run_doc(nlp, "Velm Police said the gang had stolen 40 cars, and its leader, Brin Aldo, had fled to Tarsk.")
    assert _said(doc) == [("Velm Police", "the gang had stolen 40 cars, and its leader, Brin Aldo, had fled to "
                                          "Tarsk")], _said(doc)
    doc = run_doc(nlp, "Ilka Orvane, the fire chief, said her crews had saved the school. Her deputy, Brin Aldo, "
                       "arrived at dawn with his own team. \"It was the longest night of my career,\" she said.")
    assert "Brin Aldo" not in [s for s, _ in _said(doc)], _said(doc)
    doc = run_doc(nlp, "Brin Aldo, whose brother Osk Aldo was jailed in 2019, said an appeal was ready.")
    assert _said(doc) == [("Brin Aldo", "an appeal was ready")], _said(doc)
    for text in ("The delegation left Oslo on Monday. Former Mayor Ilka Orvane, who led Tarsk for a decade, joined "
                 "them.",
                 "Trains from Bergen were delayed. Bergen saw snow. Tarsk Mayor Osk Tarvel said the line was safe."):
        # (no town in view is guessed; "Tarsk Mayor NAME" names the mayor's own town, Tarsk)
        assert not [a for a in _affs(run_doc(nlp, text)) if a[2].lower().endswith("mayor") and a[1] != "Tarsk"], text


def test_a_name_that_modifies_the_words_after_said_is_not_the_speaker(nlp):
    """'"...," said Orvik's fire chief' names no speaker; 'said Orvik council spokesman NAME':
    NAME speaks (the second reader's probes)."""
    doc = run_doc(nlp, "\"The fire is out,\" said Orvik's fire chief.\n\nFloods hit Orvik on Monday. \"Roads are "
                       "closed,\" said Orvik council spokesman Brin Aldo. \"Prices doubled,\" said Velm Freight in a "
                       "statement.")
    assert [s for s, _ in _said(doc)] == ["Brin Aldo", "Velm Freight"], _said(doc)


def test_its_looks_past_a_phrase_that_opens_the_sentence_and_an_estate_is_no_body(nlp):
    """'In a clip shared on YouTube late on Friday, its leader, NAME, ...': "its" is the group named
    before, not the site in the opening phrase; "The farmhouse's owner, NAME" owns no company."""
    doc = run_doc(nlp, "The squatters follow the Tarsk Tenants League, a movement founded in 2029. In a clip "
                       "shared on YouTube late on Friday, its leader, Osk Tarvel, denied the charges.\n\n"
                       "The farmhouse's owner, Brin Aldo, told reporters that 40 sheep were missing.")
    affs = [(p, o) for p, o, *_ in _affs(doc)]
    assert ("Osk Tarvel", "Tarsk Tenants League") in affs, affs
    assert not [o for p, o in affs if p == "Brin Aldo"], affs


def test_a_rank_after_its_role_its_department_and_a_body_described_after_a_member(nlp):
    """"Its spokesman, Deputy Inspector NAME": the rank is not the role; "NAME, the chief of its
    surgical unit" works for the body the sentence opens with; "NAME of the Velm Centre, a study
    group based at Tarsk Polytechnic": the apposition describes the centre, not NAME's post there."""
    doc = run_doc(nlp, "The Velm Police held 12 men on Sunday. Its spokesman, Deputy Inspector Brin Aldo, "
                       "told reporters the raids would go on.")
    assert ("Brin Aldo", "Velm Police", "spokesman", True) in _affs(doc), _affs(doc)
    doc = run_doc(nlp, "Tarsk General Hospital admitted 30 children with burns, according to Dr Ilka Orvane, "
                       "the chief of its surgical unit.")
    assert [(p, o) for p, o, *_ in _affs(doc)] == [("Ilka Orvane", "Tarsk General Hospital")], _affs(doc)
    doc = run_doc(nlp, "Osk Tarvel of the Velm Data Centre, a study group based at Tarsk Polytechnic, said the "
                       "leak was old.")
    assert [(p, o) for p, o, *_ in _affs(doc)] == [("Osk Tarvel", "Velm Data Centre")], _affs(doc)


def test_claims_before_said_name_of_body_a_question_asked_outside_and_signed_statements(nlp):
    """"CLAIM, said NAME of the ORG in PLACE": the claim, not the rest; '"Q?" she asked after the
    hearing': the question; an inner "she said" within the same speaker's claim is no second statement;
    "a statement from ORG signed by its spokesman, NAME, said X": X is the body's."""
    doc = run_doc(nlp, "Velmland lost 40 tonnes of tin to smugglers in 2030, said Ilka Orvane of the Institute "
                       "for Ore Studies in Tarsk.")
    assert _said(doc) == [("Ilka Orvane", "Velmland lost 40 tonnes of tin to smugglers in 2030")], _said(doc)
    doc = run_doc(nlp, "Brin Aldo said the family would appeal. \"Who checks the checkers?\" he asked outside "
                       "the courthouse.")
    assert _said(doc)[-1] == ("Brin Aldo", "Who checks the checkers?"), _said(doc)
    doc = run_doc(nlp, "Osk Tarvel was beaten but said his list would contest two wards where, he said, "
                       "votes had gone missing.")
    assert len(_said(doc)) == 1, _said(doc)
    doc = run_doc(nlp, "A statement from the Velm Ministry of Mines signed by its spokesman, Major Brin Aldo, "
                       "said troops had sealed the pits.")
    assert _said(doc) == [("Velm Ministry of Mines", "troops had sealed the pits")], _said(doc)


def test_a_thing_admitted_is_no_statement_and_that_opens_no_claim(nlp):
    """"Tarsk Clinic admitted 40 patients" takes people in and says nothing; "according to NAME,
    the chief of its burns unit" leaves the claim without the role; "admitted that X" claims X."""
    doc = run_doc(nlp, "Tarsk Clinic admitted 40 patients with smoke injuries, according to Dr Ilka Orvane, "
                       "the chief of its burns unit.")
    assert _said(doc) == [("Ilka Orvane", "Tarsk Clinic admitted 40 patients with smoke injuries")], _said(doc)
    doc = run_doc(nlp, "Brin Aldo admitted that the pumps had failed twice.")
    assert _said(doc) == [("Brin Aldo", "the pumps had failed twice")], _said(doc)


def test_second_reader_misfires_of_its_role_admitted_and_an_inner_said(nlp):
    """"NAME, its chief engineer" after "visited the Orvik Dam" or "sold the old mill" is the dam's
    or the mill's; after "said the Orvik Hotel burned" the hotel's; a spokesman is always a body's.
    "admitted the error, saying Y" still says Y; "but he warned that Y" is a statement of its own."""
    def affs(text):
        return [(p, o) for p, o, *_ in _affs(run_doc(nlp, text))]
    assert affs("Officials from Velm Council visited the Orvik Dam. Brin Aldo, its chief engineer, showed them "
                "the cracks.") == []
    assert affs("Tarsk Council sold the old mill last year. Brin Aldo, its new owner, said it would become "
                "flats.") == []
    assert affs("Velm Fire Service said the Orvik Hotel burned down overnight. Brin Aldo, its manager, was "
                "unhurt.") == [("Brin Aldo", "Orvik Hotel")]
    assert affs("Velm Police said the gang had fled. Brin Aldo, its spokesman, said more arrests would "
                "follow.") == [("Brin Aldo", "Velm Police")]
    doc = run_doc(nlp, "Ilka Orvane admitted the error, saying it would not happen again.")
    assert _said(doc) == [("Ilka Orvane", "it would not happen again")], _said(doc)
    doc = run_doc(nlp, "Brin Aldo, an analyst at Velm Securities, said the pill could earn a lot, but he "
                       "warned that buyers might balk.")
    assert ("Brin Aldo", "buyers might balk") in _said(doc), _said(doc)


@pytest.mark.parametrize("text, said", [
    # '"Q," said its ROLE, NAME': the name after the role speaks
    ('The Velm Dockers Union rejected the offer. "Redundancy pay is not a plan," said its general '
     'secretary, Ada Corwen.', ("Ada Corwen", "Redundancy pay is not a plan")),
    # '"Q?" he asked journalists on ...': whom the question was put to is no claim
    ('Brin Aldo, the growers\' lawyer, spoke after the hearing. "Who feeds the 60 families now?" he asked '
     'journalists at the gate of the court in Orvik.', ("Brin Aldo", "Who feeds the 60 families now?")),
    # a body in apposition to the subject that the parser read as a conjunct ("The ferry's operator, NAME,")
    ("The ferry's operator, Trans-Velm Logistique, said its trucks were worth 90 million francs.",
     ("Trans-Velm Logistique", "its trucks were worth 90 million francs")),
    # a statement from a body that a kind names, signed by its spokesman; "the statement said" after it
    ("The Tarsk Mountain Brigade said smugglers shot at a patrol. A statement from the brigade signed by its "
     "commander, Major Ada Corwen, said nine trucks crossed the pass at night.\n\nTwo of the trucks burned, the "
     "statement said.", ("Tarsk Mountain Brigade", "nine trucks crossed the pass at night")),
    ("The Tarsk Mountain Brigade said smugglers shot at a patrol. A statement from the brigade signed by its "
     "commander, Major Ada Corwen, said nine trucks crossed the pass at night.\n\nTwo of the trucks burned, the "
     "statement said.", ("Tarsk Mountain Brigade", "Two of the trucks burned")),
])
def test_statement_shapes(nlp, text, said):
    assert said in _said(run_doc(nlp, text))


def test_a_verb_of_posting_before_a_place_and_a_name_is_no_speech(nlp):
    said = _said(run_doc(nlp, "In a clip shared on a messaging app, Osk Vannor said the road would stay shut."))
    assert said and all(not q.startswith(("said", "posted")) for _, q in said)


@pytest.mark.parametrize("text, person", [
    # "The NOUN's NAME": not with two bodies of that kind named before, nor a place's noun
    ("Tarsk Rovers beat Velm United 2-1. The team's Osk Tarvel scored twice.", "Osk Tarvel"),
    ("Tarsk City Council met on Monday. The city's Ada Corwen, a local historian, said the hall was old.",
     "Ada Corwen"),
])
def test_no_membership_from_an_ambiguous_or_a_place_s_noun(nlp, text, person):
    assert not [p for p, _, _ in _pairs(run_doc(nlp, text)) if p == person]


def test_the_statement_said_is_not_given_to_a_body_when_another_statement_was_named_since(nlp):
    said = _said(run_doc(nlp, "Velm Bank said Corwen had been dismissed. Corwen released a statement on Friday. "
                              "She had done nothing wrong, the statement said."))
    assert ("Velm Bank", "She had done nothing wrong") not in said




def test_a_demonstrative_that_after_a_comma_stays_in_the_claim(nlp):
    said = _said(run_doc(nlp, "Ilka Orvane said, that being the case, the talks would continue."))
    assert all(not q.startswith("being") for _, q in said), said


def test_a_kind_of_body_and_a_role_before_a_name_is_the_body_the_sentence_names(nlp):
    pairs = _pairs(run_doc(nlp, "Ministry spokesperson Ada Corwen confirmed that the Ministry of Velm Harbours had "
                                "fined Tarsk Dredging."))
    assert ("Ada Corwen", "Ministry of Velm Harbours", True) in pairs


def test_the_agency_refers_back_to_a_programme(nlp):
    said = _said(run_doc(nlp, "According to the Velm Food Programme, which feeds pupils in Orvik, the harvest was "
                              "poor. The agency said maize would arrive in June."))
    assert ("Velm Food Programme", "maize would arrive in June") in said
    # the relative clause on the source is no part of the claim
    assert ("Velm Food Programme", "the harvest was poor") in said


def test_a_title_between_the_quotation_and_the_name_keeps_the_quotation(nlp):
    said = _said(run_doc(nlp, '"The bridge will hold," Commissioner Orvo Tarsken Mirovo, a spokesman for the '
                              'Velm Roads Board, told Reuters.'))
    assert ("Orvo Tarsken Mirovo", "The bridge will hold") in said


def test_work_done_at_a_body_links_the_person_to_it(nlp):
    pairs = _pairs(run_doc(nlp, "Ilka Orvane, who researches soil erosion at the Velm Institute of Farming, "
                                "expects a poor harvest."))
    assert ("Ilka Orvane", "Velm Institute of Farming", False) in pairs


def test_a_relative_clause_on_the_source_after_the_claim_is_no_part_of_it(nlp):
    said = _said(run_doc(nlp, "Two reporters were held, according to the Press Association of Kenya, which counted "
                              "80 arrests this year."))
    assert ("Press Association of Kenya", "Two reporters were held") in said, said


@pytest.mark.parametrize("text, pair", [
    # a body's possessive and a role between the verb and the name
    ('The Tarsk Water Board shut two wells. "Nobody here will lose a job over a fault of our own making," said '
     'the board\'s director, Ada Corwen.', ("Ada Corwen", "Nobody here will lose a job over a fault of our own "
                                            "making")),
    # a question that closes the sentence before its speaker
    ('Brin Aldo chairs the growers.\n\n"Who pays for the seed now?" Aldo asked reporters.',
     ("Brin Aldo", "Who pays for the seed now?")),
    # an accusation after a denial: a second statement
    ("The Orvik Dockers' Union denied any part in the fire and accused the port of hiring guards without "
     "training.", ("Orvik Dockers' Union", "the port of hiring guards without training")),
])
def test_dev_news27_statement_shapes(nlp, text, pair):
    assert pair in _said(run_doc(nlp, text))


def test_a_passive_speech_verb_has_no_speaker(nlp):
    # (a guard for "accused", a speech verb now: it passes on the code before it too)
    said = _said(run_doc(nlp, "Osk Tarvel was accused of taking bribes from Velm Freight."))
    assert not said, said
    # nor is "accused" a verb as a noun
    said = _said(run_doc(nlp, "Osk Tarvel stood trial with four co-accused, two of them managers at Velm "
                              "Freight. The judge bailed the accused."))
    assert not said, said


def test_a_kind_and_role_link_no_body_the_person_only_talks_about(nlp):
    pairs = _pairs(run_doc(nlp, "Company spokeswoman Ada Corwen said the firm would sue Velm Steel."))
    assert not [p for p in pairs if p[1] == "Velm Steel"], pairs


@pytest.mark.parametrize("text, pair", [
    # a question verb after its quotation, the name before or after it
    ('"Where has the bridge money gone?" Ada Corwen asked.', ("Ada Corwen", "Where has the bridge money gone?")),
    ('"Where has the bridge money gone?" asked Ada Corwen.', ("Ada Corwen", "Where has the bridge money gone?")),
    # a named body's possessive before the role
    ('"We will rebuild," said the Velm Water Authority\'s chief engineer, Ada Corwen.',
     ("Ada Corwen", "We will rebuild")),
    # who accuses stands before the verb; the one accused after it, with a role, is no speaker
    ("Ada Corwen denied taking money and accused her former deputy, Brin Aldo, of forging the documents.",
     ("Ada Corwen", "her former deputy, Brin Aldo, of forging the documents")),
])
def test_second_reading_of_the_statement_shapes(nlp, text, pair):
    said = _said(run_doc(nlp, text))
    assert pair in said, said
    assert all(speaker == pair[0] for speaker, _ in said), said


@pytest.mark.parametrize("text, not_quote", [
    # a question verb without its quotation says nothing
    ('"Why now?" Brin Aldo wondered aloud at the Velm rally.', "aloud at the Velm rally"),
    # "The accused" opening a sentence is a noun
    ("The accused, Brin Aldo, told the Tarsk court he was innocent.", ", told the Tarsk court he was innocent"),
])
def test_second_reading_of_the_statement_guards(nlp, text, not_quote):
    assert not_quote not in [q for _, q in _said(run_doc(nlp, text))]


def test_the_role_of_work_at_a_body_is_the_verb(nlp):
    affs = _affs(run_doc(nlp, "Ilka Orvane, who studies marine law at Tarsk University, expects a ruling soon."))
    assert ("Ilka Orvane", "Tarsk University", "studies at", False) in affs, affs


@pytest.mark.parametrize("text, said", [
    # dev_news28 kind: a role (with up to three words before it) between the claim's comma and the name
    ("Velm is shaking, the seismologist Ada Corwen warned on Monday.", ("Ada Corwen", "Velm is shaking")),
    ("The river is rising, government spokesman Brin Aldo said.", ("Brin Aldo", "The river is rising")),
    ("The dam will hold, Tarsk Water chief executive Osk Tarvel said on Friday.",
     ("Osk Tarvel", "The dam will hold")),
])
def test_a_role_before_the_speaker_s_name_is_no_part_of_the_claim(nlp, text, said):
    assert _said(run_doc(nlp, text)) == [said]


def test_a_comptroller_is_a_role_of_the_body_its_refers_to(nlp):
    doc = run_doc(nlp, "The Velm Customs Department said it had moved officers. Its comptroller, Osk Tarvel, "
                       "said every truck is weighed.")
    assert ("Osk Tarvel", "Velm Customs Department") in {(p, o) for p, o, _, _ in _affs(doc)}


def test_a_question_after_asked_and_a_colon_is_a_statement(nlp):
    """dev_news28 kind: 'NAME asked: "Q?"' (a quote verb before its quotation)."""
    doc = run_doc(nlp, 'The Velm Traders Guild urged calm. Its chairman, Ada Corwen, asked: "Will the bridge '
                       'open before winter?" Brin Aldo asked the court for more time.')
    assert _said(doc) == [("Ada Corwen", "Will the bridge open before winter?")]


@pytest.mark.parametrize("text, said", [
    # dev_news28 kind: a speech verb before "about"/"against" names a topic, no claim
    ("Ada Corwen warned about the old radios.", []),
    ("Ada Corwen warned against travel to the coast.", []),
    # guards (pass on the session-start code too): "about" before a number is an approximation; the
    # claim of another speech verb keeps its "complained about"
    ("Residents have complained about the smell for months, Ada Corwen said.",
     [("Ada Corwen", "Residents have complained about the smell for months")]),
    ("Osk Tarvel said about 70 cattle drowned.", [("Osk Tarvel", "about 70 cattle drowned")]),
    ("Ilka Orvane said about a dozen homes burned.", [("Ilka Orvane", "about a dozen homes burned")]),
])
def test_a_speech_verb_before_a_topic_says_nothing(nlp, text, said):
    assert _said(run_doc(nlp, text)) == said


def test_the_sentence_after_the_clock_is_a_claim_of_its_own(nlp):
    doc = run_doc(nlp, "The Velm Water Board said the pumps stopped at 4:55 a.m. and ran again from 7:35 p.m. During "
                       "the stoppage 90 homes had no water, it said.")
    assert [q for _, q in _said(doc)] == ["the pumps stopped at 4:55 a.m. and ran again from 7:35 p.m.",
                                          "During the stoppage 90 homes had no water"]


def test_the_society_who_heads_a_branch_of_is_the_red_cross_named_before(nlp):
    """dev_news28 kind: "the society" refers back to a Red Cross society named before."""
    doc = run_doc(nlp, "According to the Velmese Red Cross, 900 people fled. Osk Tarvel, who heads the society's "
                       "northern branch, said 40 tents arrived.")
    assert ("Osk Tarvel", "Velmese Red Cross") in {(p, o) for p, o, _, _ in _affs(doc)}


@pytest.mark.parametrize("text, said", [
    # second reading of this session's rules (guards: they pass on the session-start code too)
    ("Ana Orlando, 34, died in the crash. Orlando police said the driver had fled.", []),
    ("Police spokesman Ivo Renn said about $40 million was stolen from the Velm bank.",
     [("Ivo Renn", "about $40 million was stolen from the Velm bank")]),
    ('Coach Dana Holt said about his team: "They were brilliant."', [("Dana Holt", "They were brilliant")]),
])
def test_second_reading_of_the_statement_rules(nlp, text, said):
    assert _said(run_doc(nlp, text)) == said


def test_a_topic_then_saying_keeps_the_claim(nlp):
    doc = run_doc(nlp, "Health minister Ada Corwen warned against complacency, saying the virus was still spreading.")
    assert ("Ada Corwen", "the virus was still spreading") in _said(doc)


def test_a_clause_of_time_after_the_attribution_leaves_the_claim_before_it(nlp):
    doc = run_doc(nlp, "Most of the 40 wells are dry, the Velm Water Board said on Friday, as nine pumps broke down.")
    assert _said(doc) == [("Velm Water Board", "Most of the 40 wells are dry")]


def test_which_said_after_according_to_a_description(nlp):
    doc = run_doc(nlp, "The Velm Water Board runs 40 wells. About 900 homes have no water, according to the board, "
                       "which said tankers would come on Monday.")
    assert ("Velm Water Board", "tankers would come on Monday") in _said(doc)


def test_a_name_set_off_before_its_description_speaks(nlp):
    """dev_news28 kind: "ORG, the distributor, said": the parser may leave the name loose."""
    doc = run_doc(nlp, "Orsk Gases, the distributor, said it had refilled 90 tanks by Friday.")
    assert _said(doc) == [("Orsk Gases", "it had refilled 90 tanks by Friday")]


def test_a_closed_quotation_after_the_attribution_joins_though_the_next_sentence_is_said(nlp):
    doc = run_doc(nlp, '"Nobody will lose a job," Osk Tarvel, the firm\'s founder, told reporters in Tarsk. "Each '
                       'driver will be trained again at our cost." He added that 40 buses were ordered.')
    assert _said(doc)[0] == ("Osk Tarvel", "Nobody will lose a job Each driver will be trained again at our cost")


def test_a_plural_noun_spelled_like_a_speech_verb_says_nothing(nlp):
    """dev_news28 kind: "poor coastal states faced ..." ("states" a noun)."""
    doc = run_doc(nlp, "Brin Aldo of the Velm Institute said poor coastal states faced a shortage.")
    assert _said(doc) == [("Brin Aldo", "poor coastal states faced a shortage")]


def test_a_trailing_states_after_a_quotation_is_the_verb(nlp):
    # second reading (guard, passes on the session-start code too)
    doc = run_doc(nlp, '"We are ready," the Velm Foods chief states.')
    assert _said(doc) == [("Velm Foods", "We are ready")]


def test_a_co_ordinator_of_the_park_is_affiliated_with_it(nlp):
    """dev_news18 kind: a park that keeps animals is a body; 'the park's ... co-ordinator' (British
    spelling) is a role in it."""
    doc = run_doc(nlp, 'Keepers caught an escaped lynx at the Tarsk Wildlife Park on Friday. "She is calm," said '
                       "Brin Aldo, the park's media co-ordinator.")
    assert ("Brin Aldo", "Tarsk Wildlife Park", "media co-ordinator", False) in _affs(doc)


def test_a_title_after_a_spokesperson_s_role_keeps_the_spokesperson(nlp):
    """dev_news18 kind: "ORG spokesperson Director NAME": the title is the person's, the role speaks."""
    doc = run_doc(nlp, "Velm Water Board spokesperson Director Ada Corwen said the pipes would be replaced.")
    assert ("Ada Corwen", "Velm Water Board", "spokesperson Director", True) in _affs(doc)


@pytest.mark.parametrize("text, said", [
    # "the ROLE said" refers back to the person the article gave that role as a title or in apposition
    ('Judge Ada Corwen jailed the two men on Monday. "You betrayed the town," the judge told them.',
     ("Ada Corwen", "You betrayed the town")),
    ("Mayor Brin Aldo opened the bridge. The mayor said it cost 9 million dollars.",
     ("Brin Aldo", "it cost 9 million dollars")),
])
def test_the_role_said_refers_to_the_person_with_that_role(nlp, text, said):
    assert said in _said(run_doc(nlp, text))


@pytest.mark.parametrize("text, said, pair", [
    # third reading (guards, pass on the session-start code too)
    ("Tarsk Zoo was closed on Monday. Nearby, Velm National Park reopened its trails. The park said visitor "
     "numbers would be capped.", [], None),
    ("Velm Army spokesman turned Director General Ada Corwen said the troops had left.",
     [("Ada Corwen", "the troops had left")], ("Ada Corwen", "Velm Army", "spokesman turned Director", False)),
])
def test_third_reading_of_the_statement_rules(nlp, text, said, pair):
    doc = run_doc(nlp, text)
    assert _said(doc) == said and (pair is None or pair in _affs(doc))


# Quotations going on over paragraph breaks (issue 40): each further paragraph is a statement of the
# first one's speaker; an unquoted block after "She said:" too. Invented text, one row per shape.
@pytest.mark.parametrize("text, expected", [
    ("Coach Tomas Vrell spoke after the match.\n\n\"We played well in the first half,\" said Vrell. \"The rest "
     "was poor.\n\n\"We need to fix the defence before the cup game.\n\n\"Nobody is safe in this squad.\"",
     [("Tomas Vrell", "We need to fix the defence before the cup game."),
      ("Tomas Vrell", "Nobody is safe in this squad.")]),
    ("Captain Ilse Marrow thanked the crowd. Marrow said: \"You carried us today.\n\n\"We will not forget "
     "this season.\"",
     [("Ilse Marrow", "You carried us today"), ("Ilse Marrow", "We will not forget this season.")]),
    ("Party spokesperson Dora Kelvane spoke to reporters after the meeting. She said:\n\n"
     "We were delayed because the hall was locked by the owners.\n\n"
     "They refused to give us the keys and they left the building.\n\n"
     "The election commission met on Friday.",
     [("Dora Kelvane", "We were delayed because the hall was locked by the owners."),
      ("Dora Kelvane", "They refused to give us the keys and they left the building.")]),
])
def test_quotations_going_on_over_paragraphs(nlp, text, expected):
    got = _said(run_doc(nlp, text))
    for pair in expected:
        assert pair in got, got
    assert len(got) == len(set(got)) and not any("election commission" in q for _, q in got), got


# Speakers and speech verbs on real news (issue 40), invented sentences of each shape.
@pytest.mark.parametrize("text, present, absent", [
    # "alleged", "disclosed", "reiterated" report a claim; "alleged" before a noun says nothing
    ("Party spokesperson Mirela Dovan alleged that the ballots had been moved overnight.",
     ("Mirela Dovan", "the ballots had been moved overnight"), None),
    ("The Tarsk Audit Office has disclosed that it fined three banks for alleged fraud last year.",
     ("Tarsk Audit Office", "it fined three banks for alleged fraud last year"), "fraud last year"),
    # "they said" after officials spoke is the officials, never the last person named
    ("Fire chief Orin Balde said the blaze was contained. The fire started in a kitchen, officials said. "
     "It spread to the roof, they said.", None, "It spread to the roof"),
])
def test_speech_verbs_and_pronouns_on_real_news_shapes(nlp, text, present, absent):
    got = _said(run_doc(nlp, text))
    if present:
        assert present in got, got
    if absent:
        assert not any(q.startswith(absent) or q == absent for _, q in got), got


def test_a_name_in_a_photo_credit_is_no_antecedent_of_he_said(nlp, lex):
    """A credit line between a speaker and "He said" (its name typed a person by the entity layer, as
    happens on real news) is not whom "He" refers to."""
    from kg.nlp.relations import find_statements
    from kg.types import PER, Entity, Mention

    text = ("Rescue was slow, said Tomas Grell, spokesman for the Velm Relief Agency.\n\n"
            "Flooded streets in Orsk. Photograph: Ana Pirel/Velm Images\n\n"
            "He said about 300 homes were damaged.")
    doc = run_doc(nlp, text)
    at = text.index("Ana Pirel")
    sentence = next(i for i, s in enumerate(doc.sents) if s.start_char <= at < s.end_char)
    doc._.kg_entities = {**doc._.kg_entities, "credit": Entity("credit", "Ana Pirel", PER)}
    doc._.kg_mentions = [*doc._.kg_mentions, Mention("credit", "Ana Pirel", at, at + 9, sentence, "test")]
    said = [(doc._.kg_entities[s.speaker].label, s.quote) for s in find_statements(doc, lex)]
    assert ("Tomas Grell", "about 300 homes were damaged") in said, said


# Who speaks and where the claim starts (issue 40), invented sentences of real-news shapes.
@pytest.mark.parametrize("text, present, absent", [
    # a time phrase right after the verb is when it was said; the claim follows it
    ("The Orvik Dockers Guild said on Tuesday over 400 members would stop work at the port.",
     ("Orvik Dockers Guild", "over 400 members would stop work at the port"), None),
    ("The Tarsk Ferry Company said late on Sunday, June 8, every crossing would resume.",
     ("Tarsk Ferry Company", "every crossing would resume"), None),
    # the outlet after "reported" is no claim
    ("Councillor Osk Varne also claimed that the contract was inflated, reported the Tarsk Herald.",
     ("Osk Varne", "the contract was inflated"), "Tarsk Herald"),
    # "the KIND NAME said": the name after the kind noun speaks, not a group named before
    ("The Orsk Front claimed a raid on a tanker.\n\nThe Norwegian freight firm Halvo Cargo stated that it "
     "expects weeks of late deliveries.", ("Halvo Cargo", "it expects weeks of late deliveries"), None),
    # "according to ORG's ROLE, NAME" and "according to ORG ROLE Dr NAME": the person speaks
    ("According to the Tarsk Water Board's Public Relations Officer, Maria Okello, the pumps will be repaired "
     "within a week.", ("Maria Okello", "the pumps will be repaired within a week"), None),
    ("According to Orvik Nursing School principal Dr Lea Kallas, 40 students have fallen ill.",
     ("Lea Kallas", "40 students have fallen ill"), None),
    # "called it X" / "calling it X" name a claim (the text after the verb); "called a strike" does not
    ("Ada Kessel called it a long and difficult season.",
     ("Ada Kessel", "it a long and difficult season"), None),
    ("The Tarsk Observer put the figure lower, calling it the smallest harvest in a decade.",
     ("Tarsk Observer", "it the smallest harvest in a decade"), None),
    ("The Orvik Teachers Union called a strike on Friday and called on parents to keep children home.", None,
     "strike"),
    # "the former ROLE said" refers to whom a relative clause gave the role ("sacked as ROLE"), not to the
    # name the description stands right after
    ("Governor Lars Holm lost a vote. Ines Moll, who was dismissed as health commissioner by Holm in May, had "
     "long criticised him.\n\nOn Sunday in an open letter to Holm, the former health commissioner said she had "
     "told him about the shortages.", ("Ines Moll", "she had told him about the shortages"), None),
    # what a body announces is an act when it is its own act or a noun phrase with no finite verb
    ("The Tarsk Trade Authority announced its appeal on Friday.", None, "its appeal"),
    ("The Velm Brigade announced on Sunday the completion of three patrols along the border.",
     None, "the completion of three patrols"),
    ("The Velm Rail Board announced that fares would rise in May.",
     ("Velm Rail Board", "fares would rise in May"), None),
    # a subject and speech verb ending the sentence right after a noun (no comma) is a relative clause
    ("The new grant will fund the flood defence works the Tarsk Regional Council recently announced.", None,
     "The new grant"),
    ("At least 14 people were hurt when a bus overturned on Tuesday, Orvik Ambulance Service chief Mira Solberg "
     "said.", ("Mira Solberg", "At least 14 people were hurt when a bus overturned on Tuesday"), None),
    # "said X and added Y" gives two statements of the same speaker, with or without "that"
    ("Port manager Ivo Lund said the cranes were repaired and added all berths would reopen on Thursday.",
     ("Ivo Lund", "all berths would reopen on Thursday"), "and added"),
    # "pointing out", "noting", "stressing" start a statement of their own
    ("Ivo Lund said he did not expect delays, pointing out only two ships were waiting offshore.",
     ("Ivo Lund", "only two ships were waiting offshore"), None),
    # "CLAIM, ROLE NAME told AFP by telephone.": the claim before, the name right before the verb speaks
    ("Fishermen found the missing divers near a reef on the eastern coast late in the afternoon, Velm coastguard "
     "commander Ada Rusk told AFP by telephone.",
     ("Ada Rusk", "Fishermen found the missing divers near a reef on the eastern coast late in the afternoon"),
     None),
    # a body named in the phrase that opens the sentence is where, not who speaks ("workers" are unnamed)
    ("At Tarsk Steel Ltd's Orvik mill in North Tarsk, workers also approved the deal, but said they would raise "
     "pension issues next week.", None, "they would raise pension issues"),
])
def test_speakers_and_claims_of_real_news_shapes(nlp, text, present, absent):
    got = _said(run_doc(nlp, text))
    if present:
        assert present in got, got
    if absent:
        assert not any(absent in q for _, q in got), got


# Affiliation shapes of real news (issue 40), invented names.
@pytest.mark.parametrize("text, pair", [
    # a capitalised body word opening the role of an apposition
    ("Three Tarsk Navy sailors were hurt. Navy Lieutenant Ren Okafor, Navy spokesman for the Southern Tarsk "
     "Naval Command, said the fire was out.", ("Ren Okafor", "Southern Tarsk Naval Command")),
    # "ORG ROLE and ROLE, professor NAME": a lower-case title after the comma is no part of the role
    ("Orvik water agency OWA spokesperson and chief engineer, professor Lene Dahl, said levels fell.",
     ("Lene Dahl", "OWA")),
    # a title that names its body: the article's ministry of that field
    ("Minister of Fisheries Ana Costa said quotas would fall. The Ministry of Fisheries said stocks were low.",
     ("Ana Costa", "Ministry of Fisheries")),
    ("Minister of Trade and Regional Integration Lina Sabo signed the pact. The Trade Ministry called it a fair "
     "bargain.", ("Lina Sabo", "Trade Ministry")),
    ("Tom Reyes, the minister of tourism, said hotels reopened. The Tourism Ministry said it welcomed the "
     "visitors.", ("Tom Reyes", "Tourism Ministry")),
    # the role and the body before the name, with the body's acronym and more words between
    ("The chairman of the Tarsk Housing Fund (Tarhouse) board of trustees, Nils Berg, said demand was strong.",
     ("Nils Berg", "Tarsk Housing Fund")),
    # a bare spokesperson role speaks for the body that spoke in the sentence before
    ("The Orvik Students Council said lectures were halted after a fire alarm.\n\n\"Nobody knows when classes "
     "will resume,\" said spokesperson Dara Nkosi.", ("Dara Nkosi", "Orvik Students Council")),
    # "works as a ROLE with ORG", "who is also leader of ORG"
    ("Ivo Sandel now works as a legal adviser with the Tarsk Tenants Union in Velm.",
     ("Ivo Sandel", "Tarsk Tenants Union")),
    ("Meanwhile, Deputy Mayor Erik Sola who is also chairman of the Orvik Green Alliance has thanked the "
     "volunteers.", ("Erik Sola", "Orvik Green Alliance")),
    # an office taken for a body ("Director of Public Affairs") is the office of the body in view
    ("The Tarsk Customs Service seized four lorries. Director of Public Affairs, Mrs. Ada Ude, who briefed "
     "reporters, noted that the service's seizures doubled.", ("Ada Ude", "Tarsk Customs Service")),
])
def test_affiliations_of_real_news_shapes(nlp, text, pair):
    assert pair in {(p, o) for p, o, *_ in _affs(run_doc(nlp, text))}


@pytest.mark.parametrize("text, pair", [
    ("Fighting displaced thousands. The Velmish Monitoring Group gave a bigger figure, saying about 410 "
     "families had left their homes.",
     ("Velmish Monitoring Group", "about 410 families had left their homes")),
    ("Ada Corwen, the group's director, spoke to reporters on Monday, saying the convoy had been stopped.",
     ("Ada Corwen", "the convoy had been stopped")),
])
def test_saying_after_a_verb_that_is_no_speech_verb_starts_a_statement(nlp, text, pair):
    """"X put the number higher, saying Y": a participle of speech says Y for the sentence's subject,
    with no speech verb before it (the guideline's "stressing that Y")."""
    assert pair in _said(run_doc(nlp, text))


@pytest.mark.parametrize("text, pair", [
    ("The Velm Workers Union met car makers. \"They put a better deal on the table,\" said the guild's deputy "
     "treasurer Pavel Maqua.", ("Pavel Maqua", "They put a better deal on the table")),
    ("Talks ended on Monday. \"The deal is what we asked for,\" said Tarsk Union workers' committee chairman "
     "Temba Orvo.",
     ("Temba Orvo", "The deal is what we asked for")),
])
def test_said_then_an_owner_s_role_then_the_name(nlp, text, pair):
    """'"...," said the guild's deputy treasurer NAME': an owner's possessive and a role of a few
    lower-case words between the verb and the speaker."""
    assert pair in _said(run_doc(nlp, text))


def test_said_then_a_body_and_a_role_of_a_field_then_the_name(nlp):
    """'"...," said Shelter Velmland director of policy NAME': a role of a field in lower case after
    the body's name stands between the verb and the speaker."""
    doc = run_doc(nlp, "Homeless figures rose in May. \"Families need homes first,\" said Shelter Velmland "
                       "director of policy Rolf Tarvel.")
    assert ("Rolf Tarvel", "Families need homes first") in _said(doc)


@pytest.mark.parametrize("text, speaker", [
    ("They said ORV failed to comply. Tunde Adewale, ORV’s Group Communications Executive, confirmed that the "
     "watchdog had imposed a fine and ORV would pay it.", "Tunde Adewale"),
    ("Ada Corwen, Tom Brede’s lawyer, said the appeal would be filed.", "Ada Corwen"),
    # kin in the phrase, not only a role
    ("Ada Corwen, Tom Brede’s wife, said she was relieved by the verdict.", "Ada Corwen"),
])
def test_the_holder_of_a_possessive_role_speaks_not_its_owner(nlp, text, speaker):
    """"NAME, ABC's Group Communications Executive, confirmed": a job title in capitals after a
    possessive says the name is a person, and the owner before the possessive is not who speaks."""
    doc = run_doc(nlp, text)
    ents = doc._.kg_entities
    assert {ents[s.speaker].label for s in doc._.kg_statements if s.speaker} == {speaker}
    assert {e.type for e in ents.values() if e.label == speaker} == {"Person"}
