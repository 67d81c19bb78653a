"""Node positions for the network view: a networkx layout per connected
component, node boxes (dot plus label) pushed apart until none overlap, and the
small components packed around the largest one.

The browser does not simulate: positions arrive fixed, so the first paint is
the final picture and nothing moves after it.

Layouts: networkx's spring layout (Fruchterman-Reingold, method "force") for
components of up to ``NX_LIMIT`` nodes; above that ``fast_spring_layout``, the
same algorithm with numpy blocks, because networkx's sparse version loops over
nodes in Python. Measured (Barabasi-Albert m=2, networkx 3.6, 2 shared cores,
load 4-5): nx.spring_layout 0.33 s at 200 nodes, 10.4 s at 1,000 (12.6 s at 500
with method "energy", which "auto" picks from 500 nodes), 125 s at 5,000;
fast_spring_layout 0.02 s, 0.39 s, 10.9 s. Kamada-Kawai (evener spacing) took
6.6 s at 200 nodes, too slow for the 150-200 node overview. Overlap removal
converges on the overview's sizes; on a few hundred nodes or more it only tidies
(the page's script still keeps labels apart).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping

import networkx as nx
import numpy as np

NX_LIMIT = 300  # networkx's spring layout per component up to this many nodes, fast_spring_layout above
OVERLAP_LIMIT = 1500  # overlap removal (pairwise, vectorised) up to this many nodes per component
OVERLAP_ROUNDS = (300, 400, 60)  # rounds of it: up to 300 nodes (it converges), 400 rounds; above, 60 (a tidy-up)
GAP = 6.0  # canvas units kept free between two node boxes
_REMEASURE = 4  # remove_overlaps: measuring every pair again sooner than this many rounds doubles its reach
DENSITY = 0.4  # start this dense (boxes overlap), then push apart: a compact picture, big labels at fit

Box = tuple[float, float, float, float]  # dx, dy of the box centre from the node centre, width, height


def layout(g: nx.Graph, boxes: Mapping[Hashable, Box], *, centre: Hashable | None = None,
           aspect: float = 16 / 9) -> dict[Hashable, tuple[float, float]]:
    """Positions (canvas units) of every node of ``g``, given each node's box
    (offset of the box centre from the node and its size); ``centre`` is put at
    (0, 0) inside its component, which is placed first."""
    parts = sorted(nx.connected_components(g), key=lambda c: (-len(c), min(map(str, c))))
    if centre is not None:
        parts.sort(key=lambda c: centre not in c)
    placed: list[tuple[dict, tuple[float, float, float, float]]] = []
    for nodes in parts:
        # an ordered copy: a subgraph view iterates its node set in hash order, which changes
        # between runs (PYTHONHASHSEED) and with it the seeded layout
        part = nx.Graph()
        part.add_nodes_from(sorted(nodes, key=str))
        part.add_edges_from(sorted((tuple(sorted(e, key=str)) for e in g.subgraph(nodes).edges()), key=str))
        pos = _component(part, boxes, aspect)
        if centre is not None and centre in pos:
            cx, cy = pos[centre]
            pos = {n: (x - cx, y - cy) for n, (x, y) in pos.items()}
        placed.append((pos, _extent(pos, boxes)))
    return _pack(placed, aspect)


def _component(g: nx.Graph, boxes: Mapping[Hashable, Box], aspect: float) -> dict[Hashable, tuple[float, float]]:
    nodes = list(g)
    if len(nodes) == 1:
        return {nodes[0]: (0.0, 0.0)}
    area = sum(boxes[n][2] * boxes[n][3] for n in nodes)
    if len(nodes) <= NX_LIMIT:
        raw = nx.spring_layout(g, seed=1, iterations=100, method="force")  # "auto" picks "energy" (slow)
    else:
        raw = fast_spring_layout(g, iterations=30 if len(nodes) <= 8000 else 15)
    xy = np.array([raw[n] for n in nodes], dtype=float)
    xy -= xy.mean(axis=0)
    xy /= np.abs(xy).max(axis=0).clip(min=1e-9)  # stretched to the canvas's shape (wider than tall)
    xy *= np.array([math.sqrt(aspect), 1 / math.sqrt(aspect)]) * DENSITY * math.sqrt(area)
    if len(nodes) <= OVERLAP_LIMIT:
        small, many, few = OVERLAP_ROUNDS
        xy = remove_overlaps(xy, np.array([boxes[n] for n in nodes], dtype=float),
                             rounds=many if len(nodes) <= small else few, aspect=aspect)
    return {n: (float(x), float(y)) for n, (x, y) in zip(nodes, xy, strict=True)}


def remove_overlaps(xy: np.ndarray, box: np.ndarray, rounds: int = 400, aspect: float = 16 / 9) -> np.ndarray:
    """Push overlapping boxes apart along the axis where they overlap least (each
    by half; sideways is preferred by ``aspect``, as the canvas is wider than tall)
    until no two overlap; a few hundred vectorised rounds at most.

    A round looks only at the pairs that were within ``2 * reach`` of touching when they were
    last all measured: no other pair can touch before some box has moved ``reach`` from where it
    was then, and when one has, every pair is measured again. The pairs that touch, and their
    order, are those of a round over every pair, so the positions are the same to the bit (710
    boxes, 60 rounds: 0.09 s, where every pair every round took 0.3 s). ``reach`` starts at
    ``GAP`` and doubles when a box outruns it again fewer than ``_REMEASURE`` rounds after the
    last time one did."""
    xy = xy.copy()
    n = len(xy)
    if n < 2:
        return xy
    pi, pj = np.triu_indices(n, 1)  # each pair once, in the order np.nonzero gives a matrix's
    half_w = (box[pi, 2] + box[pj, 2]) / 2 + GAP
    half_h = (box[pi, 3] + box[pj, 3]) / 2 + GAP
    rng = np.random.default_rng(1)
    reach, measured = GAP, -_REMEASURE
    near = None  # the pairs a round looks at (their indexes in pi, pj)
    for r in range(rounds):
        cx = xy[:, 0] + box[:, 0]
        cy = xy[:, 1] + box[:, 1]
        if near is None:  # every pair, measured from where the boxes are now
            slack = 1e-9 * (1.0 + float(np.abs(cx).max() + np.abs(cy).max()))  # float rounding, with room
            apart = ((np.abs(cx[pj] - cx[pi]) - half_w >= 2 * reach + slack)
                     | (np.abs(cy[pj] - cy[pi]) - half_h >= 2 * reach + slack))
            near = np.nonzero(~apart)[0]
            a, b, near_w, near_h = pi[near], pj[near], half_w[near], half_h[near]
            anchor = xy.copy()
        dx = cx[b] - cx[a]
        dy = cy[b] - cy[a]
        ox = near_w - np.abs(dx)
        oy = near_h - np.abs(dy)
        hit = np.nonzero((ox > 0) & (oy > 0))[0]
        if not len(hit):
            break
        push_apart(xy, a[hit], b[hit], ox[hit], oy[hit], dx[hit], dy[hit], rng, aspect)
        if np.abs(xy - anchor).max() > reach:  # a box has moved too far: measure every pair again
            near = None
            if r - measured < _REMEASURE:
                reach *= 2
            measured = r
    return xy


def push_apart(xy: np.ndarray, i: np.ndarray, j: np.ndarray, ox: np.ndarray, oy: np.ndarray, dx: np.ndarray,
               dy: np.ndarray, rng: np.random.Generator, aspect: float) -> None:
    """One round of ``remove_overlaps`` on the pairs (i, j) that overlap by ``ox``, ``oy`` with
    centres ``dx``, ``dy`` apart: each box of a pair moves half the overlap (plus 0.5) away from
    the other along the axis where they overlap least (sideways preferred by ``aspect``; a
    random side where the centres coincide). ``xy`` is moved in place."""
    along_x = ox < oy * aspect
    sx = np.where(dx == 0, rng.choice([-1.0, 1.0], len(i)), np.sign(dx))
    sy = np.where(dy == 0, rng.choice([-1.0, 1.0], len(i)), np.sign(dy))
    push = np.zeros((len(i), 2))
    push[:, 0] = np.where(along_x, sx * (ox / 2 + 0.5), 0.0)
    push[:, 1] = np.where(along_x, 0.0, sy * (oy / 2 + 0.5))
    move = np.zeros_like(xy)
    np.add.at(move, i, -push)
    np.add.at(move, j, push)
    count = np.bincount(np.concatenate([i, j]), minlength=len(xy)).clip(min=1)[:, None]
    xy += move / np.sqrt(count)  # a box hit by many moves by less than their sum


def _extent(pos: Mapping[Hashable, tuple[float, float]], boxes: Mapping[Hashable, Box]) -> tuple[
        float, float, float, float]:
    xs0 = [x + boxes[n][0] - boxes[n][2] / 2 for n, (x, y) in pos.items()]
    xs1 = [x + boxes[n][0] + boxes[n][2] / 2 for n, (x, y) in pos.items()]
    ys0 = [y + boxes[n][1] - boxes[n][3] / 2 for n, (x, y) in pos.items()]
    ys1 = [y + boxes[n][1] + boxes[n][3] / 2 for n, (x, y) in pos.items()]
    return min(xs0), min(ys0), max(xs1), max(ys1)


def _pack(parts: list[tuple[dict, tuple[float, float, float, float]]], aspect: float) -> dict:
    """The first component stays where it is; each next one (largest first) goes to
    the free spot nearest the centre, on a spiral stretched to the canvas's aspect."""
    out: dict = {}
    taken = np.zeros((0, 4))
    turn = 0.0  # where on the spiral the previous part went: the next one starts a turn before it
    for pos, (x0, y0, x1, y1) in parts:
        w, h = x1 - x0 + 2 * GAP, y1 - y0 + 2 * GAP
        if not len(taken):
            sx, sy = 0.0, 0.0
        else:
            (cx, cy), turn = _free_spot(taken, w, h, aspect, max(0.0, turn - 2 * math.pi))
            sx, sy = cx - (x0 + x1) / 2, cy - (y0 + y1) / 2
        taken = np.vstack([taken, [x0 + sx - GAP, y0 + sy - GAP, x1 + sx + GAP, y1 + sy + GAP]])
        out.update({n: (x + sx, y + sy) for n, (x, y) in pos.items()})
    return out


def _free_spot(taken: np.ndarray, w: float, h: float, aspect: float,
               t: float) -> tuple[tuple[float, float], float]:
    """The first point of the spiral, from angle ``t`` on, where a w x h box hits no taken box."""
    step = max(8.0, min(w, h) / 2)
    while True:
        r = step * t / (2 * math.pi)
        cx, cy = r * math.cos(t) * math.sqrt(aspect), r * math.sin(t) / math.sqrt(aspect)
        free = ((cx + w / 2 <= taken[:, 0]) | (cx - w / 2 >= taken[:, 2])
                | (cy + h / 2 <= taken[:, 1]) | (cy - h / 2 >= taken[:, 3]))
        if free.all():
            return (cx, cy), t
        t += step / max(r, step)


def fast_spring_layout(g: nx.Graph, iterations: int = 30, scale: float = 1.0, seed: int = 1) -> dict:
    """Fruchterman-Reingold with exact repulsion, positions as complex numbers so
    each block of pairs is a few vectorised numpy operations."""
    import numpy as np

    nodes = list(g)
    n = len(nodes)
    index = {v: i for i, v in enumerate(nodes)}
    edges = np.array([(index[a], index[b]) for a, b in g.edges() if a != b], dtype=np.int64).reshape(-1, 2)
    rng = np.random.default_rng(seed)
    z = (rng.random(n) + 1j * rng.random(n)).astype(np.complex64)
    k2 = np.float32(1.0 / n)
    t = 0.1
    dt = t / (iterations + 1)
    block = max(1, int(2_000_000 // n))
    for _ in range(iterations):
        disp = np.zeros(n, dtype=np.complex64)
        for i0 in range(0, n, block):
            delta = z[i0:i0 + block, None] - z[None, :]
            d2 = delta.real * delta.real + delta.imag * delta.imag
            np.maximum(d2, np.float32(1e-9), out=d2)
            disp[i0:i0 + block] = (delta / d2).sum(axis=1) * k2
        if len(edges):
            delta = z[edges[:, 0]] - z[edges[:, 1]]
            pull = delta * np.abs(delta) * np.float32(np.sqrt(n))
            np.add.at(disp, edges[:, 0], -pull)
            np.add.at(disp, edges[:, 1], pull)
        length = np.abs(disp) + np.float32(1e-9)
        z += disp * (np.minimum(length, t) / length)
        t -= dt
    z -= z.mean()
    z *= scale / (max(np.abs(z.real).max(), np.abs(z.imag).max()) or 1.0)
    return {v: (float(z[i].real), float(z[i].imag)) for i, v in enumerate(nodes)}
