#!/usr/bin/env python3
"""check_code_contrast.py HTML_DIR THEME

Every text colour in the book's code and outputs is readable (WCAG AA, 4.5:1), in both themes,
and the print edition's code colours survive a grayscale printout.

In headless Chromium (chromium_pages.py, one session) every page of HTML_DIR (BOOK_CHECK_CHAPTERS,
the template test's, narrows them: page_filter.py) is loaded once at 1280 px and measured in
light and in dark mode (switched in place, as a reader's system does); for each piece of text
inside a <pre> (a highlighted token or the block's own text) the computed colour is compared
with the background it is drawn on (the nearest ancestor with one). Any pair under 4.5:1 fails, naming the page, the token's class
and its colours. The session also loads book/tests/contrast/self-check.html, which keeps the
old pygments comment colour (#60a0b0 on #f7f7fb, 2.75:1): the test fails unless it is found.
Every page and the self-check are measured on every run: no verdict is kept between runs.

THEME (book/code.theme, Pandoc's --highlight-style for all three formats) is checked as the
PDF uses it, on white paper: each token colour at 4.5:1 or more, and each token told apart from
the plain code in a grayscale print, by its gray (at least 1.5:1 from the ink) or by bold or
italic type.
"""
import json
import pathlib
import sys

import chromium_pages
import page_filter

HERE = pathlib.Path(__file__).resolve().parent
SELF_CHECK = HERE / "contrast" / "self-check.html"
DEADLINE = 260  # a hang's message before ctest's TIMEOUT (300; +30 s for Chromium's exit), not a timing
# check: how near a run comes to a third of the TIMEOUT is scripts/test --load-check's to measure
AA = 4.5
GRAY_APART = 1.5
PAPER = "#ffffff"
INK = "#000000"  # the PDF's code text

MEASURE = r"""
() => {
  const rgb = (s) => (s.match(/[\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length >= 3 && (c.length < 4 || c[3] > 0)) return c;
    }
    return [255, 255, 255];
  };
  const low = [];
  let pieces = 0;
  for (const pre of document.querySelectorAll('pre')) {
    for (const el of [pre, ...pre.querySelectorAll('*')]) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.data.trim());
      if (!own) continue;
      pieces++;
      const fg = rgb(getComputedStyle(el).color), bg = background(el);
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = (a + 0.05) / (b + 0.05);
      if (ratio < 4.5) {
        const what = `<${el.tagName.toLowerCase()}${el.className ? ' class="' + el.className + '"' : ''}>`;
        low.push(`${what} rgb(${fg.slice(0, 3)}) on rgb(${bg.slice(0, 3)}): ${ratio.toFixed(2)}:1 ("${el.textContent.trim().slice(0, 30)}")`);
      }
    }
  }
  return { pieces, low: [...new Set(low)].slice(0, 12) };
}
"""


def luminance(hex_colour):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b):
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def theme_findings(theme_path):
    """The print edition's code colours: readable on paper, apart from the ink in gray."""
    styles = json.loads(pathlib.Path(theme_path).read_text(encoding="utf-8"))["text-styles"]
    out = []
    for name, style in sorted(styles.items()):
        colour = style.get("text-color")
        if not colour:
            continue
        if contrast(colour, PAPER) < AA:
            out.append(f"{theme_path}: {name} {colour} on white paper: {contrast(colour, PAPER):.2f}:1, under {AA}:1")
        if contrast(colour, INK) < GRAY_APART and not (style.get("bold") or style.get("italic")):
            out.append(f"{theme_path}: {name} {colour} prints as the code's own black in gray "
                       f"({contrast(colour, INK):.2f}:1) and is neither bold nor italic")
    return out


def main(html_dir, theme):
    failures = theme_findings(theme)
    pages = [pathlib.Path(html_dir) / name for name in page_filter.pages(html_dir, "book/code-contrast")]
    if not pages:
        print(f"FAIL: no pages in {html_dir}")
        return 1
    # One load of a page for both schemes, switched in place (measure_pages.js: "group").
    loads = [{"url": page.resolve().as_uri(), "width": 1280, "height": 900, "dark": dark, "shot": None,
              "name": page.name, "group": "schemes"} for page in [SELF_CHECK, *pages] for dark in (False, True)]
    try:
        results = chromium_pages.measure(loads, MEASURE, DEADLINE)
    except chromium_pages.Unavailable as e:
        print(f"FAIL: {e}")
        return 1
    pieces = 0
    for load, (r, error) in zip(loads, results):
        where = f"{load['name']} ({'dark' if load['dark'] else 'light'})"
        if r is None:
            failures.append(f"{where}: Chromium gave no measurement: {error}")
        elif load["name"] == SELF_CHECK.name:
            if not any('class="co"' in line for line in r["low"]):
                failures.append(f"the self-check page {where}: its 2.75:1 comment was not found: {r}")
        else:
            pieces += r["pieces"]
            failures += [f"{where}: {line}" for line in r["low"]]
    for f in failures:
        print("FAIL:", f)
    if failures:
        print(f"rerun: python3 book/tests/check_code_contrast.py {html_dir} {theme}")
        return 1
    narrowed = page_filter.narrowed_note()
    print(f"{len(pages)} pages{narrowed}, light and dark: {pieces} pieces of code and output text all at {AA}:1 or more "
          f"(the self-check's faint comment found); {theme}: every token readable on paper and apart from the ink in gray")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
