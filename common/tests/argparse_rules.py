#!/usr/bin/env python3
"""argparse_rules.py CHAPTER PROGRAM [REFERENCE_DIR]

The program against its reference script's argparse, on the argument shapes of
chapters/CHAPTER/argparse-rules.list. Each line is `<ours> <python> <words...>`
(shell words; a word `@words=N` repeats the words after it up to N words, shown as
`<words> … (N words)`):

  ours    help (exit 0, the Chinese --help), out (exit 0, the output) or 2 (exit 2,
          nothing on stdout, one line on stderr)
  python  help, 2, same (exit 0 and the same stdout bytes as the program), or, for a
          deliberate difference, out (exit 0, other bytes) or 1 (a Python traceback)

The program's column is always checked. Python's is checked when the reference
script ([golden] reference in chapters/CHAPTER/chapter.toml) is found in
REFERENCE_DIR (default ../shared/reference beside the repository); without it
the test says so and checks the program alone. Every line where the two differ
is a deliberate difference and must be a row of docs/readers.md's table of them,
written `<program> <words>` in backticks. The program's runs go side by side
(WORKERS at once); the reference runs in a child forked from this interpreter
(run_reference), not a new one each line. A failure prints the command that
reruns the test.
"""
import argparse  # noqa: F401 - the reference scripts' imports, loaded once for every forked run
import dataclasses  # noqa: F401
import os
import runpy
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
import traceback
from pathlib import Path

from side_by_side import side_by_side  # common/tests/side_by_side.py

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 4  # program runs at once
AGREE = {("help", "help"), ("out", "same"), ("2", "2")}


def words_of(line):
    words = shlex.split(line)
    ours, python, args = words[0], words[1], words[2:]
    shown = shlex.join(args)
    if args and args[0].startswith("@words="):
        count, unit = int(args[0].split("=", 1)[1]), args[1:]
        args = (unit * (count // len(unit) + 1))[:count]
        shown = f"{shlex.join(unit)} … ({count} words)"
    return ours, python, args, shown


def outcome(result, help_start):
    if result.returncode == 0:
        return "help" if result.stdout.startswith(help_start) else "out"
    return str(result.returncode)


class Run:
    def __init__(self, returncode, stdout, stderr):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


def run_program(program, args):
    return subprocess.run([program, *args], capture_output=True, timeout=20, cwd=ROOT)


def run_reference(script, args):
    """`python3 SCRIPT ARGS` in ROOT, run in a child forked from this interpreter rather than
    a new one: the same code on the same interpreter, without its start-up (60 ms a line, most
    of the test's time). The child does what the interpreter would: sys.argv and sys.path[0]
    are the script's, SystemExit's code is the exit status, an uncaught exception prints its
    traceback and exits 1. Called with no other thread alive (a fork copies only its caller)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            status = 1
            try:
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                os.chdir(ROOT)
                sys.argv = [str(script), *args]
                sys.path[0] = str(script.parent)
                try:
                    runpy.run_path(str(script), run_name="__main__")
                    status = 0
                except SystemExit as end:
                    if end.code is None or isinstance(end.code, int):
                        status = end.code or 0
                    else:
                        print(end.code, file=sys.stderr)
                except BaseException:
                    traceback.print_exc()
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(status)
        deadline = time.monotonic() + 20
        while (done := os.waitpid(pid, os.WNOHANG))[0] == 0:
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                done = os.waitpid(pid, 0)
                break
            time.sleep(0.0005)
        out.seek(0)
        err.seek(0)
        return Run(os.waitstatus_to_exitcode(done[1]), out.read(), err.read())


def main(chapter, program, reference_dir=None):
    rules = ROOT / "chapters" / chapter / "argparse-rules.list"
    reference = tomllib.loads((ROOT / "chapters" / chapter / "chapter.toml").read_text(encoding="utf-8"))
    script = Path(reference_dir or ROOT.parent / "shared" / "reference") / reference["golden"]["reference"]
    if not script.is_file():
        print(f"note: {script} not found: Python's column is not checked")
    readme = (ROOT / "docs" / "readers.md").read_text(encoding="utf-8")
    name = Path(program).name
    numbered = [(number, line) for number, line in enumerate(rules.read_text(encoding="utf-8").splitlines(), 1)
                if line.strip() and not line.lstrip().startswith("#")]
    runs = side_by_side(lambda entry: run_program(program, words_of(entry[1])[2]), numbered, WORKERS)
    failures = []
    for (number, line), got in zip(numbered, runs):  # the reference runs here, with no other thread alive
        ours, python_says, args, shown = words_of(line)
        where = f"{rules.relative_to(ROOT)}:{number}: {name} {shown}"
        got_outcome = outcome(got, "用法".encode())
        if got_outcome != ours:
            failures.append(f"{where}: expected {ours}, got {got_outcome} "
                            f"({got.stderr.decode(errors='replace')[:200]!r})")
        elif ours == "2" and (got.stdout or got.stderr.count(b"\n") != 1):
            failures.append(f"{where}: exit 2 must print nothing on stdout and one line on stderr")
        if (ours, python_says) not in AGREE and f"`{name} {shown}`" not in readme:
            failures.append(f"{where}: a deliberate difference that docs/readers.md's table does not list "
                            f"(as `{name} {shown}`)")
        if not script.is_file():
            continue
        want = run_reference(script, args)
        want_outcome = outcome(want, b"usage:")
        if want_outcome == "out" and got.returncode == 0 and want.stdout == got.stdout:
            want_outcome = "same"
        if want_outcome != python_says:
            failures.append(f"{where}: the reference gives {want_outcome}, the list says {python_says}")
    lines = len(numbered)
    for failure in failures:
        print("FAIL", failure)
    if failures:
        print("rerun: cd " + shlex.quote(str(ROOT)) + " && " + shlex.join([sys.executable, __file__, *sys.argv[1:]]))
    print(f"{chapter}: {lines} argument shapes, {len(failures)} failed"
          + ("" if script.is_file() else " (program only)"))
    return 1 if failures or lines == 0 else 0


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
