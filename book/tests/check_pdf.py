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
    print.lua cuts it), then a line （略去 N 行）: those are looked for;
  * every figure is there as vector graphics: its caption number and every
    text label of the golden SVG are text in the PDF;
  * every cross-reference is resolved: no [@fig:...]/[@tbl:...] left, and
    each number appears at least twice (the caption and a reference);
  * 目录 lists every chapter as the book numbers it (第 28 章 for
    28-op-ledger.md) with a page number;
  * XeLaTeX reported no line running into the margin (Overfull \\hbox), no
    line spaced out (Underfull \\hbox: `程 序 接 受 …`) and no fancyhdr
    warning (\\headheight) in the log beside it (print/book.log), if there
    is one.
"""
import pathlib
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

from booksource import ROOT, book_pages, figure_blocks, golden_blocks, run_main, verdict
from check_xrefs import expected_labels

# As many lines as book/filters/print.lua prints of a long output.
EXCERPT_LINES = int(re.search(r"^local PRINT_EXCERPT_LINES = (\d+)$",
                              (ROOT / "book" / "filters" / "print.lua").read_text(encoding="utf-8"), re.M).group(1))
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
                lines = lines[:kept] + [f"……（略去 {len(lines) - kept} 行）"]
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

    toc = {int(n) for n in re.findall(r"^\s*第\s*(\d+)\s*章\s.*\S\s+\d+\s*$", text, re.M)}
    if "目录" not in text:
        failures.append("no 目录 in the PDF")
    for page in book_pages()[1:]:
        number = int(page.stem.split("-", 1)[0])
        if number not in toc:
            failures.append(f"目录 has no line 第 {number} 章 ... <page> for {page.name}")

    log = pdf.parent / "print" / "book.log"
    if log.is_file():
        overfull = re.findall(r"^(?:Overfull|Underfull) \\hbox .*$|^Package fancyhdr Warning: .*$",
                              log.read_text(encoding="utf-8", errors="replace"), re.M)
        for line in overfull:
            failures.append(f"{log.relative_to(pdf.parent)}: {line}")

    return verdict(f"{pdf}", failures,
                   f"{pdf}: fonts embedded, {checked} golden lines, figures and {len(labels)} cross-references")


if __name__ == "__main__":
    run_main(main, __doc__, 1)
