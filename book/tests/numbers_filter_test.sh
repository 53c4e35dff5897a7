#!/usr/bin/env bash
# numbers_filter_test.sh: book/filters/numbers.lua on small pages written here,
# each checked for the exact line it must print (or for passing):
#   a right number passes; a wrong one fails naming page:line, the number, the
#   value and the source, with no Lua stack traceback under the message, at its own line
#   when spans are shown in a comment, a code block or a code span before it; a bad path, a missing case and a bad src are named;
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
expect_line() {  # DESCRIPTION LINE: the render failed and printed LINE, and no Lua stack traceback
  if [ "$rc" -eq 0 ]; then echo "FAIL: $1: the render passed"; failures=$((failures + 1)); return; fi
  if grep -q 'stack traceback' "$tmp/err"; then
    echo "FAIL: $1: a stack traceback under the message:"; cat "$tmp/err"; failures=$((failures + 1)); return
  fi
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

# The audit's allowlist for the cases marked "audit".
printf '# test allowlist\n02-op-traffic 7 a reason\n' >"$tmp/allow.txt"
allow=(-M numbers-audit=true -M "numbers-allowlist=$page_rel/allow.txt")

# check KIND AUDIT DESCRIPTION PAGE TEXT WANT: one case of the table below.
check() {
  local kind=$1 audit=$2 what=$3 page=$4 text=$5 want=${6//@TMP@/$tmp}
  if [ "$audit" = audit ]; then run "$page" "$text" "${allow[@]}"; else run "$page" "$text"; fi
  rc=$?
  case $kind in
    pass) expect_pass "$what" ;;
    line) expect_line "$what" "$want" ;;
    output) expect_output "$what" "$want" ;;
    *) echo "FAIL: $what: unknown kind '$kind' in the table"; failures=$((failures + 1)) ;;
  esac
}

# The cases, a block each: `== pass|line|output [audit] DESCRIPTION` (audit: with the
# allowlist above), the page's chapter, its Markdown (any number of lines), and `=> ` with
# the line the render must fail with (line) or the HTML it must hold (output); nothing for
# pass. @TMP@ is the folder the pages are written in. `#` lines between blocks are comments.
cases=0
header=""
while IFS= read -r line; do
  if [ -z "$header" ]; then
    case $line in
      "== "*) header=${line#== }; page=""; text=""; lines=0 ;;
      "#"* | "") ;;
      *) echo "FAIL: the table has a stray line: $line"; failures=$((failures + 1)) ;;
    esac
    continue
  fi
  if [ -z "$page" ]; then page=$line; continue; fi
  if [ "$line" = "=>" ] || [ "${line#=> }" != "$line" ]; then
    read -r kind rest <<<"$header"
    audit=""
    if [ "${rest%% *}" = audit ]; then audit=audit; rest=${rest#audit }; fi
    want=""
    [ "$line" = "=>" ] || want=${line#=> }
    check "$kind" "$audit" "$rest" "$page" "$text" "$want"
    cases=$((cases + 1))
    header=""
    continue
  fi
  if [ "$lines" -eq 0 ]; then text=$line; else text+=$'\n'$line; fi
  lines=$((lines + 1))
done <<'CASES'
== pass a right number (own chapter's case)
02-op-traffic
平衡点约 [162]{.n src="default-json" at="machine.balance"}。
=>
== line a wrong number
02-op-traffic
x

平衡点约 [163]{.n src="02/default-json" at="machine.balance"}。
=> @TMP@/02-op-traffic.md:3: the prose says 163, the source gives 162 (golden/02-op-traffic/default-json.txt machine.balance = 161.971726)
== line a span shown in a comment, a code block or a code span is none: the wrong one is named at its line
02-op-traffic
<!-- 正文里的数字绑定到 golden 输出（[..]{.n src=… at=…}），
     例如 [162]{.n src="default-json" at="machine.balance"} -->
```
[1]{.n src="default-json" at="machine.balance"}
```
写法是 `[162]{.n src="default-json" at="machine.balance"}`。

平衡点约 [163]{.n src="default-json" at="machine.balance"}。
=> @TMP@/02-op-traffic.md:8: the prose says 163, the source gives 162 (golden/02-op-traffic/default-json.txt machine.balance = 161.971726)
== line the written decimals decide the rounding
02-op-traffic
[161.9]{.n src="default-json" at="machine.balance"}
=> @TMP@/02-op-traffic.md:1: the prose says 161.9, the source gives 162.0 (golden/02-op-traffic/default-json.txt machine.balance = 161.971726)
== pass scale
02-op-traffic
[486]{.n src="default-json" at="machine.balance" scale="3"}，[4.8]{.n src="profile:h200" at="roofs[key=hbm].theoretical" scale="1e-12"}
=>
== line a path that does not exist
02-op-traffic
[1]{.n src="default-json" at="machine.balanse"}
=> @TMP@/02-op-traffic.md:1: golden/02-op-traffic/default-json.txt machine.balanse: no field "balanse"
== line a missing case
02-op-traffic
[1]{.n src="no-such-case" at="x"}
=> book/02-op-traffic.md: source missing: golden/02-op-traffic/no-such-case.txt (src="02-op-traffic/no-such-case")
== line a text golden file is not a source
02-op-traffic
[1]{.n src="default" at="x"}
=> book/02-op-traffic.md: golden/02-op-traffic/default.txt is not a --format json golden file (JSON: unexpected character at byte 1)
== pass find= and a two-condition selector
02-op-traffic
[0.8183]{.n src="profile:h200" at="roofs[key=hbm].label" find="copy alone: ([%d.]+)"}，[2068]{.n src="default-json" at="rows[kind=attention_prefill,shape.materialized=false].intensity"}
=>
# default-json.txt has two pointwise_chain rows (eager: intensity 0.25, fused: 0.5).
== line a selector that matches several rows fails, naming the count and a field that tells them apart
02-op-traffic
x

融合后约 [0.25]{.n src="default-json" at="rows[kind=pointwise_chain].intensity"}。
=> @TMP@/02-op-traffic.md:3: golden/02-op-traffic/default-json.txt rows[kind=pointwise_chain].intensity: [kind=pointwise_chain] matches 2 elements, not one; add a field that tells them apart, e.g. [kind=pointwise_chain,shape.fused=false] (they differ in shape.fused, bytes, intensity, memory_time_s, sol_time_s)
== output a selector made unique by a second field binds its row
02-op-traffic
融合后约 [0.5]{.n src="default-json" at="rows[kind=pointwise_chain,shape.fused=true].intensity"}。
=> title="golden/02-op-traffic/default-json.txt rows[kind=pointwise_chain,shape.fused=true].intensity = 0.5">0.5</span>
== output an empty span inserts the value
02-op-traffic
峰值 []{.n src="profile:h200" at="roofs[key=tensor_core.fp8].theoretical" scale="1e-12" digits="1"} TFLOP/s
=> >1979.0</span>
== output the roof table lists the profile's roofs
28-op-ledger
::: {.roof-table profile="h200"}
- `hbm`：访存
- `tensor_core.fp16`：a
- `tensor_core.bf16`：b
- `tensor_core.fp8`：c
- `tensor_core.tf32`：d
- `cuda_core.fp32`：e
:::
=> <td style="text-align: right;">989.5 TFLOP/s</td>
== line a roof the table's list leaves out
28-op-ledger
::: {.roof-table profile="h200"}
- `hbm`：访存
:::
=> book/28-op-ledger.md: roof-table: common/profiles/h200.yaml has roof tensor_core.fp16; say where it is used in the div's list
== pass audit the audit passes allowed, bound, allowed and bound math, a coefficient, code, citations and names
02-op-traffic
有 7 个，[162]{.n src="default-json" at="machine.balance"}，$n = 7$，[$S = 4096$]{.n src="default-json" at="workload.seq_len"}，$4S^2D$，`x = 4`，[@fig:x]，fp16、H200、FlashAttention-3。
=>
== line audit the audit fails on an unbound number in math
02-op-traffic
有 7 个，$f = 1650$ MHz。
=> book/02-op-traffic.md: number 1650 is bound to no source: " 7 个，f = 1650 MHz。" (bind it with [1650]{.n src=… at=…}, or list it with a reason in book/numbers-allowlist.txt)
== line a number in bound math is checked
02-op-traffic
[$S = 4097$]{.n src="default-json" at="workload.seq_len"}
=> @TMP@/02-op-traffic.md:1: the prose says 4097, the source gives 4096 (golden/02-op-traffic/default-json.txt workload.seq_len = 4096)
== line over= divides by a second value (of over-src), then scale
02-op-traffic
约 [3.8]{.n src="default-json" at="rows[kind=attention_prefill,shape.materialized=true].sol_time_s" over="rows[kind=attention_prefill,shape.materialized=false].sol_time_s"} 倍，[0.2]{.n src="02/default-json" at="rows[kind=attention_decode].sol_time_s" over-src="kv131072-json" over="rows[kind=attention_decode].sol_time_s" scale="0.4"}
=> @TMP@/02-op-traffic.md:1: the prose says 0.2, the source gives 0.1 (golden/02-op-traffic/default-json.txt rows[kind=attention_decode].sol_time_s / golden/02-op-traffic/kv131072-json.txt rows[kind=attention_decode].sol_time_s × 0.4 = 0.1)
== line audit the audit fails on an unbound number
02-op-traffic
有 7 个，还有 12 个。
=> book/02-op-traffic.md: number 12 is bound to no source: "7 个，还有 12 个。" (bind it with [12]{.n src=… at=…}, or list it with a reason in book/numbers-allowlist.txt)
== line audit the audit fails on a stale allowlist entry
02-op-traffic
没有数字。
=> book/02-op-traffic.md: number 7 is listed in book/numbers-allowlist.txt but the page has no such unbound number (remove the entry)
CASES
[ "$cases" -eq 20 ] || { echo "FAIL: the table ran $cases cases, not 20"; failures=$((failures + 1)); }

if [ $failures -ne 0 ]; then
  echo "$failures check(s) failed; rerun: bash book/tests/numbers_filter_test.sh"
  exit 1
fi
echo "all checks passed"
