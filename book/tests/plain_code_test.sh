#!/usr/bin/env bash
# plain_code_test.sh: book/filters/plain_code.lua (run by columns.lua) writes the HTML pages'
# output and command blocks itself, as Pandoc's writer would. On a page of every kind of code
# block (highlighted ones before and after, characters to escape, Chinese, a block with an id,
# one with an attribute, one with no class), the HTML with it and without it must be the same
# bytes; the output blocks must really have been written by it; every class it counts as a
# syntax must be highlighted by Pandoc, and every class it writes itself must not be.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
status=0
fail() { echo "FAIL: $*"; status=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/page.md" <<'MD'
# 第 2 章　例

```cpp
int main() { return 0; }
```

```{.command}
$ op_traffic --flags="a b" --name='x' > out & echo <done>
```

```{.output}
列一  列二   a<b>&c"d'e
	tab	and trailing spaces   
```

```
no class
```

```{#given-id .output}
an id
```

::: golden
```{.output .command}
in a div, two classes
```
:::

```{.cpp}
double x = 1.0; // after them
```

```sh
ls -l | head
```
MD
printf 'package.path = "%s/book/filters/?.lua;" .. package.path\nreturn { { Pandoc = require("plain_code").page } }\n' \
  "$root" >"$tmp/plain.lua"
common=(--from markdown --to html5 --wrap=none --highlight-style "$root/book/code.theme")
pandoc "${common[@]}" "$tmp/page.md" -o "$tmp/pandoc.html" || fail "pandoc alone failed"
pandoc "${common[@]}" --lua-filter "$tmp/plain.lua" "$tmp/page.md" -o "$tmp/filtered.html" || fail "with plain_code.lua it failed"
if ! cmp -s "$tmp/pandoc.html" "$tmp/filtered.html"; then
  fail "the page differs with plain_code.lua:"
  diff "$tmp/pandoc.html" "$tmp/filtered.html" | head -n 20
fi
# The output and command blocks were the filter's (RawBlocks), not Pandoc's.
raw=$(pandoc --from markdown --to native --lua-filter "$tmp/plain.lua" "$tmp/page.md" | grep -c 'RawBlock')
[ "$raw" -eq 3 ] || fail "expected 3 blocks written by plain_code.lua (command, output, the div's), got $raw"
# A block of a class it does not know (an attribute here) leaves the whole page to Pandoc.
printf '```{.output data-x="1"}\nan attribute\n```\n\n```{.output}\nplain\n```\n' >"$tmp/other.md"
raw=$(pandoc --from markdown --to native --lua-filter "$tmp/plain.lua" "$tmp/other.md" | grep -c 'RawBlock')
[ "$raw" -eq 0 ] || fail "a page with a block of an unknown kind was not left to Pandoc ($raw blocks written)"
# Its lists hold what Pandoc does.
printf 'local p = dofile("%s/book/filters/plain_code.lua")\nfor _, t in ipairs { "SYNTAX", "PLAIN" } do\n  for c in pairs(p[t]) do print(t, c) end\nend\nreturn {}\n' \
  "$root" >"$tmp/lists.lua"
while read -r kind class; do
  printf '```{.%s}\nx = 1\n```\n' "$class" | pandoc "${common[@]}" -o "$tmp/one.html"
  if [ "$kind" = SYNTAX ] && ! grep -q 'class="sourceCode' "$tmp/one.html"; then fail "Pandoc does not highlight class $class"; fi
  if [ "$kind" = PLAIN ] && grep -q 'class="sourceCode' "$tmp/one.html"; then fail "Pandoc highlights class $class"; fi
done < <(pandoc --from markdown --to plain --lua-filter "$tmp/lists.lua" /dev/null)
[ $status -eq 0 ] && echo "ok: plain_code.lua writes the bytes Pandoc writes"
exit $status
