#!/usr/bin/env bash
# render_cache.sh RENDER_DIR WORK_DIR: book/render.sh makes again only what changed (its cache,
# OUT/.cache/, and latexmk's LaTeX folder, OUT/print/), what it makes again is right, and the book
# is the same bytes wherever and whenever it is rendered. RENDER_DIR is the book/render fixture's
# render of this tree (build/book/test-render: ctest runs book/render first), made from nothing
# or, as often, from its cache. In a copy of the tree at another path (with a space and Chinese in
# it), the whole book (its pages, the EPUB and the PDF, as build-book's gate renders it) is
# rendered from nothing, later, then again after each change (steps 4 to 7 check pages only:
# they render the pages alone, BOOK_FORMATS=html):
#   1. from nothing: every published file (html/ and what is in it, book.epub, book.pdf) is byte
#      for byte the fixture's, so a render from the cache is the render from nothing, here or
#      elsewhere (one render for both claims: each cost a render from nothing, PDF included);
#   2. nothing changed: no cache entry is written again, and latexmk typesets nothing;
#      2a. a kept page unlike the file its record was written for: made again;
#      2b. a new date alone (a commit of the copy's own): the EPUB and the PDF are made again and
#      carry it; no page is rendered again;
#   3. a golden output the page shows gets a new line: page 02, the PDF's LaTeX and the PDF
#      show it; the pages that do not read it (the contents, 28, 36) are left as they were;
#   4. a sentence added to page 02's prose: page 02 shows it, the other pages (which take only
#      its titles and numbered figures from it) are left as they were;
#   5. page 02's title changed: every page's contents shows the new title;
#   6. an entry's title in book/sources/references.yaml changed: page 36 shows it, the index
#      (which cites nothing) is left as it was;
#   7. a stored passage no longer holds what page 36 quotes: the render fails, naming it.
# The steps edit chapters 02, 28 and 36, which the book must have; its other chapters are
# rendered too (step 1 is the whole book's), so steps 2b and 3 typeset the whole book.
# On failure it names the step and keeps WORK_DIR with the renders' logs.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 2 ] || { echo "usage: render_cache.sh RENDER_DIR WORK_DIR" >&2; exit 2; }
fixture=$1
if [ ! -f "$fixture/html/index.html" ] || [ ! -f "$fixture/book.epub" ] || [ ! -f "$fixture/book.pdf" ]; then
  echo "render-cache: $fixture holds no whole render (html/, book.epub, book.pdf): run book/render first" \
    "(ctest does, book/render is this test's fixture)" >&2
  exit 2
fi
fixture=$(cd "$fixture" && pwd)
# The fixture's EPUB and PDF are those of this tree only when it rendered every format.
[ -z "${BOOK_FORMATS:-}" ] || {
  echo "render-cache: BOOK_FORMATS=$BOOK_FORMATS is set: the fixture kept an older EPUB and PDF; unset it" >&2
  exit 2
}
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
work=$(fresh_work_dir "$2")
tree="$work/另一 份/tree"
out=$work/out
fail() { echo "render-cache: FAILED: $*" >&2; echo "render-cache: logs in $work" >&2; exit 1; }

copy_sources "$root" "$tree"
for chapter in 02-op-traffic 28-op-ledger 36-head-roofline; do
  grep -q "^$chapter[[:space:]]" "$tree/chapters/chapters.list" || fail "chapter $chapter, which the steps edit, is not in chapters/chapters.list"
done
epoch=$(git -C "$root" log -1 --format=%ct 2>/dev/null) || fail "$root is not a git work tree with a commit (the book's date)"
[ "$(git -C "$tree" log -1 --format=%ct 2>/dev/null)" = "$epoch" ] ||
  fail "the copy $tree does not see the tree's last commit (the book's date): WORK_DIR must be inside the tree"
# What the fixture's render read from outside the sources, the copy's reads too: the search's
# packages (book/search/npm-deps.sh; no `npm ci` of its own) and the run control's wasm programs
# (book/run/assets.sh: the tree's build-wasm/, or none, as for the fixture).
export BOOK_SEARCH_DEPS=${BOOK_SEARCH_DEPS:-$root/build/search-deps}
export BOOK_WASM_DIR=${BOOK_WASM_DIR:-$root/build-wasm}

render() {
  bash "$tree/book/render.sh" "$out" >"$work/render-$1.log" 2>&1 ||
    { tail -n 30 "$work/render-$1.log" >&2; fail "render $1 failed (log: $work/render-$1.log)"; }
}
# pages_render STEP: the pages alone (BOOK_FORMATS=html), for the steps that check only pages:
# XeLaTeX typesetting the PDF anew was most of what each of them cost.
pages_render() { BOOK_FORMATS=html render "$1"; }
# stamps: each cache entry's modification time (a kept file, its record <entry>.json, the fonts),
# one `<entry> <time>` line per file.
stamps() { (cd "$out/.cache" && find . -type f ! -name derived-now -printf '%P %T@\n' | LC_ALL=C sort); }

# unchanged_pages STEP ENTRY...: each ENTRY's cache files are as they were in $before (the stamps
# taken before STEP): STEP did not make it again.
unchanged_pages() {
  local step=$1 entry
  shift
  for entry in "$@"; do
    [ "$(stamps | grep "^$entry ")" = "$(echo "$before" | grep "^$entry ")" ] ||
      fail "$step rendered $entry again"
  done
}

# Rendered apart: a date taken from the clock would differ from the fixture's.
newest=$(stat -c %Y "$fixture/html/index.html" "$fixture/book.epub" "$fixture/book.pdf" | sort -n | tail -n 1)
while [ "$(date +%s)" -le "$newest" ]; do sleep 0.2; done
render first
for entry in index.html 02-op-traffic.html 28-op-ledger.html 36-head-roofline.html book.tex book.epub; do
  [ -f "$out/.cache/$entry" ] && [ -f "$out/.cache/$entry.json" ] || fail "render 1 kept no $entry in the cache"
done
# The page's record (book/render_memo.py) names the golden output it shows, with its bytes' SHA-256.
python3 -c 'import json, re, sys; sys.exit(not re.fullmatch("[0-9a-f]{64}", json.load(open(sys.argv[1]))["reads"].get(sys.argv[2]) or ""))' \
  "$out/.cache/02-op-traffic.html.json" golden/02-op-traffic/default.txt ||
  fail "the page's record does not name the golden output it shows (golden/02-op-traffic/default.txt)"
published() { (cd "$1" && find html book.epub book.pdf -type f ! -path '*/.cache/*' | LC_ALL=C sort); }
stale="(is $fixture the render of this tree as it is now? ctest renders it first, unless told -FA)"
[ "$(published "$fixture")" = "$(published "$out")" ] ||
  fail "render 1 publishes other files than the fixture $stale: $(diff <(published "$fixture") <(published "$out") | head -n 5)"
files=$(published "$out")
grep -q '^book.pdf$' <<<"$files" && grep -q '^book.epub$' <<<"$files" || fail "render 1 published no PDF or EPUB"
differ=()
while read -r f; do cmp -s "$fixture/$f" "$out/$f" || differ+=("$f"); done <<<"$files"
[ ${#differ[@]} -eq 0 ] || fail "render 1: ${#differ[@]} file(s) differ from the fixture's $stale: ${differ[*]:0:8}"
echo "render-cache: render 1, from nothing at another path, later: $(wc -l <<<"$files") published files byte for byte the fixture's ($fixture)"
before=$(stamps)

render unchanged
[ "$(stamps)" = "$before" ] || fail "render 2, nothing changed, wrote cache entries again: $(diff <(echo "$before") <(stamps) | grep '^>')"
grep -q "Nothing to do for 'book.tex'" "$out/print/latexmk.log" ||
  fail "render 2, nothing changed, typeset the PDF again (print/latexmk.log: $(tr '\n' ' ' <"$out/print/latexmk.log"))"

# 2a. A kept page that is not the file its record was written for (a cache copied while a render
# wrote it, as a copy seeded from the tree's render could be, or edited by hand): made again.
printf '<!-- torn -->' >>"$out/.cache/28-op-ledger.html"
pages_render torn
cmp -s "$fixture/html/28-op-ledger.html" "$out/html/28-op-ledger.html" ||
  fail "render 2a: a kept page unlike its record's was published as the render (28-op-ledger.html)"
cmp -s "$fixture/html/28-op-ledger.html" "$out/.cache/28-op-ledger.html" ||
  fail "render 2a: the cache still keeps the page unlike its record's (28-op-ledger.html)"

# 2b. A new date alone, as build-book meets it: a commit that changed no page. The copy becomes a
# repository of its own, its one commit dated 2023-11-14 22:13:20 UTC (render.sh reads the book's
# date from git). The EPUB is made again with the new date; the LaTeX is the same, and the PDF is
# typeset anyway with the new date (latexmk alone would keep the last PDF and its dates); no page
# is rendered again (they carry no date).
git -C "$tree" init -q && git -C "$tree" add -A &&
  GIT_AUTHOR_DATE=@1700000000 GIT_COMMITTER_DATE=@1700000000 \
    git -C "$tree" -c user.name=render-cache -c user.email=render-cache@localhost -c commit.gpgsign=false \
      -c core.hooksPath=/dev/null commit -qm "a later commit" ||
  fail "could not make the copy a repository with a commit of its own"
[ "$(git -C "$tree" log -1 --format=%ct)" = 1700000000 ] || fail "the copy's commit is not dated 1700000000"
before=$(stamps)
render dated
TZ=UTC pdfinfo "$out/book.pdf" | grep -q '^CreationDate: *Tue Nov 14 22:13:20 2023 UTC$' ||
  fail "render 2b, a new commit's date and the same LaTeX, kept the PDF's old date: $(TZ=UTC pdfinfo "$out/book.pdf" | grep CreationDate)"
epub_date=$(python3 -c 'import re, sys, zipfile
print(re.search(r"dcterms:modified\">([^<]*)", zipfile.ZipFile(sys.argv[1]).read("EPUB/content.opf").decode())[1])' "$out/book.epub") ||
  fail "render 2b: no dcterms:modified in the EPUB's EPUB/content.opf"
[ "$epub_date" = 2023-11-14T22:13:20Z ] || fail "render 2b, a new commit's date, gave the EPUB the date $epub_date"
unchanged_pages "render 2b (a new commit's date alone)" \
  index.html 02-op-traffic.html 28-op-ledger.html 36-head-roofline.html errata.html book.tex
before=$(stamps)

marker="render-cache-check 271828"
echo " $marker" >>"$tree/golden/02-op-traffic/default.txt"
render changed
grep -q "$marker" "$out/html/02-op-traffic.html" || fail "render 3: page 02 does not show the golden output's new line"
grep -q "$marker" "$out/print/book.tex" || fail "render 3: the PDF's LaTeX does not show the golden output's new line"
pdftotext "$out/book.pdf" "$work/book.txt" && grep -q "$marker" "$work/book.txt" || fail "render 3: the PDF does not show the golden output's new line"
unchanged_pages "render 3 (a line added to golden/02-op-traffic/default.txt, which they do not read)" \
  index.html 28-op-ledger.html 36-head-roofline.html

sentence="渲染缓存检查用的一句话。"
printf '\n%s\n' "$sentence" >>"$tree/book/02-op-traffic.md"
pages_render prose
grep -q "$sentence" "$out/html/02-op-traffic.html" || fail "render 4: page 02 does not show the sentence added to its prose"
unchanged_pages "render 4 (a sentence added to page 02, its titles and figures unchanged)" \
  index.html 28-op-ledger.html 36-head-roofline.html

title=$(grep -m 1 '^# ' "$tree/book/02-op-traffic.md")
sed -i "0,/^# /s/^\(# .*\)$/\1（缓存检查）/" "$tree/book/02-op-traffic.md"
[ "$(grep -m 1 '^# ' "$tree/book/02-op-traffic.md")" = "$title（缓存检查）" ] || fail "could not change page 02's title ($title)"
pages_render title
for page in index 28-op-ledger 36-head-roofline; do
  grep -q "（缓存检查）" "$out/html/$page.html" || fail "render 5: $page.html's contents do not show page 02's new title"
done

# The sources (book/filters/sources.lua): a bibliography entry's new title reaches the pages
# that cite it, not the index (which cites nothing); a stored passage that no longer holds what
# page 36 quotes fails the render, so the page is not taken from the cache.
sed -i 's/^  title: Ascend Sparse Attention Forward 算法与优化技术简析$/&（缓存检查）/' "$tree/book/sources/references.yaml"
grep -q '算法与优化技术简析（缓存检查）' "$tree/book/sources/references.yaml" || fail "could not change the report's title in book/sources/references.yaml"
before=$(stamps)
pages_render bibliography
grep -q '算法与优化技术简析（缓存检查）' "$out/html/36-head-roofline.html" || fail "render 6: page 36 does not show the report's new title"
unchanged_pages "render 6 (a title in book/sources/references.yaml; the index cites nothing)" index.html
passages=$tree/book/sources/passages/flashmla-report.txt
sed -i 's/^> 华为昇腾 950 的每个 AI Core 具有一个 CUBE Core 和两个 VECTOR Core$/> 华为昇腾 950 的每个 AI Core 具有一个 CUBE Core/' "$passages"
grep -qx '> 华为昇腾 950 的每个 AI Core 具有一个 CUBE Core' "$passages" || fail "could not shorten the passage @cores of $passages"
if BOOK_FORMATS=html bash "$tree/book/render.sh" "$out" >"$work/render-passage.log" 2>&1; then
  fail "render 7: page 36 quotes a passage that no longer holds the quote, and the render passed (a page from the cache?)"
fi
grep -q 'is not in passage @cores' "$work/render-passage.log" || fail "render 7 failed without naming the passage @cores (log: $work/render-passage.log)"
rm -rf "$work"
echo "render-cache: ok (the render from nothing the fixture's bytes; nothing rendered again when nothing changed; a changed golden output reached page 02 and the PDF only; a prose edit rendered its page only; a new title reached every page; a bibliography edit reached the citing pages only; a changed passage failed the page that quotes it)"
