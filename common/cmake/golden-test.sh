#!/usr/bin/env bash
# golden-test.sh GOLDEN_FILE PROGRAM [ARGS...]
# Runs PROGRAM ARGS, and passes only if it exits 0 and its stdout equals
# GOLDEN_FILE byte for byte. On failure prints a unified diff (golden -> actual)
# and the command to rerun.
set -u
golden=$1; shift
program=$1; shift
rerun=$(printf '%q ' "$program" "$@")
if [ ! -f "$golden" ]; then
  echo "FAIL: golden file missing: $golden"; exit 1
fi
if [ ! -x "$program" ]; then
  echo "FAIL: program missing or not executable: $program"; exit 1
fi
actual=$(mktemp); trap 'rm -f "$actual"' EXIT
"$program" "$@" >"$actual"
status=$?
if [ $status -ne 0 ]; then
  echo "FAIL: exit status $status (expected 0)"
  echo "rerun: $rerun"
  exit 1
fi
if ! cmp -s "$golden" "$actual"; then
  echo "FAIL: output differs from $golden"
  diff -u --label "golden: ${golden#"${GOLDEN_ROOT:-}"}" --label "actual: program output" "$golden" "$actual" | head -n 200
  echo "rerun: $rerun"
  exit 1
fi
