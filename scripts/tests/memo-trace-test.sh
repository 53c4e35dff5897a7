#!/usr/bin/env bash
# memo-trace-test.sh WORK_DIR: the gate memo's inputs are observed, not declared (issue 35). In a scratch
# copy of the tree, with a hand-written test list (build/CTestTestfile.cmake, as CMake writes it)
# of planted chapter tests, scripts/lib/memo_trace.py must
#   - fail on a chapter-28 test reading chapter 02's golden/02-op-traffic/default.txt, and on a
#     chapter-36 test reading a file outside the tree, naming the test, the file and the rule;
#   - fail on a chapter-02 test running its program's --version (the commit stamp, which the
#     fingerprint leaves out: scripts/lib/build_stamp.py), naming it;
#   - fail on a test of chapter 02's programs (02-op-traffic/...) reading its page, which their
#     fingerprint leaves out, and pass a test of its page (book/02-op-traffic/...) reading it;
#   - pass once 28 declares the read ([memo] reads) and the outside read and the --version run are
#     gone (the program run otherwise is covered);
# and scripts/lib/gate_memo.py's fingerprints must then change
#   - for 28 when 02's default.txt changes (a read across chapters), and for every chapter when
#     02's profiles/h200-nvlink.yaml changes (every page's run control carries every profile),
#   - for 02 when ../shared/reference/op_traffic.py changes (its golden files' source),
#   - for 36 when a program it ran from outside dpkg changes (a pyenv python, by its bytes),
# and `gate_memo.py explain` must name the tools the gate runs by name (xmllint's package, every
# installed package's version, python3's bytes when dpkg did not install it).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
# WORK_DIR (the build's memo-trace-test/): not the temporary folder, whose files are no inputs.
mkdir -p "$1"
scratch=$(mktemp -d "$(cd "$1" && pwd)/书稿 run.XXXXXX")  # a CJK path with a space: strace escapes it
trap 'rm -rf "$scratch"' EXIT
tree=$scratch/tree
copy_sources "$root" "$tree"
mkdir -p "$scratch/shared/reference" "$scratch/tools/bin" "$tree/build"
cp "$root/../shared/reference/op_traffic.py" "$scratch/shared/reference/" 2>/dev/null ||
  echo 'print("reference")' >"$scratch/shared/reference/op_traffic.py"
echo "outside the tree" >"$scratch/elsewhere.txt"
printf '#!/bin/sh\n# a tool dpkg did not install\nexec cat "$@"\n' >"$scratch/tools/bin/tool"
chmod +x "$scratch/tools/bin/tool"
mkdir -p "$tree/build/chapters/02-op-traffic"
program=$tree/build/chapters/02-op-traffic/op_traffic  # a stand-in for the chapter's program
printf '#!/bin/sh\necho "op_traffic $*"\n' >"$program"
chmod +x "$program"
fail() { echo "memo-trace-test: FAILED: $*" >&2; exit 1; }
unset LEDGER_SUITE_LOCK

# tests NAME=COMMAND...: the build's test list, each run in the tree's root.
tests() {
  local spec name
  : >"$tree/build/CTestTestfile.cmake"
  for spec in "$@"; do
    name=${spec%%=*}
    # shellcheck disable=SC2086  # the command's words
    printf 'add_test([=[%s]=] %s)\nset_tests_properties([=[%s]=] PROPERTIES WORKING_DIRECTORY "%s")\n' \
      "$name" "${spec#*=}" "$name" "$tree" >>"$tree/build/CTestTestfile.cmake"
  done
}
trace() { python3 "$tree/scripts/lib/memo_trace.py" "$tree/build" >"$scratch/trace.out" 2>&1; }
memo() { python3 "$tree/scripts/lib/gate_memo.py" "$@"; }

tests "28-op-ledger/planted-golden=cat golden/02-op-traffic/default.txt" \
  "36-head-roofline/planted-outside=cat \"$scratch/elsewhere.txt\"" \
  "02-op-traffic/planted-reference=cat \"$scratch/shared/reference/op_traffic.py\"" \
  "36-head-roofline/planted-tool=\"$scratch/tools/bin/tool\" README.md" \
  "02-op-traffic/planted-version=\"$program\" --version" \
  "02-op-traffic/planted-page=cat book/02-op-traffic.md" \
  "book/02-op-traffic/planted-page=cat book/02-op-traffic.md"
if trace; then fail "memo_trace.py passed with two undeclared reads, a --version run and a page read: $(cat "$scratch/trace.out")"; fi
grep -q "NOT COVERED: 28-op-ledger/planted-golden: reads $tree/golden/02-op-traffic/default.txt.*add \"golden/02-op-traffic/default.txt\" to \[memo\] reads in chapters/28-op-ledger/chapter.toml" \
  "$scratch/trace.out" || fail "the read across chapters is not named with its rule: $(cat "$scratch/trace.out")"
grep -q "NOT COVERED: 36-head-roofline/planted-outside: reads $scratch/elsewhere.txt" "$scratch/trace.out" ||
  fail "the read outside the tree is not named: $(cat "$scratch/trace.out")"
grep -q "NOT COVERED: 02-op-traffic/planted-version: runs $program --version, whose commit stamp" "$scratch/trace.out" ||
  fail "the --version run of a chapter program is not named: $(cat "$scratch/trace.out")"
grep -q "NOT COVERED: 02-op-traffic/planted-page: reads $tree/book/02-op-traffic.md, .*the chapter's page, which its programs' fingerprint leaves out" \
  "$scratch/trace.out" || fail "a programs' test reading the page is not named: $(cat "$scratch/trace.out")"
[ "$(grep -c "NOT COVERED" "$scratch/trace.out")" = 4 ] || fail "expected exactly 4 uncovered reads: $(cat "$scratch/trace.out")"
echo "ok   a test reading another chapter's file, one reading outside the tree, one running a program's --version and a programs' test reading the page fail the check, each named with its rule (the page's own test reading it passes)"

sed -i 's|^reads = \[|reads = ["golden/02-op-traffic/default.txt", |' "$tree/chapters/28-op-ledger/chapter.toml"
grep -q "golden/02-op-traffic/default.txt" "$tree/chapters/28-op-ledger/chapter.toml" || fail "could not declare the read in 28's chapter.toml"
tests "28-op-ledger/planted-golden=cat golden/02-op-traffic/default.txt" \
  "02-op-traffic/planted-reference=cat \"$scratch/shared/reference/op_traffic.py\"" \
  "36-head-roofline/planted-tool=\"$scratch/tools/bin/tool\" README.md" \
  "02-op-traffic/planted-run=\"$program\" --help"
trace || fail "memo_trace.py failed with every read declared: $(cat "$scratch/trace.out")"
grep -q "$scratch/tools/bin/tool" "$tree/build/memo-observed.json" ||
  fail "the program outside dpkg is not among the observed inputs: $(cat "$tree/build/memo-observed.json")"
echo "ok   declared in [memo] reads, the check passes; the program outside dpkg is observed"

memo fingerprint "$scratch/memo.json"
# edit_expect FILE WHAT UNCHANGED...: after appending to FILE, exactly these chapters are unchanged.
edit_expect() {
  local file=$1 what=$2 got
  shift 2
  cp "$file" "$scratch/saved"
  echo "# an edit" >>"$file"
  memo fingerprint "$scratch/now.json"
  got=$(memo unchanged "$scratch/memo.json" "$scratch/now.json" | paste -sd ' ')
  cp "$scratch/saved" "$file"
  [ "$got" = "$*" ] || fail "$what: expected unchanged '$*', got '$got'"
  echo "ok   $what: unchanged: ${*:-none}"
}
edit_expect "$tree/golden/02-op-traffic/default.txt" "02's golden file that 28 reads edited" 36-head-roofline
edit_expect "$tree/chapters/02-op-traffic/profiles/h200-nvlink.yaml" "02's profile (every page carries it) edited"
edit_expect "$scratch/shared/reference/op_traffic.py" "the reference script of 02's golden files edited" \
  28-op-ledger 36-head-roofline
edit_expect "$scratch/tools/bin/tool" "a program from outside dpkg that 36 ran changed" 02-op-traffic 28-op-ledger

memo explain 02 >"$scratch/explain.out"
for line in "^packages [0-9]+ installed, [0-9a-f]{64}$" "^program xmllint /usr/bin/xmllint package libxml2-utils$" \
  "^program python3 /.* ([0-9a-f]{64}|package .*)$" "^declared $scratch/shared/reference/op_traffic.py [0-9a-f]{64}$"; do
  grep -Eq "$line" "$scratch/explain.out" || fail "gate_memo.py explain 02 has no line /$line/: $(cat "$scratch/explain.out")"
done
python_line=$(grep "^program python3 " "$scratch/explain.out")
if ! dpkg -S "$(python3 -c 'import os, sys; print(os.path.realpath(sys.executable))')" >/dev/null 2>&1; then
  [[ $python_line =~ [0-9a-f]{64}$ ]] || fail "python3 outside dpkg is not fingerprinted by its bytes: $python_line"
fi
echo "ok   the fingerprint names every installed package's version, xmllint's package and python3 ($python_line)"
echo "memo-trace-test: ok"
