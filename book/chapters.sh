# shellcheck shell=bash disable=SC2154  # $root comes from the script that sources this file
# Sourced by book/render.sh and scripts/rebuild-chapter: reads chapters/chapters.list.
# Needs $root (the repository root).

# Prints every chapter, `<chapter> <program>` a line; a line that breaks the grammar
# (scripts/lib/suite.py, CHAPTER_LINE) is named on stderr, status 2.
book_chapters() {
  LC_ALL=C awk '
    { gsub(/\r/, "") }
    /^[ \t]*(#.*)?$/ { next }
    !/^[0-9][0-9]-[a-z0-9-]+[ \t]+[a-z][a-z0-9_]*[ \t]*$/ {
      printf "chapters/chapters.list:%d: a line must read `<NN-slug> <program>`, got: %s\n", NR, $0 > "/dev/stderr"
      bad = 1; exit 2
    }
    seen[$1]++ { printf "chapters/chapters.list:%d: chapter %s is listed twice\n", NR, $1 > "/dev/stderr"; bad = 1; exit 2 }
    { print $1, $2 }
  ' "$root/chapters/chapters.list"
}

# resolve_chapter ARG: `<chapter> <program>` of exactly `28` or `28-op-ledger` (no prefix, no '').
resolve_chapter() {
  resolve_chapters "$1"
}

# resolve_chapters ARG...: resolve_chapter for each ARG from one read of the list; status 2 on
# the first it does not accept.
resolve_chapters() {
  local list arg chapter program hit
  list=$(book_chapters) || return
  for arg in "$@"; do
    hit=
    while read -r chapter program; do
      if [ -n "$arg" ] && { [ "$chapter" = "$arg" ] || [ "${chapter%%-*}" = "$arg" ]; }; then hit="$chapter $program"; break; fi
    done <<<"$list"
    if [ -z "$hit" ]; then
      echo "unknown chapter '$arg' (accepted: exactly $(awk '{print $1}' <<<"$list" | paste -sd' '), or their numbers)" >&2
      return 2
    fi
    echo "$hit"
  done
}

# chapter_tests CHAPTER...: ctest's arguments, one a line, selecting every test that reads the
# chapters named (the gate, layout checks included, less the other chapters' and common's own
# tests); run with LEDGER_CHECK_CHAPTERS and BOOK_CHECK_CHAPTERS set to them.
chapter_tests() {
  local others
  others=$(book_chapters | awk -v named=" $* " 'index(named, " " $1 " ") == 0 {print $1}' | paste -sd'|')
  printf '%s\n' -LE 'tools|template|mutation' -E "^(common${others:+|(book/)?($others)})/"
}
