#!/usr/bin/env python3
"""page_memo_test.py WORK_DIR: book/page-width's memo (page_memo.py, BOOK_CHECK_MEMO) keeps a
page's verdict only while nothing the page loaded has changed.

Two small pages sharing a stylesheet, checked by check_page_width.py four times:
  1. both measured, both pass;
  2. nothing changed: no page measured again, and the output says so;
  3. the shared stylesheet changed: both measured again;
  4. one page gets a block wider than a phone: it is measured again and the check fails,
     naming it; the other is left out.
Then the same four steps for book/a11y (a11y.js, which keeps its verdicts through page_memo.py's
command line), with an empty baseline; in step 4 the page gets an image without alt text.
"""
import os
import pathlib
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
PAGE = """<!DOCTYPE html><html lang="zh"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="book.css"><title>{name}</title></head>
<body><p>页面 {name}</p>{extra}</body></html>
"""
WIDE = '<div style="width: 900px">比手机屏幕宽的块</div>'


def main(work):
    work = pathlib.Path(work).resolve()
    shutil.rmtree(work, ignore_errors=True)
    html = work / "html"
    html.mkdir(parents=True)
    for name in ("a", "b"):
        (html / f"{name}.html").write_text(PAGE.format(name=name, extra=""), encoding="utf-8")
    (html / "book.css").write_text("body { margin: 1em; }\n", encoding="utf-8")
    env = dict(os.environ, BOOK_CHECK_MEMO=str(work / "memo"))
    failures = []

    def check(step, want_status, want_left_out, want_said=""):
        run = subprocess.run([sys.executable, str(HERE / "check_page_width.py"), str(html)],
                             capture_output=True, text=True, env=env, timeout=200)
        said = (run.stdout + run.stderr).strip()
        left_out = f"{want_left_out} of 4 loads unchanged" if want_left_out else "loads unchanged"
        if run.returncode != want_status or (left_out in said) != bool(want_left_out) or want_said not in said:
            failures.append(f"step {step}: want exit {want_status} and "
                            f"{repr(left_out) if want_left_out else 'no load left out'} {want_said!r}; got exit "
                            f"{run.returncode}:\n{said}")

    check(1, 0, 0)
    check(2, 0, 4)
    (html / "book.css").write_text("body { margin: 2em; }\n", encoding="utf-8")
    check(3, 0, 0)
    (html / "b.html").write_text(PAGE.format(name="b", extra=WIDE), encoding="utf-8")
    check(4, 1, 2, "b.html at 375 px: the page is")

    # book/a11y: pages axe passes (one <h1>, a landmark), and an empty baseline.
    html = work / "a11y"
    html.mkdir()
    a11y_page = PAGE.replace("<body><p>页面 {name}</p>{extra}</body>", "<body><main><h1>页面 {name}</h1>{extra}</main></body>")
    for name in ("a", "b"):
        (html / f"{name}.html").write_text(a11y_page.format(name=name, extra=""), encoding="utf-8")
    (html / "book.css").write_text("body { margin: 1em; }\n", encoding="utf-8")
    (work / "baseline.txt").write_text("", encoding="utf-8")
    env["BOOK_CHECK_MEMO"] = str(work / "memo-a11y")

    def check_a11y(step, want_status, want_left_out, want_said=""):
        run = subprocess.run(["bash", str(HERE.parent / "search" / "tests" / "run.sh"), "../../tests/a11y.js", str(html),
                              str(work / "baseline.txt")], capture_output=True, text=True, env=env, timeout=200)
        said = (run.stdout + run.stderr).strip()
        left_out = f"{want_left_out} of 2 page(s) unchanged" if want_left_out else "page(s) unchanged"
        if run.returncode != want_status or (left_out in said) != bool(want_left_out) or want_said not in said:
            failures.append(f"a11y step {step}: want exit {want_status} and "
                            f"{repr(left_out) if want_left_out else 'no page left out'} {want_said!r}; got exit "
                            f"{run.returncode}:\n{said}")

    check_a11y(1, 0, 0)
    check_a11y(2, 0, 2)
    (html / "book.css").write_text("body { margin: 2em; }\n", encoding="utf-8")
    check_a11y(3, 0, 0)
    (html / "b.html").write_text(a11y_page.format(name="b", extra='<img src="x.png">'), encoding="utf-8")
    check_a11y(4, 1, 1, "b.html at 1280 px light: image-alt")
    for f in failures:
        print("FAIL:", f)
    if failures:
        print(f"rerun: python3 {__file__} {work}")
        return 1
    shutil.rmtree(work, ignore_errors=True)
    print("page-memo: ok (page-width's and a11y's verdicts kept while nothing changed; "
          "a changed stylesheet or page checked again)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
