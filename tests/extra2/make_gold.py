"""Gold for the second set of extra articles, annotated before kg was run on them:
their first score is kg's figure on text nobody tuned for."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "extra"))
from make_gold import A, C, D, E, L, O, P, write  # noqa: E402

GOLD = {
    "h01_wildfire.txt": {
        "published": "2025-01-10",
        "entities": [
            E("Los Angeles", L), E("Los Angeles County", L), E("Los Angeles Fire Department", O),
            E("Kristin Crowley", P), E("Gavin Newsom", P), E("California", L),
            E("National Weather Service", O), E("Moody's", O),
        ],
        "affiliations": [A("Kristin Crowley", "Los Angeles Fire Department", "Chief", False)],
        "counts": [
            C("more than 10,000 structures", 10000, "structures", "structure", "more than"),
            C("about 180,000 people", 180000, "people", "person", "about"),
            C("At least 10 people", 10, "people", "person", "at least"),
            C("1,400 firefighters", 1400, "firefighters", "firefighter"),
            C("$20 billion", 20000000000, "losses", "dollar", "more than"),
        ],
        "dates": [D("Thursday", "2025-01-09"), D("Friday", "2025-01-10")],
    },
    "h02_haiti.txt": {
        "published": None,
        "entities": [
            E("Haiti", L), E("International Organization for Migration", O), E("Jimmy Cherizier", P),
            E("Viv Ansanm", O), E("Port-au-Prince", L), E("United Nations", O, "UN"), E("Kenya", L),
            E("Godfrey Otunge", P), E("Associated Press", O), E("Volker Turk", P),
        ],
        "affiliations": [
            A("Jimmy Cherizier", "Viv Ansanm", "leads", False, optional=True),
            A("Volker Turk", "United Nations", "human rights chief", False),
        ],
        "counts": [
            C("more than 360,000 people", 360000, "people", "person", "more than"),
            C("400 police officers", 400, "police officers", "officer"),
            C("Between 3,000 and 4,000 people", 3000, "people", "person", "between", upper=4000),
        ],
        "dates": [D("Tuesday", None), D("last year", None)],
    },
    "h03_bank.txt": {
        "published": "2024-10-31",
        "entities": [
            E("Bank of England", O), E("Britain", L), E("Andrew Bailey", P), E("Goldman Sachs", O),
            E("Rachel Reeves", P), E("Office for Budget Responsibility", O), E("Paul Dales", P),
            E("Capital Economics", O), E("UK", L, optional=True),
        ],
        "affiliations": [
            A("Paul Dales", "Capital Economics", "chief UK economist", False),
            A("Andrew Bailey", "Bank of England", "Governor", False, optional=True),
        ],
        "counts": [C("40 billion pounds", 40000000000, "pounds", "pound")],
        "dates": [D("September", "2024-09"), D("last month", "2024-09"), D("Wednesday", "2024-10-30")],
    },
    "h04_myanmar.txt": {
        "published": "2024-11-20",
        "entities": [
            E("Yangon", L), E("Myanmar", L), E("Rakhine State", L, "Rakhine"), E("Arakan Army", O),
            E("Maungdaw", L), E("Khine Thu Kha", P), E("Reuters", O), E("Zaw Min Tun", P),
            E("Human Rights Watch", O), E("United Nations", O, optional=True),
        ],
        "affiliations": [A("Khine Thu Kha", "Arakan Army", "spokesman", True)],
        "counts": [
            C("nearly 50,000 people", 50000, "people", "person", "about"),
            C("200 soldiers", 200, "soldiers", "soldier", date="2024-11-16"),
            C("at least 30 Rohingya civilians", 30, "Rohingya civilians", "civilian", "at least", date="2024-08"),
        ],
        "dates": [D("Monday", "2024-11-18"), D("Saturday", "2024-11-16"), D("August", "2024-08")],
    },
}

if __name__ == "__main__":
    write(GOLD, Path(__file__).parent / "gold")
