"""Node positions for graphs too big for the browser to simulate."""

from __future__ import annotations

import networkx as nx


def layout(g: nx.Graph) -> dict:
    """Positions for a big graph, in pixels, computed once here so the browser
    does not simulate: networkx's spring layout up to 2,000 nodes; above that a
    Fruchterman-Reingold layout vectorised with numpy (networkx's sparse version
    loops over nodes in Python: 21 s at 5,000 nodes, minutes at 20,000)."""
    import math

    n = len(g)
    scale = 60 * math.sqrt(n)
    if n <= 2000:
        pos = nx.spring_layout(g, seed=1, iterations=30, scale=scale)
        return {k: (float(v[0]), float(v[1])) for k, v in pos.items()}
    return fast_spring_layout(g, iterations=30 if n <= 8000 else 15, scale=scale)


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
