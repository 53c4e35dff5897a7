#!/usr/bin/env bash
# Renders the book with Pandoc. It reads only book/, golden/ and the sources;
# it builds and tests nothing (scripts/build-book runs the gate first).
#
# Usage: book/render.sh [--pdf] OUT_DIR [CHAPTER...]
#   no CHAPTER  OUT_DIR/html/ (index.html, one page per chapter, book.css, figures/),
#               OUT_DIR/book.epub and OUT_DIR/book.pdf (the print edition)
#   CHAPTER     OUT_DIR/html/<chapter>.html, book.css and figures/, and every other page (so its
#               contents and next/previous links work); `28` or `28-op-ledger`, or `index` (the
#               contents and colophon) or `errata` (勘误与变更); with --pdf also
#               OUT_DIR/book.pdf (the whole book); the search index too, unless BOOK_SEARCH=later
#               (the caller runs book/search/build.sh OUT_DIR/html itself)
# A missing golden file or code region, an unresolved reference or a number that no longer
# matches its source makes Pandoc fail, naming it. The PDF's LaTeX source, log and figures stay in
# OUT_DIR/print/. What is made again is what OUT_DIR/build.ninja finds out of date (docs/book.md,
# "How the render works"); ninja runs `render.sh --step KIND NAME` in OUT_DIR for each edge.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
book=$root/book
# shellcheck source=book/chapters.sh
source "$book/chapters.sh"

# The 参考文献's style, GB/T 7714-2015 numeric (docs/sources.md), as step_csl gives it to Pandoc.
debian_csl=/usr/share/citation-style-language/styles/china-national-standard-gb-t-7714-2015-numeric.csl
book_csl=.state/book.csl
common=(--from markdown+east_asian_line_breaks --metadata-file "$book/metadata.yaml" --mathml --highlight-style "$book/code.theme"
        --lua-filter "$book/filters/numbers.lua" --lua-filter "$book/filters/editions.lua" --lua-filter "$book/filters/golden.lua"
        --lua-filter "$book/filters/excerpt.lua" --lua-filter "$book/filters/crossref.lua" --lua-filter "$book/filters/glossary.lua"
        --lua-filter "$book/filters/page.lua" --lua-filter "$book/filters/columns.lua" --lua-filter "$book/filters/sources.lua"
        --citeproc --csl "$book_csl" --lua-filter "$book/filters/sources_marks.lua")

# The book's pages in reading order: the index, every chapter, the appendix 勘误与变更.
page_names() {
  echo index
  book_chapters | cut -d' ' -f1
  echo errata
}

# render_pandoc TARGET LABEL PANDOC_ARGS...: TARGET through TARGET.tmp, so a failed render leaves
# no half-written file, and left untouched when the bytes are the same (restat); every file the
# filters read goes into TARGET.d, Ninja's depfile.
render_pandoc() {
  local target=$1 label=$2 log=$1.reads
  shift 2
  rm -f "$log"
  if ! BOOK_READ_LOG=$PWD/$log BOOK_SUMMARY_DIR=$PWD/.summaries pandoc "${common[@]}" "$@" -o "$target.tmp"; then
    rm -f "$target.tmp" "$log"
    echo "render: FAILED: $label" >&2
    return 1
  fi
  if [ -f "$target" ] && cmp -s "$target.tmp" "$target"; then
    rm -f "$target.tmp"
  else
    mv -f "$target.tmp" "$target"
  fi
  depfile "$target" "$log" >"$target.d"
  rm -f "$log"
}

# depfile TARGET READ_LOG: Ninja's depfile from repo.lua's log (`<sha1>  <path>`; `-` for a missing
# file and `@<what>:<page>` for a summary, neither a file).
depfile() {
  printf '%s:' "$1"
  # The root is escaped too: a folder named with a space made every input two missing files.
  [ ! -f "$2" ] || LC_ALL=C awk -v root="$root/" '
    function escaped(p) { gsub(/ /, "\\ ", p); gsub(/#/, "\\#", p); gsub(/\$/, "$$", p); return p }
    $1 == "-" { next }
    { path = substr($0, length($1) + 3) }
    path ~ /^@/ || seen[path]++ { next }
    { printf " \\\n  %s", escaped((path ~ /^\// ? "" : root) path) }
  ' "$2"
  echo
}

# The steps Ninja runs, each in OUT_DIR (its working directory).
step_csl() {  # Debian's GB/T 7714 style on stdout
  # Pandoc 2.17's citeproc takes the names-delimiter (". ") for the one between names, printing
  # 「SHAH J. BIKSHANDI G.」 for 「SHAH J, BIKSHANDI G」: every <name> says its delimiter outright.
  sed 's|<name>|<name delimiter=", ">|g' "$debian_csl"
}
step_summary() {  # .summaries/NAME.outline, .numbered and .bound: what page NAME tells the others
  mkdir -p .summaries
  BOOK_SUMMARY_OUT=$PWD/.summaries/$1 \
    pandoc --from markdown+east_asian_line_breaks --to plain --lua-filter "$book/filters/summarize.lua" -o /dev/null "$book/$1.md"
}
step_page() {  # html/NAME.html, with the search box (book/search/) and, with the programs, the run control
  # No line wrapping: a browser drops a line break next to Chinese, and the space after math with it.
  local toc=(--toc --toc-depth=3) run=()
  [ "$1" != index ] || toc=()
  [ "$(cat .state/run-control)" != yes ] || run=(--include-after-body "$book/run/include.html")
  render_pandoc "html/$1.html" "book/$1.md" --to html5 --standalone --template "$book/html/page.html" \
    --wrap=none --css book.css --css page.css \
    --include-in-header "$book/search/head.html" --include-after-body "$book/search/after-body.html" \
    "${run[@]}" "${toc[@]}" "$book/$1.md"
}
step_copy() {  # html/NAME: a stylesheet as it is in the tree
  cp "$book/$2" "html/$1.tmp" && mv -f "html/$1.tmp" "html/$1"
}
step_chars() {  # .state/mono-chars: the characters the outputs' faces must hold, rewritten only when they change
  /usr/bin/python3 "$book/html/mono_fonts.py" chars "$root" .state/mono-chars .state/mono-chars.d
}
step_fonts() {  # html/fonts/: the outputs' monospace faces (Debian's Python: its python3-fonttools)
  /usr/bin/python3 "$book/html/mono_fonts.py" fonts .state/mono-chars html/fonts ||
    { echo "render: FAILED: the outputs' fonts (book/html/mono_fonts.py)" >&2; return 1; }
  touch .state/fonts.made
}
step_figures() {  # html/figures/: the full-size figures the pages link to, <chapter>--<name>.svg
  local svg name hit
  local -A linked=()
  rm -rf html/figures && mkdir -p html/figures
  while IFS= read -r hit; do linked[$hit]=1; done < <(grep -ohE 'figures/[A-Za-z0-9._-]+\.svg' html/*.html)
  for svg in "$root"/golden/*/*.svg; do
    [ -e "$svg" ] || continue
    name=${svg#"$root/golden/"}
    name=${name/\//--}
    [ -z "${linked[figures/$name]:-}" ] || cp "$svg" "html/figures/$name"
  done
  touch .state/figures.made
}
step_search() {  # html/search/: the search's index of the pages and its scripts
  "$book/search/build.sh" html || { echo "render: FAILED: the search index (book/search/build.sh)" >&2; return 1; }
}
step_epub() {  # book.epub, with a cover drawn from the title and its landmarks named in Chinese
  local pages=()
  mapfile -t pages < <(page_names | sed "s|.*|$book/&.md|")
  bash "$book/epub/cover.sh" "$book/metadata.yaml" cover.png || return 1
  # The EPUB's dates are the last commit's (.state/epoch), so the same book is the same file.
  local epoch
  epoch=$(cat .state/epoch)
  [ -z "$epoch" ] || export SOURCE_DATE_EPOCH=$epoch
  render_pandoc book.epub "the EPUB" --to epub3 --css "$book/book.css" --css "$book/epub.css" \
    --lua-filter "$book/filters/paged.lua" --epub-cover-image cover.png \
    --toc --toc-depth=2 --metadata toc-title=目录 --epub-chapter-level=1 "${pages[@]}" || return 1
  python3 "$book/epub/landmarks.py" book.epub
}
step_latex() {  # print/book.tex and its figures (SVG -> PDF, vector) in print/figures/
  local pages=()
  mapfile -t pages < <(page_names | sed "s|.*|$book/&.md|")
  mkdir -p print/figures
  BOOK_FIGURE_DIR=$PWD/print/figures render_pandoc print/book.tex "the PDF's LaTeX source" --to latex \
    --template "$book/print/book.latex" --top-level-division=chapter \
    --lua-filter "$book/filters/paged.lua" --lua-filter "$book/filters/print.lua" "${pages[@]}"
}
step_pdf() {  # book.pdf: latexmk runs XeLaTeX until the page numbers settle, then xdvipdfmx
  # The PDF's dates and /ID are the last commit's; -norc: no latexmkrc changes it. From nothing
  # each time: a typeset that starts from another text's .aux (book.latex's \shortpage records)
  # can settle on other page breaks (book/reproducible).
  local epoch
  epoch=$(cat .state/epoch)
  rm -f print/book.aux print/book.toc print/book.out print/book.fdb_latexmk print/book.xdv
  if ! (cd print && ${epoch:+env SOURCE_DATE_EPOCH=$epoch FORCE_SOURCE_DATE=1} \
          latexmk -norc -xelatex -g -interaction=batchmode -halt-on-error -silent book.tex >latexmk.log 2>&1); then
    rm -f print/book.fdb_latexmk  # typeset from the start next time
    grep -A8 '^!' print/book.log >&2 || tail -n 30 print/latexmk.log >&2
    echo "render: FAILED: the PDF (XeLaTeX; full log: print/book.log in the output folder)" >&2
    return 1
  fi
  cp print/book.pdf book.pdf.tmp && mv -f book.pdf.tmp book.pdf
}

if [ "${1:-}" = --step ]; then  # one edge of OUT_DIR/build.ninja, run by Ninja in OUT_DIR
  kind=$2
  shift 2
  "step_$kind" "$@"
  exit
fi

want_pdf=0
if [ "${1:-}" = --pdf ]; then want_pdf=1; shift; fi
[ $# -ge 1 ] || { sed -n '5,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
for tool in pandoc ninja; do
  command -v "$tool" >/dev/null || { echo "render: $tool not found (scripts/install-deps --book installs it)" >&2; exit 2; }
done
[ -f "$debian_csl" ] || { echo "render: $debian_csl not found (scripts/install-deps --book installs citation-style-language-styles)" >&2; exit 2; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
shift
names=$(page_names) || exit 2  # book_chapters named the broken line of chapters/chapters.list
while read -r name; do
  [ -f "$book/$name.md" ] || { echo "render: book/$name.md is missing (chapters/chapters.list lists $name)" >&2; exit 2; }
done <<<"$names"
named=() chapters=()
for arg in "$@"; do  # the contents and the 勘误与变更 page by their names, the chapters as chapters.sh resolves them
  case $arg in index | errata) named+=("$arg") ;; *) chapters+=("$arg") ;; esac
done
if [ ${#chapters[@]} -gt 0 ]; then
  resolved=$(resolve_chapters "${chapters[@]}") || exit 2  # the message names the unknown chapter
  while read -r chapter _; do named+=("$chapter"); done <<<"$resolved"
fi
rm -rf "$out/.cache" "$out/.render."*  # what an older render.sh left: nothing reads it

# What the edges read that is no file of the tree, written only when it changes: whether the run
# control's wasm programs are fresh (asked now, answered before Ninja starts), the last commit's
# time, the tools' versions.
# shellcheck source=book/run/assets.sh
source "$book/run/assets.sh"
wasm_check_start
state() {
  mkdir -p "$out/.state"
  [ -f "$out/.state/$1" ] && [ "$(cat "$out/.state/$1")" = "$2" ] || printf '%s\n' "$2" >"$out/.state/$1"
}
state epoch "$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo "${SOURCE_DATE_EPOCH:-}")"
state tools "$(pandoc --version | head -n 1; rsvg-convert --version 2>/dev/null || :)"
state book.csl "$(step_csl)"

# ninja_paths PATH...: the paths escaped for a Ninja build statement, joined by spaces.
ninja_paths() {
  local p=("${@//\$/\$\$}")
  p=("${p[@]// /\$ }")
  p=("${p[@]//:/\$:}")
  printf '%s' "${p[*]}"
}
filters=("$book"/filters/*.lua "$book"/filters/numbers/*.lua)
pandoc_in=$(ninja_paths "$book/render.sh" "${filters[@]}" "$book/metadata.yaml" "$book/code.theme" "$book_csl")
summaries=() bound=() pages_html=() page_md=() svgs=("$root"/golden/*/*.svg)
[ -e "${svgs[0]}" ] || svgs=()
while read -r name; do summaries+=(".summaries/$name.outline" ".summaries/$name.numbered"); bound+=(".summaries/$name.bound"); pages_html+=("html/$name.html"); page_md+=("$book/$name.md"); done <<<"$names"
{
  echo "# Written by book/render.sh at every render: what it makes, and from what. Never edit."
  echo "ninja_required_version = 1.10"
  echo "rule step"
  echo "  command = bash \"\$\$BOOK_RENDER_SH\" --step \$kind \$name"
  echo "rule read_step"
  echo "  command = bash \"\$\$BOOK_RENDER_SH\" --step \$kind \$name"
  echo "  depfile = \$out.d"
  echo "  deps = gcc"
  echo "  restat = 1"
  while read -r name; do
    echo "build .summaries/$name.outline .summaries/$name.numbered .summaries/$name.bound: step $(ninja_paths "$book/$name.md") |" \
      "$(ninja_paths "$book/render.sh" "$book/filters/summarize.lua" "$book/filters/summaries.lua" "$book/filters/repo.lua") .state/tools"
    echo "  kind = summary"
    echo "  name = $name"
    echo "  restat = 1"
    others=("${summaries[@]/#.summaries\/$name.*/}")  # its own comes from its blocks (repo.keep_own)
    [ "$name" != errata ] || others+=("${bound[@]}")  # 勘误与变更 alone lists the pages' bound numbers
    echo "build html/$name.html: read_step $(ninja_paths "$book/$name.md") | $pandoc_in ${others[*]} .state/tools .state/run-control" \
      "$(ninja_paths "$book/html/page.html" "$book/search/head.html" "$book/search/after-body.html" "$book/run/include.html")"
    echo "  kind = page"
    echo "  name = $name"
  done <<<"$names"
  echo "build html/book.css: step $(ninja_paths "$book/book.css")"
  echo "  kind = copy"
  echo "  name = book.css book.css"
  echo "build html/page.css: step $(ninja_paths "$book/html/page.css")"
  echo "  kind = copy"
  echo "  name = page.css html/page.css"
  echo "build .state/mono-chars: read_step $(ninja_paths "$book/html/mono_fonts.py")"
  echo "  kind = chars"
  echo "build .state/fonts.made: step .state/mono-chars $(ninja_paths "$book/html/mono_fonts.py")"
  echo "  kind = fonts"
  echo "build .state/figures.made: step ${pages_html[*]} | $(ninja_paths "$book/render.sh" "${svgs[@]}")"
  echo "  kind = figures"
  echo "build html/search/index.js: step ${pages_html[*]} | $(ninja_paths "$book/render.sh" "$book"/search/*.js "$book"/search/*.css "$book"/search/*.py "$book"/search/*.sh)"
  echo "  kind = search"
  book_md=$(ninja_paths "${page_md[@]}")
  echo "build book.epub: read_step $book_md | $pandoc_in ${summaries[*]} ${bound[*]} .state/tools .state/epoch" \
    "$(ninja_paths "$book/book.css" "$book/epub.css" "$book/epub/cover.sh" "$book/epub/landmarks.py")"
  echo "  kind = epub"
  echo "build print/book.tex: read_step $book_md | $pandoc_in ${summaries[*]} ${bound[*]} .state/tools $(ninja_paths "$book/print/book.latex")"
  echo "  kind = latex"
  echo "build book.pdf: step print/book.tex .state/epoch"
  echo "  kind = pdf"
} >"$out/build.ninja.tmp"
mv -f "$out/build.ninja.tmp" "$out/build.ninja"
if wasm_programs_built; then state run-control yes; else state run-control no; fi
mkdir -p "$out/html"
# What an earlier render made that this one does not (a chapter taken out): removed.
ninja -C "$out" -t cleandead >/dev/null

targets=("${pages_html[@]}" html/book.css html/page.css .state/fonts.made .state/figures.made)
if [ ${#named[@]} -eq 0 ]; then
  targets+=(book.epub book.pdf)
  targets+=(html/search/index.js)
else
  [ $want_pdf -eq 0 ] || targets+=(book.pdf)
  [ "${BOOK_SEARCH:-}" = later ] || targets+=(html/search/index.js)
fi
if ! BOOK_RENDER_SH=$book/render.sh ninja -C "$out" --quiet "${targets[@]}"; then
  # The whole book: nothing stale is left to read.
  [ ${#named[@]} -gt 0 ] || rm -f "$out/html/index.html" "$out/book.epub" "$out/book.pdf"
  echo "render: FAILED (the lines above name what)" >&2
  exit 1
fi
if wasm_programs_built; then copy_run_assets "$out/html"; else rm -rf "$out/html/run"; fi
