#!/usr/bin/env bash
# bad-input-test.sh LIST PROGRAM
# Each non-comment line of LIST is `EXPECTED ARGS...` (shell words): running
# PROGRAM ARGS must exit with status 2 within 5 s, print nothing on stdout, and
# print one or two lines on stderr that contain EXPECTED (the flag it names).
# Every failing line is reported with the command to rerun.
set -u
list=$1 program=$2
[ -x "$program" ] || { echo "FAIL: program missing: $program"; exit 1; }
out=$(mktemp) err=$(mktemp); trap 'rm -f "$out" "$err"' EXIT
failures=0 checked=0
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in ''|'#'*) continue ;; esac
  eval "words=($line)"
  expected=${words[0]}
  args=("${words[@]:1}")
  timeout 5 "$program" "${args[@]}" >"$out" 2>"$err"
  status=$?
  checked=$((checked + 1))
  problem=""
  if [ $status -eq 124 ]; then problem="hung (killed after 5 s)"
  elif [ $status -ne 2 ]; then problem="exit status $status, expected 2"
  elif [ -s "$out" ]; then problem="printed $(wc -c <"$out") bytes on stdout, expected none"
  elif ! grep -qF -- "$expected" "$err"; then problem="stderr does not name '$expected'"
  else
    lines=$(wc -l <"$err")
    [ "$lines" -ge 1 ] && [ "$lines" -le 2 ] || problem="$lines lines on stderr, expected 1 or 2"
  fi
  if [ -n "$problem" ]; then
    failures=$((failures + 1))
    echo "FAIL: $problem"
    echo "  stderr: $(head -c 300 "$err")"
    echo "  rerun: cd $(printf '%q' "$PWD") && $(printf '%q ' "$program" "${args[@]}")"
  fi
done <"$list"
echo "$((checked - failures)) passed, $failures failed"
[ $failures -eq 0 ] && [ $checked -gt 0 ]
