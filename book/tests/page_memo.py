"""The verdicts of book/page-width and book/epub-width per page, kept between runs.

scripts/build-book sets BOOK_CHECK_MEMO to a folder (build/book/check-memo/). A page that a check
measured in a run that passed keeps that verdict while the page and every file Chromium loaded
for it (stylesheets, scripts, images: measure_pages.js lists them) are byte for byte what they
were, and so are the check's own scripts, the npm packages and the browser: the next run
measures only the other pages and says how many it left out. Without BOOK_CHECK_MEMO (ctest by
hand, scripts/test) every page is measured. The self-check pages are always measured.
"""
import hashlib
import json
import os
import pathlib
from urllib.parse import unquote, urlparse

from chromium_pages import chromium

HERE = pathlib.Path(__file__).resolve().parent
# What a verdict also rests on: the measuring scripts and the pinned npm packages.
TOOLS = [HERE / "chromium_pages.py", HERE / "measure_pages.js", HERE / "page_memo.py",
         HERE.parent / "search" / "package-lock.json"]


def file_hash(path):
    try:
        return hashlib.sha256(pathlib.Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


class Memo:
    """Verdicts of one check (its script: check_script) for pages under root (the folder the
    pages are in; the files are named relative to it, so an EPUB unpacked anew each run keeps
    its verdicts)."""

    def __init__(self, check_script, root):
        folder = os.environ.get("BOOK_CHECK_MEMO")
        self.check = pathlib.Path(check_script).stem
        self.file = pathlib.Path(folder) / f"{self.check}.json" if folder else None
        self.root = pathlib.Path(root).resolve()
        browser = pathlib.Path(chromium() or "none").resolve()
        stat = browser.stat() if browser.exists() else None
        base = hashlib.sha256(f"{browser} {stat and stat.st_size} {stat and stat.st_mtime_ns}".encode())
        for tool in [pathlib.Path(check_script), *TOOLS]:
            base.update(f"{tool.name} {file_hash(tool)}\n".encode())
        self.base = base.hexdigest()
        self.old, self.new = {}, {}
        if self.file and self.file.is_file():
            try:
                kept = json.loads(self.file.read_text(encoding="utf-8"))
                if kept.get("base") == self.base:
                    self.old = kept.get("pages", {})
            except (OSError, ValueError):
                pass  # an unreadable memo is no memo: every page is measured

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
        if not files or any(file_hash(self._path(name)) != digest for name, digest in files.items()):
            return False
        self.new[self.key(load)] = files
        return True

    def passed(self, load):
        """Keeps a measured load's verdict, with the files it read (load["files"])."""
        self.new[self.key(load)] = {self._name(f): file_hash(f) for f in load.get("files", [])}

    def save(self):
        """Writes the verdicts of this run (call it only when the whole check passed)."""
        if not self.file:
            return
        self.file.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.file.with_suffix(".tmp")
        tmp.write_text(json.dumps({"base": self.base, "pages": self.new}, sort_keys=True, indent=0), encoding="utf-8")
        tmp.replace(self.file)

    def note(self, left_out, total):
        """The line that says how many loads kept their verdict (empty when none)."""
        if not left_out:
            return ""
        return (f"; {left_out} of {total} loads unchanged since they passed, not measured again "
                f"(BOOK_CHECK_MEMO={self.file.parent})")
