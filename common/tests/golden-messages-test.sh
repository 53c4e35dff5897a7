#!/usr/bin/env bash
# golden-messages-test.sh: what common/cmake/golden-test.sh says when a golden test fails, on a
# stand-in program in a scratch folder: the file a failing @OUT@ case wrote is kept in the folder
# the test names (not the temporary folder), and the rerun command it prints works as printed; a
# difference a diff cannot show (a CR at a line end, a tab for a space, a trailing space, an
# NBSP, a missing final newline) is named.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "golden-messages-test: FAILED: $*" >&2; exit 1; }
cd "$scratch"
# The stand-in prints $PRINT (printf format) on stdout, and with `--plot FILE` writes FIGURE there.
cat >prog <<'SH'
#!/usr/bin/env bash
while [ $# -gt 0 ]; do
  [ "$1" = --plot ] && printf '%b' "$FIGURE" >"$2" && shift
  shift
done
printf '%b' "$PRINT"
SH
chmod +x prog
golden() { bash "$root/common/cmake/golden-test.sh" "$scratch/build/02-x.case.actual.svg" "$@" >out.txt 2>&1 && return 1 || return 0; }

# A differing file is kept where the test was told (its build folder), never under a fixed name in
# the temporary folder that every tree and chapter shares (issue 60: four chapters have a case
# default-plot); the failure names it.
mkdir build tmp
export TMPDIR=$scratch/tmp
printf '<svg xmlns="http://www.w3.org/2000/svg"><text>roof</text></svg>\n' >case.svg
export PRINT='table\n' FIGURE='<svg xmlns="http://www.w3.org/2000/svg"><text>other</text></svg>\n'
golden "$scratch/case.svg" "$scratch/prog" --plot @OUT@ || fail "a differing figure passed"
kept=$scratch/build/02-x.case.actual.svg
grep -qxF "the file it wrote: $kept" out.txt || fail "the failure does not name the kept file $kept: $(cat out.txt)"
grep -q other "$kept" || fail "the kept file is not the file the program wrote: $kept"
[ -z "$(ls -A tmp)" ] || fail "the failing test left $(ls -A tmp) in the temporary folder"
rerun=$(sed -n 's/^rerun: //p' out.txt)
[ -n "$rerun" ] || fail "no rerun command: $(cat out.txt)"
rm -f "$kept"
(cd / && eval "$rerun" >/dev/null) || fail "the rerun command fails as printed: $rerun"
grep -q other "$kept" || fail "the rerun command wrote no file where it says: $rerun"
echo "ok   an @OUT@ case's file is kept in the build folder and its rerun command works as printed: $rerun"

# expect NAME GOLDEN-TEXT ACTUAL-TEXT WORDS...: the failure names each of WORDS.
expect() {
  local name=$1 word
  printf '%b' "$2" >case.txt
  PRINT=$3 golden "$scratch/case.txt" "$scratch/prog" || fail "$name: the test passed"
  shift 3
  for word in "$@"; do
    grep -qF -- "$word" out.txt || fail "$name: the failure does not say '$word':
$(cat out.txt)"
  done
  echo "ok   $name: named ($*)"
}
expect "a CR at a line end" 'machine : NVIDIA H200\n' 'machine : NVIDIA H200\r\n' "actual CR" "H200␍"
expect "a tab for a space" 'a b\n' 'a\tb\n' "actual TAB" "a→b"
expect "a trailing space" 'a b\n' 'a b \n' "actual 1 trailing space(s)" "a b·"
expect "an NBSP" 'a b\n' 'a\xc2\xa0b\n' "NBSP (U+00A0)" "a⍽b"
expect "no final newline" 'a b\n' 'a b' "the actual file has no newline at its end"
echo "golden-messages-test: ok"
