#!/usr/bin/env python3
"""sidebar_check.py WORK_DIR HTML_DIR: book/sidebar, ☰ 目录 as a reader uses it
(book/tests/sidebar_toggle.js), in one of two ways.

Under scripts/build-book (BOOK_CHECK_MEMO set) the check itself, through its memo: it keeps its
pass only while the pages it drove and every file they loaded are what they were.

Otherwise (scripts/test, ctest by hand) the check and the proof of that memo, on a copy of the
rendered book (HTML_DIR) in WORK_DIR, with a memo of its own:
  1. sidebar_toggle.js drives ☰ 目录 on the copy and passes (the check of the book: the copy's
     pages are the render's bytes): its verdict is kept;
  2. nothing changed: it says so and starts no browser;
  3. a sentence added to a page it did not drive: still kept;
then, asking page_memo.py with the script's own key (sidebar_toggle.js --memo-key), no browser:
  4. another page grown longer than the one it drives (so that page is driven now): does not hold;
  5. the stylesheet every page loads changed: does not hold;
  6. the second page it drives changed: does not hold;
  7. every change undone: holds again.
The check runs once in Chromium either way (about 4 s); the proof's other steps ask the memo alone.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
RUN = ["bash", str(HERE.parent / "search" / "tests" / "run.sh"), "../../tests/sidebar_toggle.js"]
KEPT = "not driven again"


def main(work, rendered):
    if os.environ.get("BOOK_CHECK_MEMO"):  # build-book's gate: the check through its memo
        return subprocess.run([*RUN, rendered]).returncode
    work, rendered = pathlib.Path(work).resolve(), pathlib.Path(rendered).resolve()
    shutil.rmtree(work, ignore_errors=True)
    html = work / "html"
    shutil.copytree(rendered, html)
    env = dict(os.environ, BOOK_CHECK_MEMO=str(work / "memo"))
    failures = []

    def drive(step, want_kept):
        run = subprocess.run([*RUN, str(html)], capture_output=True, text=True, env=env, timeout=170)
        said = (run.stdout + run.stderr).strip()
        if run.returncode != 0 or (KEPT in said) != want_kept:
            failures.append(f"{step}: want exit 0, {'kept' if want_kept else 'driven'}; got exit {run.returncode}:\n{said}")
            return False
        print(f"ok   {step}: {'kept, no browser' if want_kept else said.splitlines()[-1]}")
        return True

    def key():
        out = subprocess.run([*RUN, str(html), "--memo-key"], capture_output=True, text=True, env=env, check=True).stdout
        return json.loads(out)

    def holds(step, want):
        now = key()
        chosen = subprocess.run(["python3", str(HERE / "page_memo.py"), "select", *now["args"], now["page"]],
                                capture_output=True, text=True, env=env, check=True).stdout.strip()
        if (chosen == "") != want:
            failures.append(f"{step}: want the verdict {'held' if want else 'let go'}; page_memo.py select printed "
                            f"{chosen!r} for {now['page']} ({' '.join(now['args'])})")
        else:
            print(f"ok   {step}: {'holds' if want else 'let go'}")

    def edited(path, text):
        """Appends TEXT to PATH; returns the bytes to put back."""
        old = path.read_bytes()
        path.write_bytes(old + text.encode())
        return old

    if not drive("1 the check, on a copy of the book", False):
        print(f"FAIL: {failures[0]}")
        print(f"rerun: python3 book/tests/sidebar_check.py {work} {rendered}")
        return 1
    drive("2 nothing changed", True)
    args = key()["args"]
    driven = args[args.index("--also") + 1].split(";")[0].split()[1:]  # `driven: A B; node ...`
    others = sorted(p.name for p in html.glob("[0-9]*.html") if p.name not in driven)
    if not others:
        failures.append(f"the book has no chapter page besides the two driven ({driven}): steps 3 and 6 need one")
    else:
        other = html / others[0]
        saved = edited(other, "<!-- a sentence added to another page -->\n")
        drive(f"3 {other.name} edited", True)
        other.write_bytes(saved)
        grown = edited(other, "<!-- " + "长" * (2 * (html / driven[0]).stat().st_size) + " -->\n")
        holds(f"4 {other.name} grown longer than {driven[0]}", False)
        other.write_bytes(grown)
    saved = edited(html / "book.css", "/* an edit */\n")
    holds("5 book.css edited", False)
    (html / "book.css").write_bytes(saved)
    saved = edited(html / driven[1], "<!-- an edit -->\n")
    holds(f"6 {driven[1]} (driven second) edited", False)
    (html / driven[1]).write_bytes(saved)
    holds("7 every change undone", True)
    for failure in failures:
        print(f"FAIL: {failure}")
    if failures:
        print(f"rerun: python3 book/tests/sidebar_check.py {work} {rendered}")
        return 1
    shutil.rmtree(work)
    print("sidebar: ok, and its memo too (kept while the driven pages and what they loaded are unchanged; "
          "a stylesheet, a driven page or a new longest page lets it go)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
