#!/usr/bin/env python3
"""check_pdf_layout.py sizes|fill|bytes BOOK.pdf

What a reader of the print edition sees, measured on the PDF itself with
`pdftotext -bbox-layout` (each word's box; its height is the font size):

  sizes  every line of a golden output or code excerpt is set at 7.5 pt or
         more, and all of them at no more than two sizes (the book's \\codesize
         and \\codesmall). A code line is a line of the PDF whose text is a
         golden or excerpt line (or the first part of one, or a ↪ continuation),
         of two words or more or 20 characters or more (a lone short word may
         be a table cell's inline code), and whose Latin words are monospaced;
         its size is the height of most of its Latin words, or 0.9 × the height
         of its Chinese ones (the Latin mono face is scaled by 0.9 beside the
         CJK one).
  fill   no page is less than MIN_FILL full (the share of the text area its
         lines and figures cover; a page holding only a figure covers about
         half), except a chapter's last page (the next page opens a
         chapter: it has no running header), the book's last page and blank
         pages (the left page before a chapter that opens on the right).
  bytes  the PDF is at most MAX_BYTES.
"""
import pathlib
import re
import subprocess
import sys
from html import unescape

from booksource import ROOT, book_pages, excerpt_blocks, golden_blocks, verdict

MIN_PT = 7.5
MAX_SIZES = 2
MAX_BYTES = 1_500_000
# The page's text area in PDF units (bp), from book/print/book.latex's
# geometry on A4: the running header sits above HEADER_BELOW, the folio of a
# chapter's opening page below FOOTER_ABOVE; the body is between.
HEADER_BELOW = 70.0
FOOTER_ABOVE = 785.0
BODY_TOP = 99.6        # (841.89 - 240 mm - 15 pt - 8 mm) / 2 + 15 pt + 8 mm
BODY_BOTTOM = 779.9    # BODY_TOP + 240 mm
MIN_FILL = 0.6
MERGE_GAP = 36.0
WRAP_MARK = "↪"
BP_TO_PT = 72.27 / 72


def squeeze(text):
    return re.sub(r"\s+", "", text)


def pages(pdf):
    """[(page number, [line: [(text, xMin, yMin, xMax, yMax)...]])] from pdftotext -bbox-layout."""
    html = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    out = []
    for number, body in enumerate(re.findall(r"<page [^>]*>(.*?)</page>", html, re.S), 1):
        lines = []
        for line in re.findall(r"<line [^>]*>(.*?)</line>", body, re.S):
            words = [(unescape(t), float(a), float(b), float(c), float(d)) for a, b, c, d, t in re.findall(
                r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', line)]
            if words:
                lines.append(words)
        out.append((number, lines))
    return out


def region_lines(path, region):
    """The lines of an excerpt region, as excerpt.lua cuts them (markers dropped)."""
    marker = re.compile(r"^\s*//([<>])\s*(\S+)\s*$")
    inside, out = False, []
    for line in (ROOT / path).read_text(encoding="utf-8").splitlines():
        m = marker.match(line)
        if m and m.group(2) == region:
            if inside:
                break
            inside = True
        elif inside and not m:
            out.append(line)
    return out


def code_texts():
    """Every golden and excerpt line of the book, squeezed (whitespace-free)."""
    texts = set()
    for page in book_pages():
        for rel, _case, _classes in golden_blocks(page):
            texts.update(squeeze(line) for line in (ROOT / rel).read_text(encoding="utf-8").splitlines())
        for path, region in excerpt_blocks(page):
            texts.update(squeeze(line) for line in region_lines(path, region))
    texts.discard("")
    return texts


def is_cjk(text):
    return any(ord(c) >= 0x2E80 for c in text)


def monospaced(word):
    """A Latin word whose advance is 0.602 em per character (DejaVu Sans Mono)."""
    text, x0, y0, x1, y1 = word
    if is_cjk(text) or len(text) < 3:
        return None
    per_char = (x1 - x0) / len(text) / (y1 - y0)
    return abs(per_char - 0.602) < 0.03


def line_size(words):
    """The line's code size in pt: its Latin words' height, or 0.9 × its Chinese words' height."""
    words = [w for w in words if w[0] != WRAP_MARK] or words  # the mark is set in the unscaled face
    latin = [w for w in words if not is_cjk(w[0])]
    # The most common height: a symbol (·, ×) may come from another face.
    heights = [round(w[4] - w[2], 2) for w in latin] or [round((w[4] - w[2]) * 0.9, 2) for w in words]
    return round(max(set(heights), key=heights.count) * BP_TO_PT, 1)


def check_sizes(pdf):
    texts = code_texts()
    prefixes = {t[:n] for t in texts for n in range(4, len(t) + 1)}
    failures, sizes, measured = [], {}, 0
    for number, lines in pages(pdf):
        for words in lines:
            text = squeeze("".join(w[0] for w in words))
            body = text[len(WRAP_MARK):] if text.startswith(WRAP_MARK) else text
            if not (text.startswith(WRAP_MARK) or body in texts or body in prefixes):
                continue
            if len(words) < 2 and len(body) < 20:
                continue  # one short word: as likely a table cell's inline code as a line of code
            verdicts = [v for v in (monospaced(w) for w in words) if v is not None]
            if verdicts and not all(verdicts):
                continue  # proportional words: prose that happens to read like an output
            size = line_size(words)
            measured += 1
            sizes.setdefault(size, (number, text))
            if size < MIN_PT - 0.05:
                failures.append(f"page {number}: code line set at {size} pt (< {MIN_PT} pt): {text[:60]}")
    if measured < 100:
        failures.append(f"only {measured} code lines found in the PDF: the measurement found no blocks")
    if len(sizes) > MAX_SIZES:
        listing = "; ".join(f"{s} pt (page {p}: {t[:40]})" for s, (p, t) in sorted(sizes.items()))
        failures.append(f"code and outputs use {len(sizes)} sizes, at most {MAX_SIZES} allowed: {listing}")
    return verdict(f"{pdf} (code sizes)", failures[:20] + ([f"... {len(failures) - 20} more"] if len(failures) > 20 else []),
                   f"{pdf}: {measured} code lines at {', '.join(f'{s} pt' for s in sorted(sizes))}")


def coverage(lines):
    """How much of the text area the page's lines cover, 0..1: each line's
    box, merged with the next when less than MERGE_GAP apart (the gaps in a
    paragraph, between blocks and between a figure's labels)."""
    spans = sorted((min(w[2] for w in line), max(w[4] for w in line)) for line in lines
                   if all(HEADER_BELOW < w[2] < FOOTER_ABOVE for w in line))
    covered, current = 0.0, None
    for top, bottom in spans:
        if current and top <= current[1] + MERGE_GAP:
            current[1] = max(current[1], bottom)
        else:
            covered += current[1] - current[0] if current else 0
            current = [top, bottom]
    covered += current[1] - current[0] if current else 0
    return covered / (BODY_BOTTOM - BODY_TOP)


def check_fill(pdf):
    info = []
    for number, lines in pages(pdf):
        header = any(w[4] < HEADER_BELOW for words in lines for w in words)
        info.append((number, header, coverage(lines) if lines else None))
    failures, checked = [], 0
    for i, (number, header, fill) in enumerate(info):
        if not fill:
            continue  # a blank page
        following = [h for _n, h, f in info[i + 1:] if f]
        if not following or not following[0]:
            continue  # the last page of a chapter (or of the front matter, or of the book)
        checked += 1
        if fill < MIN_FILL:
            failures.append(f"page {number} is {fill:.0%} full; only a chapter's last page may be less than"
                            f" {MIN_FILL:.0%} full (a figure alone on a page of floats, a block pushed on, ...)")
    if checked == 0:
        failures.append("no page within a chapter found: nothing was measured")
    return verdict(f"{pdf} (page fill)", failures,
                   f"{pdf}: {checked} pages within chapters, each at least {MIN_FILL:.0%} full")


def check_bytes(pdf):
    size = pdf.stat().st_size
    failures = [] if size <= MAX_BYTES else [
        f"{pdf} is {size} bytes, more than {MAX_BYTES}: see the fonts and images in it (pdffonts, pdfimages -list)"]
    return verdict(f"{pdf} (bytes)", failures, f"{pdf}: {size} bytes (at most {MAX_BYTES})")


def main(mode, pdf):
    checks = {"sizes": check_sizes, "fill": check_fill, "bytes": check_bytes}
    if mode not in checks:
        sys.exit(__doc__)
    return checks[mode](pathlib.Path(pdf))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
