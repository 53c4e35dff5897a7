"""page-weight.py BUILD_DIR LIMIT_BYTES: the wasm programs a reader's browser
loads, gzip-compressed (-9, as a web server or the reader's disk would hold them),
must together stay within LIMIT_BYTES. Prints each program's size."""
import gzip
import pathlib
import sys

build, limit = pathlib.Path(sys.argv[1]), int(sys.argv[2])
root = pathlib.Path(__file__).resolve().parents[2]
total = 0
for line in (root / "chapters/chapters.list").read_text(encoding="utf-8").splitlines():
    if not line.strip() or line.lstrip().startswith("#"):
        continue
    chapter, program = line.split()[:2]
    js = build / "chapters" / chapter / f"{program}.js"
    if not js.is_file():
        sys.exit(f"FAIL: {js} is missing (cmake --build --preset wasm builds it)")
    size = len(gzip.compress(js.read_bytes(), compresslevel=9))
    total += size
    print(f"{program}.js: {js.stat().st_size} bytes, {size} gzip")
print(f"all programs: {total} bytes gzip (limit {limit})")
if total == 0 or total > limit:
    sys.exit(f"FAIL: the programs weigh {total} bytes gzip, over the page's budget of {limit}")
