#!/usr/bin/env python3
"""check_output_widths.py HTML_DIR

The HTML book's outputs and code excerpts as a reader sees them, in headless Chromium
(chromium_pages.py: one session for every page and width; one load of a page for all the laptop
widths, its window resized from one to the next, and one for the phone, light and dark):

- at every width from a laptop's up (WIDTHS: 1024 to 2560 px, the contents beside the page
  and hidden by ☰ 目录), every golden block and excerpt shows its widest line whole: nothing
  scrolls or is cut sideways, the text is 12 px or larger, and a line that fits its box is not
  wrapped (only a line too wide at 12 px may wrap); no block reaches under the contents;
- a Chinese character in an output takes exactly two columns of the Latin face (the book's
  own monospace faces, book/html/mono_fonts.py), as in a terminal and in the PDF;
- at 375 px a block too wide for the phone scrolls in its box and shows that it continues: in
  a screenshot the box's right edge is darker (light) or lighter (dark) than its left edge, in
  the padding above the text; a display formula too wide has the same cue; every figure's
  smallest text is drawn at 9 px or more (the figure scrolls in its box rather than shrink).

Before the book it measures book/tests/outputs/self-check.html, whose faults (a block cut at
1280 px, a line wrapped that fits, a Chinese character 1.66 columns wide, a wide block without
the cue, a figure shrunk to 4.5 px text) it must find, so it cannot pass without measuring.

Every page and the self-check are measured on every run: no verdict is kept between runs.

BOOK_CHECK_CHAPTERS="NN-slug ..." (the template test's) measures only those chapters' pages,
the contents and 勘误与变更; set but empty, or naming what is no chapter's page, it fails (page_filter.py).
"""
import os
import pathlib
import struct
import sys
import tempfile
import zlib

import chromium_pages
import page_filter

HERE = pathlib.Path(__file__).resolve().parent
SELF_CHECK = HERE / "outputs" / "self-check.html"
WIDTHS = (1024, 1152, 1279, 1280, 1366, 1440, 1920, 2560)
PHONE = 375
HEIGHT = 900
DEADLINE = 260  # a hang's message before ctest's TIMEOUT (300; +30 s for Chromium's exit), not a timing
# check: how near a run comes to a third of the TIMEOUT is scripts/test --load-check's to measure
CUE = 0.025     # the least difference in mean luminance (0..1) between the box's two edges
FIGURE_TEXT = 9  # CSS px: the smallest figure text a phone must show

MEASURE = r"""
async () => {
  await document.fonts.ready;
  const wide = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
  const columns = (line) => [...line].reduce((n, c) => n + (wide.test(c) ? 2 : 1), 0);
  const blocks = [...document.querySelectorAll('div.golden, div.excerpt')];
  const name = (pre) => (pre.closest('[data-source]') || pre).getAttribute('data-source') || pre.className;
  // The width of N characters set in PRE's face and size (a probe inside it).
  const probe = (pre, text) => {
    const s = document.createElement('span');
    s.textContent = text;
    s.style.cssText = 'position:absolute; visibility:hidden; white-space:pre; text-indent:0';
    (pre.querySelector('code') || pre).appendChild(s);
    const w = s.getBoundingClientRect().width;
    s.remove();
    return w;
  };
  // The visual lines each source line of PRE takes (1 unless wrapped).
  const lineRows = (pre) => {
    const rows = [];
    const code = pre.querySelector('code') || pre;
    const spans = code.classList.contains('sourceCode') ? [...code.children].filter((e) => e.tagName === 'SPAN') : null;
    if (spans) {
      for (const s of spans) {
        const lh = parseFloat(getComputedStyle(s).lineHeight) || parseFloat(getComputedStyle(pre).fontSize) * 1.25;
        rows.push([s.textContent, Math.round(s.getBoundingClientRect().height / lh)]);
      }
      return rows;
    }
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    const nodes = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
    const node = nodes.length === 1 ? nodes[0] : null;
    if (!node) return rows;
    let start = 0;
    for (const line of node.data.split('\n')) {
      if (line.length) {
        const r = document.createRange();
        r.setStart(node, start);
        r.setEnd(node, start + line.length);
        const tops = new Set([...r.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
        rows.push([line, tops.size]);
      }
      start += line.length + 1;
    }
    return rows;
  };
  const measureAll = () => {
    const found = [];
    const nav = document.getElementById('sidebar');
    const navRight = nav && getComputedStyle(nav).display !== 'none' && getComputedStyle(nav).position === 'fixed'
      ? nav.getBoundingClientRect().right : 0;
    for (const block of blocks) {
      const b = block.getBoundingClientRect();
      if (b.left < navRight - 0.5) found.push(`${name(block)}: its left edge ${b.left.toFixed(0)} px is under the contents (to ${navRight.toFixed(0)} px)`);
      for (const pre of block.querySelectorAll('pre')) {
        const fs = parseFloat(getComputedStyle(pre).fontSize);
        if (fs < 11.99) found.push(`${name(pre)}: set at ${fs.toFixed(2)} px, under 12 px`);
        if (pre.scrollWidth > pre.clientWidth + 1) found.push(`${name(pre)}: cut, ${pre.scrollWidth} px of text in a ${pre.clientWidth} px box`);
        const cs = getComputedStyle(pre);
        const room = pre.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
        const col = probe(pre, '0000000000') / 10;
        for (const [line, n] of lineRows(pre)) {
          const need = columns(line.replace(/\s+$/, '')) * col;
          if (n > 1 && need <= room - 1) {
            found.push(`${name(pre)}: a line that fits (${need.toFixed(0)} of ${room.toFixed(0)} px) wraps: ${line.trim().slice(0, 40)}`);
            break;
          }
        }
        if (wide.test(pre.textContent)) {
          const ratio = probe(pre, '中文中文中文中文中文') / probe(pre, '00000000000000000000');
          if (Math.abs(ratio - 1) > 0.005) found.push(`${name(pre)}: a Chinese character is ${(2 * ratio).toFixed(3)} columns wide, not 2`);
        }
      }
    }
    return found;
  };
  const W = window.innerWidth;
  const report = { width: W, blocks: blocks.length, found: [] };
  if (W > 400) {
    report.found = measureAll().map((f) => `contents ${getComputedStyle(document.getElementById('sidebar') || document.body).display === 'none' ? 'hidden' : 'shown'}: ${f}`);
    const toggle = document.getElementById('sidebar-toggle');
    if (toggle && W >= 1280) {
      toggle.checked = !toggle.checked;
      report.found.push(...measureAll().map((f) => `contents hidden: ${f}`));
      toggle.checked = !toggle.checked;
    }
    return report;
  }
  // A phone: the first output too wide for it, scrolled into view for the screenshot taken
  // after this function; its box goes back to Python, and the screenshot is clipped to the box
  // as the viewport shows it (report.clip, measure_pages.js): Python decodes only its top rows.
  const pre = [...document.querySelectorAll('div.golden pre.output, div.excerpt pre')].find((p) => p.scrollWidth > p.clientWidth + 8);
  if (pre) {
    pre.scrollLeft = 0;
    pre.scrollIntoView({ block: 'center' });
    const r = pre.getBoundingClientRect();
    report.cueBox = { name: name(pre), left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                      padTop: parseFloat(getComputedStyle(pre).paddingTop) };
    const x = Math.max(0, Math.floor(r.left)), y = Math.max(0, Math.floor(r.top));
    const width = Math.min(window.innerWidth, Math.ceil(r.right)) - x, height = Math.min(window.innerHeight, Math.ceil(r.bottom)) - y;
    if (width > 0 && height > 0) report.clip = { x, y, width, height };
  }
  // Figures: the smallest text of each, in CSS px as drawn (its size in the SVG times the scale).
  report.figureText = [...document.querySelectorAll('.figure svg')].map((svg) => {
    const vb = svg.viewBox && svg.viewBox.baseVal;
    const scale = vb && vb.width ? svg.getBoundingClientRect().width / vb.width : 1;
    const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize));
    return [name(svg), sizes.length ? Math.min(...sizes) * scale : null];
  });
  report.mathWithoutCue = [...document.querySelectorAll('.math.display')]
    .filter((m) => m.scrollWidth > m.clientWidth + 1 && (getComputedStyle(m).backgroundImage.match(/gradient/g) || []).length < 4)
    .map((m) => m.textContent.trim().slice(0, 30));
  return report;
}
"""


def png_pixels(path, max_rows=None):
    """(width, height, rows of RGB tuples) of an 8-bit RGB or RGBA PNG, as Chromium writes them;
    only the first MAX_ROWS rows decoded when given (the unfiltering is Python's, row by row)."""
    data = pathlib.Path(path).read_bytes()
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6):
                raise ValueError(f"{path}: a PNG of depth {depth}, colour type {colour}")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride = zlib.decompress(idat), width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height if max_rows is None else min(height, max_rows)):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b, c = prev[x], prev[x - channels] if x >= channels else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        prev = line
    return width, height, rows


def edge_cue(shot, box, clip):
    """The mean luminance of the box's right edge less that of its left edge, in its top padding.
    BOX is in the viewport's CSS px; the screenshot SHOT covers CLIP of the viewport (None: all of it)."""
    x0, y0 = (clip["x"], clip["y"]) if clip else (0, 0)
    top = int(box["top"]) + 2 - y0
    bottom = int(box["top"] + box["padTop"]) - 1 - y0
    _, height, rows = png_pixels(shot, max_rows=max(bottom, 0))
    bottom = min(height, bottom)
    if bottom <= top or top < 0:
        return None
    mean = lambda xs: sum(0.2126 * r + 0.7152 * g + 0.0722 * b for y in range(top, bottom)
                          for (r, g, b) in (rows[y][x] for x in xs)) / (255 * len(xs) * (bottom - top))
    left, right = int(box["left"]) - x0, int(box["right"]) - x0
    return mean(range(right - 9, right - 3)) - mean(range(left + 3, left + 9))


def findings(load, r):
    where = f"{load['name']} at {load['width']} px" + (" (dark)" if load["dark"] else "")
    out = [f"{where}: {line}" for line in r["found"]]
    if load["width"] == PHONE:
        out += [f"{where}: a display formula too wide shows no cue that it continues: {m}" for m in r["mathWithoutCue"]]
        out += [f"{where}: figure {figure}'s smallest text is drawn at {px:.1f} px, under {FIGURE_TEXT} px"
                for figure, px in r["figureText"] if px is not None and px < FIGURE_TEXT - 0.01]
        box = r.get("cueBox")
        if box:
            cue = edge_cue(load["shot"], box, r.get("clip"))
            sign = 1 if load["dark"] else -1  # the shadow darkens a light box, lightens a dark one
            if cue is None or sign * cue < CUE:
                out.append(f"{where}: {box['name']} scrolls with no cue at its right edge "
                           f"(edge difference {cue if cue is None else round(cue, 3)}, want {'+' if sign > 0 else '-'}{CUE})")
    return out


def main(html_dir):
    pages = [pathlib.Path(html_dir) / name for name in page_filter.pages(html_dir, "book/output-widths")]
    if not pages:
        print(f"FAIL: no pages in {html_dir}")
        return 1
    shots = tempfile.mkdtemp(prefix="output-widths-")
    loads = []
    for page in [SELF_CHECK, *pages]:
        for width, dark in [(w, False) for w in WIDTHS] + [(PHONE, False), (PHONE, True)]:
            # The laptop-and-up widths: one load of the page, resized from width to width as a
            # reader's window is (measure_pages.js; the contents beside the page or hidden, no
            # scroll involved). The phone: a load of its own, laid out at its width from the
            # start, for light and then dark (the scheme switched in place; the measurement
            # scrolls the box it shoots into view each time).
            loads.append({"url": page.resolve().as_uri(), "width": width, "height": HEIGHT, "dark": dark,
                          "name": page.name, "group": "desktop" if width != PHONE else "phone",
                          "shot": os.path.join(shots, f"{page.stem}-{width}-{dark}.png") if width == PHONE else None})
    try:
        results = chromium_pages.measure(loads, MEASURE, DEADLINE)
    except chromium_pages.Unavailable as e:
        print(f"FAIL: {e}")
        return 1
    failures, planted, measured = [], [], 0
    for load, (r, error) in zip(loads, results):
        if r is None:
            failures.append(f"{load['name']} at {load['width']} px: Chromium gave no measurement: {error}")
            continue
        found = findings(load, r)
        if load["name"] == SELF_CHECK.name:
            planted += found
        else:
            measured += r["blocks"]
            failures += found
    for fault in ("#cut", "#wraps", "#cjk", "#no-cue", "#small-figure"):
        if not any(fault in line for line in planted):
            failures.append(f"the self-check page {SELF_CHECK.name}: its planted fault {fault} was not found; found: {planted}")
    for f in failures:
        print("FAIL:", f)
    if failures:
        print(f"screenshots of the scrolling boxes at 375 px in {shots}\nrerun: python3 book/tests/check_output_widths.py {html_dir}")
        return 1
    for shot in pathlib.Path(shots).glob("*.png"):
        shot.unlink()
    os.rmdir(shots)
    narrowed = page_filter.narrowed_note()
    print(f"{len(pages)} pages{narrowed}, {measured} block measurements at {', '.join(map(str, WIDTHS))} px (contents shown and "
          f"hidden) and {PHONE} px light and dark: every widest line whole at 12 px or more, no fitting line wrapped, "
          "Chinese two columns, the phone's scroll cue seen, figure text 9 px or more (and the self-check page's five faults found)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
