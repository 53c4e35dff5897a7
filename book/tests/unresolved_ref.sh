#!/usr/bin/env bash
# unresolved_ref.sh: a reference to a label no figure or table has must fail
# the render, and the message must name it (crossref.lua), in every format.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
status=0
for to in html5 epub3 latex; do
  out=$(printf '# 第 2 章　例\n\n见[@fig:no-such-figure]。\n' |
        pandoc --from markdown --to "$to" --lua-filter "$root/book/filters/crossref.lua" -o /dev/null 2>&1)
  rc=$?
  if [ $rc -eq 0 ] || ! grep -q 'unresolved reference \[@fig:no-such-figure\]' <<<"$out"; then
    echo "FAIL: --to $to: an unresolved reference rendered (exit $rc) or was not named:"
    echo "$out" | head -n 5
    status=1
  fi
done
[ $status -eq 0 ] && echo "ok: an unresolved reference fails the render and is named (HTML, EPUB, LaTeX)"
[ $status -eq 0 ] || echo "rerun: ctest --test-dir build -L book --output-on-failure"
exit $status
