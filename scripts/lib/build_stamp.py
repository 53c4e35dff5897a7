#!/usr/bin/env python3
"""The commit a chapter program was built from, written into the linked program after the link
(docs/editions.md, "The commit in --version").

Every program carries one slot (common/src/build_stamp.cpp): the marker MARKER, then 41 bytes,
the tree's commit (40 hex digits, or 40 '?' when not known) and '+' (uncommitted changes) or
'=' (none). A commit, or the first edit after one, rewrites those 41 bytes in place instead of
relinking every program, and scripts/lib/gate_memo.py hashes a program with its slot as
unstamped, so a new commit alone changes no chapter's fingerprint: only --version reads the
slot, and the --version tests are never left out of the gate (version/<chapter>,
wasm/version/<chapter>).

A wasm program is one .js with its .wasm inlined as base64 (-sSINGLE_FILE): the slot is found
and rewritten in the decoded bytes, which keep their length, so the .js keeps its own.

Usage: build_stamp.py write STAMP_FILE                 the tree's stamp now, into STAMP_FILE
       build_stamp.py stamp STAMP_FILE PROGRAM...      stamp each PROGRAM that exists with it
       build_stamp.py restamp STAMP_FILE PROGRAM...    the same, leaving out a program without a
                                                       slot (linked before it existed)
"""
import base64
import mmap
import os
import re
import subprocess
import sys
from pathlib import Path

MARKER = b"LEDGER-BUILD-STAMP:"
LENGTH = 41
UNSTAMPED = b"?" * LENGTH  # the placeholder the compiler writes; --version reads it as not known
_STAMP = re.compile(rb"[0-9a-f?]{40}[+=?]")  # what a slot holds after MARKER
# Emscripten 3.1's -sSINGLE_FILE: the module inlined as one base64 data URI.
_DATA_URI = b"data:application/octet-stream;base64,"
_EMBEDDED = re.compile(rb'(["\'])data:application/octet-stream;base64,([A-Za-z0-9+/=]+)\1')


def tree_stamp(root):
    """The 41 bytes for the tree at ROOT: its commit and whether it has uncommitted changes;
    unknown ('?') when ROOT is no git repository of its own (a scratch copy inside another
    checkout must not take that checkout's commit)."""

    def git(*args):
        try:
            done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True)
        except OSError:
            return None
        return done.stdout if done.returncode == 0 else None

    top = git("rev-parse", "--show-toplevel")
    commit = git("rev-parse", "HEAD") if top and Path(top.strip()).resolve() == Path(root).resolve() else None
    if not commit or not re.fullmatch(r"[0-9a-f]{40}", commit.strip()):
        return UNSTAMPED
    status = git("status", "--porcelain", "--untracked-files=normal")
    return (commit.strip() + ("+" if status else "=")).encode()


def _slot_offsets(data):
    """Where the 41 bytes of each slot in DATA start, left to right. A bytes search for MARKER,
    then the 41 bytes checked: a regex scanning a 3 MB program cost ten times more, and the
    gate's fingerprints unstamp every program (1.5 of their 2.7 s at 36 chapters)."""
    offsets, at = [], data.find(MARKER)
    while at >= 0:
        start = at + len(MARKER)
        if _STAMP.fullmatch(data, start, start + LENGTH):
            offsets.append(start)
            at = data.find(MARKER, start + LENGTH)
        else:
            at = data.find(MARKER, at + 1)
    return offsets


def _rewrite_slots(data, stamp):
    """DATA with every slot holding STAMP, and how many slots it has."""
    offsets = _slot_offsets(data)
    if not offsets:
        return data, 0
    out = bytearray(data)
    for start in offsets:
        out[start:start + LENGTH] = stamp
    return bytes(out), len(offsets)


def rewritten(data, stamp):
    """DATA (a program's bytes) with every slot holding STAMP, native or inlined wasm; and how
    many slots it has."""
    out, count = _rewrite_slots(data, stamp)

    def inlined(match):
        nonlocal count
        module, found = _rewrite_slots(base64.b64decode(match.group(2)), stamp)
        if not found:
            return match.group(0)
        count += found
        quote = match.group(1)
        return quote + b"data:application/octet-stream;base64," + base64.b64encode(module) + quote

    if _DATA_URI not in out:  # a native program: no scan for an inlined module (the pattern has no literal prefix)
        return out, count
    return _EMBEDDED.sub(inlined, out), count


def unstamped(data):
    """DATA as the link wrote it: every slot back to the placeholder (what the memo hashes)."""
    return rewritten(data, UNSTAMPED)[0]


def unstamped_pieces(data):
    """unstamped(DATA) as pieces to hash one after the other, without copying a native program
    (the memos hash hundreds of megabytes of them)."""
    if _DATA_URI in data:
        return [unstamped(data)]
    view, pieces, end = memoryview(data), [], 0
    for start in _slot_offsets(data):
        pieces += [view[end:start], UNSTAMPED]
        end = start + LENGTH
    return pieces + [view[end:]]


def _holds(data, stamp):
    """Whether DATA (a program's bytes, or a view of them) has a slot, native or in an inlined
    wasm module, and every one holds STAMP already: looked at in place, where rewriting copied
    each program twice (every build restamps all 36 programs: 1.8 CPU s of 2.3 at 36 chapters)."""
    pieces = [data]
    if data.find(_DATA_URI) >= 0:
        pieces += [base64.b64decode(match.group(2)) for match in _EMBEDDED.finditer(data)]
    slots = [(piece, start) for piece in pieces for start in _slot_offsets(piece)]
    return bool(slots) and all(piece[start:start + LENGTH] == stamp for piece, start in slots)


def stamp_file(path, stamp, linked=True):
    """Writes STAMP into the program at PATH (a new file renamed into place, so a running test
    never reads half of it), unless it holds it already. A program just LINKED without a slot
    fails; one linked before (older than the slot) is left alone: the build links it again."""
    with open(path, "rb") as file:
        if os.fstat(file.fileno()).st_size:
            with mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as view:
                if _holds(view, stamp):
                    return
    data = path.read_bytes()
    out, count = rewritten(data, stamp)
    if count == 0 and not linked:
        return
    if count == 0:
        raise SystemExit(f"build_stamp.py: {path} has no {MARKER.decode()} slot (common/src/build_stamp.cpp)")
    if out != data:
        temporary = path.with_name(path.name + ".stamping")
        temporary.write_bytes(out)
        temporary.chmod(path.stat().st_mode)
        temporary.replace(path)


def main(argv):
    if len(argv) == 3 and argv[1] == "write":
        stamp = tree_stamp(Path(__file__).resolve().parents[2])
        target = Path(argv[2])
        if not target.is_file() or target.read_bytes() != stamp:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(stamp)
        return 0
    if len(argv) >= 3 and argv[1] in ("stamp", "restamp"):
        stamp = Path(argv[2]).read_bytes()
        if not re.fullmatch(rb"[0-9a-f?]{40}[+=?]", stamp):
            raise SystemExit(f"build_stamp.py: {argv[2]} holds no stamp")
        for name in argv[3:]:
            if Path(name).is_file():
                stamp_file(Path(name), stamp, linked=argv[1] == "stamp")
        return 0
    print(__doc__.split("\n\n")[-1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
