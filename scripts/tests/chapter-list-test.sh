#!/usr/bin/env bash
# chapter-list-test.sh: chapters/chapters.list has four readers, one per language:
# CMake (read_chapter_list, common/cmake/Chapters.cmake), bash (book_chapters,
# book/chapters.sh), Python (suite.chapters, scripts/lib/suite.py) and Lua
# (repo.chapters, book/filters/repo.lua). Each odd list below goes to all four in a
# scratch tree; they must agree: the same chapters in the same order, or all refuse.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/common/cmake" "$work/scripts/lib" "$work/book/filters"
cp "$root/common/cmake/Chapters.cmake" "$work/common/cmake/"
cp "$root/scripts/lib/suite.py" "$work/scripts/lib/"
cp "$root/book/chapters.sh" "$work/book/"
cp "$root/book/filters/repo.lua" "$work/book/filters/"
cat >"$work/read.cmake" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
set(CMAKE_SOURCE_DIR ${TREE})
include(${TREE}/common/cmake/Chapters.cmake)
read_chapter_list()
foreach(chapter IN LISTS BOOK_CHAPTERS)
  message(NOTICE "${chapter} ${CHAPTER_PROGRAM_${chapter}}")
endforeach()
CMAKE
cat >"$work/book/filters/probe.lua" <<'LUA'
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local ok, list = pcall(require('repo').chapters)
if ok then
  for _, c in ipairs(list) do io.stdout:write(c.key, ' ', c.program, '\n') end
else
  io.stderr:write(list, '\n')
  os.exit(2)
end
LUA

# read READER: prints the chapters READER finds, one `<chapter> <program>` a line, or REFUSED.
read_with() {
  local out status=0
  case $1 in
    cmake) out=$(cmake -DTREE="$work" -P "$work/read.cmake" 2>&1 >/dev/null) || status=$? ;;
    bash) out=$(root=$work bash -c 'source "$root/book/chapters.sh"; book_chapters' 2>/dev/null) || status=$? ;;
    python) out=$(python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import suite
print("\n".join(f"{c} {p}" for c, p in suite.chapters()))' "$work/scripts/lib" 2>/dev/null) || status=$? ;;
    lua) out=$(pandoc --lua-filter "$work/book/filters/probe.lua" -f markdown -t plain </dev/null 2>/dev/null) || status=$? ;;
  esac
  if [ $status -ne 0 ]; then echo REFUSED; else printf '%s\n' "$out" | sed '/^$/d'; fi
}

failures=0 cases=0
# check NAME EXPECTED LIST-TEXT: EXPECTED is the chapters as `a b|c d`, or REFUSED.
check() {
  local name=$1 expected=$2 text=$3 reader got want
  cases=$((cases + 1))
  rm -rf "$work/chapters"
  mkdir -p "$work/chapters"
  printf '%b' "$text" >"$work/chapters/chapters.list"
  # A folder for every chapter the list names, so only the grammar decides.
  { grep -oE '[0-9][0-9]-[a-z0-9-]+' "$work/chapters/chapters.list" || true; } | sort -u |
    while read -r c; do mkdir -p "$work/chapters/$c" && touch "$work/chapters/$c/CMakeLists.txt"; done
  want=$(if [ "$expected" = REFUSED ]; then echo REFUSED; else tr '|' '\n' <<<"$expected"; fi)
  for reader in cmake bash python lua; do
    got=$(read_with $reader)
    if [ "$got" != "$want" ]; then
      failures=$((failures + 1))
      echo "FAIL: $name: $reader read $(tr '\n' '|' <<<"$got") instead of $(tr '\n' '|' <<<"$want")"
      echo "  list: $(printf '%q' "$(printf '%b' "$text")")"
    fi
  done
}

check plain          "02-a prog_a|28-b prog_b" '02-a prog_a\n28-b prog_b\n'
check comments       "02-a prog_a"             '# head\n\n   # indented comment; with [brackets]\n02-a prog_a\n'
check tabs-trailing  "02-a prog_a"             '02-a\t \tprog_a \t\n'
check no-final-eol   "02-a prog_a|28-b prog_b" '02-a prog_a\n28-b prog_b'
check crlf           "02-a prog_a|28-b prog_b" '02-a prog_a\r\n28-b prog_b\r\n'
check empty          ""                        '# nothing yet\n'
check indented       REFUSED '  02-a prog_a\n'
check extra-word     REFUSED '02-a prog_a extra\n'
check trailing-note  REFUSED '02-a prog_a # note\n'
check one-word       REFUSED '02-a\n'
check semicolon      REFUSED '02-a prog_a;28-b prog_b\n'
check bracket-join   REFUSED '02-a prog[\n28-b ]prog_b\n'
check upper-program  REFUSED '02-a Prog\n'
check bad-slug       REFUSED '2-a prog_a\n'
check underscore     REFUSED '02_a prog_a\n'
check duplicate      REFUSED '02-a prog_a\n02-a prog_b\n'
check bom            REFUSED '\xef\xbb\xbf02-a prog_a\n'
check nbsp           REFUSED '02-a\xc2\xa0prog_a\n'
check fullwidth      REFUSED '０２-a prog_a\n'

# Naming a chapter (scripts/preview, rebuild-chapter, update-golden, fuzz, render.sh, the numbers
# filter's src="28/case"): one grammar in the three resolvers, the exact number or the exact slug;
# a prefix, an empty name or anything else is refused, never guessed.
cat >"$work/book/filters/resolve.lua" <<'LUA'
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local c = require('repo').resolve_chapter(os.getenv('ARG'))
if c then io.stdout:write(c.key, ' ', c.program, '\n') else os.exit(2) end
LUA
resolve_with() {
  local out status=0
  case $1 in
    bash) out=$(root=$work bash -c 'source "$root/book/chapters.sh"; resolve_chapter "$1"' _ "$2" 2>/dev/null) || status=$? ;;
    python) out=$(python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import suite
print("%s %s" % suite.resolve_chapter(sys.argv[2]))' "$work/scripts/lib" "$2" 2>/dev/null) || status=$? ;;
    lua) out=$(ARG=$2 pandoc --lua-filter "$work/book/filters/resolve.lua" -f markdown -t plain </dev/null 2>/dev/null) ||
      status=$? ;;
  esac
  if [ $status -ne 0 ] || [ -z "$out" ]; then echo REFUSED; else printf '%s\n' "$out" | sed '/^$/d'; fi
}
printf '02-op-traffic prog_a\n28-op-ledger prog_b\n' >"$work/chapters/chapters.list"
for pair in "28=28-op-ledger prog_b" "28-op-ledger=28-op-ledger prog_b" "02=02-op-traffic prog_a" \
  "=REFUSED" "28-op=REFUSED" "28-=REFUSED" "2=REFUSED" "028=REFUSED" " 28=REFUSED" "28 =REFUSED" \
  "op-ledger=REFUSED" "28-op-ledger-x=REFUSED" "*=REFUSED" ".=REFUSED"; do
  arg=${pair%%=*} want=${pair#*=}
  cases=$((cases + 1))
  for reader in bash python lua; do
    got=$(resolve_with $reader "$arg")
    if [ "$got" != "$want" ]; then
      failures=$((failures + 1))
      echo "FAIL: chapter named '$arg': $reader resolved $got instead of $want"
    fi
  done
done

echo "$cases lists and names, 4 readers: $failures disagreement(s)"
[ $failures -eq 0 ] && [ $cases -gt 0 ]
