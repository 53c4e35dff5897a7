#!/usr/bin/env bash
# verdict_memo_test.sh WORK_DIR: verdict_memo.py (BOOK_CHECK_MEMO) leaves a check out only when
# it passed on the very same inputs and command; a change or a failure runs it again. With
# --traced, only a change to a file the check read (or a folder it listed) runs it again.
# The "check" counts its runs in WORK_DIR/runs and fails when its input says FAIL.
# With BUILD_DIR (ctest's): every test there that keeps its verdict through verdict_memo.py is
# --traced but book/search, whose pages the kept server's Chromium loads, out of strace's sight
# (book/CMakeLists.txt): a list of inputs kept by hand misses what a check also reads.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 1 ] || [ $# -eq 2 ] || { echo "usage: verdict_memo_test.sh WORK_DIR [BUILD_DIR]" >&2; exit 2; }
work=$1
build=${2:-}
rm -rf "$work" && mkdir -p "$work/input"
work=$(cd "$work" && pwd)
fail() { echo "verdict-memo: FAILED: $*" >&2; exit 1; }
python=${LEDGER_PYTHON:-python3}
cat >"$work/check.sh" <<'SH'
echo run >>"$1/runs"
! grep -q FAIL "$1/input/data"
SH
echo good >"$work/input/data"
# run EXPECTED_STATUS EXPECTED_RUNS WHAT: one run of the check through the memo.
run() {
  local status=0
  BOOK_CHECK_MEMO=$work/memo "$python" "$here/verdict_memo.py" test/check --input "$work/input" -- \
    bash "$work/check.sh" "$work" >"$work/out" 2>&1 || status=$?
  [ "$status" -eq "$1" ] || fail "$3: exit $status, not $1: $(cat "$work/out")"
  [ "$(wc -l <"$work/runs")" -eq "$2" ] || fail "$3: the check has run $(wc -l <"$work/runs") times, not $2"
}
run 0 1 "the first run"
run 0 1 "nothing changed"
grep -q "test/check: not run again" "$work/out" || fail "nothing changed, but it does not say it left the check out"
echo better >"$work/input/data"
run 0 2 "an input file changed"
echo extra >"$work/input/new"
run 0 3 "a file added to an input folder"
echo 'echo run >>"$1/runs"; exit 0' >"$work/check.sh"
run 0 4 "the check's script changed"
printf 'echo run >>"$1/runs"\n! grep -q FAIL "$1/input/data"\n' >"$work/check.sh"
echo FAIL >"$work/input/data"
run 1 5 "a failing check"
run 1 6 "a failing check again (a failure is never kept)"

# --traced: the verdict rests on what the check was seen to read (strace), nothing else.
cat >"$work/traced.sh" <<'SH'
echo run >>"$1/runs"
ls "$1/listed" >/dev/null
! grep -q FAIL "$1/input/data"
SH
: >"$work/runs"
mkdir -p "$work/listed"
echo good >"$work/input/data"
echo "not read" >"$work/input/other"
# traced EXPECTED_STATUS EXPECTED_RUNS WHAT
traced() {
  local status=0
  BOOK_CHECK_MEMO=$work/memo "$python" "$here/verdict_memo.py" test/traced --traced -- \
    bash "$work/traced.sh" "$work" >"$work/out" 2>&1 || status=$?
  [ "$status" -eq "$1" ] || fail "traced, $3: exit $status, not $1: $(cat "$work/out")"
  [ "$(wc -l <"$work/runs")" -eq "$2" ] || fail "traced, $3: the check has run $(wc -l <"$work/runs") times, not $2"
}
traced 0 1 "the first run"
traced 0 1 "nothing changed"
grep -q "test/traced: not run again: it passed, and every file it read" "$work/out" ||
  fail "traced, nothing changed, but it does not say it left the check out: $(cat "$work/out")"
echo "changed, never read" >"$work/input/other"
traced 0 1 "a file it does not read changed"
echo better >"$work/input/data"
traced 0 2 "a file it read changed"
echo new >"$work/listed/new"
traced 0 3 "a file added to a folder it listed"
printf 'echo run >>"$1/runs"\nexit 0\n' >"$work/traced.sh"
traced 0 4 "the check's script (a file it read) changed"
printf 'echo run >>"$1/runs"\n! grep -q FAIL "$1/input/data"\n' >"$work/traced.sh"
echo FAIL >"$work/input/data"
traced 1 5 "a failing check"
traced 1 6 "a failing check again (a failure is never kept)"
if [ -n "$build" ]; then
  listed=$(ctest --test-dir "$build" --show-only=json-v1 | "$python" -c '
import json, sys
memo = [t for t in json.load(sys.stdin)["tests"] if any(c.endswith("verdict_memo.py") for c in t.get("command") or [])]
print(len(memo), " ".join(sorted(t["name"] for t in memo if "--traced" not in t["command"])))')
  count=${listed%% *} untraced=${listed#* }
  [ "$count" -gt 1 ] || fail "no test in $build keeps its verdict through verdict_memo.py: nothing to check"
  [ "$untraced" = book/search ] || [ "$untraced" = "" ] ||
    fail "verdicts resting on inputs named by hand, not traced: $untraced (book/CMakeLists.txt: only book/search)"
  echo "ok   $count verdicts in $build: every one traced but ${untraced:-none}"
fi
rm -rf "$work"
echo "verdict-memo: ok (left out only on the same bytes; a changed input, folder or script, or a failure, runs it;"
echo "  traced: a file it read or a folder it listed changed runs it, a file it never read does not)"
