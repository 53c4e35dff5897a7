#!/usr/bin/env bash
# crossref_filter.sh: the cross-reference filter (book/filters/crossref.lua) on
# small inputs, in every format:
#   * a reference to a label no figure or table has fails the render, and the
#     message names it;
#   * a page that is not the label's chapter links to that chapter's page
#     (HTML), and reads the label's number (图 2-1 is the book's first figure).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
filter=$root/book/filters/crossref.lua
status=0
fail() { echo "FAIL: $*"; status=1; }

for to in html5 epub3 latex; do
  out=$(printf '# 第 2 章　例\n\n见[@fig:no-such-figure]。\n' |
        pandoc --from markdown --to "$to" --lua-filter "$filter" -o /dev/null 2>&1)
  rc=$?
  if [ $rc -eq 0 ] || ! grep -q 'unresolved reference \[@fig:no-such-figure\]' <<<"$out"; then
    fail "--to $to: an unresolved reference rendered (exit $rc) or was not named:"
    echo "$out" | head -n 5
  fi
done

# Another page (the file name is the page) referring to chapter 2's first figure.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '见[@fig:op-roofline]。\n' >"$tmp/other-page.md"
html=$(pandoc --from markdown --to html5 --wrap=none --lua-filter "$filter" "$tmp/other-page.md" 2>&1)
nbsp=$(printf '\xc2\xa0')  # the number never breaks from 图
want="<a href=\"02-op-traffic.html#fig:op-roofline\" class=\"xref\">图${nbsp}2-1</a>"
grep -qF "$want" <<<"$html" || fail "HTML from another page: expected $want, got: $html"
tex=$(pandoc --from markdown --to latex --lua-filter "$filter" "$tmp/other-page.md" 2>&1)
grep -qF '\hyperlink{fig:op-roofline}{图~2-1}' <<<"$tex" || fail "LaTeX: expected a link to fig:op-roofline reading 图~2-1, got: $tex"

if [ $status -eq 0 ]; then
  echo "ok: an unresolved reference fails the render and is named; references link across pages"
else
  echo "rerun: ctest --test-dir build -L book --output-on-failure"
fi
exit $status
