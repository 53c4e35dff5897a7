#!/usr/bin/env bash
# fonts_memo_test.sh WORK_DIR: the outputs' monospace faces are kept while the set of characters
# they hold is unchanged (book/render_memo.py fonts, book/html/mono_chars.py). In a scratch tree
# holding the scripts and one chapter's sources and golden files:
#   1. the first render makes them;
#   2. a C++ edit that brings no new character keeps them (not made again);
#   3. an edit that brings a new character makes them again, and the new face holds it.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 WORK_DIR" >&2; exit 2; }
work=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
tree=$work/tree
rm -rf "$work" && mkdir -p "$tree/book/html" "$tree/scripts/lib" "$tree/common/src" "$tree/common/include"
cp "$root/book/render_memo.py" "$tree/book/"
cp "$root/book/html/mono_fonts.py" "$root/book/html/mono_chars.py" "$tree/book/html/"
cp "$root/scripts/lib/memo_store.py" "$tree/scripts/lib/"
chapter=$(awk '!/^[[:space:]]*(#|$)/ {print $1; exit}' "$root/chapters/chapters.list")
mkdir -p "$tree/chapters" "$tree/golden"
cp -r "$root/chapters/$chapter" "$tree/chapters/" && cp -r "$root/golden/$chapter" "$tree/golden/"
source_file=$(find "$tree/chapters/$chapter" -name '*.cpp' | sort | head -n 1)
fail() { echo "FAIL: $*"; exit 1; }
faces() {  # faces STEP: the fonts into work/out; prints whether mono_fonts.py ran (its face's time)
  /usr/bin/python3 -S "$tree/book/render_memo.py" fonts "$work/cache" "$work/out-$1" || fail "step $1: render_memo.py fonts failed"
  stat -c %Y.%y "$work/cache/fonts/book-mono-cjk.woff2"
}
first=$(faces 1)
sleep 1.1  # a face made again would have a later modification time
echo "// one more comment, no new character" >>"$source_file"
[ "$(faces 2)" = "$first" ] || fail "step 2: an edit with no new character made the faces again"
echo "// 一个新字：龘" >>"$source_file"
[ "$(faces 3)" != "$first" ] || fail "step 3: an edit with a new character (龘) kept the old faces"
/usr/bin/python3 - "$work/out-3/book-mono-cjk.woff2" <<'PY' || fail "step 3: the new face does not hold 龘"
import sys
from fontTools.ttLib import TTFont
sys.exit(0 if ord("龘") in TTFont(sys.argv[1]).getBestCmap() else 1)
PY
echo "PASS: the faces were kept across an edit with no new character and made again for a new one (龘)"
