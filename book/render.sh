#!/usr/bin/env bash
# Renders the book with Pandoc. It reads only book/, golden/ and the sources;
# it builds and tests nothing (scripts/build-book runs the gate first).
#
# Usage: book/render.sh [--pdf] OUT_DIR [CHAPTER...]
#   no CHAPTER  OUT_DIR/html/ (index.html, one page per chapter, book.css, figures/),
#               OUT_DIR/book.epub and OUT_DIR/book.pdf (the print edition)
#   CHAPTER     OUT_DIR/html/<chapter>.html, book.css and figures/, and any other page not
#               there yet (so its contents and next/previous links work); `28` or `28-op-ledger`;
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

# page SOURCE.md [pandoc args...]: one HTML page, OUT/html/<name>.html, with the
# search box (book/search/: its stylesheet in the head, its script after the body).
# No line wrapping: a line break next to Chinese text is dropped by the browser, so
# the space after inline math would go with it ("PV两个").
page() {
  local src=$1 name
  name=$(basename "$src" .md)
  shift
  output "$out/html/$name.html" "book/$name.md" --to html5 --standalone --template "$book/html/page.html" \
    --wrap=none --css book.css \
    --include-in-header "$book/search/head.html" --include-after-body "$book/search/after-body.html" \
    "${run_page_args[@]}" "$@" "$src"
}

# search_index HTML_DIR: the search's index of the pages in HTML_DIR, and its scripts.
search_index() {
  "$book/search/build.sh" "$1" || { echo "render: FAILED: the search index (book/search/build.sh)" >&2; return 1; }
}

# html_assets DIR: the stylesheet and the full-size figures the pages link to
# (golden/<chapter>/<name>.svg as DIR/figures/<chapter>--<name>.svg).
html_assets() {
  local dir=$1 svg rel
  cp "$book/book.css" "$dir/book.css"
  mkdir -p "$dir/figures"
  for svg in "$root"/golden/*/*.svg; do
    [ -e "$svg" ] || continue
    rel=${svg#"$root/golden/"}
    cp "$svg" "$dir/figures/${rel//\//--}"
  done
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
    --lua-filter "$book/filters/paged.lua" --lua-filter "$book/filters/print.lua" "$@" || return 1
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
  html_assets "$out/html"
  copy_run_assets "$out/html"
  for arg in "$@"; do
    chapter=$(resolve_chapter "$arg" | cut -d' ' -f1)
    chapter_page "$book/$chapter.md"
  done
  # The page links to the contents (index.html) and to its neighbours: render
  # every page that is not there yet, so no link of the page is dead.
  for src in "${pages[@]}"; do
    [ ! -f "$out/html/$(basename "$src" .md).html" ] || continue
    if [ "$src" = "${pages[0]}" ]; then page "$src"; else chapter_page "$src"; fi
  done
  if [ $want_pdf -eq 1 ]; then
    print_edition "$out" "${pages[@]}"
  fi
  search_index "$out/html"
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
html_assets "$out/html"
copy_run_assets "$out/html"
pids=()
page "${pages[0]}" & pids+=($!)
for src in "${pages[@]:1}"; do chapter_page "$src" & pids+=($!); done
# epub FILE: the EPUB, with a cover drawn from the title (book/epub/cover.sh)
# and its landmarks named in Chinese (book/epub/landmarks.py).
epub() {
  bash "$book/epub/cover.sh" "$book/metadata.yaml" "$out/cover.png" || return 1
  output "$1" "the EPUB" --to epub3 --css "$book/book.css" --css "$book/epub.css" \
    --lua-filter "$book/filters/paged.lua" --epub-cover-image "$out/cover.png" \
    --toc --toc-depth=2 --metadata toc-title=目录 --epub-chapter-level=1 \
    "${pages[@]}" || return 1
  python3 "$book/epub/landmarks.py" "$1"
}
epub "$out/book.epub" & pids+=($!)
print_edition "$out" "${pages[@]}" & pids+=($!)
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
[ $failed -ne 0 ] || search_index "$out/html" || failed=1
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
