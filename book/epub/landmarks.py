#!/usr/bin/env python3
"""landmarks.py BOOK.epub

Pandoc names the EPUB's landmarks (the reader's "go to" menu) and the cover
page in English whatever the book's language: this names them in Chinese, in
place, and adds the landmark it leaves out, 正文 (bodymatter: the first chapter). The archive is rewritten with `mimetype` first and stored, as EPUB
requires; every other entry keeps its bytes, and with SOURCE_DATE_EPOCH set, that time (so
the same book is the same file).
"""
import os
import re
import sys
import tempfile
import time
import zipfile

NAMES = {
    'epub:type="cover">Cover<': 'epub:type="cover">封面<',
    'epub:type="titlepage">Title Page<': 'epub:type="titlepage">扉页<',
    'epub:type="toc">Table of Contents<': 'epub:type="toc">目录<',
    '<title>Cover</title>': '<title>封面</title>',
    'title="Cover"': 'title="封面"',
    '<h1>Landmarks</h1>': '<h1>导航</h1>',
}


# The main matter's landmark (Pandoc writes none): the file of 目录's first chapter, 第 N 章.
FIRST_CHAPTER = re.compile(r'<a href="([^"#]+)[^"]*">第 ')
LANDMARKS_END = "  </ol>\n</nav>"


def with_bodymatter(text):
    """nav.xhtml with a 正文 landmark at its first chapter, when it has none."""
    first = FIRST_CHAPTER.search(text)
    if not first or 'epub:type="bodymatter"' in text or 'epub:type="landmarks"' not in text:
        return text
    entry = f'    <li>\n      <a href="{first.group(1)}" epub:type="bodymatter">正文</a>\n    </li>\n'
    at = text.find(LANDMARKS_END, text.find('epub:type="landmarks"'))
    return text if at < 0 else text[:at] + entry + text[at:]


def rename(data):
    text = data.decode("utf-8")
    for old, new in NAMES.items():
        text = text.replace(old, new)
    return with_bodymatter(text).encode("utf-8")


def entry_time():
    """SOURCE_DATE_EPOCH (book/render.sh sets it, as Pandoc reads it for the EPUB's dates) as a
    zip entry's time, so the same book gives the same bytes; None keeps Pandoc's times."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if not epoch.isdigit():
        return None
    return max(time.gmtime(int(epoch))[:6], (1980, 1, 1, 0, 0, 0))  # zip cannot say earlier than 1980


def main(epub):
    with zipfile.ZipFile(epub) as src:
        entries = [(info, src.read(info)) for info in src.infolist()]
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(epub)), suffix=".epub")
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)  # a book for readers, not a private temp file (mkstemp's 0600)
    stamp = entry_time()
    try:
        with zipfile.ZipFile(tmp, "w") as out:
            for info, data in sorted(entries, key=lambda e: e[0].filename != "mimetype"):
                if info.filename.endswith((".xhtml", ".opf", ".ncx")):
                    data = rename(data)
                if stamp:
                    info.date_time = stamp
                compress = zipfile.ZIP_STORED if info.filename == "mimetype" else zipfile.ZIP_DEFLATED
                out.writestr(info, data, compress_type=compress)
        os.replace(tmp, epub)
    except BaseException:
        os.unlink(tmp)
        raise


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
