#!/usr/bin/env python3
"""Which chapters' tests scripts/build-book may leave out of its gate: those whose inputs are
byte for byte what they were when the gate last passed. scripts/test always runs every test.

Usage: gate_memo.py fingerprint OUT.json          each chapter's fingerprint, now
       gate_memo.py unchanged MEMO.json NOW.json  prints the chapters whose fingerprint is the
                                                  memo's, one per line (nothing without a memo)

A chapter's fingerprint is a hash of
  - the shared tree: every file of the source tree except the chapters' own (below), .git,
    editions/ (no chapter's test reads it), build folders and Python caches; the build folders' CMakeCache.txt (compilers, flags); and
    the versions of the Debian packages the tests run (Pandoc, Chromium, Node, the compilers);
  - the chapter's own files: chapters/<chapter>/, golden/<chapter>/ and book/<chapter>.md;
  - what the builds made for it: the files directly in build/chapters/<chapter>/ and
    build-wasm/chapters/<chapter>/ (its programs, its test lists, its generated lists).
So any change outside one chapter (common/, the book's filters, a test script, a profile, a
compiler) reruns every chapter's tests, and a chapter's tests are left out only when nothing
they read has changed since they passed. The memo is written only after a whole gate passed.
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import suite  # noqa: E402

ROOT = suite.ROOT
BUILD_DIRS = ("build", "build-wasm")
SKIPPED_DIRS = {".git", "__pycache__", "node_modules"}
PACKAGES = ["pandoc", "chromium", "nodejs", "python3", "emscripten", "g++", "clang", "texlive-xetex", "latexmk",
            "epubcheck", "imagemagick", "librsvg2-bin", "poppler-utils"]


def hash_file(digest, path, name):
    digest.update(name.encode() + b"\0")
    if path.is_symlink():
        digest.update(b"link:" + os.readlink(path).encode())
    else:
        digest.update(path.read_bytes())
    digest.update(b"\0")


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


def shared_digest(owned):
    digest = hashlib.sha256()
    for path, name in tree_files(owned):
        hash_file(digest, path, name)
    for build in BUILD_DIRS:
        cache = ROOT / build / "CMakeCache.txt"
        if cache.is_file():
            digest.update(f"{build}/CMakeCache.txt\0".encode() + cache_settings(cache) + b"\0")
    versions = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Version}\\n", *PACKAGES],
                              capture_output=True, text=True)
    digest.update(versions.stdout.encode())
    return digest.hexdigest()


def chapter_digest(chapter, shared):
    digest = hashlib.sha256(shared.encode())
    own = [ROOT / "chapters" / chapter, ROOT / "golden" / chapter, ROOT / "book" / f"{chapter}.md"]
    for top in own:
        paths = sorted(p for p in top.rglob("*") if p.is_file() and "__pycache__" not in p.parts) \
            if top.is_dir() else [top] if top.is_file() else []
        for path in paths:
            hash_file(digest, path, str(path.relative_to(ROOT)))
    for build in BUILD_DIRS:  # the programs and test lists the builds made for it
        folder = ROOT / build / "chapters" / chapter
        if folder.is_dir():
            for path in sorted(p for p in folder.iterdir() if p.is_file()):
                hash_file(digest, path, str(path.relative_to(ROOT)))
    return digest.hexdigest()


def fingerprints():
    chapters = [chapter for chapter, _ in suite.chapters()]
    owned = {f"chapters/{c}" for c in chapters} | {f"golden/{c}" for c in chapters} | \
        {f"book/{c}.md" for c in chapters}
    # editions/ (a recorded reason, a new output's ID) is read by no chapter's test; the programs'
    # --version, built from it, is in each chapter's build folder, hashed below.
    shared = shared_digest(owned | {"editions"})
    return {chapter: chapter_digest(chapter, shared) for chapter in chapters}


def main(argv):
    if len(argv) == 3 and argv[1] == "fingerprint":
        Path(argv[2]).write_text(json.dumps(fingerprints(), indent=1) + "\n", encoding="utf-8")
        return 0
    if len(argv) == 4 and argv[1] == "unchanged":
        memo_path, now = Path(argv[2]), json.loads(Path(argv[3]).read_text(encoding="utf-8"))
        memo = json.loads(memo_path.read_text(encoding="utf-8")) if memo_path.is_file() else {}
        for chapter, digest in now.items():
            if memo.get(chapter) == digest:
                print(chapter)
        return 0
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
