#!/usr/bin/env python3
"""verdict_memo.py NAME [--input PATH]... -- COMMAND...

Runs a whole-book check (COMMAND: epubcheck on the EPUB, the PDF's checks, the search in
Chromium, ...). With BOOK_CHECK_MEMO set to a folder (scripts/build-book sets it), a check
whose verdict was a pass is not run again while everything it rests on is byte for byte what
it was then:
  - the inputs (--input: a file, or a folder and every file under it: the EPUB, the PDF and
    its log, the HTML book, golden/, ...), a chapter program among them (the HTML book's
    run/*.js) with its commit stamp as unstamped: no whole-book check runs a program (the
    pages' runs are wasm/run-in-page's), and --version alone reads those bytes;
  - COMMAND itself, and the bytes of each of its arguments that names a file (the checker);
  - every file under book/ (the pages' sources, the filters, every test script and helper);
  - the versions of the Debian packages the checks run (scripts/lib/gate_memo.py's list).
It then prints one line saying so and exits 0; otherwise it runs COMMAND and, when it passes,
keeps the key in BOOK_CHECK_MEMO/verdict-NAME.json (scripts/lib/memo_store.py: the suite's one
key scheme and store). Without BOOK_CHECK_MEMO it only runs COMMAND
(ctest by hand, scripts/test). A missing input is hashed as missing, never an error here:
COMMAND decides what a missing file means.
"""
import hashlib
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "lib"))
import gate_memo  # noqa: E402  the packages whose versions a verdict rests on
import memo_store  # noqa: E402  the suite's one key scheme and store


def key(name, inputs, command):
    digest = hashlib.sha256(f"{name}\0{chr(0).join(command)}\0".encode())
    for arg in command:
        if os.path.isfile(arg):
            memo_store.hash_path(digest, arg)
    for path in inputs:
        digest.update(f"input {path}\0".encode())
        memo_store.hash_path(digest, path, unstamp=True)
    memo_store.hash_path(digest, ROOT / "book")
    memo_store.hash_path(digest, memo_store.__file__)  # how this key is made
    digest.update(memo_store.package_versions(gate_memo.PACKAGES).encode())
    digest.update(os.environ.get("CHROMIUM", "").encode())
    return digest.hexdigest()


def main(argv):
    if "--" not in argv or argv.index("--") < 1 or argv.index("--") == len(argv) - 1:
        sys.exit(__doc__)
    split = argv.index("--")
    name, options, command = argv[0], argv[1:split], argv[split + 1:]
    if len(options) % 2 or any(flag != "--input" for flag in options[::2]):
        sys.exit(f"verdict_memo: {name}: options before -- are `--input PATH` pairs, got {options}")
    inputs = options[1::2]
    folder = os.environ.get("BOOK_CHECK_MEMO")
    if not folder:
        return subprocess.run(command).returncode
    store, record = memo_store.Store(folder), f"verdict-{name}"
    now = key(name, inputs, command)
    if store.load(record).get("key") == now:
        print(f"{name}: not run again: it passed on these very bytes (inputs: {' '.join(inputs) or 'none'}; "
              f"its scripts, book/ and the tools unchanged; BOOK_CHECK_MEMO={folder})")
        return 0
    store.forget(record)
    status = subprocess.run(command).returncode
    if status == 0:
        store.save(record, {"key": now})
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
