#!/usr/bin/env bash
# Renders the book with Pandoc. It reads only book/, golden/ and the sources;
# it builds and tests nothing (scripts/build-book runs the gate first).
#
# Usage: book/render.sh OUT_DIR [CHAPTER...]
#   no CHAPTER  OUT_DIR/html/ (index.html, one page per chapter, book.css) and OUT_DIR/book.epub
#   CHAPTER     only OUT_DIR/html/<chapter>.html and book.css; `28` or `28-op-ledger`
# A missing golden file or code region makes Pandoc fail; the message names it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=book/chapters.sh
source "$root/book/chapters.sh"
[ $# -ge 1 ] || { sed -n '5,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
shift
command -v pandoc >/dev/null || { echo "render: pandoc not found (scripts/install-deps --book installs it)" >&2; exit 2; }

book=$root/book
common=(--from markdown+east_asian_line_breaks --metadata-file "$book/metadata.yaml" --mathml
        --lua-filter "$book/filters/golden.lua" --lua-filter "$book/filters/excerpt.lua"
        --lua-filter "$book/filters/page.lua")

# page SOURCE.md TARGET.html [pandoc args...]
page() {
  local src=$1 dst=$2
  shift 2
  if ! pandoc "${common[@]}" --to html5 --standalone --css book.css "$@" "$src" -o "$dst.tmp"; then
    rm -f "$dst.tmp"
    echo "render: FAILED: ${src#"$root/"} (the message above names what is missing)" >&2
    exit 1
  fi
  mv -f "$dst.tmp" "$dst"
}

chapter_page() {
  page "$book/$1.md" "$out/html/$1.html" --toc --toc-depth=3
}

if [ $# -gt 0 ]; then
  mkdir -p "$out/html"
  cp "$book/book.css" "$out/html/book.css"
  for arg in "$@"; do
    chapter=$(resolve_chapter "$arg" | cut -d' ' -f1)
    chapter_page "$chapter"
  done
  exit 0
fi

# The whole book: drop the previous output first, so a failed render leaves nothing stale.
rm -rf "$out/html" "$out/book.epub"
mkdir -p "$out/html"
cp "$book/book.css" "$out/html/book.css"
page "$book/index.md" "$out/html/index.html"
chapters=()
while read -r chapter _; do
  chapter_page "$chapter"
  chapters+=("$book/$chapter.md")
done < <(book_chapters)
if ! pandoc "${common[@]}" --to epub3 --css "$book/book.css" --css "$book/epub.css" --toc --toc-depth=2 \
     --metadata toc-title=目录 --epub-chapter-level=1 \
     "$book/index.md" "${chapters[@]}" -o "$out/book.epub.tmp"; then
  rm -f "$out/book.epub.tmp"
  echo "render: FAILED: the EPUB (the message above names what is missing)" >&2
  exit 1
fi
mv -f "$out/book.epub.tmp" "$out/book.epub"
