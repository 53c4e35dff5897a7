#!/usr/bin/env bash
# run_memo_test.sh WORK_DIR WASM_BUILD_DIR CHAPTER: wasm/run-in-page's memo (book/tests/page_memo.py,
# BOOK_CHECK_MEMO) keeps a page's verdict only while what its test read is unchanged. On a copy of
# the wasm programs (the build folder is never touched), chapter CHAPTER's page:
#   1. first run: clicked, and the record names the golden files compared and the program loaded;
#   2. again: not clicked (the verdict holds);
#   3. the programs stamped with another commit (what a commit alone changes): still not clicked;
#   4. one byte more in the chapter's program (a comment): clicked again;
#   5. without BOOK_CHECK_MEMO: clicked, whatever the memo says.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 WORK_DIR WASM_BUILD_DIR CHAPTER" >&2; exit 2; }
work=$1 wasm_build=$2 chapter=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=book/chapters.sh
source "$root/book/chapters.sh"
rm -rf "$work" && mkdir -p "$work/wasm" "$work/memo"
program=
while read -r name prog; do  # the programs alone: no build.ninja, so no freshness question
  mkdir -p "$work/wasm/chapters/$name"
  cp "$wasm_build/chapters/$name/$prog.js" "$work/wasm/chapters/$name/"
  [ "$name" != "$chapter" ] || program=$prog
done < <(book_chapters)
[ -n "$program" ] || { echo "FAIL: no chapter $chapter in chapters/chapters.list"; exit 1; }
fail() { echo "FAIL: $*"; echo "--- the last run's output:"; cat "$work/run.log"; exit 1; }
run() {  # run STEP: the page's test (its first block, first figure and profile cases: RUN_TEST_SAMPLE); output in run.log
  echo "== $1"
  RUN_TEST_SAMPLE=1000 BOOK_CHECK_MEMO=${memo-$work/memo} bash "$root/book/run/run-in-page-test.sh" "$work/out" "$work/wasm" "$chapter" \
    >"$work/run.log" 2>&1 || fail "step '$1': the page's test failed"
}
clicked() { grep -q "$chapter.html: .* golden runs in the page" "$work/run.log"; }

run "1. first run"
clicked || fail "step 1: the page was not clicked"
record=$work/memo/run-in-page-out.json  # named after OUT_DIR (work/out)
[ -f "$record" ] || fail "step 1: no record $record"
for read in "golden/$chapter/cases.list" "run/$program.js" "$chapter.html"; do
  grep -qF "$read\"" "$record" || fail "step 1: the record does not name $read: $(cat "$record")"
done
run "2. again, nothing changed"
clicked && fail "step 2: clicked again though nothing changed"
grep -q "1 of 1 page(s) unchanged since they passed" "$work/run.log" || fail "step 2: no line says the verdict holds"
printf '%040d=' 7 >"$work/stamp"
python3 "$root/scripts/lib/build_stamp.py" stamp "$work/stamp" "$work/wasm/chapters/$chapter/$program.js"
run "3. another commit's stamp"
clicked && fail "step 3: a new stamp alone clicked the page again"
echo "// one byte more" >>"$work/wasm/chapters/$chapter/$program.js"
run "4. the program changed"
clicked || fail "step 4: the page was not clicked though its program changed"
memo='' run "5. without BOOK_CHECK_MEMO"
clicked || fail "step 5: not clicked without BOOK_CHECK_MEMO"
echo "PASS: the verdict held while the page's reads were unchanged (a new stamp among them) and not after"
