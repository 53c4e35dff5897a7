#!/usr/bin/env python3
"""check-test-names.py EXECUTABLE...: every Catch2 test name of each EXECUTABLE can be run alone.

catch_discover_tests makes one ctest test per TEST_CASE and runs it with the name as
Catch's filter. Some characters break that chain: a ';' splits the name into two CMake
list items (two filters that match nothing), a '*' at either end or a leading '~' is
filter syntax (the filter selects other tests or none), a '\\' escapes the character
after it, and white space at either end is trimmed by the listing. Such a test never
runs, and with no failure: this check names each one and what to write instead. (The
filters also run with `-w NoTests`, so a filter that matches nothing fails, not passes.)
ctest runs it once for every unit-test executable (common's and each chapter's) as
chapters/test-names; an executable that lists no test fails.
"""
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from chapter_filter import narrowed  # noqa: E402

FORBIDDEN = {
    ";": "a CMake list separator: ctest would get two filters",
    "\\": "an escape character in Catch filters",
}


def problems(name):
    found = [f"'{ch}' ({why})" for ch, why in FORBIDDEN.items() if ch in name]
    if name.startswith("~"):
        found.append("a leading '~' (a Catch filter exclusion)")
    if name.startswith("*") or name.endswith("*"):
        found.append("a '*' at an end (a Catch filter wildcard; inside a name it is literal)")
    if name != name.strip():
        found.append("white space at an end (trimmed by the listing)")
    return found


def check(exe):
    """True when every test name of exe can be run alone; prints what is wrong."""
    listed = subprocess.run([exe, "--list-test-names-only"], stdout=subprocess.PIPE, text=True, encoding="utf-8",
                            timeout=60)
    names = [line for line in listed.stdout.split("\n") if line]
    if not names:
        print(f"FAIL: {exe} lists no test (exit {listed.returncode})")
        return False
    bad = [(name, problems(name)) for name in names if problems(name)]
    for name, why in bad:
        print(f"FAIL: {exe}: test name {name!r} cannot be run alone by ctest: {'; '.join(why)}; "
              "reword the TEST_CASE name (',' '[' ']' are escaped and fine)")
    if bad:
        print(f"  rerun: python3 {__file__} {exe}")
        return False
    print(f"{len(names)} test names of {exe} can each be run alone")
    return True


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip().splitlines()[0])
    executables = narrowed(sys.argv[1:], "check-test-names", lambda exe: exe, none_is_fine=True)
    failed = sum(not check(exe) for exe in executables)
    print(f"{len(executables)} unit-test executables checked, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
