#!/usr/bin/env python3
"""check_html_layout.py HTML_DIR THEME BASELINE [--shots DIR]

The HTML book's layout and accessibility as a reader meets them, in ONE headless Chromium
(chromium_pages.py: measure_pages.js, Node and playwright-core): each page is loaded once for the
laptop-and-up widths (first at 1280 px, its window then resized from width to width, its colour
scheme switched in place) and once for the phone (375 px, light then dark), and every measurement
below is taken from those two loads. It was four checks, book/page-width, book/output-widths,
book/code-contrast and book/a11y, each loading every page again; their measurements, self-checks
and failure lines are kept here.

Page width (every page, 375 and 1280 px, light): fails when a page is wider than its viewport
(document.documentElement.scrollWidth > innerWidth), or an element's right edge lies beyond the
viewport without a scrolling box of its own around it (a wide output or a formula may scroll
inside its box; the page may not); when Chinese punctuation right after inline math starts a
line (，after a formula at the end of a line); when a path in inline code breaks right after a
hyphen (`default-` / `plot.svg`, `h100-` / `spec`: any inline code); when a table's caption runs past the
table's visible width (the table scrolls, the caption must not); when a figure's middle dot is set full width (a ・ in
`h_q・topk`); when a previous / next title is cut though the bar holds them all whole, or cut
to less than its first 5 em; and,
at 1280 px, when a display formula that does not scroll shows a line at its right edge (a
screenshot of it).
Self-check: book/tests/width/self-check.html (a block wider than the page, "，" starting a line
after math, a path broken at a hyphen, a full-width · in a figure, a title cut with room, a title
cut to a sliver, a table's caption past its table's visible width).

Outputs (book/tests/outputs/self-check.html's six faults must be found):
- at every width from a laptop's up (OUTPUT_WIDTHS: 1024 to 2560 px, the contents beside the page
  and hidden by ☰ 目录), every golden block and excerpt shows its widest line whole: nothing
  scrolls or is cut sideways, the text is 12 px or larger, and a line that fits its box is not
  wrapped (only a line too wide at 12 px may wrap) and has half a column or more to spare (a
  browser that rounds glyph widths to whole pixels sets it wider); no block reaches under the
  contents;
- a Chinese character in an output takes exactly two columns of the Latin face (the book's
  own monospace faces, book/html/mono_fonts.py), as in a terminal and in the PDF;
- at 375 px a block too wide for the phone scrolls in its box and shows that it continues: in
  a screenshot the box's right edge is darker (light) or lighter (dark) than its left edge, in
  the padding above the text; a display formula too wide has the same cue; every figure's
  smallest text is drawn at 9 px or more (the figure scrolls in its box rather than shrink).

Code contrast (1280 px, light and dark): for each piece of text inside a <pre> (a highlighted
token or the block's own text) the computed colour is compared with the background it is drawn
on (the nearest ancestor with one); any pair under 4.5:1 (WCAG AA) fails, naming the page, the
token's class and its colours. Self-check: book/tests/contrast/self-check.html keeps the old
pygments comment colour (#60a0b0 on #f7f7fb, 2.75:1). And THEME (book/code.theme, Pandoc's
--highlight-style for all three formats) is checked as the PDF uses it, on white paper: each
token colour at 4.5:1 or more, and each token told apart from the plain code in a grayscale
print, by its gray (at least 1.5:1 from the ink) or by bold or italic type.

Accessibility, as Quarto gates it: axe-core (pinned in book/search/package-lock.json beside
MiniSearch and playwright-core) on every page at 1280 and 375 px, light and dark, last on each of
the two loads, with every run control opened (运行 / 改参数) and, on the contents and the first
chapter's page, the search box showing hits; and one <h1> per page. Every violation fails unless
BASELINE names it (book/tests/a11y-baseline.txt: rule, element, why); a baseline line no
violation matches fails too, so the list only shrinks. Self-check: book/tests/a11y/self-check.html
(an image with no text alternative, grey text too faint to read).

Every page and self-check is measured on every run: no verdict is kept between runs.
BOOK_CHECK_CHAPTERS="NN-slug ..." (the template test's) narrows the outputs', the contrast's and
axe's pages to those chapters' pages, the contents and 勘误与变更 (page_filter.py; a baseline line
is then not judged unused); the page width is still measured on every page, where a long title
would stick out.
With --shots DIR it also loads every page at 375 and 1280 px in light and dark and writes PNGs
(NAME-WIDTH-light|dark.png) to look at, the page width measured on them too.
"""
import atexit
import json
import os
import pathlib
import re
import struct
import sys
import shutil
import tempfile
import zlib

import chromium_pages
import page_filter

HERE = pathlib.Path(__file__).resolve().parent
WIDTH_SELF_CHECK = HERE / "width" / "self-check.html"
OUTPUTS_SELF_CHECK = HERE / "outputs" / "self-check.html"
CONTRAST_SELF_CHECK = HERE / "contrast" / "self-check.html"
A11Y_SELF_CHECK = HERE / "a11y" / "self-check.html"
A11Y_PLANTED = ("image-alt", "color-contrast")  # the self-check's faults axe must find
A11Y_QUERY = "平衡点"  # what the search box shows hits for on the pages of A11Y_SEARCHED
A11Y_SEARCHED = "index.html"  # and the first chapter's page: the box at the top of <main> and in the sidebar
AXE = "node_modules/axe-core/axe.min.js"  # under the npm packages' folder (book/search/npm-deps.sh)
PAGE_WIDTHS = (375, 1280)
OUTPUT_WIDTHS = (1024, 1152, 1279, 1280, 1366, 1440, 1920, 2560)
CONTRAST_WIDTH = 1280
PHONE = 375
HEIGHT = 900
DEADLINE = 720  # a hang's message before ctest's TIMEOUT (750; +30 s for Chromium's exit), not a timing
# check: how near a run comes to a third of the TIMEOUT is scripts/test --load-check's to measure
CUE = 0.025     # the least difference in mean luminance (0..1) between the box's two edges
FIGURE_TEXT = 9  # CSS px: the smallest figure text a phone must show
EDGE_LINE = 6    # of 255: the most a display formula's last pixel column may differ from its inside
AA = 4.5
GRAY_APART = 1.5
PAPER = "#ffffff"
INK = "#000000"  # the PDF's code text

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

PAGE_WIDTH = r"""
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
  // A table's caption stays within the table's visible width: the table scrolls sideways, its
  // caption does not run on under the edge.
  for (const cap of document.querySelectorAll('table > caption')) {
    const table = cap.parentElement, c = cap.getBoundingClientRect();
    const edge = table.getBoundingClientRect().left + table.clientWidth;
    if (c.width > 0 && c.right > edge + 1)
      report.wide.push(`<caption> right edge ${c.right.toFixed(0)} px, past its table's visible ${edge.toFixed(0)} px: ${cap.textContent.trim().slice(0, 40)}`);
  }
  // Inline code never breaks right after a hyphen (`h100-` / `spec`: it would read as hyphenated).
  report.hyphen = [];
  for (const code of document.querySelectorAll(':not(pre) > code')) {
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    const chars = [];
    for (let t = walker.nextNode(); t; t = walker.nextNode())
      for (let i = 0; i < t.data.length; i++) chars.push([t, i]);
    const rect = ([t, i]) => { const g = document.createRange(); g.setStart(t, i); g.setEnd(t, i + 1); return g.getClientRects()[0]; };
    for (let k = 0; k + 1 < chars.length; k++) {
      const [t, i] = chars[k];
      if (t.data[i] !== '-') continue;
      const a = rect(chars[k]), b = rect(chars[k + 1]);
      if (a && b && b.top >= a.bottom - 2) report.hyphen.push(`inline code breaks after a hyphen: ${code.textContent.slice(0, 60)}`);
    }
  }
  // A wide window: the first display formula that does not scroll, its right edge in view, goes to
  // a screenshot (report.clip), where Python looks for a line at that edge (the scroll cue's
  // layers, at a box edge on half a pixel, left one).
  const still = W >= 1024 && [...document.querySelectorAll('.math.display')].find((m) => m.scrollWidth <= m.clientWidth + 1);
  if (still) {
    still.scrollIntoView({ block: 'center' });
    const r = still.getBoundingClientRect();
    report.mathEdge = still.textContent.trim().slice(0, 30);
    report.clip = { x: Math.floor(r.right) - 12, y: Math.round(r.top + r.height / 2) - 3, width: 13, height: 6 };
  }
  // The previous / next titles are cut (with an ellipsis) only when the bar cannot hold them all.
  report.navCut = [];
  for (const bar of document.querySelectorAll('div.nav')) {
    const links = [...bar.querySelectorAll(':scope > a')];
    const gap = parseFloat(getComputedStyle(bar).columnGap) || 0;
    const text = (a) => { const r = document.createRange(); r.selectNodeContents(a); return r.getBoundingClientRect().width; };
    const need = links.reduce((n, a) => n + text(a), 0) + gap * (links.length - 1);
    const cut = links.filter((a) => text(a) > a.clientWidth + 1);
    if (cut.length && need <= bar.clientWidth)
      report.navCut.push(`"${cut[0].textContent.trim().slice(0, 30)}" is cut by ${Math.round(text(cut[0]) - cut[0].clientWidth)} px, though the bar holds every title whole (${Math.ceil(need)} of ${bar.clientWidth} px)`);
    // A title cut where the bar is too narrow still shows its first words (5 em; 「← 关于本书」 was 「←…」).
    for (const a of cut) {
      const em = parseFloat(getComputedStyle(a).fontSize);
      if (a.clientWidth < Math.min(text(a), 5 * em) - 1)
        report.navCut.push(`"${a.textContent.trim().slice(0, 30)}" is cut to ${a.clientWidth} px, less than its first 5 em`);
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
  // A golden output's 排版视图 (golden.lua's typeset=): its cells, its label, and whether the note
  // on the output (a blockquote) comes right under the output's block. Once, at a wide window.
  report.typeset = W < 1024 ? [] : [...document.querySelectorAll('details.typeset-view')].map((d) => {
    const block = d.closest('div.golden');
    const next = block && block.nextElementSibling;
    return { source: block && block.dataset.source, json: d.dataset.json, summary: d.querySelector('summary').textContent,
             note: !!next && next.tagName === 'BLOCKQUOTE',
             rows: [...d.querySelectorAll('tbody tr')].map((tr) => Object.fromEntries([...tr.cells].map((c) => [c.dataset.key, c.textContent]))) };
  });
  return report;
}
"""

OUTPUTS = r"""
async () => {
  await document.fonts.ready;
  const SLACK = 0.5;  // of a column: the least room a widest line that fits leaves beside it
  const wide = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
  const columns = (line) => [...line].reduce((n, c) => n + (wide.test(c) ? 2 : 1), 0);
  const blocks = [...document.querySelectorAll('div.golden, div.excerpt')];
  const name = (pre) => (pre.closest('[data-source]') || pre).getAttribute('data-source') || pre.className;
  // The width of N characters set in PRE's face and size (a probe inside it; without the
  // padding and indent a highlighted line's span gets, which made a column 1.4 columns wide).
  const probe = (pre, text) => {
    const s = document.createElement('span');
    s.textContent = text;
    s.style.cssText = 'position:absolute; visibility:hidden; white-space:pre; text-indent:0; padding:0; margin:0; border:0';
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
        // The widest line that fits keeps a column to spare: a browser that rounds each glyph's
        // width to whole pixels (hinting) sets a line wider than this one does.
        const most = Math.max(0, ...pre.textContent.split('\n').map((l) => columns(l.replace(/\s+$/, '')))) * col;
        if (most <= room && room - most < SLACK * col)
          found.push(`${name(pre)}: its widest line fits with ${((room - most) / col).toFixed(2)} of a column to spare (${most.toFixed(1)} of ${room.toFixed(1)} px), under ${SLACK}: a browser that rounds glyph widths wraps it`);
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

CONTRAST = r"""
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

# One measuring function for every load: what the load asks for (its "args": width, outputs,
# contrast, a11y), taken from the same loaded page. The page width and the contrast only read the
# page; the outputs' measurement after them, since it toggles the contents and scrolls a box into
# view for the screenshot (its clip goes up to the report, where measure_pages.js looks for it);
# axe last, on the page's last loads, since it opens every run control and the search's hits.
# axe-core (book/search/package-lock.json pins it; AXE, added to the page by measure_pages.js) on
# the page as a reader uses it: every run control opened (运行 / 改参数) and, on the pages of
# A11Y_SEARCHED, the search box showing the hits for A11Y_QUERY, once per page load, before the
# first run; then the violations, and the book's own rule that a page has one <h1>, its title.
A11Y = r"""
async (how) => {
  if (!window.__layoutOpened) {
    window.__layoutOpened = true;
    document.querySelectorAll('.run-open').forEach((b) => b.click());
    const box = document.querySelector('input[type="search"]');
    const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
    if (how.searched && box && shown(box)) {
      // As a reader types it: the box focused (search.js loads the index), the text in, its input event.
      box.focus();
      box.value = how.query;
      box.dispatchEvent(new Event('input', { bubbles: true }));
      // Until the list shows this query's hits (search.js runs it 80 ms after the last key).
      const start = Date.now();
      for (;;) {
        const list = document.getElementById('book-search-results');
        if (list && !list.hidden && list.dataset.query === how.query) break;
        if (Date.now() - start > 20000) throw new Error(`the search box showed no hits for ${how.query} within 20 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }
  const r = await window.axe.run(document, { resultTypes: ['violations'] });
  const out = r.violations.flatMap((v) => v.nodes.map((n) => ({ rule: v.id, impact: v.impact, target: n.target.join(' '),
    why: (n.failureSummary || '').split('\n').slice(1).join(' ').trim().slice(0, 200) })));
  const h1 = document.querySelectorAll('h1');
  if (h1.length !== 1) out.push({ rule: 'one-h1', impact: 'moderate', target: 'h1', why: `${h1.length} <h1> elements: ${[...h1].map((h) => h.textContent.trim()).join(' | ')}` });
  return out;
}
"""

MEASURE = (r"""
async (what) => {
  await document.fonts.ready;
  const pageWidth = """ + PAGE_WIDTH.strip() + r""";
  const outputs = """ + OUTPUTS.strip() + r""";
  const contrast = """ + CONTRAST.strip() + r""";
  const a11y = """ + A11Y.strip() + r""";
  const report = {};
  if (what.contrast) report.contrast = contrast();
  if (what.width) {
    report.width = pageWidth();
    if (report.width.clip) report.clip = report.width.clip;
  }
  if (what.outputs) {
    report.outputs = await outputs();
    if (report.outputs.clip) report.clip = report.outputs.clip;
  }
  if (what.a11y) report.a11y = await a11y(what.a11y);
  return report;
}
""")

UNITS = {"GFLOP": 1e9, "FLOP/B": 1, "MB": 1e6, "GB": 1e9, "us": 1e-6, "ms": 1e-3, "s": 1}
COLUMN_UNITS = {"flops": "GFLOP", "intensity": "FLOP/B"}  # units in the column's header, not its cells


# The ledgers whose published padding zigzags on screen (issue 63): the output must offer its
# 排版视图, with the note on the zigzag right under it. page -> golden file of the output.
TYPESET_REQUIRED = {"02-op-traffic.html": "golden/02-op-traffic/default.txt"}


def typeset_findings(views, root=HERE.parent.parent):
    """Why a 排版视图 differs from the JSON golden it says it is typeset from (its data-json, from
    the repository's root), is not marked as typeset from the JSON, or (the page's first) has no
    note right under its output, which explains why the program's bytes zigzag: each cell must
    equal the row's value in the JSON, a number to the digits shown."""
    out = []
    for view in views:
        name = view["json"]
        if "排版视图" not in view["summary"] or "JSON" not in view["summary"]:
            out.append(f"the 排版视图 of {name} does not say it is typeset from the JSON: {view['summary']!r}")
        if not view["note"] and view is views[0]:  # the ledger's first showing on the page
            out.append(f"the output typeset from {name} has no note (a blockquote) right under it")
        try:
            rows = json.loads((root / name).read_text(encoding="utf-8"))["rows"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            out.append(f"the 排版视图 of {name}: its JSON cannot be read: {e}")
            continue
        if len(view["rows"]) != len(rows):
            out.append(f"the 排版视图 of {name} has {len(view['rows'])} rows, the JSON {len(rows)}")
        for i, (cells, row) in enumerate(zip(view["rows"], rows)):
            if set(cells) != {"name", "flops", "bytes", "intensity", "sol_time_s", "bound"}:
                out.append(f"the 排版视图 of {name}, row {i}: columns {sorted(cells)}")
                continue
            for key, text in cells.items():
                want = row.get(key)
                if isinstance(want, str) or want is None:
                    if text != want:
                        out.append(f"the 排版视图 of {name}, row {i} {key}: {text!r}, the JSON has {want!r}")
                    continue
                m = re.fullmatch(r"(-?\d+(?:\.(\d+))?(?:e[+-]?\d+)?)(?: (\S+))?", text.strip())
                unit = m and (m.group(3) or COLUMN_UNITS.get(key))
                if not m or unit not in UNITS:
                    out.append(f"the 排版视图 of {name}, row {i} {key}: {text!r} is no number with a known unit")
                    continue
                shown, factor = float(m.group(1)), UNITS[unit]
                # the digits shown: decimals, or for %g-style integers the significant ones kept
                half = 0.5 * 10 ** -len(m.group(2) or "") if m.group(2) else 0.5 * max(1, 10 ** (len(m.group(1).lstrip("-")) - 4))
                if abs(shown - want / factor) > half * 1.0001 + 1e-12:
                    out.append(f"the 排版视图 of {name}, row {i} {key}: {text!r}, the JSON has {want} ({want / factor:.6g} {unit})")
    return out


def page_findings(where, r):
    """The failure lines of one measurement."""
    out = []
    if r["scrollWidth"] > r["width"]:
        out.append(f"{where}: the page is {r['scrollWidth']} px wide, wider than its viewport")
    out += [f"{where}: {line}" for line in typeset_findings(r.get("typeset", []))]
    page = where.split(" ")[0]
    if r["width"] >= 1024 and page in TYPESET_REQUIRED and not any(
            v["source"] == TYPESET_REQUIRED[page] for v in r.get("typeset", [])):
        out.append(f"{where}: {TYPESET_REQUIRED[page]} (a ledger that zigzags on screen) offers no 排版视图 from its JSON")
    return out + [f"{where}: {line}" for line in r["wide"] + r["punct"] + r["hyphen"] + r["dots"] + r["navCut"]]


def page_self_check(width, r, error):
    """Why the page-width self-check page's measurement at `width` is not what it must be (empty: it is)."""
    where = f"the self-check page {WIDTH_SELF_CHECK.parent.name}/{WIDTH_SELF_CHECK.name} at {width} px"
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
    if not any("though the bar holds" in line for line in r["navCut"]):
        missed.append("a previous / next title cut in a bar with room for it")
    if not any("less than its first 5 em" in line for line in r["navCut"]):
        missed.append("a previous title cut to a sliver beside a long next title")
    if not any("<caption>" in line for line in r["wide"]):
        missed.append("a table's caption running past the table's visible width")
    if width >= 1024:
        typeset = " ".join(typeset_findings(r.get("typeset", [])))
        for fault in ("row 0 flops", "row 1 bound", "no note", "does not say"):
            if fault not in typeset:
                missed.append(f"the 排版视图 fault '{fault}' (a cell unlike its JSON, no note under the output, unmarked)")
    return [f"{where}: the measurement must find {m}, it did not: {r}" for m in missed]



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


def math_edge(where, shot, formula):
    """A line at a display formula's right edge: SHOT holds 13 px up to and with its last pixel
    column, which must look like the box inside it (both the page's paper: the box has no border)."""
    _, height, rows = png_pixels(shot)
    lum = lambda px: 0.2126 * px[0] + 0.7152 * px[1] + 0.0722 * px[2]
    diff = max(abs(lum(row[12]) - lum(row[4])) for row in rows[:height])
    if diff > EDGE_LINE:
        return [f"{where}: a line at the right edge of the display formula {formula!r} "
                f"(its last pixel column {diff:.0f}/255 off the box)"]
    return []


def output_findings(load, r):
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


def loads_of(page, full, shots_dir, searched):
    """The loads of PAGE: its desktop load (1280 px light with the page width, the outputs and the
    contrast, 1280 px dark with the contrast, then the other output widths, then 1280 px dark and
    light with axe) and its phone load (375 px light with the page width and the outputs, dark with
    the outputs, then dark and light with axe); FULL false (BOOK_CHECK_CHAPTERS left it out): the
    page width alone. SEARCHED: the search box shows hits for axe."""
    url = page.resolve().as_uri()

    def load(px, dark, group, shot=None, **what):
        if what.get("a11y"):
            what["a11y"] = {"searched": searched, "query": A11Y_QUERY}
        return {"url": url, "width": px, "height": HEIGHT, "dark": dark, "group": group, "shot": shot,
                "name": page.name, "args": what, "inject": [AXE] if what.get("a11y") else []}
    if not full:
        return [load(width, False, "desktop" if width != PHONE else "phone", width=True) for width in PAGE_WIDTHS]
    math_shot = os.path.join(shots_dir, f"{page.stem}-{CONTRAST_WIDTH}-math-edge.png")
    out = [load(CONTRAST_WIDTH, False, "desktop", shot=math_shot, width=True, outputs=True, contrast=True),
           load(CONTRAST_WIDTH, True, "desktop", contrast=True)]
    out += [load(width, False, "desktop", outputs=True) for width in OUTPUT_WIDTHS if width != CONTRAST_WIDTH]
    out += [load(CONTRAST_WIDTH, dark, "desktop", a11y=True) for dark in (True, False)]
    for dark in (False, True):
        shot = os.path.join(shots_dir, f"{page.stem}-{PHONE}-{dark}.png")
        out.append(load(PHONE, dark, "phone", shot=shot, width=not dark, outputs=True))
    out += [load(PHONE, dark, "phone", a11y=True) for dark in (True, False)]
    return out

def self_check_loads(shots_dir):
    """The four self-check pages, each measured by its own part alone, as its check loaded it."""
    out = []
    for width in PAGE_WIDTHS:  # a fresh load at each width
        out.append({"url": WIDTH_SELF_CHECK.as_uri(), "width": width, "height": HEIGHT, "dark": False, "shot": None,
                    "group": None, "name": WIDTH_SELF_CHECK.name, "self": "width", "args": {"width": True}})
    for width, dark in [(w, False) for w in OUTPUT_WIDTHS] + [(PHONE, False), (PHONE, True)]:
        out.append({"url": OUTPUTS_SELF_CHECK.as_uri(), "width": width, "height": HEIGHT, "dark": dark,
                    "group": "desktop" if width != PHONE else "phone", "name": OUTPUTS_SELF_CHECK.name,
                    "shot": os.path.join(shots_dir, f"self-check-{width}-{dark}.png") if width == PHONE else None,
                    "self": "outputs", "args": {"outputs": True}})
    for dark in (False, True):
        out.append({"url": CONTRAST_SELF_CHECK.as_uri(), "width": CONTRAST_WIDTH, "height": HEIGHT, "dark": dark,
                    "shot": None, "group": "schemes", "name": CONTRAST_SELF_CHECK.name, "self": "contrast",
                    "args": {"contrast": True}})
    out.append({"url": A11Y_SELF_CHECK.as_uri(), "width": CONTRAST_WIDTH, "height": HEIGHT, "dark": False, "shot": None,
                "group": None, "name": A11Y_SELF_CHECK.name, "self": "a11y", "inject": [AXE],
                "args": {"a11y": {"searched": False, "query": A11Y_QUERY}}})
    return out


def shot_loads(pages, shots):
    """--shots: every page at the page widths, light and dark, a screenshot of each."""
    return [{"url": page.resolve().as_uri(), "width": width, "height": HEIGHT, "dark": dark, "group": None,
             "shot": str(pathlib.Path(shots) / f"{page.stem}-{width}-{'dark' if dark else 'light'}.png"),
             "name": page.name, "args": {"width": True}} for page in pages for dark in (False, True)
            for width in PAGE_WIDTHS]


def read_baseline(path):
    """The a11y baseline's lines: (the line, its rule, its target's regex), in order."""
    out = []
    for line in pathlib.Path(path).read_text(encoding="utf-8").split("\n"):
        if not line.strip() or line.startswith("#"):
            continue
        rule, target = (line.split("--")[0].strip().split() + [""])[:2]
        out.append((line.strip(), rule, re.compile(target)))
    return out


def main(html_dir, theme, baseline_path, shots=None):
    failures = theme_findings(theme)
    baseline = read_baseline(baseline_path)
    used = [0] * len(baseline)
    every = sorted(pathlib.Path(html_dir).glob("*.html"))
    if not every:
        print(f"FAIL: no pages in {html_dir}")
        return 1
    chosen = set(page_filter.pages(html_dir, "book/html-layout"))  # exits on a bad filter, before Chromium
    work = tempfile.mkdtemp(prefix="html-layout-")  # the loads' own files, read after measuring
    atexit.register(shutil.rmtree, work, True)  # gone when the check ends, whatever its verdict
    loads = self_check_loads(work)
    searched = {A11Y_SEARCHED, *[name for name in sorted(chosen) if re.match(r"\d", name)][:1]}
    for page in every:
        loads += loads_of(page, page.name in chosen, work, page.name in searched)
    if shots:
        loads += shot_loads(every, shots)
    try:
        results = chromium_pages.measure(loads, MEASURE, DEADLINE)
    except chromium_pages.Unavailable as e:
        print(f"FAIL: {e}")
        return 1
    planted_outputs, width_loads, blocks, pieces, views, kept, a11y_failures = [], 0, 0, 0, 0, 0, []
    for load, (r, error) in zip(loads, results):
        what, own = load["args"], load.get("self")
        where = f"{load['name']} at {load['width']} px" + (" (dark)" if load["dark"] else "")
        if r is None:
            if own == "width":
                failures += page_self_check(load["width"], None, error)
            else:
                failures.append(f"{'the self-check page ' if own else ''}{where}: Chromium gave no measurement: {error}")
            continue
        if own == "width":
            failures += page_self_check(load["width"], r["width"], error)
        elif own == "outputs":
            planted_outputs += output_findings(load, r["outputs"])
        elif own == "a11y":
            planted = r["a11y"]
            for rule in A11Y_PLANTED:
                if not any(v["rule"] == rule for v in planted):
                    a11y_failures.append(f"self-check: axe did not find the planted {rule} "
                                         f"(found {json.dumps(planted, ensure_ascii=False)})")
        elif own == "contrast":
            if not any('class="co"' in line for line in r["contrast"]["low"]):
                failures.append(f"the self-check page {load['name']} ({'dark' if load['dark'] else 'light'}): "
                                f"its 2.75:1 comment was not found: {r['contrast']}")
        else:
            if what.get("width"):
                width_loads += 1
                failures += page_findings(where, r["width"])
                if r["width"].get("mathEdge") and load["shot"]:
                    failures += math_edge(where, load["shot"], r["width"]["mathEdge"])
            if what.get("outputs"):
                blocks += r["outputs"]["blocks"]
                failures += output_findings(load, r["outputs"])
            if what.get("contrast"):
                pieces += r["contrast"]["pieces"]
                scheme = f"{load['name']} ({'dark' if load['dark'] else 'light'})"
                failures += [f"{scheme}: {line}" for line in r["contrast"]["low"]]
            if what.get("a11y"):
                views += 1
                for v in r["a11y"]:
                    known = next((i for i, (_, rule, target) in enumerate(baseline)
                                  if rule == v["rule"] and target.search(v["target"])), None)
                    if known is not None:
                        used[known] += 1
                        kept += 1
                        continue
                    a11y_failures.append(f"{load['name']} at {load['width']} px {'dark' if load['dark'] else 'light'}: "
                                         f"{v['rule']} ({v['impact']}) on {v['target']}: {v['why']}")
    for fault in ("#cut", "#wraps", "#tight", "#cjk", "#no-cue", "#small-figure"):
        if not any(fault in line for line in planted_outputs):
            failures.append(f"the self-check page {OUTPUTS_SELF_CHECK.parent.name}/{OUTPUTS_SELF_CHECK.name}: its planted fault {fault} "
                            f"was not found; found: {planted_outputs}")
    if page_filter.VARIABLE not in os.environ:  # a baseline line not judged when not every page was checked
        a11y_failures += [f"{baseline_path}: no violation matches \"{line}\": remove it (the list only shrinks)"
                          for (line, _, _), n in zip(baseline, used) if not n]
    a11y_failures = list(dict.fromkeys(a11y_failures))
    failures += a11y_failures[:40]
    if len(a11y_failures) > 40:
        failures.append(f"... {len(a11y_failures) - 40} more a11y failures")
    for f in failures:
        print("FAIL:", f)
    if failures:
        print(f"screenshots of the scrolling boxes at {PHONE} px in {work}\n"
              f"rerun: python3 book/tests/check_html_layout.py {html_dir} {theme} {baseline_path}")
        return 1
    for shot in pathlib.Path(work).glob("*.png"):
        shot.unlink()
    os.rmdir(work)
    narrowed = page_filter.narrowed_note()
    print(f"{len(every)} pages, each loaded twice (desktop, phone) in one browser session:")
    print(f"  page width: {width_loads} measurements at {' and '.join(map(str, PAGE_WIDTHS))} px: nothing wider than the "
          "viewport, no punctuation starting a line after math, no path broken at a hyphen, no full-width · in a "
          "figure, no previous / next title cut where the bar has room (and the self-check page's faults found)")
    print(f"  outputs: {len(chosen)} pages{narrowed}, {blocks} block measurements at {', '.join(map(str, OUTPUT_WIDTHS))} px "
          f"(contents shown and hidden) and {PHONE} px light and dark: every widest line whole at 12 px or more, no "
          "fitting line wrapped or without half a column to spare, Chinese two columns, the phone's scroll cue seen, figure text 9 px or more (and the "
          "self-check page's six faults found)")
    print(f"  code contrast: {len(chosen)} pages{narrowed}, light and dark: {pieces} pieces of code and output text all "
          f"at {AA}:1 or more (the self-check's faint comment found); {theme}: every token readable on paper and "
          "apart from the ink in gray")
    print(f"  a11y: axe-core on {len(chosen)} pages{narrowed} at {CONTRAST_WIDTH} and {PHONE} px, light and dark ({views} "
          f"views, run controls opened, the search on {' and '.join(sorted(searched))}): no violation but the {kept} the "
          "baseline names (and the self-check's two planted faults found)")
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) == 3:
        sys.exit(main(*args))
    if len(args) == 5 and args[3] == "--shots":
        pathlib.Path(args[4]).mkdir(parents=True, exist_ok=True)
        sys.exit(main(args[0], args[1], args[2], args[4]))
    sys.exit(__doc__)
