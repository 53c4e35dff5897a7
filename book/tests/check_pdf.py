#!/usr/bin/env python3
"""check_pdf.py BOOK.pdf

Passes when the print edition holds what the book's Markdown names:

  * every font is embedded (pdffonts);
  * every line of every golden text output is in the text (pdftotext -layout):
    a line wrapped with ↪ is joined back first (a rule, ==== or ----, is
    drawn to the block's width: a rule of the same character will do);
    whitespace is ignored, because
    the extracted text spaces out each two-column Chinese character and cannot
    tell one space from several. A long output (`.scroll`) is printed as its
    first lines, up to EXCERPT_LINES and ending where an element ends (as
    print.lua cuts it), and its caption's line saying what was left out: those are looked for;
  * every figure is there as vector graphics: its caption number and every
    text label of the golden SVG are text in the PDF;
  * every cross-reference is resolved: no [@fig:...]/[@tbl:...] left, and
    each number appears at least twice (the caption and a reference);
  * a caption's line naming a golden file starts with its output's ID (the
    title, Chinese, is on the line above, not run into the ID);
  * every entry of the bibliography is cited in the text;
  * no Chinese character touches a Latin letter (math beside Chinese is spaced);
  * no line of the prose ends with a number whose unit (TB/s, µs, FLOP, ...)
    starts the next;
  * 目录 lists every chapter as the book numbers it (第 28 章 for
    28-op-ledger.md) with a page number;
  * XeLaTeX reported no line running into the margin (Overfull \\hbox), no
    line spaced out (Underfull \\hbox: `程 序 接 受 …`) and no fancyhdr
    warning (\\headheight) in the log beside it (print/book.log), if there
    is one. Each is named by its page (the PDF page whose text holds the
    line, else the log's page marker before it), the line's text and the
    numbers in it that a change in editions/pending.txt brought.

check_pdf.py --planted: those messages, on a made-up log.
"""
import pathlib
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

from booksource import ROOT, book_pages, figure_blocks, golden_blocks, run_main, verdict
from check_xrefs import expected_labels

# As many lines as book/filters/print.lua prints of a long output, and the caption's line saying so.
PRINT_LUA = (ROOT / "book" / "filters" / "print.lua").read_text(encoding="utf-8")
EXCERPT_LINES = int(re.search(r"^local PRINT_EXCERPT_LINES = (\d+)$", PRINT_LUA, re.M).group(1))
EXCERPT_NOTE = re.search(r"note = string\.format\('([^']+)', kept, left\)", PRINT_LUA).group(1)
WRAP_MARK = "↪"
CONTINUED = "（续）"
# A rule (one character repeated) is drawn to the block's width (book/filters/wrap.lua).
RULE = re.compile(r"([=\-_~*#])\1{19,}")


def excerpt_end(lines):
    """As print.lua's excerpt_end: after the last line of the first EXCERPT_LINES that only closes brackets."""
    for i in range(EXCERPT_LINES, 0, -1):
        if re.fullmatch(r"\s*[\]}]+,?", lines[i - 1]):
            return i
    return EXCERPT_LINES


def squeeze(text):
    return re.sub(r"\s+", "", text)


def unembedded_fonts(pdf):
    out = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True).stdout
    bad = []
    for line in out.splitlines()[2:]:
        # name type... emb sub uni object-id gen: emb is the 5th field from the end.
        fields = line.split()
        if len(fields) >= 6 and fields[-5] != "yes":
            bad.append(line.strip())
    return bad


def logical_lines(text):
    """The extracted lines, each ↪ continuation joined to the line it continues, also when a page
    break falls between them (the next page's running header, its first line, is skipped)."""
    lines, target = [], None
    for page in text.split("\f"):
        header = True
        for raw in page.splitlines():
            # （续）: the margin's mark of a page that opens inside a block (book/pdf-breaks)
            line = raw.strip().removeprefix(CONTINUED).strip()
            if header and line:
                lines.append(line)  # the running header: never the line a continuation continues
                header = False
            elif line.startswith(WRAP_MARK) and target is not None:
                lines[target] += line[len(WRAP_MARK):]
            else:
                lines.append(line)
                if line:
                    target = len(lines) - 1
    return lines


def golden_outputs():
    """(golden file, lines the PDF must show) for every golden block of the book."""
    for page in book_pages():
        for rel, _case, classes in golden_blocks(page):
            lines = (ROOT / rel).read_text(encoding="utf-8").splitlines()
            if "scroll" in classes and len(lines) > EXCERPT_LINES:
                kept = excerpt_end(lines)
                lines = lines[:kept] + [EXCERPT_NOTE % (kept, len(lines) - kept)]  # the caption's line
            yield rel, lines


def svg_labels(rel):
    tree = ET.parse(ROOT / rel)
    labels = []
    for el in tree.iter():
        if el.get("class") == "heading":
            continue  # the figure's own title: the book leaves it out, the caption is the title
        if el.tag.endswith("}text") or el.tag == "text":
            text = "".join(el.itertext()).strip()
            if text:
                labels.append(text)
    return labels


# A font switch in a box the log shows (\\TU/NotoSerifCJKSC(0)/m/n/12.045 ), its empty boxes and glue marks.
LOG_NOISE = re.compile(r"\\TU/[^ ]+ ?|\[\]|\|")
CJK_GAP = re.compile(r"(?<=[\u3000-\u9fff\uff00-\uffef]) (?=[\u3000-\u9fff\uff00-\uffef])")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*(?:-\d+)?")
CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
UNIT = re.compile(r"(?:[TGMKP]?B/s|[TGMKP]?FLOP/s|[TGMKP]?FLOPs?|[TGMKP]i?B|µs|us|ms|ns|[GM]Hz)(?![\w/])")


def grown_numbers():
    """The numbers a pending change brought (in a + line of editions/pending.txt, in no - line)."""
    pending = ROOT / "editions" / "pending.txt"
    if not pending.is_file():
        return set()
    plus, minus = set(), set()
    for line in pending.read_text(encoding="utf-8").splitlines():
        if line.startswith("diff\t+") or line.startswith("diff\t-"):
            (plus if line[5] == "+" else minus).update(NUMBER.findall(line[6:]))
    return plus - minus


def log_failures(log, out_dir, pages, grown):
    """The log's overfull and underfull lines and fancyhdr warnings, each named by its page (the PDF
    page whose text holds the line; else the log's last [N] page marker before it), the line's
    text as the log shows it, and the numbers in it that a pending change brought."""
    failures, shipped = [], "0"
    lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
    pdf_pages = [squeeze(p) for p in pages]
    i = 0
    while i < len(lines):
        line = lines[i]
        if not re.match(r"(?:Overfull|Underfull) \\hbox |Package fancyhdr Warning: ", line):
            # A page is shipped out: [N] in the log, N its number as printed (\\count0).
            for n in re.findall(r"\[(\d+)(?=[\s\]<{]|$)", line):
                shipped = n
            i += 1
            continue
        box = []
        i += 1
        while line.startswith(("Overfull", "Underfull")) and i < len(lines) and lines[i].strip():
            box.append(lines[i])  # the box's text, wrapped by TeX at 79 characters
            i += 1
        said = re.sub(r" in paragraph at lines \d+--\d+| detected at line \d+", "", line)
        where = f"{log.relative_to(out_dir)}: {said}"
        if box:
            text = CJK_GAP.sub("", re.sub(r"\s+", " ", LOG_NOISE.sub("", "".join(box)))).strip()
            found = [n for n, p in enumerate(pdf_pages, 1) if squeeze(text)[:40] in p]
            page = f"PDF page {found[0]}" if len(found) == 1 else f"the page after page {shipped}"
            numbers = [n for n in NUMBER.findall(text) if n in grown]
            where += f" on {page}" + (f", the line: {text[:120]!r}" if text else "")
            if numbers:
                where += f"; the number(s) a pending change brought: {', '.join(dict.fromkeys(numbers))}"
        failures.append(where)
    return failures


def main(pdf):
    pdf = pathlib.Path(pdf)
    failures = []
    for font in unembedded_fonts(pdf):
        failures.append(f"font not embedded: {font}")

    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    shown = {squeeze(line) for line in logical_lines(text)}
    checked = 0
    for rel, lines in golden_outputs():
        missing = [line for line in lines if squeeze(line) and squeeze(line) not in shown
                   and not (RULE.fullmatch(line) and any(RULE.fullmatch(s) and s[0] == line[0] for s in shown))]
        checked += len(lines)
        if missing:
            listing = "\n".join("    | " + line for line in missing[:5])
            failures.append(f"{len(missing)} line(s) of {rel} not in the PDF's text, e.g.\n{listing}")

    # Rotated labels (a figure's slanted line labels) are left out by -layout.
    flat = squeeze(subprocess.run(["pdftotext", "-raw", str(pdf), "-"], check=True,
                                  capture_output=True, text=True).stdout)
    labels = expected_labels()
    for page in book_pages():
        for rel, _case in figure_blocks(page):
            missing = [t for t in svg_labels(rel) if squeeze(t) not in flat]
            if missing:
                failures.append(f"figure {rel}: {len(missing)} label(s) not text in the PDF, e.g. {missing[:3]}")
    for label, name in sorted(labels.items()):
        count = flat.count(squeeze(name))
        if count < 2:
            failures.append(f"{name} ({label}) appears {count} time(s) in the PDF, expected its caption and a reference")
    for left in sorted(set(re.findall(r"@(?:fig|tbl):[\w-]+", text))):
        failures.append(f"unresolved reference in the PDF: {left}")

    # A number and its unit on one line of the prose (a line with Chinese in it): print.lua joins them.
    for n, page in enumerate(text.split("\f"), 1):
        lines = [line.strip() for line in page.splitlines() if line.strip()]
        for before, after in zip(lines, lines[1:]):
            if CJK.search(before) and re.search(r"\d$", before) and UNIT.match(after):
                failures.append(f"PDF page {n}: a number and its unit split across lines: {before[-20:]!r} / {after[:20]!r}")

    # A caption's source line starts with the output's ID: its title (Chinese) above it, not run
    # into it (xeCJK drops a space between the two; golden.lua sets a line break).
    for n, page in enumerate(text.split("\f"), 1):
        for line in page.splitlines():
            if re.search(r"输出\s*\d+-\d+\s*(?:\$|golden/)", line) and not line.strip().startswith("输出"):
                failures.append(f"PDF page {n}: a caption's title runs into its output's ID: {line.strip()[:60]!r}")

    # A Chinese character and a Latin letter never touch: xeCJK spaces Chinese from Latin text,
    # print.lua spaces it from inline math (「头维d」 ran together).
    # (An output or code line is printed as it is: a pair it holds is its own.)
    verbatim = "\n".join("\n".join(lines) for _rel, lines in golden_outputs())
    for n, page in enumerate(text.split("\f"), 1):
        for touch in sorted(t for t in set(re.findall(r"[\u4e00-\u9fff][A-Za-z]\S{0,6}", page)) if t[:2] not in verbatim):
            failures.append(f"PDF page {n}: a Chinese character touches a Latin letter (inline math beside Chinese?): {touch!r}")

    # Every entry of the bibliography (the book's last 参考文献) is cited before it: an entry no
    # sentence cites leaves the reader asking why it is there.
    heading = list(re.finditer(r"^\s*参考文献\s*$", text, re.M))
    body, back = (text[:heading[-1].start()], text[heading[-1].end():]) if heading else (text, "")
    cited = set()
    for group in re.findall(r"\[(\d+(?:\s*[,，–-]\s*\d+)*)\]", body):
        for part in re.split(r"\s*[,，]\s*", group):
            ends = [int(n) for n in re.split(r"\s*[–-]\s*", part)]
            cited.update(range(ends[0], ends[-1] + 1))
    for number in sorted({int(n) for n in re.findall(r"^\[(\d+)\]", back, re.M)} - cited):
        failures.append(f"bibliography entry [{number}] is cited nowhere in the text")

    toc = {int(n) for n in re.findall(r"^\s*第\s*(\d+)\s*章\s.*\S\s+\d+\s*$", text, re.M)}
    if "目录" not in text:
        failures.append("no 目录 in the PDF")
    for page in book_pages()[1:]:
        number = int(page.stem.split("-", 1)[0])
        if number not in toc:
            failures.append(f"目录 has no line 第 {number} 章 ... <page> for {page.name}")

    log = pdf.parent / "print" / "book.log"
    if log.is_file():
        failures += log_failures(log, pdf.parent, text.split("\f"), grown_numbers())

    return verdict(f"{pdf}", failures,
                   f"{pdf}: fonts embedded, {checked} golden lines, figures and {len(labels)} cross-references")


def planted():
    """log_failures on a made-up log: an overfull line is named by its PDF page, its text and the
    number a pending change brought; one the PDF lacks by the log's page marker."""
    import tempfile
    log_text = ("[4] [5 <./figures/a.pdf>]\n"
                "Overfull \\hbox (6.2pt too wide) in paragraph at lines 10--12\n"
                "[]\\TU/NotoSerifCJKSC(0)/m/n/12.045 峰 值 是 \\TU/LatinModernRoman(0)/m/n/12.045 2500\n"
                " \\TU/DejaVuSansMono(0)/m/n/12.045 TFLOP/s|\n []\n\n"
                "Underfull \\hbox (badness 10000) in paragraph at lines 20--20\n"
                "[]\\TU/NotoSerifCJKSC(0)/m/n/12.045 程 序 接 受\n\n[6]\n")
    pages = ["", "", "", "", "", "一段 峰值是 2500 TFLOP/s 的话"]
    with tempfile.TemporaryDirectory() as work:
        log = pathlib.Path(work) / "print" / "book.log"
        log.parent.mkdir()
        log.write_text(log_text, encoding="utf-8")
        found = log_failures(log, pathlib.Path(work), pages, {"2500"})
    want = ["print/book.log: Overfull \\hbox (6.2pt too wide) on PDF page 6, the line: '峰值是 2500 TFLOP/s';"
            " the number(s) a pending change brought: 2500",
            "print/book.log: Underfull \\hbox (badness 10000) on the page after page 5, the line: '程序接受'"]
    failures = [f"said {got!r}, not {expected!r}" for got, expected in zip(found, want) if got != expected]
    if len(found) != len(want):
        failures.append(f"{len(found)} findings, not {len(want)}: {found}")
    return verdict("check_pdf.py --planted", failures, "an overfull line is named by its page, text and grown number")


if __name__ == "__main__":
    if sys.argv[1:] == ["--planted"]:
        sys.exit(planted())
    run_main(main, __doc__, 1)
