"""The shape of kg/nlp/relations: the registry of relation kinds drives the components, no
function over 80 lines (in kg/nlp/relations and kg/nlp/entities), no import cycle in kg/nlp."""

import ast
from pathlib import Path

import rdflib
import spacy
from spacy.language import Language

import kg.nlp.factories  # noqa: F401 (registers the components)
from kg.nlp.components import RelationFinder
from kg.nlp.lexicon import load_lexicon
from kg.nlp.relations.registry import GENERIC, RelationKind, _resolve, relation_kinds, run_kinds
from kg.relation_kinds import generic_kinds
from kg.types import Relation

ROOT = Path(__file__).resolve().parent.parent
NLP = ROOT / "kg" / "nlp"
KG = "https://w3id.org/kg-news/ontology#"


def test_every_kind_names_what_exists():
    onto = rdflib.Graph().parse(ROOT / "ontology" / "kg.ttl")
    names = [k.name for k in relation_kinds()]
    assert names[:1] == ["affiliation"] and {"spokesperson", "statement", "count_link"} <= set(names)
    assert len(names) == len(set(names))
    for k in relation_kinds():
        for term in (k.cls, k.predicate):
            assert term.startswith("kg:") and (rdflib.URIRef(KG + term[3:]), None, None) in onto, (k.name, term)
        for dotted in (k.finder, k.decision):
            assert dotted is None or callable(_resolve(dotted)), (k.name, dotted)
        assert k.finder is not None or k.part_of in names, k.name
        assert (ROOT / "queries" / f"{k.query}.rq").is_file(), k.name
        assert k.writes is None or spacy.tokens.Doc.has_extension(k.writes), k.name
        assert Language.has_factory(k.component), k.name


def test_a_kind_with_a_record_of_its_own_names_what_exists():
    """Its row's predicates are ontology terms, its data file is read with the component's."""
    onto = rdflib.Graph().parse(ROOT / "ontology" / "kg.ttl")
    kinds = generic_kinds()
    assert "role_change" in kinds
    for k in kinds.values():
        assert k.writes == GENERIC, k.name
        for term in (k.record.subject, k.record.object, *(p for p, _ in k.record.fields.values())):
            assert (rdflib.URIRef(KG + term[3:]), None, None) in onto, (k.name, term)
        assert {d for _, d in k.record.fields.values()} <= {"string", "date", "decimal", "boolean"}
        assert set(k.record.label) <= set(k.record.fields), k.name
        assert k.record.data in RelationFinder.FILES and k.record.data in load_lexicon(None, (k.record.data,)).kinds


def _find_two(doc, lex):
    ents = sorted(doc._.kg_entities)
    return [Relation("twin", e, None, 0, 0, 1, 0.5, "test", "one", {}) for e in ents[:2]]


def test_kinds_with_a_record_of_their_own_all_append_to_one_extension():
    """Two kinds writing the generic record: the second adds to what the first wrote."""
    one = RelationKind("twin", "kg:Relation", "kg:holder", f"{__name__}:_find_two", None, GENERIC, "kg_relations",
                       "role_changes")
    doc = spacy.blank("en")("Nothing here.")
    doc._.kg_entities = {"a": None, "b": None}
    run_kinds("kg_relations", doc, load_lexicon(None, ("relations.json",)), [one, one])
    assert [r.subject for r in doc._.kg_relations_generic] == ["a", "b", "a", "b"]


def _find_loud_words(doc, lex):
    return [t.text for t in doc if t.is_upper and len(t) > 1]


def _only_long(doc, lex, found):
    return [w for w in found if len(w) > 3]


def test_a_new_kind_is_a_row_a_finder_and_a_decision():
    """A kind added to the table runs in its component and writes what its decision keeps."""
    spacy.tokens.Doc.set_extension("kg_test_loud", default=None, force=True)
    kind = RelationKind("loud", "kg:Statement", "kg:speaker", f"{__name__}:_find_loud_words",
                        f"{__name__}:_only_long", "kg_test_loud", "kg_relations", "statements")
    doc = spacy.blank("en")("The NATO and UN envoys met the OSCE team.")
    run_kinds("kg_relations", doc, load_lexicon(None, ("relations.json",)), [kind])
    assert doc._.kg_test_loud == ["NATO", "OSCE"]
    doc._.kg_test_loud = None
    run_kinds("kg_count_links", doc, load_lexicon(None, ("relations.json",)), [kind])
    assert doc._.kg_test_loud is None  # another component's kind does not run


def _long_functions(folder: Path, limit: int, files: list[Path] | None = None) -> list[str]:
    out = []
    for p in files if files is not None else sorted(folder.rglob("*.py")):
        for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.end_lineno - n.lineno + 1 > limit:
                out.append(f"{p.relative_to(ROOT)}:{n.lineno} {n.name} ({n.end_lineno - n.lineno + 1} lines)")
    return out


def test_no_function_in_kg_nlp_over_80_lines():
    """Issue 40: no function of kg/nlp (relations, entities, counts, dates and the rest) over 80 lines."""
    assert _long_functions(NLP, 80) == []


def test_long_function_finder_counts_the_def_node(tmp_path: Path, monkeypatch):
    """A function of 81 lines is found, one of 80 is not."""
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    lines = lambda k: "\n".join(f"    x{i} = {i}" for i in range(k))  # noqa: E731
    (tmp_path / "m.py").write_text(f"def ok():\n{lines(79)}\n\n\ndef long():\n{lines(80)}\n", encoding="utf-8")
    assert _long_functions(tmp_path, 80) == ["m.py:83 long (81 lines)"]


def _module_name(p: Path) -> str:
    parts = p.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(p: Path, name: str, modules: set[str]) -> set[str]:
    """The kg.nlp modules ``p`` imports, at run time (not under ``if TYPE_CHECKING:``), anywhere in it."""
    tree = ast.parse(p.read_text(encoding="utf-8"))
    skip = {id(x) for n in ast.walk(tree) if isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test)
            for b in n.body for x in ast.walk(b)}
    out = set()
    for n in ast.walk(tree):
        if id(n) in skip:
            continue
        if isinstance(n, ast.ImportFrom) and n.module and not n.level:
            for a in n.names:
                full = f"{n.module}.{a.name}"
                out.add(full if full in modules else n.module)
        elif isinstance(n, ast.Import):
            out |= {a.name for a in n.names}
    return {m for m in out if m in modules and m != name}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle_in_kg_nlp():
    files = {_module_name(p): p for p in NLP.rglob("*.py")}
    graph = {name: _imports(p, name, set(files)) for name, p in files.items()}
    assert graph["kg.nlp.relations.affiliations"]  # the walk sees imports at all
    assert _cycles(graph) == []
