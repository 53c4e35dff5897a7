#!/usr/bin/env python3
"""check_pdf_layout.py sizes|fill|bytes|breaks|columns|margins|turned|all BOOK.pdf

`all` runs every check below on one reading of the PDF (what ctest's book/pdf-layout does).

What a reader of the print edition sees, measured on the PDF itself with
`pdftotext -bbox-layout` (each word's box; its height is the font size):

  sizes  every line of a golden output or code excerpt is set at 7.5 pt or
         more (PDF points, as a viewer measures them: 7.5 TeX points are 7.47), and all of them at no more than two sizes (the book's \\codesize
         and \\codesmall). A code line is a line of the PDF whose text is a
         golden or excerpt line (or the first part of one, or a ↪ continuation),
         of two words or more or 20 characters or more (a lone short word may
         be a table cell's inline code), and whose Latin words are monospaced;
         its size is the height of most of its Latin words, or 0.9 × the height
         of its Chinese ones (the Latin mono face is scaled by 0.9 beside the
         CJK one). And each line of a golden output is set at the size its
         output's lines call for, never its command (print.lua's code_size:
         expected_sizes below).
  fill   no page is less than MIN_FILL full (the share of the text area its
         lines and figures cover; a page holding only a figure covers about
         half), except a chapter's last page (the next page opens a
         chapter: it has no running header), the book's last page and blank
         pages (the left page before a chapter that opens on the right).
  bytes  the PDF is at most MAX_BYTES.
  margins no glyph past the text block (book/print/book.latex's geometry), on a
         turned page (a golden output too wide for the page, set across it)
         too, （续） included; the blank half of a full-width punctuation mark
         (，「）) at a line's end or start does not count.
  turned every turned page (a golden output set across a page of its own) ends its
         caption line with 接第 N 页 · 本页第 M 页, M the number the
         pages around it give it, N a page before it with nothing but turned
         pages between them (one page a block went on over aside); and the text says where
         each went, a line （输出 X 横排在第 M 页） on page N, M the number of the
         turned page that holds 输出 X; the page before turned pages says at
         its foot 正文接第 K 页, K the next page that is not turned.
  columns every character the outputs use takes the columns the book says
         (book/filters/wrap.lua's WIDE: a Chinese character two, any other
         one): on each line of the PDF that is a golden line (or the first
         part of a wrapped one, two words or more, or a ↪ continuation), each word
         starts where its column puts it (the line's first word and the
         advance of a column, from a word of ASCII, fix the scale), within a
         third of a column. Every character of the golden outputs is on such a
         line somewhere, or the check names it.
  breaks where pages break in golden outputs and code (book/print/book.latex):
         no page opens with a ↪ continuation (a wrapped line stays with its
         start); a page that opens inside a block (its first code line is
         not one of a block's first lines nor a command, `$ ...`) says so,
         CONTINUED above that line, in the text block; nothing stands between
         the page's top and that line (a figure floated into the block), nor
         between the page before and it (a turned page: a block, or a table,
         is never split by one); no code excerpt's label stands at a page's
         foot with fewer than EXCERPT_KEEP lines of its code under it;
         no chapter's last page, nor the book's, is less than MIN_LAST_FILL
         full (the title page excepted).
  breaks --planted  the same rules on small made-up pages, each breaking one:
         every rule must find its fault.
"""
import functools
import os
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
MIN_LAST_FILL = 0.2
CONTINUED = "（续）"
# A block's first lines: the first line the measurement sees may be its second or third
# (a line of one short word, `{`, is not taken for code).
START_LINES = 3
# A code excerpt's label stays with at least this many lines of its code (book.latex's excerptlabel).
EXCERPT_KEEP = 3
FIGURE_CAPTION = re.compile(r"^图\d+-\d+")
MERGE_GAP = 36.0
# The text block's sides on a page (25 mm margins, inner and outer). A turned page is read
# across: its text block runs from the page's foot to its head (PAGE_HEIGHT - BODY_BOTTOM to
# PAGE_HEIGHT - BODY_TOP), and from TEXT_LEFT to TEXT_RIGHT down the page.
TEXT_LEFT = 70.87
TEXT_RIGHT = 524.41
PAGE_HEIGHT = 841.89
EDGE_SLACK = 1.0
# Full-width punctuation: its glyph is an em wide, its ink in the fifth of it next to the text.
INK = 0.2
CLOSING = set("，。、；：！？）」』】》”’")
OPENING = set("（「『【《“‘")
WRAP_MARK = "↪"


def squeeze(text):
    return re.sub(r"\s+", "", text)


@functools.cache  # one pdftotext run per PDF, whichever checks read it
def pages(pdf):
    """[(page number, [line: [(text, xMin, yMin, xMax, yMax)...]])] from pdftotext -bbox-layout."""
    html = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    info = subprocess.run(["pdfinfo", "-f", "1", "-l", "100000", str(pdf)], check=True,
                          capture_output=True, text=True).stdout
    rotated = {int(n) for n, rot in re.findall(r"^Page +(\d+) rot: +(\d+)", info, re.M) if rot != "0"}
    out = []
    for number, body in enumerate(re.findall(r"<page [^>]*>(.*?)</page>", html, re.S), 1):
        lines = []
        for line in re.findall(r"<line [^>]*>(.*?)</line>", body, re.S):
            words = [(unescape(t), float(a), float(b), float(c), float(d)) for a, b, c, d, t in re.findall(
                r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', line)]
            if words:
                lines.append(words)
        out.append((number, Turned(lines) if number in rotated else lines))
    return out


class Turned(list):
    """A turned page's lines (book.latex's turnedgolden: the PDF page says /Rotate 90)."""


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
    return round(max(set(heights), key=heights.count), 2)


def code_texts_and_prefixes():
    texts = code_texts()
    return texts, {t[:n] for t in texts for n in range(4, len(t) + 1)}


def is_code_line(words, texts, prefixes):
    """Whether a line of the PDF is a line of a golden output or code (see sizes)."""
    text = squeeze("".join(w[0] for w in words))
    body = text[len(WRAP_MARK):] if text.startswith(WRAP_MARK) else text
    if not (text.startswith(WRAP_MARK) or body in texts or body in prefixes):
        return False
    if len(words) < 2 and len(body) < 20:
        return False  # one short word: as likely a table cell's inline code as a line of code
    verdicts = [v for v in (monospaced(w) for w in words) if v is not None]
    return not verdicts or all(verdicts)  # proportional words: prose that happens to read like an output


def expected_sizes():
    """{squeezed golden line: the size book/filters/print.lua's rule gives its block} for the lines
    of one golden output only: 9 pt when every line fits 81 columns; else 7.5 pt up to 97; else
    9 pt when all but the few widest (at most 3, at most a tenth) fit 81, 7.5 pt when they fit 97;
    else, turned across the page when it has at most 38 lines with its command (else 7.5 pt on
    the page), 9 pt up to 123 columns and 32 lines, 7.5 pt up to 147, else 9 pt when all but the
    few widest fit 123 (and 32 lines), else 7.5."""
    wide, owners = wide_ranges(), {}
    for page in book_pages():
        for rel, _case, classes in golden_blocks(page):
            if not rel.endswith(".txt") or "scroll" in classes:
                continue
            lines = (ROOT / rel).read_text(encoding="utf-8").splitlines()
            widths = sorted((sum(2 if any(a <= ord(c) <= b for a, b in wide) else 1 for c in line)
                             for line in lines), reverse=True) or [0]
            skip = min(3, len(widths) // 10)
            short = len(lines) + 1 <= 32  # with its command: turned at 9 pt it fits the page
            size = (9.0 if widths[0] <= 81 else 7.5 if widths[0] <= 97 else 9.0 if widths[skip] <= 81
                    else 7.5 if widths[skip] <= 97 or len(lines) + 1 > 38 else 9.0 if widths[0] <= 123 and short
                    else 7.5 if widths[0] <= 147 else 9.0 if widths[skip] <= 123 and short else 7.5)
            for line in lines:
                if len(line.split()) >= 2:
                    owners.setdefault(squeeze(line), set()).add((rel, size))
    return {text: next(iter(own)) for text, own in owners.items() if len({s for _r, s in own}) == 1}


def check_sizes(pdf):
    texts, prefixes = code_texts_and_prefixes()
    expected = expected_sizes()
    failures, sizes, measured, ruled = [], {}, 0, 0
    for number, lines in pages(pdf):
        for words in body_lines(lines):
            if not is_code_line(words, texts, prefixes):
                continue
            text = squeeze("".join(w[0] for w in words))
            size = line_size(words)
            measured += 1
            sizes.setdefault(size, (number, text))
            if size < MIN_PT - 0.005:
                failures.append(f"page {number}: code line set at {size} pt (< {MIN_PT} pt): {text[:60]}")
            if text in expected:
                ruled += 1
                rel, want = expected[text]
                if abs(size - want) > 0.05:
                    failures.append(f"page {number}: {rel} set at {size} pt, its output's lines call for {want} pt"
                                    f" (book/filters/print.lua's code_size): {text[:40]}")
    if ruled < 100:
        failures.append(f"only {ruled} lines of golden outputs checked against the size rule")
    if measured < 100:
        failures.append(f"only {measured} code lines found in the PDF: the measurement found no blocks")
    if len(sizes) > MAX_SIZES:
        listing = "; ".join(f"{s} pt (page {p}: {t[:40]})" for s, (p, t) in sorted(sizes.items()))
        failures.append(f"code and outputs use {len(sizes)} sizes, at most {MAX_SIZES} allowed: {listing}")
    return verdict(f"{pdf} (code sizes)", failures[:20] + ([f"... {len(failures) - 20} more"] if len(failures) > 20 else []),
                   f"{pdf}: {measured} code lines at {', '.join(f'{s} pt' for s in sorted(sizes))};"
                   f" {ruled} output lines at the size their output's lines call for")


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
        if turned(lines):
            continue  # one golden output, set across the page: as full as the output is long
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
    size = os.path.getsize(pdf)
    failures = [] if size <= MAX_BYTES else [
        f"{pdf} is {size} bytes, more than {MAX_BYTES}: see the fonts and images in it (pdffonts, pdfimages -list)"]
    return verdict(f"{pdf} (bytes)", failures, f"{pdf}: {size} bytes (at most {MAX_BYTES})")


def check_margins(pdf):
    failures, words_seen = [], 0
    for number, lines in pages(pdf):
        across = turned(lines)
        left, right = (PAGE_HEIGHT - BODY_BOTTOM, PAGE_HEIGHT - BODY_TOP) if across else (TEXT_LEFT, TEXT_RIGHT)
        for line in lines:
            for text, x0, y0, x1, y1 in line:
                words_seen += 1
                blank = (y1 - y0) * (1 - INK)
                start = x0 + (blank if text[:1] in OPENING else 0)
                end = x1 - (blank if text[-1:] in CLOSING else 0)
                past = [f"{end - right:.1f} bp past the right"] if end > right + EDGE_SLACK else []
                past += [f"{left - start:.1f} bp past the left"] if start < left - EDGE_SLACK else []
                if across:
                    past += [f"{TEXT_LEFT - y0:.1f} bp above the top"] if y0 < TEXT_LEFT - EDGE_SLACK else []
                    past += [f"{y1 - TEXT_RIGHT:.1f} bp below the bottom"] if y1 > TEXT_RIGHT + EDGE_SLACK else []
                if past:
                    failures.append(f"page {number}{' (turned)' if across else ''}: {text[:40]!r} reaches"
                                    f" {past[0]} edge of the text block")
    if words_seen < 1000:
        failures.append(f"only {words_seen} words in the PDF: nothing measured")
    return verdict(f"{pdf} (margins)", failures[:20] + ([f"... {len(failures) - 20} more"] if len(failures) > 20 else []),
                   f"{pdf}: {words_seen} words, none past the text block")


POINTER = re.compile(r"（输出(\d+-\d+)横排在第(\d+)页）")
TURNED_CAPTION = re.compile(r"^输出(\d+-\d+).*接第(\d+)页·本页第(\d+)页$")
RESUMES = re.compile(r"正文接第(\d+)页")


def folio(lines):
    """The page number a page's running header shows (its first or last word), or None."""
    header = sorted((w for line in lines for w in line if w[4] < HEADER_BELOW), key=lambda w: w[1])
    ends = [header[0][0], header[-1][0]] if header else []
    return next((int(t) for t in ends if t.isdigit()), None)


def check_turned(pdf):
    book, failures = pages(pdf), []
    pointers, turned_pages, offset = {}, {}, None
    for number, lines in book:
        texts = [squeeze("".join(w[0] for w in words)) for words in body_lines(lines)]
        if not turned(lines):
            if (shown := folio(lines)) is not None:
                offset = shown - number
            for text in texts:
                for out, page in POINTER.findall(text):
                    pointers[out] = (number, int(page))
            continue
        expected = number + offset if offset is not None else None
        caption = next((m for t in texts if (m := TURNED_CAPTION.match(t))), None)
        if not caption:
            failures.append(f"turned page {number} (page {expected}) has no caption line 输出 X … 接第 N 页 · 本页第 M 页: {(texts or [''])[-1][:60]}")
            continue
        out, came_from, shown = caption.group(1), int(caption.group(2)), int(caption.group(3))
        turned_pages[out] = expected
        if shown != expected:
            failures.append(f"turned page {number} shows page number {shown}; the pages around it make it {expected}")
        # Its text's page, then turned pages only, but for one page a block went on over (it holds floats).
        between = [ls for n, ls in book if expected is not None and came_from < n + offset < expected and n < number]
        if expected is None or came_from >= expected or sum(not turned(ls) for ls in between) > 1:
            failures.append(f"turned page {number} (page {expected}, 输出 {out}) says it belongs to page {came_from}:"
                            " it should come on the first page after it that can hold it")
    for out, page in turned_pages.items():
        if out not in pointers:
            failures.append(f"输出 {out}, turned on page {page}: no line （输出 {out} 横排在第 {page} 页） where the text met it")
        elif pointers[out][1] != page:
            failures.append(f"the text points to page {pointers[out][1]} for 输出 {out}, which is on page {page}")
    # The page before turned pages says at its foot where its text goes on: the next page that is not turned.
    for i, (number, lines) in enumerate(book):
        if turned(lines) or i + 1 == len(book) or not turned(book[i + 1][1]):
            continue
        after = next((n for n, ls in book[i + 1:] if not turned(ls)), None)
        foot = squeeze("".join(w[0] for line in lines for w in line if w[2] >= FOOTER_ABOVE))
        said = RESUMES.search(foot)
        if after is not None and offset is not None and (not said or int(said.group(1)) != after + offset):
            failures.append(f"page {number} (before turned pages): its foot should say 正文接第 {after + offset} 页,"
                            f" it says {foot or 'nothing'}")
    if not turned_pages and not failures:
        failures.append("no turned page found: nothing was measured")
    return verdict(f"{pdf} (turned pages)", failures,
                   f"{pdf}: {len(turned_pages)} turned pages, each numbered and named where the text points to it")


def block_starts():
    """The first lines of every golden output and code region, squeezed."""
    starts = set()
    for page in book_pages():
        for rel, _case, _classes in golden_blocks(page):
            starts.update(squeeze(line) for line in (ROOT / rel).read_text(encoding="utf-8").splitlines()[:START_LINES])
        for path, region in excerpt_blocks(page):
            starts.update(squeeze(line) for line in region_lines(path, region)[:START_LINES])
    starts.discard("")
    return starts


def turned(lines):
    """Whether the page is a turned one (pdftotext reads it across, as a viewer shows it)."""
    return isinstance(lines, Turned)


def body_lines(lines):
    """The page's lines between the header and the folio, top to bottom; pdftotext's pieces of
    one line (it cuts a line at a wide gap: an output's padded columns) joined, left to right.
    A turned page has neither header nor folio."""
    rows, whole = {}, turned(lines)
    for line in lines:
        if whole or all(HEADER_BELOW < w[2] < FOOTER_ABOVE for w in line):
            rows.setdefault(round(line[0][4], 1), []).extend(line)
    return [sorted(words, key=lambda w: w[1]) for _y, words in sorted(rows.items())]


def typewriter(words):
    """A line set in the mono face (any verbatim block's, a golden one's or not: an errata diff)."""
    verdicts = [monospaced(w) for w in words]
    if all(v is None for v in verdicts) and not any(is_cjk(w[0]) for w in words):
        return line_size(words) <= 9.5  # too short to measure (`-  },`): code is 9 pt at most, prose 12
    return any(verdicts) and not any(v is False for v in verdicts)


def break_failures(book, is_code, starts, labels=None):
    """The rules of `breaks` on [(page number, lines)]; is_code(words) tells a code line; labels
    are the code excerpts' labels, squeezed, each with the count of its code's lines."""
    failures, opened, last_pages, labels = [], 0, 0, labels or {}
    for i, (number, lines) in enumerate(book):
        body = [kept for line in body_lines(lines) if (kept := [w for w in line if w[0] != CONTINUED])]
        marks = [w for line in lines for w in line if w[0] == CONTINUED]
        texts = [squeeze("".join(w[0] for w in words)) for words in body]
        continues = [k for k, words in enumerate(body) if is_code(words)
                     and texts[k] not in starts and not texts[k].startswith("$")]
        if texts and texts[0].startswith(WRAP_MARK):
            failures.append(f"page {number} opens with a wrapped line's continuation, its start on the page"
                            f" before: {texts[0][:50]}")
        if continues and continues[0] == 0:
            opened += 1
            words = body[0]
            top, left = words[0][2], min(w[1] for w in words)
            if not any(0 <= top - m[4] < 24 for m in marks):
                failures.append(f"page {number} opens inside a block ({texts[0][:40]}) without {CONTINUED}"
                                " above it")
        elif marks and texts and not typewriter(body[0]):
            failures.append(f"page {number} is marked {CONTINUED} but opens with {texts[0][:40]}, not the block's"
                            " continuation: something stands inside the block")
        elif continues and FIGURE_CAPTION.match(texts[continues[0] - 1]):
            failures.append(f"page {number}: a figure stands inside a block split across pages ({texts[continues[0] - 1][:20]}"
                            f" above its continuation {texts[continues[0]][:30]})")
        if (marks or (continues and continues[0] == 0)) and i > 0 and turned(book[i - 1][1]) and not turned(lines):
            failures.append(f"page {number} goes on with a block or a table ({texts[0][:40]}) split from its start by"
                            f" the turned page {book[i - 1][0]} (book.latex holds float pages while a block is open)")
        for k, text in enumerate(texts):
            if text in labels and len(texts) - 1 - k < min(EXCERPT_KEEP, labels[text]):
                failures.append(f"page {number} ends with the code excerpt label {text[:50]} and"
                                f" {len(texts) - 1 - k} lines of its code (at least {EXCERPT_KEEP} stay with it)")
        # A page with text and no running header opens a chapter (or 目录, an appendix): on the right.
        if i > 0 and body and not turned(lines) and number % 2 == 0 and not any(
                w[4] < HEADER_BELOW for line in lines for w in line):
            failures.append(f"page {number} opens a chapter on a left-hand page: {texts[0][:30]}"
                            " (book.latex's ctexbook option openright)")
        # A chapter's last page: the next page with text has no running header (it opens a chapter).
        # (The first such page only: all of them, for every page, were most of the check's time.)
        if turned(lines):
            continue  # a golden output set across a page of its own: no chapter ends there
        following = next((ls for _n, ls in book[i + 1:] if body_lines(ls) and not turned(ls)), None)
        opens_chapter = following is None or not any(w[4] < HEADER_BELOW for line in following for w in line)
        if body and opens_chapter and i > 0:
            last_pages += 1
            fill = coverage(lines)
            if fill < MIN_LAST_FILL:
                failures.append(f"page {number}, a chapter's last, is {fill:.0%} full (at least {MIN_LAST_FILL:.0%})")
    return failures, opened, last_pages


def wide_ranges():
    """wrap.lua's table of the code points set two columns wide."""
    text = (ROOT / "book" / "filters" / "wrap.lua").read_text(encoding="utf-8")
    return [(int(a, 16), int(b, 16)) for a, b in re.findall(r"\{ 0x([0-9A-F]+), 0x([0-9A-F]+) \}", text)]


def token_columns(line, wide):
    """[(token, its first column)] of a golden line split at spaces."""
    out, col, token, start = [], 0, "", 0
    narrow_below = min((a for a, _b in wide), default=0)  # below the first wide range: no search
    for ch in line + " ":
        if ch == " ":
            if token:
                out.append((token, start))
            token = ""
        else:
            if not token:
                start = col
            token += ch
        col += 2 if ord(ch) >= narrow_below and any(a <= ord(ch) <= b for a, b in wide) else 1
    return out


def column_error(words, tokens):
    """The worst distance, in columns, of a token from its column on a PDF line; None when the
    line's words cannot be matched to the tokens or give no scale."""
    starts, k, acc = [], 0, ""
    for token, col in tokens:
        if k == len(words):
            break  # the first part of a wrapped line: its tokens so far
        first = None
        while k < len(words) and squeeze(acc) != squeeze(token):
            if first is None:
                first = words[k]
            acc += words[k][0]
            k += 1
        if squeeze(acc) != squeeze(token) or first is None:
            return None
        starts.append((token, col, first[1]))
        acc = ""
    scale = [(w[3] - w[1]) / len(w[0]) for w in words if w[0].isascii() and len(w[0]) >= 3 and " " not in w[0]]
    # No ASCII word: a column of the line's size (Latin mono face: 0.602 em).
    advance = sorted(scale)[len(scale) // 2] if scale else 0.602 * line_size(words)
    x0 = starts[0][2] - starts[0][1] * advance
    return max(((x - x0) / advance - col, token) for token, col, x in starts), advance


def rebased(tokens, k):
    """The tokens from the k-th on, their columns counted from its."""
    return [(t, c - tokens[k][1]) for t, c in tokens[k:]]


def check_columns(pdf):
    wide = wide_ranges()
    golden, wrapped = {}, {}  # the words a line starts with, and those of a continuation
    for page in book_pages():
        for rel, _case, _classes in golden_blocks(page):
            if rel.endswith(".txt"):
                for line in (ROOT / rel).read_text(encoding="utf-8").splitlines():
                    if len(line.split()) >= 2:
                        # the line, or the first part of it a wrap leaves (a word's end at least)
                        # and any run of its words a ↪ continuation may hold
                        tokens = token_columns(line, wide)
                        for k in range(len(tokens)):
                            for n in range(k + (1 if k else 2), len(tokens) + 1):
                                key = squeeze("".join(t for t, _c in tokens[k:n]))
                                (wrapped if k else golden).setdefault(key, set()).add((line, k))
    failures, measured, chars_seen = [], 0, set()
    for number, lines in pages(pdf):
        for words in body_lines(lines):
            continued = words[0][0] == WRAP_MARK
            if continued:
                words = words[1:]
            candidates = (wrapped if continued else golden).get(squeeze("".join(w[0] for w in words)), ())
            if not words or not candidates or not all(monospaced(w) is not False for w in words):
                continue
            # The golden lines it may be (the same words, spaced apart differently): the nearest.
            found = [(abs(f[0][0]), f[0], line) for line, k in sorted(candidates)
                     if (f := column_error(words, rebased(token_columns(line, wide), k))) is not None]
            if not found:
                continue
            _distance, (error, token), line = min(found)
            measured += 1
            chars_seen.update("".join(w[0] for w in words))
            if abs(error) > 1 / 3:
                failures.append(f"page {number}: {token!r} stands {error:+.2f} columns from its column in: {line.strip()[:70]}")
    # Each character on a measured line; Chinese characters and ASCII letters and digits (each
    # one face and one width) as a class: one of the class measured will do.
    def kind(ch):
        return "汉字" if 0x4E00 <= ord(ch) <= 0x9FFF else "ASCII" if ch.isascii() and ch.isalnum() else ch
    used = {ch for lines in golden.values() for line, _k in lines for ch in line if not ch.isspace()}
    unseen = sorted({kind(ch) for ch in used} - {kind(ch) for ch in chars_seen})
    if unseen:
        failures.append(f"characters of the outputs on no measured line: {''.join(unseen)[:60]}")
    if measured < 100:
        failures.append(f"only {measured} golden lines measured: the measurement found no blocks")
    return verdict(f"{pdf} (columns)", failures[:20] + ([f"... {len(failures) - 20} more"] if len(failures) > 20 else []),
                   f"{pdf}: {measured} golden lines, every word within a third of a column of its place")


def check_breaks(pdf):
    texts, prefixes = code_texts_and_prefixes()
    labels = {squeeze(f"{path}·{region}"): len(region_lines(path, region))
              for page in book_pages() for path, region in excerpt_blocks(page)}
    failures, opened, last_pages = break_failures(pages(pdf), lambda w: is_code_line(w, texts, prefixes),
                                                  block_starts(), labels)
    if last_pages < 3:
        failures.append(f"only {last_pages} chapter ends found: the measurement found no chapters")
    return verdict(f"{pdf} (page breaks)", failures,
                   f"{pdf}: {opened} pages open inside a block, each marked {CONTINUED} with nothing above it;"
                   f" {last_pages} chapter ends at least {MIN_LAST_FILL:.0%} full")


def planted_breaks():
    """Each rule of `breaks` on made-up pages that break it, and on pages that keep it."""
    def line(text, y, x=100.0, size=9.0):
        return [(text, x, y, x + 0.602 * size * len(text), y + size)]
    header = line("第 2 章 标题", 60.0)
    filler = [line("正文" * 20, 100.0 + 12 * k) for k in range(50)]  # a full page of prose
    code = {"$op", "abcdef", "ghijkl", "↪mnop"}
    is_code = lambda words: squeeze(words[0][0]) in code
    starts = {"abcdef"}
    good = [(1, [line("书名", 300)]), (2, header and [header] + filler + [line("abcdef", 700)]),
            (3, [header, line(CONTINUED, 88.0, x=480.0), line("ghijkl", 100.0)] + filler[10:]),
            (4, []), (5, [line("第 3 章", 100.0)] + filler)]
    turned_page = Turned([line("$op", 100.0), line("输出 2-1 x 接第 2 页", 400.0)])
    labelled = [*good[:1], (2, [header] + filler[:-1] + [line("a.cpp · r", 700.0), line("abcdef", 712.0)]), *good[2:]]
    cases = {
        "a good book": (good, 0),
        "a good book with a turned page and a label": ([*good[:2], (3, good[2][1] + [
            line("a.cpp · r", 740.0), *(line("abcdef", 752.0 + 8 * k) for k in range(3))]), (4, turned_page), good[4]], 0),
        "a block split by a turned page": ([*good[:2], (3, turned_page), (4, good[2][1]), good[4]], 1),
        "an excerpt label at a page's foot": (labelled, 1),
        "a page opening with ↪": ([*good[:2], (3, [header, line(CONTINUED, 88.0, x=480.0), line("↪mnop", 100.0)]
                                                 + filler[10:]), *good[3:]], 1),
        "a continuation without its mark": ([*good[:2], (3, [header, line("ghijkl", 100.0)] + filler[10:]), *good[3:]], 1),
        "a figure inside a block, marked": ([*good[:2], (3, [header, line(CONTINUED, 88.0, x=480.0),
                                                             line("图 2-1 标题", 100.0), line("ghijkl", 300.0)]
                                                            + filler[20:]), *good[3:]], 1),
        "a figure inside a block": ([*good[:2], (3, [header, line("图 2-1 标题", 100.0), line("ghijkl", 300.0)]
                                                    + filler[20:]), *good[3:]], 1),
        "a chapter's last page 10 % full": ([*good[:2], (3, [header] + filler[:5]), *good[3:]], 1),
        "a chapter opening on a left-hand page": ([*good[:3], (4, good[4][1])], 1),
    }
    failures = []
    for name, (book, expected) in cases.items():
        found, _opened, _last = break_failures(book, is_code, starts, {"a.cpp·r": 5})
        if len(found) != expected:
            failures.append(f"{name}: {len(found)} failures, {expected} expected: {found}")
    return verdict("breaks --planted", failures, f"breaks: each of {len(cases) - 1} planted faults found, the good book passes")


def main(mode, pdf):
    if mode == "breaks" and pdf == "--planted":
        return planted_breaks()
    checks = {"sizes": check_sizes, "fill": check_fill, "bytes": check_bytes, "breaks": check_breaks,
              "columns": check_columns, "margins": check_margins, "turned": check_turned}
    if mode == "all":  # every check, each with its own verdict line; fails when one does
        return max(check(pathlib.Path(pdf)) for check in checks.values())
    if mode not in checks:
        sys.exit(__doc__)
    return checks[mode](pathlib.Path(pdf))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
