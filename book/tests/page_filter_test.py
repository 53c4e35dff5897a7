#!/usr/bin/env python3
"""page_filter_test.py WORK_DIR: BOOK_CHECK_CHAPTERS (page_filter.py) narrows book/html-layout's
outputs, contrast and axe-core run to the pages it promises, and refuses what would check
nothing.

On a small book (index, 02-old, 99-new, errata; 02-old and 99-new each with an image that has no
alt text, a fault axe-core reports):
  1. page_filter.py: unset, every page; `99-new`, 99-new with the contents and 勘误与变更;
     set but empty, a page that is no chapter's (index) and a chapter without a page each fail
     naming the variable;
  2. check_html_layout.py refuses a bad filter before it starts Chromium;
  3. check_html_layout.py in Chromium with BOOK_CHECK_CHAPTERS=99-new: axe fails on 99-new's
     image and names no fault of 02-old, the page it left out.
"""
import os
import pathlib
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
BOOK = HERE.parent
PAGE = """<!DOCTYPE html><html lang="zh"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{name}</title></head>
<body><main><h1>{name}</h1><p>页面 {name}</p>{extra}</main></body></html>
"""
NO_ALT = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">'


def run(command, **env):
    """(status, stdout + stderr) of COMMAND with the environment changed by ENV (None: unset)."""
    environ = {k: v for k, v in {**os.environ, **env}.items() if v is not None}
    done = subprocess.run(command, capture_output=True, text=True, env=environ, timeout=200)
    return done.returncode, done.stdout + done.stderr


def main(work):
    work = pathlib.Path(work).resolve()
    shutil.rmtree(work, ignore_errors=True)
    html = work / "html"
    html.mkdir(parents=True)
    for name, extra in [("index", ""), ("02-old", NO_ALT), ("99-new", NO_ALT), ("errata", "")]:
        (html / f"{name}.html").write_text(PAGE.format(name=name, extra=extra), encoding="utf-8")
    failures = []
    clean = {"BOOK_CHECK_CHAPTERS": None}

    lister = [sys.executable, str(HERE / "page_filter.py"), "book/test", str(html)]
    status, out = run(lister, **clean)
    if status != 0 or out.split() != ["02-old.html", "99-new.html", "errata.html", "index.html"]:
        failures.append(f"unset: want every page, got exit {status}: {out!r}")
    status, out = run(lister, **{**clean, "BOOK_CHECK_CHAPTERS": " 99-new "})
    listed = [line for line in out.splitlines() if line.endswith(".html")]
    if status != 0 or listed != ["99-new.html", "errata.html", "index.html"]:
        failures.append(f"99-new: want 99-new, errata, index, got exit {status}: {out!r}")
    refused = {"": "set but empty", "  ": "set but empty", "index": "not a chapter", "98-gone": "has no page",
               "99-new.html": "not a chapter"}
    for value, why in refused.items():
        status, out = run(lister, **{**clean, "BOOK_CHECK_CHAPTERS": value})
        if status == 0 or why not in out or "BOOK_CHECK_CHAPTERS" not in out:
            failures.append(f"BOOK_CHECK_CHAPTERS={value!r}: want a failure saying '{why}', got exit {status}: {out!r}")

    # The check itself refuses before Chromium: no browser at all.
    layout = [sys.executable, str(HERE / "check_html_layout.py"), str(html), str(BOOK / "code.theme"),
              str(HERE / "a11y-baseline.txt")]
    status, out = run(layout, **{**clean, "BOOK_CHECK_CHAPTERS": "", "CHROMIUM": "/nonexistent/chromium"})
    if status == 0 or "BOOK_CHECK_CHAPTERS is set but empty" not in out:
        failures.append(f"check_html_layout.py with BOOK_CHECK_CHAPTERS='': want its refusal, "
                        f"got exit {status}: {out[-400:]!r}")

    # Narrowed in Chromium: the fault of the page kept is found, the page left out is not loaded for axe.
    status, out = run(layout, **{**clean, "BOOK_CHECK_CHAPTERS": "99-new"})
    if status == 0 or "99-new.html at 1280 px light: image-alt" not in out or "02-old.html" in out:
        said = "".join(f"\n    | {line[:160]}" for line in out.splitlines()[-12:])
        failures.append(f"check_html_layout.py with BOOK_CHECK_CHAPTERS=99-new: want 99-new's image-alt and "
                        f"nothing of 02-old, got exit {status}; it said:{said}")

    for f in failures:
        print("FAIL:", f)
    if failures:
        print(f"pages in {html}; rerun: python3 book/tests/page_filter_test.py {work}")
        return 1
    shutil.rmtree(work)
    print("page_filter: every page unset; a chapter's page with the contents and 勘误与变更 when named; empty "
          "and unknown filters refused before Chromium; check_html_layout.py narrowed found the kept page's "
          "fault with axe and named no other")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
