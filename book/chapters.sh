# shellcheck shell=bash disable=SC2154  # $root comes from the script that sources this file
# Sourced by book/render.sh and scripts/rebuild-chapter: reads chapters/chapters.list.
# Needs $root (the repository root).

# Prints every chapter, one `<chapter> <program>` per line; a line that breaks the
# grammar (scripts/lib/suite.py, CHAPTER_LINE) is named on stderr and the status is 2.
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

# resolve_chapter ARG: accepts exactly `28` or `28-op-ledger` (no prefix such as `28-op`, no
# empty name: the grammar of scripts/lib/suite.py resolve_chapter); prints `<chapter> <program>`.
resolve_chapter() {
  local hit
  hit=$(book_chapters | awk -v a="$1" 'a != "" && ($1 == a || substr($1, 1, index($1, "-") - 1) == a)' | head -n 1)
  if [ -z "$hit" ]; then
    echo "unknown chapter '$1' (accepted: exactly $(book_chapters | awk '{print $1}' | paste -sd' '), or their numbers)" >&2
    return 2
  fi
  echo "$hit"
}
