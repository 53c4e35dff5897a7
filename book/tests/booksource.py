"""What the book's Markdown names: golden blocks, figure blocks and excerpt blocks.

Parsed with Pandoc itself (no filters), so the tests read attributes exactly
as the render does.
"""
import functools
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "lib"))
import suite  # noqa: E402  (the chapter and case lists, read as every tool reads them)


PAGE_END = "booksource-page-end-5b1d"  # a paragraph of one word no page has
whole_book = False  # set by book_pages(): the check reads every page, so one Pandoc run parses them


@functools.cache
def pandoc_blocks(md_path):
    """The blocks of md_path's Pandoc AST (JSON), parsed once per page and run: in a check that
    asked for book_pages(), from _book_blocks(); else (a chapter's own test, which reads its page
    alone) by a Pandoc run of its own."""
    page = _book_blocks().get(pathlib.Path(md_path).resolve()) if whole_book else None
    if page is not None:
        return page
    return json.loads(subprocess.run(
        ["pandoc", "--from", "markdown", "--to", "json", str(md_path)],
        check=True, capture_output=True, text=True).stdout)["blocks"]


@functools.cache
def _book_blocks():
    """{page: its blocks} for every page of book_pages(), from ONE Pandoc run: each page parsed on
    its own (--file-scope: the same AST as a run of its own), a file holding only PAGE_END after
    each. A Pandoc start per page, 37 at 36 chapters, cost each check that reads them 0.6 CPU s."""
    pages = [page.resolve() for page in book_pages()]
    with tempfile.TemporaryDirectory(prefix="booksource-") as tmp:
        end = pathlib.Path(tmp) / "page-end.md"
        end.write_text(PAGE_END + "\n", encoding="utf-8")
        blocks = json.loads(subprocess.run(
            ["pandoc", "--from", "markdown", "--to", "json", "--file-scope",
             *[str(arg) for page in pages for arg in (page, end)]],
            check=True, capture_output=True, text=True).stdout)["blocks"]
    book, page = {}, []
    for block in blocks:
        if block == {"t": "Para", "c": [{"t": "Str", "c": PAGE_END}]}:
            book[pages[len(book)]] = page
            page = []
        else:
            page.append(block)
    if len(book) != len(pages) or page:
        raise RuntimeError(f"booksource: {len(book)} page ends in the Pandoc run of {len(pages)} pages")
    return book


def code_blocks(md_path):
    """Yields (classes, attributes) of every fenced code block in md_path."""
    def walk(node):
        if isinstance(node, dict):
            if node.get("t") == "CodeBlock":
                (_, classes, attrs), _text = node["c"]
                yield classes, dict(attrs)
            for value in node.values():
                yield from walk(value)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item)

    yield from walk(pandoc_blocks(md_path))


def golden_blocks(md_path):
    """Yields (golden file relative to the root, case or None, the block's classes) per golden block."""
    for classes, attrs in code_blocks(md_path):
        if "golden" not in classes:
            continue
        if "case" in attrs:
            chapter, case = attrs["case"].split("/", 1)
            yield f"golden/{chapter}/{case}.txt", attrs["case"], classes
        elif "file" in attrs:
            yield f"golden/{attrs['file']}", None, classes


def figure_blocks(md_path):
    """Yields (golden SVG relative to the root, case or None) per figure block."""
    for classes, attrs in code_blocks(md_path):
        if "figure" not in classes:
            continue
        if "case" in attrs:
            chapter, case = attrs["case"].split("/", 1)
            yield f"golden/{chapter}/{case}.svg", attrs["case"]
        elif "file" in attrs:
            yield f"golden/{attrs['file']}", None


def excerpt_blocks(md_path):
    """Yields (source file relative to the root, region) per excerpt block."""
    for classes, attrs in code_blocks(md_path):
        if "excerpt" in classes:
            yield attrs.get("file", ""), attrs.get("region", "")


def book_pages():
    """book/index.md and every chapter page of chapters/chapters.list, in order. The check reads
    them all: pandoc_blocks() then parses them in one Pandoc run."""
    global whole_book
    whole_book = True
    return [ROOT / "book" / "index.md", *(ROOT / "book" / f"{chapter}.md" for chapter, _ in suite.chapters())]


RERUN = "ctest --test-dir build -L book --output-on-failure"


def verdict(subject, failures, ok_message, rerun=RERUN):
    """Prints the failures under `subject` with the command to rerun (exit status 1), or `ok_message` (0)."""
    if failures:
        print(f"FAIL: {subject}:")
        for f in failures:
            print("  - " + f.replace("\n", "\n    "))
        print(f"rerun: {rerun}")
        return 1
    print(f"ok: {ok_message}")
    return 0


def run_main(main, usage, arg_count):
    """A checker's command line: exits with main(*arguments) when given arg_count of them, else with `usage`."""
    if len(sys.argv) != arg_count + 1:
        sys.exit(usage)
    sys.exit(main(*sys.argv[1:]))
