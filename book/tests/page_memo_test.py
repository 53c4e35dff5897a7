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
command line), with an empty baseline; in step 4 the page gets an image without alt text. One
page's script writes part of its DOM from the search's data (search/index.js), as the contents'
hit list does: once b.html is back as it passed, that data changes but not the DOM it leads to,
and axe is not run again (step 5); it changes so that the DOM gets an image without alt text,
and axe runs and fails (6).
Last, without a browser: a helper module the check imported, changed, gives the memo another key.
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

    def check(step, argv, want_status, want_left_out, counted, want_said=""):
        """One run of a check: its exit status, whether it says WANT_LEFT_OUT of its COUNTED
        ("of 4 loads") were left out (0: none), and WANT_SAID in its output."""
        run = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=200)
        said = (run.stdout + run.stderr).strip()
        unit = counted.split(" ", 2)[2]
        left_out = f"{want_left_out} {counted} unchanged" if want_left_out else f"{unit} unchanged"
        if run.returncode != want_status or (left_out in said) != bool(want_left_out) or want_said not in said:
            failures.append(f"{step}: want exit {want_status} and "
                            f"{repr(left_out) if want_left_out else 'nothing left out'} {want_said!r}; got exit "
                            f"{run.returncode}:\n{said}")

    page_width = [sys.executable, str(HERE / "check_page_width.py"), str(html)]
    check("step 1", page_width, 0, 0, "of 4 loads")
    check("step 2", page_width, 0, 4, "of 4 loads")
    (html / "book.css").write_text("body { margin: 2em; }\n", encoding="utf-8")
    check("step 3", page_width, 0, 0, "of 4 loads")
    (html / "b.html").write_text(PAGE.format(name="b", extra=WIDE), encoding="utf-8")
    check("step 4", page_width, 1, 2, "of 4 loads", "b.html at 375 px: the page is")

    # book/a11y: pages axe passes (one <h1>, a landmark), and an empty baseline. a.html writes part
    # of its DOM from the search's data (search/index.js), as the contents' hit list does.
    html = work / "a11y"
    (html / "search").mkdir(parents=True)
    a11y_page = PAGE.replace("<body><p>页面 {name}</p>{extra}</body>", "<body><main><h1>页面 {name}</h1>{extra}</main></body>")
    data = html / "search" / "index.js"
    data.write_text('window.BookSearchIndex = {"n": 1};\n', encoding="utf-8")
    (html / "a.html").write_text(a11y_page.format(name="a", extra=(
        '<script src="search/index.js"></script><script>document.querySelector("main").insertAdjacentHTML("beforeend", '
        'window.BookSearchIndex.img ? \'<img src="x.png">\' : "<p>" + window.BookSearchIndex.n + "</p>")</script>')),
        encoding="utf-8")
    (html / "b.html").write_text(a11y_page.format(name="b", extra=""), encoding="utf-8")
    (html / "book.css").write_text("body { margin: 1em; }\n", encoding="utf-8")
    (work / "baseline.txt").write_text("", encoding="utf-8")
    env["BOOK_CHECK_MEMO"] = str(work / "memo-a11y")

    a11y = ["bash", str(HERE.parent / "search" / "tests" / "run.sh"), "../../tests/a11y.js", str(html),
            str(work / "baseline.txt")]
    check("a11y step 1", a11y, 0, 0, "of 2 page(s)")
    check("a11y step 2", a11y, 0, 2, "of 2 page(s)")
    (html / "book.css").write_text("body { margin: 2em; }\n", encoding="utf-8")
    check("a11y step 3", a11y, 0, 0, "of 2 page(s)")
    clean_b = (html / "b.html").read_bytes()
    (html / "b.html").write_text(a11y_page.format(name="b", extra='<img src="x.png">'), encoding="utf-8")
    check("a11y step 4", a11y, 1, 1, "of 2 page(s)", "b.html at 1280 px light: image-alt")
    (html / "b.html").write_bytes(clean_b)
    data.write_text('window.BookSearchIndex = {"n": 1, "unused": true};\n', encoding="utf-8")
    check("a11y step 5", a11y, 0, 1, "of 2 page(s)", "2 page view(s) loaded again kept their verdict")
    data.write_text('window.BookSearchIndex = {"n": 1, "img": true};\n', encoding="utf-8")
    check("a11y step 6", a11y, 1, 1, "of 2 page(s)", "a.html at 1280 px light: image-alt")

    # What a verdict rests on besides the pages: a helper module the check imported (its code as it
    # ran, found among the modules loaded, no list): changed, the key is another; put back, the same.
    helper = work / "helpers" / "rules_helper.py"
    helper.parent.mkdir()
    helper.write_text("LIMIT = 375\n", encoding="utf-8")
    base = ("import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; import rules_helper; from page_memo import Memo; "
            "print(Memo(sys.argv[3], sys.argv[1]).base)")

    def key_now():
        return subprocess.run([sys.executable, "-c", base, str(helper.parent), str(HERE), str(HERE / "check_page_width.py")],
                              capture_output=True, text=True, env=env, check=True).stdout.strip()
    before = key_now()
    helper.write_text("LIMIT = 360\n", encoding="utf-8")
    changed = key_now()
    helper.write_text("LIMIT = 375\n", encoding="utf-8")
    if changed == before or key_now() != before:
        failures.append(f"helper step: want a new key after the imported helper changed and the old one back after; "
                        f"got {before[:12]}, {changed[:12]}, {key_now()[:12]}")
    for f in failures:
        print("FAIL:", f)
    if failures:
        print(f"rerun: python3 {__file__} {work}")
        return 1
    shutil.rmtree(work, ignore_errors=True)
    print("page-memo: ok (page-width's and a11y's verdicts kept while nothing changed; "
          "a changed stylesheet or page checked again; an a11y view kept on an unchanged DOM, not on a changed one)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
