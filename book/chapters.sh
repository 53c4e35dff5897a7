# shellcheck shell=bash disable=SC2154  # $root comes from the script that sources this file
# Sourced by book/render.sh and scripts/rebuild-chapter: reads chapters/chapters.list.
# Needs $root (the repository root).

# Prints every chapter, one `<chapter> <program>` per line.
book_chapters() {
  grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$root/chapters/chapters.list" | awk '{print $1, $2}'
}

# resolve_chapter ARG: accepts `28` or `28-op-ledger`; prints `<chapter> <program>`.
resolve_chapter() {
  local hit
  hit=$(book_chapters | awk -v a="$1" '$1 == a || index($1, a "-") == 1' | head -n 1)
  if [ -z "$hit" ]; then
    echo "unknown chapter '$1' (accepted: $(book_chapters | awk '{print $1}' | paste -sd' '), or their numbers)" >&2
    return 2
  fi
  echo "$hit"
}
