#!/usr/bin/env bash
# numbers_mutation.sh WORK_DIR [BUILD_DIR]: proves that a number in the prose cannot go stale.
#
# In a copy of the tree (WORK_DIR/tree, the sources only) it changes a value
# the prose quotes, H200's fp8 tensor-core peak in common/profiles/h200.yaml
# (1979e12 -> 2500e12), makes an op_ledger with the changed profile, regenerates
# chapter 28's golden files with `scripts/update-golden 28 --write`, and
# renders chapter 28:
#   1. the render must fail, naming each sentence's old number (1979, and the
#      fp8 balance point 307) next to the new value;
#   2. with those two sentences switched to inserting their value ([]{.n ...}),
#      the render must pass and the page must show the new peak (2500) in the
#      generated roof table and the sentence, the new balance point (387), and
#      the old peak in no prose.
#
# The profiles are compiled into the programs (common/CMakeLists.txt). With
# BUILD_DIR, a configured and built Ninja tree (ctest passes its own), only the
# profile data is rebuilt: BUILD_DIR's profile_codegen
# writes it from the copy's profiles, it is compiled with the ledger library's
# flags, swapped into a copy of libledger.a, and op_ledger is relinked: a few
# seconds, no second C++ build. Without BUILD_DIR (or with another generator)
# the copy is configured and op_ledger alone is built there, through ccache
# when it is installed (seconds when the cache is warm, minutes when cold).
# Prints how long each step took. ctest runs it as book/numbers-mutation
# (labels book and mutation: `ctest -L book -LE mutation` skips it).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 1 ] || [ $# -eq 2 ] || { echo "usage: $0 WORK_DIR [BUILD_DIR]" >&2; exit 2; }
mkdir -p "$1"
work=$(cd "$1" && pwd)
build=
if [ $# -eq 2 ]; then
  [ -d "$2" ] || { echo "numbers_mutation: BUILD_DIR $2 is not a folder (a configured and built build/)" >&2; exit 2; }
  build=$(cd "$2" && pwd)
fi
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

# 3. An op_ledger with the changed profile.
# relink_from BUILD: the profile data alone, rebuilt against BUILD's objects.
# Ninja (every preset's generator) prints the exact commands that made
# op_ledger; the codegen, the compile of its output and the final link are
# rerun with the copy's profiles and a copy of libledger.a.
relink_from() {
  local b=$1 cmds codegen compile link
  [ -f "$b/build.ninja" ] && command -v ninja >/dev/null || return 1
  cmds=$(cd "$b" && ninja -t commands chapters/28-op-ledger/op_ledger) || return 1
  codegen=$(grep -m1 'profile_codegen .*/builtin_profile_data\.cpp ' <<<"$cmds" | sed 's/.*&& //') || return 1
  compile=$(grep -m1 -- '-c [^ ]*/builtin_profile_data\.cpp$' <<<"$cmds") || return 1
  link=$(grep -- ' -o chapters/28-op-ledger/op_ledger ' <<<"$cmds" | tail -n 1) || return 1
  [ -f "$b/common/libledger.a" ] || return 1
  mkdir -p "$work/relink"
  local gen=$work/relink/builtin_profile_data.cpp obj=$work/relink/builtin_profile_data.cpp.o
  # The codegen with the copy's profiles, into the relink folder.
  eval "$(sed -e "s# [^ ]*/builtin_profile_data\.cpp # $gen #" -e "s# $root/common/profiles/# $tree/common/profiles/#g" <<<"$codegen")"
  # The same compile, without the depfile, of the new data.
  (cd "$b" && eval "$(sed -e 's/ -MD -MT [^ ]* -MF [^ ]*//' -e "s# -o [^ ]*builtin_profile_data\.cpp\.o # -o $obj #" \
                           -e "s# -c [^ ]*/builtin_profile_data\.cpp\$# -c $gen#" <<<"$compile")")
  cp "$b/common/libledger.a" "$work/relink/libledger.a"
  (cd "$work/relink" && ar r libledger.a builtin_profile_data.cpp.o)
  (cd "$b" && eval "$(sed -e "s# common/libledger\.a # $work/relink/libledger.a #" \
                           -e "s# -o chapters/28-op-ledger/op_ledger # -o $work/relink/op_ledger #" <<<"$link")")
  op_ledger=$work/relink/op_ledger
}
op_ledger=
if [ -n "$build" ] && relink_from "$build" >"$work/build.log" 2>&1; then
  step "relinked op_ledger with the changed profile (BUILD_DIR's objects)"
else
  [ -z "$build" ] || echo "numbers-mutation: cannot relink from $build (see $work/build.log); building in the copy" >&2
  # CMakeLists.txt compiles through ccache when it is installed (USE_CCACHE), its base
  # directory the copy's own folder, so the tree's objects serve the copy.
  (cd "$tree" && cmake --preset default -DBOOK_TESTS=OFF >"$work/configure.log" 2>&1) ||
    { tail -n 30 "$work/configure.log"; fail "configure (log: $work/configure.log)"; }
  (cd "$tree" && cmake --build build --target op_ledger -j2 >"$work/build.log" 2>&1) ||
    { tail -n 30 "$work/build.log"; fail "build op_ledger (log: $work/build.log)"; }
  op_ledger=$tree/build/chapters/28-op-ledger/op_ledger
  step "built op_ledger in the copy"
fi
"$op_ledger" --list-machines | grep -q "tensor_core.fp8 *${new_peak}" ||
  fail "$op_ledger does not carry the changed profile (tensor_core.fp8 ${new_peak})"

# 4. Regenerate chapter 28's golden files from the changed program.
# Edition 1 published these outputs: the change records its reason, as an author's would.
OP_LEDGER=$op_ledger "$tree/scripts/update-golden" 28 --write --class 变更 \
  --reason "numbers-mutation: a planted change of h200.yaml's tensor_core.fp8" >"$work/update-golden.log" 2>&1 ||
  { tail -n 30 "$work/update-golden.log"; fail "scripts/update-golden 28 --write"; }
grep -q "written" "$work/update-golden.log" || fail "update-golden wrote nothing: the change did not reach chapter 28's outputs"
step "scripts/update-golden 28 --write"

# 5. The book with the prose as written must fail, naming the old numbers.
if "$tree/book/render.sh" "$work/out" 28 >"$work/render-stale.log" 2>&1; then
  fail "chapter 28 rendered although its prose still quotes ${old_peak}"
fi
for old in "$old_peak" 307; do
  grep -E "28-op-ledger.md:[0-9]+: the prose says $old, the source gives" "$work/render-stale.log" ||
    { cat "$work/render-stale.log"; fail "the render failed without naming the old number $old"; }
done
step "render fails, naming the stale numbers (above)"

# 6. The same sentences inserting their value: the page shows the new peak only.
sed -i -e "s/\[${old_peak}\]{\.n /[]{.n digits=\"0\" /" -e 's/\[307\]{\.n /[]{.n digits="0" /' "$tree/book/28-op-ledger.md"
"$tree/book/render.sh" "$work/out" 28 >"$work/render-fresh.log" 2>&1 ||
  { cat "$work/render-fresh.log"; fail "chapter 28 did not render with the values inserted"; }
page=$work/out/html/28-op-ledger.html
table=$(sed -n '/class="roof-table"/,/<\/table>/p' "$page")
grep -q ">${new_peak} TFLOP/s<" <<<"$table" || fail "the roof table does not show the new fp8 peak ${new_peak} TFLOP/s"
sentence=$(grep -c ">${new_peak}</span>" "$page" || true)
[ "$sentence" -ge 1 ] || fail "the sentence quoting the fp8 peak does not show ${new_peak}"
# The fp8 balance point follows the peak: 2500e12 * 0.6977 (burst calibration) / 4502.4e9 = 387.4.
grep -q ">387</span>" "$page" || fail "the sentence quoting the fp8 balance point does not show 387"
# The outputs (<pre>) come from the regenerated golden files; other machines'
# outputs may quote their own fp8 peak, so the prose and tables are checked, less the numbers
# bound to another machine's profile (H100's datasheet prints 1979 too: its sparse fp16 peak).
if python3 -c 'import re,sys
page = re.sub(r"<pre\b.*?</pre>", "", open(sys.argv[1], encoding="utf-8").read(), flags=re.S)
page = re.sub(r"<span (?:id=\"[^\"]*\" )?class=\"bound\" title=\"common/profiles/(?!h200\.yaml)[^\"]*\">[^<]*</span>", "", page)
sys.stdout.write(page)' "$page" |
   grep -n "${old_peak}"; then
  fail "the page's prose still shows the old peak ${old_peak} (lines above)"
fi
step "render passes: ${new_peak} in the table and the sentence; ${old_peak} in no prose"
echo "numbers-mutation: ok in $((SECONDS - start)) s"
