"""The verdicts of book/page-width and book/epub-width per page, kept between runs.

scripts/build-book sets BOOK_CHECK_MEMO to a folder (build/memo/: scripts/lib/memo_store.py, the
suite's one store). A page that a check measured in a run that passed keeps that verdict while
the page and every file Chromium loaded for it (stylesheets, scripts, images: measure_pages.js
lists them) are byte for byte what they were, and so are the check's own scripts, the npm
packages and the browser: the next run measures only the other pages and says how many it left
out. Without BOOK_CHECK_MEMO (ctest by hand, scripts/test) every page is measured. The self-check pages are always measured.
"""
import hashlib
import os
import pathlib
import sys
from urllib.parse import unquote, urlparse

from chromium_pages import chromium

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "scripts" / "lib"))
import memo_store  # noqa: E402  the suite's one key scheme and store
# What a verdict also rests on: the measuring scripts and the pinned npm packages.
TOOLS = [HERE / "chromium_pages.py", HERE / "measure_pages.js", HERE / "page_memo.py", pathlib.Path(memo_store.__file__),
         HERE.parent / "search" / "package-lock.json"]


class Memo:
    """Verdicts of one check (its script: check_script) for pages under root (the folder the
    pages are in; the files are named relative to it, so an EPUB unpacked anew each run keeps
    its verdicts)."""

    def __init__(self, check_script, root):
        folder = os.environ.get("BOOK_CHECK_MEMO")
        self.check = pathlib.Path(check_script).stem
        self.store = memo_store.Store(folder) if folder else None
        self.file = self.store.path(self.check) if folder else None
        self.root = pathlib.Path(root).resolve()
        browser = pathlib.Path(chromium() or "none").resolve()
        stat = browser.stat() if browser.exists() else None
        base = hashlib.sha256(f"{browser} {stat and stat.st_size} {stat and stat.st_mtime_ns}".encode())
        for tool in [pathlib.Path(check_script), *TOOLS]:
            base.update(f"{tool.name} {memo_store.file_digest(tool)}\n".encode())
        self.base = base.hexdigest()
        self.old, self.new = {}, {}
        kept = self.store.load(self.check) if self.store else {}  # an unreadable memo is none
        if kept.get("base") == self.base:
            self.old = kept.get("pages", {})

    def _name(self, path):
        path = pathlib.Path(path).resolve()
        try:
            return str(path.relative_to(self.root))
        except ValueError:
            return str(path)

    def _path(self, name):
        return pathlib.Path(name) if os.path.isabs(name) else self.root / name

    def key(self, load):
        page = self._name(unquote(urlparse(load["url"]).path))
        return f"{page} {load['width']}x{load['height']}{' dark' if load.get('dark') else ''}"

    def holds(self, load):
        """True when this load passed before and nothing it read has changed since: it is left
        out of this run (its verdict carried over)."""
        files = self.old.get(self.key(load))
        if not files or not memo_store.reads_hold(files, self._path):
            return False
        self.new[self.key(load)] = files
        return True

    def passed(self, load):
        """Keeps a measured load's verdict, with the files it read (load["files"])."""
        self.new[self.key(load)] = {self._name(f): memo_store.file_digest(f) for f in load.get("files", [])}

    def save(self):
        """Writes the verdicts of this run (call it only when the whole check passed)."""
        if self.store:
            self.store.save(self.check, {"base": self.base, "pages": self.new})

    def note(self, left_out, total):
        """The line that says how many loads kept their verdict (empty when none)."""
        if not left_out:
            return ""
        return (f"; {left_out} of {total} loads unchanged since they passed, not measured again "
                f"(BOOK_CHECK_MEMO={self.file.parent})")
