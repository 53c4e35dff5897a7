#!/usr/bin/env python3
"""BOOK_CHECK_CHAPTERS: book/html-layout's outputs, code contrast and axe-core run
(check_html_layout.py), narrowed to the pages some chapters can change.
The template test (scripts/tests/new-chapter-test.sh) sets it to the two chapters it adds to its
copy of the tree; the tree's own runs (scripts/test, scripts/build-book) leave it unset.

Unset: every page of HTML_DIR. Set to chapter names (space-separated, as chapters/chapters.list
spells them: `28-op-ledger 36-head-roofline`): each named chapter's page, and the two pages that
show something of every chapter: the contents (index.html: the list of chapters and the
colophon's output digest of each) and 勘误与变更 (errata.html: each chapter's recorded changes).
Another page shows of a chapter only its title, in the contents beside the page and in the
previous / next links, the same links the chapter's own page carries, and no code of it (what
book/html-layout's contrast measures); its page width, where a long title would stick out, is
still measured on every page.

A check of nothing must not pass, so these fail, naming the variable: set but empty; a name that
is not a chapter's (index, 28, x.html) or whose page HTML_DIR lacks.

python3 page_filter.py CHECK HTML_DIR: the page files to check, one name a line; the line saying
what was narrowed, or why it refuses, on stderr (exit 1).
"""
import os
import pathlib
import re
import sys

VARIABLE = "BOOK_CHECK_CHAPTERS"
CHAPTER = re.compile(r"[0-9][0-9]-[a-z0-9-]+")  # chapters/chapters.list's <NN-slug>
WHOLE_BOOK = ("index.html", "errata.html")  # the pages that show something of every chapter


def pages(html_dir, check):
    """The page files (names, sorted) CHECK is to load from HTML_DIR; exits on a bad filter."""
    every = sorted(p.name for p in pathlib.Path(html_dir).glob("*.html"))
    value = os.environ.get(VARIABLE)
    if value is None:
        return every
    wanted = value.split()
    if not wanted:
        sys.exit(f"{check}: {VARIABLE} is set but empty: name the chapters to check (28-op-ledger ...), "
                 "or unset it to check every page")
    for name in wanted:
        if not CHAPTER.fullmatch(name):
            sys.exit(f"{check}: {VARIABLE} names '{name}', not a chapter (NN-slug, as chapters/chapters.list has it)")
        if f"{name}.html" not in every:
            sys.exit(f"{check}: {VARIABLE} names {name}, which has no page in {html_dir}")
    kept = sorted({f"{name}.html" for name in wanted} | {p for p in WHOLE_BOOK if p in every})
    print(f"{check}: {len(kept)} of {len(every)} pages checked: {' '.join(kept)} ({VARIABLE}={' '.join(wanted)})",
          file=sys.stderr)
    return kept


def narrowed_note():
    """" (BOOK_CHECK_CHAPTERS: not every page)" for a check's summary line when it narrows, else ""."""
    return f" ({VARIABLE}: not every page)" if VARIABLE in os.environ else ""


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: page_filter.py CHECK HTML_DIR")
    print("\n".join(pages(sys.argv[2], sys.argv[1])))
