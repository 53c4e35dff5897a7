#!/usr/bin/env bash
# render_cache.sh WORK_DIR: book/render.sh makes again only what changed (its cache,
# OUT/.cache/, and latexmk's LaTeX folder, OUT/print/), and what it makes again is right.
# In a copy of the tree whose book is today's three chapters (02, 28, 36: the test costs the
# same at any book size), chapter 02 and the PDF are rendered three times:
#   1. from nothing;
#   2. nothing changed: no cache entry is written again, and latexmk typesets nothing;
#   3. a golden output the page shows gets a new line: page 02, the PDF's LaTeX and the PDF
#      show it; the pages that do not read it (the contents, 28, 36) are left as they were.
# On failure it names the step and keeps WORK_DIR with the renders' logs.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: render_cache.sh WORK_DIR" >&2; exit 2; }
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
work=$1
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
tree=$work/tree
out=$work/out
fail() { echo "render-cache: FAILED: $*" >&2; echo "render-cache: logs in $work" >&2; exit 1; }

copy_sources "$root" "$tree"
grep -E '^(02|28|36)-' "$root/chapters/chapters.list" >"$tree/chapters/chapters.list"
[ "$(grep -c . "$tree/chapters/chapters.list")" -eq 3 ] || fail "chapters 02, 28 and 36 are not all in chapters/chapters.list"

render() {
  bash "$tree/book/render.sh" --pdf "$out" 02 >"$work/render-$1.log" 2>&1 ||
    { tail -n 30 "$work/render-$1.log" >&2; fail "render $1 failed (log: $work/render-$1.log)"; }
}
# stamps: each cache entry's modification time, one `<entry> <time>` line per file.
stamps() { (cd "$out/.cache" && find . -type f -printf '%P %T@\n' | LC_ALL=C sort); }

render first
for entry in index.html 02-op-traffic.html 28-op-ledger.html 36-head-roofline.html book.tex; do
  [ -f "$out/.cache/$entry" ] && [ -f "$out/.cache/$entry.deps" ] || fail "render 1 kept no $entry in the cache"
done
grep -q '^[0-9a-f]\{40\}  golden/02-op-traffic/default.txt$' "$out/.cache/02-op-traffic.html.deps" ||
  fail "the page's deps do not name the golden output it shows (golden/02-op-traffic/default.txt)"
before=$(stamps)

render unchanged
[ "$(stamps)" = "$before" ] || fail "render 2, nothing changed, wrote cache entries again: $(diff <(echo "$before") <(stamps) | grep '^>')"
grep -q "Nothing to do for 'book.tex'" "$out/print/latexmk.log" ||
  fail "render 2, nothing changed, typeset the PDF again (print/latexmk.log: $(tr '\n' ' ' <"$out/print/latexmk.log"))"

marker="render-cache-check 271828"
echo " $marker" >>"$tree/golden/02-op-traffic/default.txt"
render changed
grep -q "$marker" "$out/html/02-op-traffic.html" || fail "render 3: page 02 does not show the golden output's new line"
grep -q "$marker" "$out/print/book.tex" || fail "render 3: the PDF's LaTeX does not show the golden output's new line"
pdftotext "$out/book.pdf" "$work/book.txt" && grep -q "$marker" "$work/book.txt" || fail "render 3: the PDF does not show the golden output's new line"
for entry in index.html 28-op-ledger.html 36-head-roofline.html; do
  [ "$(stamps | grep "^$entry ")" = "$(echo "$before" | grep "^$entry ")" ] ||
    fail "render 3 rendered $entry again, which does not read golden/02-op-traffic/default.txt"
done
rm -rf "$work"
echo "render-cache: ok (nothing rendered again when nothing changed; a changed golden output reached page 02 and the PDF only)"
