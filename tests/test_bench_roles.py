"""bench/roles.py's gold is offsets only (no text of the copyrighted articles), and the bench stops
cleanly where ../shared is absent."""

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLD = ROOT / "bench" / "roles_gold.jsonl"


def test_the_role_gold_holds_offsets_ids_changes_and_dates_only():
    rows = [json.loads(line) for line in GOLD.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert set(rows[0]) == {"articles_read"} and all(re.fullmatch(r"r[a-i]\d\d", a) for a in rows[0]["articles_read"])
    for r in rows[1:]:
        assert set(r) == {"article", "person_span", "organisation_span", "role_span", "sentence_span", "change", "date"}
        assert re.fullmatch(r"r[a-i]\d\d", r["article"]) and r["change"] in ("start", "end")
        assert r["date"] is None or re.fullmatch(r"\d{4}(-\d\d){0,2}", r["date"])
        for key in ("person_span", "organisation_span", "role_span", "sentence_span"):
            assert r[key] is None or (len(r[key]) == 2 and all(isinstance(x, int) for x in r[key])), (key, r[key])


def test_the_bench_stops_cleanly_without_the_shared_folder(tmp_path):
    res = subprocess.run([sys.executable, str(ROOT / "bench" / "roles.py"), "--shared", str(tmp_path)],
                         capture_output=True, text=True, check=False)
    assert res.returncode == 0 and "nothing to score" in res.stdout
