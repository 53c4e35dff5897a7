#!/usr/bin/env bash
# audit_numbers.sh CHAPTER: lists every number token in book/CHAPTER.md's prose
# (outside code, golden blocks, math, citations and bound [..]{.n} spans) and
# fails on one that book/numbers-allowlist.txt does not list for the page.
# The listing goes to stderr; see book/filters/numbers.lua.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: $0 CHAPTER (e.g. 02-op-traffic)" >&2; exit 2; }
src=$root/book/$1.md
[ -f "$src" ] || { echo "audit_numbers: no page $src" >&2; exit 2; }
pandoc --from markdown+east_asian_line_breaks --lua-filter "$root/book/filters/numbers.lua" \
  -M numbers-audit=true --mathml --to html5 -o /dev/null "$src"
