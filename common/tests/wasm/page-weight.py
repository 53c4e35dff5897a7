"""page-weight.py BUILD_DIR LIMIT_BYTES: what a reader's browser loads for one page stays
bounded. A page's run control loads a program only when a block of the page names one of
its cases (book/run/run.js, on demand), so each chapter page weighs the programs of the
chapters its `case="<chapter>/<case>"` blocks name, gzip-compressed (-9, as a web server
or the reader's disk would hold them); each page must stay within LIMIT_BYTES. Prints each
program's size, each page's weight and, for the README, all programs together (a sum that
grows with the book, so it is reported, not limited)."""
import gzip
import pathlib
import re
import sys

build, limit = pathlib.Path(sys.argv[1]), int(sys.argv[2])
root = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(root / "scripts" / "lib"))
import suite  # noqa: E402  (chapters/chapters.list's reader)

LEVEL = 9


programs = dict(suite.chapters())
weight = {}
for chapter, program in programs.items():
    js = build / "chapters" / chapter / f"{program}.js"
    if not js.is_file():
        sys.exit(f"FAIL: {js} is missing (cmake --build --preset wasm builds it)")
    data = js.read_bytes()
    weight[chapter] = len(gzip.compress(data, compresslevel=LEVEL))
    print(f"{program}.js: {len(data)} bytes, {weight[chapter]} gzip")

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
