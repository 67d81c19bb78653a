"""Where a kg store's bytes go, and what other ways of writing the same quads would take.

Usage: python bench/store_bytes.py STORE [--work /tmp/kg-store-bytes] [--batch 16]

Reads every quad of STORE (a kg store, opened read-only) and prints, in one Markdown table:
- the store as built: its RocksDB files and the corpus summary (``summary.sqlite``) apart;
- the same quads written into a fresh Oxigraph store with one bulk load;
- written in bulk loads of ``--batch`` articles (named graphs) each, then compacted
  (``Store.optimize()``);
- written into the default graph (three indexes instead of six) with one bulk load.

Sizes are bytes on disk of each store's directory (``du -sb``), per article = named graph.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path


def _size(path: Path, pattern: str = "*") -> int:
    files = [str(p) for p in path.glob(pattern) if p.is_file()]
    if not files:
        return 0
    out = subprocess.check_output(["du", "-cb", *files], text=True)
    return int(out.split()[-2])


def main() -> None:
    import pyoxigraph as ox

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("store", type=Path)
    ap.add_argument("--work", type=Path, default=Path("/tmp/kg-store-bytes"))
    ap.add_argument("--batch", type=int, default=16)
    args = ap.parse_args()

    src = ox.Store.read_only(str(args.store))
    graphs = list(src.named_graphs())
    quads = list(src)
    n = max(1, len(graphs))
    rows: list[tuple[str, int]] = [
        ("as built: RocksDB files", _size(args.store) - _size(args.store, "*.sqlite")),
        ("as built: corpus summary (summary.sqlite)", _size(args.store, "summary.sqlite")),
    ]

    def fresh(name: str) -> tuple[Path, ox.Store]:
        path = args.work / name
        shutil.rmtree(path, ignore_errors=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        return path, ox.Store(str(path))

    path, st = fresh("one-bulk-load")
    st.bulk_extend(quads)
    st.flush()
    del st
    rows.append(("the same quads, one bulk load", _size(path)))

    path, st = fresh("batches")
    for i in range(0, len(graphs), args.batch):
        st.bulk_extend([q for g in graphs[i : i + args.batch] for q in src.quads_for_pattern(None, None, None, g)])
    st.flush()
    rows.append((f"in bulk loads of {args.batch} articles", _size(path)))
    st.optimize()
    st.flush()
    del st
    rows.append((f"in bulk loads of {args.batch} articles, compacted", _size(path)))

    path, st = fresh("default-graph")
    st.bulk_extend(ox.Quad(q.subject, q.predicate, q.object, ox.DefaultGraph()) for q in quads)
    st.flush()
    del st
    rows.append(("default graph, one bulk load", _size(path)))

    print(f"{len(quads):,} quads, {len(graphs):,} articles ({len(quads) / n:.0f} quads an article)\n")
    print("| written | MB | KB per article |")
    print("| --- | ---: | ---: |")
    for name, size in rows:
        print(f"| {name} | {size / 1e6:.1f} | {size / 1e3 / n:.1f} |")
    shutil.rmtree(args.work, ignore_errors=True)


if __name__ == "__main__":
    main()
