#!/usr/bin/env bash
# chapter_render.sh CHAPTER OUT_DIR: what scripts/rebuild-chapter renders, from nothing:
# book/render.sh OUT_DIR CHAPTER into an empty OUT_DIR, then every link of the chapter's
# page (contents, previous/next, cross-references) must reach a page and heading that exist.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 2 ] || { echo "usage: $0 CHAPTER OUT_DIR" >&2; exit 2; }
rm -rf "$2"
bash "$root/book/render.sh" "$2" "$1"
python3 "$root/book/tests/check_links.py" "$2/html/$1.html"
