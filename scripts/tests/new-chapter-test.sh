#!/usr/bin/env bash
# new-chapter-test.sh WORK_DIR: the chapter template cannot rot.
#
# In a copy of the tree (WORK_DIR/tree, the sources only; kept between runs so
# its build folder stays warm) it runs `scripts/new-chapter 99-template-check`,
# which configures the copy, builds the new program and writes its golden
# files; then it builds the chapter's unit tests, runs the new chapter's ctest
# tests (golden, unit, cli: each label must have at least one), and the book's
# tests with the new page (render, outputs, prose numbers, contents, EPUB, PDF).
# Only the new chapter's targets are built (through ccache when installed), not
# the other chapters. ctest runs it as scripts/new-chapter (label template).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: $0 WORK_DIR" >&2; exit 2; }
mkdir -p "$1"
work=$(cd "$1" && pwd)
tree=$work/tree
chapter=99-template-check program=template_check
start=$SECONDS
step() { printf 'new-chapter-test: %-60s (%ds)\n' "$1" $((SECONDS - start)); }
fail() { echo "new-chapter-test: FAILED: $*" >&2; exit 1; }

mkdir -p "$tree"
find "$tree" -mindepth 1 -maxdepth 1 ! -name build -exec rm -rf {} +
tar -C "$root" --exclude='./build*' --exclude='./.git' -cf - . | tar -C "$tree" -xf -
step "copied the sources"

if command -v ccache >/dev/null; then export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$tree}; fi
(cd "$tree" && scripts/new-chapter "$chapter") >"$work/new-chapter.log" 2>&1 ||
  { tail -n 40 "$work/new-chapter.log"; fail "scripts/new-chapter $chapter (log: $work/new-chapter.log)"; }
step "scripts/new-chapter $chapter (configure, build $program, golden files)"

(cd "$tree" && cmake --build build --target "${program}_unit_tests" -j2) >"$work/build.log" 2>&1 ||
  { tail -n 40 "$work/build.log"; fail "build ${program}_unit_tests (log: $work/build.log)"; }
step "built ${program}_unit_tests"

for label in golden unit cli; do
  listed=$(cd "$tree/build" && ctest -N -L "^$label\$" -R "^$chapter/" | sed -n 's/^Total Tests: //p')
  [ "${listed:-0}" -gt 0 ] || fail "ctest -L $label has no test of $chapter"
done
(cd "$tree/build" && ctest -R "^$chapter/" -LE template --output-on-failure -j2) >"$work/ctest.log" 2>&1 ||
  { tail -n 60 "$work/ctest.log"; fail "the new chapter's tests (log: $work/ctest.log)"; }
step "ctest -R '^$chapter/': $(grep -o 'tests passed, 0 tests failed out of [0-9]*' "$work/ctest.log" | tail -1)"

# The whole book with the new page: HTML (linked from the contents), EPUB and PDF,
# and every book check (its outputs, prose numbers, cross-references) but the mutation proof.
if [ "$(cd "$tree/build" && ctest -N -L '^book$' | sed -n 's/^Total Tests: //p')" -gt 0 ]; then
  (cd "$tree/build" && ctest -L '^book$' -LE mutation --output-on-failure -j2) >"$work/book.log" 2>&1 ||
    { tail -n 60 "$work/book.log"; fail "the book's tests with the new chapter (log: $work/book.log)"; }
  grep -q "href=\"$chapter.html\"" "$tree/build/book/test-render/html/index.html" ||
    fail "the contents page does not link $chapter.html"
  step "the book's tests with book/$chapter.md: $(grep -o 'tests passed, 0 tests failed out of [0-9]*' "$work/book.log" | tail -1)"
fi
echo "new-chapter-test: ok in $((SECONDS - start)) s"
