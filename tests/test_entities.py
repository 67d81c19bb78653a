import pytest

from kg.nlp.lexicon import normalize_name

from .conftest import run_doc


@pytest.fixture(scope="module")
def nlp(rules_nlp):
    """These tables check the rules, one sentence each: the learned entity decision, which reads a
    whole article's evidence, is off here (tests/test_decide.py and the gold sets check it)."""
    return rules_nlp


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
    ("The Coastal Support Forces shelled the market.", ("Coastal Support Forces", "Organisation")),
    ("The Ministry of Health reported new cases.", ("Ministry of Health", "Organisation")),
    ("The National Electoral Commission published the results.", ("National Electoral Commission", "Organisation")),
    ("Lina Haddad, a spokeswoman for the agency, said it was ready.", ("Lina Haddad", "Person")),
    ("A commander who goes by Abu Layla said they would hold.", ("Abu Layla", "Person")),
    ("A woman who identified herself as Umm Khaled said she was afraid.", ("Umm Khaled", "Person")),
    ("A photographer was there. (Velm Photo/Odile Brask)", ("Odile Brask", "Person")),
    ("The International Monetary Fund (IMF) cut its forecast.", ("International Monetary Fund", "Organisation")),
    ("Fighters from Ninawa and Anbar surrendered.", ("Nineveh", "Place")),
    ("Hizballah fighters surrendered to the army.", ("Hezbollah", "Organisation")),
    ("A study by St Mary’s Hospital found the same.", ("St Mary’s Hospital", "Organisation")),
    ("He studied at University College Dublin.", ("University College Dublin", "Organisation")),
    ("The Velm Geological Survey said the quake was shallow.", ("Velm Geological Survey", "Organisation")),
    ("He was born in the Soviet Union and moved to West Germany.", ("Soviet Union", "Place")),
    ("The Velm Centers for Water Safety confirmed the case.", ("Velm Centers for Water Safety", "Organisation")),
    ("Spokesman for the Coastal Support Forces Omar Quell denied it.", ("Omar Quell", "Person")),
    ("Abu Omar told al-Mayadeen TV the talks had failed.", ("al-Mayadeen TV", "Organisation")),
    ("Residents thanked the cooperative Brennick for the food.", ("Brennick", "Organisation")),
    ("The union Frente Marvello called the strike.", ("Frente Marvello", "Organisation")),
    ("The incumbent, Halden Ross of the Harbour Union, did not concede.", ("Halden Ross", "Person")),
    ("The incumbent, Halden Ross of the Harbour Union, did not concede.", ("Harbour Union", "Organisation")),
    ("Ships queued after the sale to Tarnvik Shipping was announced.", ("Tarnvik Shipping", "Organisation")),
    ("Fighting spread in the Czech Republic.", ("Czechia", "Place")),
    ("A QXL statement said Operation Silver Lantern would go on.",
     ("Operation Silver Lantern", "Organisation")),
    # a capitalised role inside a run of capitals: the person is the name after it
    ("Orvane's Emergency Management Minister Tilda Varsk told reporters the roads were shut.",
     ("Tilda Varsk", "Person")),
    ("Brellim Mayor Oskar Fenwright urged both sides to talk.", ("Oskar Fenwright", "Person")),
    ("A Kestrel Harbour Authority spokesman said the port was open.", ("Kestrel Harbour Authority", "Organisation")),
    ("The flames spread fast, said Captain Ines Marvik of the TFRS on Tuesday.", ("Ines Marvik", "Person")),
    # a known place ends an organisation's name after "of"; a demonym before a known body makes another body
    ("Later the Reserve Bank of Norway cut its rate.", ("Reserve Bank of Norway", "Organisation")),
    ("The Kenyan Red Cross registered 500 evacuees.", ("Kenyan Red Cross", "Organisation")),
    ("Fighters of the Lebanese Hezbollah crossed the border.", ("Hezbollah", "Organisation")),
    ("Victoria Lee, a nurse, said the clinic closed.", ("Victoria Lee", "Person")),
    ("Crews fought the fire near Tarvel, Nova Scotia, on Monday.", ("Nova Scotia", "Place")),
    # a known place that starts a longer name is not the place; a large region is a place
    ("A study in the New Norvale Journal of Law found it.", ("New Norvale Journal of Law", "Organisation")),
    ("Hospital prices in the Balkans rose fast.", ("Balkans", "Place")),
    ("Shares in Tarvel fell on the New York Cotton Exchange on Monday.", ("New York Cotton Exchange", "Organisation")),
    ("Later Brask thanked the Tilda Marsh Memorial Library for its help.",
     ("Tilda Marsh Memorial Library", "Organisation")),
    # a name's second syllable after a hyphen, in lower case; "Kurdish-led" is no name
    ("Later Chen Kwai-tung and Lau Wing-sze of the Harbour Unity Party voted no.", ("Chen Kwai-tung", "Person")),
    ("Later Chen Kwai-tung and Lau Wing-sze of the Harbour Unity Party voted no.", ("Lau Wing-sze", "Person")),
    ("Later Chen Kwai-tung and Lau Wing-sze of the Harbour Unity Party voted no.",
     ("Harbour Unity Party", "Organisation")),
    # a court's district, a mission "to" a country, a known body's national branch "of" a country
    ("Velmco filed in the Tarsk Court for the Northern District of Norway on Monday.",
     ("Tarsk Court for the Northern District of Norway", "Organisation")),
    ("Ilka Strandvik, a spokesman for the Orvik Mission to Norway, said the road was shut.",
     ("Orvik Mission to Norway", "Organisation")),
    ("The International Rescue Committee of Norway said two volunteers were hurt.",
     ("International Rescue Committee of Norway", "Organisation")),
    # a title with a portfolio of several words before the name; a hyphenated modifier in an apposition
    ("Deputy Finance Minister for Ports Osk Tarvel visited the site.", ("Osk Tarvel", "Person")),
    ("Brannock Pay, the Oslo-based payments exchange, cut its fees.", ("Brannock Pay", "Organisation")),
    ("The Tarsk Herald covers Co Velmar.", ("Co Velmar", "Place")),
    # a Cantonese given name's second syllable may look like an English word after its hyphen
    ("Later Ho Wai-ting and Yip Chun-hung won seats.", ("Ho Wai-ting", "Person")),
    ("Later Ho Wai-ting and Yip Chun-hung won seats.", ("Yip Chun-hung", "Person")),
    ("Later the mayor, Tso Kai-bin, opened the fair.", ("Tso Kai-bin", "Person")),
    # a role after "Name, COUNTRY" says whose person the name is
    ("After the match, Oskar Velmano Tarr, Norway coach, said the team was tired.", ("Oskar Velmano Tarr", "Person")),
    ("The Union of K'iche' Weavers of Tarsk accused the firm.", ("Union of K'iche' Weavers of Tarsk",
                                                                    "Organisation")),
    # a demonym opens a mission's name ("... Mission to X" is organisation-shaped)
    ("Osk Tarvel, head of the Swiss Relief Mission to Tarsk, said the road was open.",
     ("Swiss Relief Mission to Tarsk", "Organisation")),
    # a capitalised article after an abbreviation starts a sentence, not a name's next word
    ("The team flew to Velmford D.C. The students met the council.", ("Velmford D.C.", "Place")),
    # a common adjective with an adjective's ending ends a body's name, not a surname
    ("Later Brask Digital cut its fees.", ("Brask Digital", "Organisation")),
    # context rules of the sixth session of 2026-11-24 (dev_news22 to dev_news24 kinds, invented names)
    ("Prices fell, said Ilka Orvane, managing director of Quenby Tarsk.", ("Quenby Tarsk", "Organisation")),
    ("Officers said the attackers belonged to Harkat Velmi, an armed cell based in the hills.",
     ("Harkat Velmi", "Organisation")),
    ("Velm Orvane Tarsk, one of the largest wholesalers, said its shelves were empty.",
     ("Velm Orvane Tarsk", "Organisation")),
    ("The Velmese Red Cross said 400 families had left.", ("Velmese Red Cross", "Organisation")),
    ("Herders graze goats in the Orvane and Pellick mountains each summer.", ("Orvane", "Place")),
    ("Ada Corwen, a lecturer at the Technical University of Santa Cruz de la Sierra, told students the lab "
     "would reopen.", ("Technical University of Santa Cruz de la Sierra", "Organisation")),
    ("The Ministry of Health, Sport and Natural Resources approved the plan.",
     ("Ministry of Health, Sport and Natural Resources", "Organisation")),
    ("Officials of the Bosnia and Herzegovina Football Federation fined the club.",
     ("Bosnia and Herzegovina Football Federation", "Organisation")),
    ("The Hospital de Velmar cancelled 30 operations.", ("Hospital de Velmar", "Organisation")),
    ("Later Metro de Tarsk said the tunnel had flooded.", ("Metro de Tarsk", "Organisation")),
    ("The Institute for Coastal Studies of East Africa said erosion had doubled.",
     ("Institute for Coastal Studies of East Africa", "Organisation")),
    ("Later Oslo Wolves lodged an appeal against the result.", ("Oslo Wolves", "Organisation")),
    ("The court jailed the owner. Engineers Ilka Orvane and Brin Aldo received four years each.",
     ("Ilka Orvane", "Person")),
    ("Gunmen attacked a camp north of Orvane before dawn.", ("Orvane", "Place")),
    ("Two raiders were killed by the wells of Pellick.", ("Pellick", "Place")),
    ("The storm hit Santa Cruz y Velm on Monday.", ("Santa Cruz y Velm", "Place")),
    ("Gangs Torch 40 Stalls in Bergen Clashes After Curfew\n\nStall owners counted losses on Monday.",
     ("Bergen", "Place")),
    ("Officers of the Bureau on Trade and Economic Affairs arrested two men.",
     ("Bureau on Trade and Economic Affairs", "Organisation")),
    ("Later Tarsk Volt Mobility said it would recall 9,000 packs.", ("Tarsk Volt Mobility", "Organisation")),
    ('"Who pays?" asked Osk Tarvel, a widow from the Velm district.', ("Osk Tarvel", "Person")),
    # a kind of person opening the sentence before a name of two words is no part of the name
    ("Survivor Quenby Darrow, 38, said the raiders wore masks.", ("Quenby Darrow", "Person")),
    # ... not a body's or a place's name that opens with such a word
    ("Refugee Council Velm said 300 people had arrived.", ("Refugee Council Velm", "Organisation")),
    # a person's surname that is a team's plural, where nothing writes it as a team's
    ("Marta Knights said the bus never came.", ("Marta Knights", "Person")),
    # a plural's possessive before a person's name ends the body's name
    ("The Federation of Velm Businesses' Ada Corwen said prices rose.", ("Ada Corwen", "Person")),
    ("Villager Osk Pellick said the goats were lost in the flood.", ("Osk Pellick", "Person")),
    # a plural's possessive in what a body is for, after its head and "for"
    ("Ilka Orvane, director of the Association for Velm Prisoners' Rights, spoke on Friday.",
     ("Association for Velm Prisoners' Rights", "Organisation")),
    # a Romance contraction joins a body's name even after a word English also has
    ("Exporter Cafes del Tarsko, which buys from 900 farms, cut its contracts.", ("Cafes del Tarsko", "Organisation")),
    # a plural that names teams ends a club's name
    ("Orvik Queens beat their rivals by two points.", ("Orvik Queens", "Organisation")),
    # an event's name that opens with a known place is one name ("Asia" is no place of its own there)
    ("Three players were picked for the Asia Hockey Cup.", ("Asia Hockey Cup", "Organisation")),
    ("Orvik won the Europe Rugby Championship on Saturday.", ("Europe Rugby Championship", "Organisation")),
    # a known place after a Romance contraction is the end of the body's name
    ("Exporter Cafes del Quito, which buys from 700 farms, cut its orders.", ("Cafes del Quito", "Organisation")),
    # a natural kind of place after a name
    ("Ash fell on farms near the Tarvoni volcano.", ("Tarvoni", "Place")),
    # a company's head in French or Spanish ends its name; an Arabic word for a valley opens a place's
    ("Trans-Velm Logistique moved 40 barges last year.", ("Trans-Velm Logistique", "Organisation")),
    ("Gunmen attacked the station at Oued Tarsk on Sunday.", ("Oued Tarsk", "Place")),
    # a newspaper's demonym is part of its name; a prefix's hyphened word goes on with a body's name
    ("Figures gathered by the Kenyan Express put the toll at 40.", ("Kenyan Express", "Organisation")),
    ("The Tarsk Co-operative Bank raised its rates.", ("Tarsk Co-operative Bank", "Organisation")),
    # a name set off by commas before "said" speaks: no place
    ("A grocer who lives across from the jail, Abdu Sowe, said the windows shook.", ("Abdu Sowe", "Person")),
]


@pytest.mark.parametrize("sentence, name, wrong_type", [
    # a second reader's probes: a kind noun that modifies another noun describes a person
    ("Tom Brask, a venture capitalist, said the fund grew.", "Tom Brask", "Organisation"),
    ("Osk Tarvel, an exchange student from Velm, said he was safe.", "Osk Tarvel", "Organisation"),
    # a capitalised word before the name is part of the name, not a noun for a person
    ("Victim Support Tarsk said the hotline was busy.", "Support Tarsk", "Person"),
    ("The Co-op said it would close 20 stores.", "Co-op", "Place"),
    # the apposition to "the province" names the province
    ("The governor of the province, North Tarsk, declared an emergency.", "North Tarsk", "Person"),
])
def test_context_rules_that_must_not_fire(nlp, sentence, name, wrong_type):
    assert (name, wrong_type) not in _ents(run_doc(nlp, sentence))


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
        ("TARVEL, Feb. 12 (AP) - A jury convicted the founder.", "Feb."),
        ("The two sides last met on Oct. 3 and 4 in Dravik.", "Sept."),
        ("Orvane's Emergency Management Minister Tilda Varsk told reporters.", "Emergency Management Minister"),
        ("Roads closed in Manitoba. Manitoba's Transport Minister Tilda Varsk told reporters.", "Transport"),
        ("The Reserve Bank of Norway cut its rate.", "Norway"),
        ("The Kenyan Red Cross registered 500 evacuees.", "International Committee of the Red Cross"),
        ("Households are struggling, and about 3 million households pay more.", "Households"),
        ("AI tools spread fast, the report said.", "AI"),
        ("The Kurdish-led Tarvel Forces and state-run Velm Radio said so.", "Kurdish-led Tarvel Forces"),
        ("Parents wore green Halden T-shirts to the meeting.", "Halden T"),
        # context rules that must not fire (a second reader's probes)
        ("The mayor told the Court that the road was open.", "Court"),
        ("The mayor told TV reporters that the road was open.", "TV"),
        ("The firm runs Linux-based servers in Velm.", "Linux"),
        ("The Soviet-born artist sang in Velm.", "Soviet"),
        ("Tom Brask and Jon Pell run a bakery. Pell said their sales had halved.", "Pell"),
        ("Furthermore, the officials said the panels were undamaged.", "Furthermore"),  # an opening adverb
        ("Nonetheless, the mayor said the road was open.", "Nonetheless"),
    ],
)
def test_not_entities(nlp, sentence, not_entity):
    labels = {e.label for e in run_doc(nlp, sentence)._.kg_entities.values()}
    assert not_entity not in labels


def test_surname_and_title_resolve_to_full_name(nlp):
    doc = run_doc(nlp, "QXL spokesman Halden Ross said it was over. Later, Mr Ross said more. Ross left.")
    people = [e for e in doc._.kg_entities.values() if e.type == "Person"]
    assert len(people) == 1 and people[0].label == "Halden Ross"
    assert "Mr Ross" in people[0].aliases


def test_acronym_resolves_to_expansion(nlp):
    doc = run_doc(nlp, "The Coastal Support Forces (CSF) advanced. CSF fighters took the bridge.")
    orgs = [e for e in doc._.kg_entities.values() if e.type == "Organisation"]
    assert len(orgs) == 1 and orgs[0].label == "Coastal Support Forces" and "CSF" in orgs[0].aliases


def test_mentions_keep_offsets(nlp):
    text = "Fighters surrendered to the Coastal Support Forces in Brellim."
    doc = run_doc(nlp, text)
    for m in doc._.kg_mentions:
        assert text[m.start : m.end] == m.text


@pytest.mark.parametrize(
    "a, b", [("Tell Az Zahra", "Tell ez-Zahra"), ("Queen’s College", "Queen's College"), ("al-Marin", "Al Marin")]
)
def test_normalize_name_folds_spellings(a, b):
    assert normalize_name(a) == normalize_name(b)


def test_a_title_case_headline_keeps_only_the_names_the_body_writes(nlp):
    doc = run_doc(nlp, "Kestrel Mining Shares Slide After Flooding Halts Output\n\n"
                       "Kestrel Mining Corp. said on Monday that water had closed two of its pits.")
    labels = {e.label for e in doc._.kg_entities.values()}
    assert not any("Shares" in lb or "Flooding" in lb or "Halts" in lb for lb in labels), labels
    # the headline's "Kestrel Mining" and the body's "Kestrel Mining Corp." are one organisation
    assert [e.type for e in doc._.kg_entities.values() if e.label.startswith("Kestrel")] == ["Organisation"]


@pytest.mark.parametrize("sentence, name", [
    ("The Ostrava Fisheries and Waterways Authority opened an inquiry.", "Ostrava Fisheries and Waterways Authority"),
    ("The Ostrava Department of Health and Human Services confirmed it.",
     "Ostrava Department of Health and Human Services"),
    ("Students at the Corvant Arts & Design College protested.", "Corvant Arts & Design College"),
])
def test_and_inside_one_name(nlp, sentence, name):
    assert name in {e.label for e in run_doc(nlp, sentence)._.kg_entities.values()}


def test_and_between_two_names(nlp):
    doc = run_doc(nlp, "Engineers from the Tarsk Institute of Mining and the Velden Agency for Roads met.")
    labels = {e.label for e in doc._.kg_entities.values()}
    assert "Tarsk Institute of Mining" in labels and "Velden Agency for Roads" in labels


def test_leading_words_of_an_organisation_name_refer_to_it(nlp):
    doc = run_doc(nlp, "Ardent Freight plc lost a contract. Ardent shares fell 9%, and an Ardent spokesperson "
                       "Colm Reilly said talks would go on.")
    orgs = [e for e in doc._.kg_entities.values() if e.type == "Organisation"]
    assert [e.label for e in orgs] == ["Ardent Freight plc"] and "Ardent" in orgs[0].aliases


def test_a_name_after_its_definition_in_brackets_is_its_acronym_whatever_the_initials(nlp):
    """"Name (ABC)" defines ABC even when the initials differ (a name in another language)."""
    doc = run_doc(nlp, "The Tarvel Fire and Rescue Service (SDTV) sent crews. A SDTV captain said the fire was out.")
    org = [e for e in doc._.kg_entities.values() if e.type == "Organisation"]
    assert [e.label for e in org] == ["Tarvel Fire and Rescue Service"] and "SDTV" in org[0].aliases


def test_a_dateline_town_is_not_the_first_word_of_an_organisation(nlp):
    doc = run_doc(nlp, "BRELLIM, Ohio, Oct. 1, 2026 - Teachers of the Brellim Education Association went on "
                       "strike. Brellim Mayor Oskar Fenwright urged both sides to talk.")
    places = {e.label: e for e in doc._.kg_entities.values() if e.type == "Place"}
    assert "Brellim" in places
    town = [m for m in doc._.kg_mentions if m.entity == places["Brellim"].key]
    assert [(m.text, m.source) for m in town][:1] == [("BRELLIM", "dateline")] and len(town) == 2


def test_a_credit_line_in_brackets_is_no_headline(nlp):
    """"(Reporting by ...; Editing by ...)" is all capitals but names only: both names are kept."""
    doc = run_doc(nlp, "The plant closed on Tuesday, officials said.\n\n(Reporting by Ilse Varga; Editing by "
                       "Tomas Brede)")
    labels = {e.label for e in doc._.kg_entities.values() if e.type == "Person"}
    assert {"Ilse Varga", "Tomas Brede"} <= labels


def test_an_acronym_before_a_country_is_a_dateline_place_only_in_a_dateline(nlp):
    places = {e.label for e in run_doc(nlp, "SADC, Zimbabwe and Zambia agreed on a plan.")._.kg_entities.values()
              if e.type == "Place"}
    assert "SADC" not in places and "Zimbabwe" in places


def test_a_common_word_after_a_dateline_dash_starts_a_sentence(nlp):
    """"(Reuters) - Shelling ..." is the first word of the story, not a name."""
    doc = run_doc(nlp, "BRELLIM, Peru, May 6, 2026 (Reuters) - Flooding closed the Brellim port on "
                       "Tuesday, officials said.")
    labels = {e.label for e in doc._.kg_entities.values()}
    assert "Flooding" not in labels and "Brellim" in labels


def test_a_role_word_before_an_organisation_noun_is_an_organisation_apposition(nlp):
    doc = run_doc(nlp, "About 300 people fled, said Ada Corwen, head of the Tarvel Quay Rescue Crew, "
                       "a volunteer group.")
    crew = [m for m in doc._.kg_mentions if m.text == "Tarvel Quay Rescue Crew"]
    assert crew and crew[0].source == "org-apposition"
    assert doc._.kg_entities[crew[0].entity].type == "Organisation"


def test_every_name_after_a_plural_place_noun_and_of_is_a_place(nlp):
    doc = run_doc(nlp, "Raiders burned the villages of Torvik Amal, Bresk and Ollu on Sunday.")
    places = {e.label for e in doc._.kg_entities.values() if e.type == "Place"}
    assert {"Torvik Amal", "Bresk", "Ollu"} <= places


def test_a_demonym_before_an_organisation_head_and_of_stays_in_the_name(nlp):
    doc = run_doc(nlp, "The Danish Directorate of Quarries said the study was sound.")
    orgs = {e.label for e in doc._.kg_entities.values() if e.type == "Organisation"}
    assert "Danish Directorate of Quarries" in orgs


def test_a_name_joined_by_and_to_a_typed_name_shares_its_type(nlp):
    """"Ilvana Orsk and Simon Brede": the unknown name is a person too;
    "Hui Brask from the Civic Party and Tanya Orvane of the Labour Party" joins the people."""
    doc = run_doc(nlp, "Ilvana Orsk and Simon Brede both won medals on Sunday.")
    types = {e.label: e.type for e in doc._.kg_entities.values()}
    assert types.get("Ilvana Orsk") == "Person"
    from kg.nlp.entities.cand import Cand
    from kg.nlp.entities.name_checks import coordinated
    from kg.types import Entity

    party = Entity("Organisation:civic party", "Civic Party", "Organisation")
    for text, joined in [("The winners were Hui Brask from the Civic Party and Tanvel Orvane of the Labour Party.",
                          False),
                         ("Yesterday the Civic Party and Tanvel Orvane signed the deal.", True)]:
        doc = nlp.make_doc(text)
        words = [t.text for t in doc]
        s = words.index("Tanvel")
        ends = {words.index("Party") + 1: party}
        found = coordinated(doc, Cand(s, s + 2, None, "name-shape"), ends, {}, {"of", "from", "the"})
        assert (found is party) == joined


def test_a_one_word_town_that_is_a_person_s_surname_is_the_person(nlp):
    doc = run_doc(nlp, "The town's finance chief is Peter Deng Lund. Lund said taxes would rise.")
    assert "Lund" not in {e.label for e in doc._.kg_entities.values() if e.type == "Place"}


def test_a_place_before_an_organisation_name_starts_that_name(nlp):
    doc = run_doc(nlp, "Talks with the Lund Renewal Front stalled on Monday.")
    labels = {e.label for e in doc._.kg_entities.values()}
    assert "Lund Renewal Front" in labels and "Lund" not in labels


@pytest.mark.parametrize("text, name", [
    ("The company hired Varga & Lund, a law firm in Brellim.", "Varga & Lund"),
    ("Lawyers at Varga and Lund LLP said the deal was fair.", "Varga and Lund LLP"),
    ("Ilse Brask of Lund and Tarvel Assurance said rates rose.", "Lund and Tarvel Assurance"),
])
def test_a_town_s_name_among_a_firm_s_partners_stays_in_the_firm_s_name(nlp, text, name):
    orgs = {e.label for e in run_doc(nlp, text)._.kg_entities.values() if e.type == "Organisation"}
    assert name in orgs


@pytest.mark.parametrize("text, name, typ", [
    ("Police questioned a gang member known as Bosco Tarvin about the fire.", "Bosco Tarvin", "Person"),
    ("Coach Ada Lund praised the team. The match in Lund drew 20,000 fans.", "Lund", "Place"),
    ("Exports to Chile and Tavi Orsk said prices fell.", "Tavi Orsk", "Person"),
    ("Officials in Mali and Niger Army units met on Monday.", "Mali", "Place"),
    ("Sales in Germany & Austria fell.", "Austria", "Place"),
    ("Aides in the Peter Orsk camp said the poll was wrong.", "Peter Orsk", "Person"),
])
def test_the_new_rules_leave_these_alone(nlp, text, name, typ):
    """Second reading: shapes the list, surname, firm and camp rules must not change."""
    types = {e.label: e.type for e in run_doc(nlp, text)._.kg_entities.values()}
    assert types.get(name) == typ, types


@pytest.mark.parametrize("text, name", [
    # a city's name joined to another capitalised word by a hyphen or a particle is part of a longer name
    ("Factories in Kassel-Ovrendal cut shifts on Monday.", "Kassel-Ovrendal"),
    ("Troops moved into Valle de Ostrava province last week.", "Valle de Ostrava"),
    # two particles between the parts of one name: "pour la", "de los"
    ("The Mouvement Tarvelois pour la Justice said it would appeal.", "Mouvement Tarvelois pour la Justice"),
])
def test_a_city_name_joined_to_a_longer_name_stays_inside_it(nlp, text, name):
    labels = {e.label for e in run_doc(nlp, text)._.kg_entities.values()}
    assert name in labels, labels


def test_a_city_between_two_countries_names_joined_by_a_hyphen_is_still_matched(nlp):
    """The hyphen rule is for cities inside longer names; countries keep their own matches."""
    types = {e.label: e.type for e in run_doc(nlp, "Talks on the Chile-Peru border resumed.")._.kg_entities.values()}
    assert types.get("Chile") == "Place" and types.get("Peru") == "Place", types


@pytest.mark.parametrize("text, name", [
    ("Fighters of Ansar Tovrida attacked the convoy at dawn.", "Ansar Tovrida"),
    ("The Tavrin Monitoring Mechanism recorded 12 breaches.", "Tavrin Monitoring Mechanism"),
])
def test_first_words_and_heads_of_armed_groups_and_monitoring_bodies(nlp, text, name):
    types = {e.label: e.type for e in run_doc(nlp, text)._.kg_entities.values()}
    assert types.get(name) == "Organisation", types


def test_a_capitalised_institute_after_a_comma_is_a_name_not_a_description(nlp):
    """'south of the town of X, the Y Institute said': X stays a place; the apposition rule wants a
    common noun ('the regional carmaker')."""
    doc = run_doc(nlp, "The quake struck near the town of Ovra Pelka, the Halvik Seismic Institute said.")
    types = {e.label: e.type for e in doc._.kg_entities.values()}
    assert types.get("Ovra Pelka") == "Place", types


@pytest.mark.parametrize("text, name, typ", [
    # a title before an organisation head is the body's first word
    ("Chile's General Staff ordered new drills.", "General Staff", "Organisation"),
    # a sport and a country: a national governing body
    ("Rowing Norway fined two clubs.", "Rowing Norway", "Organisation"),
    # a dateline in capitals with hyphens and a short part
    ("AIX-EN-PROVENCE, France (AP) — Firefighters fought a blaze.", "Aix-en-Provence", "Place"),
    # "In" starting a sentence is not part of the town's name
    ("In Saint-Denis, commuters waited for hours.", "Saint-Denis", "Place"),
    # a name in an alias after a comma
    ("The junta, known as the Velmorat, closed the border.", "Velmorat", "Organisation"),
    # a town named like an organisation's first word does not break "Bank of ..."
    ("The Bank of England raised rates.", "Bank of England", "Organisation"),
])
def test_second_reading_of_names_in_the_seventh_set_s_shapes(nlp, text, name, typ):
    types = {e.label: e.type for e in run_doc(nlp, text)._.kg_entities.values()}
    assert types.get(name) == typ, types


def test_a_dateline_in_capitals_with_a_country_and_a_dash_starts_the_sentence(nlp):
    doc = run_doc(nlp, "TARSK, Norvale — Heavy snow closed the pass.")
    types = {e.label: e.type for e in doc._.kg_entities.values()}
    assert "Heavy" not in types, types


def test_a_sentence_s_first_word_trimmed_off_a_known_name_still_refers_to_it(nlp):
    doc = run_doc(nlp, "Ilse Varn works with Grey Lantern, a volunteer rescue group. "
                       "Grey Lantern said its boats were hit.")
    ents = doc._.kg_entities
    found = {ents[m.entity].label for m in doc._.kg_mentions if m.text in {"Lantern", "Grey Lantern"}}
    assert found == {"Grey Lantern"}


def test_demonyms_and_their_plurals_alone_are_no_names(nlp):
    doc = run_doc(nlp, "Nine Egyptians and two Kenyans came home. The Spaniard won.")
    labels = {e.label for e in doc._.kg_entities.values()}
    assert not labels & {"Egyptians", "Kenyans", "Spaniard", "Nine Egyptians"}, labels


def test_abbreviated_ranks_stay_one_token_and_end_no_sentence(nlp):
    doc = run_doc(nlp, "Army spokesman Maj. Gen. Oskar Tarn said so. St. Agnes Hospital opened.")
    assert [s.text for s in doc.sents] == ["Army spokesman Maj. Gen. Oskar Tarn said so.", "St. Agnes Hospital opened."]


@pytest.mark.parametrize("text, name, typ", [
    ("Cadets joined the Armed Forces of the Czech Republic in May.",
     "Armed Forces of the Czech Republic", "Organisation"),
    ("South Sudan Electricity Corporation cut power.", "South Sudan Electricity Corporation", "Organisation"),
])
def test_a_country_inside_an_organisation_s_name(nlp, text, name, typ):
    types = {e.label: e.type for e in run_doc(nlp, text)._.kg_entities.values()}
    assert types.get(name) == typ, types


def test_a_law_is_no_organisation_even_when_the_ner_reads_one(nlp):
    doc = run_doc(nlp, "Parliament repealed the Tarvel Fisheries (Amendment) Act on Friday. "
                       "The Halden Waters Act passed.")
    assert not doc._.kg_entities, {e.label for e in doc._.kg_entities.values()}


def test_a_surname_after_a_preposition_is_the_person_not_a_place(nlp):
    doc = run_doc(nlp, "Oskar Rannvik resigned on Monday. Letters poured in to Rannvik's office.")
    types = {e.label: e.type for e in doc._.kg_entities.values()}
    assert "Rannvik" not in types, types


@pytest.mark.parametrize("text, name, typ", [
    # a hyphenated given name starting a sentence keeps its first part
    ("Jan-Erik Tollefsen, director of the Velm Institute, said so.", "Jan-Erik Tollefsen", "Person"),
    # a dateline in capitals with a particle
    ("ALCALA DE HENARES, Spain, May 3, 2031 (Reuters) - A court ruled.", "Alcala de Henares", "Place"),
    # a town's name before an Arabic article and a capital is a person's given name
    ("By Mosul al-Tikrani\n\nThe market reopened.", "Mosul al-Tikrani", "Person"),
    # a role word that starts an organisation's name ("Chief Office for ...")
    ("It cited the state's Chief Office for Ports, which said so.", "Chief Office for Ports", "Organisation"),
    # an acronym's possessive is no part of the name after it
    ("Ola Brenn, an aide at the NVC's Water Office, said so.", "Water Office", "Organisation"),
    # a kind of company starting a sentence is a description
    ("Retailer Varro Goods cut prices on Monday.", "Varro Goods", "Organisation"),
    ("He races for Tarvel Pro Cycling.", "Tarvel Pro Cycling", "Organisation"),
])
def test_names_in_the_eighth_set_s_shapes(nlp, text, name, typ):
    types = {e.label: e.type for e in run_doc(nlp, text)._.kg_entities.values()}
    assert types.get(name) == typ, types


@pytest.mark.parametrize("text, labels", [
    # second reading: particles join names, not English words to names
    ("Where do Halden Foods shares go next?", {"Halden Foods"}),
    ("Ministers do Oslo a disservice.", {"Oslo"}),
    ("Mayor Ana Veloso of Serra Alta do Tarvo said so.", {"Ana Veloso", "Serra Alta do Tarvo"}),
    ("General Motors said on Tuesday it would cut jobs.", {"General Motors"}),
])
def test_second_reading_of_the_name_rules(nlp, text, labels):
    assert {e.label for e in run_doc(nlp, text)._.kg_entities.values()} == labels


def test_abbreviations_keep_sentences_apart_only_where_a_name_follows(nlp):
    doc = run_doc(nlp, "It was founded by Tomas Brandt Sr. His son took over in 1990.")
    assert len(list(doc.sents)) == 2


@pytest.mark.parametrize("text, name, typ", [
    ("The Office of the Chief Inspector said it would appeal.", "Office of the Chief Inspector", "Organisation"),
    ("Aid reached the Tarvo site on Monday.", "Tarvo", "Place"),
])
def test_a_body_named_after_a_role_and_a_site(nlp, text, name, typ):
    types = {e.label: e.type for e in run_doc(nlp, text)._.kg_entities.values()}
    assert types.get(name) == typ, types


@pytest.mark.parametrize("text, name, typ", [
    ("Veterans of the 41st Signals Regiment marched past.", "41st Signals Regiment", "Organisation"),
    ("Police raided offices of the banned faction, Hizb-ul-Tarvo, in the capital.", "Hizb-ul-Tarvo",
     "Organisation"),
    ("Voters in the South-East district turned out early.", "South-East", "Place"),
    ("The Velmar Treasury raised its borrowing target.", "Velmar Treasury", "Organisation"),
    ("Olympique Tarvel finished third in the league.", "Olympique Tarvel", "Organisation"),
    ("Two paintings were lent by the Instituto de Lisboa.", "Instituto de Lisboa", "Organisation"),
])
def test_names_of_units_groups_regions_and_bodies(nlp, text, name, typ):
    types = {e.label: e.type for e in run_doc(nlp, text)._.kg_entities.values()}
    assert types.get(name) == typ, types


def test_a_demonym_before_troops_is_no_entity(nlp):
    doc = run_doc(nlp, "Bhutanese and Fijian peacekeepers arrived by air.")
    assert {e.label for e in doc._.kg_entities.values()} == set()


def test_a_town_that_is_a_person_s_surname_is_the_person_as_a_verb_s_subject(nlp):
    doc = run_doc(nlp, "Dr. Tomas Molde joined the clinic. Molde resigned in June after two seasons.")
    ents = doc._.kg_entities
    assert {ents[m.entity].label for m in doc._.kg_mentions} == {"Tomas Molde"}


def test_a_club_s_short_form_drops_its_generic_first_word(nlp):
    doc = run_doc(nlp, "Sporting Tarvel opened a new academy. Tarvel coaches ran the first session.")
    ents = doc._.kg_entities
    assert {ents[m.entity].label for m in doc._.kg_mentions} == {"Sporting Tarvel"}


def test_a_person_of_an_organisation_whose_name_has_a_plural_possessive(nlp):
    doc = run_doc(nlp, "The motion was tabled by Ada Corwen of the Tarsk Nurses' Federation on Monday.")
    types = {e.label: e.type for e in doc._.kg_entities.values()}
    assert types == {"Ada Corwen": "Person", "Tarsk Nurses' Federation": "Organisation"}


@pytest.mark.parametrize("text, label", [
    # a lower-case particle inside a person's name keeps the name's shape
    ("The contract was drafted by Advocate Tomas van Brede in 2019.", "Tomas van Brede"),
    # a given name at the start of a sentence joins the particle and the name after it
    ("Ana da Costa Velm said so.", "Ana da Costa Velm"),
])
def test_names_with_particles(nlp, text, label):
    ents = run_doc(nlp, text)._.kg_entities
    assert {(e.label, e.type) for e in ents.values()} == {(label, "Person")}



@pytest.mark.parametrize("text, expected", [
    # a person's name is made of names: a capitalised common word marks a body (or a place)
    ("Ships were turned back by the Tarsk Coastal Axis, Osk Velland told reporters.",
     {"Osk Velland": "Person", "Tarsk Coastal Axis": "Organisation"}),
    # ... but many surnames are common words
    ("Ships were turned back, Ilka Young and Osk Long told reporters.", {"Ilka Young": "Person", "Osk Long": "Person"}),
    # a country inside an organisation's name after "for" stays inside it
    ("Researchers at the Academy for Peru Coastal Affairs said so.",
     {"Academy for Peru Coastal Affairs": "Organisation"}),
    # "Mission in PLACE" is one name
    ("The Velmar Observer Mission in Peru counted ballots.", {"Velmar Observer Mission in Peru": "Organisation"}),
    # a body's national branch names its country; an adjective opening the sentence names nothing
    ("Legal charity Orsk Lifeline South Africa opened an office.", {"Orsk Lifeline South Africa": "Organisation"}),
    # "'s" and a head word inside a name: no town called Union
    ("Members backed the Ferryman's Union on Friday.", {"Ferryman's Union": "Organisation"}),
    # an apposition after a possessive
    ("Fishing quotas went to the Velmthing, the island's legislature, on Friday.", {"Velmthing": "Organisation"}),
    # a role and a name after a single word: the body the person holds the role in
    ("Kestrova treasurer Bina Oddsen signed the accounts.", {"Kestrova": "Organisation", "Bina Oddsen": "Person"}),
])
def test_names_typed_by_their_words_and_their_context(nlp, text, expected):
    types = {e.label: e.type for e in run_doc(nlp, text)._.kg_entities.values()}
    assert types == expected


def test_a_role_word_that_only_qualifies_the_noun_after_it_makes_no_person(nlp):
    doc = run_doc(nlp, "Members can join Velm Wings, the union's pilot scheme, this year.")
    assert "apposition-role" not in {m.source for m in doc._.kg_mentions}


def test_known_as_gives_the_short_form(nlp):
    doc = run_doc(nlp, "Ballots were counted by the Velmar Observer Group, known as VOGR. VOGR monitors found "
                       "no fraud.")
    ents = doc._.kg_entities
    assert {(m.text, ents[m.entity].label) for m in doc._.kg_mentions} == {
        ("Velmar Observer Group", "Velmar Observer Group"), ("VOGR", "Velmar Observer Group")}


def test_an_adjective_of_a_known_group_links_to_it(nlp, tmp_path):
    import shutil

    from kg.nlp.entities.candidates import gazetteer_matches
    from kg.nlp.lexicon import read_lexicon
    from kg.resources import nlp_data_dir

    data = tmp_path / "data"
    shutil.copytree(nlp_data_dir(), data)
    with (data / "orgs.jsonl").open("a", encoding="utf-8") as fh:
        fh.write('{"id": null, "label": "Velmaris", "type": "Organisation"}\n')
    lex = read_lexicon(data)
    doc = nlp("Shells came from Velmari positions. Velmari said nothing.")
    found = [(doc[c.start : c.end].text, c.gaz.label) for c in gazetteer_matches(doc, lex)]
    assert found == [("Velmari", "Velmaris")]  # before a lower-case noun only


def test_a_short_form_without_the_arabic_article(nlp):
    doc = run_doc(nlp, "The Al-Varsa Logistics Group won a port contract. Analysts said the Varsa group had bid low.")
    ents = doc._.kg_entities
    assert {ents[m.entity].label for m in doc._.kg_mentions} == {"Al-Varsa Logistics Group"}


def test_a_bracketed_short_form_that_is_no_acronym(nlp):
    doc = run_doc(nlp, "The Orvane Teachers Guild (Orteg) backed the strike on Friday.")
    ents = doc._.kg_entities
    assert {(m.text, ents[m.entity].label) for m in doc._.kg_mentions} == {
        ("Orvane Teachers Guild", "Orvane Teachers Guild"), ("Orteg", "Orvane Teachers Guild")}


def test_a_common_word_opening_a_sentence_is_no_town(nlp):
    doc = run_doc(nlp, '"To win here means everything," Ilka Strandvik said.')
    assert {e.label for e in doc._.kg_entities.values()} == {"Ilka Strandvik"}


def test_a_headline_word_the_body_writes_only_inside_a_longer_name(nlp):
    doc = run_doc(nlp, "Velmstad: Barley Convoy Reaches Town\n\nLorries from the Velm Barley Board reached "
                       "Velmstad on Sunday, officials said.")
    assert "Barley" not in {e.label for e in doc._.kg_entities.values()}


@pytest.mark.parametrize("text, expected", [
    # a nickname in quotation marks inside a person's name; the surname is no town
    ('Fans cheered as Osk "Iron" Tarvel won on points. Tarvel thanked his trainer.', {'Osk "Iron" Tarvel': "Person"}),
    # a hyphenated sports position before a name
    ("The try came after a pass from scrum-half Osk Tarvel, the coach said.", {"Osk Tarvel": "Person"}),
    # a club's abbreviation ends its name
    ("Velmbridge RFC beat the visitors on Saturday.", {"Velmbridge RFC": "Organisation"}),
    # the nations of the United Kingdom are places
    ("Fans travelled from Scotland and Wales for the match.", {"Scotland": "Place", "Wales": "Place"}),
    # a unit numbered without an ordinal
    ("The Velm Army's 7 Division said its engineers had cleared 30 roads.",
     {"Velm Army": "Organisation", "7 Division": "Organisation"}),
])
def test_nicknames_positions_clubs_nations_and_units(nlp, text, expected):
    assert {e.label: e.type for e in run_doc(nlp, text)._.kg_entities.values()} == expected


@pytest.mark.parametrize("text, expected", [
    # the initials in brackets join a name the gazetteer would split at its country names
    ("Inspectors from Quality Standards South Africa (QSSA) fined two exporters.",
     {"Quality Standards South Africa": "Organisation"}),
    # a company's head word; a name after "X-based" is a body
    ("Velmora Nutrition recalled its formula.", {"Velmora Nutrition": "Organisation"}),
    # business head words of other trades: a racing team, an estate firm, a hotel chain
    ("Orvik Racing said it would leave the series.", {"Orvik Racing": "Organisation"}),
    ("Tarsk Estates bought the land, and Velm Hotels will run it.",
     {"Tarsk Estates": "Organisation", "Velm Hotels": "Organisation"}),
    ("Orvik Telco said it would appeal the ruling.", {"Orvik Telco": "Organisation"}),
    # a dateline's place that is also a common English word
    ("NORMAL, Illinois - Floods closed two schools on Monday.", {"Normal": "Place", "Illinois": "Place"}),
    ("Pads went to Tarsk-based Velm Orbital.", {"Velm Orbital": "Organisation", "Tarsk": "Place"}),
    # a compass word opening a company's name stays when a legal form ends it
    ("North Tarsk Shipping Co. cancelled two sailings.", {"North Tarsk Shipping Co.": "Organisation"}),
    # the whole of "Chief Cabinet Secretary" is the title; holidays are no names
    ("Deputy Cabinet Secretary Osk Tarvel opened the fair before the Diwali holiday and after New Year.",
     {"Osk Tarvel": "Person"}),
    # "Central Bank" of a headline is the "Central Bank of Velmland" of the body
    ("Velmland Central Bank Holds Rates\n\nThe Central Bank of Velmland kept its rate on Monday.",
     {"Central Bank of Velmland": "Organisation"}),
])
def test_initials_company_words_titles_and_short_forms(nlp, text, expected):
    assert {e.label: e.type for e in run_doc(nlp, text)._.kg_entities.values()} == expected


@pytest.mark.parametrize("text, expected", [
    # second reading: shapes the new rules must leave alone
    ("Velm lawyer Ada Corwen said the appeal was filed.", {"Ada Corwen": "Person"}),  # a lawyer is no body's
    ("Velmsky met the envoy on Monday.", {"Velmsky": "Person"}),  # a one-name subject is a person
    ("VTSB: Pilot error caused the crash, the board said on Monday.", {}),  # initials before a colon: no town
    ("\"Nobody warned the village,\" said Ada Corwen.", {"Ada Corwen": "Person"}),  # a pronoun opening a quote
    # the second reader's probes of this session's rules: shapes they must leave alone
    ("The striker Osk Tarvel, 30 metres from goal, curled the ball into the net.", {"Osk Tarvel": "Person"}),
    ("Kenyan runner Brin Aldo, about 200 metres behind the leaders, finished fourth.", {"Brin Aldo": "Person"}),
    ("The Velm State Reserve released 2 million tonnes of grain.", {"Velm State Reserve": "Organisation"}),
    ("A senior source of the Orvik Labour group said talks had stalled.", {"Orvik Labour": "Organisation"}),
])
def test_second_reading_of_the_new_name_rules(nlp, text, expected):
    types = {e.label: e.type for e in run_doc(nlp, text)._.kg_entities.values()}
    assert {k: types.get(k) for k in expected} == expected and not (set(types) - set(expected) - {"Velm"})


def test_a_local_body_s_leading_word_is_its_place(nlp):
    doc = run_doc(nlp, "The Tarskshire County Council mended the bridge. Anglers came from across Tarskshire to fish.")
    assert {e.label: e.type for e in doc._.kg_entities.values()} == {
        "Tarskshire County Council": "Organisation", "Tarskshire": "Place"}


def test_titles_portfolios_streets_builders_and_arabic_family_names(nlp):
    doc = run_doc(nlp, "Colonel Osk Jabbar al-Velmi said the road was cut. Coun. Ada Velmsen moved to repave Tarsk "
                       "Road. Velm Homes and Tarsk Constructions stopped work. Minister for Fisheries Ivo Brandeli "
                       "toured the harbour.")
    assert {e.label: e.type for e in doc._.kg_entities.values()} == {
        "Osk Jabbar al-Velmi": "Person", "Ada Velmsen": "Person", "Tarsk Road": "Place",
        "Velm Homes": "Organisation", "Tarsk Constructions": "Organisation", "Ivo Brandeli": "Person"}


def test_a_plural_demonym_opening_a_list_of_names_and_more_titles(nlp):
    doc = run_doc(nlp, "Americans Osk Brennick and Ilka Velmsen reached the final. Atty. Ivo Bredesen said the spill "
                       "spread. The Tarsk Disciplinary Panel banned him.")
    assert {e.label: e.type for e in doc._.kg_entities.values()} == {
        "Osk Brennick": "Person", "Ilka Velmsen": "Person", "Ivo Bredesen": "Person",
        "Tarsk Disciplinary Panel": "Organisation"}


@pytest.mark.parametrize("sentence", [
    "Organisers moved the Velm regatta to a calmer bay.",
    "Rescuers searched the Tarsk shore until dark.",
    "Residents complained that the Osk tap water was brown.",
])
def test_a_plural_common_noun_opening_a_sentence_is_no_name(nlp, sentence):
    """A group that speaks or acts ("Organisers said") is not a one-name person or a body."""
    labels = {e.label for e in run_doc(nlp, sentence)._.kg_entities.values()}
    assert not labels & {"Organisers", "Rescuers", "Residents"}, labels


@pytest.mark.parametrize("sentence, word", [
    ("Retailers worried about stock before the Velm fair.", "Retailers"),
    ("Liquidators at the audit firm Tarsk Orvane said creditors would be paid.", "Liquidators"),
    ("Suppliers warned the Osk plant of delays.", "Suppliers"),
])
def test_a_plural_common_noun_tagged_a_proper_noun_is_still_no_name(nlp, sentence, word):
    """A capitalised plural that opens a sentence is often tagged a proper noun: the word itself (a
    common word's plural, an agent noun of a common verb) says it is a group, not a one-name person."""
    assert word not in {e.label for e in run_doc(nlp, sentence)._.kg_entities.values()}


@pytest.mark.parametrize("sentence, name, typ", [
    ("Defensores de Velm Norte won 3-0 at home.", "Defensores de Velm Norte", "Organisation"),
    ("The Columna Movil Tarsk Orvane attacked a police post.", "Columna Movil Tarsk Orvane", "Organisation"),
    ("Club Atletico Velm Sur lost at home.", "Club Atletico Velm Sur", "Organisation"),
    ("The match at the Estadio Orvane Tarsk was stopped twice.", "Estadio Orvane Tarsk", "Place"),
])
def test_a_foreign_kind_of_body_or_place_opens_an_unknown_name(nlp, sentence, name, typ):
    """Spanish, French, Italian, Dutch or German names of bodies and places open with the kind
    (entities.json org_first_words, place_first_words), in news often without accents."""
    assert (name, typ) in _ents(run_doc(nlp, sentence))


@pytest.mark.parametrize("sentence, name, typ", [
    # a person's name particle after a sentence's first word (no common word) joins the name
    ("Pieter van Velmdam, an analyst at a Tarsk bank, said rates would rise.", "Pieter van Velmdam", "Person"),
    # an elided French particle continues the name ("Val d'Orvik"), a place's more often than a person's
    ("The ski lift company Remontees Tarsk-Val d'Orvik announced its closure.", "Remontees Tarsk-Val d'Orvik",
     "Organisation"),
    ("The riders reached the Vallee d'Orvik hamlet at noon.", "Vallee d'Orvik", "Place"),
])
def test_particles_inside_names(nlp, sentence, name, typ):
    assert (name, typ) in _ents(run_doc(nlp, sentence))


def test_the_article_spelling_of_an_accented_gazetteer_name_labels_it(nlp):
    """Agency copy drops accents: the entity is the gazetteer's, labelled as the article writes it."""
    doc = run_doc(nlp, "Medecins Sans Frontieres opened a field hospital near the Velm camp on Monday.")
    ents = {e.label: e for e in doc._.kg_entities.values()}
    assert "Medecins Sans Frontieres" in ents, ents
    msf = ents["Medecins Sans Frontieres"]
    assert msf.type == "Organisation" and "Médecins Sans Frontières" in msf.aliases


@pytest.mark.parametrize("sentence, name", [("Walgreens said sales rose 3%.", "Walgreens"),
                                            ("Vickers said it would cut 300 jobs.", "Vickers")])
def test_a_one_word_company_or_surname_opening_a_sentence_stays_a_name(nlp, sentence, name):
    assert name in {e.label for e in run_doc(nlp, sentence)._.kg_entities.values()}


def test_a_one_name_speaker_opening_a_sentence_stays_a_name(nlp):
    doc = run_doc(nlp, "Ilka Strandvik chairs the Velm Rowing Club. Strandvik said the regatta would go ahead.")
    assert "Ilka Strandvik" in {e.label for e in doc._.kg_entities.values()}


@pytest.mark.parametrize("sentence, name, typ", [
    ("The Osk Valley Jazz Festival moved to a larger park.", "Osk Valley Jazz Festival", "Organisation"),
    ("Brannock Meats bought two abattoirs.", "Brannock Meats", "Organisation"),
    ("Tarsk Diner reopened after a kitchen fire.", "Tarsk Diner", "Organisation"),
    ("A reporter at the Velm Weekly broke the story.", "Velm Weekly", "Organisation"),
    ("The Tarsk Globe printed the letter on Monday.", "Tarsk Globe", "Organisation"),
    ("Tickets for the concert at the Tarsk Coliseum sold out.", "Tarsk Coliseum", "Place"),
    ("Hikers camped near Orvik Falls.", "Orvik Falls", "Place"),
])
def test_a_kind_of_body_or_place_at_the_end_types_an_unknown_name(nlp, sentence, name, typ):
    assert (name, typ) in _ents(run_doc(nlp, sentence))


@pytest.mark.parametrize("sentence, name, typ", [
    # "South", "Western" start a region's name (they are also the first words of "South African")
    ("Refugees fled from South Velmora to the border.", "South Velmora", "Place"),
    ("Heavy rain hit the Western Tarsk Hills on Monday.", "Western Tarsk Hills", "Place"),
    ("Vineyards in the Western Orvik lost half their grapes.", "Western Orvik", "Place"),
    # an organisation's name may open a sentence with a common noun, not with an adverb or a day
    ("Harbour Affairs Ministry inspectors closed two quays.", "Harbour Affairs Ministry", "Organisation"),
    ("Meanwhile Velm Council said it would act.", "Velm Council", "Organisation"),
    ("Yesterday Velm Council said it would act.", "Velm Council", "Organisation"),
])
def test_the_first_word_of_a_name_is_kept_or_dropped_by_what_it_is(nlp, sentence, name, typ):
    assert (name, typ) in _ents(run_doc(nlp, sentence))


def test_a_two_word_demonym_is_still_no_name(nlp):
    assert _ents(run_doc(nlp, "South African officials said 30 people had died.")) == set()


def test_a_surname_that_is_also_a_demonym_ends_a_name_of_three_words(nlp):
    doc = run_doc(nlp, "The school was opened by Osk Dostar Baloch, a teacher from Velm. "
                       "The Velm Kurdish choir sang.")
    labels = {e.label for e in doc._.kg_entities.values()}
    assert "Osk Dostar Baloch" in labels and "Velm Kurdish" not in labels


def test_a_body_named_with_its_subject_after_on_and_its_other_name_after_known_as(nlp):
    doc = run_doc(nlp, "The Velm Council on Water Policy, known as Velmwater Rad, published a report. "
                       "Velmwater Rad wants meters in every home. The Velm Council on Tuesday approved the plan.")
    ents = {e.label: e for e in doc._.kg_entities.values()}
    assert ents["Velm Council on Water Policy"].type == "Organisation"
    assert "Velmwater Rad" in ents["Velm Council on Water Policy"].aliases
    assert "Velm Council" in ents and not any("Tuesday" in label for label in ents)


@pytest.mark.parametrize("sentence, name", [
    ("The Department of Trade, Housing and the Arts published its budget.",
     "Department of Trade, Housing and the Arts"),
    ("The Velm Council on Housing, Transport and Culture met.", "Velm Council on Housing, Transport and Culture"),
    ("The Bureau of Alcohol, Tobacco, Firearms and Explosives said it would act.",
     "Bureau of Alcohol, Tobacco, Firearms and Explosives"),
])
def test_a_body_s_portfolio_written_as_a_list_is_part_of_its_name(nlp, sentence, name):
    assert (name, "Organisation") in _ents(run_doc(nlp, sentence))


@pytest.mark.parametrize("sentence", ["The Council of Velm, Tarsk and Orvik met on Monday.",
                                      "Funding came from the Department of Education, Velmcorp and Tarvico.",
                                      "The Ministry of Defence, Police and Army denied the claim."])
def test_a_list_of_names_or_bodies_after_a_body_stays_a_list(nlp, sentence):
    labels = {label for label, _ in _ents(run_doc(nlp, sentence))}
    assert not any("," in label for label in labels), labels


def test_on_joins_no_code_or_demonym_to_a_body(nlp):
    labels = {label for label, _ in _ents(run_doc(nlp, "The shuttle left the Velm Space Center on STS-9, the first "
                                                       "flight."))}
    assert "Velm Space Center" in labels


def test_a_person_of_a_body_known_as_a_name_is_no_other_name_of_the_body(nlp):
    doc = run_doc(nlp, "A senior commander of the Velm Brigade, known as Osk Tarvel, was killed on Monday.")
    ents = {e.label: e for e in doc._.kg_entities.values()}
    assert ents["Osk Tarvel"].type == "Person" and "Osk Tarvel" not in ents["Velm Brigade"].aliases


@pytest.mark.parametrize("sentence, body", [
    ("The Velm Centre on Kestmoor Street closed.", "Velm Centre"),
    ("The Velm Council on Christmas Day gave out food.", "Velm Council"),
    ("The Velm Committee on Easter Sunday met again.", "Velm Committee"),
])
def test_on_and_a_place_or_a_day_end_a_body_s_name(nlp, sentence, body):
    labels = {label for label, _ in _ents(run_doc(nlp, sentence))}
    assert body in labels and not any(label.startswith(body + " on") for label in labels), labels


def test_a_country_s_name_alone_is_the_country_not_the_start_of_a_body_named_for_it(nlp):
    doc = run_doc(nlp, "Nine Killed at Checkpoint in Northern Norway\nBy Osk Tarvel\n18 February 2032\n"
                       "VELMO, Norway (AFP) - Gunmen attacked a checkpoint.\n\n"
                       "The Norway Liberation Front, a little-known group, claimed the attack.")
    ents = {e.label: e for e in doc._.kg_entities.values()}
    assert "Norway" not in ents["Norway Liberation Front"].aliases
    assert "Gunmen" not in ents  # a group opening the sentence after the dateline


def test_a_group_of_men_opening_a_sentence_is_no_name_but_a_given_name_is(nlp):
    assert _ents(run_doc(nlp, "Fishermen blocked the harbour at dawn.")) == set()
    assert ("Carmen", "Person") in _ents(run_doc(nlp, "Carmen said it was over."))


def test_a_sum_after_a_company_s_name_is_not_part_of_it(nlp):
    doc = run_doc(nlp, "The regulator fined payments company Velmpay S$3.2 million for weak checks.")
    assert ("Velmpay", "Organisation") in _ents(doc)


def test_a_river_named_without_its_kind_word_is_the_river(nlp):
    doc = run_doc(nlp, "Salmon returned to the River Tarvo this year. The weir was one of 50 barriers on the Tarvo "
                       "and its streams, said Ada Corwen, chief executive of the Tarvo Rivers and Wetlands Trust.")
    ents = {e.label: e for e in doc._.kg_entities.values()}
    assert "Tarvo" in ents["River Tarvo"].aliases and "Tarvo" not in ents["Tarvo Rivers and Wetlands Trust"].aliases


def test_a_dash_glued_to_an_agency_dateline_is_split_off(nlp):
    """Spanish agencies close the dateline with ").-": the agency and the name after it are two names."""
    doc = run_doc(nlp, "Velm Port Closes\n\nTarsk, May 3, 2035 (EFE).- The Universidad de Velm Norte shut its "
                       "doors on Monday.")
    assert ("Universidad de Velm Norte", "Organisation") in _ents(doc)


@pytest.mark.parametrize("sentence, name", [
    ("Velmish Customs said checks at the Tarsk terminal were running normally.", "Velmish Customs"),
    ("Tarsk Railways said trains would run late until Friday.", "Tarsk Railways"),
])
def test_a_national_service_named_by_its_kind_is_an_organisation(nlp, sentence, name):
    """A national service's name is often its nationality and its kind ("Velmish Customs"): an
    organisation, not a one-word speaker nor a person."""
    assert (name, "Organisation") in _ents(run_doc(nlp, sentence))


def test_a_headline_word_the_gazetteer_found_as_the_town_stays_the_town(nlp):
    """"Halden Voters Reject ..." above "HALDEN, Norway -": the headline's "Halden" is the town the
    gazetteer found in the article, not the short form of "Halden Autrement", a committee named later;
    "Velm Tourism", a tourism office."""
    doc = run_doc(nlp, "Halden Voters Reject Plan For New Cable Car\n\nHALDEN, Norway - Voters in the town of Halden "
                       "turned the plan down on Sunday. The residents' alliance Halden Autrement had campaigned "
                       "against it. Velm Tourism's director, Ilka Orvane, said bookings would fall.")
    ents = {e.label: e for e in doc._.kg_entities.values()}
    assert ents["Halden Autrement"].type == "Organisation" and not ents["Halden Autrement"].aliases, ents
    assert ("Velm Tourism", "Organisation") in _ents(doc)
    halden = [m for m in doc._.kg_mentions if m.text == "Halden"]
    assert halden and all(doc._.kg_entities[m.entity].type == "Place" for m in halden)


@pytest.mark.parametrize("sentence, name, typ", [
    # a kind of place at the end outweighs a body's first word ("Union", "Club" open bodies' names too)
    ("Protesters filled Union Square in Velm on Friday.", "Union Square", "Place"),
    ("Police sealed off Club Lane after the match.", "Club Lane", "Place"),
    # a place named after a person: the particle is not right before the place word
    ("The final was held at the Ernst von Tarsk Stadium.", "Ernst von Tarsk Stadium", "Place"),
    # a national service named by its kind alone speaks
    ("The Navy said a frigate was heading for the Velm coast.", "Navy", "Organisation"),
])
def test_kinds_of_places_and_services_against_first_words(nlp, sentence, name, typ):
    assert (name, typ) in _ents(run_doc(nlp, sentence))


def test_names_of_a_person_before_of_and_a_body_without_a_head_word(nlp):
    """"Osk Tarvel of Velm Power and Ilka Orvane of Tarsk Welfare": two or three names with no word
    of a body's or a place's name end at "of"; the body after it is a name of its own."""
    doc = run_doc(nlp, "Newly elected councillors include Osk Tarvel of Velm Power and Ilka Orvane of Tarsk Welfare.")
    ents = _ents(doc)
    assert {("Osk Tarvel", "Person"), ("Ilka Orvane", "Person")} <= ents, ents
    assert not [n for n, _ in ents if " of " in n], ents


def test_and_before_a_place_and_a_body_of_three_words_starts_a_second_body(nlp):
    doc = run_doc(nlp, "Researchers at the Velm Institute of Technology and Ontario Tarsk University found the bug.")
    ents = _ents(doc)
    want = {("Velm Institute of Technology", "Organisation"), ("Ontario Tarsk University", "Organisation")}
    assert want <= ents, ents


def test_a_persian_linking_vowel_joins_a_name_and_an_irregular_plural_is_never_a_name(nlp):
    """"Dasht-e Velm": the ezafe after a hyphen joins the name (entities.json linking_vowels); "Gunmen"
    in a headline and in the text is a group both times, not a surname written twice."""
    doc = run_doc(nlp, "Gunmen Kill Nine at Checkpoint\n\nGunmen attacked a checkpoint in Dasht-e Velm on Monday.")
    ents = _ents(doc)
    assert ("Dasht-e Velm", "Place") in ents and not [n for n, _ in ents if n == "Gunmen"], ents


@pytest.mark.parametrize("sentence, name", [
    ("Crews from Dorset and Wiltshire Fire Service put out the blaze.", "Dorset and Wiltshire Fire Service"),
    ("Soldiers of the Tarsk Rifles patrolled the border.", "Tarsk Rifles"),
])
def test_bodies_that_two_places_share_and_units_named_by_their_kind(nlp, sentence, name):
    assert (name, "Organisation") in _ents(run_doc(nlp, sentence))


def test_a_place_before_a_body_the_gazetteer_knows_names_the_places_own_body(nlp):
    """"Ontario Department of State": the province's own department, not the national body the
    gazetteer knows as "Department of State"."""
    doc = run_doc(nlp, "The Ontario Department of State certified the count on Friday.")
    ents = {e.label: e for e in doc._.kg_entities.values()}
    assert "Ontario Department of State" in ents and not ents["Ontario Department of State"].ref_id, ents


def test_an_outlet_after_a_dateline_place_and_two_countries_armies_stay_apart(nlp):
    """"Eastern Velmland CNN -": an outlet after a dateline's place is the outlet the gazetteer knows;
    "Mali and Niger Army units": two countries, two armies, not one body they share."""
    doc = run_doc(nlp, "Northern Syria CNN \u00a0\u2014\u00a0Some 40 fighters surrendered on Tuesday.")
    assert any(e.label == "CNN" and e.ref_id for e in doc._.kg_entities.values()), _ents(doc)


def test_a_double_surname_is_one_person_and_half_of_it_no_town(nlp):
    """"Ilka Tarvel-Preston ... Tarvel-Preston said": the double surname alone is the same person, and
    "Preston" in it is no town the gazetteer knows."""
    doc = run_doc(nlp, "The winner, Ilka Tarvel-Preston, a 37-year-old vet, beat two rivals. "
                       "Tarvel-Preston told supporters she was glad. Osk Bent-Orvane, a farmer, voted. "
                       "Bent-Orvane said the count was fair.")
    ents = _ents(doc)
    assert ("Ilka Tarvel-Preston", "Person") in ents and ("Osk Bent-Orvane", "Person") in ents, ents
    assert not [label for label, _ in ents if label in {"Preston", "Tarvel-Preston", "Bent-Orvane"}], ents


def test_a_demonym_in_a_name_a_persons_surname_or_a_bodys_first_word(nlp):
    """"Ivo French, a farmer": a surname that is a demonym ends a person's name of two words;
    "of Norwegian Waters", "a claim Icelandic Water denied": a demonym and one capitalised common noun
    inside a sentence name a body; "Kenyan officials", "Norwegian diplomats" name no one."""
    doc = run_doc(nlp, "Dana Welsh of Velmish Waters said the weir held.")
    assert ("Dana Welsh", "Person") in _ents(doc), _ents(doc)
    doc = run_doc(nlp, "Ivo French, a farmer, lost his goats. Ada Corwen of Norwegian Waters, which runs the weir, "
                       "that runs the dam, said it held. It was a claim Icelandic Water denied. Kenyan officials "
                       "met Norwegian diplomats.")
    ents = _ents(doc)
    assert {("Ivo French", "Person"), ("Norwegian Waters", "Organisation"),
            ("Icelandic Water", "Organisation")} <= ents, ents
    assert not [label for label, _ in ents if label in {"Waters", "Water", "Ivo", "Kenyan", "Norwegian"}], ents


def test_a_role_before_a_name_with_a_demonym_surname_keeps_the_surname(nlp):
    """"spokesman Lincoln Welsh said": a role before the name and a speech verb after it make the
    demonym a surname, even when the given name is also a place's."""
    doc = run_doc(nlp, "Water rose in the valley overnight. Agency spokesman Lincoln Welsh said the dam held.")
    assert ("Lincoln Welsh", "Person") in _ents(doc), _ents(doc)


def test_a_title_of_two_words_inside_a_chunk_is_not_the_name(nlp):
    """"Finance Minister Datuk Seri Ada Corwen": the role splits the chunk, and the second word of
    a two-word honorific goes with the title, not the name."""
    doc = run_doc(nlp, "The budget was tabled today. Finance Minister Datuk Seri Ilsa Varnam Tarsk said it "
                       "would help families.")
    ents = _ents(doc)
    assert ("Ilsa Varnam Tarsk", "Person") in ents, ents
    assert not [label for label, _ in ents if label.startswith("Seri")], ents


def test_a_portfolio_word_no_list_knows_after_and_is_not_the_name(nlp):
    """"Minister of Agriculture and Glaciology Ada Corwen": the title's portfolio, then a given name."""
    doc = run_doc(nlp, "The cull began today. Minister of Agriculture and Glaciology Bruno Tarsk said it "
                       "would cost about $60m.")
    ents = _ents(doc)
    assert ("Bruno Tarsk", "Person") in ents, ents


def test_initials_the_article_spells_out_are_its_body_not_the_gazetteer_s(nlp):
    """The gazetteer knows ICC as the International Criminal Court; an article about the
    "Inland Canals Commission or ICC" means that commission by ICC (initials of three letters or
    more: "UN" stays the gazetteer's)."""
    doc = run_doc(nlp, "Captain suspended. The Inland Canals Commission or ICC has suspended the "
                       "captain for a season. The ICC said he accepted the charges.")
    ents = _ents(doc)
    assert ("Inland Canals Commission", "Organisation") in ents, ents
    assert ("International Criminal Court", "Organisation") not in ents, ents


def test_a_hyphenated_surname_after_from_counts_as_one_word(nlp):
    """"two late tries from Ada Corwen-Mbeki": the rule for a name after "from" counts words, and a
    hyphenated surname is one, so the name is not read as a place the tries came from."""
    doc = run_doc(nlp, "The Velmbok won 31-27 on Saturday. The winning try came from Ilko Varsk-Mbeki in "
                       "the last ten minutes.")
    ents = _ents(doc)
    assert ("Ilko Varsk-Mbeki", "Place") not in ents, ents


@pytest.mark.parametrize("text, names", [
    ('Ships reroute. Large freight firms, such as "Velmline," "OSC," and "Tarsk-Orvo," changed their '
     'routes.', {"Velmline", "OSC", "Tarsk-Orvo"}),
    ("Flights were cut. Foreign airlines including Velmish Airways, Orvomar and Tarskair rescheduled.",
     {"Velmish Airways", "Orvomar", "Tarskair"}),
])
def test_the_names_in_a_list_a_kind_of_organisation_opens_are_organisations(nlp, text, names):
    ents = _ents(run_doc(nlp, text))
    assert {(n, "Organisation") for n in names} <= ents, ents


def test_a_role_of_a_field_then_at_names_an_organisation(nlp):
    """"the director of policy at Shelter Velmland": where a role of a field is held, a body, not
    a place (the place word in the name notwithstanding)."""
    doc = run_doc(nlp, "Homeless figures rose. The director of policy at Shelter Velmland has said the efforts "
                       "were misplaced.")
    assert ("Shelter Velmland", "Organisation") in _ents(doc), _ents(doc)


def test_a_capitalised_role_after_a_possessive_is_no_person(nlp):
    """"the firm's Chief Financial Officer": "Chief" is no title before a name when the words after
    it end with a role."""
    doc = run_doc(nlp, "Costs rose at Velmtel. Carla Nunes, the firm's Chief Financial Officer, said costs rose.")
    ents = _ents(doc)
    assert ("Carla Nunes", "Person") in ents and not [n for n, _ in ents if "Officer" in n], ents


def test_initials_skip_an_ampersand_and_a_title_s_field_is_no_name(nlp):
    """"Velm Institute of Hygiene & Coastal Medicine ... VIHCM": "&" has no initial; "Professor of
    Clinical Epidemiology": the words after the title and "of" are its field, not a person."""
    doc = run_doc(nlp, "The study was led by the Velm Institute of Hygiene & Coastal Medicine on Monday. Professor "
                       "Ada Corwen, Professor of Marine Biology at VIHCM, said the data were accurate.")
    ents = _ents(doc)
    assert ("Velm Institute of Hygiene & Coastal Medicine", "Organisation") in ents, ents
    assert not [n for n, _ in ents if n in {"VIHCM", "of Marine Biology"}], ents
    key = next(k for k, e in doc._.kg_entities.items() if e.label.startswith("Velm Institute"))
    assert any(m.entity == key and m.text == "VIHCM" for m in doc._.kg_mentions)


def test_the_plural_of_a_common_word_after_between_is_no_place(nlp):
    """"the derby between Giants and Bulls": a team named by a plural noun, not a place the
    preposition would make of it (the statistical NER may still read the second as one)."""
    doc = run_doc(nlp, "The league resumed at the weekend. Neither side shone in the derby between Giants and "
                       "Bulls on Saturday.")
    assert ("Giants", "Place") not in _ents(doc), _ents(doc)


@pytest.mark.parametrize("text, pair", [
    ("Banks lent more. Lenders such as Velmbank and QRB. Ada Corwen, an analyst, said shares fell.",
     ("Ada Corwen", "Person")),  # a list of bodies ends with its sentence
    ("Roads closed overnight. LIVE Norway storm: crews work near the coast.", ("Norway", "Place")),  # a tag
    ("Fans travelled to Wells for the match, police said.", ("Wells", "Place")),  # a plural word alone
])
def test_second_reader_cases_of_this_session_s_rules(nlp, text, pair):
    """What a second reader found the new rules got wrong: each pair is what the text names."""
    assert pair in _ents(run_doc(nlp, text)), _ents(run_doc(nlp, text))


def test_a_known_body_that_opens_a_longer_name_names_its_branch(nlp):
    """"Wagner Group Tarsk Province": a body the gazetteer knows, then a place and a place's head, is
    that body's branch, not a place (and not "Group Tarsk Province" with the known body's first words lost)."""
    doc = run_doc(nlp, "Raids were blamed on the Velm Front and on Wagner Group Tarsk Province last year. "
                       "Wagner Group called the report false.")
    ents = _ents(doc)
    assert {("Wagner Group Tarsk Province", "Organisation"), ("Wagner Group", "Organisation")} <= ents, ents
    assert not [label for label, typ in ents if typ == "Place"], ents
    # a known body, then a body's head and its place, stays the one longer name ("... Mission in Velmland")
    doc = run_doc(nlp, "The UN Monitoring Mission in Velmland counted 12 dead, and the Velmland Red Cross "
                       "Society said it sent two teams.")
    ents = _ents(doc)
    assert {("UN Monitoring Mission in Velmland", "Organisation"),
            ("Velmland Red Cross Society", "Organisation")} <= ents, ents


def test_a_quotations_end_between_a_name_and_a_title_is_no_apposition(nlp):
    """'"... the families of Velmo Jarsk who paid," Judge Ilka Orvane said': the judge's title after the closing
    quotation mark says nothing of the name before it, a place the article later gives a mayor."""
    doc = run_doc(nlp, '"It was the families of Velmo Jarsk who paid," Judge Ilka Orvane said. Velmo Jarsk\'s '
                       'mayor, Osk Tarvel, said 275 households had no water.')
    assert ("Velmo Jarsk", "Place") in _ents(doc) and ("Velmo Jarsk", "Person") not in _ents(doc), _ents(doc)


def test_second_reader_misfires_of_the_new_name_rules(nlp):
    """'on the Charter' and 'on the Constitution' are no places; a demonym and a noun are a body only
    where a body stands ('of Norwegian Waters'), not 'drank German Beer'."""
    for text in ("The debate on the Constitution lasted six hours.", "Lawmakers voted on the Charter late on Tuesday.",
                 "Ilka Orvane relied on the Gospels for comfort.", "Ilka Orvane drank German Beer at the fair."):
        assert not [label for label, typ in _ents(run_doc(nlp, text)) if label != "Ilka Orvane"], text
    ents = _ents(run_doc(nlp, "Premiums rose for events across the Tarvels. Its chief officer, Ada Corwen, told the "
                              "Icelandic Independent the firm would talk to anyone."))
    assert {("Tarvels", "Place"), ("Icelandic Independent", "Organisation")} <= ents, ents


def test_a_country_before_a_portfolio_is_no_companys_first_word(nlp):
    """"Ghana Communications Minister NAME": the country and a minister's portfolio, not a company."""
    doc = run_doc(nlp, "Ghana Communications Minister Ilka Orvane resigned.")
    types = {e.label: e.type for e in doc._.kg_entities.values()}
    assert types.get("Ghana") == "Place" and types.get("Ilka Orvane") == "Person"
    assert "Ghana Communications" not in types


def test_common_words_of_a_headline_and_a_numbered_label(nlp):
    """A headline's "Than" is no town; "Category 2" names nothing (the names this session's context
    rules find are rows of ROWS above)."""
    doc = run_doc(nlp, "More Than 900 Homeless After Storm Hits Velmland\n\nTARSK, Velmland (AP) - A storm "
                       "flattened homes on Monday.")
    assert not [label for label, _ in _ents(doc) if label.lower().startswith("than")], _ents(doc)
    doc = run_doc(nlp, "Wind speeds fell to Category 3 as the storm reached the Velm islands.")
    assert not [label for label, _ in _ents(doc) if label.startswith("Category")], _ents(doc)


def test_a_masthead_line_and_a_headline_place_named_again_in_the_body(nlp):
    """"Vesk Morgenpost | Santa Cruz" near the top names the outlet; a headline's "Orvane" that
    the body writes "across Orvane" is that place, not the first word of a body named later."""
    doc = run_doc(nlp, "Bumper Plum Crop Leaves Orvane Growers Short of Buyers\n\nVesk Morgenpost | Santa Cruz\n\n"
                       "Trucks queued outside wineries across Orvane on Monday. \"We are full,\" said Ilka Tarvel, "
                       "who heads the Orvane Fruit Growers' Union.")
    ents = _ents(doc)
    assert {("Vesk Morgenpost", "Organisation"), ("Orvane", "Place")} <= ents, ents
    union = next(e for e in doc._.kg_entities.values() if e.label == "Orvane Fruit Growers' Union")
    assert "Orvane" not in {m.text for m in doc._.kg_mentions if m.entity == union.key}


def test_a_headline_word_that_only_opens_a_body_sentence_is_not_written_as_a_name(nlp):
    """"Buses between the towns stopped": a common word that opens a sentence says
    nothing about whether the headline's "Buses" is a name."""
    from kg.nlp.entities.headlines import Headlines
    from kg.nlp.lexicon import load_lexicon

    doc = run_doc(nlp, "Drivers' Strike Halts Buses in Velmland\n\nTARSK - Buses between the towns of "
                       "Velmland stopped at dawn. Later Orvane Ferries promised refunds.")
    lines = Headlines(doc, load_lexicon())
    assert not lines.in_body("Buses")
    assert lines.in_body("Velmland") and lines.in_body("Orvane Ferries")


def test_places_from_their_context_and_people_from_a_noun_in_apposition(nlp):
    """A short town in a dateline's capitals is found; a sentence's opening "-ing" word that a
    town shares is no town (the other places and people of this kind are rows of ROWS above)."""
    doc = run_doc(nlp, "Storm Floods Homes Across Peru\n\nLIMA, Peru - Rain fell again on Monday.")
    assert ("Lima", "Place") in _ents(doc), _ents(doc)
    doc = run_doc(nlp, "Banning such groups did not stop the fighting, police said.")
    assert not [label for label, _ in _ents(doc) if label == "Banning"], _ents(doc)


def test_second_reader_misfires_of_this_sessions_name_rules(nlp):
    """A person's particle is no place's ("Jordan van Velm"), two cities joined by "y" stay two; a
    role "of" a person or a department is no body; a writer's or a section's line is no masthead; a
    body named "Engineers Without ..." keeps its first word; a town's "-ing" name before a noun stays
    a town; "a survivor of the crisis" says nothing of a person; a headline's team keeps its city."""
    def ents(text):
        return _ents(run_doc(nlp, text))
    assert ("Jordan van Velm", "Place") not in ents("Jordan van Velm, a defender, scored twice on Saturday.")
    assert {("Lima", "Place"), ("Cusco", "Place")} <= ents("Flights between Lima y Cusco were suspended on Monday.")
    assert ("Osk Tarvel", "Organisation") not in ents("Ilka Orvane, a spokeswoman of Osk Tarvel, denied the report.")
    assert ("Policy", "Organisation") not in ents("Ilka Orvane, head of Policy at Quenby, said rates would rise.")
    assert ("Sport", "Organisation") not in ents("Sport | Norway\nOslo Wolves won on Saturday.")
    assert ("Engineers Without Borders", "Organisation") in ents("Engineers Without Borders flew water pumps to Velm.")
    assert ("Woking", "Place") in ents("Woking residents complained about the noise.")
    assert ("Quenby", "Person") not in ents("Quenby, a survivor of the 2030 crisis, reported a profit.")
    assert ("Oslo", "Place") not in ents("Oslo Wolves Sign Striker From Tarsk\n\nOslo Wolves signed a striker from "
                                         "Tarsk on Monday.")


def test_a_place_and_particle_before_a_later_headline_line(nlp):
    """A known place joined by a particle ("Santa Cruz y Velm") and, further down, a title-case line
    with a town before a plural common word: the article is read (this crashed once: the body's
    text was overwritten by a flag of the same name)."""
    doc = run_doc(nlp, "The storm hit Santa Cruz y Velm on Monday.\n\nFloods Hit Lima Homes And Schools Overnight"
                       "\n\nRescue crews stayed out until dawn.")
    assert ("Santa Cruz y Velm", "Place") in _ents(doc), _ents(doc)


def _forms(doc, label):
    """The texts of the mentions of the entity so labelled."""
    key = next(k for k, e in doc._.kg_entities.items() if e.label == label)
    return {m.text for m in doc._.kg_mentions if m.entity == key}


def test_a_region_s_name_alone_is_the_region_not_the_body_named_after_it(nlp):
    doc = run_doc(nlp, "Floods cut roads across Velmland's Tarsk County. The Tarsk Land Defence Movement "
                       "blamed loggers. \"We sleep in schools,\" said Ada Corwen, who runs the society's Tarsk "
                       "office.")
    assert "Tarsk" in _forms(doc, "Tarsk County")
    assert "Tarsk" not in _forms(doc, "Tarsk Land Defence Movement")


def test_a_place_named_as_a_place_stays_the_place_not_the_first_word_of_a_body(nlp):
    doc = run_doc(nlp, "SANTA CRUZ, Orvik - A judge shut a resort in the north of Orvik on Monday. The Orvik Reef "
                       "Trust, a club of divers, had sued. The council of Orvik signed the permit in 2030. "
                       "Inspectors will visit Orvik and Boa Vista.")
    assert "Orvik" not in _forms(doc, "Orvik Reef Trust")
    assert ("Orvik", "Place") in _ents(doc)


def test_a_surname_alone_joins_the_full_name_read_by_shape(nlp):
    doc = run_doc(nlp, "After the break Ilka Brannor scored twice.\n\n"
                       "\"We kept going,\" said Brannor, who has 14 goals this season.")
    assert "Brannor" in _forms(doc, "Ilka Brannor")
    assert ("Brannor", "Person") not in _ents(doc)


def test_a_headline_s_second_line_above_the_byline_is_no_masthead(nlp):
    doc = run_doc(nlp, "Tarsk Mayor Resigns\nBrin Aldo Steps Down\nBy Ada Corwen\n\nThe mayor quit on Monday.")
    assert not [e for e in doc._.kg_entities.values() if e.type == "Organisation"]
    assert not doc._.kg_affiliations


def test_the_plural_of_a_kind_of_body_opening_a_sentence_is_no_name(nlp):
    doc = run_doc(nlp, "Hail hit Tarsk on Monday. Insurers put the losses at 12 million marks.")
    assert "Insurers" not in {e.label for e in doc._.kg_entities.values()}



@pytest.mark.parametrize("text, label, kind", [
    # a camel-case surname written after a given name elsewhere is the person's, not a brand
    ("Jim VelmHart opened the plant. VelmHart said it would hire 40 people.", "Jim VelmHart", "Person"),
    # given names that are also a place's or a company's first or last word stay people's
    ("Isla Corwen, 7, was rescued from the river.", "Isla Corwen", "Person"),
    ("Former bowler Osk Holding said the pitch was fine.", "Osk Holding", "Person"),
])
def test_names_that_look_like_other_kinds(nlp, text, label, kind):
    assert (label, kind) in _ents(run_doc(nlp, text))


def test_a_demonym_before_a_common_noun_that_mastheads_use_is_no_newspaper(nlp):
    assert ("Kenyan Record", "Organisation") not in _ents(run_doc(nlp, "She broke the Kenyan Record in the "
                                                                        "800 metres."))


# dev_news27's error kinds, in invented text
@pytest.mark.parametrize("text, label, kind", [
    # the acronym's initials show that "in the South" belongs to the name
    ("Gunmen of the Union for Velm in the West (UVW) burned a depot, police said.",
     "Union for Velm in the West", "Organisation"),
    # a comma after the country ends the name of a national society
    ("Two reporters were held, according to the Press Association of Kenya, which counted 80 arrests.",
     "Press Association of Kenya", "Organisation"),
    # what a body is for ends its name, even a word that labels web pages elsewhere
    ("Ilka Orvane, who works at the Tarsk Centre for Market Analysis, expects prices to rise.",
     "Tarsk Centre for Market Analysis", "Organisation"),
    # a saint's possessive is part of the name: a town in a dateline, a body before its head
    ("ST. PAUL'S - Bakers raised bread prices on Friday.", "St. Paul's", "Place"),
    ("Brin Aldo, a lecturer at St. Paul's College, disagreed.", "St. Paul's College", "Organisation"),
    # a byline's name above a paragraph that opens with a kind of group ("Gangs") is the writer's
    ("Kenya Herald | Coast\n\nBy Ada Corwen\n\nGangs looted a bakery overnight.", "Ada Corwen", "Person"),
    # sports clubs: a club's letters before its name, and the side beaten with the score after it
    ("TT Velmar signed two players from Orvik.", "TT Velmar", "Organisation"),
    ("Tarsk Rovers won the cup, defeating Orsk Halden 4-1 in the rain.", "Orsk Halden", "Organisation"),
    # (a guard, typed so before too: the winner is the subject of "rallied late to beat")
    ("Tarsk Rovers rallied late to beat Velmo Brisk 2-1 at home.", "Velmo Brisk", "Organisation"),
    # kin before "of" in apposition: a person
    ("Nyima Touray, a grandmother of six in Velm, said the meals had stopped.", "Nyima Touray", "Person"),
    # a country's name opening a body's name with "and" inside it
    ("The Kenya Land and Sea Rescue Authority opened an inquiry.", "Kenya Land and Sea Rescue Authority",
     "Organisation"),
    # a body's head inside a name of three words, no given name first
    ("The oil is supplied by Windward Aviation Oils, which said the tank was clean.", "Windward Aviation Oils",
     "Organisation"),
])
def test_dev_news27_kinds(nlp, text, label, kind):
    assert (label, kind) in _ents(run_doc(nlp, text))


@pytest.mark.parametrize("text, label", [
    # the portfolio before "Minister" is the title's
    ("Frost hit the orchards.\n\nAgriculture Minister Brin Aldo promised aid.", "Agriculture"),
    # the section after a masthead's separator, a word the article writes in lower case too
    ("Kenya Herald | Islands\n\nBy Ada Corwen\n\nFerries to the outer island stopped for a week.", "Islands"),
    # a region's name inside a currency's name
    ("A ticket costs 45 Eastern Caribbean dollars.", "Caribbean"),
    # a plural the article writes in lower case too, opening a sentence and in the headline
    ("Kenya Cocoa Growers Brace for Lower Prices\n\nBy Ada Corwen\n\nThe Kenya Cocoa Growers' Union buys beans "
     "from 700 growers.\n\nGrowers expect a lean year.", "Growers"),
])
def test_dev_news27_no_names(nlp, text, label):
    assert label not in {e.label for e in run_doc(nlp, text)._.kg_entities.values()}


def test_the_first_of_two_surnames_stands_for_the_person(nlp):
    doc = run_doc(nlp, 'Inspector Orvo Tarsken Mirovo led the search.\n\nTarsken said the boat had sunk fast.')
    assert "Tarsken" in _forms(doc, "Orvo Tarsken Mirovo")


@pytest.mark.parametrize("text, label, kind", [
    # second reading of dev_news27's rules: what they must leave alone
    ("Orvik Energy dollar bonds fell 3 percent on Monday.", "Orvik Energy", "Organisation"),
    ("The firm owes Velm Bank dollars, Ada Corwen said.", "Velm Bank", "Organisation"),
    ("Protesters gathered in Orvik on Monday (OM) to demand pay.", "Orvik", "Place"),
    ("The Orvik Times printed a map of every Tarsk\nmilitia base.", "Tarsk", "Organisation"),
])
def test_dev_news27_rules_leave_alone(nlp, text, label, kind):
    assert (label, kind) in _ents(run_doc(nlp, text))


@pytest.mark.parametrize("text, label", [
    # a score of an election or of tennis sets names no team
    ("The Velm Party won 40 seats, defeating Tarsk Orvin 40-32 in the vote count.", "Tarsk Orvin"),
    ("Velm Tennis Club said its player beat Tarsk Vesk 6-3, 6-4.", "Tarsk Vesk"),
])
def test_a_score_outside_a_team_game_names_no_team(nlp, text, label):
    assert (label, "Organisation") not in _ents(run_doc(nlp, text))


def test_a_middle_name_of_a_company_stays_the_company_s(nlp):
    doc = run_doc(nlp, "Orvo Tarsken Mirovo resigned on Monday. Tarsken Holdings said it would survive. "
                       "Tarsken fell 3 percent.")
    assert "Tarsken" not in _forms(doc, "Orvo Tarsken Mirovo")


def test_a_town_s_name_that_is_the_surname_of_a_person_named_in_full_is_that_person(nlp):
    """dev_news28 kind: a surname alone that the gazetteer also knows as a town is the person the
    article names in full, wherever it stands but after a preposition of place or motion."""
    doc = run_doc(nlp, "Ilka Lund retained her belt on Saturday after beating Brin Aldo. The crowd cheered "
                       "for Lund. Lund, 29, has won 21 fights.")
    assert ("Lund", "Place") not in _ents(doc)
    assert "Lund" in _forms(doc, "Ilka Lund")


@pytest.mark.parametrize("text", [
    # guards (pass on the session-start code too): where something happens stays the town
    "Ilka Lund retained her belt on Saturday. She trains in Lund.",
    "Ilka Lund retained her belt on Saturday. Brin Aldo flew home to Lund on Monday.",
])
def test_a_town_after_a_preposition_of_place_stays_the_town(nlp, text):
    assert ("Lund", "Place") in _ents(run_doc(nlp, text))


@pytest.mark.parametrize("text, person", [
    # dev_news28 kinds: an occupation named by its ending opens the sentence; a title with a plural
    # portfolio ("of Deeds") before the name
    ("Seismologist Ada Corwen of the Velm Institute said the fault was active.", "Ada Corwen"),
    ("Demographer Brin Aldo said the town was shrinking.", "Brin Aldo"),
    ("Registrar of Deeds Osk Tarvel said the files were lost.", "Osk Tarvel"),
])
def test_a_title_before_the_name_is_no_part_of_it(nlp, text, person):
    assert (person, "Person") in _ents(run_doc(nlp, text))


def test_a_sentence_opening_article_does_not_split_a_body_named_with_and(nlp):
    """dev_news28 kind: "The X and Y Department said": one body, as in mid-sentence."""
    doc = run_doc(nlp, "Nine lorries waited at the border, the Police and Immigration Department reported. "
                       "The Police and Immigration Department said it would hire 40 guards.")
    assert {(label, t) for label, t in _ents(doc) if t == "Organisation"} == {
        ("Police and Immigration Department", "Organisation")}


@pytest.mark.parametrize("text, n", [
    # dev_news28 kind: the clock's "p.m." ends a sentence when a word that opens one follows
    ("The pumps stopped at 4:55 a.m. and ran again from 7:35 p.m. During the stoppage 90 homes had no water.", 2),
    # guards (pass on the session-start code too): a zone or a name after the clock: one sentence
    ("The vote closes at 8 p.m. Eastern time on Friday.", 1),
    ("Gusts came at 9:15 p.m. Velm Rowing stopped the races.", 1),
])
def test_the_clock_ends_a_sentence_only_before_a_sentence_opener(nlp, text, n):
    assert len(list(run_doc(nlp, text).sents)) == n


def test_a_country_named_with_and_opens_a_chamber_of_commerce(nlp):
    """dev_news28 kind: a country whose name has "and" before a body's head and "of ..."."""
    doc = run_doc(nlp, "Shops in Bosnia and Herzegovina stayed shut. The Bosnia and Herzegovina Chamber of Commerce "
                       "urged calm.")
    assert ("Bosnia and Herzegovina Chamber of Commerce", "Organisation") in _ents(doc)


@pytest.mark.parametrize("text, label", [
    # dev_news28 kind: an adjective that names nothing alone opens a body's name
    ("Ada Corwen, speaking for the Republican Front, said the talks had failed.", "Republican Front"),
    ("Brin Aldo, who leads the Democrat Union in Velm, resigned.", "Democrat Union"),
])
def test_a_body_s_name_keeps_its_opening_adjective(nlp, text, label):
    assert (label, "Organisation") in _ents(run_doc(nlp, text))


@pytest.mark.parametrize("text, label", [
    # dev_news28 kinds: a name between a possessive and a branch noun; a military camp by its name
    ("Osk Tarvel, head of the charity's Haut-Velm branch, said 40 tents arrived.", "Haut-Velm"),
    ("Rebels overran Camp Tarsko on Monday. Soldiers at Camp Tarsko laid down their arms.",
     "Camp Tarsko"),
])
def test_where_a_branch_or_a_camp_is_is_a_place(nlp, text, label):
    assert (label, "Place") in _ents(run_doc(nlp, text))


def test_an_opening_quotation_mark_starts_the_next_sentence(nlp):
    doc = run_doc(nlp, 'More than 900 people left, the agency said. "Nobody stayed," said Ada Corwen.')
    assert [s.text for s in doc.sents] == ["More than 900 people left, the agency said.",
                                           '"Nobody stayed," said Ada Corwen.']


@pytest.mark.parametrize("text, present, absent", [
    # second reading of this session's rules (guards: they pass on the session-start code too)
    ("On Monday Velm Council approved the new budget.", ("Velm Council", "Organisation"),
     ("Monday Velm Council", "Organisation")),
    ("Mara Chester, 41, was charged. The mayor of Chester said the council would review its contracts.",
     ("Chester", "Place"), None),
    ("Lina Lund won the race. Lund, a university town in Sweden, hosted the final.", ("Lund", "Place"), None),
    ("Ann Provost said the school would reopen on Monday.", ("Ann Provost", "Person"), None),
    ("Rescuers thanked the Bosnia and Herzegovina Border Police for Sunday's rescue.",
     ("Bosnia and Herzegovina Border Police", "Organisation"), None),
    ("The Army and Air Force issued a joint statement on Tuesday.", ("Air Force", "Organisation"),
     ("Army and Air Force", "Organisation")),
    ("By 6 p.m. Police Scotland had closed the road near Velm.", ("Police Scotland", "Organisation"), None),
    # (fails on the session-start code: the occupation by its ending before the name)
    ("Dermatologist Kira Sol warned that sunbeds were dangerous.", ("Kira Sol", "Person"), None),
])
def test_second_reading_of_the_dev_news28_rules(nlp, text, present, absent):
    found = _ents(run_doc(nlp, text))
    assert present in found and absent not in found


@pytest.mark.parametrize("text, label, kind", [
    # dev_news28 kinds: a name before "areas"; a group by its plural agent noun opening a sentence
    ("Police cleared crowds from the Velmota and Orvikside areas near the port.", "Velmota", "Place"),
])
def test_dev_news28_places(nlp, text, label, kind):
    assert (label, kind) in _ents(run_doc(nlp, text))


def test_an_opening_plural_agent_noun_is_a_group_not_a_name(nlp):
    doc = run_doc(nlp, "Vote Result Disputed\n\nTARSK (AFP) - The count ended on Monday.\n\nRioters angered by "
                       "the verdict set fire to 40 stalls in Orvik on Monday night, police said.")
    assert not {label for label, _ in _ents(doc)} & {"Rioters"}


def test_the_two_surnames_of_a_person_s_three_names_are_that_person(nlp):
    doc = run_doc(nlp, "No one was injured, said Jose Tarvel Orsko, a spokesman for the Velm Port Authority. "
                       "The keel is intact, Tarvel Orsko said.")
    assert "Tarvel Orsko" in _forms(doc, "Jose Tarvel Orsko")
    assert ("Tarvel Orsko", "Organisation") not in _ents(doc)


def test_a_state_s_long_name_is_no_person(nlp):
    doc = run_doc(nlp, "Voters in the United Republic of Norway went to the polls on Monday.")
    assert ("United Republic", "Person") not in _ents(doc) and ("Norway", "Place") in _ents(doc)


@pytest.mark.parametrize("text, short, kind", [
    # second reading (guards, pass on the session-start code too): two words that end a person's three
    # names are someone or something else when the text says so
    ("Nils Velm Tarsk founded Velm Tarsk, a logistics company, in 1990. Velm Tarsk said revenue rose.",
     "Velm Tarsk", "Organisation"),
    ("Mary Ann Corwen, 19, died in the crash. Her sister Ann Corwen said she was a talented singer.",
     "Ann Corwen", "Person"),
    ("Brin San Velmo, a teacher, grew up in San Velmo. San Velmo has 4,000 residents.", "San Velmo", "Place"),
])
def test_two_words_ending_a_person_s_name_keep_their_own_reading(nlp, text, short, kind):
    assert (short, kind) in _ents(run_doc(nlp, text))


def test_a_surname_opening_a_paragraph_before_a_comma_is_no_dateline(nlp):
    # guard (passes on the session-start code too): a paragraph that opens "NAME, 29," is no dateline
    doc = run_doc(nlp, "Ilka Lund retained her belt on Saturday.\n\nLund, 29, has won 21 fights.\n\nThe crowd "
                       "cheered for Lund.")
    assert ("Lund", "Place") not in _ents(doc)


def test_a_mixed_case_short_form_in_brackets_stands_for_the_body_later(nlp):
    doc = run_doc(nlp, "The Commission on Roads (Comroad) approved the deal. Comroad spokesperson Ada Corwen said "
                       "the machines would arrive in May.")
    assert "Comroad" in _forms(doc, "Commission on Roads")
    assert ("Comroad", "Organisation") not in _ents(doc)


def test_a_portfolio_of_two_words_inside_a_listed_portfolio(nlp):
    """dev_news15 kind: "Department of X, Y Z and W V": a listed portfolio's items of two words."""
    doc = run_doc(nlp, "Forty boats were idle, Ada Corwen told the Ministry of Fisheries, Water Reform and Land "
                       "Development.")
    assert ("Ministry of Fisheries, Water Reform and Land Development", "Organisation") in _ents(doc)


@pytest.mark.parametrize("text, present, absent", [
    # third reading (guards, pass on the session-start code too)
    ("The Orvik Hospital (Tarsk) treated 12 patients. Tarsk, a drug maker, said the pills were safe.",
     ("Tarsk", "Organisation"), None),
    ("The Department of Fisheries, Public Schools and Private Colleges must cooperate, Ada Corwen said.",
     ("Department of Fisheries", "Organisation"),
     ("Department of Fisheries, Public Schools and Private Colleges", "Organisation")),
])
def test_third_reading_of_the_session_s_rules(nlp, text, present, absent):
    found = _ents(run_doc(nlp, text))
    assert present in found and absent not in found


def test_the_gazetteer_names_stored_once_are_none_an_article_may_label_the_entity_by():
    """An accent-free spelling of an accented label labels the entity in an article that
    writes it so: it stays an article's name, out of the names stored once for the store."""
    from kg.nlp.entities.resolve import gazetteer_names

    assert gazetteer_names("Óskvik Fjörd", ["Oskvik Fjord", "Port Óskvik", "Óskvik Fjörd"]) == {"Port Óskvik"}
    assert gazetteer_names("Tarsk Bay", ["Tarsk Bay", "Tarskbukta"]) == {"Tarskbukta"}



# The first-level subdivisions of every country (kg/nlp/data/subdivisions.jsonl, ISO 3166-2): a
# state or province of a country whose places no other list names, with its "X State" form.
@pytest.mark.parametrize("sentence, label, ref_id", [
    ("Floods hit Pahang and Kedah on Monday, officials said.", "Pahang", "iso3166-2:MY-06"),
    ("Floods hit Pahang and Kedah on Monday, officials said.", "Kedah", "iso3166-2:MY-02"),
    ("Police in Kedah State arrested two men.", "Kedah", "iso3166-2:MY-02"),
    ("Drought has spread across Oromia, the agency said.", "Oromia", "iso3166-2:ET-OR"),
])
def test_a_countrys_first_level_subdivision_is_a_place(nlp, sentence, label, ref_id):
    places = {e.label: e for e in run_doc(nlp, sentence)._.kg_entities.values() if e.type == "Place"}
    assert label in places and places[label].ref_id == ref_id, places


def test_a_subdivisions_generic_word_or_a_common_word_is_no_place(lex):
    """'Norte' (a province of one country, a word of many others' names) and 'Central' (a common
    word) are left out of the gazetteer; 'Kedah State' is an alias of its state."""
    assert normalize_name("Norte") not in lex.gazetteer and normalize_name("Central") not in lex.gazetteer
    assert lex.gazetteer[normalize_name("Kedah State")].ref_id == "iso3166-2:MY-02"


# A body's name of two "of"s ends in its country: "HEAD of WHAT of COUNTRY" is one name.
@pytest.mark.parametrize("sentence, name", [
    ("The National Union of Mineworkers of Norway said its members would strike.",
     "National Union of Mineworkers of Norway"),
    ("The Federation of Trade Unions of Norway said its members would strike.", "Federation of Trade Unions of Norway"),
    ("The Institute of Chartered Accountants of Norway issued a statement.",
     "Institute of Chartered Accountants of Norway"),
])
def test_a_bodys_name_with_two_ofs_ends_in_its_country(nlp, sentence, name):
    assert (name, "Organisation") in _ents(run_doc(nlp, sentence))


def test_a_ministers_office_of_a_country_stays_a_country(nlp):
    assert ("Norway", "Place") in _ents(run_doc(nlp, "The Minister of Foreign Affairs of Norway said it was over."))


def test_a_surname_written_twice_is_one_person_not_a_longer_name(nlp):
    """A copy-editing slip ("NAME NAME" doubled) makes no person of three words; the second
    surname is a mention of the same person, so the quotation is his."""
    doc = run_doc(nlp, 'Ministry spokesperson Tarun Velkar Velkar, while speaking about the coup, said, "The roads '
                       'are open." Later Velkar said more.')
    ents = doc._.kg_entities
    assert {e.label for e in ents.values() if e.type == "Person"} == {"Tarun Velkar"}
    assert [ents[s.speaker].label for s in doc._.kg_statements][:1] == ["Tarun Velkar"]


def test_a_name_with_a_word_twice_written_twice_is_the_name(nlp):
    """A name written in full twice with a word repeated ("Ali Hassan Hassan": a father's and a
    grandfather's name alike) is no slip: the person has the three words."""
    doc = run_doc(nlp, "Abdi Warsame Warsame told reporters the port was closed. Abdi Warsame Warsame said ships "
                       "were waiting.")
    assert {e.label for e in doc._.kg_entities.values() if e.type == "Person"} == {"Abdi Warsame Warsame"}


def test_a_surname_given_before_with_a_first_name_ends_before_of_the_body(nlp):
    """"Kessu of the Velm Unity Front": a one-word name the article wrote before after a first name
    is the person's surname, and "of the ..." after it is his party, not one organisation."""
    doc = run_doc(nlp, "Tamba Orvelo won after defeating incumbent Edgar Kessu in the election. Orvelo of the Union "
                       "Party got most votes while Kessu of the Velm Unity Front came second.")
    ents = doc._.kg_entities
    labels = {e.label: e.type for e in ents.values()}
    assert labels.get("Velm Unity Front") == "Organisation" and "Kessu of the Velm Unity Front" not in labels
    assert ("Edgar Kessu", "Velm Unity Front") in {(ents[a.person].label, ents[a.organisation].label)
                                                  for a in doc._.kg_affiliations}


@pytest.mark.parametrize("text, present, absent", [
    # a titled person's possessive before a body's name: the person, then the body
    ("Tarn Vessel resigned from Chief Minister Ada Corwen’s Cabinet on Wednesday.", {("Ada Corwen", "Person")},
     {"Chief Minister Ada Corwen’s Cabinet"}),
    # a surname the article gave before with a first name, then a possessive: his party
    ("Kwame Orvelo won the vote. Orvelo’s Union Party for Reform said the count was fair.",
     {("Union Party for Reform", "Organisation")}, {"Orvelo’s Union Party for Reform"}),
    # the possessive left when a weekday is dropped opens no name
    ("Speaking after Thursday’s Cabinet session, the minister said he was pleased.", set(),
     {"’s Cabinet"}),
    # a number of a body's people before its demonym
    ("Two Velmish Army soldiers were killed in the clash on Monday.", {("Velmish Army", "Organisation")},
     {"Two Velmish Army"}),
    # but a royal's possessive names a body for the person: the school, the hospital
    ("King Orvald’s School said it would close on Monday.", {("King Orvald’s School", "Organisation")}, {"Orvald"}),
    ("Patients at Queen Velma’s Hospital were moved, Tom Brede said.", {("Queen Velma’s Hospital", "Organisation")},
     {"Velma"}),
    # but a title alone before the possessive is the body's name
    ("The Prime Minister’s Office said the talks would go on.", {("Prime Minister’s Office", "Organisation")}, set()),
    # and a word written before after a place's name is no surname: "Rotterdam Port ... Port of Rotterdam
    # Authority", "Tarsk People's Court ... Tarsk People's Procuracy"
    ("A ship hit a crane at Rotterdam Port on Monday, according to the Port of Rotterdam Authority.",
     {("Port of Rotterdam Authority", "Organisation")}, {"Rotterdam Authority"}),
    # "Resident" before a role is the role's modifier ("Resident Coordinator", "Resident Director")
    ("The Velm Fund (VF) lent two sums. It was signed before VF Resident Coordinator Ada Corwen on Monday.",
     {("Ada Corwen", "Person")}, {"VF Resident", "Resident Coordinator Ada Corwen"}),
])
def test_possessives_and_counted_people_around_a_bodys_name(nlp, text, present, absent):
    ents = {(e.label, e.type) for e in run_doc(nlp, text)._.kg_entities.values()}
    assert present <= ents, ents
    assert not {label for label, _ in ents} & absent, ents


@pytest.mark.parametrize("text, label, typ", [
    ("Health Canada says that the drug is safe for adults.", "Health Canada", "Organisation"),
    ("Transport Canada said the road would stay shut.", "Transport Canada", "Organisation"),
    ("Today Canada says it will act.", "Canada", "Place"),
    # a word for the country in a time is no agency's field
    ("Wartime Japan was short of food, the historian said.", "Japan", "Place"),
    ("Postwar Japan became a rich country.", "Japan", "Place"),
])
def test_a_national_agency_named_for_its_country_opens_a_sentence(nlp, text, label, typ):
    """"Health Canada says": a common noun and the country's name, one subject in the parse, name a
    national agency even where the common word opens the sentence (not "Today Canada says")."""
    ents = {(e.label, e.type) for e in run_doc(nlp, "The report came on Monday. " + text)._.kg_entities.values()}
    assert (label, typ) in ents, ents


@pytest.mark.parametrize("text, name", [
    ("Ada Corwen, a spokesperson for Migration and Border Enforcement, said agents arrested six people.",
     "Migration and Border Enforcement"),
    ("The Fisheries and Coastal Protection said the beach was shut.", "Fisheries and Coastal Protection"),
    # before "and" inside a name such a head is the name's field, not a second body's head
    ("The database was named Velm Enforcement and Emergency Management Information System in the file.",
     "Velm Enforcement and Emergency Management Information System"),
])
def test_a_body_named_for_what_it_enforces_or_protects_is_one_name_over_and(nlp, text, name):
    """"Enforcement" and "Protection" end a body's name as "Administration" does, so "and" joins the
    words before them into that one name."""
    ents = {(e.label, e.type) for e in run_doc(nlp, text)._.kg_entities.values()}
    assert (name, "Organisation") in ents, ents


def test_a_capital_a_after_a_comma_before_a_name_is_an_initial(nlp):
    """"... Ravi Tenkar (45), A Velmouli (19)": inside a sentence an article is written "a", so a
    capital "A" after a comma and before a name is the person's initial (not after a colon:
    "He said: A Velm Council report")."""
    labels = {e.label for e in run_doc(nlp, "The dead were named as: Ravi Tenkar (45), A Velmouli (19), "
                                            "Ch Ganga Velu (48).")._.kg_entities.values()}
    assert "A Velmouli" in labels
    labels = {e.label for e in run_doc(nlp, "He said: A Velm Council report was due.")._.kg_entities.values()}
    assert "A Velm Council" not in labels


def test_an_officers_initials_before_of_are_no_part_of_the_body(nlp):
    """"NAME, CMD of Velm Foods": the chairman and managing director's initials, like "CEO", are the
    role (roles.json) and no part of the company's name."""
    doc = run_doc(nlp, "Tom Brede, CMD of Velm Foods, said profits fell.")
    ents = doc._.kg_entities
    assert ("Velm Foods", "Organisation") in {(e.label, e.type) for e in ents.values()}
    assert {ents[a.organisation].label for a in doc._.kg_affiliations} == {"Velm Foods"}


@pytest.mark.parametrize("text, name", [
    ("Rhys Tallo MD said the vaccine was safe for adults.", "Rhys Tallo"),
    ("Orla Vennick MP said the bill would fail.", "Orla Vennick"),
    ("Orla Vennick MEP told the committee the rules were wrong.", "Orla Vennick"),
])
def test_letters_after_a_persons_name_end_the_name(nlp, text, name):
    """"NAME MP said": the letters written after a person's name (roles.json post_nominal_roles)
    are no part of it, and the chunk is no job title alone (which is dropped): the person speaks."""
    doc = run_doc(nlp, text)
    ents = doc._.kg_entities
    assert (name, "Person") in {(e.label, e.type) for e in ents.values()}
    assert [ents[s.speaker].label for s in doc._.kg_statements] == [name]


def test_a_constituency_before_mp_is_no_person(nlp):
    """"Tarsk East MP said": a place's name with a compass word before the letters is the seat,
    no person's name."""
    doc = run_doc(nlp, "Tarsk East MP said the bill would fail.")
    assert "Tarsk East" not in {e.label for e in doc._.kg_entities.values() if e.type == "Person"}


@pytest.mark.parametrize("text", [
    "MBA candidate Orla Vennick said the fees were too high.",
    "Two PhD candidates at Velm University said the fees were too high.",
])
def test_a_degree_before_candidate_is_no_body(nlp, text):
    """"an MBA candidate": a degree's initials before 'candidate' (entities.json degree_acronyms)
    name no organisation, though a party's initials do ('the VLP candidate')."""
    doc = run_doc(nlp, text)
    labels = {e.label for e in doc._.kg_entities.values()}
    assert not labels & {"MBA", "PhD"}, labels
    assert not {doc._.kg_entities[a.organisation].label for a in doc._.kg_affiliations} & {"MBA", "PhD"}
