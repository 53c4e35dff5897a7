#!/usr/bin/env python3
"""check_page_width.py HTML_DIR [--shots DIR]

Loads every page of the HTML book (HTML_DIR/*.html) in headless Chromium at
375 px (a phone) and 1280 px (a laptop) and fails when
a page is wider than its viewport: the document scrolls sideways
(document.documentElement.scrollWidth > innerWidth), or an element's right
edge lies beyond the viewport without a scrolling box of its own around it
(a wide output or a formula may scroll inside its box; the page may not).
It also fails when Chinese punctuation right after inline math starts a
line (，after a formula at the end of a line), and when a path in inline
code breaks right after a hyphen (`default-` / `plot.svg`), and when a
figure's middle dot is set full width (a ・ in `h_q・topk`).

All pages are measured in ONE browser session (chromium_pages.py: Node and
playwright-core, as the search's tests), the viewport set per width; the
measuring function runs in each page after it has loaded. The session also
measures book/tests/width/self-check.html, which has a block wider than the
page, "，" starting a line after math, a path broken at a hyphen and a
full-width · in a figure: the test fails unless all are found there, so it cannot pass without measuring. With --shots DIR it also
loads every page in dark mode and writes PNGs (NAME-WIDTH-light|dark.png) to look at.
Every page and the self-check are measured on every run: no verdict is kept between runs.
"""
import os
import pathlib
import sys

import chromium_pages

WIDTHS = (375, 1280)
HEIGHT = 900
SELF_CHECK = pathlib.Path(__file__).resolve().parent / "width" / "self-check.html"
DEADLINE = 260  # a hang's message before ctest's TIMEOUT (300; +30 s for Chromium's exit), not a timing
# check: how near a run comes to a third of the TIMEOUT is scripts/test --load-check's to measure

# Chinese punctuation right after inline math stays on the math's line: the lines where it
# does not (a function; book/epub-width runs it in the EPUB's pages too).
PUNCT_AFTER_MATH = r"""
const punctAfterMath = () => {
  const found = [];
  for (const m of document.querySelectorAll('math[display="inline"]')) {
    const t = m.nextSibling;
    if (!t || t.nodeType !== Node.TEXT_NODE || !/^[，。；：、）」』！？》…]/.test(t.data)) continue;
    const range = document.createRange();
    range.setStart(t, 0);
    range.setEnd(t, 1);
    const p = range.getClientRects()[0], r = m.getBoundingClientRect();
    if (p && p.top >= r.bottom - 2) found.push(`"${t.data[0]}" starts a line after ${m.textContent.trim().slice(0, 30)}`);
  }
  return found;
};
"""
MEASURE = r"""
() => {
""" + PUNCT_AFTER_MATH + r"""
  const W = window.innerWidth;
  const report = { width: W, scrollWidth: document.documentElement.scrollWidth, wide: [] };
  // An element inside a box that scrolls (or clips) sideways does not widen the page.
  const contained = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.right <= W + 0.5 || contained(el)) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.position === 'fixed' && r.left >= W) continue;
    const text = (el.textContent || '').trim().slice(0, 60);
    report.wide.push(`<${el.tagName.toLowerCase()}${el.id ? ' id=' + el.id : ''}${el.className && typeof el.className === 'string' ? ' class="' + el.className + '"' : ''}> right edge ${r.right.toFixed(0)} px: ${text}`);
    if (report.wide.length >= 8) break;
  }
  report.punct = punctAfterMath();
  // A path in inline code never breaks right after a hyphen (it would read as hyphenated).
  report.hyphen = [];
  for (const code of document.querySelectorAll(':not(pre) > code')) {
    if (!code.textContent.includes('/')) continue;
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    const chars = [];
    for (let t = walker.nextNode(); t; t = walker.nextNode())
      for (let i = 0; i < t.data.length; i++) chars.push([t, i]);
    const rect = ([t, i]) => { const g = document.createRange(); g.setStart(t, i); g.setEnd(t, i + 1); return g.getClientRects()[0]; };
    for (let k = 0; k + 1 < chars.length; k++) {
      const [t, i] = chars[k];
      if (t.data[i] !== '-') continue;
      const a = rect(chars[k]), b = rect(chars[k + 1]);
      if (a && b && b.top >= a.bottom - 2) report.hyphen.push(`a path breaks after a hyphen: ${code.textContent.slice(0, 60)}`);
    }
  }
  // A middle dot in a figure's text is narrow, not a full-width ・ (book_svg sets it in a Latin face).
  report.dots = [];
  for (const t of document.querySelectorAll('svg text')) {
    const s = t.textContent, size = parseFloat(getComputedStyle(t).fontSize);
    for (let i = 0; i < s.length; i++) {
      if (s[i] !== '·') continue;
      const w = t.getExtentOfChar(i).width;
      if (w > 0.5 * size) report.dots.push(`a full-width · (${(w / size).toFixed(2)} em) in a figure: ${s.slice(0, 50)}`);
    }
  }
  return report;
}
"""


def findings(where, r):
    """The failure lines of one measurement."""
    out = []
    if r["scrollWidth"] > r["width"]:
        out.append(f"{where}: the page is {r['scrollWidth']} px wide, wider than its viewport")
    return out + [f"{where}: {line}" for line in r["wide"] + r["punct"] + r["hyphen"] + r["dots"]]


def self_check(width, r, error):
    """Why the self-check page's measurement at `width` is not what it must be (empty: it is)."""
    where = f"the self-check page {SELF_CHECK.name} at {width} px"
    if r is None:
        return [f"{where}: Chromium gave no measurement: {error}"]
    missed = []
    if r["scrollWidth"] <= r["width"]:
        missed.append("the page wider than its viewport")
    if not any("id=too-wide" in line for line in r["wide"]):
        missed.append("the block #too-wide past the right edge")
    if any("id=scrolls-inside" in line for line in r["wide"]):
        missed.append("nothing for #scrolls-inside, which scrolls inside its own box")
    if not r["punct"]:
        missed.append('"，" starting a line after math')
    if not r["hyphen"]:
        missed.append("a path in inline code broken after a hyphen")
    if not r["dots"]:
        missed.append("a full-width · in a figure's text")
    return [f"{where}: the measurement must find {m}, it did not: {r}" for m in missed]


def main(html_dir, shots=None):
    pages = sorted(pathlib.Path(html_dir).glob("*.html"))
    if not pages:
        print(f"check_page_width: no pages in {html_dir}")
        return 1
    schemes = (False, True) if shots else (False,)
    loads = [{"url": page.resolve().as_uri(), "width": width, "height": HEIGHT, "dark": dark,
              "shot": str(pathlib.Path(shots) / f"{page.stem}-{width}-{'dark' if dark else 'light'}.png")
              if shots else None, "name": page.name, "self_check": page == SELF_CHECK}
             for page in [SELF_CHECK, *pages] for dark in schemes for width in WIDTHS]
    try:
        results = chromium_pages.measure(loads, MEASURE, DEADLINE)
    except chromium_pages.Unavailable as e:
        print(f"check_page_width: {e}")
        return 1
    failures, checked = [], 0
    for load, (r, error) in zip(loads, results):
        width = load["width"]
        if load["self_check"]:
            failures += self_check(width, r, error)
            continue
        where = f"{load['name']} at {width} px" + (" (dark)" if load["dark"] else "")
        if r is None:
            failures.append(f"{where}: Chromium gave no measurement: {error}")
            continue
        checked += 1
        found = findings(where, r)
        failures += found
    for f in failures:
        print("FAIL:", f)
    if failures:
        print(f"rerun: python3 {os.path.relpath(__file__)} {html_dir}")
        return 1
    print(f"{len(pages)} pages, {checked} loads in one browser session (and the self-check page, "
          "whose faults were found): nothing wider than the viewport, no punctuation starting a line after math,"
          " no path broken at a hyphen, no full-width · in a figure")
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) == 1:
        sys.exit(main(args[0]))
    if len(args) == 3 and args[1] == "--shots":
        pathlib.Path(args[2]).mkdir(parents=True, exist_ok=True)
        sys.exit(main(args[0], args[2]))
    sys.exit(__doc__)
