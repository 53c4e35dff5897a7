#!/usr/bin/env python3
"""The verdicts of wasm/run-in-page per page, kept between runs (book/run/run-in-page-test.sh).

With BOOK_CHECK_MEMO set to a folder (scripts/build-book sets it: build/memo/, the suite's one
store, scripts/lib/memo_store.py), a page whose run controls test-in-chromium.js clicked in a run
that passed keeps that verdict while every file that test read is byte for byte what it was: the
page as render.sh wrote it just now, each file Chromium loaded for it (run.js, the programs, the
stylesheets, the profile the page carries) and the golden files and cases.list it compared with
(RUN_TEST_READS). The programs are hashed with their commit stamp as unstamped: no run passes
--version (test-in-chromium.js refuses to). The verdicts also rest on the test's scripts, the
browser and Node, and the sample setting (RUN_TEST_SAMPLE). The page is rendered every time; only
the clicking is left out. Without BOOK_CHECK_MEMO (ctest by hand, scripts/test) every page is
tested.

Usage: run_memo.py select HTML_DIR NAME PAGE...     prints the PAGEs to test, one per line (the
                                                   others' verdicts hold; a note on stderr)
       run_memo.py keep HTML_DIR NAME READS PAGE...  after a pass: the tested pages' verdicts from
                                                   READS (test-in-chromium.js), the others' kept
NAME names the record (one per test: tests that run at once must not share one).
"""
import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
from page_memo import Memo  # noqa: E402  the per-page verdicts, as the width checks keep them


def memo(html_dir, name):
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    return Memo(HERE / "test-in-chromium.js", html_dir, name=f"run-in-page-{name}",
                rests_on=[HERE / "run-in-page-test.sh", pathlib.Path(__file__)],
                also=f"node {node}; RUN_TEST_SAMPLE={os.environ.get('RUN_TEST_SAMPLE', '')}")


def main(argv):
    if len(argv) >= 4 and argv[1] == "select":
        memo_ = memo(argv[2], argv[3])
        pages = argv[4:]
        to_test = [page for page in pages if not memo_.store or not memo_.holds_key(memo_.name_of(page))]
        if memo_.store and len(to_test) < len(pages):
            print(f"{len(pages) - len(to_test)} of {len(pages)} page(s) unchanged since they passed "
                  f"(the page, what Chromium loaded, the golden files), not clicked again "
                  f"(BOOK_CHECK_MEMO={memo_.file.parent})", file=sys.stderr)
        print("\n".join(to_test))
        return 0
    if len(argv) >= 5 and argv[1] == "keep":
        memo_ = memo(argv[2], argv[3])
        if not memo_.store:
            return 0
        reads = json.loads(pathlib.Path(argv[4]).read_text(encoding="utf-8")) \
            if pathlib.Path(argv[4]).is_file() else {}
        tested = {str(pathlib.Path(page).resolve()): files for page, files in reads.items()}
        for page in argv[5:]:
            files = tested.get(str(pathlib.Path(page).resolve()))
            if files:
                memo_.passed_key(memo_.name_of(page), files)
            elif not memo_.holds_key(memo_.name_of(page)):
                print(f"run_memo.py: {page} was neither tested nor unchanged: no verdict kept", file=sys.stderr)
                return 1
        memo_.save()
        return 0
    print(__doc__.split("Usage: ")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
