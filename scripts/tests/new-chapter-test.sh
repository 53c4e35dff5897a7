#!/usr/bin/env bash
# new-chapter-test.sh WORK_DIR: a chapter added in the middle of the reading order breaks
# nothing, and the chapter template cannot rot (issue 60).
#
# In a copy of the tree made for this run (WORK_DIR/书稿 run.XXXXXX/tree: a clone of the tree's
# repository with its work tree copied over it, as an author's clone, beside a link to ../shared; removed when the run passes, kept with its logs when it fails;
# ccache serves the compiles the tree's own build made) it runs `scripts/new-chapter
# NN-template-check`, NN a free number between the first two chapters of chapters/chapters.list,
# so the chapter is inserted in the middle of the reading order (configure, build, golden files).
# A second chapter, NN-plotless-check at the highest free number, is made from the template and
# stripped of --plot as the docs allow (scripts/tests/plotless-chapter.py). Then, as an author
# would after them, it builds the copy and runs `scripts/rebuild-chapter` on both chapters
# (every test that reads them: their own, the book-wide checks, the book's render and every
# check of its pages), which must have run the book's checks, and then the rest of the copy's
# default ctest: every test but the template's own (this one), the tools' tests included (scripts/test
# runs them only here). Last, the copy's sources must
# differ from the tree's only in the two chapters' own files and the registries new-chapter
# writes (chapters/chapters.list, book/numbers-allowlist.txt, editions/ids.txt).
# ctest runs it as scripts/new-chapter (label template).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: $0 WORK_DIR" >&2; exit 2; }
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
start_template_run new-chapter-test "$1" "$root"
# The search's npm packages: the tree's, not an install of their own in the copy (book/search/npm-deps.sh).
export BOOK_SEARCH_DEPS=${BOOK_SEARCH_DEPS:-$root/build/search-deps}
sources() { (cd "$tree" && find . \( -path ./.git -o -path ./build -o -path './build-*' -o -name __pycache__ \) -prune -o \
  -type f -print0 | sort -z | xargs -0 md5sum); }
sources >"$run/sources-before"
step "copied the sources"

(cd "$tree" && scripts/new-chapter "$chapter") >"$run/new-chapter.log" 2>&1 ||
  { tail -n 40 "$run/new-chapter.log"; fail "scripts/new-chapter $chapter (log: $run/new-chapter.log)"; }
listed=$(awk '!/^[[:space:]]*(#|$)/ {print $1}' "$tree/chapters/chapters.list")
[ "$(sed -n 2p <<<"$listed")" = "$chapter" ] ||
  fail "$chapter is not second in the reading order of chapters/chapters.list: $(echo $listed)"
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

# What an author runs next: every test that reads the two chapters, the book's included.
(cd "$tree" && scripts/rebuild-chapter "$chapter" "$plotless") >"$run/rebuild-chapter.log" 2>&1 ||
  { tail -n 60 "$run/rebuild-chapter.log"; fail "scripts/rebuild-chapter $chapter $plotless (log: $run/rebuild-chapter.log)"; }
for check in "$chapter/default" chapters/hostile-environment chapters/output-width scripts/check-format book/render \
  "book/$chapter/numbers" book/pdf; do
  grep -q "Test *#[0-9]*: $check[^ ]* .*Passed" "$run/rebuild-chapter.log" ||
    fail "scripts/rebuild-chapter $chapter did not run $check (log: $run/rebuild-chapter.log)"
done
# rebuild-chapter built the unit tests, whose cases ctest lists once built.
for new in "$chapter" "$plotless"; do
  for label in golden unit cli; do
    count=$(cd "$tree/build" && ctest -N -L "^$label\$" -R "^$new/" | sed -n 's/^Total Tests: //p')
    [ "${count:-0}" -gt 0 ] || fail "ctest -L $label has no test of $new"
  done
  grep -q "href=\"$new.html\"" "$tree/build/book/test-render/html/index.html" || fail "the contents page does not link $new.html"
done
# The tests it ran, by its selection (book/chapters.sh, chapter_tests).
mapfile -t selection < <(root=$tree bash -c 'source "$root/book/chapters.sh" && chapter_tests "$@"' _ "$chapter" "$plotless")
ran=$(cd "$tree/build" && ctest -N "${selection[@]}" | sed -n 's/^ *Test *#[0-9]*: //p')
step "scripts/rebuild-chapter $chapter $plotless: $(grep -o 'tests passed, 0 tests failed out of [0-9]*' "$run/rebuild-chapter.log")"

# The rest of the copy's default ctest: what rebuild-chapter left (the tools' tests, the mutation
# proof, the other chapters' and common's tests), all but this test itself. scripts/test runs the
# tools' tests only here (label tools), in a tree with two chapters inserted.
done_tests=$(python3 -c 'import re, sys; print("|".join(re.sub(r"([^A-Za-z0-9_/ -])", r"\\\1", n) for n in sys.argv[1].splitlines()))' "$ran")
(cd "$tree/build" && ctest -LE template -E "^($done_tests)\$" --output-on-failure -j2) >"$run/ctest.log" 2>&1 ||
  { failed_output "$run/ctest.log"; fail "the rest of the default ctest with $chapter and $plotless (log: $run/ctest.log)"; }
for check in scripts/editions scripts/errata-workflow scripts/preview docs; do
  grep -q "Test *#[0-9]*: $check .*Passed" "$run/ctest.log" || fail "the rest of the copy's ctest did not run $check (log: $run/ctest.log)"
done
step "the rest of the default ctest: $(grep -o 'tests passed, 0 tests failed out of [0-9]*' "$run/ctest.log")"

sources >"$run/sources-after"
edited=$(diff "$run/sources-before" "$run/sources-after" | sed -n 's/^[<>] [0-9a-f]*  \.\///p' | sort -u |
  grep -vE "^((chapters|golden)/($chapter|$plotless)/|book/($chapter|$plotless)\.md\$|chapters/chapters\.list\$|book/numbers-allowlist\.txt\$|editions/ids\.txt\$)" || true)
[ -z "$edited" ] || fail "files outside the new chapters and new-chapter's registries changed: $(echo $edited)"
echo "new-chapter-test: ok in $((SECONDS - start)) s"
