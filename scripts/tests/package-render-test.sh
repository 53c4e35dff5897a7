#!/usr/bin/env bash
# package-render-test.sh: scripts/package makes a package only from the render scripts/build-book's
# gate tested on a clean commit that is still HEAD (build/book/gated.txt; docs/install.md). In a
# scratch copy of the tree's sources (a git repository of its own), build-book and package run
# for real with stand-ins for what they drive (cmake, ctest, scripts/install-deps), as in
# build-book-publish-test.sh:
#   1. build-book on a clean commit: package takes the book (it goes on to build with that commit);
#   2. a page rewritten afterwards, as scripts/preview or rebuild-chapter render it: refused;
#   3. a commit made after the gate: refused, naming both commits;
#   4. build-book on a tree with an uncommitted change, then the change undone: refused, and
#      build-book said no package can be made of that book.
# ctest runs it as scripts/package-render (labels cli and tools).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
scratch_tree "$root"
fail() { echo "package-render-test: FAILED: $*" >&2; exit 1; }
git_identity package-render-test
stubs=$scratch/bin
mkdir -p "$stubs"
# cmake: build-book's configure and build succeed; package's build (-DBOOK_BUILD_COMMIT=...) is
# recorded and fails, which stops package once it has taken the book.
cat >"$stubs/cmake" <<'EOF'
#!/bin/sh
echo "$*" >>"$STUB_CMAKE"
case "$*" in *-DBOOK_BUILD_COMMIT=?*) exit 1 ;; esac
mkdir -p build && : >build/CPackConfig.cmake
EOF
# ctest --preset default plays the gate's book/render: it writes build/book/test-render.
cat >"$stubs/ctest" <<'EOF'
#!/bin/sh
case " $* " in *" --preset default "*) ;; *) exit 0 ;; esac
out=build/book/test-render
rm -rf "$out" && mkdir -p "$out/html/run"
echo "<html>gated</html>" >"$out/html/index.html"
echo "// run.js" >"$out/html/run/run.js"
echo pdf >"$out/book.pdf"
echo epub >"$out/book.epub"
EOF
printf '#!/bin/sh\nexit 0\n' >"$tree/scripts/install-deps"
chmod +x "$stubs"/* "$tree/scripts/install-deps"
export STUB_CMAKE=$scratch/cmake.log PATH="$stubs:$PATH"
unset LEDGER_SUITE_LOCK
cd "$tree"
git init -q . && git add -A && git commit -qm "the book"
build_book() { scripts/build-book >"$scratch/build-book.out" 2>&1 || { cat "$scratch/build-book.out"; fail "build-book"; }; }
# refused NAME PATTERN: scripts/package exits 1 with a line matching PATTERN, before building.
refused() {
  local status=0
  : >"$STUB_CMAKE"
  scripts/package >/dev/null 2>"$scratch/package.err" || status=$?
  [ "$status" -eq 1 ] && grep -qE "$2" "$scratch/package.err" ||
    { cat "$scratch/package.err" >&2; fail "$1: package exited $status without '$2'"; }
  ! grep -q BOOK_BUILD_COMMIT=. "$STUB_CMAKE" || fail "$1: package went on to build"
  echo "ok   $1: $(head -n 1 "$scratch/package.err" | cut -c1-140)"
}

build_book
: >"$STUB_CMAKE"
scripts/package >/dev/null 2>"$scratch/package.err" || true
grep -q "BOOK_BUILD_COMMIT=$(git rev-parse HEAD)" "$STUB_CMAKE" ||
  { cat "$scratch/package.err" >&2; fail "package refused the book build-book's gate tested on this commit"; }
echo "ok   the render gated on this commit is packaged"

echo "<html>an untested draft sentence</html>" >build/book/html/index.html
refused "a page rendered after the gate (scripts/preview)" 'build/book/ changed after scripts/build-book'"'"'s gate tested it'

build_book
gated=$(git rev-parse HEAD)
echo "a change" >>README.md && git commit -qam "after the gate"
refused "a commit made after the gate" "build/book/ is the render gated at commit ${gated:0:12}, HEAD is $(git rev-parse --short=12 HEAD)"

echo "uncommitted" >>README.md
build_book
grep -q 'no package can be made of this book' "$scratch/build-book.out" || fail "build-book did not say its book cannot be packaged"
git checkout -q README.md
refused "a render of uncommitted changes" 'build/book/ is no render that scripts/build-book'"'"'s gate tested on a clean commit'
echo "package-render-test: ok"
