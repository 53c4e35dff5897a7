#!/usr/bin/env bash
# run-in-page-test.sh OUT_DIR CHAPTER WASM_BUILD_DIR
# Renders CHAPTER's HTML page into OUT_DIR with the wasm programs of
# WASM_BUILD_DIR (book/render.sh, BOOK_WASM_DIR), then runs the page's run
# control in headless Chromium against the golden files (test-in-chromium.js).
set -euo pipefail
out=$1 chapter=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$out"
BOOK_WASM_DIR=$3 bash "$root/book/render.sh" "$out" "$chapter" >/dev/null
page=$(ls "$out"/html/"$chapter"*.html)
grep -q 'run/run.js' "$page" || { echo "FAIL: $page has no run control (run/run.js not included)"; exit 1; }
node --experimental-websocket "$root/book/run/test-in-chromium.js" "$page" "$root"
