#!/usr/bin/env python3
"""check-output-width.py CHAPTER...: every text golden output fits the book's width.

A line of a golden output may take at most 96 display columns, counted as a terminal shows
them: a CJK (East Asian wide or fullwidth) character takes 2 columns, a combining mark none,
any other character 1. A wider line wraps with a ↪ in the PDF and the EPUB. A case whose
output must be wider is listed in chapters/<chapter>/chapter.toml's [golden] wide, and a case
listed there whose output fits leaves the list.
ctest runs it once for every chapter as chapters/output-width (label golden); each failure
names the case, the line, its width and the limit.
"""
import sys
import unicodedata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts" / "lib"))
import suite  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from chapter_filter import narrowed  # noqa: E402

LIMIT = 96


def columns(line):
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def main(chapter):
    failures = []
    try:
        cases = suite.cases(chapter)
    except suite.ListError as e:
        cases, failures = [], [str(e)]
    for case in cases:
        if case.writes_file:
            continue  # a figure, not text
        rel = f"golden/{chapter}/{case.golden_name}"
        lines = (suite.ROOT / rel).read_text(encoding="utf-8").splitlines()
        widest = max(((columns(line), number) for number, line in enumerate(lines, 1)), default=(0, 0))
        where = f"chapters/{chapter}/chapter.toml's [golden] wide"
        if widest[0] > LIMIT and not case.wide:
            failures.append(f"case {chapter}/{case.name}: {rel}:{widest[1]} is {widest[0]} columns wide, the limit "
                            f"is {LIMIT}: narrow the output, or list \"{case.name}\" in {where}")
        elif widest[0] <= LIMIT and case.wide:
            failures.append(f"case {chapter}/{case.name} is listed in {where}, but its widest line "
                            f"({rel}:{widest[1]}) is {widest[0]} columns, within {LIMIT}: take it off the list")
    for failure in failures:
        print(f"FAIL: {failure}")
    if failures:
        print(f"  rerun: cd {suite.ROOT} && python3 common/tests/check-output-width.py {chapter}")
    return len(failures)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    chapters = narrowed(sys.argv[1:], "check-output-width", lambda c: c)
    failed = sum(main(chapter) for chapter in chapters)
    print(f"output width: {len(chapters)} chapter(s), {failed} failure(s)")
    sys.exit(1 if failed else 0)
