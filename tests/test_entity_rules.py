"""The entity-typing rule table (kg/nlp/data/entity_rules.jsonl): one sentence per
rule, checking WHICH rule typed the name (its id, the kg:foundBy it records and
the type), and that the table and the code agree. The names are invented."""

from __future__ import annotations

import json

import pytest
import spacy

from kg.nlp.entities import EntityFinder, find_candidates
from kg.nlp.entities.rules import (
    CONDITION_KINDS,
    PREDICATES,
    SHAPES,
    RuleTable,
    default_rules_path,
    read_rows,
)
from kg.types import ENTITY_TYPES

from .conftest import run_doc

# rule id, sentence, the name's text, kg:foundBy, type (None: weak evidence, typed at resolution)

@pytest.fixture(scope="module")
def nlp(rules_nlp):
    """These tables check the rules, one sentence each: the learned entity decision, which reads a
    whole article's evidence, is off here (tests/test_decide.py and the gold sets check it)."""
    return rules_nlp


ROWS = [
    ("title", "Later Dr Pellworth opened the clinic.", "Pellworth", "title", "Person"),
    ("title-portfolio", "Minister for Fisheries Osk Tarvelsen toured the harbour.", "Osk Tarvelsen", "title",
     "Person"),
    ("org-noun-before", "Farmers joined the cooperative Velmora last spring.", "Velmora", "org-noun-before",
     "Organisation"),
    ("org-noun-before-comma", "Its rival faction, Tarvo Kessan, later disbanded.", "Tarvo Kessan",
     "org-noun-before", "Organisation"),
    ("org-shape", "Later the Tarvel Regional Council approved the plan.", "Tarvel Regional Council", "org-shape",
     "Organisation"),
    ("org-legal-form", "Later Quillon Marsac SA recalled the film.", "Quillon Marsac SA", "org-shape",
     "Organisation"),
    ("dateline-place", "TARVELLO, Peru, May 6, 2026 (Reuters) - The plant closed.", "TARVELLO", "dateline",
     "Place"),
    ("org-shape-first-word", "Troops launched Operation Silver Lantern at dawn.", "Operation Silver Lantern",
     "org-shape", "Organisation"),
    ("org-shape-head-of", "Farmers sold wheat to the Grain Board of Kestland last year.", "Grain Board of Kestland",
     "org-shape", "Organisation"),
    ("org-shape-head-place", "She taught at Harbour College Lisbon for years.", "Harbour College Lisbon",
     "org-shape", "Organisation"),
    ("org-special-district", "Later the Tarvel City School District closed its schools.", "Tarvel City School District",
     "org-shape", "Organisation"),
    ("place-shape", "Ships waited by the Orvinne Strait on Tuesday.", "Orvinne Strait", "place-shape", "Place"),
    ("place-shape-first-word", "Barges waited on the River Orvinne on Tuesday.", "River Orvinne", "place-shape",
     "Place"),
    ("org-ampersand", "Shoppers queued outside Quillon & Marsac on Monday.", "Quillon & Marsac", "org-shape",
     "Organisation"),
    ("org-shape-head-in", "The Relief Mission in Tarvesk said the road was open.", "Relief Mission in Tarvesk",
     "org-shape", "Organisation"),
    ("org-shape-head-to", "The Kestland Mission to Norway said the road was open.", "Kestland Mission to Norway",
     "org-shape", "Organisation"),
    ("told-outlet", "The mayor told KVX on Monday that the road was open.", "KVX", "told-outlet", "Organisation"),
    ("national-service-alone", "Later the Coastguard said the boat was found.", "Coastguard", "org-shape",
     "Organisation"),
    ("person-noun-before", "Later resident Osk Tarvelsen said the road was open.", "Osk Tarvelsen",
     "person-noun-before", "Person"),
    ("place-based", "Later a Kestmoor-based lender bought the mill.", "Kestmoor", "place-based", "Place"),
    ("apposition-to-role", "The head of Kestmoor county, Osk Tarvelsen, said the road was open.",
     "Osk Tarvelsen", "role-before", "Person"),
    ("collective-subject", "Kestmoor won their first title on Saturday.", "Kestmoor", "collective-subject",
     "Organisation"),
    ("org-service-region", "The Kestmoor Coast Health Region closed two wards.", "Kestmoor Coast Health Region",
     "org-shape", "Organisation"),
    ("place-head-modified", "Flights left Pellworth international airport late.", "Pellworth", "place-head", "Place"),
    ("possessive-role-comma-modified", "Its chief engineer, Tovin Marrak, inspected the hull.", "Tovin Marrak",
     "role-before", "Person"),
    ("credit-joined", "Rain fell for days.\nReporting by Quillon Marsh in Lima, Tova Brenn in Quito",
     "Tova Brenn", "byline", "Person"),
    ("byline-in-place", "Floods Hit Valley\n\nQuillon Marsh in Tarvesk\n\nRain fell.", "Quillon Marsh",
     "byline", "Person"),
    ("org-noun-after-acronym", "The Tarsker Verband (VBT) union ended the walkout.", "Tarsker Verband",
     "org-noun-after", "Organisation"),
    ("org-based-before", "Pads went to the Tarsk-based Velm Orbital on Monday.", "Velm Orbital", "org-noun-before",
     "Organisation"),
    ("dateline-colon", "VELMHAVEN: Dock workers returned to work on Monday after a long strike.", "VELMHAVEN",
     "dateline", "Place"),
    ("dateline-agency", "TARSKOTA, Peru (Velmpress) -- A quake struck.\n\nIt was felt far away.", "Velmpress",
     "byline", "Organisation"),
    ("apposition-bare-age", "It was booked, said Ilka Strandvik, 44, who was flying home.", "Ilka Strandvik",
     "apposition-role", "Person"),
    ("org-before-role-name", "Kestrova treasurer Bina Oddsen signed the accounts.", "Kestrova", "org-noun-after",
     "Organisation"),
    ("acronym-before-role-name", "Turnout was low. VLP chairman Bina Oddsen said the count was close.", "VLP",
     "org-noun-after", "Organisation"),
    ("place-apposition", "Gunmen raided Tarskmo, a small farming town near the border, at dawn.", "Tarskmo",
     "place-apposition", "Place"),
    ("org-animal-park", "Keepers at the Orvane Safari Park fed the lions.", "Orvane Safari Park", "org-shape",
     "Organisation"),
    ("place-park", "Rangers closed Velm Peak National Park after the fire.", "Velm Peak National Park", "place-shape",
     "Place"),
    ("speaker-after", "\"We will rebuild,\" said Tarvo Kessan on Monday.", "Tarvo Kessan", "speaker", None),
    ("place-distance", "Troops secured the Finca Orvik Baja, 18 km west of the capital, before noon.",
     "Finca Orvik Baja", "place-apposition", "Place"),
    ("place-distance-about", "Herders moved to Velmaro Nuevo, roughly 40 miles inland.", "Velmaro Nuevo",
     "place-apposition", "Place"),
    ("byline-outlet", "Floods Hit Valley\nBy Quillon Marsh, El Eco del Valle\n\nRain fell for days.",
     "El Eco del Valle", "byline", "Organisation"),
    ("place-waterside", "Reeds grow thick along the far bank of the Velmava in spring.", "Velmava", "place-of",
     "Place"),
    ("org-world-sport", "Judges from World Sailing reviewed the protest overnight.", "World Sailing", "org-shape",
     "Organisation"),
    ("place-reserve", "Wardens patrol the Orvik Nature Reserve at night.", "Orvik Nature Reserve", "place-shape",
     "Place"),
    ("place-copula", "Tarskmo is a small farming town near the border.", "Tarskmo", "place-apposition", "Place"),
    ("org-relative-which", "Workers at Brelvo Kelp, which employs 85 staff, walked out.", "Brelvo Kelp",
     "org-apposition", "Organisation"),
    ("org-national-office", "Exports rose by a third, according to Statistics Norway.", "Statistics Norway",
     "org-shape", "Organisation"),
    ("org-brand-country", "The regulator fined QTN Norway for late filings; QTN paid.", "QTN Norway", "org-shape",
     "Organisation"),
    ("place-on-the", "A long climb up the Tarskberg split the field.", "Tarskberg", "locative", "Place"),
    ("org-apposition", "Prices fell at Dravik, the Nordic carmaker, after the recall.", "Dravik", "org-apposition",
     "Organisation"),
    ("org-noun-after", "Police arrested members of the Varrowind gang overnight.", "Varrowind", "org-noun-after",
     "Organisation"),
    ("works-at", "The forecast was cut, said economists at Fennick Brothers on Monday.", "Fennick Brothers",
     "works-at", "Organisation"),
    ("person-of-org", "Later Hannah Brisk of Tellmore Quint said prices rose.", "Tellmore Quint", "works-at",
     "Organisation"),
    ("acronym-context", "Three QXL fighters were detained.", "QXL", "acronym-context", "Organisation"),
    ("acronym-definition", "Members of the Harlow Civic Front (HCF) marched.", "HCF", "acronym-definition",
     "Organisation"),
    ("acronym-speaker", "Later QXL said the deal was off.", "QXL", "acronym-speaker", "Organisation"),
    ("acronym", "The QXL deal collapsed.", "QXL", "acronym", None),
    ("alias-marker", "Police sought a smuggler known as Crooked Tavi for weeks.", "Crooked Tavi", "alias-marker",
     "Person"),
    ("alias-marker-place", "The village, known as Pellvatn, was empty.", "Pellvatn", "alias-marker", "Place"),
    ("alias-marker-org", "A militia calling itself Torven Dawn claimed the attack.", "Torven Dawn", "alias-marker",
     "Organisation"),
    ("byline-by", "Floods Hit Valley\nBy Quillon Marsh\n\nRain fell for days.", "Quillon Marsh", "byline", "Person"),
    ("credit-by", "Rain fell for days.\n(Reporting by Quillon Marsh; Editing by Tova Brenn)", "Quillon Marsh", "byline",
     "Person"),
    ("apposition-possessive-role", "\"We need trucks,\" said Oskana Vireli, the Torvik Aid League's field director.",
     "Oskana Vireli", "apposition-role", "Person"),
    ("party-before-role", "Oskar Rann, the Tarsk Forward candidate, conceded on Monday.", "Tarsk Forward",
     "org-noun-after", "Organisation"),
    ("acronym-apposition", "The regional fisheries agency, VELMA, seized 40 boats.", "VELMA",
     "acronym-speaker", "Organisation"),
    ("org-sport-country", "On Monday the board of Rowing Norway fined two clubs.", "Rowing Norway",
     "org-shape", "Organisation"),
    ("role-in-place-comma", "Tarsk Aid runs it. Its field coordinator in Norvale, Edvin Lasko, said so.",
     "Edvin Lasko", "role-before", "Person"),
    ("apposition-age", "Edda Varnel, a 61-year-old farmer, sold her herd.", "Edda Varnel",
     "apposition-role", "Person"),
    ("role-of-place-comma", "The deputy commissioner of Orskvik, Nengto Haokar, said it was calm.", "Nengto Haokar",
     "role-before", "Person"),
    ("article-role-comma", "A Quillbrook spokeswoman, Gráinta Lyorn, said the line would reopen.", "Gráinta Lyorn",
     "role-before", "Person"),
    ("credit-files-from", "With files from Jilta Cormar", "Jilta Cormar", "byline", "Person"),
    ("org-before-role-name-words", "Later Brisk Pixel co-founder Ada Corwen left.", "Brisk Pixel",
     "org-noun-after", "Organisation"),
    ("org-possessive-spokesperson", "Later Quillbrook's spokeswoman Ada Corwen left.", "Quillbrook", "org-noun-after",
     "Organisation"),
    ("org-article-spokesperson", "A Quillbrook spokesman said the line would reopen.", "Quillbrook", "org-noun-after",
     "Organisation"),
    ("official-of-place", "\"The roads are shut,\" Mayor Ivo Brandt of Orskvik said.", "Orskvik", "place-of",
     "Place"),
    ("place-possessive-office", "Ferries stopped and Orskvik's deputy mayor, Ivo Brandt, closed the port.", "Orskvik",
     "place-of", "Place"),
    ("office-of-place", "The mayor of Orskvik, Ivo Brandt, opened the ferry terminal.", "Orskvik", "place-of",
     "Place"),
    ("person-of-org-before", "Keletso Barandi of the Omvale Rowing Club spoke first.",
     "Keletso Barandi", "person-of", "Person"),
    ("the-name-place-head", "Families reached the Amir Tolvek district.", "Amir Tolvek", "place-head", "Place"),
    ("possessive-name-branch", "Ada Corwen runs the charity's Orsk-Velm branch.", "Orsk-Velm", "place-head", "Place"),
    ("org-club-united", "The club lost to Harnley United on Sunday.", "Harnley United", "org-shape", "Organisation"),
    ("byline", "The BBC’s Malvina Orsk reported from the border.", "Malvina Orsk", "byline", "Person"),
    ("role-before", "The deal is off, spokesman Dorin Vasko said on Monday.", "Dorin Vasko", "role-before",
     "Person"),
    ("possessive-role-comma", "Rebels took the town. The militia's spokesman, Gatlu Boldeng, said so.", "Gatlu Boldeng",
     "role-before", "Person"),
    ("apposition-role", "Later Tamsin Hallow, a spokeswoman for the ministry, said it was over.", "Tamsin Hallow",
     "apposition-role", "Person"),
    ("nom-de-guerre", "Later Vostrin Kael, the nom de guerre of a militia chief, vanished.", "Vostrin Kael",
     "nom-de-guerre", "Person"),
    ("apposition-role-near", "Later Orla Venstrom, policy director at the trust, said it was over.", "Orla Venstrom",
     "apposition-role-near", "Person"),
    ("relative-who", "In the harbour, Tavin Brooke, who runs a bait shop, counted the boats.", "Tavin Brooke",
     "relative-who", "Person"),
    ("place-of", "Families fled the town of Brellim in the night.", "Brellim", "place-of", "Place"),
    ("given-name", "Later Ahmed Sorvello thanked the volunteers.", "Ahmed Sorvello", "given-name", "Person"),
    ("photo-credit", "The crowd gathered at dusk. (Velm Photo/Isobel Quark)", "Isobel Quark", "photo-credit",
     "Person"),
    ("photo-credit-colon", "A boy waits in line. Credit: Quenby Darrow / Velmstock", "Quenby Darrow",
     "photo-credit", "Person"),
    ("locative", "Shelling was reported near Kovrast overnight.", "Kovrast", "locative", "Place"),
    ("speaker", "Later Pellam said the road was closed.", "Pellam", "speaker", None),
    ("locative-from-name", "The goal came from Brann Osklund in the second half.", "Brann Osklund", "capitalised",
     None),
    ("place-comma-country", "The convoy reached Dunmerrow, Peru, on Friday.", "Dunmerrow", "place-comma-country",
     "Place"),
    ("place-head", "Later Torvesh province reopened its roads.", "Torvesh", "place-head", "Place"),
    ("place-possessive", "Later Merrow’s al-Farsin market was shelled.", "Merrow", "place-possessive", "Place"),
    ("place-list", "Refugees came from Peru, Pellick and elsewhere.", "Pellick", "place-list", "Place"),
    ("context-after", "Later Pellick officials denied it.", "Pellick", "context-after", None),
    ("name-shape", "Later Quenby Darrow walked home.", "Quenby Darrow", "name-shape", None),
    ("capitalised", "The visit by Quorvane ended early.", "Quorvane", "capitalised", None),
    ("outlet-line", "Vesk Morgenpost | Santa Cruz\n\nFarmers blocked the road on Monday.", "Vesk Morgenpost",
     "byline", "Organisation"),
    ("camel-case", "Riders booked 4,000 trips on TarskGo last week.", "TarskGo", "camel-case", "Organisation"),
    ("outlet-above-byline", "Tarsk Hill Crossing Shut For A Week\n\nOrvik Evening Courier\nBy Brin Aldo\n\n"
     "Pickets stood at the gates on Monday.", "Orvik Evening Courier", "byline", "Organisation"),
    ("org-apposition-one-of", "Velm Orvane Tarsk, one of the largest wholesalers, said its shelves were empty.",
     "Velm Orvane Tarsk", "org-apposition", "Organisation"),
    ("org-club-plural", "Later Oslo Wolves lodged an appeal against the result.", "Oslo Wolves", "org-shape",
     "Organisation"),
    ("apposition-person-noun", "Later Brin Aldo, a fruit vendor who fled, said the road was shut.", "Brin Aldo",
     "apposition-role", "Person"),
    ("place-before-local-title", "Crowds cheered as Orvik Mayor Ada Corwen arrived.", "Orvik", "place-head",
     "Place"),
    ("places-such-as", "Ferries serve islands such as Orvane and Pellick.", "Orvane", "locative", "Place"),
    ("bodies-such-as", "Ships were rerouted by carriers such as Velmline, Orvomar and Tarsk Lines.", "Orvomar",
     "org-shape", "Organisation"),
    ("place-noun-at", "Raiders burned the camp at Orvane before dawn.", "Orvane", "locative", "Place"),
    ("lands-region", "Prices of grain in the Tarsklands rose in May.", "Tarsklands", "locative", "Place"),
    ("role-of-body", "Prices fell, said Ilka Orvane, managing director of Quenby Tarsk.", "Quenby Tarsk",
     "works-at", "Organisation"),
    ("place-head-joined", "Herders graze goats in the Orvane and Pellick mountains each summer.", "Orvane",
     "place-head", "Place"),
    ("opponent-with-score", "Tarsk Rovers won the cup, defeating Orsk Halden 4-1 in the rain.", "Orsk Halden",
     "team", "Organisation"),
]

# rules that reject a chunk: rule id, sentence, the chunk's text
DROPS = [
    ("currency-letters", "Each herder received 75,000 CFA francs in compensation.", "CFA"),
    ("no-letters", "Prices rose 5 % on Monday.", "5 %"),
    ("money-shape", "Sales reached S$57 million last year.", "S$57"),
    ("org-head-alone", "Then the Army withdrew.", "Army"),
    ("month-abbreviation", "Talks resumed in Brellim on Oct 14, officials said.", "Oct"),
    ("state-long-name", "Voters in the United Republic of Norway went to the polls.", "United Republic"),
    ("numbered-label", "Wind speeds fell to Category 3 as the storm reached land.", "Category"),
    ("storm-name", "Homes flooded as Hurricane Velmora came ashore.", "Hurricane Velmora"),
    ("new-year", "Shops shut for the New Year holiday.", "New Year"),
    ("demonym-alone", "Two Kenyans and a Norwegian crossed the line together.", "Kenyans"),
    ("law-name", "The court struck down the Tarvel Waters (Amendment) Act on Monday.", "Tarvel Waters"),
    ("role-title-alone", "By Ines Laaksonen, Transport Reporter, in Oslo.", "Transport Reporter"),
    ("section-after-masthead", "Velm Ledger | Weather\n\nBy Ada Corwen\n\nRain fell all week.", "Weather"),
    ("currency-name", "Fares rose to 40 Velmish marks and 12 Orvik dollars.", "Orvik"),
]


@pytest.fixture(scope="module")
def finder() -> EntityFinder:
    return EntityFinder(None)


def _span(doc, text: str) -> tuple[int, int]:
    start = doc.text.index(text)
    span = doc.char_span(start, start + len(text))
    assert span is not None, text
    return span.start, span.end


@pytest.mark.parametrize("rule_id, sentence, name, found_by, typ", ROWS, ids=[r[0] for r in ROWS])
def test_rule_fires(nlp, finder, rule_id, sentence, name, found_by, typ):
    doc = run_doc(nlp, sentence)
    cands = find_candidates(doc, finder.lex, finder.rules)
    hit = [c for c in cands if doc[c.start : c.end].text == name]
    assert hit, f"no candidate {name!r} in {[doc[c.start : c.end].text for c in cands]}"
    cand = hit[0]
    assert (cand.rule, cand.type) == (found_by, typ)
    prev = max((c for c in cands if c.end <= cand.start), key=lambda c: c.end, default=None)
    rule = finder.rules.first_match(finder.rules.context(doc, cand.start, cand.end, finder.lex, prev))
    assert rule is not None and rule.id == rule_id
    # a typed name keeps the rule as its mention's kg:foundBy
    if typ is not None:
        assert found_by in {m.source for m in doc._.kg_mentions if m.text.endswith(name)}


@pytest.mark.parametrize("rule_id, sentence, chunk", DROPS, ids=[r[0] for r in DROPS])
def test_rule_drops(nlp, finder, rule_id, sentence, chunk):
    doc = run_doc(nlp, sentence)
    s, e = _span(doc, chunk)
    rule = finder.rules.first_match(finder.rules.context(doc, s, e, finder.lex, None))
    assert rule is not None and rule.id == rule_id and rule.drop
    assert finder.rules.type_chunk(doc, s, e, finder.lex, None) is None


def test_every_rule_has_a_sentence():
    ids = [row["id"] for row in read_rows(default_rules_path())]
    assert sorted(ids) == sorted([r[0] for r in ROWS] + [d[0] for d in DROPS])


def _kinds(cond: dict) -> list[str]:
    kinds = [k for k in CONDITION_KINDS if k in cond]
    for k in ("not",):
        if k in cond:
            kinds += _kinds(cond[k])
    for k in ("any", "all"):
        for sub in cond.get(k, []):
            kinds += _kinds(sub)
    return kinds


def _leaves(cond: dict) -> list[dict]:
    if "not" in cond:
        return _leaves(cond["not"])
    if "any" in cond or "all" in cond:
        return [leaf for sub in cond.get("any", cond.get("all", [])) for leaf in _leaves(sub)]
    return [cond]


def test_table_and_code_agree(lex):
    rows = read_rows(default_rules_path())
    used_predicates, used_shapes = set(), set()
    for row in rows:
        assert row.get("type") in (*ENTITY_TYPES, None), row["id"]
        assert row.get("drop") or "type" in row, f"{row['id']}: say type null for weak evidence"
        for cond in row["when"]:
            for leaf in _leaves(cond):
                kinds = _kinds(leaf)
                assert len(kinds) == 1, f"{row['id']}: {leaf} has no single known condition kind"
                if "predicate" in leaf:
                    assert leaf["predicate"] in PREDICATES, row["id"]
                    used_predicates.add(leaf["predicate"])
                if "shape" in leaf:
                    used_shapes.add(leaf["shape"])
                for field in ("in",):
                    if field in leaf:
                        assert hasattr(lex, leaf[field]), f"{row['id']}: no lexicon field {leaf[field]!r}"
    assert used_predicates == set(PREDICATES), "a registered predicate no rule uses"
    assert used_shapes == set(SHAPES), "a shape no rule uses"
    assert rows[-1]["when"] == [], "the last rule is the catch-all"
    table = RuleTable(rows, lex)
    # every "in"/"is" token test became PhraseMatcher patterns, one key per distinct test
    leaves = [leaf for row in rows for cond in row["when"] for leaf in _leaves(cond)]
    tests = {(bool(leaf.get("lower")), leaf.get("in") or json.dumps(sorted(leaf["is"])))
             for leaf in leaves if ("word" in leaf or "any_word" in leaf) and ("in" in leaf or "is" in leaf)}
    assert len(table.patterns) == len(tests)


@pytest.mark.parametrize("bad, message", [
    ({"id": "x", "type": None, "when": [{"colour": "red"}]}, "unknown condition kind"),
    ({"id": "x", "type": None, "when": [{"predicate": "no-such"}]}, "unknown predicate"),
    ({"id": "x", "type": "Animal", "when": []}, "unknown type"),
    ({"id": "x", "type": None, "when": [{"word": "next9", "is": ["a"]}]}, "unknown word position"),
    ({"id": "x", "type": None, "when": [{"word": "first", "in": "no_such_list"}]}, "unknown lexicon field"),
])
def test_bad_rows_are_refused(lex, bad, message):
    with pytest.raises(ValueError, match=message):
        RuleTable([bad], lex)


def test_component_round_trips_through_disk(nlp, tmp_path):
    """nlp.to_disk then spacy.load gives the same entities and mentions, and the
    rule table read back is the one in the saved folder."""
    text = ("Later Tamsin Hallow, a spokeswoman for the ministry, said the Tarvel Regional Council "
            "met near Kovrast. Three QXL fighters were detained. The visit by Quorvane ended early.")
    nlp.to_disk(tmp_path / "pipeline")
    saved = tmp_path / "pipeline" / "kg_entities"
    for name in (*EntityFinder.FILES, "entity_rules.jsonl"):
        assert (saved / name).read_bytes() == (default_rules_path().parent / name).read_bytes(), name
    loaded = spacy.load(tmp_path / "pipeline")
    a, b = run_doc(nlp, text), run_doc(loaded, text)
    assert a._.kg_mentions == b._.kg_mentions and a._.kg_entities == b._.kg_entities
    assert [(e.text, e.label_) for e in a.ents] == [(e.text, e.label_) for e in b.ents]

    # the saved table is what the loaded component uses: drop the locative rule
    rows = [json.loads(line) for line in (saved / "entity_rules.jsonl").read_text(encoding="utf-8").splitlines()]
    (saved / "entity_rules.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows if r["id"] != "locative"), encoding="utf-8")
    changed = run_doc(spacy.load(tmp_path / "pipeline"), text)
    sources = {m.text: m.source for m in changed._.kg_mentions}
    assert sources.get("Kovrast") != "locative" and {m.text: m.source for m in a._.kg_mentions}["Kovrast"] == \
        "locative"


def test_rules_work_across_memory_zones():
    """The build processes each article inside nlp.memory_zone(), which forgets the strings
    added in it; the token matchers built during the first article must still work after it."""
    from kg.nlp.assemble import build_nlp

    fresh = build_nlp("none", decide=False)
    for text in ("Shelling was reported near Kovrast overnight.", "Three QXL fighters were detained."):
        with fresh.memory_zone():
            doc = run_doc(fresh, text)
            assert {m.source for m in doc._.kg_mentions} & {"locative", "acronym-context"}


@pytest.mark.parametrize("sentence, holds", [
    ("Ada Corwen, ORV’s Group Communications Executive, confirmed the fine.", True),
    ("Ada Corwen, ORV’s Corporate Services, confirmed the fine.", False),
])
def test_a_job_title_in_capitals_after_a_possessive_is_a_role(nlp, finder, sentence, holds):
    """"NAME, ABC's Group Communications Executive,": a title of capitalised words that ends with a
    role word says the name before the comma is the role's holder."""
    doc = run_doc(nlp, sentence)
    ctx = finder.rules.context(doc, 0, 2, finder.lex, None)
    assert PREDICATES["possessive-role-after"](ctx) is holds
