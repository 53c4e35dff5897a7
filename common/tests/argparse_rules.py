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
written `<program> <words>` in backticks.
"""
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
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
    failures, lines = [], 0
    for number, line in enumerate(rules.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        lines += 1
        ours, python, args, shown = words_of(line)
        where = f"{rules.relative_to(ROOT)}:{number}: {name} {shown}"
        got = subprocess.run([program, *args], capture_output=True, timeout=20, cwd=ROOT)
        got_outcome = outcome(got, "用法".encode())
        if got_outcome != ours:
            failures.append(f"{where}: expected {ours}, got {got_outcome} ({got.stderr.decode(errors='replace')[:200]!r})")
        elif ours == "2" and (got.stdout or got.stderr.count(b"\n") != 1):
            failures.append(f"{where}: exit 2 must print nothing on stdout and one line on stderr")
        if (ours, python) not in AGREE and f"`{name} {shown}`" not in readme:
            failures.append(f"{where}: a deliberate difference that README.md's table does not list "
                            f"(as `{name} {shown}`)")
        if not script.is_file():
            continue
        want = subprocess.run([sys.executable, str(script), *args], capture_output=True, timeout=20, cwd=ROOT)
        want_outcome = outcome(want, b"usage:")
        if want_outcome == "out" and got.returncode == 0 and want.stdout == got.stdout:
            want_outcome = "same"
        if want_outcome != python:
            failures.append(f"{where}: the reference gives {want_outcome}, the list says {python}")
    for failure in failures:
        print("FAIL", failure)
    print(f"{chapter}: {lines} argument shapes, {len(failures)} failed"
          + ("" if script.is_file() else " (program only)"))
    return 1 if failures or lines == 0 else 0


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
