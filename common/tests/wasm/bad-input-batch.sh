#!/usr/bin/env bash
# bad-input-batch.sh PROGRAM.js LAUNCHER LIST...
# The bad-input battery (common/cmake/bad-input-test.sh: the same lists, the same
# checks) for a program built by the wasm preset. Bash splits each line into
# words exactly as the native battery does; bad-input-batch.js runs them all in
# one Node process.
set -u
program=$1 launcher=$2
shift 2
[ $# -gt 0 ] || { echo "usage: $0 PROGRAM.js LAUNCHER LIST..."; exit 2; }
[ -f "$program" ] || { echo "FAIL: program missing: $program"; exit 1; }
for list in "$@"; do  # a list that is gone or holds no line would judge nothing of its own
  grep -qv '^[[:space:]]*\(#.*\)\{0,1\}$' "$list" 2>/dev/null || { echo "FAIL: $list is missing or has no line to judge"; exit 1; }
done
here=$(cd "$(dirname "$0")" && pwd)
words=()
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in ''|'#'*) continue ;; esac
  # The newline ends a trailing `# comment` before the closing parenthesis.
  if eval "words=($line"$'\n'")" 2>/dev/null; then
    printf '%s\0' "${#words[@]}" "${words[@]}"
  else
    printf '%s\0' 2 '#not-shell-words' "$line"
  fi
done < <(awk 1 "$@") | node "$here/bad-input-batch.js" "$program" "$launcher"
