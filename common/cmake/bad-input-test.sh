#!/usr/bin/env bash
# bad-input-test.sh PROGRAM LIST...
# Each non-comment line of each LIST is `EXPECTED ARGS...` (shell words): running
# PROGRAM ARGS must exit with status 2 within 5 s of CPU, print nothing on
# stdout, and print one or two lines on stderr that contain EXPECTED (the flag
# it names). Every failing line is reported with the command to rerun.
# The checks use shell builtins only: the batteries run hundreds of cases
# inside the ctest gate, so each case starts one process, the program.
set -u
ulimit -t 5  # CPU seconds per process: a program that loops is killed (SIGXCPU)
program=$1
shift
[ $# -gt 0 ] || { echo "usage: $0 PROGRAM LIST..."; exit 2; }
[ -x "$program" ] || { echo "FAIL: program missing: $program"; exit 1; }
out=$(mktemp) err=$(mktemp); trap 'rm -f "$out" "$err"' EXIT
failures=0 checked=0
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in ''|'#'*) continue ;; esac
  # The newline ends a trailing `# comment` before the closing parenthesis.
  if ! eval "words=($line"$'\n'")"; then
    failures=$((failures + 1)) checked=$((checked + 1))
    echo "FAIL: not shell words: $line"
    continue
  fi
  expected=${words[0]}
  args=("${words[@]:1}")
  "$program" "${args[@]}" >"$out" 2>"$err"
  status=$?
  checked=$((checked + 1))
  errtext=""
  IFS= read -r -d '' errtext <"$err" || true
  newlines=${errtext//[!$'\n']/}
  problem=""
  if [ $status -ge 128 ]; then problem="killed by signal $((status - 128)) (a program that loops is stopped after 5 s of CPU)"
  elif [ $status -ne 2 ]; then problem="exit status $status, expected 2"
  elif [ -s "$out" ]; then problem="printed $(wc -c <"$out") bytes on stdout, expected none"
  elif [[ $errtext != *"$expected"* ]]; then problem="stderr does not name '$expected'"
  elif [ ${#newlines} -lt 1 ] || [ ${#newlines} -gt 2 ]; then
    problem="${#newlines} lines on stderr, expected 1 or 2"
  fi
  if [ -n "$problem" ]; then
    failures=$((failures + 1))
    echo "FAIL: $problem"
    echo "  stderr: $(head -c 300 "$err")"
    echo "  rerun: cd $(printf '%q' "$PWD") && $(printf '%q ' "$program" "${args[@]}")"
  fi
done < <(awk 1 "$@")  # awk: a list without its last newline still ends its last line
echo "$((checked - failures)) passed, $failures failed"
[ $failures -eq 0 ] && [ $checked -gt 0 ]
