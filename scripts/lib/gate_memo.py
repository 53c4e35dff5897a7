#!/usr/bin/env python3
"""Which chapters' tests scripts/build-book may leave out of its gate: those whose inputs are
byte for byte what they were when the gate last passed. scripts/test always runs every test.

Usage: gate_memo.py fingerprint OUT.json          each chapter's two fingerprints, now
       gate_memo.py unchanged MEMO.json NOW.json [pages|programs]
                                                  prints the chapters whose fingerprint (pages,
                                                  the default, or programs) is the memo's, one
                                                  per line (nothing without a memo)

Usage: gate_memo.py explain CHAPTER             what its fingerprint covers, one line each

A chapter's fingerprint is a hash of
  - the shared tree: every file of the source tree except the chapters' own (below), .git,
    editions/ (no chapter's test reads it: scripts/lib/memo_trace.py would say so), build folders
    and Python caches, and every chapter's profiles/ (bundled into every page); the build
    folders' CMakeCache.txt (compilers, flags); the
    version of every installed Debian package (so xmllint, XeTeX, ctest, the CJK fonts, any
    tool a test runs by name); and the programs the gate runs by name that dpkg did not
    install (a pyenv python3: its bytes);
  - the chapter's own files: chapters/<chapter>/, golden/<chapter>/ and book/<chapter>.md;
  - what the builds made for it: the files directly in build/chapters/<chapter>/ and
    build-wasm/chapters/<chapter>/ (its programs, its test lists, its generated lists), a
    program with its commit stamp as unstamped (scripts/lib/build_stamp.py: only --version
    reads those bytes, and its test, version/programs and wasm/version/programs, is no
    chapter's, so the gate always runs it): a new commit alone changes no fingerprint;
  - what it declares it reads beyond those (chapters/<chapter>/chapter.toml: [golden]
    reference and verbatim in ../shared/reference, [memo] reads) and what its tests were seen
    to read outside the tree (build*/memo-observed.json, written by scripts/lib/memo_trace.py,
    which scripts/test runs: it fails on a read no rule covers), by their bytes.
The hashing is scripts/lib/memo_store.py's (the suite's one key scheme); build-book keeps the
memo in its store, build/memo/gate.json.
So any change outside one chapter (common/, the book's filters, a test script, a profile, a
compiler) reruns every chapter's tests, and a chapter's tests are left out only when nothing
they read has changed since they passed. The memo is written only after a whole gate passed.

Each chapter has two fingerprints, for two kinds of tests:
  - pages: all of the above; for its page's tests (book/<chapter>/...) and its part of the
    book-wide checks (chapters/...);
  - programs: all of it but book/<chapter>.md; for its programs' tests (<chapter>/... and
    wasm/<chapter>/...), which never read the page (memo_trace.py fails one that does).
So a sentence added to a page reruns that page's tests and leaves its programs' tests out.
"""
import concurrent.futures
import functools
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import suite  # noqa: E402
import memo_store  # noqa: E402  the suite's one key scheme and store
import traced_inputs  # noqa: E402

ROOT = suite.ROOT
BUILD_DIRS = ("build", "build-wasm")
UNSHARED = {"editions"}  # tree folders no chapter's test reads (memo_trace.py fails if one does)
SKIPPED_DIRS = {".git", "__pycache__", "node_modules"}
# The packages book/tests/verdict_memo.py names in its verdicts' key (the chapters' fingerprints
# take every installed package's version instead).
PACKAGES = ["pandoc", "chromium", "nodejs", "python3", "emscripten", "g++", "clang", "texlive-xetex", "latexmk",
            "epubcheck", "imagemagick", "librsvg2-bin", "poppler-utils"]
# The programs the gate's tests run by name (a test's trace shows them all; these are checked
# even before scripts/test has traced anything): outside dpkg, their bytes are hashed.
TOOLS = ["bash", "ctest", "cmake", "xmllint", "pandoc", "node", "xelatex", "xetex", "latexmk", "chromium",
         "pdftotext", "rsvg-convert", "epubcheck", "emcc", "strace"]


def tree_files(owned):
    """Every file of the source tree, as (path, name relative to the root), in a fixed order,
    except those under the chapters' own paths (owned: relative names of folders and files)."""
    for folder, dirs, files in os.walk(ROOT):
        rel = os.path.relpath(folder, ROOT)
        rel = "" if rel == "." else rel + "/"
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not (rel == "" and d.startswith("build"))
                         and rel + d not in owned)
        for name in sorted(files):
            if rel + name not in owned and not name.endswith(".pyc"):
                yield Path(folder) / name, rel + name


def cache_settings(cache):
    """A CMakeCache.txt's settings as they decide a build: every `NAME:TYPE=VALUE` but the
    INTERNAL ones, without the type, a compiler named by its resolved path. The comments and
    types change between a folder's first configure and its second (`CMAKE_CXX_COMPILER:STRING=
    /usr/bin/g++`, then `:UNINITIALIZED=g++` from the preset), which alone made the first
    build-book's memo miss every chapter once."""
    settings = []
    for line in cache.read_text(encoding="utf-8", errors="replace").splitlines():
        if not line or line.startswith(("#", "//")) or ":" not in line or "=" not in line:
            continue
        name, rest = line.split(":", 1)
        kind, value = rest.split("=", 1)
        if kind == "INTERNAL":
            continue
        if name.endswith("_COMPILER") and value and not os.path.isabs(value):
            value = shutil.which(value) or value
        if name.endswith("_COMPILER") and os.path.isabs(value):
            value = os.path.realpath(value)
        settings.append(f"{name}={value}")
    return "\n".join(sorted(settings)).encode()


@functools.lru_cache(maxsize=None)
def file_digest(path):
    return memo_store.file_digest(path) or "unreadable"


def python_startup_files():
    """The files Python reads at every start besides its own library: the .pth files of its site
    folders (real paths). Debian's python3 reads /usr/local/lib/python3.X/dist-packages/*.pth,
    which no package installed (a machine's set-up may write one there)."""
    import glob
    import site
    folders = [*site.getsitepackages(), site.getusersitepackages()]
    return sorted({os.path.realpath(p) for folder in folders for p in glob.glob(os.path.join(folder, "*.pth"))})


def tool_lines():
    """One line per program run by name: its Debian package (whose version the package line
    holds), else its real path and bytes; python3 is the interpreter running this script, with
    the .pth files it reads at every start."""
    lines = [f"program python3 {os.path.realpath(sys.executable)} {file_digest(os.path.realpath(sys.executable))}"]
    lines += [f"python3 startup {path} {file_digest(path)}" for path in python_startup_files()]
    found = {name: shutil.which(name) for name in TOOLS}
    real = {name: os.path.realpath(path) for name, path in found.items() if path}
    owners = traced_inputs.dpkg_owners(real.values())
    for name in TOOLS:
        if name not in real:
            lines.append(f"program {name} absent")
            continue
        owner = owners[real[name]]
        lines.append(f"program {name} {real[name]} " + (f"package {owner}" if owner else file_digest(real[name])))
    return lines


def shared_lines(owned):
    digest = hashlib.sha256()
    for path, name in tree_files(owned):
        memo_store.hash_file(digest, path, name)
    # A chapter's profiles (chapters/<it>/profiles/) are every page's: book/run/assets.sh bundles
    # them all into each page's run control, and other chapters' cases name them.
    for path in sorted(ROOT.glob("chapters/*/profiles/**/*")):
        if path.is_file():
            memo_store.hash_file(digest, path, str(path.relative_to(ROOT)))
    lines = [f"tree {digest.hexdigest()}"]
    for build in BUILD_DIRS:
        cache = ROOT / build / "CMakeCache.txt"
        if cache.is_file():
            lines.append(f"settings {build}/CMakeCache.txt {hashlib.sha256(cache_settings(cache)).hexdigest()}")
    versions = memo_store.package_versions()
    lines.append(f"packages {len(versions.splitlines())} installed, "
                 f"{hashlib.sha256(versions.encode()).hexdigest()}")
    lines += [f"package {line}" for line in versions.splitlines() if line.split(" ", 1)[0] in EXPLAINED]
    return lines + tool_lines()


# Named in `explain` (every package is hashed; these say which tools the line stands for).
EXPLAINED = {"libxml2-utils", "texlive-xetex", "cmake", "fonts-noto-cjk", "pandoc", "nodejs", "chromium", "python3"}


def declared_inputs(chapter):
    """The files chapter.toml says the chapter reads beyond its own: the reference sources of
    its golden files (../shared/reference) and [memo] reads (from the tree's root)."""
    data = suite.chapter_data(chapter)
    reference = ROOT.parent / "shared" / "reference"
    golden = data.get("golden", {})
    names = [reference / golden["reference"]] if golden.get("reference") else []
    names += [reference / source for source in golden.get("verbatim", {}).values()]
    names += [ROOT / path for path in data.get("memo", {}).get("reads", [])]
    return [os.path.realpath(n) for n in names]


def observed_inputs(chapter):
    """What memo_trace.py saw the chapter's tests read outside the rules above (every build folder's)."""
    out = []
    for build in BUILD_DIRS:
        path = ROOT / build / "memo-observed.json"
        if path.is_file():
            out += json.loads(path.read_text(encoding="utf-8")).get(chapter, [])
    return out


def page_line(chapter):
    """What the pages fingerprint adds to the programs one: the chapter's page."""
    page = ROOT / "book" / f"{chapter}.md"
    return f"page book/{chapter}.md {file_digest(page) if page.is_file() else 'absent'}"


def chapter_lines(chapter, shared):
    """The programs fingerprint's lines (everything the chapter's tests rest on but its page)."""
    lines = list(shared)
    own = [ROOT / "chapters" / chapter, ROOT / "golden" / chapter]
    digest = hashlib.sha256()
    for top in own:
        paths = sorted(p for p in top.rglob("*") if p.is_file() and "__pycache__" not in p.parts) \
            if top.is_dir() else [top] if top.is_file() else []
        for path in paths:
            memo_store.hash_file(digest, path, str(path.relative_to(ROOT)))
    lines.append(f"own {digest.hexdigest()}")
    for build in BUILD_DIRS:  # the programs and test lists the builds made for it
        folder = ROOT / build / "chapters" / chapter
        if folder.is_dir():
            digest = hashlib.sha256()
            for path in sorted(p for p in folder.iterdir() if p.is_file()):
                memo_store.hash_file(digest, path, str(path.relative_to(ROOT)), unstamp=True)  # --version alone reads the stamp
            lines.append(f"built {build}/chapters/{chapter} {digest.hexdigest()}")
    lines += [f"declared {path} {file_digest(path)}" for path in declared_inputs(chapter)]
    lines += [f"observed {path} {file_digest(path)}" for path in sorted(set(observed_inputs(chapter)))]
    return lines


def digest_of(lines):
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def owned_paths():
    chapters = [chapter for chapter, _ in suite.chapters()]
    return {f"chapters/{c}" for c in chapters} | {f"golden/{c}" for c in chapters} | \
        {f"book/{c}.md" for c in chapters} | UNSHARED


def fingerprints():
    chapters = [chapter for chapter, _ in suite.chapters()]
    # editions/ (a recorded reason, a new output's ID) is read by no chapter's test (UNSHARED); the
    # programs' --version, built from it, is in each chapter's build folder, hashed below.
    shared = shared_lines(owned_paths())
    # The chapters side by side: hashing their build folders (about 700 MB at 36 chapters) is most
    # of the work, and hashlib lets go of the interpreter's lock while it hashes.
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        programs = dict(zip(chapters, pool.map(lambda chapter: chapter_lines(chapter, shared), chapters)))
    return {"programs": {chapter: digest_of(lines) for chapter, lines in programs.items()},
            "pages": {chapter: digest_of(lines + [page_line(chapter)]) for chapter, lines in programs.items()}}


PARTS = ("pages", "programs")


def main(argv):
    if len(argv) == 3 and argv[1] == "fingerprint":
        Path(argv[2]).write_text(json.dumps(fingerprints(), indent=1) + "\n", encoding="utf-8")
        return 0
    if len(argv) == 3 and argv[1] == "explain":
        chapter = suite.resolve_chapter(argv[2])[0]
        print("\n".join(chapter_lines(chapter, shared_lines(owned_paths())) + [page_line(chapter)]))
        return 0
    if len(argv) in (4, 5) and argv[1] == "unchanged" and (len(argv) == 4 or argv[4] in PARTS):
        part = argv[4] if len(argv) == 5 else "pages"
        memo_path, now = Path(argv[2]), json.loads(Path(argv[3]).read_text(encoding="utf-8"))
        memo = json.loads(memo_path.read_text(encoding="utf-8")) if memo_path.is_file() else {}
        kept = memo.get(part) if isinstance(memo.get(part), dict) else {}  # an older memo's layout: none
        for chapter, digest in now[part].items():
            if kept.get(chapter) == digest:
                print(chapter)
        return 0
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
