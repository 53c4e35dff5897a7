#!/usr/bin/env python3
"""load_check.py BUILD_DIR JUNIT_XML: each ctest label's slowest test against its TIMEOUT.

Reads the tests' labels and timeouts from `ctest --show-only=json-v1` in BUILD_DIR and
their wall times from the JUnit file `ctest --output-junit` wrote, and prints, per label,
the test that used the largest share of its TIMEOUT (the slowest one, when the label's
tests share a TIMEOUT), its time, its TIMEOUT and that share. The house
rule: on a busy 2-core machine every test ends within a third of its TIMEOUT. Exit status
1 when a test used more than that, failed or did not run; 0 otherwise.
"""
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def default_timeout(build_dir):
    """ctest's limit for a test without a TIMEOUT property (DART_TESTING_TIMEOUT, 1500 s unless set)."""
    dart = Path(build_dir) / "DartConfiguration.tcl"
    found = re.search(r"^TimeOut: *([0-9.]+)", dart.read_text(), re.M) if dart.exists() else None
    return float(found.group(1)) if found else 1500.0


def tests_of(build_dir):
    """{test name: (labels, timeout in seconds)} as ctest knows them."""
    fallback = default_timeout(build_dir)
    shown = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build_dir, check=True,
                           capture_output=True, text=True).stdout
    tests = {}
    for test in json.loads(shown)["tests"]:
        properties = {p["name"]: p["value"] for p in test.get("properties", [])}
        tests[test["name"]] = (properties.get("LABELS", ["(no label)"]),
                               float(properties.get("TIMEOUT", fallback)))
    return tests


def results_of(junit_path):
    """{test name: (seconds, status)} from ctest's JUnit file."""
    return {case.get("name"): (float(case.get("time", "0")), case.get("status", "run"))
            for case in ET.parse(junit_path).getroot().iter("testcase")}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tests = tests_of(sys.argv[1])
    results = results_of(sys.argv[2])
    slowest = {}  # label -> (share of TIMEOUT, name, seconds, timeout)
    problems = []
    for name, (labels, timeout) in tests.items():
        if name not in results:
            continue  # not selected by this run's -L/-R
        seconds, status = results[name]
        if status not in ("run", "passed"):
            problems.append(f"{name}: {status}")
        share = seconds / timeout
        if share > 1 / 3:
            problems.append(f"{name}: {seconds:.1f} s, more than a third of its {timeout:.0f} s TIMEOUT")
        for label in labels:
            slowest[label] = max(slowest.get(label, (-1, "", 0, 0)), (share, name, seconds, timeout))
    if not slowest:
        print("load-check: no test ran")
        return 1
    width = max(len("slowest test (share of its TIMEOUT)"), *(len(name) for _, name, _, _ in slowest.values()))
    print(f"{'label':<10} {'slowest test (share of its TIMEOUT)':<{width}} {'seconds':>8} {'TIMEOUT':>8} {'share':>6}")
    for label in sorted(slowest):
        share, name, seconds, timeout = slowest[label]
        print(f"{label:<10} {name:<{width}} {seconds:>8.1f} {timeout:>8.0f} {share:>6.0%}")
    print("limit: a third of the TIMEOUT (33%)")
    for problem in problems:
        print(f"load-check: FAIL: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
