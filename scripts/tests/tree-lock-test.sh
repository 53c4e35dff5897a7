#!/usr/bin/env bash
# tree-lock-test.sh: scripts/build-book, scripts/test and scripts/rebuild-chapter
# take one lock per tree (hold_tree_lock, scripts/lib/configure.sh, through scripts/lib/tree_lock.py). In a scratch
# tree: while one holder runs, a second with LEDGER_LOCK_WAIT=no stops with exit 1
# naming the lock; a second that waits says so and runs once the first ends; a
# script run by a holder (LEDGER_SUITE_LOCK inherited) does not wait for itself.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/scripts/lib"
cp "$root/scripts/lib/configure.sh" "$root/scripts/lib/tree_lock.py" "$scratch/scripts/lib/"
fail() { echo "tree-lock-test: FAILED: $*" >&2; exit 1; }
holder() {  # holder NAME RELEASE_FILE: takes the lock, then waits for RELEASE_FILE
  (cd "$scratch" && source scripts/lib/configure.sh && hold_tree_lock "$1" && echo "$1 holds" &&
    while [ ! -e "$2" ]; do sleep 0.05; done)
}
holder first "$scratch/release-first" >"$scratch/first.out" 2>&1 &
first=$!
for _ in $(seq 200); do grep -q holds "$scratch/first.out" && break; sleep 0.05; done
grep -q holds "$scratch/first.out" || fail "the first holder never took the lock"

status=0
(cd "$scratch" && source scripts/lib/configure.sh && LEDGER_LOCK_WAIT=no hold_tree_lock second) \
  >"$scratch/second.out" 2>&1 || status=$?
[ $status -eq 1 ] && grep -q "second: another scripts/build-book.*build/.suite.lock" "$scratch/second.out" ||
  fail "LEDGER_LOCK_WAIT=no: expected exit 1 naming the lock, got $status: $(cat "$scratch/second.out")"
echo "ok   a second holder with LEDGER_LOCK_WAIT=no stops with exit 1 naming the lock"

holder third "$scratch/release-third" >"$scratch/third.out" 2>&1 &
third=$!
for _ in $(seq 200); do grep -q waiting "$scratch/third.out" && break; sleep 0.05; done
grep -q "third: waiting for the other" "$scratch/third.out" || fail "the third holder does not say it waits"
grep -q holds "$scratch/third.out" && fail "the third holder took the lock while the first held it"
touch "$scratch/release-first"
wait $first
for _ in $(seq 200); do grep -q holds "$scratch/third.out" && break; sleep 0.05; done
grep -q holds "$scratch/third.out" || fail "the third holder did not get the lock once the first ended"
echo "ok   a waiting holder says so and runs once the first ends"

(cd "$scratch" && LEDGER_SUITE_LOCK=$scratch/build/.suite.lock LEDGER_LOCK_WAIT=no bash -c \
  'source scripts/lib/configure.sh && hold_tree_lock nested') || fail "a nested script waited for its own lock"
echo "ok   a script run by the holder does not wait for its own lock"
touch "$scratch/release-third"
wait $third
echo "tree-lock-test: ok"
