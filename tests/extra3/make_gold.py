"""Gold for the third set of extra articles, annotated before kg was run on them.
Written to measure the shipped NER: almost every name here is in no gazetteer
or name list kg ships (invented or rare people, groups, villages)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "extra"))
from make_gold import A, C, D, E, L, O, P, write  # noqa: E402

GOLD = {
    "k01_cholera.txt": {
        "published": None,
        "entities": [
            E("Zambezi", L), E("Mutarara", L), E("Thandiwe Mbeki-Ncube", P), E("Ilidio Chambal", P, "Chambal"),
            E("Kubatsirana Trust", O), E("Doa", L), E("Charre", L), E("Renata Mucavele", P), E("Tete", L),
        ],
        "affiliations": [A("Renata Mucavele", "Kubatsirana Trust", "spokeswoman", True)],
        "counts": [
            C("more than 1,200 suspected cholera cases", 1200, "suspected cholera cases", "case", "more than"),
            C("three nurses", 3, "nurses", "nurse"),
            C("40,000 water purification tablets", 40000, "water purification tablets", "tablet"),
            C("two villages", 2, "villages", "village", optional=True),
            C("about 300 more health workers", 300, "more health workers", "worker", "about"),
            C("At least 17 people", 17, "people", "person", "at least"),
        ],
        "dates": [D("Monday", None)],
    },
    "k02_strike.txt": {
        "published": None,
        "entities": [
            E("Valparaiso", L), E("Puerto Andino", O), E("Frente Portuario", O), E("Osvaldo Retamal", P),
            E("Chile", L), E("Ximena Orellana", P),
        ],
        "affiliations": [A("Osvaldo Retamal", "Frente Portuario", "president", False)],
        "counts": [
            C("Thousands of dockworkers", None, "dockworkers", "dockworker", "about", optional=True),
            C("about 4,500 workers", 4500, "workers", "worker", "about"),
            C("150 skilled jobs", 150, "skilled jobs", "job"),
            C("up to $30 million", 30000000, "losses", "dollar", "up to"),
        ],
        "dates": [D("Wednesday", None)],
    },
    "k03_mine.txt": {
        "published": None,
        "entities": [
            E("Kivu", L), E("Kamituga", L), E("Democratic Republic of Congo", L), E("Alexis Bulambo", P, "Bulambo"),
            E("Mwenga", L), E("Coomika", O), E("Jeanine Mukeba", P), E("Sauvons Kamituga", O), E("South Kivu", L),
        ],
        "affiliations": [A("Jeanine Mukeba", "Sauvons Kamituga", "heads", False)],
        "counts": [
            C("23 miners", 23, "miners", "miner"),
            C("Eleven of the miners", 11, "miners", "miner"),
            C("around 800 diggers", 800, "diggers", "digger", "about"),
            C("dozens of people", None, "people", "person", "about", optional=True),
        ],
        "dates": [D("Saturday", None), D("Tuesday", None)],
    },
    "k04_election.txt": {
        "published": "2024-11-04",
        "entities": [
            E("Tallmark", L), E("Reuters", O), E("Greta Holmquist", P, "Holmquist"), E("Green Harbour Alliance", O),
            E("Nordvik Shipping", O), E("Anders Lidgren", P), E("Civic Union", O), E("Pia Sunvall", P),
        ],
        "affiliations": [
            A("Greta Holmquist", "Green Harbour Alliance", "leads", False),
            A("Anders Lidgren", "Civic Union", "mayor", False, optional=True),
        ],
        "counts": [
            C("120,000 people", 120000, "people", "person"),
            C("2,300 votes", 2300, "votes", "vote", date="2024-11-03"),
            C("about 4,000 postal ballots", 4000, "postal ballots", "ballot", "about"),
        ],
        "dates": [D("Nov 4, 2024", "2024-11-04"), D("Sunday", "2024-11-03")],
    },
}

if __name__ == "__main__":
    write(GOLD, Path(__file__).parent / "gold")
