#!/usr/bin/env bash
# bad-input-test.sh PROGRAM JUDGE LIST...
# Each non-comment line of each LIST is `EXPECTED ARGS...` (shell words): PROGRAM
# ARGS must exit with status 2 within 5 s of CPU, print nothing on stdout, and
# print one or two lines on stderr that contain EXPECTED (the flag it names).
# Every failing line is reported with its list, line and the command to rerun.
#
# Under ASan a process start costs tens of milliseconds and a battery has a
# thousand lines, so every line is judged in one process: JUDGE calls the
# program's own main() once per line (common/tests/bad_input_judge.cpp).
# Every SAMPLE_EVERY-th line (environment, default 24; the first line included)
# also runs as a real process, judged here by the same rule, and JUDGE requires
# its in-process run to give the same status, stdout and stderr byte for byte:
# the process-level behaviour (exit code, an empty stdout, the stderr line)
# stays proven on real processes.
# A battery that judges no line fails.
set -u
sample_every=${SAMPLE_EVERY:-24}
[[ $sample_every =~ ^[1-9][0-9]*$ ]] || { echo "FAIL: SAMPLE_EVERY=$sample_every: expected a whole number from 1 (every how many lines one also runs as a process)"; exit 2; }
program=$1 judge=$2
shift 2
[ $# -gt 0 ] || { echo "usage: $0 PROGRAM JUDGE LIST..."; exit 2; }
for list in "$@"; do  # a list that is gone or holds no line would judge nothing of its own
  grep -qv '^[[:space:]]*\(#.*\)\{0,1\}$' "$list" 2>/dev/null || { echo "FAIL: $list is missing or has no line to judge"; exit 1; }
done
for exe in "$program" "$judge"; do
  [ -x "$exe" ] || { echo "FAIL: program missing: $exe"; exit 1; }
done
scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
records=$scratch/records
failures=0 lines=0 sampled=0  # failures: of the processes, and of the script's own checks

# run_process PREFIX ARGS...: the program as a process, its outcome in PREFIX.status/.out/.err.
run_process() {
  local prefix=$1
  shift
  (ulimit -t 5 && exec "$program" "$@") </dev/null >"$prefix.out" 2>"$prefix.err"  # a loop is killed (SIGXCPU)
  echo $? >"$prefix.status"
}

# judge_process PREFIX WHERE EXPECTED RERUN: the battery's rule on a process's outcome.
judge_process() {
  local prefix=$1 where=$2 expected=$3 rerun=$4 status errtext newlines problem=""
  status=$(<"$prefix.status")
  IFS= read -r -d '' errtext <"$prefix.err" || true
  newlines=${errtext//[!$'\n']/}
  if [ "$status" -ge 128 ]; then problem="killed by signal $((status - 128)) (a program that loops is stopped after 5 s of CPU)"
  elif [ "$status" -ne 2 ]; then problem="exit status $status, expected 2"
  elif [ -s "$prefix.out" ]; then problem="printed $(wc -c <"$prefix.out") bytes on stdout, expected none"
  elif [[ $errtext != *"$expected"* ]]; then problem="stderr does not name '$expected'"
  elif [ ${#newlines} -lt 1 ] || [ ${#newlines} -gt 2 ]; then
    problem="${#newlines} lines on stderr, expected 1 or 2"
  fi
  if [ -n "$problem" ]; then
    failures=$((failures + 1))
    echo "FAIL (process): $where: $problem"
    echo "  stderr: $(head -c 300 "$prefix.err")"
    echo "  rerun: cd $(printf '%q' "$PWD") && $rerun"
  fi
}

# One record per line for the judge (see bad_input_judge.cpp); the sample runs here.
while IFS= read -r entry || [ -n "$entry" ]; do
  where=${entry%%$'\t'*} line=${entry#*$'\t'}
  case "$line" in ''|'#'*) continue ;; esac
  # The newline ends a trailing `# comment` before the closing parenthesis.
  if ! eval "words=($line"$'\n'")"; then
    failures=$((failures + 1))
    echo "FAIL: $where: not shell words: $line"
    continue
  fi
  expected=${words[0]}
  args=("${words[@]:1}")
  printf -v rerun '%q ' "$program" "${args[@]}"
  sample=""
  if [ $((lines % sample_every)) -eq 0 ]; then
    sample=$scratch/sample-$lines
    run_process "$sample" "${args[@]}"
    judge_process "$sample" "$where" "$expected" "$rerun"
    sampled=$((sampled + 1))
  fi
  printf '%s\0' "${#args[@]}" "$where" "$expected" "$sample" "$rerun" "${args[@]}" >>"$records"
  lines=$((lines + 1))
done < <(awk '{ print FILENAME ":" FNR "\t" $0 }' "$@")  # awk: a list without its last newline still ends its last line

if [ $lines -eq 0 ]; then
  echo "FAIL: no line to judge in $*"
  exit 1
fi
"$judge" "$program" "$scratch" "$lines" "$records"
status=$?
if [ $status -ne 0 ] && [ $status -ne 3 ]; then  # 3: lines failed, each reported; anything else: the judge died
  echo "FAIL: the in-process judge stopped (status $status) while running $(cat "$scratch/current")"
  echo "  the program's stderr: $(head -c 3000 "$scratch/stderr")"
  echo "$lines lines, the in-process judge did not reach the end; $sampled of them run as processes: $failures failed"
else
  echo "$lines lines judged in-process; $sampled of them also run as processes: $failures failed"
fi
[ $status -eq 0 ] && [ $failures -eq 0 ]
