"""Run kg's fuzzers for a time budget each and summarise what they found.

Usage: python bench/fuzz.py [--seconds 600] [--parallel 3] [--report /tmp/kg-fuzz-report.jsonl] [TEST ...]

Each fuzz test (the tests that take KG_FUZZ_SECONDS, see tests/test_fuzz_readers.py) runs in a
pytest process of its own, at ``nice -n 10``, with KG_FUZZ_SECONDS set; ``--parallel`` of them
at a time. Every test appends one JSON line to the report (examples run, failures, hangs, peak
RSS of the test process and of its children); at the end a Markdown table of those lines is
printed, with each run's exit status and the log it wrote beside the report.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = [
    "tests/test_fuzz_readers.py::test_fuzzed_files_give_articles_or_input_errors",
    "tests/test_fuzz_readers.py::test_fuzzed_stdin_gives_articles_or_input_errors",
    "tests/test_fuzz_readers.py::test_a_bad_file_never_stops_a_folder",
    "tests/test_fuzz_cli.py::test_fuzzed_query_arguments",
    "tests/test_fuzz_cli.py::test_fuzzed_build_arguments",
    "tests/test_fuzz_cli.py::test_fuzzed_output_targets",
    "tests/test_fuzz_cli.py::test_fuzzed_remove_stats_eval",
    "tests/test_fuzz_load.py::test_loaded_odd_literals_budgeted",
    "tests/test_fuzz.py::test_nasty_text_budgeted",
    "tests/test_hostile_serve.py::test_fuzz_serve_requests_never_take_the_endpoint_down",
    "tests/test_fuzz_curation.py::test_fuzzed_corrections_killed_leave_the_old_or_the_new_store",
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tests", nargs="*", default=TESTS)
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--parallel", type=int, default=3)
    ap.add_argument("--report", type=Path, default=Path("/tmp/kg-fuzz-report.jsonl"))
    args = ap.parse_args()
    env = {**os.environ, "KG_FUZZ_SECONDS": str(args.seconds), "KG_FUZZ_EXAMPLES": "100000000",
           "KG_FUZZ_REPORT": str(args.report)}
    pending, running, done = list(args.tests), {}, {}
    while pending or running:
        while pending and len(running) < args.parallel:
            test = pending.pop(0)
            log = args.report.with_name(args.report.stem + "-" + test.split("::")[-1] + ".log")
            cmd = ["nice", "-n", "10", sys.executable, "-m", "pytest", test, "-x", "-q", "-p", "no:cacheprovider"]
            running[test] = (subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log.open("w"),
                                              stderr=subprocess.STDOUT), time.monotonic(), log)
        time.sleep(2)
        for test, (proc, began, log) in list(running.items()):
            if proc.poll() is not None:
                done[test] = (proc.returncode, round(time.monotonic() - began), log)
                del running[test]
    lines = [json.loads(ln) for ln in args.report.read_text().splitlines() if ln.strip()]
    print("| test | examples | seconds | failures | hangs | peak RSS MB (own / children) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for ln in lines:
        print(f"| {ln['test']} | {ln['examples']:,} | {ln['seconds']} | {ln['failures']} | {ln['hangs']} "
              f"| {ln['peak_rss_mb']} / {ln['peak_rss_children_mb']} |")
    for test, (rc, secs, log) in done.items():
        print(f"{test}: exit {rc} after {secs} s, log {log}")


if __name__ == "__main__":
    main()
