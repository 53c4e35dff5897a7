#!/usr/bin/env bash
# hostile_env_without_plot.sh PROGRAM PYTHON...: a program whose flag table has no --plot
# (a chapter may drop it, CONTRIBUTING.md) gets hostile_env.py's other checks and passes,
# none of the --plot ones (issue 39: they failed such a chapter by the dozen). PROGRAM runs
# as itself; only the table hostile_env.py reads, PROGRAM_flag_table, is cut.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 PROGRAM PYTHON..." >&2; exit 2; }
program=$1
shift
python=("$@")  # the interpreter and its options (LEDGER_PYTHON)
name=$(basename "$program")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$program" "$work/$name"
printf '#!/bin/sh\n"%s_flag_table" | grep -v "^--plot\t"\n' "$program" >"$work/${name}_flag_table"
chmod +x "$work/${name}_flag_table"
grep -q -- '^--plot' <("${program}_flag_table") || { echo "FAIL: $name has no --plot to cut" >&2; exit 1; }
grep -q -- '^--plot' <("$work/${name}_flag_table") && { echo "FAIL: --plot still in the cut table" >&2; exit 1; }

out=$("${python[@]}" "$(dirname "$0")/hostile_env.py" "$name" "$work/$name") ||
  { echo "$out"; echo "FAIL: hostile_env.py on $name without --plot" >&2; exit 1; }
echo "$out"
if grep -q -- '--plot\|SVG' <<<"$out"; then
  echo "FAIL: a --plot check ran on a program without --plot" >&2
  exit 1
fi
grep -q '^ok   a closed pipe ends quietly' <<<"$out" || { echo "FAIL: the other checks did not run" >&2; exit 1; }
echo "ok: $name without --plot passes hostile_env.py's checks, none of them about --plot"
