#!/usr/bin/python3
"""mono_fonts.py chars ROOT CHARS_FILE DEPFILE   the characters the faces must hold, into CHARS_FILE
                                                 (rewritten only when they change), and Ninja's
                                                 depfile of every file and folder read for them
   mono_fonts.py fonts CHARS_FILE OUT_DIR        the HTML book's monospace faces, as WOFF2 subsets

book/render.sh runs both, as two Ninja edges: the faces are made again only when the set of
characters changed, not at every edit of a golden file or a source.

A program's output lines up its columns the way a terminal shows them: a Chinese character
takes two columns, everything else one. A browser's own fonts do not keep that (DejaVu Sans
Mono's columns with a fallback CJK face's characters make a Chinese character about 1.66
columns), so the book serves its own pair, holding only the characters its outputs and code
can show (characters() below: every character in golden/ and in the programs' sources,
which print all the text a program can print):
  book-mono.woff2, -bold, -oblique  DejaVu Sans Mono: every narrow character (one column, 0.602 em)
  book-mono-cjk.woff2               Noto Sans Mono CJK SC: every wide character (East Asian Width W
                                    or F), each re-spaced to exactly two of DejaVu's columns and
                                    centred in them, named "Book CJK Mono" (a modified font takes
                                    another name)
Runs Debian's Python (/usr/bin/python3: python3-fonttools, python3-brotli). The same inputs
give the same bytes (no timestamps are rewritten), so an unchanged book renders unchanged.
"""
import logging
import pathlib
import subprocess
import sys
import unicodedata

from fontTools import subset
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTCollection, TTFont

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono{}.ttf"
LATIN_STYLES = {"": "book-mono", "-Bold": "book-mono-bold", "-Oblique": "book-mono-oblique"}
CJK_FAMILY = "Noto Sans Mono CJK SC"
CJK_NAME = "Book CJK Mono"
SOURCES = ("golden", "chapters", "common/src", "common/include")
SUFFIXES = {".txt", ".json", ".md", ".svg", ".cpp", ".hpp", ".h", ".list", ".yaml"}


def characters(root):
    """The set of characters the faces hold (printable ASCII, and every character of the files
    under ROOT's SOURCES), and the files and folders read for it."""
    chars = {chr(c) for c in range(0x20, 0x7F)}
    read = []
    for folder in SOURCES:
        read.append(root / folder)
        for path in sorted((root / folder).rglob("*")):
            if path.is_dir():
                read.append(path)  # a file added or removed in it changes its time
            elif path.is_file() and path.suffix in SUFFIXES:
                read.append(path)
                chars |= set(path.read_text(encoding="utf-8", errors="ignore"))
    return {c for c in chars if c.isprintable() and c != "\ufeff"}, read


def depfile_path(path):
    """PATH as a Make-style depfile writes it (Ninja's reader: space, # and $ escaped)."""
    return str(path).replace(" ", "\\ ").replace("#", "\\#").replace("$", "$$")


def write_chars(root, chars_file, depfile):
    chars, read = characters(root)
    text = "".join(sorted(chars))
    if not chars_file.is_file() or chars_file.read_text(encoding="utf-8", errors="surrogatepass") != text:
        chars_file.parent.mkdir(parents=True, exist_ok=True)
        chars_file.write_text(text, encoding="utf-8", errors="surrogatepass")
    depfile.write_text(f"{depfile_path(chars_file)}:" + "".join(f" \\\n  {depfile_path(p)}" for p in read) + "\n",
                       encoding="utf-8")


def wide(c):
    return unicodedata.east_asian_width(c) in ("W", "F")


def subsetted(font, text):
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []  # no ligatures or contextual forms: one character, one cell
    options.desubroutinize = True  # plain charstrings, redrawn below for the CJK face
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    return font


def cjk_font():
    """Noto Sans Mono CJK SC Regular out of the collection fontconfig names for it."""
    found = subprocess.run(["fc-match", "-f", "%{file}", f"{CJK_FAMILY}:style=Regular"],
                           capture_output=True, text=True, check=True).stdout
    # lazy: only this face's tables are parsed (1.9 → 0.9 CPU s a run; the same bytes out).
    for font in TTCollection(found, recalcTimestamp=False, lazy=True).fonts:
        if font["name"].getDebugName(1) == CJK_FAMILY:
            return font
    sys.exit(f"mono_fonts: {CJK_FAMILY} is not in {found} (scripts/install-deps --book installs fonts-noto-cjk)")


def two_columns(font, column_em):
    """Gives every glyph the advance of two columns, its outline centred in them."""
    upem = font["head"].unitsPerEm
    advance = round(2 * column_em * upem)
    top = font["CFF "].cff.topDictIndex[0]
    charstrings = top.CharStrings
    hmtx = font["hmtx"].metrics
    for name in font.getGlyphOrder():
        old_advance, lsb = hmtx[name]
        shift = (advance - old_advance) / 2
        old = charstrings[name]
        pen = T2CharStringPen(width=None, glyphSet=None)
        old.draw(TransformPen(pen, (1, 0, 0, 1, shift, 0)))
        charstrings[name] = pen.getCharString(private=old.private, globalSubrs=old.globalSubrs)
        hmtx[name] = (advance, round(lsb + shift))
    font["hhea"].advanceWidthMax = advance
    font["OS/2"].xAvgCharWidth = advance


def renamed(font, family):
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 4, 16):
            names.setName(family, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName(family.replace(" ", "") + "-Regular", 6, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 3:
            names.setName(family + " (subset for the book)", 3, record.platformID, record.platEncID, record.langID)
    return font


def main(chars_file, out):
    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)  # "FFTM NOT subset": a timestamp table, dropped
    chars = set(chars_file.read_text(encoding="utf-8", errors="surrogatepass"))
    narrow = "".join(sorted(c for c in chars if not wide(c)))
    cjk = "".join(sorted(c for c in chars if wide(c)))
    out.mkdir(parents=True, exist_ok=True)
    column_em = None
    for style, name in LATIN_STYLES.items():
        font = TTFont(DEJAVU.format(style), recalcTimestamp=False)
        if column_em is None:
            column_em = font["hmtx"]["M"][0] / font["head"].unitsPerEm
        subsetted(font, narrow).save(out / f"{name}.woff2")
    font = subsetted(cjk_font(), cjk)
    two_columns(font, column_em)
    renamed(font, CJK_NAME).save(out / "book-mono-cjk.woff2")
    sizes = ", ".join(f"{p.name} {p.stat().st_size} B" for p in sorted(out.glob("*.woff2")))
    print(f"mono_fonts: {len(narrow)} narrow and {len(cjk)} wide characters: {sizes}")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "chars":
        write_chars(pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3]), pathlib.Path(sys.argv[4]))
    elif len(sys.argv) == 4 and sys.argv[1] == "fonts":
        main(pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3]))
    else:
        sys.exit(__doc__)
