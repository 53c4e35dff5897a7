#!/usr/bin/env bash
# fuzz-seeds.sh CHAPTER OUT_DIR [BAD_LIST...]
# Writes the fuzz seeds of chapters/CHAPTER into OUT_DIR (emptied first), one
# file per seed in libFuzzer's argv format (the words joined by NUL bytes, see
# common/tests/fuzz/fuzz_argv.hpp):
#   golden-<case>      every case of golden/CHAPTER/cases.list (@OUT@ becomes fig.svg:
#                      the fuzz targets keep written files in memory)
#   bad_<words>        every line of chapters/CHAPTER/bad-input.list and of each BAD_LIST
#                      (the generated bad-value matrix)
#   regression-<what>  the crash and hang reproducers kept in chapters/CHAPTER/fuzz-seeds/
# The lists are the seeds' one source: nothing here is copied into git.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
chapter=$1 out=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
find "$out" -maxdepth 1 -type f -delete

# write_seed NAME WORDS...: the seed NAME (NAME~2, ~3... if taken) holding WORDS.
write_seed() {
  local base=$1 name=$1 n=2
  shift
  while [ -e "$out/$name" ]; do name=$base~$n; n=$((n + 1)); done
  if [ $# -gt 0 ]; then
    printf '%s' "$1" >"$out/$name"
    shift
    [ $# -eq 0 ] || printf '\0%s' "$@" >>"$out/$name"
  else
    : >"$out/$name"
  fi
}

# slug_of WORDS...: sets `slug` to the words joined by _ as a file name: an empty
# word is EMPTY, a character unsafe in a file name is ~. Builtins only, as
# everything in the loops below: a fork per line costs minutes on a busy machine.
slug_of() {
  local word
  slug=""
  for word in "$@"; do
    [ -n "$word" ] || word=EMPTY
    slug+=_${word//[!A-Za-z0-9.,=+-]/\~}
  done
  slug=${slug:0:100}
}

# words_of LINE: the line's shell words into `words` (a trailing # comment allowed).
words_of() {
  eval "words=($1"$'\n'")" || { echo "fuzz-seeds: cannot read the line: $1" >&2; exit 1; }
}

count=0
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in ''|'#'*) continue ;; esac
  words_of "$line"
  case_name=${words[0]}
  args=("${words[@]:1}")
  args=("${args[@]/#@OUT@/fig.svg}")
  write_seed "golden-$case_name" "${args[@]}"
  count=$((count + 1))
done <"$root/golden/$chapter/cases.list"

while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in ''|'#'*) continue ;; esac
  words_of "$line"
  slug_of "${words[@]:1}"
  write_seed "bad$slug" "${words[@]:1}"
  count=$((count + 1))
done < <(awk 1 "$root/chapters/$chapter/bad-input.list" "$@")

for reproducer in "$root/chapters/$chapter"/fuzz-seeds/regression-*; do
  [ -f "$reproducer" ] || continue
  cp "$reproducer" "$out/"
  count=$((count + 1))
done
echo "fuzz-seeds: $count seeds for $chapter in $out"
