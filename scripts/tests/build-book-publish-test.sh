#!/usr/bin/env bash
# build-book-publish-test.sh: what scripts/build-book publishes is what its gate tested and
# what its summary names, whatever the environment says (issue 35, item 4). In a scratch copy
# of the tree's sources, scripts/build-book runs for real with stand-ins for what it drives
# (cmake, ctest, scripts/install-deps, scripts/package: each a few lines on PATH or in the
# copy), so the orchestration itself is under test in seconds:
#   1. BOOK_WASM_DIR set to another folder in the environment: the gate's render still gets this
#      tree's build-wasm/ (the stand-in ctest records what it was given).
#   2. the gate's render lacks html/run/run.js (a render without the run control): build-book
#      fails, names the missing control, and publishes nothing: the book published before stays,
#      byte for byte.
#   3. a complete render: published, and the summary names html/run/; both gates ran every test
#      but the labels left to scripts/test (layout, tools, mutation).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
scratch_tree "$root"
fail() { echo "build-book-publish-test: FAILED: $*" >&2; exit 1; }

# The stand-ins. ctest --preset default plays the gate's book/render: it writes
# build/book/test-render, with or without run/run.js as $scratch/render-mode says, and
# records the BOOK_WASM_DIR it ran under.
stubs=$scratch/bin
mkdir -p "$stubs"
printf '#!/bin/sh\nexit 0\n' >"$stubs/cmake"
cat >"$stubs/ctest" <<'EOF'
#!/usr/bin/env bash
set -eu
echo "${BOOK_WASM_DIR-unset}" >>"$STUB_LOG"
echo "$*" >>"$STUB_ARGS"
case " $* " in *" --preset default "*) ;; *) exit 0 ;; esac
out=build/book/test-render
rm -rf "$out" && mkdir -p "$out/html/run"
echo "<html>$(cat "$STUB_MODE")</html>" >"$out/html/index.html"
echo pdf >"$out/book.pdf"
echo epub >"$out/book.epub"
[ "$(cat "$STUB_MODE")" = "no-run-control" ] || echo "// run.js" >"$out/html/run/run.js"
EOF
printf '#!/bin/sh\nexit 0\n' >"$tree/scripts/install-deps"
printf '#!/bin/sh\necho "build/package/stand-in.deb"\n' >"$tree/scripts/package"
chmod +x "$stubs"/* "$tree/scripts/install-deps" "$tree/scripts/package"
export STUB_LOG=$scratch/ctest.log STUB_MODE=$scratch/render-mode STUB_ARGS=$scratch/ctest-args.log

build_book() {
  (cd "$tree" && env PATH="$stubs:$PATH" BOOK_WASM_DIR="$scratch/elsewhere" LEDGER_SUITE_LOCK= \
    scripts/build-book) >"$scratch/out.txt" 2>&1
}

# 1 and 3: a complete render under a hostile BOOK_WASM_DIR.
echo complete >"$STUB_MODE"
build_book || { cat "$scratch/out.txt"; fail "build-book failed on a complete render"; }
while read -r seen; do
  [ "$seen" = "$tree/build-wasm" ] ||
    fail "the gate ran with BOOK_WASM_DIR=$seen, not this tree's build-wasm/ ($tree/build-wasm)"
done <"$STUB_LOG"
[ -s "$STUB_LOG" ] || fail "the stand-in ctest never ran"
echo "ok   BOOK_WASM_DIR in the environment: the gate still renders with this tree's build-wasm/"
grep -q '<html>complete</html>' "$tree/build/book/html/index.html" || fail "the complete render was not published"
[ -f "$tree/build/book/html/run/run.js" ] || fail "the published book has no run/run.js"
grep -q 'html/run/ (the chapter programs' "$scratch/out.txt" || fail "the summary does not name html/run/"
for preset in default wasm; do
  grep -qx -- "--preset $preset -LE layout|tools|template|mutation -j[0-9]*" "$STUB_ARGS" ||
    { cat "$STUB_ARGS"; fail "the $preset gate did not run every test but layout, tools and mutation"; }
done
echo "ok   a complete render is published and the summary names html/run/; both gates ran"

# 2: a render without the run control.
(cd "$tree/build/book" && find html book.pdf book.epub -type f -exec sha256sum {} + | sort) >"$scratch/book.before"
echo no-run-control >"$STUB_MODE"
if build_book; then
  cat "$scratch/out.txt"
  fail "build-book published a render without html/run/run.js"
fi
grep -q 'no run/ control' "$scratch/out.txt" || { cat "$scratch/out.txt"; fail "the refusal does not name the missing run control"; }
(cd "$tree/build/book" && find html book.pdf book.epub -type f -exec sha256sum {} + | sort) >"$scratch/book.after"
diff -u "$scratch/book.before" "$scratch/book.after" || fail "the refused render changed the published book"
echo "ok   a render without the run control is refused; the book published before stays as it was"
