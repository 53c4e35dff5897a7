#!/usr/bin/env bash
# Renders the book with Pandoc. It reads only book/, golden/ and the sources;
# it builds and tests nothing (scripts/build-book runs the gate first).
#
# Usage: book/render.sh [--pdf] OUT_DIR [CHAPTER...]
#   no CHAPTER  OUT_DIR/html/ (index.html, one page per chapter, book.css),
#               OUT_DIR/book.epub and OUT_DIR/book.pdf (the print edition)
#   CHAPTER     only OUT_DIR/html/<chapter>.html and book.css; `28` or `28-op-ledger`;
#               with --pdf also OUT_DIR/book.pdf (the whole book)
# A missing golden file or code region, or an unresolved [@fig:...]/[@tbl:...]
# reference, makes Pandoc fail; the message names it. The PDF's LaTeX source,
# XeLaTeX log and converted figures stay in OUT_DIR/print/.
# So does a number in the prose that no longer matches its source
# (book/filters/numbers.lua; CONTRIBUTING.md, "Numbers in the prose").
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=book/chapters.sh
source "$root/book/chapters.sh"
want_pdf=0
if [ "${1:-}" = --pdf ]; then want_pdf=1; shift; fi
[ $# -ge 1 ] || { sed -n '5,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
shift
command -v pandoc >/dev/null || { echo "render: pandoc not found (scripts/install-deps --book installs it)" >&2; exit 2; }

book=$root/book
# shellcheck source=book/run/assets.sh
source "$book/run/assets.sh"  # the pages' run control: run_page_args, copy_run_assets
common=(--from markdown+east_asian_line_breaks --metadata-file "$book/metadata.yaml" --mathml
        --lua-filter "$book/filters/numbers.lua" --lua-filter "$book/filters/golden.lua" --lua-filter "$book/filters/excerpt.lua"
        --lua-filter "$book/filters/crossref.lua" --lua-filter "$book/filters/page.lua")

# output TARGET LABEL PANDOC_ARGS...: renders into TARGET.tmp, then renames it,
# so a failed render never leaves a half-written file behind.
output() {
  local dst=$1 label=$2
  shift 2
  if ! pandoc "${common[@]}" "$@" -o "$dst.tmp"; then
    rm -f "$dst.tmp"
    echo "render: FAILED: $label (the message above names what is missing)" >&2
    return 1
  fi
  mv -f "$dst.tmp" "$dst"
}

# page SOURCE.md [pandoc args...]: one HTML page, OUT/html/<name>.html.
page() {
  local src=$1 name
  name=$(basename "$src" .md)
  shift
  output "$out/html/$name.html" "book/$name.md" --to html5 --standalone --css book.css "${run_page_args[@]}" "$@" "$src"
}

# chapter_page SOURCE.md: a chapter's page, with its table of contents.
chapter_page() {
  page "$1" --toc --toc-depth=3
}

# print_edition DIR FILE.md...: the PDF, DIR/book.pdf, with its LaTeX source,
# XeLaTeX log and the figures (SVG -> PDF, vector) in DIR/print/. Two XeLaTeX
# runs: the first (no PDF written) collects the page numbers for 目录 and the
# bookmarks, the second writes the PDF with them.
print_edition() {
  local dir=$1 work=$1/print
  shift
  for tool in xelatex rsvg-convert; do
    command -v "$tool" >/dev/null || { echo "render: $tool not found (scripts/install-deps --book installs it)" >&2; return 1; }
  done
  rm -rf "$work"
  mkdir -p "$work/figures"
  BOOK_FIGURE_DIR=$work/figures output "$work/book.tex" "the PDF's LaTeX source" --to latex \
    --template "$book/print/book.latex" --top-level-division=chapter \
    --lua-filter "$book/filters/print.lua" "$@" || return 1
  local run
  for run in -no-pdf ""; do
    # shellcheck disable=SC2086  # $run is one flag or none
    if ! (cd "$work" && xelatex -interaction=batchmode -halt-on-error $run book.tex >/dev/null 2>&1); then
      grep -A8 '^!' "$work/book.log" >&2 || tail -n 30 "$work/book.log" >&2
      echo "render: FAILED: the PDF (XeLaTeX; full log: print/book.log in the output folder)" >&2
      return 1
    fi
  done
  mv -f "$work/book.pdf" "$dir/book.pdf"
}

# The book's pages in reading order: the index, then every chapter of chapters/chapters.list.
pages=("$book/index.md")
while read -r chapter _; do pages+=("$book/$chapter.md"); done < <(book_chapters)

mkdir -p "$out/html"
if [ $# -gt 0 ]; then
  cp "$book/book.css" "$out/html/book.css"
  copy_run_assets "$out/html"
  for arg in "$@"; do
    chapter=$(resolve_chapter "$arg" | cut -d' ' -f1)
    chapter_page "$book/$chapter.md"
  done
  if [ $want_pdf -eq 1 ]; then
    print_edition "$out" "${pages[@]}"
  fi
  exit 0
fi

# The whole book. Render into a fresh folder, then swap it in: whoever reads
# OUT meanwhile (a concurrent test run) sees the old book or the new one, never
# half of one. On failure the old book goes too, so nothing stale is left.
# The pages and the EPUB are independent: render them at once.
final=$out
out=$(mktemp -d "$final/.render.XXXXXX")
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/html"
cp "$book/book.css" "$out/html/book.css"
copy_run_assets "$out/html"
pids=()
page "${pages[0]}" & pids+=($!)
for src in "${pages[@]:1}"; do chapter_page "$src" & pids+=($!); done
output "$out/book.epub" "the EPUB" --to epub3 --css "$book/book.css" --css "$book/epub.css" \
  --toc --toc-depth=2 --metadata toc-title=目录 --epub-chapter-level=1 \
  "${pages[@]}" & pids+=($!)
print_edition "$out" "${pages[@]}" & pids+=($!)
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
if [ $failed -ne 0 ]; then
  rm -rf "$final/html" "$final/book.epub" "$final/book.pdf"
  # Keep the PDF's LaTeX source and log to read the error in.
  [ ! -d "$out/print" ] || { rm -rf "$final/print"; mv "$out/print" "$final/print"; }
  exit 1
fi
mv -f "$out/book.epub" "$final/book.epub"
mv -f "$out/book.pdf" "$final/book.pdf"
rm -rf "$final/print"
mv "$out/print" "$final/print"
[ ! -d "$final/html" ] || mv "$final/html" "$out/html.old"
mv "$out/html" "$final/html"
