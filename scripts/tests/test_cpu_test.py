#!/usr/bin/env python3
"""test_cpu_test.py: scripts/lib/test_cpu.py charges each test what the machine spent while it ran.

1. charge() on samples and events written by hand: tests on samples, between them, within one
   sample period, after the last sample, and one that never ended; each test's CPU and wall
   seconds computed by hand below (the busy time read off the line between two samples).
2. test_cpu.py itself on a stand-in ctest (a script printing ctest's Start and result lines):
   it passes the lines through, adds -j1 last, returns the stand-in's exit status, and its report
   names both tests, dearest first.
"""
import os
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "lib"))
import test_cpu  # noqa: E402

STAND_IN = """#!/bin/sh
echo "args: $*"
echo "      Start  3: book/render"
echo " 1/2 Test  #3: book/render .......   Passed    0.01 sec"
echo "      Start  7: book/a11y"
echo " 2/2 Test  #7: book/a11y .......   Passed    0.01 sec"
exit 3
"""


def main():
    failures = []
    # Busy CPU seconds at each sample time: (time s, busy s since boot).
    samples = [(0.0, 100.0), (1.0, 101.5), (2.0, 103.5), (3.0, 103.7), (4.0, 106.7), (5.0, 107.0)]
    events = [(0.0, "start", "a"), (2.0, "end", "a"),      # on samples: 103.5 - 100.0 = 3.5 CPU s, 2 s
              (2.5, "start", "b"), (3.5, "end", "b"),      # 103.5 + 0.2 / 2 = 103.6 to 103.7 + 3.0 / 2 = 105.2: 1.6
              (4.2, "start", "c"), (4.4, "end", "c"),      # 106.7 + 0.3 * 0.2 = 106.76 to 106.7 + 0.3 * 0.4 = 106.82: 0.06
              (4.5, "start", "never"),                     # no result line: not charged
              (6.0, "start", "late"), (7.0, "end", "late")]  # after the last sample: nothing seen, 0
    want = {"a": (3.5, 2.0), "b": (1.6, 1.0), "c": (0.06, 0.2), "late": (0.0, 1.0)}
    got = test_cpu.charge(samples, events)
    for test, (cpu, wall) in want.items():
        if test not in got or abs(got[test][0] - cpu) > 1e-9 or abs(got[test][1] - wall) > 1e-9:
            failures.append(f"charge: {test} got {got.get(test)}, want ({cpu}, {wall})")
    if "never" in got:
        failures.append("charge: a test without a result line was charged")

    with tempfile.TemporaryDirectory() as tmp:
        stand_in = pathlib.Path(tmp) / "ctest"
        stand_in.write_text(STAND_IN, encoding="utf-8")
        stand_in.chmod(0o755)
        report = pathlib.Path(tmp) / "report.txt"
        done = subprocess.run([sys.executable, str(HERE.parent / "lib" / "test_cpu.py"), str(report), "--",
                               str(stand_in), "--preset", "default", "-j2"], capture_output=True, text=True, timeout=60)
        if done.returncode != 3:
            failures.append(f"test_cpu.py returned {done.returncode}, not the stand-in's 3: {done.stderr}")
        if "args: --preset default -j2 -j1" not in done.stdout:
            failures.append(f"the stand-in did not get -j1 last: {done.stdout.splitlines()[:1]}")
        if "Test  #7: book/a11y" not in done.stdout:
            failures.append("ctest's lines were not passed through")
        lines = [line.split() for line in report.read_text(encoding="utf-8").splitlines() if not line.startswith("#")] \
            if report.exists() else []
        if sorted(line[-1] for line in lines) != ["book/a11y", "book/render"]:
            failures.append(f"the report does not name the two tests: {lines}")
        elif [float(line[0]) for line in lines] != sorted((float(line[0]) for line in lines), reverse=True):
            failures.append(f"the report is not dearest first: {lines}")
    for f in failures:
        print("FAIL:", f)
    if failures:
        print(f"rerun: python3 {os.path.relpath(__file__)}")
        return 1
    print("ok: each test charged the busy seconds between its start and its end, read between samples "
          "(by hand: 3.5, 1.6, 0.06, 0); a test without a result uncharged; test_cpu.py runs ctest at -j1, "
          "passes its lines and status through and reports every test, dearest first")
    return 0


if __name__ == "__main__":
    sys.exit(main())
