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
has an element (one without child elements: a long URL, a word) past the
window once overflow-wrap is turned off, as an e-reader engine that knows only
word-break would show it (the 参考文献's URLs reached 800 px so), or a figure
whose smallest text is drawn under 9 px (its <text>'s size in the SVG times the
width Chromium draws the image at over the viewBox's width), or a link outside
the nav that is not underlined (an e-ink screen shows no colour); and each SVG of
the package, opened on its own, that has a text past its edge (epub_svg in
book/filters/figure_svg.lua sets the figures' text larger for the EPUB).
The landmarks must name the main matter (bodymatter: the first chapter's page),
and dc:rights, when the package has one, must state rights (not a build note).

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
import urllib.parse
import zipfile

import chromium_pages
from booksource import verdict
from check_html_layout import PUNCT_AFTER_MATH

WIDTH = 600
HEIGHT = 900
FIGURE_TEXT = 9  # CSS px: the smallest figure text an e-ink screen must show (legend, axes, labels)
SELF_CHECK = pathlib.Path(__file__).resolve().parent / "width" / "self-check.xhtml"
SELF_CHECK_SVG = SELF_CHECK.parent / "small-figure.svg"  # opened on its own too: its text passes its edge
# What the self-check page must show (book/tests/width/self-check.xhtml).
SELF_CHECK_FAULTS = ("ends at", "scrolls sideways", "is clipped", "the page is", "starts a line after",
                     "not in a <figure>", "目录 numbers its list", "at 1.5 times the font", "without overflow-wrap",
                     "figure text", "passes the figure's edge", "a link told by colour alone")
DEADLINE = 260  # a hang's message before ctest's TIMEOUT (300; +30 s for Chromium's exit), not a timing
# check: how near a run comes to a third of the TIMEOUT is scripts/test --load-check's to measure
MEASURE = r"""
() => {
  // A figure's SVG, opened on its own: every text inside the drawing (none grew past its edge).
  if (document.documentElement.tagName.toLowerCase() === 'svg') {
    const frame = document.documentElement.getBoundingClientRect();
    return {svg: [...document.querySelectorAll('text')].filter((t) => {
      const r = t.getBoundingClientRect();
      return r.left < frame.left - 0.5 || r.right > frame.right + 0.5 || r.top < frame.top - 0.5 || r.bottom > frame.bottom + 0.5;
    }).map((t) => '"' + t.textContent.slice(0, 40) + '" passes the figure\'s edge')};
  }
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
  // A figure is a <figure> with its <figcaption>; its width as drawn goes to Python, which reads
  // its text's sizes from the SVG (a page from file:// may not read the file itself).
  const figures = [];
  for (const img of document.querySelectorAll('img[src$=".svg"]')) {
    const figure = img.closest('figure');
    if (!figure || !figure.querySelector('figcaption')) found.push('a figure not in a <figure> with a <figcaption>: ' + img.getAttribute('src'));
    figures.push({src: img.src, width: img.getBoundingClientRect().width});
  }
  // A link in the text is underlined: an e-ink screen shows no colour (the contents' lists excepted).
  for (const a of document.querySelectorAll('a[href]')) {
    if (a.closest('nav') || !(a.textContent || '').trim()) continue;
    if (!getComputedStyle(a).textDecorationLine.includes('underline')) { found.push('a link told by colour alone: ' + name(a)); break; }
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
  return {limit: limit, found: found, figures: figures};
}
"""


def figure_text(figures):
    """Each figure whose smallest text (a <text>'s font-size, else the <svg>'s, in viewBox units,
    times the width drawn over the viewBox's) is drawn under FIGURE_TEXT px: (src, px)."""
    out = []
    for figure in figures:
        path = pathlib.Path(urllib.parse.unquote(urllib.parse.urlparse(figure["src"]).path))
        if not path.is_file() or not figure["width"]:
            continue
        svg = path.read_text(encoding="utf-8")
        root = re.search(r"<svg\b[^>]*>", svg).group(0)
        view_width = float(re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+)', root).group(1))
        root_size = re.search(r'font-size="([\d.]+)"', root)
        default = float(root_size.group(1)) if root_size else 16.0
        sizes = [float(m.group(1)) if m.group(1) else default
                 for m in re.finditer(r'<text\b(?:[^>]*font-size="([\d.]+)")?[^>]*>', svg)]
        if sizes:
            px = min(sizes) * figure["width"] / view_width
            if px < FIGURE_TEXT - 0.01:
                out.append((path.name, px))
    return out


def figure_findings(figures):
    return [f"figure text: {name}'s smallest text is drawn at {px:.1f} px, under {FIGURE_TEXT} px"
            for name, px in figure_text(figures)]


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


def rights_failures(opf):
    """dc:rights, when the package has it, states rights (a reader's library shows it as such),
    not a note on how the book was made, as metadata.yaml's `rights` is."""
    return [f"dc:rights holds no statement of rights (版权, ©, 许可, a licence): {text!r}"
            for text in re.findall(r"<dc:rights>(.*?)</dc:rights>", opf, re.S)
            if not re.search(r"版权|©|许可|licen[cs]e|CC[- ]BY", text, re.I)]


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
        failures += rights_failures(opf_path.read_text(encoding="utf-8"))
        svgs = [opf_path.parent / href for href in
                re.findall(r'<item [^>]*href="([^"]+)" media-type="image/svg\+xml"', opf_path.read_text(encoding="utf-8"))]
        loads = [{"url": page.as_uri(), "width": WIDTH, "height": HEIGHT, "dark": False, "shot": None}
                 for page in [SELF_CHECK, SELF_CHECK_SVG, *spine, *svgs]]
        try:
            results = chromium_pages.measure(loads, MEASURE, DEADLINE)
        except chromium_pages.Unavailable as e:
            return verdict(f"{epub} at {WIDTH} px", [str(e)], "")
        (report, error), (svg_report, _), results, svg_results = \
            results[0], results[1], results[2:2 + len(spine)], results[2 + len(spine):]
        found = report["found"] + figure_findings(report["figures"]) if report else []
        found += svg_report["svg"] if svg_report else []
        for svg, (svg_report, error) in zip(svgs, svg_results):
            if svg_report is None:
                failures.append(f"{svg.relative_to(tmp / 'book')}: Chromium gave no measurement: {error}")
            else:
                failures += [f"{svg.relative_to(tmp / 'book')}: {line}" for line in svg_report["svg"]]
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
            report["found"] += figure_findings(report["figures"])
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
