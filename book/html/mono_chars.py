"""The characters the HTML book's monospace faces hold (book/html/mono_fonts.py): every character
the book's outputs and code can show, printable ASCII always among them: every character in
golden/ and in the programs' sources, which print all the text a program can print.

Its own module, with the standard library alone: book/render_memo.py keys the faces on this set
(under `python3 -S`, without fontTools), so an edit that brings no new character, a C++ edit
mostly, keeps them.
"""
SOURCES = ("golden", "chapters", "common/src", "common/include")
SUFFIXES = {".txt", ".json", ".md", ".svg", ".cpp", ".hpp", ".h", ".list", ".yaml"}


def characters(root):
    """The set of characters, from the files under ROOT's SOURCES."""
    chars = {chr(c) for c in range(0x20, 0x7F)}
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and path.suffix in SUFFIXES:
                chars |= set(path.read_text(encoding="utf-8", errors="ignore"))
    return {c for c in chars if c.isprintable() and c != "\ufeff"}
