#!/usr/bin/env python3
"""verdict_memo.py NAME [--input PATH]... -- COMMAND...
verdict_memo.py NAME --traced -- COMMAND...

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

With --traced the verdict rests on what COMMAND was seen to read, not on all of book/: it runs
under strace (scripts/lib/traced_inputs.py), in a temporary folder of its own (TMPDIR), and the
record keeps every file it read or ran by its SHA-256 (a compiled Python module as its source),
the listing of every folder it opened, the versions of all installed Debian
packages (for what they installed under /usr and /etc) and COMMAND. So a sentence added to a
page does not run again a filter's test on pages of its own (book/crossref-filter, ...). Not for
a check that runs strace itself (nested tracing fails) or Chromium (its reads are no key). What
strace sees is what was opened or run, and opened with success: a check that decides on a file's
size or existence alone opens it (book/pdf-bytes); a file it looked for and did not find is not
seen either (book/pdf reads print/book.log when it is there, and the render always writes it).
"""
import hashlib
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "lib"))
import gate_memo  # noqa: E402  the packages whose versions a verdict rests on
import memo_store  # noqa: E402  the suite's one key scheme and store
import traced_inputs  # noqa: E402  what a command read, seen with strace


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


def traced_basis(command):
    """What a traced verdict rests on besides its reads: COMMAND, the packages, this key scheme."""
    digest = hashlib.sha256(chr(0).join(command).encode())
    digest.update(memo_store.package_versions().encode())
    for script in (pathlib.Path(__file__), pathlib.Path(memo_store.__file__), pathlib.Path(traced_inputs.__file__)):
        memo_store.hash_file(digest, script, script.name)
    return digest.hexdigest()


def traced_holds(record, command):
    return (record.get("basis") == traced_basis(command) and bool(record.get("reads"))
            and memo_store.reads_hold(record["reads"])
            and all(traced_inputs.listing(folder) == names for folder, names in record.get("listed", {}).items()))


def run_traced(command):
    """Runs COMMAND under strace, its output passed on; (status, the record of a pass or None)."""
    with tempfile.TemporaryDirectory(prefix="verdict-tmp.") as scratch:
        temp = os.path.realpath(scratch) + "/"
        status, output, seen = traced_inputs.run_traced(command, env=dict(os.environ, TMPDIR=scratch))
    print(output, end="")
    if status != 0:
        return status, None

    # The system's files count through the packages' versions; the kernel's and the run's own, not at all.
    candidates = {p for p in seen.reads | seen.runs | {d + "/" for d in seen.listed}
                  if not p.startswith((*traced_inputs.NOT_INPUTS, temp))}
    system = traced_inputs.installed_among(candidates)

    def counts(path):
        return path in candidates and path not in system

    reads = sorted({traced_inputs.source_of(p) for p in seen.reads | seen.runs if counts(p)})
    return 0, {"basis": traced_basis(command),
               "reads": {p: memo_store.file_digest(p) for p in reads},
               "listed": {p: traced_inputs.listing(p) for p in sorted(seen.listed) if counts(p + "/")}}


def main(argv):
    if "--" not in argv or argv.index("--") < 1 or argv.index("--") == len(argv) - 1:
        sys.exit(__doc__)
    split = argv.index("--")
    name, options, command = argv[0], argv[1:split], argv[split + 1:]
    traced = options == ["--traced"]
    if not traced and (len(options) % 2 or any(flag != "--input" for flag in options[::2])):
        sys.exit(f"verdict_memo: {name}: options before -- are `--input PATH` pairs or --traced alone, got {options}")
    inputs = options[1::2]
    folder = os.environ.get("BOOK_CHECK_MEMO")
    if not folder:
        return subprocess.run(command).returncode
    store, record = memo_store.Store(folder), f"verdict-{name}"
    if traced:
        if traced_holds(store.load(record), command):
            print(f"{name}: not run again: it passed, and every file it read then is byte for byte the same "
                  f"(seen with strace; the packages unchanged; BOOK_CHECK_MEMO={folder})")
            return 0
        store.forget(record)
        if not traced_inputs.available():
            return subprocess.run(command).returncode  # nothing kept without strace
        sys.stdout.flush()
        status, kept = run_traced(command)
        if kept:
            store.save(record, kept)
        return status
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
