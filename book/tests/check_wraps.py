#!/usr/bin/env python3
"""check_wraps.py BOOK.pdf BOOK.epub | --planted

Passes when every wrapped golden line in the print edition and the EPUB was
broken between columns (book/filters/wrap.lua): each ↪ continuation, read back
from the PDF (pdftotext -layout) and from the EPUB's XHTML, is found in its
golden line, and where it starts there

  * a cell starts (two or more spaces before it: the program's padding between
    columns), or
  * a word inside a longer text that is neither a unit after its number
    (`188.5` / `↪ us`) nor, in a table row (a line with such padding), the
    second word of a cell of at most WORD_GROUP words (`same` / `↪ verdict`,
    `0.25` / `↪ F/B`).

In the PDF, besides: no row of a table (a golden line of three or more cells) wraps, and at
most MAX_PDF_WRAPS lines wrap in all (outputs and code; the 勘误与变更 page's diff lines, an
output's changed lines under their entry, are not counted): an output too wide for the page is
set across a turned page (book/filters/print.lua), a chapter's code is formatted to the page's
width (chapters/.clang-format).

--planted checks the rules themselves on made-up cuts, each breaking one: every
rule must find its fault and the good cuts must pass.
"""
import functools
import html
import re
import subprocess
import sys
import zipfile

from booksource import ROOT, book_pages, golden_blocks, verdict

WRAP_MARK = "↪"
CONTINUED = "（续）"
RULE = re.compile(r"^([=\-_~*#])\1+$")
PADDED = re.compile(r"\S {2,}\S")
NUMBER = re.compile(r"[\d.,]+$")
UNIT = re.compile(r"^[A-Za-z/%µ]")
# A cell of at most this many words is read as one (`137.439 us`, `same verdict`); a longer one
# is prose, which may break at a space (book/filters/wrap.lua's WORD_GROUP).
WORD_GROUP = 3
SPACE = re.compile(r"\s+")
MAX_PDF_WRAPS = 20
CELL_GAP = re.compile(r"\S {2,}(?=\S)")
# A line of the 勘误与变更 page's diffs (-old, +new): an output's changed lines, however wide, set
# on the page under their entry (not turned, away from it), so not counted in MAX_PDF_WRAPS.
DIFF_LINE = re.compile(r"[-+]\s*\S")


# check() tries every continuation against every golden line: each line is squeezed once, not
# once a pair (900,000 times at 36 chapters: the check's 2.7 CPU s were 1.3 with this).
@functools.cache
def squeeze(text):
    return SPACE.sub("", text)


def golden_lines():
    """Every line of every golden text output the book shows (rules left out)."""
    lines = set()
    for page in book_pages():
        for rel, _case, _classes in golden_blocks(page):
            if rel.endswith(".txt"):
                lines.update(line for line in (ROOT / rel).read_text(encoding="utf-8").splitlines()
                             if line.strip() and not RULE.match(line.strip()))
    return lines


def pieces(lines):
    """(piece before, continuation) for each ↪ line of consecutive text lines."""
    before = None
    for raw in lines:
        line = raw.strip().removeprefix(CONTINUED).strip()
        if line.startswith(WRAP_MARK) and before is not None:
            yield before.removeprefix(WRAP_MARK).strip(), line[len(WRAP_MARK):].strip()
        if line:
            before = line


def bad_cut(golden, before, rest):
    """Why the cut between `before` and `rest` in a golden line is wrong, '' if it is right,
    None if `golden` does not hold them side by side."""
    wanted, text = squeeze(before) + squeeze(rest), squeeze(golden)
    at = text.find(wanted)
    if at < 0 or not rest:
        return None
    solid = [i for i, ch in enumerate(golden) if not ch.isspace()]
    start = solid[at + len(squeeze(before))]
    spaces = len(golden[:start]) - len(golden[:start].rstrip(" "))
    if spaces >= 2:
        return ""  # a cell starts here
    words = golden[:start].split()
    if words and NUMBER.search(words[-1]) and not re.search(r"[A-Za-z_]", words[-1]) and UNIT.match(rest):
        return "a unit is cut from its number"
    if PADDED.search(golden):
        cell = re.split(r" {2,}", golden[:start])[-1] + re.split(r" {2,}", golden[start:])[0]
        if len(cell.split()) <= WORD_GROUP:
            return "the second word of a cell starts the continuation"
    return ""


def table_row(golden):
    """A row of a table: three cells or more, apart by the program's padding."""
    return len(CELL_GAP.findall(golden.strip())) >= 2


def check(source, texts, lines, rows_stay=False):
    """Failures for each continuation of `lines` (one output's or one page's text); with
    rows_stay, a table row wrapped is one."""
    failures, seen = [], 0
    for before, rest in pieces(lines):
        verdicts = [v for v in (bad_cut(g, before, rest) for g in texts) if v is not None]
        if not verdicts:
            continue  # not a golden line (a code excerpt, wrapped by fvextra or the filter)
        seen += 1
        if all(verdicts):
            failures.append(f"{source}: {verdicts[0]}: {before[-30:]!r} / ↪ {rest[:30]!r}")
        elif rows_stay and all(table_row(g) for g in texts if bad_cut(g, before, rest) is not None):
            failures.append(f"{source}: a table row wraps, its columns no longer read down: {before[-30:]!r} / ↪ {rest[:30]!r}"
                            " (book/filters/print.lua sets a block too wide for the page across a turned page)")
    return failures, seen


def continuations(lines):
    """(↪ line, the line it continues) for each continuation of consecutive text lines."""
    before = ""
    for raw in lines:
        line = raw.strip().removeprefix(CONTINUED).strip()
        if line.startswith(WRAP_MARK):
            yield line, before
        elif line:
            before = line


def pdf_lines(pdf):
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True,
                          text=True).stdout
    return [(f"PDF page {n}", page.splitlines()) for n, page in enumerate(text.split("\f"), 1)]


def epub_lines(epub):
    out = []
    with zipfile.ZipFile(epub) as book:
        for name in sorted(n for n in book.namelist() if n.endswith(".xhtml")):
            page = book.read(name).decode("utf-8")
            for k, pre in enumerate(re.findall(r"<pre[^>]*>(.*?)</pre>", page, re.S), 1):
                out.append((f"EPUB {name} block {k}", html.unescape(re.sub(r"<[^>]+>", "", pre)).splitlines()))
    return out


def main(pdf, epub):
    texts = golden_lines()
    failures, counts = [], {}
    pdf_pages = pdf_lines(pdf)
    for edition, blocks in (("PDF", pdf_pages), ("EPUB", epub_lines(epub))):
        counts[edition] = 0
        for source, lines in blocks:
            found, seen = check(source, texts, lines, rows_stay=edition == "PDF")
            failures += found
            counts[edition] += seen
        # The PDF wraps few lines (below); the EPUB's narrow page many.
        if counts[edition] < (1 if edition == "PDF" else 20):
            failures.append(f"only {counts[edition]} wrapped golden lines found in the {edition}: nothing measured")
    wraps = [(source, line.strip()) for source, lines in pdf_pages for line, before in continuations(lines)
             if not DIFF_LINE.match(before)]
    if len(wraps) > MAX_PDF_WRAPS:
        failures.append(f"{len(wraps)} lines wrap in the PDF, at most {MAX_PDF_WRAPS}: e.g. {wraps[0][0]}: {wraps[0][1][:40]!r}"
                        " (outputs too wide for the page go on turned pages, book/filters/print.lua; a chapter's code"
                        " follows chapters/.clang-format)")
    return verdict("wrapped golden lines (PDF, EPUB)", failures[:30] + (
        [f"... {len(failures) - 30} more"] if len(failures) > 30 else []),
        f"{counts['PDF']} continuations in the PDF ({len(wraps)} wrapped lines in all), {counts['EPUB']} in the EPUB,"
        " each between columns, no table row wrapped in the PDF")


def planted():
    row = "tensor_core.bf16  not calibrated  1000.00    137.439 us  compute-bound  same verdict"
    note = "note      : inputs bf16, outputs fp8, one fp32 scale per row"
    prose = "the wrong roof: the same ledger costs 188.5 us under every other roof"
    cases = [  # (golden line, piece before, continuation, a fault?)
        (row, "tensor_core.bf16  not calibrated  1000.00", "137.439 us  compute-bound  same verdict", False),
        (row, "tensor_core.bf16  not calibrated  1000.00    137.439 us  compute-bound  same", "verdict", True),
        (row, "tensor_core.bf16  not calibrated  1000.00    137.439", "us  compute-bound  same verdict", True),
        (prose, "the wrong roof: the same ledger costs", "188.5 us under every other roof", False),
        (prose, "the wrong roof: the same ledger costs 188.5", "us under every other roof", True),
        (note, "note      : inputs bf16, outputs fp8,", "one fp32 scale per row", False),
    ]
    failures = []
    for golden, before, rest, fault in cases:
        found, _seen = check("planted", {golden}, [before, f"{WRAP_MARK} {rest}"])
        if bool(found) != fault:
            failures.append(f"{before[-20:]!r} / {rest[:20]!r}: {'missed' if fault else 'wrongly failed'}")
    # In the PDF a table row must not wrap at all, even between its columns; a key : value line may.
    for golden, before, rest, fault in cases[:1] + cases[5:]:
        found, _seen = check("planted PDF", {golden}, [before, f"{WRAP_MARK} {rest}"], rows_stay=True)
        if bool(found) != (golden == row):
            failures.append(f"PDF: {before[-20:]!r} / {rest[:20]!r}: {'missed' if golden == row else 'wrongly failed'}")
    return verdict("check_wraps --planted", failures, f"{sum(c[3] for c in cases) + 1} planted bad cuts found, good cuts pass")


if __name__ == "__main__":
    if sys.argv[1:] == ["--planted"]:
        sys.exit(planted())
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
