"""Corrections applied to one article graph: a pure function of its quads and the corrections.

``apply(quads, corrections)`` gives the graph's quads rewritten and the numbers of the
corrections that changed something. It reads nothing else (no store, no spaCy), so the same
correction gives the same graph whether it is applied when it is made, to an article built
again, or to a store that loads a curation export. Applying a correction twice changes
nothing the second time.

What each action does in a graph (see kg.curation.model.Correction for the fields):

merge      every occurrence of the target (subject or object) becomes ``keep``; the target's
           names become ``keep``'s other names (skos:altLabel); where only the target was,
           ``keep`` gets its preferred name from the correction; the merged mentions take
           ``keep``'s type
retype     the entity's mention property (and rdf:type) says the new type; an affiliation
           whose person is no longer a Person, or organisation no longer an Organisation,
           goes, and so does a count's place that is no longer a Place
relabel    the preferred name changes; the old one becomes an other name
split      the mentions of the entity whose text is the alias (any letter case) move to the
           new entity, named by the alias; the alias is no longer an other name of the entity
reject     an entity: its mentions, names and affiliations go, and every other statement that
           names it (a count's place, a statement's speaker); a fact: the node (an event with
           its count's link, a count with its event) or the mention of the correction's article
           and kind that says what the recorded one said (its text and sentence; offsets only
           tell equal texts apart)
affiliate  an affiliation node (``article/SOURCE/curation-N``) of the person and organisation,
           spanning the sentence of the person's first mention, when both are in the article
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kg.curation.model import Correction

if TYPE_CHECKING:
    import pyoxigraph as ox

Triple = tuple  # (subject, predicate, object) pyoxigraph terms


class _Terms:
    """The predicates and classes the rewrites read, built once."""

    def __init__(self) -> None:
        import pyoxigraph as ox

        from kg.rdf.iris import KG

        skos = "http://www.w3.org/2004/02/skos/core#"
        self.type = ox.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
        self.pref = ox.NamedNode(skos + "prefLabel")
        self.alt = ox.NamedNode(skos + "altLabel")
        self.mention = {t: ox.NamedNode(KG + t.lower() + "Mention") for t in ("Organisation", "Person", "Place")}
        self.mention_type = {p: t for t, p in self.mention.items()}
        self.cls = {t: ox.NamedNode(KG + t) for t in ("Organisation", "Person", "Place")}
        self.cls_type = {c: t for t, c in self.cls.items()}
        from kg.rdf.mapping import SPAN

        for name in ("text", "sentences", "person", "organisation", "role", "isSpokesperson", "place", "event",
                     "speaker", "speakerText"):
            setattr(self, name, ox.NamedNode(KG + name))
        self.kind = SPAN  # a fact's class is said by its span property
        from kg.relation_kinds import generic_kinds

        # the predicates that tie a relation of a kind with a record of its own to its subject
        self.subjects = {ox.NamedNode(KG + k.record.subject.partition(":")[2]) for k in generic_kinds().values()}
        # (the predicate of an end, whether it is the subject) -> the type that end must have
        self.ends = {(ox.NamedNode(KG + pred.partition(":")[2]), subject): type_ for k in generic_kinds().values()
                     for pred, subject, type_ in ((k.record.subject, True, k.record.subject_type),
                                                  (k.record.object, False, k.record.object_type)) if type_}
        self.boolean = ox.NamedNode("http://www.w3.org/2001/XMLSchema#boolean")


_T: _Terms | None = None


def _terms() -> _Terms:
    global _T
    if _T is None:
        _T = _Terms()
    return _T


def apply(quads: Sequence[ox.Quad], corrections: Sequence[Correction]) -> tuple[list[ox.Quad], set[int]]:
    """``quads`` (one article graph) rewritten by ``corrections`` in order, and the numbers of
    the corrections that changed it."""
    import pyoxigraph as ox

    if not quads or not corrections:
        return list(quads), set()
    graph = quads[0].graph_name
    g = _Graph(graph, [(q.subject, q.predicate, q.object) for q in quads])
    g.merges = [(c.n, c.target, c.keep) for c in corrections if c.action == "merge" and c.keep]
    changed = set()
    for c in corrections:
        before = set(g.triples)
        _ACTIONS[c.action](g, c)
        g.triples = list(dict.fromkeys(g.triples))
        if set(g.triples) != before:
            changed.add(c.n)
    if not changed:
        return list(quads), changed
    return [ox.Quad(s, p, o, graph) for s, p, o in g.triples], changed


class _Graph:
    """One article graph as a list of triples, with the lookups the rewrites need."""

    def __init__(self, name: ox.NamedNode, triples: list[Triple]) -> None:
        self.name = name
        self.triples = triples
        self.t = _terms()
        self.merges: list[tuple[int, str, str]] = []  # (n, merged away, kept) of every merge applied

    def follow(self, iri: str | None, after: int) -> ox.NamedNode | None:
        """The entity ``iri`` names in this graph: itself when present, else what the merges
        numbered after ``after`` made of it (a graph they were applied to already no longer has
        it: an affiliation or a rejected mention follows the entity it was merged into)."""
        e, seen = iri, set()
        while e and not self.present(self.node(e)) and e not in seen:
            seen.add(e)
            e = next((keep for n, target, keep in self.merges if target == e and n > after), None)
        return self.node(e) if e and self.present(self.node(e)) else self.node(iri)

    def node(self, iri: str | None) -> ox.NamedNode | None:
        import pyoxigraph as ox

        return ox.NamedNode(iri) if iri else None

    def present(self, e: object) -> bool:
        return any(s == e or o == e for s, _, o in self.triples)

    def values(self, s: object, p: object) -> list:
        return [o for s2, p2, o in self.triples if s2 == s and p2 == p]

    def mentions(self, e: object) -> list[Triple]:
        return [t for t in self.triples if t[0] == e and t[1] in self.t.mention_type]

    def type_of(self, e: object) -> str | None:
        for s, p, _ in self.triples:
            if s == e and p in self.t.mention_type:
                return self.t.mention_type[p]
        for s, p, o in self.triples:
            if s == e and p == self.t.type and o in self.t.cls_type:
                return self.t.cls_type[o]
        return None

    @property
    def sentences(self) -> dict[int, tuple[int, int]] | None:
        """Sentence number -> (start, end) from the article's kg:sentences; None when the graph
        has none (an older layout, whose spans give the sentence's offsets themselves)."""
        for o in self.values(self.name, self.t.sentences):
            out = {}
            for item in o.value.split():
                number, _, rest = item.partition(":")
                start, _, end = rest.partition("-")
                out[int(number)] = (int(start), int(end))
            return out
        return None

    def text(self) -> str:
        for o in self.values(self.name, self.t.text):
            return o.value
        return ""

    def write_speaker_text(self, e: object) -> None:
        """Write out the speaker as written on the statements ``e`` said where it was left out
        (it was ``e``'s label): before that label changes or ``e`` goes."""
        t = self.t
        label = min((o for s, p, o in self.triples if s == e and p == t.pref), key=lambda o: o.value, default=None)
        said = {s for s, p, o in self.triples if p == t.speaker and o == e}
        written = {s for s, p, _ in self.triples if s in said and p == t.speakerText}
        if label is not None:
            self.triples += [(s, t.speakerText, label) for s in sorted(said - written, key=lambda n: n.value)]

    def drop_node(self, node: object) -> None:
        self.triples = [t for t in self.triples if t[0] != node and t[2] != node]

    def fit(self, e: object, type_: str) -> None:
        """Drop what a type makes wrong: affiliations whose person is not a Person (or
        organisation not an Organisation), a count's place that is not a Place, a relation of a
        kind with a record of its own whose subject is not of its row's subject_type (an object not
        of its object_type leaves the relation)."""
        t = self.t
        affiliations = {s for s, p, _ in self.triples if p == t.person}
        wrong = {s for s, p, o in self.triples if o == e and s in affiliations
                 and ((p == t.person and type_ != "Person") or (p == t.organisation and type_ != "Organisation"))}
        for node in wrong:
            self.drop_node(node)
        # a relation of a kind with a record of its own: its subject of the wrong type takes it, its object leaves it
        misfits = {s for s, p, o in self.triples if o == e and t.ends.get((p, True), type_) != type_}
        for node in misfits:
            self.drop_node(node)
        self.triples = [x for x in self.triples if not (x[2] == e and t.ends.get((x[1], False), type_) != type_)]
        if type_ != "Place":
            self.triples = [x for x in self.triples if not (x[1] == t.place and x[2] == e)]

    def settle_type(self, e: object, type_: str | None) -> None:
        """An entity's type: its mention property says it; one with no mention keeps an
        rdf:type while something names it, and goes (names and all) when nothing does."""
        t = self.t
        if self.mentions(e):
            self.triples = [x for x in self.triples if not (x[0] == e and x[1] == t.type and x[2] in t.cls_type)]
            return
        if any(o == e for _, _, o in self.triples):
            if type_ and not any(x[0] == e and x[1] == t.type for x in self.triples):
                self.triples.append((e, t.type, t.cls[type_]))
            return
        self.triples = [x for x in self.triples if x[0] != e]


def _merge(g: _Graph, c: Correction) -> None:
    import pyoxigraph as ox

    t = g.t
    other, keep = g.node(c.target), g.node(c.keep)
    if not g.present(other):
        return
    names = [o.value for s, p, o in g.triples if s == other and p in (t.pref, t.alt)]
    keep_pref = [o.value for s, p, o in g.triples if s == keep and p == t.pref]
    keep_alt = [o.value for s, p, o in g.triples if s == keep and p == t.alt]
    g.write_speaker_text(other)
    g.write_speaker_text(keep)
    g.triples = [(keep if s == other else s, p, keep if o == other else o) for s, p, o in g.triples]
    g.triples = [x for x in g.triples if not (x[0] == keep and x[1] in (t.pref, t.alt))]
    pref = keep_pref[0] if keep_pref else (c.label or (names[0] if names else ""))
    g.triples.append((keep, t.pref, ox.Literal(pref)))
    for alias in sorted(set(keep_alt + names + keep_pref[1:]) - {pref}):
        g.triples.append((keep, t.alt, ox.Literal(alias)))
    type_ = c.type or g.type_of(keep)
    if type_:
        _set_type(g, keep, type_)


def _set_type(g: _Graph, e: object, type_: str) -> None:
    t = g.t
    prop = t.mention[type_]
    g.triples = [(s, prop if s == e and p in t.mention_type else p, o) for s, p, o in g.triples]
    g.triples = [(s, p, t.cls[type_] if s == e and p == t.type and o in t.cls_type else o)
                 for s, p, o in g.triples]
    g.settle_type(e, type_)
    g.fit(e, type_)


def _retype(g: _Graph, c: Correction) -> None:
    e = g.node(c.target)
    if g.present(e) and c.type:
        _set_type(g, e, c.type)


def _relabel(g: _Graph, c: Correction) -> None:
    import pyoxigraph as ox

    t = g.t
    e = g.node(c.target)
    prefs = g.values(e, t.pref)
    if not prefs or c.label is None:
        return
    old = [o.value for o in prefs if o.value != c.label]
    g.write_speaker_text(e)
    g.triples = [x for x in g.triples
                 if not (x[0] == e and (x[1] == t.pref or (x[1] == t.alt and x[2].value == c.label)))]
    g.triples.append((e, t.pref, ox.Literal(c.label)))
    for name in old:
        g.triples.append((e, t.alt, ox.Literal(name)))


def _split(g: _Graph, c: Correction) -> None:
    import pyoxigraph as ox

    t = g.t
    e, new, alias = g.node(c.target), g.node(c.new), c.label or ""
    text = g.text()
    moving = [x for x in g.mentions(e) if mention_text(text, x[2].value).casefold() == alias.casefold()]
    if not moving:
        return
    type_ = c.type or g.type_of(e)
    g.triples = [x for x in g.triples if x not in moving
                 and not (x[0] == e and x[1] == t.alt and x[2].value.casefold() == alias.casefold())]
    prop = t.mention[type_] if type_ else None
    g.triples.extend((new, prop or p, o) for _, p, o in moving)
    if g.values(new, t.pref):
        if all(o.value != alias for o in g.values(new, t.pref)):
            g.triples.append((new, t.alt, ox.Literal(alias)))
    else:
        g.triples.append((new, t.pref, ox.Literal(alias)))
    g.settle_type(new, type_)
    g.settle_type(e, type_)


def mention_text(text: str, value: str) -> str:
    """The text of a mention, from its kg:*Mention value ("start end sentence n")."""
    start, end = (int(x) for x in value.split(" ", 2)[:2])
    return text[start:end]


def _reject(g: _Graph, c: Correction) -> None:
    t = g.t
    if c.kind is None:  # an entity
        e = g.node(c.target)
        if not g.present(e):
            return
        affiliations = {s for s, p, o in g.triples if p == t.person}
        named = {s for s, p, o in g.triples if o == e and s in affiliations and p in (t.person, t.organisation)}
        named |= {s for s, p, o in g.triples if o == e and p in t.subjects}  # a relation whose subject it is
        for node in named:
            g.drop_node(node)
        g.write_speaker_text(e)
        g.drop_node(e)
        return
    if c.article != g.name.value or not c.span:
        return
    if c.kind == "Mention":
        e = g.follow(c.entity, c.n)
        gone = _found(g, c, [(x, x[2].value) for x in g.mentions(e)])
        if gone:
            type_ = g.type_of(e)
            g.triples = [x for x in g.triples if x not in gone]
            g.settle_type(e, type_)
        return
    prop = t.kind.get(c.kind)
    nodes = _found(g, c, [(s, o.value) for s, p, o in g.triples if p == prop])
    if c.kind == "Event":  # an event is where its count is
        for node in {o for s, p, o in g.triples if s in nodes and p == t.event}:
            g.drop_node(node)
        return
    for node in nodes:
        if c.kind == "Count":
            for ev in g.values(node, t.event):
                g.drop_node(ev)
        g.drop_node(node)


def _found(g: _Graph, c: Correction, candidates: list[tuple[object, str]]) -> list:
    """Which of ``candidates`` ((node or triple, span value) of the rejected fact's kind) the
    rejection ``c`` means. By what the fact says: its text (a count's value and noun, a
    statement's speaker and quote ...) and then its sentence's text, the offsets only telling
    equal texts apart, so text added or edited elsewhere in the article keeps the rejection;
    none when no fact says it any more. A correction of an older kg, with no text, by offsets."""
    if c.text is None:
        return [k for k, v in candidates if _offsets(v) == _offsets(c.span or "")]
    text = g.text()
    sentences = g.sentences
    same = [(k, v) for k, v in candidates if anchor(text, sentences, v)[0] == c.text]
    same = [(k, v) for k, v in same if anchor(text, sentences, v)[1] == c.sentence] or same
    if not same:
        return []
    start = int((c.span or "0").split(" ")[0])
    best = _offsets(min(same, key=lambda kv: abs(int(kv[1].split(" ")[0]) - start))[1])
    return [k for k, v in same if _offsets(v) == best]


def anchor(text: str, sentences: dict[int, tuple[int, int]] | None, value: str) -> tuple[str, str]:
    """What a fact says, from its span or mention value: (the text it spans, the text of its
    sentence). The sentence is found by its number in ``sentences`` (kg:sentences), or, in an
    older layout (``sentences`` None), by the offsets the value gives after the fact's."""
    fields = value.split(" ")
    start, end = int(fields[0]), int(fields[1])
    if sentences is None:
        s_start, s_end = (int(fields[2]), int(fields[3])) if len(fields) > 3 else (start, end)
    else:
        s_start, s_end = sentences.get(int(fields[2]), (start, end)) if len(fields) > 2 else (start, end)
    return text[start:end], text[s_start:s_end]


def _offsets(value: str) -> str:
    """The first two numbers of a span or mention value, or of a correction's kg:factSpan: the
    fact's start and end offsets (which an older kg's factSpan followed with its sentence's)."""
    return " ".join(value.split(" ")[:2])


def _affiliate(g: _Graph, c: Correction) -> None:
    import pyoxigraph as ox

    from kg.rdf.mapping import curated_affiliation_iri

    t = g.t
    if c.article != g.name.value:
        return
    person, org = g.follow(c.target, c.n), g.follow(c.organisation, c.n)
    node = ox.NamedNode(curated_affiliation_iri(g.name.value, c.n))
    first = sorted((tuple(int(x) for x in o.value.split(" ")[:4]) for s, p, o in g.triples
                    if s == person and p == t.mention["Person"]))
    g.drop_node(node)
    if not first or g.type_of(org) != "Organisation":
        return
    if g.sentences is None:  # a graph of an older layout: its mention values give the sentence's offsets
        span = "{2} {3} {2} {3}".format(*first[0])
    else:  # "start end sentence n": the sentence of the person's first mention, where kg:sentences puts it
        n = first[0][2]
        if n not in g.sentences:
            return
        span = f"{g.sentences[n][0]} {g.sentences[n][1]} {n}"
    g.triples += [(node, t.person, person), (node, t.organisation, org), (node, t.role, ox.Literal(c.role or "")),
                  (node, t.kind["Affiliation"], ox.Literal(span))]
    if c.spokesperson:  # false when left out
        g.triples.append((node, t.isSpokesperson, ox.Literal("true", datatype=t.boolean)))


_ACTIONS: dict[str, Callable[[_Graph, Correction], None]] = {
    "merge": _merge, "retype": _retype, "relabel": _relabel, "split": _split, "reject": _reject,
    "affiliate": _affiliate,
}
