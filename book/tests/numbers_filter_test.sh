#!/usr/bin/env bash
# numbers_filter_test.sh: book/filters/numbers.lua on small pages written here,
# each checked for the exact line it must print (or for passing):
#   a right number passes; a wrong one fails naming page:line, the number, the
#   value and the source; a bad path, a missing case and a bad src are named;
#   a [field=value] selector matching several rows fails (count, a field to add),
#   one made unique binds;
#   an empty span inserts; a roof table lists the profile's roofs; the audit
#   fails on an unbound number (in a sentence or in math) and on a stale
#   allowlist entry, and passes bound or allowed math, a code span, a citation
#   and a name with digits; over= divides by a second value.
# The values are the published ones: golden/02-op-traffic/default-json.txt's
# balance 161.97 (989.5e12 * 0.737 / (4800e9 * 0.938)) and h200.yaml's roofs.
# shellcheck disable=SC2016  # the pages hold Markdown `code` and $math$, not expansions
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

# run PAGE_NAME TEXT [pandoc args]: renders TEXT as $tmp/PAGE_NAME.md; output in $tmp/out, $tmp/err.
run() {
  local name=$1 text=$2
  shift 2
  printf '%s\n' "$text" >"$tmp/$name.md"
  pandoc --from markdown+east_asian_line_breaks --lua-filter "$root/book/filters/numbers.lua" --mathml \
    --to html5 "$@" -o "$tmp/out" "$tmp/$name.md" 2>"$tmp/err"
}
expect_pass() {  # DESCRIPTION
  if [ "$rc" -ne 0 ]; then echo "FAIL: $1: the render failed:"; cat "$tmp/err"; failures=$((failures + 1)); else echo "ok: $1"; fi
}
expect_line() {  # DESCRIPTION LINE: the render failed and printed LINE
  if [ "$rc" -eq 0 ]; then echo "FAIL: $1: the render passed"; failures=$((failures + 1)); return; fi
  if grep -qxF -- "  $2" "$tmp/err"; then echo "ok: $1"; else
    echo "FAIL: $1: expected the line"; echo "    $2"; echo "  got:"; cat "$tmp/err"; failures=$((failures + 1))
  fi
}
expect_output() {  # DESCRIPTION TEXT: the render passed and its HTML holds TEXT
  if [ "$rc" -ne 0 ]; then echo "FAIL: $1: the render failed:"; cat "$tmp/err"; failures=$((failures + 1)); return; fi
  if grep -qF -- "$2" "$tmp/out"; then echo "ok: $1"; else
    echo "FAIL: $1: the page lacks: $2"; failures=$((failures + 1))
  fi
}
page_rel=$(python3 -c 'import os,sys; print(os.path.relpath(sys.argv[1], sys.argv[2]))' "$tmp" "$root")

run 02-op-traffic '平衡点约 [162]{.n src="default-json" at="machine.balance"}。'; rc=$?
expect_pass "a right number (own chapter's case)"

run 02-op-traffic 'x

平衡点约 [163]{.n src="02/default-json" at="machine.balance"}。'; rc=$?
expect_line "a wrong number" \
  "$tmp/02-op-traffic.md:3: the prose says 163, the source gives 162 (golden/02-op-traffic/default-json.txt machine.balance = 161.971726)"

run 02-op-traffic '[161.9]{.n src="default-json" at="machine.balance"}'; rc=$?
expect_line "the written decimals decide the rounding" \
  "$tmp/02-op-traffic.md:1: the prose says 161.9, the source gives 162.0 (golden/02-op-traffic/default-json.txt machine.balance = 161.971726)"

run 02-op-traffic '[486]{.n src="default-json" at="machine.balance" scale="3"}，[4.8]{.n src="profile:h200" at="roofs[key=hbm].theoretical" scale="1e-12"}'; rc=$?
expect_pass "scale"

run 02-op-traffic '[1]{.n src="default-json" at="machine.balanse"}'; rc=$?
expect_line "a path that does not exist" \
  "$tmp/02-op-traffic.md:1: golden/02-op-traffic/default-json.txt machine.balanse: no field \"balanse\""

run 02-op-traffic '[1]{.n src="no-such-case" at="x"}'; rc=$?
expect_line "a missing case" \
  "book/02-op-traffic.md: source missing: golden/02-op-traffic/no-such-case.txt (src=\"02-op-traffic/no-such-case\")"

run 02-op-traffic '[1]{.n src="default" at="x"}'; rc=$?
expect_line "a text golden file is not a source" \
  "book/02-op-traffic.md: golden/02-op-traffic/default.txt is not a --format json golden file (JSON: unexpected character at byte 1)"

run 02-op-traffic '[0.8183]{.n src="profile:h200" at="roofs[key=hbm].label" find="copy alone: ([%d.]+)"}，[2068]{.n src="default-json" at="rows[kind=attention_prefill,shape.materialized=false].intensity"}'; rc=$?
expect_pass "find= and a two-condition selector"

# default-json.txt has two pointwise_chain rows (eager: intensity 0.25, fused: 0.5).
run 02-op-traffic 'x

融合后约 [0.25]{.n src="default-json" at="rows[kind=pointwise_chain].intensity"}。'; rc=$?
expect_line "a selector that matches several rows fails, naming the count and a field that tells them apart" \
  "$tmp/02-op-traffic.md:3: golden/02-op-traffic/default-json.txt rows[kind=pointwise_chain].intensity: [kind=pointwise_chain] matches 2 elements, not one; add a field that tells them apart, e.g. [kind=pointwise_chain,shape.fused=false] (they differ in shape.fused, bytes, intensity, memory_time_s, sol_time_s)"

run 02-op-traffic '融合后约 [0.5]{.n src="default-json" at="rows[kind=pointwise_chain,shape.fused=true].intensity"}。'; rc=$?
expect_output "a selector made unique by a second field binds its row" \
  'title="golden/02-op-traffic/default-json.txt rows[kind=pointwise_chain,shape.fused=true].intensity = 0.5">0.5</span>'

run 02-op-traffic '峰值 []{.n src="profile:h200" at="roofs[key=tensor_core.fp8].theoretical" scale="1e-12" digits="1"} TFLOP/s'; rc=$?
expect_output "an empty span inserts the value" '>1979.0</span>'

run 28-op-ledger '::: {.roof-table profile="h200"}
- `hbm`：访存
- `tensor_core.fp16`：a
- `tensor_core.bf16`：b
- `tensor_core.fp8`：c
- `tensor_core.tf32`：d
- `cuda_core.fp32`：e
:::'; rc=$?
expect_output "the roof table lists the profile's roofs" '<td>989.5 TFLOP/s</td>'

run 28-op-ledger '::: {.roof-table profile="h200"}
- `hbm`：访存
:::'; rc=$?
expect_line "a roof the table's list leaves out" \
  "book/28-op-ledger.md: roof-table: common/profiles/h200.yaml has roof tensor_core.fp16; say where it is used in the div's list"

printf '# test allowlist\n02-op-traffic 7 a reason\n' >"$tmp/allow.txt"
allow=(-M numbers-audit=true -M "numbers-allowlist=$page_rel/allow.txt")
run 02-op-traffic '有 7 个，[162]{.n src="default-json" at="machine.balance"}，$n = 7$，[$S = 4096$]{.n src="default-json" at="workload.seq_len"}，$4S^2D$，`x = 4`，[@fig:x]，fp16、H200、FlashAttention-3。' "${allow[@]}"; rc=$?
expect_pass "the audit passes allowed, bound, allowed and bound math, a coefficient, code, citations and names"

run 02-op-traffic '有 7 个，$f = 1650$ MHz。' "${allow[@]}"; rc=$?
expect_line "the audit fails on an unbound number in math" \
  "book/02-op-traffic.md: number 1650 is bound to no source: \" 7 个，f = 1650 MHz。\" (bind it with [1650]{.n src=… at=…}, or list it with a reason in book/numbers-allowlist.txt)"

run 02-op-traffic '[$S = 4097$]{.n src="default-json" at="workload.seq_len"}'; rc=$?
expect_line "a number in bound math is checked" \
  "$tmp/02-op-traffic.md:1: the prose says 4097, the source gives 4096 (golden/02-op-traffic/default-json.txt workload.seq_len = 4096)"

run 02-op-traffic '约 [3.8]{.n src="default-json" at="rows[kind=attention_prefill,shape.materialized=true].sol_time_s" over="rows[kind=attention_prefill,shape.materialized=false].sol_time_s"} 倍，[0.2]{.n src="02/default-json" at="rows[kind=attention_decode].sol_time_s" over-src="kv131072-json" over="rows[kind=attention_decode].sol_time_s" scale="0.4"}'; rc=$?
expect_line "over= divides by a second value (of over-src), then scale" \
  "$tmp/02-op-traffic.md:1: the prose says 0.2, the source gives 0.1 (golden/02-op-traffic/default-json.txt rows[kind=attention_decode].sol_time_s / golden/02-op-traffic/kv131072-json.txt rows[kind=attention_decode].sol_time_s × 0.4 = 0.1)"

run 02-op-traffic '有 7 个，还有 12 个。' "${allow[@]}"; rc=$?
expect_line "the audit fails on an unbound number" \
  "book/02-op-traffic.md: number 12 is bound to no source: \"7 个，还有 12 个。\" (bind it with [12]{.n src=… at=…}, or list it with a reason in book/numbers-allowlist.txt)"

run 02-op-traffic '没有数字。' "${allow[@]}"; rc=$?
expect_line "the audit fails on a stale allowlist entry" \
  "book/02-op-traffic.md: number 7 is listed in book/numbers-allowlist.txt but the page has no such unbound number (remove the entry)"

if [ $failures -ne 0 ]; then
  echo "$failures check(s) failed; rerun: bash book/tests/numbers_filter_test.sh"
  exit 1
fi
echo "all checks passed"
