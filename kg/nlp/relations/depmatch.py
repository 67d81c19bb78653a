"""A dependency matcher for the small part of spaCy's ``DependencyMatcher`` language that
dependency_patterns.json uses, giving the same matches in the same order, several times faster.

spaCy's matcher runs a token ``Matcher`` over the text, builds Token objects for every match
and every ancestor, then tries the cartesian product of the candidates; on the speed corpus
that was more than half of the relation step (a sixth of ``kg build``). This one reads the
parse once into plain lists and searches node by node.

Supported (anything else raises ``Unsupported``, and the caller keeps spaCy's matcher):
operators ``>`` (an immediate child), ``.`` (immediately before) and ``;`` (immediately
after); token attributes ``DEP`` and ``LOWER`` (a string or ``{"IN": [...]}``) and the
extension ``_.kg_rel`` (a string, ``IN`` or ``NOT_IN``).

What "the same" means, read from spaCy 3.8's ``dependencymatcher.pyx`` and ``span.pyx``:

- matches come pattern by pattern (in the order added); within a pattern, tree by tree, in
  the order of each tree's first token that some node of some pattern matches; within a tree,
  in the order of the product of each node's candidates (ascending token order, the first
  node outermost);
- a sentence matched on its own is a copy of it (``Span.as_doc``): a token whose head lies
  outside takes the label ``dep`` and, as its head, its topmost ancestor inside the sentence,
  else a new root shared by the tokens whose chain leaves the sentence at the same root.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from spacy.attrs import DEP, HEAD, LOWER
from spacy.strings import get_string_id
from spacy.tokens import Doc

_OUTSIDE_DEP = "dep"  # spaCy's label for a token whose head lies outside a copied span
_MASK_TOKENS = 2000  # up to this many tokens, a node's tokens are found with bit masks


class Unsupported(ValueError):
    """A pattern uses an operator or attribute this matcher does not implement."""


@dataclass(frozen=True)
class _Test:
    """One attribute test: ``values`` is the set it must be in (or, ``negate``, not in)."""

    attr: str  # "dep", "lower" or "rel"
    values: frozenset[str]
    negate: bool = False

    def ok(self, value: str) -> bool:
        return (value in self.values) != self.negate


@dataclass(frozen=True)
class _Node:
    tests: tuple[_Test, ...]
    left: int | None  # index of the node this one is related to (None for the first)
    op: str | None


def _tests(attrs: dict) -> tuple[_Test, ...]:
    out = []
    for key, spec in attrs.items():
        if key in {"DEP", "LOWER"}:
            name = key.lower()
            if isinstance(spec, str):
                out.append(_Test(name, frozenset([spec])))
            elif isinstance(spec, dict) and set(spec) == {"IN"}:
                out.append(_Test(name, frozenset(spec["IN"])))
            else:
                raise Unsupported(f"{key}: {spec!r}")
        elif key == "_" and isinstance(spec, dict) and set(spec) == {"kg_rel"}:
            value = spec["kg_rel"]
            if isinstance(value, str):
                out.append(_Test("rel", frozenset([value])))
            elif isinstance(value, dict) and len(value) == 1 and next(iter(value)) in {"IN", "NOT_IN"}:
                op, items = next(iter(value.items()))
                out.append(_Test("rel", frozenset(items), negate=op == "NOT_IN"))
            else:
                raise Unsupported(f"_.kg_rel: {value!r}")
        else:
            raise Unsupported(key)
    return tuple(out)


def _compile(pattern: Sequence[dict]) -> tuple[_Node, ...]:
    ids = [n["RIGHT_ID"] for n in pattern]
    nodes = []
    for k, n in enumerate(pattern):
        if k == 0:
            if "LEFT_ID" in n or "REL_OP" in n:
                raise Unsupported("the first node has a left node")
            nodes.append(_Node(_tests(n.get("RIGHT_ATTRS", {})), None, None))
            continue
        op = n.get("REL_OP")
        if op not in {">", ".", ";"}:
            raise Unsupported(f"operator {op!r}")
        left = ids.index(n["LEFT_ID"])
        if left >= k:
            raise Unsupported("a node is related to a later one")
        nodes.append(_Node(_tests(n.get("RIGHT_ATTRS", {})), left, op))
    return tuple(nodes)


class _Tree:
    """The parse of tokens start..end-1 as plain lists (token i at position i - start)."""

    def __init__(self, start: int, end: int, labels: dict[int, str], alone: bool,
                 heads: list[int], deps: list[str], lowers: list[str]) -> None:
        n = end - start
        head = [heads[i] - start for i in range(start, end)]
        dep = deps[start:end]
        if alone:  # Span.as_doc: heads outside the span are rewired
            dep = list(dep)
            new_roots: dict[int, int] = {}
            for i in range(n):
                if 0 <= head[i] < n:
                    continue
                dep[i] = _OUTSIDE_DEP
                top = None
                a = heads[i + start]
                last = a
                while True:  # the ancestors in the doc, the head first
                    last = a
                    if start <= a < end:
                        top = a - start  # the topmost one inside wins (spaCy's loop does not stop)
                    if heads[a] == a:
                        break
                    a = heads[a]
                if top is not None:
                    head[i] = top
                    continue
                root = new_roots.get(last)
                if root is not None:
                    head[i] = root
                else:
                    head[i] = i
                    new_roots[last] = i
        self.n = n
        self.start = start
        self.head = head
        self.dep = dep
        self.lower = lowers[start:end]
        self.rel = [labels.get(i, "") for i in range(start, end)]
        root = [0] * n
        for i in range(n):
            a = i
            seen = 0
            while head[a] != a and seen <= n:  # (a cycle cannot happen in a parse; the bound is a guard)
                a = head[a]
                seen += 1
            root[i] = a
        self.root = root
        children: list[list[int]] = [[] for _ in range(n)]  # in token order
        for i in range(n):
            if head[i] != i:
                children[head[i]].append(i)
        self.children = children



class FastDependencyMatcher:
    """Patterns added by id, then called on a doc (or on sentences of it, each as alone)."""

    def __init__(self) -> None:
        self._patterns: list[tuple[int, tuple[_Node, ...]]] = []
        self._tests: set[_Test] = set()

    def add(self, key: str, pattern: Sequence[dict]) -> None:
        nodes = _compile(pattern)
        self._patterns.append((get_string_id(key), nodes))
        self._tests.update(t for node in nodes for t in node.tests)

    def __call__(self, doc: Doc, labels: dict[int, str], start: int = 0, end: int | None = None,
                 alone: bool = False, arrays: tuple[list[int], list[str], list[str]] | None = None
                 ) -> list[tuple[int, list[int]]]:
        """Matches in doc[start:end] as (pattern key, token indices of the doc, one per node):
        ``alone`` reads the span as ``Span.as_doc`` would make it (a sentence matched alone),
        else the whole doc's parse (``start``/``end`` only limit where the trees are looked for:
        give the whole doc to match as spaCy's matcher does on a Doc)."""
        end = len(doc) if end is None else end
        heads, deps, lowers = arrays if arrays is not None else doc_arrays(doc)
        tree = _Tree(start, end, labels, alone, heads, deps, lowers)
        n = tree.n
        columns = {"dep": tree.dep, "lower": tree.lower, "rel": tree.rel}
        # the tokens each node of each pattern passes: in token order, and as flags (a bit mask of the
        # tokens for a sentence; a list for a long doc, where masks of 100,000 bits would be slow)
        small = n <= _MASK_TOKENS
        results: dict[_Test, int | list[bool]] = {}  # each distinct test once per token
        for test in self._tests:
            values, negate = test.values, test.negate
            col = columns[test.attr]
            results[test] = sum(1 << i for i, v in enumerate(col) if (v in values) != negate) if small \
                else [(v in values) != negate for v in col]
        passing: list[list[list[int]]] = []
        passes: list[list[int | list[bool]]] = []
        made: dict[tuple[_Test, ...], tuple[list[int], int | list[bool]]] = {}  # nodes of the same tests
        for _, nodes in self._patterns:
            lists, flags = [], []
            for node in nodes:
                if node.tests not in made:
                    cols = [results[t] for t in node.tests]
                    if small:
                        mask = (1 << n) - 1
                        for c in cols:
                            mask &= c  # type: ignore[operator]
                        made[node.tests] = _bits(mask), mask
                    else:
                        ok = [True] * n if not cols else cols[0] if len(cols) == 1 \
                            else [all(vs) for vs in zip(*cols, strict=True)]
                        made[node.tests] = [i for i, v in enumerate(ok) if v], ok  # type: ignore[union-attr]
                idx, flag = made[node.tests]
                lists.append(idx)
                flags.append(flag)
            passing.append(lists)
            passes.append(flags)
        matched = [False] * n  # a token some node of some pattern passes
        for idx, _ in made.values():
            for i in idx:
                matched[i] = True
        # trees in the order of their first token that any node matches
        order: list[int] = []
        seen_roots: set[int] = set()
        for i in range(n):
            if matched[i] and tree.root[i] not in seen_roots:
                seen_roots.add(tree.root[i])
                order.append(tree.root[i])
        out: list[tuple[int, list[int]]] = []
        one_tree = len(order) == 1
        root = tree.root
        for (key, nodes), lists, flags in zip(self._patterns, passing, passes, strict=True):
            if any(not c for c in lists):
                continue
            if one_tree:
                _search(tree, nodes, lists, flags, key, out)
                continue
            groups: list[dict[int, list[int]]] = []  # per node: tree -> its candidates, in token order
            for c in lists:
                g: dict[int, list[int]] = {}
                for i in c:
                    g.setdefault(root[i], []).append(i)
                groups.append(g)
            for r in order:
                cands = [g.get(r) for g in groups]
                if all(cands):
                    _search(tree, nodes, cands, flags, key, out)  # type: ignore[arg-type]
        return out


def _bits(mask: int) -> list[int]:
    """The positions of the set bits, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _search(tree: _Tree, nodes: tuple[_Node, ...], cands: list[list[int]], flags: list[int | list[bool]], key: int,
            out: list[tuple[int, list[int]]]) -> None:
    """Every assignment of candidates to nodes that keeps each node's relation, in the order of
    their product (the first node outermost), appended to ``out``. ``cands``: the first node's
    candidates in the tree, in token order; ``flags``: whether each token passes each node (a later
    node's candidates are the tokens its relation allows, in token order: the same order)."""
    chosen: list[int] = []
    n = tree.n

    def step(k: int) -> None:
        if k == len(nodes):
            out.append((key, [tree.start + i for i in chosen]))
            return
        node = nodes[k]
        if node.left is None:
            options: list[int] = cands[k]
        else:  # the tokens the relation allows, in token order, that pass the node
            left = chosen[node.left]
            near = tree.children[left] if node.op == ">" else [left + 1] if node.op == "." else [left - 1]
            ok, root = flags[k], tree.root[left]
            options = [i for i in near if 0 <= i < n and tree.root[i] == root
                       and ((ok >> i) & 1 if isinstance(ok, int) else ok[i])]
        for i in options:
            chosen.append(i)
            step(k + 1)
            chosen.pop()

    step(0)


def doc_arrays(doc: Doc) -> tuple[list[int], list[str], list[str]]:
    """The doc's heads (token indices), dependency labels and lower-case forms, read once
    (from one array: a Token object per token and attribute costs more than the matching)."""
    import numpy

    array = doc.to_array([HEAD, DEP, LOWER])  # uint64; HEAD: the offset to the head, two's complement
    strings = doc.vocab.strings
    heads = (array[:, 0].astype(numpy.int64) + numpy.arange(len(doc))).tolist()
    return heads, [strings[v] for v in array[:, 1].tolist()], [strings[v] for v in array[:, 2].tolist()]
