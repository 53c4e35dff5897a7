#!/usr/bin/env bash
# numbers_mutation.sh WORK_DIR: proves that a number in the prose cannot go stale.
#
# In a copy of the tree (WORK_DIR/tree, the sources only) it changes a value
# the prose quotes, H200's fp8 tensor-core peak in common/profiles/h200.yaml
# (1979e12 -> 2500e12), builds op_ledger only (the profiles are compiled in;
# with ccache every other object is a cache hit), regenerates chapter 28's
# golden files with `scripts/update-golden 28 --write`, and renders chapter 28:
#   1. the render must fail, naming each sentence's old number (1979, and the
#      fp8 balance point 440) next to the new value;
#   2. with those two sentences switched to inserting their value ([]{.n ...}),
#      the render must pass and the page must show the new peak (2500) in the
#      generated roof table and the sentence, the new balance point (555), and
#      the old peak in no prose.
# Prints how long each step took. ctest runs it as book/numbers-mutation
# (labels book and mutation: `ctest -L book -LE mutation` skips it).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: $0 WORK_DIR" >&2; exit 2; }
mkdir -p "$1"
work=$(cd "$1" && pwd)
tree=$work/tree
start=$SECONDS
step() { printf 'numbers-mutation: %-58s (%ds)\n' "$1" $((SECONDS - start)); }
fail() { echo "numbers-mutation: FAILED: $*" >&2; exit 1; }

# 1. The copy: the sources, no build folders, no git metadata. Kept between
#    runs (only the sources are refreshed) so the build folder stays warm.
mkdir -p "$tree"
find "$tree" -mindepth 1 -maxdepth 1 ! -name build -exec rm -rf {} +
tar -C "$root" --exclude='./build*' --exclude='./.git' -cf - . | tar -C "$tree" -xf -
step "copied the sources to ${tree#"$root/"}"

# 2. The change: H200's fp8 peak, a value chapter 28's prose quotes.
profile=$tree/common/profiles/h200.yaml
old_peak=1979 new_peak=2500
grep -q "theoretical: ${old_peak}e12" "$profile" || fail "h200.yaml has no 'theoretical: ${old_peak}e12' any more; update this test's mutation"
sed -i "s/theoretical: ${old_peak}e12/theoretical: ${new_peak}e12/" "$profile"
step "h200.yaml: tensor_core.fp8 ${old_peak}e12 -> ${new_peak}e12"

# 3. Build op_ledger only. Paths relative to CCACHE_BASEDIR make the copy's
#    compile commands hit the cache the main build filled.
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}
fi
(cd "$tree" && cmake --preset default "${launcher[@]}" -DBOOK_TESTS=OFF >"$work/configure.log" 2>&1) ||
  { tail -n 30 "$work/configure.log"; fail "configure (log: $work/configure.log)"; }
(cd "$tree" && cmake --build build --target op_ledger -j2 >"$work/build.log" 2>&1) ||
  { tail -n 30 "$work/build.log"; fail "build op_ledger (log: $work/build.log)"; }
step "built op_ledger in the copy"

# 4. Regenerate chapter 28's golden files from the changed program.
OP_LEDGER=$tree/build/chapters/28-op-ledger/op_ledger "$tree/scripts/update-golden" 28 --write >"$work/update-golden.log" 2>&1 ||
  { tail -n 30 "$work/update-golden.log"; fail "scripts/update-golden 28 --write"; }
grep -q "written" "$work/update-golden.log" || fail "update-golden wrote nothing: the change did not reach chapter 28's outputs"
step "scripts/update-golden 28 --write"

# 5. The book with the prose as written must fail, naming the old numbers.
if "$tree/book/render.sh" "$work/out" 28 >"$work/render-stale.log" 2>&1; then
  fail "chapter 28 rendered although its prose still quotes ${old_peak}"
fi
for old in "$old_peak" 440; do
  grep -E "28-op-ledger.md:[0-9]+: the prose says $old, the source gives" "$work/render-stale.log" ||
    { cat "$work/render-stale.log"; fail "the render failed without naming the old number $old"; }
done
step "render fails, naming the stale numbers (above)"

# 6. The same sentences inserting their value: the page shows the new peak only.
sed -i -e "s/\[${old_peak}\]{\.n /[]{.n digits=\"0\" /" -e 's/\[440\]{\.n /[]{.n digits="0" /' "$tree/book/28-op-ledger.md"
"$tree/book/render.sh" "$work/out" 28 >"$work/render-fresh.log" 2>&1 ||
  { cat "$work/render-fresh.log"; fail "chapter 28 did not render with the values inserted"; }
page=$work/out/html/28-op-ledger.html
table=$(sed -n '/class="roof-table"/,/<\/table>/p' "$page")
grep -q ">${new_peak} TFLOP/s<" <<<"$table" || fail "the roof table does not show the new fp8 peak ${new_peak} TFLOP/s"
sentence=$(grep -c ">${new_peak}</span>" "$page" || true)
[ "$sentence" -ge 1 ] || fail "the sentence quoting the fp8 peak does not show ${new_peak}"
# The fp8 balance point follows the peak: 2500e12 / 4502.4e9 = 555.3.
grep -q ">555</span>" "$page" || fail "the sentence quoting the fp8 balance point does not show 555"
# The outputs (<pre>) come from the regenerated golden files; other machines'
# outputs may quote their own fp8 peak, so the prose and tables are checked.
if python3 -c 'import re,sys; sys.stdout.write(re.sub(r"<pre\b.*?</pre>", "", open(sys.argv[1], encoding="utf-8").read(), flags=re.S))' "$page" |
   grep -n "${old_peak}"; then
  fail "the page's prose still shows the old peak ${old_peak} (lines above)"
fi
step "render passes: ${new_peak} in the table and the sentence; ${old_peak} in no prose"
echo "numbers-mutation: ok in $((SECONDS - start)) s"
