#!/usr/bin/env bash
# build.sh HTML_DIR: HTML_DIR/search/, the search of the rendered pages (docs/book.md): index.js
# (sections.py reads the pages, build-index.js indexes them), minisearch.js (as pinned in
# package-lock.json), the box and its tokenizer. Written beside the pages and renamed into place,
# so a reader never sees half of it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -ne 1 ] || [ ! -d "$1" ]; then echo "usage: book/search/build.sh HTML_DIR (an existing folder)" >&2; exit 2; fi
html=$(cd "$1" && pwd)
deps=$("$here/npm-deps.sh" "${BOOK_SEARCH_DEPS:-}")
minisearch=$deps/node_modules/minisearch
tmp=$(mktemp -d "$html/.search.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cp "$minisearch/dist/umd/index.js" "$tmp/minisearch.js"
cp "$minisearch/LICENSE.txt" "$tmp/minisearch.LICENSE.txt" 2>/dev/null || true
cp "$here/tokenize.js" "$here/search.js" "$here/search.css" "$tmp/"
python3 "$here/sections.py" "$html" >"$tmp/sections.json"
node "$here/build-index.js" "$minisearch" "$tmp/sections.json" "$tmp/index.js"
rm "$tmp/sections.json"
chmod 755 "$tmp"
rm -rf "$html/search.old"
[ ! -d "$html/search" ] || mv "$html/search" "$html/search.old"
mv "$tmp" "$html/search"
rm -rf "$html/search.old"
