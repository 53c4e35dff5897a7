#!/usr/bin/env python3
"""check_epub_width.py BOOK.epub

Passes when every XHTML page of the EPUB, rendered by headless Chromium in a
600 px wide window (a small e-reader's screen), has nothing wider than the
window and nothing that would need scrolling inside a box: e-ink readers and
paginated readers can do neither, so a column cut there is lost. It fails
naming each element (tag, class, the start of its text) that

  * reaches past the window's right edge, or
  * scrolls inside itself (wider or taller than its box: overflow:auto, a
    max-height that clips a long output).

The pages are unpacked into a temporary folder with a script added before
</body> that measures them after layout and writes the findings into the
page, which Chromium prints (--dump-dom).
"""
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

from booksource import verdict

WIDTH = 600
MEASURE = """<script><![CDATA[
window.addEventListener('load', () => {
  const limit = document.documentElement.clientWidth;
  const found = [];
  const name = el => el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined && el.className
    ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ' "' + (el.textContent || '').trim().slice(0, 40) + '"';
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
  const out = document.createElement('pre');
  out.id = 'width-report';
  out.textContent = JSON.stringify({limit: limit, found: found});
  document.body.appendChild(out);
});
]]></script>"""


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def pages(opf_dir, opf):
    """The spine's XHTML files, in reading order."""
    items = dict(re.findall(r'<item id="([^"]+)" href="([^"]+)" media-type="application/xhtml\+xml"', opf))
    return [opf_dir / items[idref] for idref in re.findall(r'<itemref idref="([^"]+)"', opf) if idref in items]


def measure(browser, page, profile):
    page.write_text(page.read_text(encoding="utf-8").replace("</body>", MEASURE + "</body>"), encoding="utf-8")
    run = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                          "--no-first-run", f"--user-data-dir={profile}", "--hide-scrollbars",
                          f"--window-size={WIDTH},900", "--virtual-time-budget=2000", "--dump-dom",
                          page.as_uri()], capture_output=True, text=True, timeout=120)
    m = re.search(r'<pre id="width-report">(.*?)</pre>', run.stdout, re.S)
    if not m:
        return None, run.stderr.strip().splitlines()[-3:]
    report = json.loads(m.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
                        .replace("&amp;", "&"))
    return report, None


def main(epub):
    browser = chromium()
    if not browser:
        print("FAIL: chromium not found (scripts/install-deps --book installs it)")
        return 1
    failures, checked = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        with zipfile.ZipFile(epub) as z:
            z.extractall(tmp / "book")
        container = (tmp / "book" / "META-INF" / "container.xml").read_text(encoding="utf-8")
        opf_path = tmp / "book" / re.search(r'full-path="([^"]+)"', container).group(1)
        for page in pages(opf_path.parent, opf_path.read_text(encoding="utf-8")):
            report, error = measure(browser, page, tmp / "profile")
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
    return verdict(f"{epub} at {WIDTH} px", failures, f"{epub}: {checked} pages, nothing wider than {WIDTH} px")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
