#!/usr/bin/env bash
# sources_test.sh: book/filters/sources.lua and citeproc (GB/T 7714-2015 numeric), as
# book/render.sh runs them, on small pages against the tree's book/sources/:
#   * a page quoting a stored passage and citing it renders, in every format, with the
#     citation numbered and a 参考文献 listing the entry; an unverifiable entry's line there ends
#     with 「（无法核对：…）」, its passage file's `# bibliography-note:`; two passages of one
#     entry in one citation print one number;
#   * a citation of a missing entry, a citation of a passage that is not stored, a quote
#     that is not in the passage it cites, and a quote with no citation of a passage each
#     fail the render, and the message names it;
#   * the 参考文献 separates authors as GB/T 7714 does (「SHAH J, BIKSHANDI G, ZHANG Y, 等.」):
#     render.sh's workaround for Pandoc's citeproc (step_csl) holds; an organisation's name is
#     written as it writes it (DeepSeek, not DEEPSEEK).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
status=0
fail() { echo "FAIL: $*"; status=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
csl=$tmp/book.csl
bash "$root/book/render.sh" --step csl >"$csl" && grep -q '<name delimiter=", ">' "$csl" ||
  { echo "FAIL: book/render.sh --step csl gave no style (scripts/install-deps --book installs citation-style-language-styles)"; exit 1; }
render() {  # render FORMAT: the page on stdin, through the filter and citeproc, as text on stdout
  local file=$tmp/page.$1
  pandoc --from markdown --to "$1" --lua-filter "$root/book/filters/sources.lua" --citeproc --csl "$csl" \
    --lua-filter "$root/book/filters/sources_marks.lua" -o "$file" || return
  if [ "$1" = epub3 ]; then unzip -p "$file" '*.xhtml'; else cat "$file"; fi
}

good='报告写明「[华为昇腾 950 的每个 AI Core 具有一个 CUBE Core 和两个 VECTOR Core]{.quote}」[@flashmla-report#cores]。'
for to in html5 epub3 latex; do
  out=$(printf '%s\n' "$good" | render "$to" 2>&1) || { fail "--to $to: the good page did not render: $out"; continue; }
  grep -q '参考文献' <<<"$out" || fail "--to $to: no 参考文献 section"
  grep -q 'Ascend Sparse Attention Forward' <<<"$out" || fail "--to $to: the 参考文献 does not list the report"
  grep -q -e '\[1\]' -e '{\[}1{\]}' <<<"$out" || fail "--to $to: the citation is not numbered [1]"
  ! grep -q 'flashmla-report#' <<<"$out" || fail "--to $to: the passage id reached the output"
done

# An organisation's name as it writes it, not upper-cased as a person's family name
# (sources_marks.lua): the report's author is DeepSeek.
out=$(printf '%s\n' "$good" | render html5 2>&1)
grep -q 'DeepSeek\. Ascend Sparse' <<<"$out" && ! grep -q 'DEEPSEEK' <<<"$out" ||
  fail "the report's author is not written DeepSeek: $(grep -o '[A-Za-z]*\. Ascend Sparse' <<<"$out" | head -n 1)"

# The authors' form (GB/T 7714: comma between names, 等 after three).
out=$(printf '%s\n' 'FA3 的结论[@flashattention-3]。' | render html5 2>&1)
grep -q 'SHAH J, BIKSHANDI G, ZHANG Y, 等' <<<"$out" ||
  fail "the 参考文献 does not separate authors with commas (render.sh's step_csl): $(grep -o 'SHAH[^<]*' <<<"$out" | head -n 1)"

# An entry whose passages no stored copy proves (`# unverifiable:`) ends with its 无法核对 mark in the
# 参考文献, in every format; a proven entry has none.
mixed='指南给出了每个 SM 每周期的吞吐[@cuda-guide#throughput]；报告写明「[华为昇腾 950 的每个 AI Core 具有一个 CUBE Core 和两个 VECTOR Core]{.quote}」[@flashmla-report#cores]。'
note=$(sed -n 's/^# *bibliography-note: *//p' "$root/book/sources/passages/cuda-guide.txt")
# A page (HTML) lists what it cites: one mark. The book (EPUB, PDF) lists every entry: one mark
# for each entry whose passage file is marked unverifiable.
unverifiable=$(grep -l '^# *unverifiable:' "$root"/book/sources/passages/*.txt | wc -l)
for to in html5 epub3 latex; do
  out=$(printf '%s\n' "$mixed" | render "$to" 2>&1) || { fail "--to $to: the mixed page did not render: $out"; continue; }
  want=1
  [ "$to" = html5 ] || want=$unverifiable
  [ "$(grep -o '无法核对' <<<"$out" | wc -l)" -eq "$want" ] ||
    fail "--to $to: not $want 无法核对 mark(s) (one for each unverifiable entry listed)"
  tr '\n' ' ' <<<"$out" | grep -qF "（无法核对：$note）" || fail "--to $to: the 参考文献 does not end cuda-guide's entry with 「（无法核对：$note）」"
  grep -q -e '\[2\]' -e '{\[}2{\]}' <<<"$out" || fail "--to $to: the second citation is not numbered [2]"
done

# Two passages of one entry in one citation are one source: [1], not [1,1].
out=$(printf '%s\n' '芯片表里有两种核数[@ascend-mssanitizer#950-8; @ascend-mssanitizer#950-36]。' | render html5 2>&1) \
  || fail "a citation of two passages of one entry did not render: $out"
cite=$(tr '\n' ' ' <<<"$out" | grep -o '<span class="citation"[^§]*</span>。' | head -n 1)
[ "$(grep -o '</a>' <<<"$cite" | wc -l)" -eq 1 ] && grep -q '>1</a>\]' <<<"$cite" ||
  fail "a citation of two passages of one entry is not the single number [1]: $cite"

# bad NAME MESSAGE PAGE: PAGE must fail the render with MESSAGE in the error (a locator beside a
# citation among them: it would print unchecked).
bad() {
  local out rc
  out=$(printf '%s\n' "$3" | render html5 2>&1)
  rc=$?
  if [ $rc -eq 0 ] || ! grep -qF "$2" <<<"$out"; then
    fail "$1: rendered (exit $rc) or did not say '$2':"
    echo "$out" | head -n 5
  fi
}
bad 'a missing entry' 'citation [@no-such-source]: no entry `no-such-source` in book/sources/references.yaml' \
  '某个来源说过一件事[@no-such-source]。'
bad 'a passage not stored' 'citation [@flashmla-report#no-such-passage]: no passage `@no-such-passage` stored in book/sources/passages/flashmla-report.txt' \
  '报告说过一件事[@flashmla-report#no-such-passage]。'
bad 'a quote not in its passage' '「华为昇腾 950 的每个 AI Core 具有两个 CUBE Core」 is not in passage @cores' \
  '报告写明「[华为昇腾 950 的每个 AI Core 具有两个 CUBE Core]{.quote}」[@flashmla-report#cores]。'
bad 'a quote citing no passage' 'has no citation of a stored passage after it' \
  '报告写明「[华为昇腾 950 的每个 AI Core 具有一个 CUBE Core]{.quote}」[@flashmla-report]。'
bad "a locator beside a citation" 'is not checked against the source' \
  '报告给了常数[@flashmla-report#constants, p. 999]。'

if [ $status -eq 0 ]; then
  echo "ok: a stored quote renders with its 参考文献 in every format, an unverifiable entry marked 无法核对; a missing entry or passage, a quote not in its passage and a quote with no passage each fail, named"
else
  echo "rerun: ctest --test-dir build -R book/sources --output-on-failure"
fi
exit $status
