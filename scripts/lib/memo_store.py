"""The suite's memo: one key scheme and one store for the results it keeps between runs.

Who keeps what (docs/gate-and-preview.md, "One memo"):
  - scripts/lib/gate_memo.py: each chapter's fingerprint when the gate last passed (build-book
    leaves out a chapter whose fingerprint is the same), in build/memo/gate.json;
  - book/tests/verdict_memo.py: a whole-book check's pass (epubcheck, the PDF's checks, the
    search), in build/memo/verdict-<check>.json;
  - book/tests/page_memo.py: each page's pass of a browser check, with the files the browser
    loaded for it, in build/memo/<check>.json;
  - common/wasm/page-weight.py: each wasm program's gzip size under its bytes' SHA-256, in
    build-wasm/page-weight-sizes.json;
  - book/render_memo.py (book/render.sh's cache): each file Pandoc wrote, with the files its
    filters read for it, in the render's OUT/.cache/<name>.json. It keeps rendered files, not
    verdicts: the store holds the records, the files stay beside them (OUT/.cache/<name>).

The key scheme: a SHA-256 over named files, each as `name NUL bytes NUL` (a link as its
target), over what the result rests on besides (a command line, package versions); a record
that rests on files it was seen to read keeps `{name: sha256 of its bytes}` and holds while
every one of them is what it was (observed inputs, not a list someone keeps). A check that runs
no program with --version may hash a chapter program with its commit stamp as unstamped
(`unstamp=True`, scripts/lib/build_stamp.py: --version alone reads those bytes), so a commit
alone does not make it run again.
The store: one JSON file per name in one folder, written whole to a temporary file and renamed
(an interrupted run leaves the old record or none, never half of one). A record is written only
when what it records passed.
"""
import hashlib
import json
import os
from pathlib import Path


def _unstamped_pieces(data):
    """DATA as the link wrote it, in pieces to hash (scripts/lib/build_stamp.py)."""
    import build_stamp  # here: book/render_memo.py, on every page's render, never unstamps
    return build_stamp.unstamped_pieces(data)


def hash_file(digest, path, name, unstamp=False):
    """Adds one file to digest: its name, then its bytes (a symbolic link: its target; with
    unstamp, a chapter program's commit stamp as unstamped)."""
    digest.update(name.encode() + b"\0")
    path = Path(path)
    if path.is_symlink():
        digest.update(b"link:" + os.readlink(path).encode())
    else:
        data = path.read_bytes()
        for piece in _unstamped_pieces(data) if unstamp else [data]:
            digest.update(piece)
    digest.update(b"\0")


def hash_path(digest, path, unstamp=False):
    """Every file at or under path, by its name (relative to path) and bytes, in a fixed order;
    a missing path as missing (whoever reads it decides what that means)."""
    path = Path(path)
    if path.is_file():
        files = [(path, ".")]
    elif path.is_dir():
        files = sorted((p, str(p.relative_to(path))) for p in path.rglob("*")
                       if p.is_file() and "__pycache__" not in p.parts)
    else:
        digest.update(f"missing {path}\n".encode())
        return
    for file, name in files:
        hash_file(digest, file, name, unstamp)


def file_digest(path, unstamp=False):
    """SHA-256 of a file's bytes (with unstamp, a chapter program's commit stamp as unstamped),
    or None when it cannot be read (a read file gone)."""
    try:
        if unstamp:
            digest = hashlib.sha256()
            for piece in _unstamped_pieces(Path(path).read_bytes()):
                digest.update(piece)
            return digest.hexdigest()
        with open(path, "rb") as f:
            return hashlib.file_digest(f, "sha256").hexdigest()
    except OSError:
        return None


def package_versions(names=()):
    """`package version` lines of the installed Debian packages (all of them when names is empty)."""
    import subprocess  # here: book/render_memo.py, on every page's render, needs no process
    done = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Version}\\n", *names],
                          capture_output=True, text=True)
    return done.stdout


def reads_hold(reads, resolve=Path, unstamp=False):
    """True when every file of reads ({name: digest}) has those bytes still."""
    return all(file_digest(resolve(name), unstamp) == digest for name, digest in reads.items())


class Store:
    """Records kept by name in one folder; a missing or unreadable record reads as {}."""

    def __init__(self, folder):
        self.folder = Path(folder)

    def path(self, name):
        return self.folder / (name.replace("/", "-") + ".json")

    def load(self, name):
        try:
            record = json.loads(self.path(name).read_text(encoding="utf-8"))
            return record if isinstance(record, dict) else {}
        except (OSError, ValueError):
            return {}

    def save(self, name, record):
        path = self.path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_text(json.dumps(record, sort_keys=True, indent=0) + "\n", encoding="utf-8")
        tmp.replace(path)

    def forget(self, name):
        self.path(name).unlink(missing_ok=True)
