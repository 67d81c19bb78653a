"""Gold for the extra test articles (same format as ../gold, GUIDELINE v1). Hand-annotated;
kept as Python for readability, written out as JSON by running this file."""

import json
from pathlib import Path

O, P, L = "Organisation", "Person", "Place"  # noqa: E741


def E(name, t, *aliases, optional=False):
    d = {"name": name, "type": t, "aliases": list(aliases)}
    if optional:
        d["optional"] = True
    return d


def A(person, org, role, spk, optional=False):
    d = {"person": person, "organisation": org, "role": role, "spokesperson": spk}
    if optional:
        d["optional"] = True
    return d


def C(text, value, what, head, qualifier="exact", upper=None, date=None, optional=False):
    d = {"text": text, "value": value, "upper": upper, "qualifier": qualifier, "what": what, "head": head,
         "date": date}
    if optional:
        d["optional"] = True
    return d


def D(text, value):
    return {"text": text, "value": value}


GOLD = {
    "e01_sudan.txt": {
        "published": "2023-06-14",
        "entities": [
            E("Khartoum", L), E("Sudan", L), E("West Darfur", L), E("Darfur", L),
            E("World Health Organization", O), E("Rapid Support Forces", O, "RSF"), E("El Geneina", L),
            E("Youssef Ezzat", P), E("Al Jazeera", O), E("United Nations", O), E("Chad", L), E("Adre", L),
            E("Abdelrahman Fadl", P), E("Medecins Sans Frontieres", O),
            E("Sudanese Armed Forces", O), E("Abdel Fattah al-Burhan", P), E("Omdurman", L),
        ],
        "affiliations": [
            A("Youssef Ezzat", "Rapid Support Forces", "spokesman", True),
            A("Abdelrahman Fadl", "Medecins Sans Frontieres", "doctor", False),
            A("Abdel Fattah al-Burhan", "Sudanese Armed Forces", "General", False, optional=True),
        ],
        "counts": [
            C("At least 1,200 people", 1200, "people", "person", "at least"),
            C("more than 150,000 people", 150000, "people", "person", "more than"),
            C("some 20,000 refugees", 20000, "refugees", "refugee", "about", date="2023-06-12"),
            C("300 wounded patients", 300, "wounded patients", "patient"),
        ],
        "dates": [D("April", "2023-04"), D("Tuesday", "2023-06-13"), D("Monday", "2023-06-12"),
                  D("Sunday", "2023-06-11")],
    },
    "e02_election.txt": {
        "published": "2024-05-30",
        "entities": [
            E("South Africa", L), E("Independent Electoral Commission", O, "IEC"),
            E("African National Congress", O), E("Mahlengi Bhengu", P), E("Democratic Alliance", O),
            E("John Steenhuisen", P), E("Cape Town", L), E("Soweto", L), E("Durban", L),
            E("Mosotho Moepya", P),
        ],
        "affiliations": [
            A("Mahlengi Bhengu", "African National Congress", "spokesman", True),
            A("John Steenhuisen", "Democratic Alliance", "leader", False),
            A("Mosotho Moepya", "Independent Electoral Commission", "chairperson", False, optional=True),
        ],
        "counts": [
            C("more than 16 million", 16000000, "registered voters", "voter", "more than"),
            C("27.7 million registered voters", 27700000, "registered voters", "voter"),
            C("23,292 voting stations", 23292, "voting stations", "station"),
        ],
        "dates": [D("Wednesday", "2024-05-29"), D("1994", "1994"), D("Sunday", None)],
    },
    "e03_quake.txt": {
        "published": "2023-02-08",
        "entities": [
            E("Antakya", L), E("Turkey", L), E("Syria", L), E("AFAD", O), E("White Helmets", O),
            E("Idlib", L), E("Aleppo", L), E("Raed al-Saleh", P), E("Recep Tayyip Erdogan", P, "Mr Erdogan"),
            E("Kahramanmaras", L),
        ],
        "affiliations": [A("Raed al-Saleh", "White Helmets", "head", False)],
        "counts": [
            C("more than 11,000", 11000, "death toll", "death", "more than", optional=True),
            C("8,574 people", 8574, "people", "person"),
            C("more than 60,000 rescue workers", 60000, "rescue workers", "worker", "more than"),
            C("at least 1,280 people", 1280, "people", "person", "at least"),
            C("10 provinces", 10, "provinces", "province", optional=True),
        ],
        "dates": [D("Wednesday", "2023-02-08")],
    },
    "e04_business.txt": {
        "published": "2024-01-25",
        "entities": [
            E("Tesla", O), E("Elon Musk", P), E("New York", L), E("Gary Black", P), E("Future Fund", O),
            E("BYD", O), E("Berlin", L),
        ],
        "affiliations": [
            A("Elon Musk", "Tesla", "Chief executive", False),
            A("Gary Black", "Future Fund", "portfolio manager", False),
        ],
        "counts": [
            C("$7.9 billion", 7900000000, "profit", "dollar"),
            C("484,507 vehicles", 484507, "vehicles", "vehicle", date="2023"),
            C("more than 3 million vehicles", 3000000, "vehicles", "vehicle", "more than", date="2023"),
            C("some 140,000 people", 140000, "people", "person", "about"),
            C("about 12,000", 12000, "people", "person", "about"),
        ],
        "dates": [D("Wednesday", "2024-01-24"), D("2023", "2023"), D("this year", "2024"), D("last year", "2023")],
    },
    "e05_floods.txt": {
        "published": "2022-08-30",
        "entities": [
            E("Islamabad", L), E("Pakistan", L), E("National Disaster Management Authority", O),
            E("Shehbaz Sharif", P), E("Sindh", L), E("Sherry Rehman", P), E("Reuters", O),
            E("United Nations", O), E("UNICEF", O), E("James Elder", P),
        ],
        "affiliations": [A("James Elder", "UNICEF", "spokesman", True)],
        "counts": [
            C("more than 1,100 people", 1100, "people", "person", "more than"),
            C("33 million people", 33000000, "people", "person"),
            C("About 1 million homes", 1000000, "homes", "home", "about"),
            C("400 children", 400, "children", "child"),
            C("$160 million", 160000000, "appeal", "dollar", date="2022-08-30"),
            C("up to 3.4 million children", 3400000, "children", "child", "up to"),
        ],
        "dates": [D("June", "2022-06"), D("Monday", "2022-08-29"), D("Tuesday", "2022-08-30")],
    },
    "e06_ukraine.txt": {
        "published": "2022-10-11",
        "entities": [
            E("Kyiv", L), E("Ukraine", L), E("Lviv", L), E("Kharkiv", L), E("Dnipro", L),
            E("Volodymyr Zelensky", P), E("Russia", L), E("Kremlin", O), E("Dmitry Peskov", P),
            E("NATO", O), E("Jens Stoltenberg", P),
        ],
        "affiliations": [
            A("Dmitry Peskov", "Kremlin", "spokesman", True),
            A("Jens Stoltenberg", "NATO", "Secretary General", False),
        ],
        "counts": [
            C("19 people", 19, "people", "person", date="2022-10-10"),
            C("105", 105, "people", "person", date="2022-10-10"),
            C("43 of the 84 cruise missiles", 43, "cruise missiles", "missile", optional=True),
            C("84 cruise missiles", 84, "cruise missiles", "missile"),
            C("at least a dozen other cities", 12, "other cities", "city", "at least", optional=True),
        ],
        "dates": [D("Monday", "2022-10-10")],
    },
    "e07_gaza.txt": {
        "published": "2024-03-02",
        "entities": [
            E("Gaza City", L), E("Gaza", L), E("Daniel Hagari", P), E("Antonio Guterres", P),
            E("United Nations", O, "UN"), E("World Food Programme", O), E("Qatar", L), E("Egypt", L),
            E("United States", L),
        ],
        "affiliations": [
            A("Daniel Hagari", "Israeli military", "spokesman", True, optional=True),
            A("Antonio Guterres", "United Nations", "Secretary-General", False),
        ],
        "counts": [
            C("More than 100 Palestinians", 100, "Palestinians", "palestinian", "more than", date="2024-02-29"),
            C("more than 30,000 people", 30000, "people", "person", "more than"),
        ],
        "dates": [D("Thursday", "2024-02-29"), D("January 23", "2024-01-23"), D("October 7", "2023-10-07")],
    },
    "e08_migrants.txt": {
        "published": None,
        "entities": [
            E("Mediterranean Sea", L, "Mediterranean"), E("Lampedusa", L), E("Sfax", L), E("Tunisia", L),
            E("Flavio Di Giacomo", P), E("International Organization for Migration", O, "IOM"),
            E("Giorgia Meloni", P), E("Europe", L),
        ],
        "affiliations": [A("Flavio Di Giacomo", "International Organization for Migration", "spokesman", True)],
        "counts": [
            C("At least 41 migrants", 41, "migrants", "migrant", "at least"),
            C("The four survivors", 4, "survivors", "survivor", optional=True),
            C("45 people", 45, "people", "person"),
            C("three children", 3, "children", "child"),
            C("more than 1,800 people", 1800, "people", "person", "more than"),
        ],
        "dates": [D("Wednesday", None), D("Thursday", None)],
    },
}

def write(gold: dict, out: Path) -> None:
    """One JSON file per article, in the gold GUIDELINE format."""
    out.mkdir(exist_ok=True)
    for article, g in gold.items():
        doc = {"article": article, **g}
        (out / article.replace(".txt", ".json")).write_text(json.dumps(doc, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    write(GOLD, Path(__file__).parent / "gold")
