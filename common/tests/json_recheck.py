"""The frame of a chapter's tests/check_json.py (ctest <chapter>/json-recomputed):
each golden JSON file named on the command line is given to the chapter's
check(path, problems), which recomputes its numbers and adds one line per
difference with problems.expect(where, field, got, want); a file with none
prints "ok", the others "FAIL" with their lines, and any failure exits 1."""
import sys


class Problems(list):
    """What a check found wrong, one line each."""

    def expect(self, where, field, got, want):
        if got != want:
            self.append(f"{where}: {field} is {got!r}, recomputed {want!r}")


def recheck(check, passed, usage):
    """Runs check(path, problems) on every path of sys.argv; `passed` says what an ok file had."""
    if len(sys.argv) < 2:
        sys.exit(usage)
    failed = False
    for path in sys.argv[1:]:
        problems = Problems()
        check(path, problems)
        if problems:
            failed = True
            print(f"FAIL: {path}")
            for p in problems:
                print("  - " + p)
        else:
            print(f"ok: {path}: {passed}")
    sys.exit(1 if failed else 0)
