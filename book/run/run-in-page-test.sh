#!/usr/bin/env bash
# run-in-page-test.sh OUT_DIR WASM_BUILD_DIR CHAPTER...
# Renders the CHAPTERs' HTML pages into OUT_DIR with the wasm programs of
# WASM_BUILD_DIR (book/render.sh, BOOK_WASM_DIR), then runs each page's run
# control in one headless Chromium against the golden files (test-in-chromium.js).
# Only the named pages are rendered: every other page of the book gets a
# placeholder first, which render.sh leaves alone (it renders the pages "not
# there yet"), so a chapter's test costs the same at 3 chapters as at 36. OUT_DIR's render
# cache (.cache, book/render.sh) stays between runs: an unchanged page is not rendered again.
# Every named page's run controls are clicked on every run: no verdict is kept between runs.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 OUT_DIR WASM_BUILD_DIR CHAPTER..." >&2; exit 2; }
out=$1 wasm_dir=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=book/chapters.sh
source "$root/book/chapters.sh"
mkdir -p "$out"
find "$out" -mindepth 1 -maxdepth 1 ! -name .cache -exec rm -rf {} +
mkdir -p "$out/html"
named=" $* "
placeholder='<!doctype html><title>not rendered</title><p>book/run/run-in-page-test.sh renders only the pages it tests.</p>'
echo "$placeholder" >"$out/html/index.html"
while read -r chapter _; do
  [[ $named == *" $chapter "* ]] || echo "$placeholder" >"$out/html/$chapter.html"
done < <(book_chapters)
start=$SECONDS
# No search index: the test clicks the run controls, never the search (book/html-layout, book/search test it).
BOOK_SEARCH=later BOOK_WASM_DIR=$wasm_dir bash "$root/book/render.sh" "$out" "$@" >/dev/null
echo "rendered $# page(s) in $((SECONDS - start)) s"
pages=()
for chapter in "$@"; do
  page=$out/html/$chapter.html
  grep -q 'run/run.js' "$page" || { echo "FAIL: $page has no run control (run/run.js not included)"; exit 1; }
  pages+=("$page")
done
# Chromium's temporary files in a folder of this test's own: it must leave nothing there (a browser
# killed instead of closed leaves its singleton folder, org.chromium.Chromium.*, one a run). Under
# the temporary folder, not OUT_DIR: the socket Chromium makes in it takes at most 107 bytes of path.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-in-page.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
TMPDIR=$tmp node "$root/book/tests/test-in-chromium.js" "$root" "${pages[@]}"
left=$(ls -A "$tmp")
[ -z "$left" ] || { echo "FAIL: Chromium left in its temporary folder $tmp: ${left//$'\n'/ }"; exit 1; }
