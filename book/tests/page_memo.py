"""The verdicts of book/page-width and book/epub-width per page, kept between runs.

scripts/build-book sets BOOK_CHECK_MEMO to a folder (build/memo/: scripts/lib/memo_store.py, the
suite's one store). A page that a check measured in a run that passed keeps that verdict while
the page and every file Chromium loaded for it (stylesheets, scripts, images: measure_pages.js
lists them) are byte for byte what they were, and so are the check's own scripts, the npm
packages and the browser: the next run measures only the other pages and says how many it left
out. The check's self-check (the page of planted faults it must find) keeps its verdict the same
way (SELF_CHECK): its page and what it loaded unchanged, and the scripts and the browser, which
the memo rests on anyway, it finds the same faults; when every load holds, no browser starts.
A page view may also keep its verdict on the DOM it showed (dom-holds, keep --dom; book/a11y):
when a page's files changed only in the search's data (search/index.js, which does nothing but
feed the hit list), the view is loaded and opened as before, and axe is not run again while the
DOM it shows (its outerHTML) and every other file it loaded are what they were when it passed.
A chapter program a page loads (run/*.js) is hashed with its commit stamp as unstamped: no
check that keeps verdicts here runs a program with --version, the only reader of those bytes
(book/run/test-in-chromium.js refuses to), so a commit alone measures nothing again. Without
BOOK_CHECK_MEMO (ctest by hand, scripts/test) every page and the self-check are measured.
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
# What a verdict also rests on: the measuring scripts, the pages' filter, the pinned npm packages
# and the scripts that install them and start Node; and (loaded_code) the tree's Python modules the
# check has loaded.
TOOLS = [HERE / "chromium_pages.py", HERE / "measure_pages.js", HERE / "browser_check.js", HERE / "page_memo.py",
         HERE / "page_filter.py", pathlib.Path(memo_store.__file__),
         pathlib.Path(memo_store.__file__).with_name("build_stamp.py"),  # memo_store's, imported when it unstamps
         HERE.parent / "search" / "package-lock.json", HERE.parent / "search" / "npm-deps.sh",
         HERE.parent / "search" / "tests" / "run.sh"]


def loaded_code():
    """The tree's Python modules this process has loaded, by path: a check's helpers as it runs
    them (check_epub_width.py takes rules from check_page_width.py and booksource.py), not a list
    of them kept by hand."""
    root = HERE.parents[1]
    found = set()
    for module in list(sys.modules.values()):
        name = getattr(module, "__file__", None)
        if name and name.endswith(".py") and root in pathlib.Path(name).resolve().parents:
            found.add(pathlib.Path(name).resolve())
    return sorted(found)


class Memo:
    """Verdicts of one check (its script: check_script) for pages under root (the folder the
    pages are in; the files are named relative to it, so an EPUB unpacked anew each run keeps
    its verdicts)."""

    def __init__(self, check_script, root, name=None, rests_on=(), also=""):
        """name: the record's name (default: the check script's stem); rests_on: more files the
        verdicts rest on (a harness); also: anything else they rest on, as text (versions,
        settings)."""
        folder = os.environ.get("BOOK_CHECK_MEMO")
        self.check = name or pathlib.Path(check_script).stem
        self.store = memo_store.Store(folder) if folder else None
        self.file = self.store.path(self.check) if folder else None
        self.root = pathlib.Path(root).resolve()
        browser = pathlib.Path(chromium() or "none").resolve()
        stat = browser.stat() if browser.exists() else None
        base = hashlib.sha256(f"{browser} {stat and stat.st_size} {stat and stat.st_mtime_ns}\n{also}\n".encode())
        tools = [pathlib.Path(check_script).resolve(), *TOOLS, *(pathlib.Path(f).resolve() for f in rests_on)]
        for tool in dict.fromkeys([*tools, *loaded_code()]):
            base.update(f"{tool.name} {memo_store.file_digest(tool)}\n".encode())
        self.base = base.hexdigest()
        self.old, self.new = {}, {}
        kept = self.store.load(self.check) if self.store else {}  # an unreadable memo is none
        if kept.get("base") == self.base:
            self.old = kept.get("pages", {})

    def name_of(self, path):
        path = pathlib.Path(path).resolve()
        try:
            return str(path.relative_to(self.root))
        except ValueError:
            return str(path)

    def _path(self, name):
        return pathlib.Path(name) if os.path.isabs(name) else self.root / name

    def key(self, load):
        page = self.name_of(unquote(urlparse(load["url"]).path))
        return f"{page} {load['width']}x{load['height']}{' dark' if load.get('dark') else ''}"

    def holds(self, load):
        """True when this load passed before and nothing it read has changed since: it is left
        out of this run (its verdict carried over)."""
        return self.holds_key(self.key(load))

    def holds_key(self, key):
        """holds() for a verdict kept under KEY (a check whose unit is not a page load)."""
        files = self.old.get(key)
        if not files or not memo_store.reads_hold(files, self._path, unstamp=True):
            return False
        self.new[key] = files
        return True

    SELF_CHECK = "self-check"  # the key of the self-check's verdict: its faults were found

    def self_check_holds(self):
        """True when the self-check found its faults before on the same files (see above)."""
        return bool(self.store) and self.holds_key(self.SELF_CHECK)

    def left_out(self, loads, is_self_check):
        """Splits LOADS for a run: (the loads to measure, the page loads whose verdict holds,
        whether the self-check's holds, its loads then left out too)."""
        self_held = self.self_check_holds()
        remembered = [load for load in loads if not is_self_check(load) and self.holds(load)]
        return ([load for load in loads if load not in remembered and not (self_held and is_self_check(load))],
                remembered, self_held)

    def self_check_passed(self, loads):
        """Keeps the self-check's verdict: its LOADS found every planted fault."""
        self.passed_key(self.SELF_CHECK, sorted({f for load in loads for f in load.get("files", [])}))

    def passed(self, load):
        """Keeps a measured load's verdict, with the files it read (load["files"])."""
        self.passed_key(self.key(load), load.get("files", []))

    def passed_key(self, key, files):
        """passed() for a verdict kept under KEY, resting on FILES."""
        self.new[key] = {self.name_of(f): memo_store.file_digest(f, unstamp=True) for f in files}

    # Files whose only effect on a page is the DOM they lead to: the search's data, which search.js
    # turns into the hit list (`window.BookSearchIndex = {...}`). A verdict kept on the DOM does not
    # rest on them; on everything else the view loaded (stylesheets, fonts, scripts) it does.
    DATA_ONLY = ("search/index.js",)

    def dom_entry(self, dom, files):
        entry = {self.name_of(f): memo_store.file_digest(f, unstamp=True) for f in files}
        for name in self.DATA_ONLY:
            entry.pop(name, None)
        return {"@dom": dom, **entry}

    def dom_holds(self, key, dom, files):
        """True when the view KEY passed on the DOM DOM (a digest of its outerHTML) with these very
        FILES loaded besides the data-only ones, each byte for byte the same."""
        old = self.old.get(key)
        names = {self.name_of(f) for f in files} - set(self.DATA_ONLY)
        if not old or old.get("@dom") != dom or set(old) - {"@dom"} != names:
            return False
        return memo_store.reads_hold({k: v for k, v in old.items() if k != "@dom"}, self._path, unstamp=True)

    def carry_dom(self, page):
        """The DOM verdicts of PAGE's views, kept as they were (the page itself left out)."""
        prefix = f"{self.name_of(page)} dom "
        self.new.update({k: v for k, v in self.old.items() if k.startswith(prefix)})

    def save(self):
        """Writes the verdicts of this run (call it only when the whole check passed)."""
        if self.store:
            self.store.save(self.check, {"base": self.base, "pages": self.new})

    def note(self, left_out, total, self_held=False):
        """The line that says how many loads kept their verdict, and whether the self-check's did
        (empty when none)."""
        line = (f"; {left_out} of {total} loads unchanged since they passed, not measured again "
                f"(BOOK_CHECK_MEMO={self.file.parent})") if left_out else ""
        return line + ("; the self-check's verdict kept too (its page and the scripts unchanged)" if self_held else "")


USAGE = """page_memo.py select|keep|dom-holds --check SCRIPT --root DIR [--name NAME] [--rests-on FILE]...
       [--also TEXT] [--reads READS.json] [--dom DOMS.json] [--key KEY --digest DOM] PAGE...
The memo for a check that is not Python (a Node script): its verdicts kept per page (the key:
the page's name under DIR).
  select     prints the PAGEs to check, one a line: those whose verdict does not hold (every PAGE
             without BOOK_CHECK_MEMO); a line on stderr says how many were left out.
  keep       after the check passed: each PAGE that READS ({page: [files it read]}) names keeps
             its verdict on those files; every other PAGE must still hold (it was left out).
             DOMS ({view key: {"dom": digest, "files": [...]}}) keeps the views' DOM verdicts.
  dom-holds  prints `held` when the view KEY passed showing the DOM DOM with the files PAGE...
             (every file it loaded) the same but the data-only ones (search/index.js)."""


def main(argv):
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message):
            sys.exit(f"page_memo.py: {message}\n{USAGE}")

    parser = Parser(add_help=False)
    parser.add_argument("action", choices=["select", "keep", "dom-holds"])
    parser.add_argument("--check", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--name")
    parser.add_argument("--rests-on", action="append", default=[])
    parser.add_argument("--also", default="")
    parser.add_argument("--reads")
    parser.add_argument("--dom")
    parser.add_argument("--key")
    parser.add_argument("--digest")
    parser.add_argument("pages", nargs="*")
    args = parser.parse_intermixed_args(argv)
    memo = Memo(args.check, args.root, name=args.name, rests_on=args.rests_on, also=args.also)
    if args.action == "dom-holds":
        if not args.key or not args.digest:
            sys.exit(f"page_memo.py: dom-holds needs --key and --digest\n{USAGE}")
        print("held" if memo.store and memo.dom_holds(args.key, args.digest, args.pages) else "")
        return 0
    if args.action == "select":
        chosen = [page for page in args.pages if not memo.store or not memo.holds_key(memo.name_of(page))]
        if memo.store and len(chosen) < len(args.pages):
            print(f"{len(args.pages) - len(chosen)} of {len(args.pages)} page(s) unchanged since they passed "
                  f"(the page and every file it read), not checked again (BOOK_CHECK_MEMO={memo.file.parent})",
                  file=sys.stderr)
        print("\n".join(chosen))
        return 0
    if not memo.store:
        return 0
    import json
    reads = json.loads(pathlib.Path(args.reads).read_text(encoding="utf-8")) if args.reads else {}
    checked = {str(pathlib.Path(page).resolve()): files for page, files in reads.items()}
    for page in args.pages:
        files = checked.get(str(pathlib.Path(page).resolve()))
        if files:
            memo.passed_key(memo.name_of(page), files)
        elif memo.holds_key(memo.name_of(page)):
            memo.carry_dom(page)
        else:
            sys.exit(f"page_memo.py: {page} was neither checked (in {args.reads}) nor unchanged: no verdict kept")
    doms = json.loads(pathlib.Path(args.dom).read_text(encoding="utf-8")) if args.dom else {}
    for key, view in doms.items():
        memo.new[key] = memo.dom_entry(view["dom"], view["files"])
    memo.save()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
