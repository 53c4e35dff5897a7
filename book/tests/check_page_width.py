#!/usr/bin/env python3
"""check_page_width.py HTML_DIR

Loads every page of the HTML book (HTML_DIR/*.html) in headless Chromium at
375 px (a phone) and 1280 px (a laptop) and fails when
a page is wider than its viewport: the document scrolls sideways
(document.documentElement.scrollWidth > innerWidth), or an element's right
edge lies beyond the viewport without a scrolling box of its own around it
(a wide output or a formula may scroll inside its box; the page may not).
It also fails when Chinese punctuation right after inline math starts a
line (，after a formula at the end of a line).

The measuring script is added to a copy of each page (the pages themselves
carry no script); Chromium lays the page out and runs it, and --dump-dom
returns its report.
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

WIDTHS = (375, 1280)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

MEASURE = r"""
<script>
window.addEventListener('load', () => {
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
    if (el.id === 'width-report') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.right <= W + 0.5 || contained(el)) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.position === 'fixed' && r.left >= W) continue;
    const text = (el.textContent || '').trim().slice(0, 60);
    report.wide.push(`<${el.tagName.toLowerCase()}${el.id ? ' id=' + el.id : ''}${el.className && typeof el.className === 'string' ? ' class="' + el.className + '"' : ''}> right edge ${r.right.toFixed(0)} px: ${text}`);
    if (report.wide.length >= 8) break;
  }
  // Chinese punctuation right after inline math stays on the math's line.
  report.punct = [];
  for (const m of document.querySelectorAll('math[display="inline"]')) {
    const t = m.nextSibling;
    if (!t || t.nodeType !== Node.TEXT_NODE || !/^[，。；：、）」』！？》…]/.test(t.data)) continue;
    const range = document.createRange();
    range.setStart(t, 0);
    range.setEnd(t, 1);
    const p = range.getClientRects()[0], r = m.getBoundingClientRect();
    if (p && p.top >= r.bottom - 2) report.punct.push(`"${t.data[0]}" starts a line after ${m.textContent.trim().slice(0, 30)}`);
  }
  const pre = document.createElement('pre');
  pre.id = 'width-report';
  pre.textContent = JSON.stringify(report);
  document.body.appendChild(pre);
});
</script>
"""


def measure(page, width, dark):
    args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--no-first-run", "--hide-scrollbars", f"--window-size={width},900", "--virtual-time-budget=3000"]
    if dark:
        args += ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"]
    run = subprocess.run(args + ["--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    found = re.search(r'<pre id="width-report">(.*?)</pre>', run.stdout, re.S)
    if not found:
        raise RuntimeError(f"Chromium returned no report for {page.name} at {width} px "
                           f"(exit {run.returncode}): {run.stderr.strip()[-300:]}")
    return json.loads(found.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
                      .replace("&amp;", "&"))


def main(html_dir):
    if not CHROMIUM:
        print("check_page_width: chromium not found (scripts/install-deps --book installs it)")
        return 1
    pages = sorted(pathlib.Path(html_dir).glob("*.html"))
    if not pages:
        print(f"check_page_width: no pages in {html_dir}")
        return 1
    failures, checked = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        copy = pathlib.Path(tmp) / "html"
        shutil.copytree(html_dir, copy)
        for page in sorted(copy.glob("*.html")):
            text = page.read_text(encoding="utf-8")
            page.write_text(text.replace("</body>", MEASURE + "</body>"), encoding="utf-8")
            for width in WIDTHS:
                r = measure(page, width, False)
                checked += 1
                where = f"{page.name} at {width} px"
                if r["scrollWidth"] > r["width"]:
                    failures.append(f"{where}: the page is {r['scrollWidth']} px wide, wider than its viewport")
                for line in r["wide"] + r["punct"]:
                    failures.append(f"{where}: {line}")
    for f in failures:
        print("FAIL:", f)
    if failures:
        print(f"rerun: python3 {os.path.relpath(__file__)} {html_dir}")
        return 1
    print(f"{len(pages)} pages, {checked} loads: nothing wider than the viewport, "
          "no punctuation starting a line after math")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
