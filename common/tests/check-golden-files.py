#!/usr/bin/env python3
"""check-golden-files.py CHAPTER...: golden/CHAPTER/ holds exactly what its cases.list names.

Fails on a case without its golden file (<case>.txt, or <case>.svg for a case writing
@OUT@), and on a file in the folder that no case names and that is not cases.list, a
verbatim copy ([golden] verbatim) or listed in [golden] other_files of
chapters/CHAPTER/chapter.toml. Also fails on a cases.list line outside the grammar, or a
chapter with no case. ctest runs it once for every chapter as chapters/golden-files (label
golden); each failure names its chapter.
"""
import fnmatch
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts" / "lib"))
import suite  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from chapter_filter import narrowed  # noqa: E402


def main(chapter):
    folder = suite.ROOT / "golden" / chapter
    try:
        cases = suite.cases(chapter)
    except suite.ListError as e:
        print(f"FAIL: {chapter}: {e}")
        return 1
    golden = suite.chapter_data(chapter).get("golden", {})
    expected = {case.golden_name: case for case in cases}
    allowed = ["cases.list", *golden.get("verbatim", {}), *golden.get("other_files", [])]
    failures = []
    if not expected:
        failures.append(f"golden/{chapter}/cases.list names no case")
    for name, case in expected.items():
        if not (folder / name).is_file():
            failures.append(f"case {case.name} (golden/{chapter}/cases.list:{case.line}) has no golden file "
                            f"golden/{chapter}/{name}: generate it with scripts/update-golden {chapter} --write")
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        rel = path.relative_to(folder).as_posix()
        if rel not in expected and not any(fnmatch.fnmatch(rel, pattern) for pattern in allowed):
            failures.append(f"golden/{chapter}/{rel} is named by no case of golden/{chapter}/cases.list: add its "
                            f"case, or remove the file (git rm)")
    for failure in failures:
        print(f"FAIL: {chapter}: {failure}")
    if failures:
        print(f"  rerun: cd {suite.ROOT} && python3 common/tests/check-golden-files.py {chapter}")
        return 1
    print(f"ok: {len(expected)} cases, each with its golden file, and no other file in golden/{chapter}/")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    chapters = narrowed(sys.argv[1:], "check-golden-files", lambda c: c)
    failed = sum(main(chapter) for chapter in chapters)
    print(f"{len(chapters)} chapters' golden folders checked, {failed} failed")
    sys.exit(1 if failed else 0)
