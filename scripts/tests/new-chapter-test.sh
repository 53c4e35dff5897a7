#!/usr/bin/env bash
# new-chapter-test.sh WORK_DIR [RENDER_DIR]: the chapter template cannot rot. RENDER_DIR: the
# tree's finished render (ctest's book/render) the copy's render starts from; none, from nothing.
#
# In a copy of the tree made for this run (WORK_DIR/run.XXXXXX/tree, the sources
# only, so two runs never share one; removed when the run passes, kept with its
# logs when it fails; ccache serves common/ from the tree's own build, CMakeLists.txt) it runs
# `scripts/new-chapter NN-template-check`, NN the highest chapter number the book
# does not use, which configures the copy, builds the new program and writes its golden
# files; then it builds the chapter's unit tests, runs the new chapter's ctest
# tests (golden, unit, cli: each label must have at least one), and the book's
# tests with the new page (render, outputs, prose numbers, contents, EPUB, PDF).
# In the same copy and build, a second chapter (NN-plotless-check, the next free number)
# is made from the template and stripped of --plot as the docs allow
# (scripts/tests/plotless-chapter.py): its own tests, the book-wide chapters/... checks and
# the book's run on it too, so a plot-less template chapter passes what the suite checks.
# Only the new chapters' targets are built (through ccache when installed), not
# the other chapters. ctest runs it as scripts/new-chapter (label template).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: $0 WORK_DIR" >&2; exit 2; }
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
start_template_run new-chapter-test "$1" "$root"
# The search's npm packages: the tree's, not an install of their own in the copy (book/search/npm-deps.sh).
export BOOK_SEARCH_DEPS=${BOOK_SEARCH_DEPS:-$root/build/search-deps}
step "copied the sources"

(cd "$tree" && scripts/new-chapter "$chapter") >"$run/new-chapter.log" 2>&1 ||
  { tail -n 40 "$run/new-chapter.log"; fail "scripts/new-chapter $chapter (log: $run/new-chapter.log)"; }
step "scripts/new-chapter $chapter (configure, build $program, golden files)"

# The second chapter: from the template without a build, --plot dropped, then configured,
# built and its golden files written as scripts/new-chapter does.
plotless=$(free_chapter_number "$tree")-plotless-check
plotless_program=plotless_check
(cd "$tree" && scripts/new-chapter --no-build "$plotless" && python3 scripts/tests/plotless-chapter.py . "$plotless" &&
  cmake --preset default >/dev/null && cmake --build build --target "$plotless_program" -j2 &&
  env PLOTLESS_CHECK="$tree/build/chapters/$plotless/$plotless_program" scripts/update-golden "${plotless%%-*}" --write) \
  >"$run/plotless.log" 2>&1 || { tail -n 40 "$run/plotless.log"; fail "the plot-less chapter $plotless (log: $run/plotless.log)"; }
grep -q -- '^--plot' <("$tree/build/chapters/$plotless/${plotless_program}_flag_table") &&
  fail "$plotless still has --plot in its flag table"
step "scripts/new-chapter --no-build $plotless, --plot dropped, built, golden files"

(cd "$tree" && cmake --build build --target "${program}_unit_tests" "${plotless_program}_unit_tests" -j2) >"$run/build.log" 2>&1 ||
  { tail -n 40 "$run/build.log"; fail "build the new chapters' unit tests (log: $run/build.log)"; }
step "built ${program}_unit_tests, ${plotless_program}_unit_tests"

# The book's checks run every chapter's program (book/commands types each `$ …` line the book
# prints; book/style-programs reads each --help): build them all (ccache serves the tree's objects).
programs=$(awk '!/^[[:space:]]*(#|$)/ && NF >= 2 {print $2}' "$tree/chapters/chapters.list")
# shellcheck disable=SC2086  # one target per word
(cd "$tree" && cmake --build build --target $programs -j2) >"$run/build-all.log" 2>&1 ||
  { tail -n 40 "$run/build-all.log"; fail "build every chapter's program (log: $run/build-all.log)"; }
step "built every chapter's program: $(echo $programs)"

for new in "$chapter" "$plotless"; do
  for label in golden unit cli; do
    listed=$(cd "$tree/build" && ctest -N -L "^$label\$" -R "^$new/" | sed -n 's/^Total Tests: //p')
    [ "${listed:-0}" -gt 0 ] || fail "ctest -L $label has no test of $new"
  done
done
# Their own tests, and the book-wide checks (chapters/...: flag table, hostile environment,
# golden files, test names) for them alone: the copy built only them.
(cd "$tree/build" && LEDGER_CHECK_CHAPTERS="$chapter $plotless" ctest -R "^($chapter|$plotless|chapters)/" -LE template \
  --output-on-failure -j2) >"$run/ctest.log" 2>&1 ||
  { tail -n 60 "$run/ctest.log"; fail "the new chapters' tests (log: $run/ctest.log)"; }
grep -q 'chapters/hostile-environment .*Passed' "$run/ctest.log" || fail "chapters/hostile-environment did not run (log: $run/ctest.log)"
step "ctest -R '^($chapter|$plotless|chapters)/': $(grep -o 'tests passed, 0 tests failed out of [0-9]*' "$run/ctest.log" | tail -1)"

# The whole book with the new page: HTML (linked from the contents), EPUB and PDF,
# and every book check of the pages (its outputs, prose numbers, cross-references,
# widths, print sizes, figures in gray; book/chapter-render renders the last chapter,
# the new one, alone). Left out: the tests of the tools rather than the pages (the
# filters', the style rules' and the search's, which types fixed queries; the render's
# reproducibility and the checks' filter, which render and measure books of their own:
# book/reproducible renders the whole book once more, PDF included, to test render.sh, not a
# page; the run control's freshness rule and the checks' planted faults, on pages of their own), the mutation proof, and book/sidebar, which drives ☰ 目录 on the longest
# chapter pages (the tree's: a template page is short; the toggle is every page's, from
# book/html/page.html, not the chapter template's): scripts/test runs them on the tree itself.
# The check in Chromium book/html-layout measures outputs, contrast and axe only on the pages
# the new chapters can change (BOOK_CHECK_CHAPTERS, book/tests/page_filter.py: theirs, the contents
# and 勘误与变更); the other pages are the tree's, which its own runs check whole.
tools_tests='^book/(numbers-filter|numbers-mutation|crossref-filter|plain-code|sources|style-rules|search|search-terms|reproducible|page-filter|run-control-fresh|.*-planted|style-programs-rules|sidebar)$'
if [ "$(cd "$tree/build" && ctest -N -L '^book$' | sed -n 's/^Total Tests: //p')" -gt 0 ]; then
  (cd "$tree/build" && BOOK_CHECK_CHAPTERS="$chapter $plotless" ctest -L '^book$' -E "$tools_tests" --output-on-failure -j2) \
    >"$run/book.log" 2>&1 ||
    { tail -n 60 "$run/book.log"; fail "the book's tests with the new chapter (log: $run/book.log)"; }
  for new in "$chapter" "$plotless"; do
    grep -q "href=\"$new.html\"" "$tree/build/book/test-render/html/index.html" ||
      fail "the contents page does not link $new.html"
  done
  step "the book's tests with book/$chapter.md, book/$plotless.md: $(grep -o 'tests passed, 0 tests failed out of [0-9]*' "$run/book.log" | tail -1)"
fi
echo "new-chapter-test: ok in $((SECONDS - start)) s"
