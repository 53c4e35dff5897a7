#!/usr/bin/env bash
# reproducible.sh WORK_DIR: the book is the same bytes wherever and whenever it is rendered.
# Two copies of the tree at different paths (one of them with a space and Chinese in it) render
# the whole book (pages, EPUB, PDF) a few seconds apart, as build-book does (the book's date is
# the last commit's: WORK_DIR is inside the tree's git work tree); every published file (html/ and what is in it, book.epub, book.pdf) must be byte for byte
# the same. On failure it names the files that differ and keeps WORK_DIR.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: reproducible.sh WORK_DIR" >&2; exit 2; }
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
work=$(fresh_work_dir "$1")
fail() { echo "reproducible: FAILED: $*" >&2; echo "reproducible: logs in $work" >&2; exit 1; }
git -C "$work" log -1 --format=%ct >/dev/null 2>&1 || fail "$work is not inside a git work tree with a commit (the book's date)"

# Both renders use the tree's search packages (book/search/npm-deps.sh), not an `npm ci` each.
export BOOK_SEARCH_DEPS=${BOOK_SEARCH_DEPS:-$root/build/search-deps}
render() {  # render TREE OUT NAME
  copy_sources "$root" "$1"
  bash "$1/book/render.sh" "$2" >"$work/render-$3.log" 2>&1 ||
    { tail -n 30 "$work/render-$3.log" >&2; fail "render $3 failed (log: $work/render-$3.log)"; }
}
render "$work/a" "$work/out-a" a
sleep 2  # a later second: a date taken from the clock would differ
render "$work/另一 份/b" "$work/out-b" b

published() { (cd "$1" && find html book.epub book.pdf -type f ! -path '*/.cache/*' | LC_ALL=C sort); }
[ "$(published "$work/out-a")" = "$(published "$work/out-b")" ] ||
  fail "the two renders publish different files: $(diff <(published "$work/out-a") <(published "$work/out-b") | head -n 5)"
files=$(published "$work/out-a")
[ -n "$files" ] && grep -q '^book.pdf$' <<<"$files" && grep -q '^book.epub$' <<<"$files" || fail "a render published no PDF or EPUB"
differ=()
while read -r f; do cmp -s "$work/out-a/$f" "$work/out-b/$f" || differ+=("$f"); done <<<"$files"
[ ${#differ[@]} -eq 0 ] || fail "${#differ[@]} file(s) differ between the two renders: ${differ[*]:0:8}"
echo "reproducible: $(wc -l <<<"$files") published files byte for byte the same from two trees at different paths, rendered apart"
rm -rf "$work"
