#!/usr/bin/env bash
# gate-memo-test.sh: scripts/build-book leaves out only the tests of chapters whose inputs
# did not change (scripts/lib/gate_memo.py). In a scratch copy of the tree's sources, with
# a stand-in program in build/chapters/<chapter>/: against a memo of the same tree every
# chapter is unchanged; touching a file changes nothing; a chapter's source, golden file,
# page or program changes that chapter alone (a page edit only its pages fingerprint: its
# programs' tests never read it, memo_trace.py checks that); a shared file (common/, the book's filters, a
# test script) or a build folder's settings (CMakeCache.txt) changes every chapter, its cache
# rewritten with the same settings none; without a memo none is unchanged.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
scratch_tree "$root"
fail() { echo "gate-memo-test: FAILED: $*" >&2; exit 1; }
memo() { python3 "$tree/scripts/lib/gate_memo.py" "$@"; }
mapfile -t chapters < <(cd "$tree" && python3 -c 'import sys; sys.path.insert(0, "scripts/lib"); import suite
print("\n".join(c for c, _ in suite.chapters()))')
[ ${#chapters[@]} -ge 2 ] || fail "the tree lists fewer than two chapters"
first=${chapters[0]}
mkdir -p "$tree/build/chapters/$first"
echo "program v1" >"$tree/build/chapters/$first/program"
echo "CMAKE_CXX_FLAGS:STRING=" >"$tree/build/CMakeCache.txt"
memo fingerprint "$scratch/memo.json"

# expect WHAT UNCHANGED...: after an edit, exactly these chapters are unchanged, by both
# fingerprints (pages, the default, and programs) unless PROGRAMS_UNCHANGED names others.
expect() {
  local what=$1 got programs
  shift
  memo fingerprint "$scratch/now.json"
  got=$(memo unchanged "$scratch/memo.json" "$scratch/now.json" | paste -sd ' ')
  [ "$got" = "$*" ] || fail "$what: expected unchanged '$*', got '$got'"
  programs=$(memo unchanged "$scratch/memo.json" "$scratch/now.json" programs | paste -sd ' ')
  [ "$programs" = "${PROGRAMS_UNCHANGED-$*}" ] ||
    fail "$what: expected programs unchanged '${PROGRAMS_UNCHANGED-$*}', got '$programs'"
  echo "ok   $what: unchanged: ${*:-none}; programs unchanged: ${programs:-none}"
}
others=("${chapters[@]:1}")
expect "the same tree" "${chapters[@]}"
touch "$tree/common/CMakeLists.txt" "$tree/book/$first.md"
expect "files touched, not changed" "${chapters[@]}"
# edit FILE, then expect ..., then restore FILE
edit_expect() {
  local file=$1 what=$2
  shift 2
  cp "$file" "$scratch/saved"
  echo "# an edit" >>"$file"
  expect "$what" "$@"
  cp "$scratch/saved" "$file"
}
PROGRAMS_UNCHANGED="${chapters[*]}" edit_expect "$tree/book/$first.md" "$first's page edited" "${others[@]}"
edit_expect "$tree/golden/$first/cases.list" "$first's cases.list edited" "${others[@]}"
edit_expect "$(find "$tree/chapters/$first" -name '*.cpp' | sort | head -1)" "a source of $first edited" "${others[@]}"
edit_expect "$tree/build/chapters/$first/program" "$first's program rebuilt differently" "${others[@]}"
edit_expect "$tree/common/CMakeLists.txt" "common/CMakeLists.txt edited"
edit_expect "$tree/book/filters/golden.lua" "a book filter edited"
cp "$tree/build/CMakeCache.txt" "$scratch/saved"
echo "CMAKE_CXX_FLAGS:STRING=-O3" >"$tree/build/CMakeCache.txt"
expect "the build's flags changed"
# A folder's second configure rewrites its cache's comments and types and adds INTERNAL
# entries, the settings unchanged: the memo of the first build-book must still hold.
printf '%s\n' "# This is the CMakeCache file." "//No help, variable specified on the command line." \
  "CMAKE_CXX_FLAGS:UNINITIALIZED=" "_Python3_Interpreter_REASON_FAILURE:INTERNAL=" >"$tree/build/CMakeCache.txt"
expect "the build's cache rewritten, its settings the same" "${chapters[@]}"
cp "$scratch/saved" "$tree/build/CMakeCache.txt"
echo "# new" >"$tree/common/tests/new_test.py"
expect "a new shared file"
rm "$tree/common/tests/new_test.py"
expect "the new file removed again" "${chapters[@]}"
memo fingerprint "$scratch/now.json"
[ -z "$(memo unchanged "$scratch/no-memo.json" "$scratch/now.json")" ] || fail "without a memo, a chapter was unchanged"
echo '{"'"$first"'": "a memo of the layout before the two fingerprints"}' >"$scratch/old-memo.json"
[ -z "$(memo unchanged "$scratch/old-memo.json" "$scratch/now.json" programs)" ] ||
  fail "a memo of the older layout left a chapter unchanged"
echo "ok   without a memo, or with one of the older layout, no chapter is unchanged"

# A new commit, nothing else changed: the programs get the new commit in their stamp
# (scripts/lib/build_stamp.py, as every build does), and no chapter's fingerprint changes.
# A native program carries the slot as it is; a wasm program inlines its module as base64
# (Emscripten 3.1 writes it in single quotes).
slot="LEDGER-BUILD-STAMP:$(printf '?%.0s' {1..41})"
printf 'program v1 %s end\n' "$slot" >"$tree/build/chapters/$first/program"
mkdir -p "$tree/build-wasm/chapters/$first"
printf "var m = 'data:application/octet-stream;base64,%s';\n" "$(printf 'wasm %s end' "$slot" | base64 -w0)" \
  >"$tree/build-wasm/chapters/$first/program.js"
commit() { git -C "$tree" -c user.name=test -c user.email=test@example.com commit -q --allow-empty -m "$1"; }
restamp() {
  python3 "$tree/scripts/lib/build_stamp.py" write "$scratch/stamp.txt"
  python3 "$tree/scripts/lib/build_stamp.py" stamp "$scratch/stamp.txt" "$tree/build/chapters/$first/program" \
    "$tree/build-wasm/chapters/$first/program.js"
}
# stamped_commit: the commit each stand-in carries now, native then wasm.
stamped_commit() {
  grep -ao 'LEDGER-BUILD-STAMP:[0-9a-f]*' "$tree/build/chapters/$first/program" | cut -d: -f2
  grep -o 'base64,[A-Za-z0-9+/=]*' "$tree/build-wasm/chapters/$first/program.js" | cut -d, -f2 | base64 -d |
    grep -ao 'LEDGER-BUILD-STAMP:[0-9a-f]*' | cut -d: -f2
}
git -C "$tree" init -q && git -C "$tree" add -A && commit "the tree"
restamp
[ "$(stamped_commit | sort -u)" = "$(git -C "$tree" rev-parse HEAD)" ] || fail "the stand-ins were not stamped: $(stamped_commit)"
memo fingerprint "$scratch/memo.json"
commit "a new commit, nothing changed"
restamp
[ "$(stamped_commit | sort -u)" = "$(git -C "$tree" rev-parse HEAD)" ] ||
  fail "after a new commit the programs do not carry it: $(stamped_commit)"
echo "ok   a new commit is stamped into the native and the wasm program"
expect "a new commit, nothing else changed" "${chapters[@]}"
edit_expect "$tree/build-wasm/chapters/$first/program.js" "$first's wasm program rebuilt differently" "${others[@]}"
# Only --version reads the stamp: the slot is read in common/src/edition.cpp (stamped()), which
# only common/entry/program_main.cpp's --version calls; any other reader would make the memo
# above unsound, so it fails here.
readers=$(cd "$root" && grep -rlE 'kBuildStampSlot|stamped\(' common chapters --include='*.cpp' --include='*.hpp' | sort | paste -sd ' ')
[ "$readers" = "common/entry/program_main.cpp common/include/ledger/edition.hpp common/src/build_stamp.cpp common/src/edition.cpp" ] ||
  fail "the commit stamp is read beyond --version (common/src/edition.cpp, program_main.cpp): $readers"
echo "ok   only --version reads the commit stamp"
