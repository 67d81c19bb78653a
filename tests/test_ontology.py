import rdflib
from rdflib.namespace import OWL, RDF, RDFS

from kg.rdf.namespaces import KG, NS
from kg.resources import ontology_dir


def _graph():
    return rdflib.Graph().parse(ontology_dir() / "kg.ttl", format="turtle")


def test_namespace_module_matches_the_ontology_file():
    g = _graph()
    in_file = {str(s)[len(NS):] for s in g.subjects() if str(s).startswith(NS)}
    in_module = {k for k in KG.__annotations__}
    assert in_file == in_module


def test_every_term_has_label_and_comment():
    g = _graph()
    for s in set(g.subjects()):
        if str(s).startswith(NS):
            assert g.value(s, RDFS.label), s
            assert g.value(s, RDFS.comment), s


def test_reuses_w3c_and_schema_org():
    g = _graph()
    assert (KG.Person, RDFS.subClassOf, rdflib.URIRef("https://schema.org/Person")) in g
    assert (KG.Article, RDFS.subClassOf, rdflib.URIRef("https://schema.org/NewsArticle")) in g
    assert (KG.attributedTo, RDFS.subPropertyOf, rdflib.URIRef("http://www.w3.org/ns/prov#wasAttributedTo")) in g
    assert set(g.subjects(RDF.type, OWL.Class))


def test_rdfs_gives_back_the_types_the_graph_does_not_write():
    """Facts and mentioned entities carry no rdf:type triple: a property each always has
    says it (rdfs:domain), so an RDFS reasoner (or ``kg validate``) gets the type back."""
    g = _graph()
    for kind, prop in [(KG.Person, KG.personMention), (KG.Organisation, KG.organisationMention),
                       (KG.Place, KG.placeMention), (KG.Affiliation, KG.person), (KG.Count, KG.qualifier),
                       (KG.DateMention, KG.isRelative), (KG.Statement, KG.speakerText), (KG.Event, KG.eventType)]:
        assert (prop, RDFS.domain, kind) in g, prop
    for prop in (KG.personMention, KG.organisationMention, KG.placeMention):
        assert (prop, RDFS.subPropertyOf, KG.mention) in g


def test_misspelled_term_fails():
    import pytest

    with pytest.raises(AttributeError):
        KG.Persn  # noqa: B018


def _declared_prefixes(text: str) -> dict[str, str]:
    import re

    return dict(re.findall(r"@prefix\s+([\w-]+):\s*<([^>]+)>", text))


def test_every_prefix_of_the_ontology_files_is_in_the_namespace_module():
    import json

    from kg.rdf.namespaces import VOCABULARIES

    ttl = _declared_prefixes((ontology_dir() / "kg.ttl").read_text(encoding="utf-8"))
    ctx = json.loads((ontology_dir() / "context.jsonld").read_text(encoding="utf-8"))["@context"]
    ctx_prefixes = {k: v for k, v in ctx.items() if isinstance(v, str) and v.endswith(("#", "/"))}
    assert ttl and ctx_prefixes
    for prefix, iri in {**ttl, **ctx_prefixes}.items():
        assert VOCABULARIES.get(prefix) == iri, prefix


def test_export_prefixes_come_from_the_namespace_module():
    from kg.rdf.export import PREFIXES
    from kg.rdf.namespaces import VOCABULARIES

    # a vocabulary kg writes, or one kind of kg's own resources (article/, person/ ...)
    assert PREFIXES and all(VOCABULARIES.get(p) == iri or (p not in VOCABULARIES and iri.startswith(VOCABULARIES["id"]))
                            for p, iri in PREFIXES.items())


def _one_of_everything():
    """An Extraction (built by hand, no spaCy) with every kind of fact mapping writes."""
    from kg.types import Affiliation, Article, Count, DateMention, Entity, Extraction, Mention, Sentence, Statement

    text = "Ana Ruiz of the Harbour Board said 40 boats left Porto Vela on 2 May. 'We are ready,' she told Radio Mar."
    art = Article(source="made-up.txt", text=text, content_hash="0" * 64, path="/data/made-up.txt",
                  published="2021-05-04", published_from="metadata", outlet="Radio Mar", url="https://example.org/a",
                  title="Boats leave")
    ents = {
        "p": Entity("p", "Ana Ruiz", "Person", {"Ana Ruiz", "Ruiz"}),
        "o": Entity("o", "Harbour Board", "Organisation"),
        "w": Entity("w", "Somewhere", "Place", ref_id="wd:Q1"),
        "g": Entity("g", "Elsewhere", "Place", ref_id="gn:1"),
        "r": Entity("r", "Radio Mar", "Organisation", outlet=True),
    }
    return Extraction(
        article=art,
        sentences=[Sentence(0, 0, 70, text[:70]), Sentence(1, 71, len(text), text[71:])],
        entities=ents,
        mentions=[Mention(k, e.label, 0, 1, 0, "test") for k, e in ents.items()],
        affiliations=[Affiliation("p", "o", "spokeswoman", True, 0, 0, 20)],
        dates=[DateMention("2 May", 63, 68, 0, "2021-05-02", "day"),
               DateMention("May 2021", 0, 1, 0, "2021-05", "month"),
               DateMention("2021", 0, 1, 0, "2021", "year"), DateMention("soon", 0, 1, 0, None, None, True)],
        counts=[Count("40 boats", 35, 43, 0, 40.0, upper=45.5, magnitude=10.0, currency="USD", what="boats",
                      head="boat", event="Departure", event_word="left", place="w", date="2021-05-02",
                      organisation="o", attributed_to="p")],
        statements=[Statement("p", "she", "We are ready,", 1, 0, 10, told="r")],
    )


def test_every_iri_mapping_writes_is_in_a_vocabulary_of_the_namespace_module():
    from kg.rdf.mapping import to_quads
    from kg.rdf.namespaces import VOCABULARIES

    quads = list(to_quads(_one_of_everything(), "kg-test"))
    iris = set()
    for q in quads:
        iris.add(q.predicate.value)
        iris.add(q.graph_name.value)
        for term in (q.subject, q.object):
            if hasattr(term, "datatype"):
                iris.add(term.datatype.value)
            else:
                iris.add(term.value)
    # file: IRIs are data (where an article was read from), everything else is in a known vocabulary
    outside = sorted(i for i in iris if not i.startswith(("file:", *VOCABULARIES.values())))
    assert not outside
    prefixes = {p for i in iris for p, ns in VOCABULARIES.items() if i.startswith(ns)}
    assert {"kg", "id", "rdf", "skos", "schema", "xsd", "owl", "wd", "gn"} <= prefixes


def test_every_term_mapping_writes_is_defined():
    """kg.rdf.mapping builds its terms from plain strings (no rdflib in a build): each one it
    writes must be a term of the namespace module's vocabularies (a DefinedNamespace declares its
    terms); every entity type is a class of the ontology (rdf:type kg:Person ...)."""
    from kg.rdf import namespaces
    from kg.rdf.mapping import P, to_quads
    from kg.types import ENTITY_TYPES

    closed = {namespaces.NS: namespaces.KG, str(namespaces.RDF): namespaces.RDF,
              str(namespaces.SKOS): namespaces.SKOS, str(namespaces.OWL): namespaces.OWL,
              str(namespaces.XSD): namespaces.XSD, str(namespaces.SCHEMA): namespaces.SCHEMA}
    terms = set()
    for q in to_quads(_one_of_everything(), "kg-test"):
        terms.add(q.predicate.value)
        terms.update(t.datatype.value if hasattr(t, "datatype") else t.value for t in (q.subject, q.object))
    terms.update(getattr(P, t).value for t in ENTITY_TYPES)
    checked = 0
    for term in sorted(terms):
        for ns, vocab in closed.items():
            if term.startswith(ns) and "/" not in term[len(ns):]:
                name = term[len(ns):]
                assert name in vocab.__annotations__ or name in getattr(vocab, "_extras", ()), term
                checked += 1
    assert checked >= 20


def test_plain_iri_strings_agree_with_the_namespaces():
    from kg.rdf import iris, namespaces

    assert iris.ID == str(namespaces.ID) and iris.KG == namespaces.NS and iris.XSD == str(namespaces.XSD)
    assert iris.SKOS == str(namespaces.SKOS) and iris.SCHEMA == str(namespaces.SCHEMA)
    for prefix in ("rdf", "rdfs", "owl", "prov", "dcterms"):
        assert getattr(iris, prefix.upper()) == namespaces.VOCABULARIES[prefix], prefix
