#!/usr/bin/env python3
"""test_cpu.py REPORT -- ctest ARGS...: what each test costs in CPU seconds.

Runs ctest with ARGS and -j1 (one test at a time), passing its output through, and samples the
machine's busy CPU time (/proc/stat: user, nice, system, irq, softirq, steal) every 0.1 s. Each
test is charged what the machine spent between its `Start` line and its result line: its own
processes, and what the kept servers did for it meanwhile (the measure server's Chromium, which
no test's rusage counts). So run it on an otherwise quiet machine. REPORT gets one line per test,
dearest first (CPU s, wall s, name), and the totals; ctest's exit status is returned.

It is scripts/build-book --profile's instrument (the gates one after the other at -j1, each test
charged apart: docs/performance.md): a whole build-book on 2 cores cannot tell a cut of a few CPU
seconds from the machine's drift, one test at a time can.
"""
import bisect
import re
import subprocess
import sys
import threading
import time

START = re.compile(r"^\s*Start\s+\d+: (\S+)")
RESULT = re.compile(r"^\s*\d+/\d+ Test\s+#\d+: (\S+) ")
PERIOD_S = 0.1


def busy_seconds():
    """The machine's busy CPU seconds since boot (all cores)."""
    with open("/proc/stat", encoding="ascii") as stat:
        fields = stat.readline().split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return (user + nice + system + irq + softirq + steal) / 100  # USER_HZ: 100 on Linux


def charge(samples, events):
    """Per test, (CPU s, wall s): SAMPLES [(time, busy s)] in time order, EVENTS [(time, 'start'
    or 'end', test)]. The busy time at a moment between two samples is read off the straight line
    between them, so tests one after the other share a sample period by the time each had of it,
    and their charges add up to the run's."""
    times = [t for t, _ in samples]

    def busy_at(t):
        i = bisect.bisect_right(times, t)
        if i == 0:
            return samples[0][1]
        if i == len(samples):
            return samples[-1][1]
        (t0, b0), (t1, b1) = samples[i - 1], samples[i]
        return b0 + (b1 - b0) * (t - t0) / (t1 - t0)

    started, costs = {}, {}
    for t, kind, test in events:
        if kind == "start":
            started[test] = t
        elif test in started:
            t0 = started.pop(test)
            costs[test] = (busy_at(t) - busy_at(t0), t - t0)
    return costs


def main(argv):
    if len(argv) < 3 or argv[1] != "--":
        sys.exit("usage: test_cpu.py REPORT -- ctest ARGS...")
    report, command = argv[0], [*argv[2:], "-j1"]  # the last -j is ctest's
    samples, events, done = [], [], threading.Event()

    def sample():
        while not done.is_set():
            samples.append((time.monotonic(), busy_seconds()))
            done.wait(PERIOD_S)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    began = time.monotonic()
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, errors="replace") as ctest:
        for line in ctest.stdout:
            sys.stdout.write(line)
            for kind, pattern in (("start", START), ("end", RESULT)):
                m = pattern.match(line)
                if m:
                    events.append((time.monotonic(), kind, m.group(1)))
    ended = time.monotonic()
    done.set()
    sampler.join()
    samples.append((time.monotonic(), busy_seconds()))
    costs = charge(samples, events)
    total = samples[-1][1] - samples[0][1]
    rows = sorted(((cpu, wall, test) for test, (cpu, wall) in costs.items()), reverse=True)
    with open(report, "w", encoding="utf-8") as out:
        out.write(f"# {' '.join(command)}\n# CPU s (machine busy while the test ran), wall s, test\n")
        for cpu, wall, test in rows:
            out.write(f"{cpu:7.2f} {wall:7.2f}  {test}\n")
        out.write(f"# {len(rows)} tests: {sum(r[0] for r in rows):.1f} CPU s, {sum(r[1] for r in rows):.1f} s; "
                  f"the whole run {total:.1f} CPU s, {ended - began:.1f} s\n")
    return ctest.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
