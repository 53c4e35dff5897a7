#!/usr/bin/env python3
"""check_xrefs.py HTML_DIR BOOK.epub

Passes when the figures and tables are numbered and every reference to them
is resolved, in the HTML pages and in the EPUB:

  * the numbers are worked out here from the Markdown alone: the chapter
    number from the file name (28-op-ledger.md -> 28), then figures and
    tables counted in order (图 28-1, 表 28-1), a golden output typeset as a
    table (render="markdown") by its table-caption; every <table> of the HTML
    pages has a caption with its number; every file under the HTML's
    figures/ is linked from a page;
  * each figure and table is there under its label, its caption starting
    with its number;
  * each reference (a link of class xref) reads the number of the label it
    points to and points to the page that holds it; each label is referred
    to at least once; no [@fig:...]/[@tbl:...] is left as text.
"""
import html
import pathlib
import re
import sys
import zipfile

from booksource import book_pages, pandoc_blocks, run_main, verdict

KINDS = {"fig": "图", "tbl": "表"}
NBSP = "\u00a0"


def _stringify(inlines):
    out = []
    for el in inlines:
        if el["t"] == "Str":
            out.append(el["c"])
        elif el["t"] in ("Space", "SoftBreak"):
            out.append(" ")
    return "".join(out)


def labels_of(md_path):
    """The labels of one chapter page, in order: [(label, kind)]."""
    found = []

    def walk(blocks):
        for b in blocks:
            if b["t"] == "CodeBlock":
                (ident, classes, attrs), _text = b["c"]
                if "figure" in classes:
                    found.append((ident, "fig"))
                elif "golden" in classes and "table-caption" in dict(attrs):
                    # golden.lua typesets this output as a table, captioned by the attribute.
                    m = re.search(r"\{#(tbl:[^}\s]+)\}\s*$", dict(attrs)["table-caption"])
                    found.append((m.group(1) if m else "", "tbl"))
            elif b["t"] == "Table":
                caption_blocks = b["c"][1][1]
                text = _stringify(caption_blocks[-1]["c"]) if caption_blocks else ""
                m = re.search(r"\{#(tbl:[^}\s]+)\}\s*$", text)
                found.append((m.group(1) if m else "", "tbl"))
            elif b["t"] == "Div" and "roof-table" in b["c"][0][1]:
                # numbers.lua generates this table; its caption attribute carries the label.
                m = re.search(r"\{#(tbl:[^}\s]+)\}\s*$", dict(b["c"][0][2]).get("caption", ""))
                found.append((m.group(1) if m else "", "tbl"))
            elif b["t"] in ("Div", "BlockQuote"):
                walk(b["c"][-1] if b["t"] == "Div" else b["c"])

    walk(pandoc_blocks(md_path))
    return found


def expected_labels(with_pages=False):
    """{label: 图 N-M} (with_pages: {label: (name, chapter key)}) for the whole book."""
    out = {}
    for page in book_pages()[1:]:
        chapter = int(page.stem.split("-", 1)[0])
        counts = {"fig": 0, "tbl": 0}
        for label, kind in labels_of(page):
            counts[kind] += 1
            name = f"{KINDS[kind]}{NBSP}{chapter}-{counts[kind]}"
            out[label] = (name, page.stem) if with_pages else name
    return out


XREF = re.compile(r'<a\s+href="([^"]*)"\s+class="xref">([^<]*)</a>')


def check_document(where, text, labels, pages_of, referenced, failures):
    """One HTML page or EPUB file: its references and its numbered captions."""
    for href, name in XREF.findall(text):
        page, _, label = html.unescape(href).partition("#")
        name = html.unescape(name)
        if label not in labels:
            failures.append(f"{where}: reference to unknown label {href}")
            continue
        referenced.add(label)
        want_name, want_page = labels[label]
        if name != want_name:
            failures.append(f"{where}: reference to {label} reads {name!r}, expected {want_name!r}")
        if not pages_of(label, page):
            failures.append(f"{where}: reference to {label} points to {href!r}, not the page that holds it")
    for left in sorted(set(re.findall(r"\[?@(?:fig|tbl):[\w-]+", text))):
        failures.append(f"{where}: unresolved reference left as text: {left}")


def caption_ok(text, label, name):
    """The element with the label's id starts its caption with the number."""
    m = re.search(r'id="' + re.escape(label) + r'"', text)
    if not m:
        return False
    after = text[m.end():m.end() + 40000]
    if label.startswith("tbl:"):
        cap = re.search(r"<caption>(.*?)</caption>", after, re.S)
    else:
        # The HTML's <figure> has a <figcaption>; the EPUB's figure div a last paragraph.
        cap = re.search(r"^(?:(?!</figure>|</div>).)*?(?:<figcaption>\s*|<p>)(<strong>.*?)(?:</figcaption>|</p>\s*</div>)",
                        after, re.S)
    return bool(cap) and html.unescape(cap.group(1)).startswith(f"<strong>{name}</strong>")


def main(html_dir, epub):
    failures = []
    labels = expected_labels(with_pages=True)
    if not labels:
        failures.append("the book has no numbered figure or table")

    # HTML: one page per chapter; a reference to another chapter names its page.
    referenced = set()
    pages = {}
    for page in book_pages():
        path = pathlib.Path(html_dir) / f"{page.stem}.html"
        pages[page.stem] = path.read_text(encoding="utf-8")
    for stem, text in pages.items():
        def html_page_ok(label, page, stem=stem):
            want = labels[label][1]
            return page == ("" if want == stem else f"{want}.html")
        check_document(f"{stem}.html", text, labels, html_page_ok, referenced, failures)
    for label, (name, stem) in labels.items():
        if not caption_ok(pages[stem], label, name):
            failures.append(f"{stem}.html: no element {label} whose caption starts with {name!r}")
    # Every figure published is linked from a page (no orphan under figures/).
    for svg in sorted((pathlib.Path(html_dir) / "figures").glob("*")):
        if not any(f"figures/{svg.name}" in text for text in pages.values()):
            failures.append(f"figures/{svg.name} is published but no page links to it")
    # Every table a reader sees is numbered: a prose one, a generated one, an output typeset.
    for stem, text in pages.items():
        for tag, table in re.findall(r"(<table\b[^>]*>)\s*(?:<caption>\s*(<strong>[^<]*))?", text):
            # An output's 排版视图 (golden.lua's typeset=) is that output, under its 输出 N-M.
            if 'class="typeset-view"' in tag:
                continue
            if not table.startswith("<strong>表"):
                failures.append(f"{stem}.html: a table without a number (表 N-M) in its caption")
    for label in sorted(set(labels) - referenced):
        failures.append(f"HTML: {label} ({labels[label][0]}) is never referred to")

    # EPUB: one book; a reference names the file that holds the label.
    referenced = set()
    with zipfile.ZipFile(epub) as z:
        files = {n: z.read(n).decode("utf-8") for n in z.namelist() if n.endswith(".xhtml")}
    for name, text in files.items():
        def epub_page_ok(label, page):
            target = next((n for n in files if n.endswith("/" + page) or n == page), None)
            return target is not None and f'id="{label}"' in files[target]
        check_document(f"EPUB {name}", text, labels, epub_page_ok, referenced, failures)
    for label, (name, _stem) in labels.items():
        if not any(caption_ok(text, label, name) for text in files.values()):
            failures.append(f"EPUB: no element {label} whose caption starts with {name!r}")
    for label in sorted(set(labels) - referenced):
        failures.append(f"EPUB: {label} ({labels[label][0]}) is never referred to")

    return verdict(f"cross-references in {html_dir} and {epub}", failures,
                   f"{len(labels)} figures and tables numbered and referred to in the HTML and the EPUB")


if __name__ == "__main__":
    run_main(main, __doc__, 2)
