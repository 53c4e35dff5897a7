#!/usr/bin/env python3
"""scripts/package's memo: CPack is not run again while everything it read is what it was.

Usage: package_memo.py holds MEMO_DIR PACKAGE_DIR
           exit 0 when the package kept in PACKAGE_DIR still holds
       package_memo.py run MEMO_DIR STAGING -- CMD...
           runs CMD (cpack, writing into STAGING) under strace; when it passed, what it read is
           kept aside until `keep`
       package_memo.py keep MEMO_DIR PACKAGE_DIR
           after the made files were moved into PACKAGE_DIR: the record, with their digests

The record (scripts/lib/memo_store.py's store: MEMO_DIR/package.json) holds what strace saw CPack
and every process it started read inside the tree (the programs, man pages, completions,
profiles, the book, the install scripts), each by its SHA-256, the listing of every folder of the
tree it opened (a new file in a folder it installs whole changes that), the installed Debian
packages' versions (cpack, dpkg-deb, python3) and the scripts that run it (scripts/package and
this file; scripts/lib/make_package.sh and package_gzip.py run under strace, reads like the
others), and the names and digests of the files it made in PACKAGE_DIR. It holds while all of
that does: then the package in PACKAGE_DIR is what CPack and package_gzip.py would make, and
build-book does not make it again. What CPack makes and MEMO_DIR (package_gzip.py keeps its
compressed files there, under their content's digest) are never inputs.
"""
import hashlib
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import memo_store  # noqa: E402
import traced_inputs  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
NAME = "package"


def made(package_dir):
    return {p.name: memo_store.file_digest(p) for p in sorted(Path(package_dir).glob("*")) if p.is_file()}


def versions():
    """The installed Debian packages (cpack, dpkg-deb, gzip among them) and the scripts that say
    what CPack is asked outside the trace (scripts/package, this file): their digest."""
    digest = hashlib.sha256(memo_store.package_versions().encode())
    for script in (ROOT / "scripts" / "package", Path(__file__).resolve()):
        digest.update(script.read_bytes())
    return digest.hexdigest()


def holds(memo_dir, package_dir):
    record = memo_store.Store(memo_dir).load(NAME)
    if not record or record.get("packages") != versions() or record.get("made") != made(package_dir) \
            or not record.get("made"):
        return False
    if any(traced_inputs.listing(folder) != names for folder, names in record.get("listed", {}).items()):
        return False
    return memo_store.reads_hold(record.get("reads", {}))


def run(memo_dir, staging, argv):
    """Runs argv traced; keeps what it read in the tree (outside STAGING) as the pending record."""
    store = memo_store.Store(memo_dir)
    store.forget(NAME)
    store.forget(NAME + "-pending")
    status, output, seen = traced_inputs.run_traced(argv)
    print(output, end="")  # CPack's own lines, for scripts/package's log
    if status != 0:
        return status
    inside = str(ROOT.resolve()) + "/"
    # Neither what it makes nor the memo folder (package_gzip.py's cache of compressed files,
    # kept under their content's digest) is an input.
    not_inputs = (os.path.realpath(staging) + "/", os.path.realpath(memo_dir) + "/")
    ours = lambda path: path.startswith(inside) and not (path + "/").startswith(not_inputs)  # noqa: E731
    store.save(NAME + "-pending", {"reads": {p: memo_store.file_digest(p) for p in sorted(seen.reads) if ours(p)},
                                   "listed": {p: traced_inputs.listing(p) for p in sorted(seen.listed) if ours(p)},
                                   "packages": versions()})
    return 0


def keep(memo_dir, package_dir):
    store = memo_store.Store(memo_dir)
    record = store.load(NAME + "-pending")
    store.forget(NAME + "-pending")
    if record:
        record["made"] = made(package_dir)
        store.save(NAME, record)


def main(argv):
    if len(argv) == 3 and argv[0] == "holds":
        return 0 if holds(argv[1], argv[2]) else 1
    if len(argv) >= 5 and argv[0] == "run" and argv[3] == "--":
        return run(argv[1], argv[2], argv[4:])
    if len(argv) == 3 and argv[0] == "keep":
        keep(argv[1], argv[2])
        return 0
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
