#!/usr/bin/env python3
"""check_regions.py

Passes when every code region the book's pages name exists: the file is there
and holds exactly one `//> name` and a later `//< name`.
"""
import re
import sys

from booksource import ROOT, book_pages, excerpt_blocks, verdict

MARKER = re.compile(r"^\s*//([<>])\s*(\S+)\s*$")


def problem(path, region):
    source = ROOT / path
    if not path or not region:
        return 'an excerpt block needs file="..." and region="..."'
    if not source.is_file():
        return f"source file missing: {path} (region {region})"
    opens, closes = [], []
    for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
        m = MARKER.match(line)
        if m and m.group(2) == region:
            (opens if m.group(1) == ">" else closes).append(number)
    if not opens:
        return f"region {region} missing in {path} (no `//> {region}`)"
    if len(opens) > 1:
        return f"region {region} opens {len(opens)} times in {path} (lines {opens})"
    if not any(c > opens[0] for c in closes):
        return f"region {region} in {path} is not closed by `//< {region}` after line {opens[0]}"
    return None


def main():
    failures, count = [], 0
    for page in book_pages():
        if not page.is_file():
            failures.append(f"page missing: {page.relative_to(ROOT)}")
            continue
        for path, region in excerpt_blocks(page):
            count += 1
            why = problem(path, region)
            if why:
                failures.append(f"{why} -- named by {page.relative_to(ROOT)}")
    return verdict("code regions the book names", failures, f"{count} code regions named by the book exist",
                   rerun="ctest --test-dir build -R '^book/regions$' --output-on-failure")


if __name__ == "__main__":
    sys.exit(main())
