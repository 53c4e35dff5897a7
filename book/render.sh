#!/usr/bin/env bash
# Renders the book with Pandoc. It reads only book/, golden/ and the sources;
# it builds and tests nothing (scripts/build-book runs the gate first).
#
# Usage: book/render.sh [--pdf] OUT_DIR [CHAPTER...]
#   no CHAPTER  OUT_DIR/html/ (index.html, one page per chapter, book.css, figures/),
#               OUT_DIR/book.epub and OUT_DIR/book.pdf (the print edition; not with BOOK_FORMATS=html)
#   CHAPTER     OUT_DIR/html/<chapter>.html, book.css and figures/, and any other page not
#               there yet (so its contents and next/previous links work); `28` or `28-op-ledger`;
#               with --pdf also OUT_DIR/book.pdf (the whole book); the search index too, unless
#               BOOK_SEARCH=later (the caller runs book/search/build.sh OUT_DIR/html itself)
# A missing golden file or code region, or an unresolved [@fig:...]/[@tbl:...]
# reference, makes Pandoc fail; the message names it. The PDF's LaTeX source,
# XeLaTeX log and converted figures stay in OUT_DIR/print/.
# So does a number in the prose that no longer matches its source
# (book/filters/numbers.lua; CONTRIBUTING.md, "Numbers in the prose").
# Every page is rendered every time; latexmk typesets the PDF again only when its LaTeX source
# or a figure changed (OUT_DIR/print/ keeps its work between renders).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=book/chapters.sh
source "$root/book/chapters.sh"
want_pdf=0
if [ "${1:-}" = --pdf ]; then want_pdf=1; shift; fi
[ $# -ge 1 ] || { sed -n '5,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
shift
command -v pandoc >/dev/null || { echo "render: pandoc not found (scripts/install-deps --book installs it)" >&2; exit 2; }
# What stays in OUT_DIR between renders: the PDF's LaTeX folder (latexmk's).
print_work=$out/print
rm -rf "$out/.cache"  # an older render's cache: nothing reads it

book=$root/book
# The 参考文献's style, GB/T 7714-2015 numeric (Debian's citation-style-language-styles;
# book/filters/sources.lua checks the citations first, docs/sources.md).
book_csl=/usr/share/citation-style-language/styles/china-national-standard-gb-t-7714-2015-numeric.csl
[ -f "$book_csl" ] || { echo "render: $book_csl not found (scripts/install-deps --book installs citation-style-language-styles)" >&2; exit 2; }
# shellcheck source=book/run/assets.sh
source "$book/run/assets.sh"  # the pages' run control: run_page_args, copy_run_assets
# Code colours: book/code.theme (pygments' styles, darkened to 4.5:1 on the code boxes; book/code-contrast).
common=(--from markdown+east_asian_line_breaks --metadata-file "$book/metadata.yaml" --mathml --highlight-style "$book/code.theme"
        --lua-filter "$book/filters/numbers.lua" --lua-filter "$book/filters/editions.lua" --lua-filter "$book/filters/golden.lua"
        --lua-filter "$book/filters/excerpt.lua" --lua-filter "$book/filters/crossref.lua" --lua-filter "$book/filters/glossary.lua"
        --lua-filter "$book/filters/page.lua" --lua-filter "$book/filters/columns.lua" --lua-filter "$book/filters/sources.lua"
        --citeproc --csl "$book_csl")

# output TARGET LABEL PANDOC_ARGS...: TARGET rendered by Pandoc into TARGET.tmp, then renamed,
# so a failed render never leaves a half-written file behind.
output() {
  if ! pandoc "${common[@]}" "${@:3}" -o "$1.tmp"; then
    rm -f "$1.tmp"
    echo "render: FAILED: $2" >&2
    return 1
  fi
  mv -f "$1.tmp" "$1"
}

# page SOURCE.md [pandoc args...]: one HTML page, OUT/html/<name>.html, with the
# search box (book/search/: its stylesheet in the head, its script after the body).
# No line wrapping: a line break next to Chinese text is dropped by the browser, so
# the space after inline math would go with it ("PV两个").
page() {
  local src=$1 name
  page_name name "$src"
  shift
  output "$out/html/$name.html" "book/$name.md" --to html5 --standalone --template "$book/html/page.html" \
    --wrap=none --css book.css --css page.css \
    --include-in-header "$book/search/head.html" --include-after-body "$book/search/after-body.html" \
    "${run_page_args[@]}" "$@" "$src"
}

# search_index HTML_DIR: the search's index of the pages in HTML_DIR, and its scripts.
search_index() {
  "$book/search/build.sh" "$1" || { echo "render: FAILED: the search index (book/search/build.sh)" >&2; return 1; }
}

# mono_fonts DIR: the outputs' monospace faces (book/html/mono_fonts.py; Debian's Python, whose
# python3-fonttools install-deps installs).
mono_fonts() {
  /usr/bin/python3 "$book/html/mono_fonts.py" "$root" "$1" || { echo "render: FAILED: the outputs' fonts (book/html/mono_fonts.py)" >&2; return 1; }
}

# page_name VAR FILE.md: VAR = its page's name, FILE without its folder and .md. No basename, no
# subshell: a render goes through every page's name several times, and a process costs ~5 ms.
page_name() {
  local _page=${2##*/}
  printf -v "$1" '%s' "${_page%.md}"
}

# html_assets DIR: the stylesheet and the full-size figures the pages link to
# (golden/<chapter>/<name>.svg as DIR/figures/<chapter>--<name>.svg: one tar renames them all,
# not a cp each; new files, owned and permitted as cp makes them).
html_assets() {
  local dir=$1
  local svgs=("$root"/golden/*/*.svg)
  cp "$book/book.css" "$dir/book.css"
  cp "$book/html/page.css" "$dir/page.css"
  mono_fonts "$dir/fonts"
  mkdir -p "$dir/figures"
  [ -e "${svgs[0]}" ] || return 0
  tar -C "$root/golden" -cf - -- "${svgs[@]#"$root/golden/"}" |
    tar -C "$dir/figures" -xf - --transform='s,/,--,' --no-same-owner --no-same-permissions --touch
}

# prune_figures DIR: html_assets copies every golden SVG; one no page links to is not published.
# Which are linked: one grep over the pages for all the figures' names, not one per figure.
prune_figures() {
  local svg hit
  local svgs=("$1"/figures/*.svg) html=("$1"/*.html)
  local -A linked=()
  [ -e "${svgs[0]}" ] || return 0
  while IFS= read -r hit; do linked[$hit]=1; done < <(printf 'figures/%s\n' "${svgs[@]##*/}" | grep -ohF -f - "${html[@]}")
  for svg in "${svgs[@]}"; do
    [ -n "${linked[figures/${svg##*/}]:-}" ] || rm -f "$svg"
  done
}

# chapter_page SOURCE.md: a chapter's page, with its table of contents.
chapter_page() {
  page "$1" --toc --toc-depth=3
}

# print_edition DIR FILE.md...: the PDF, DIR/book.pdf, with its LaTeX source,
# XeLaTeX log and the figures (SVG -> PDF, vector) in OUT/print/, which stays between
# renders. latexmk runs XeLaTeX (no PDF written) until the page numbers for 目录 and the
# bookmarks settle, then xdvipdfmx; after an edit it starts from the last run's page numbers,
# and when neither the LaTeX source nor a figure changed it runs nothing.
print_edition() {
  local dir=$1 work=$print_work
  shift
  for tool in xelatex rsvg-convert latexmk; do
    command -v "$tool" >/dev/null || { echo "render: $tool not found (scripts/install-deps --book installs it)" >&2; return 1; }
  done
  mkdir -p "$work/figures"
  BOOK_FIGURE_DIR=$work/figures output "$work/book.tex" "the PDF's LaTeX source" --to latex \
    --template "$book/print/book.latex" --top-level-division=chapter \
    --lua-filter "$book/filters/paged.lua" --lua-filter "$book/filters/print.lua" "$@" || return 1
  # The PDF's dates and /ID come from the last commit's time (else SOURCE_DATE_EPOCH as given), as
  # the EPUB's do, so the same book is the same file wherever and whenever it is typeset
  # (book/render-cache). -norc: no latexmkrc of the machine or the user changes how it is typeset.
  # latexmk sees the LaTeX and the figures, not the date: a new epoch with the same LaTeX (a commit
  # that changed no page) would keep the last PDF and its dates, so then it typesets anyway (-g).
  local epoch force=()
  epoch=$(git -C "$root" log -1 --format=%ct 2>/dev/null) || epoch=${SOURCE_DATE_EPOCH:-}
  [ "$(cat "$work/book.epoch" 2>/dev/null)" = "epoch $epoch" ] || force=(-g)
  rm -f "$work/book.epoch"
  if ! (cd "$work" && ${epoch:+env SOURCE_DATE_EPOCH=$epoch FORCE_SOURCE_DATE=1} \
          latexmk -norc -xelatex "${force[@]}" -interaction=batchmode -halt-on-error -silent book.tex >latexmk.log 2>&1); then
    rm -f "$work/book.fdb_latexmk"  # typeset from the start next time
    grep -A8 '^!' "$work/book.log" >&2 || tail -n 30 "$work/latexmk.log" >&2
    echo "render: FAILED: the PDF (XeLaTeX; full log: print/book.log in the output folder)" >&2
    return 1
  fi
  echo "epoch $epoch" >"$work/book.epoch"
  cp "$work/book.pdf" "$dir/book.pdf.tmp" && mv -f "$dir/book.pdf.tmp" "$dir/book.pdf"
}

# The book's pages in reading order: the index, then every chapter of chapters/chapters.list.
pages=("$book/index.md")
while read -r chapter _; do pages+=("$book/$chapter.md"); done < <(book_chapters)
pages+=("$book/errata.md")  # the appendix: 勘误与变更 (book/filters/editions.lua; docs/editions.md)

mkdir -p "$out/html"
if [ $# -gt 0 ]; then
  html_assets "$out/html"
  copy_run_assets "$out/html"
  named=()
  resolved=$(resolve_chapters "$@")  # exits 2 with the message on an unknown chapter
  while read -r chapter _; do named+=("$book/$chapter.md"); done <<<"$resolved"
  for src in "${named[@]}"; do chapter_page "$src"; done
  # The page links to the contents (index.html) and to its neighbours: render
  # every page that is not there yet, so no link of the page is dead.
  for src in "${pages[@]}"; do
    page_name name "$src"
    [ ! -f "$out/html/$name.html" ] || continue
    if [ "$src" = "${pages[0]}" ]; then page "$src"; else chapter_page "$src"; fi
  done
  if [ $want_pdf -eq 1 ]; then
    print_edition "$out" "${pages[@]}"
  fi
  prune_figures "$out/html"
  # scripts/preview shows the page first and builds the search right after (BOOK_SEARCH=later).
  [ "${BOOK_SEARCH:-}" = later ] || search_index "$out/html"
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
for src in "${pages[@]}"; do
  if [ "$src" = "${pages[0]}" ]; then page "$src" & else chapter_page "$src" & fi
  pids+=($!)
done
# epub FILE: the EPUB, with a cover drawn from the title (book/epub/cover.sh)
# and its landmarks named in Chinese (book/epub/landmarks.py).
epub() {
  bash "$book/epub/cover.sh" "$book/metadata.yaml" "$out/cover.png" || return 1
  # The EPUB's date (dcterms:modified; its files' times, landmarks.py) is the last commit's, so
  # the same book is the same file. A tree without git history gets the time of the render.
  local epoch
  epoch=$(git -C "$root" log -1 --format=%ct 2>/dev/null) || epoch=
  [ -n "$epoch" ] && export SOURCE_DATE_EPOCH=$epoch
  output "$1" "the EPUB" --to epub3 --css "$book/book.css" --css "$book/epub.css" \
    --lua-filter "$book/filters/paged.lua" --epub-cover-image "$out/cover.png" \
    --toc --toc-depth=2 --metadata toc-title=目录 --epub-chapter-level=1 \
    "${pages[@]}" || return 1
  python3 "$book/epub/landmarks.py" "$1"
}
# BOOK_FORMATS=html: the pages alone, no EPUB and no PDF (book/render-cache's steps that check
# only pages); the EPUB and the PDF already in OUT stay as they were.
html_only=0
[ "${BOOK_FORMATS:-}" != html ] || html_only=1
if [ $html_only -eq 0 ]; then
  epub "$out/book.epub" & pids+=($!)
  print_edition "$out" "${pages[@]}" & pids+=($!)
fi
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
[ $failed -ne 0 ] || { prune_figures "$out/html" && search_index "$out/html"; } || failed=1
if [ $failed -ne 0 ]; then
  # The PDF's LaTeX source and log stay in OUT/print/ to read the error in.
  rm -rf "$final/html" "$final/book.epub" "$final/book.pdf"
  exit 1
fi
if [ $html_only -eq 0 ]; then
  mv -f "$out/book.epub" "$final/book.epub"
  mv -f "$out/book.pdf" "$final/book.pdf"
fi
[ ! -d "$final/html" ] || mv "$final/html" "$out/html.old"
mv "$out/html" "$final/html"
