"""page-weight.py BUILD_DIR LIMIT_BYTES: what a reader's browser loads for one page stays
bounded. A page's run control loads a program only when a block of the page names one of
its cases (book/run/run.js, on demand), so each chapter page weighs the programs of the
chapters its `case="<chapter>/<case>"` blocks name, gzip-compressed (-9, as a web server
or the reader's disk would hold them); each page must stay within LIMIT_BYTES. Prints each
program's size, each page's weight and, for the README, all programs together (a sum that
grows with the book, so it is reported, not limited).
Each program's gzip size is kept in BUILD_DIR/page-weight-sizes.json (scripts/lib/memo_store.py's
store) under the SHA-256 of the bytes compressed, the level and zlib's version: compressing every program (-9) cost 2.3 CPU s
at 36 chapters in every gate, while hashing them costs a tenth of that."""
import gzip
import hashlib
import pathlib
import re
import sys
import zlib

build, limit = pathlib.Path(sys.argv[1]), int(sys.argv[2])
root = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(root / "scripts" / "lib"))
import suite  # noqa: E402  (chapters/chapters.list's reader)
import memo_store  # noqa: E402  the suite's one store

LEVEL = 9
store = memo_store.Store(build)
known = store.load("page-weight-sizes")
sizes = {}  # this run's: the programs of this build only, so the file does not grow


def gzip_size(data):
    key = f"{hashlib.sha256(data).hexdigest()} level {LEVEL} zlib {zlib.ZLIB_RUNTIME_VERSION}"
    if not isinstance(known.get(key), int):
        known[key] = len(gzip.compress(data, compresslevel=LEVEL))
    sizes[key] = known[key]
    return known[key]


programs = dict(suite.chapters())
weight = {}
for chapter, program in programs.items():
    js = build / "chapters" / chapter / f"{program}.js"
    if not js.is_file():
        sys.exit(f"FAIL: {js} is missing (cmake --build --preset wasm builds it)")
    data = js.read_bytes()
    weight[chapter] = gzip_size(data)
    print(f"{program}.js: {len(data)} bytes, {weight[chapter]} gzip")
store.save("page-weight-sizes", sizes)

failures = []
for chapter in programs:
    page = root / "book" / f"{chapter}.md"
    named = sorted(set(re.findall(r'case="([^/"]+)/', page.read_text(encoding="utf-8")))) if page.is_file() else []
    unknown = [c for c in named if c not in weight]
    if unknown:
        failures.append(f"book/{chapter}.md names cases of {', '.join(unknown)}, not in chapters/chapters.list")
        continue
    total = sum(weight[c] for c in named)
    print(f"book/{chapter}.md loads {' + '.join(programs[c] for c in named) or 'no program'}: {total} bytes gzip")
    if total > limit:
        failures.append(f"book/{chapter}.md loads {total} bytes gzip of programs, over the page's budget of {limit}")
print(f"all programs together: {sum(weight.values())} bytes gzip (one page loads only its own)")
if not weight or failures:
    sys.exit("FAIL: " + ("; ".join(failures) or "no program"))
