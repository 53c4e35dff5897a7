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
is a deliberate difference and must be a row of the README's table of them,
written `<program> <words>` in backticks. The lines run side by side (WORKERS
at once; most of a line's time is the reference's Python start-up); a failure
prints the command that reruns the test.
"""
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

from side_by_side import side_by_side  # common/tests/side_by_side.py

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 4  # lines judged at once: each is mostly a Python start-up (the reference) or a program's
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


def main(chapter, program, reference_dir=None):
    rules = ROOT / "chapters" / chapter / "argparse-rules.list"
    reference = tomllib.loads((ROOT / "chapters" / chapter / "chapter.toml").read_text(encoding="utf-8"))
    script = Path(reference_dir or ROOT.parent / "shared" / "reference") / reference["golden"]["reference"]
    if not script.is_file():
        print(f"note: {script} not found: Python's column is not checked")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    name = Path(program).name
    numbered = [(number, line) for number, line in enumerate(rules.read_text(encoding="utf-8").splitlines(), 1)
                if line.strip() and not line.lstrip().startswith("#")]
    # The reference runs with this interpreter and its -S (the scripts use the standard library alone).
    python = [sys.executable] + (["-S"] if sys.flags.no_site else [])

    def judge(entry):
        """The failures of one line: its program run and its reference run, side by side with the others'."""
        number, line = entry
        found = []
        ours, python_says, args, shown = words_of(line)
        where = f"{rules.relative_to(ROOT)}:{number}: {name} {shown}"
        got = subprocess.run([program, *args], capture_output=True, timeout=20, cwd=ROOT)
        got_outcome = outcome(got, "用法".encode())
        if got_outcome != ours:
            found.append(f"{where}: expected {ours}, got {got_outcome} ({got.stderr.decode(errors='replace')[:200]!r})")
        elif ours == "2" and (got.stdout or got.stderr.count(b"\n") != 1):
            found.append(f"{where}: exit 2 must print nothing on stdout and one line on stderr")
        if (ours, python_says) not in AGREE and f"`{name} {shown}`" not in readme:
            found.append(f"{where}: a deliberate difference that README.md's table does not list "
                         f"(as `{name} {shown}`)")
        if not script.is_file():
            return found
        want = subprocess.run([*python, str(script), *args], capture_output=True, timeout=20, cwd=ROOT)
        want_outcome = outcome(want, b"usage:")
        if want_outcome == "out" and got.returncode == 0 and want.stdout == got.stdout:
            want_outcome = "same"
        if want_outcome != python_says:
            found.append(f"{where}: the reference gives {want_outcome}, the list says {python_says}")
        return found

    failures = [f for found in side_by_side(judge, numbered, WORKERS) for f in found]
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
