#!/usr/bin/env python3
"""check_epub_width.py BOOK.epub

Passes when every XHTML page of the EPUB, rendered by headless Chromium in a
600 px wide window (a small e-reader's screen), has nothing wider than the
window and nothing that would need scrolling inside a box: e-ink readers and
paginated readers can do neither, so a column cut there is lost. It fails
naming each element (tag, class, the start of its text) that

  * reaches past the window's right edge, or
  * scrolls inside itself (wider or taller than its box: overflow:auto, a
    max-height that clips a long output);

and each page that starts a line with "，" after inline math, holds a figure
not in a <figure> with a <figcaption>, numbers 目录's list, has a display
formula wider than the column at 1.5 times the font (a reader's larger font),
or has an element (one without child elements: a long URL, a word) past the
window once overflow-wrap is turned off, as an e-reader engine that knows only
word-break would show it (the 参考文献's URLs reached 800 px so).
The landmarks must name the main matter (bodymatter: the first chapter's page).

The pages are unpacked into a temporary folder and measured in ONE browser
session (chromium_pages.py: Node and playwright-core, as the search's tests),
a 600 px viewport; the measuring function runs in each page after it has
loaded. The session also measures book/tests/width/self-check.xhtml, which
has each fault once: the test fails unless all are found there, so it cannot
pass without measuring. Every page and the self-check are measured on every run: no verdict
is kept between runs.
"""
import pathlib
import re
import sys
import tempfile
import zipfile

import chromium_pages
from booksource import verdict
from check_html_layout import PUNCT_AFTER_MATH

WIDTH = 600
HEIGHT = 900
SELF_CHECK = pathlib.Path(__file__).resolve().parent / "width" / "self-check.xhtml"
# What the self-check page must show (book/tests/width/self-check.xhtml).
SELF_CHECK_FAULTS = ("ends at", "scrolls sideways", "is clipped", "the page is", "starts a line after",
                     "not in a <figure>", "目录 numbers its list", "at 1.5 times the font", "without overflow-wrap")
DEADLINE = 260  # a hang's message before ctest's TIMEOUT (300; +30 s for Chromium's exit), not a timing
# check: how near a run comes to a third of the TIMEOUT is scripts/test --load-check's to measure
MEASURE = r"""
() => {
""" + PUNCT_AFTER_MATH + r"""
  const limit = document.documentElement.clientWidth;
  const found = [];
  const name = el => el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined && el.className
    ? '.' + el.className.trim().split(/\s+/).join('.') : '') + ' "' + (el.textContent || '').trim().slice(0, 40) + '"';
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.right > limit + 0.5) found.push(name(el) + ' ends at ' + Math.round(box.right) + ' px');
    const style = getComputedStyle(el);
    const scrolls = v => v === 'auto' || v === 'scroll' || v === 'hidden';
    if (scrolls(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
      found.push(name(el) + ' scrolls sideways: ' + el.scrollWidth + ' px in ' + el.clientWidth + ' px');
    if (scrolls(style.overflowY) && el.scrollHeight > el.clientHeight + 1)
      found.push(name(el) + ' is clipped: ' + el.scrollHeight + ' px tall in ' + el.clientHeight + ' px');
  }
  if (document.documentElement.scrollWidth > limit)
    found.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
  found.push(...punctAfterMath());
  // A figure is a <figure> with its <figcaption>.
  for (const img of document.querySelectorAll('img[src$=".svg"]')) {
    const figure = img.closest('figure');
    if (!figure || !figure.querySelector('figcaption')) found.push('a figure not in a <figure> with a <figcaption>: ' + img.getAttribute('src'));
  }
  // 目录 does not number its entries (they are chapters with numbers of their own).
  for (const ol of document.querySelectorAll('nav ol'))
    if (!ol.closest('[hidden]') && getComputedStyle(ol).listStyleType !== 'none') { found.push('目录 numbers its list: ' + name(ol)); break; }
  // A reader's larger font: display formulas still fit the column.
  const root = document.documentElement, before = root.style.fontSize;
  root.style.fontSize = (1.5 * parseFloat(getComputedStyle(root).fontSize)) + 'px';
  for (const el of document.querySelectorAll('math[display="block"]')) {
    const box = el.getBoundingClientRect();
    if (box.right > limit + 0.5 || el.scrollWidth > el.clientWidth + 1)
      found.push('at 1.5 times the font: ' + name(el) + ' is ' + el.scrollWidth + ' px wide in ' + el.clientWidth + ' px');
  }
  root.style.fontSize = before;
  // A reader whose engine knows no overflow-wrap (older e-reader engines, which honour word-break):
  // nothing may rely on it to fit, as a long URL breaking only by it did (the 参考文献 at 800 px).
  const plain = document.createElement('style');
  plain.textContent = '* { overflow-wrap: normal !important; word-wrap: normal !important; }';
  document.head.appendChild(plain);
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.right > limit + 0.5 && !el.querySelector('*')) found.push('without overflow-wrap: ' + name(el) + ' ends at ' + Math.round(box.right) + ' px');
  }
  plain.remove();
  return {limit: limit, found: found};
}
"""


def pages(opf_dir, opf):
    """The spine's XHTML files, in reading order."""
    items = dict(re.findall(r'<item id="([^"]+)" href="([^"]+)" media-type="application/xhtml\+xml"', opf))
    return [opf_dir / items[idref] for idref in re.findall(r'<itemref idref="([^"]+)"', opf) if idref in items]


def bodymatter_failures(opf_dir, opf):
    """The landmarks name the main matter (bodymatter): the page of the first chapter, 第 N 章."""
    nav = re.search(r'<item [^>]*href="([^"]+)"[^>]*properties="nav"', opf)
    if not nav:
        return ["no nav document in the package"]
    text = (opf_dir / nav.group(1)).read_text(encoding="utf-8")
    target = re.search(r'<a href="([^"#]+)[^"]*" epub:type="bodymatter"', text)
    if not target:
        return ["the landmarks have no bodymatter (正文) entry"]
    page = ((opf_dir / nav.group(1)).parent / target.group(1)).read_text(encoding="utf-8")
    if not re.search(r"<h1[^>]*>第 ", page):
        return [f"the bodymatter landmark opens {target.group(1)}, which does not hold a chapter's heading"]
    return []


def main(epub):
    failures, checked = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        with zipfile.ZipFile(epub) as z:
            z.extractall(tmp / "book")
        container = (tmp / "book" / "META-INF" / "container.xml").read_text(encoding="utf-8")
        opf_path = tmp / "book" / re.search(r'full-path="([^"]+)"', container).group(1)
        spine = pages(opf_path.parent, opf_path.read_text(encoding="utf-8"))
        failures += bodymatter_failures(opf_path.parent, opf_path.read_text(encoding="utf-8"))
        loads = [{"url": page.as_uri(), "width": WIDTH, "height": HEIGHT, "dark": False, "shot": None}
                 for page in [SELF_CHECK, *spine]]
        try:
            results = chromium_pages.measure(loads, MEASURE, DEADLINE)
        except chromium_pages.Unavailable as e:
            return verdict(f"{epub} at {WIDTH} px", [str(e)], "")
        (report, error), results = results[0], results[1:]
        found = report["found"] if report else []
        for fault in SELF_CHECK_FAULTS:
            if not any(fault in f for f in found):
                failures.append(f"the self-check page {SELF_CHECK.name}: the measurement must find "
                                f"'{fault}', it did not: {error or found}")
        for page, (report, error) in zip(spine, results):
            rel = page.relative_to(tmp / "book")
            if report is None:
                failures.append(f"{rel}: Chromium gave no measurement: {error}")
                continue
            checked += 1
            if report["limit"] > WIDTH:
                failures.append(f"{rel}: the window is {report['limit']} px wide, not {WIDTH}")
            for found in report["found"][:8]:
                failures.append(f"{rel} at {WIDTH} px: {found}")
            if len(report["found"]) > 8:
                failures.append(f"{rel}: ... {len(report['found']) - 8} more")
        if checked == 0:
            failures.append("no page measured")
    return verdict(f"{epub} at {WIDTH} px", failures,
                   f"{epub}: {checked} pages in one browser session (and the self-check page, whose faults "
                   f"were found), nothing wider than {WIDTH} px")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
