#!/usr/bin/env bash
# sources_unverifiable_test.sh: book/filters/sources.lua refuses a quote of a passage whose file is
# marked `# unverifiable:` (no stored copy proves it; book/tests/check_passages.py lists it), and
# still renders a citation of that passage without a quote, and a quote of a proven passage.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
status=0
fail() { echo "FAIL: $*"; status=1; }
render() { pandoc --from markdown --to html5 --lua-filter "$root/book/filters/sources.lua" -o /dev/null; }
out=$(printf '%s\n' '指南的表里写着「[32-bit floating-point add, multiply, multiply-add: 128]{.quote}」[@cuda-guide#throughput]。' | render 2>&1) \
  && fail "a quote of an unverifiable passage rendered"
grep -qF 'cites passage @throughput of book/sources/passages/cuda-guide.txt, marked unverifiable' <<<"$out" \
  || fail "the refusal does not name the passage and its mark: $out"
out=$(printf '%s\n' '指南给出了每个 SM 每周期的吞吐[@cuda-guide#throughput]。' | render 2>&1) \
  || fail "a citation (no quote) of an unverifiable passage did not render: $out"
out=$(printf '%s\n' '博客写明「[up to 740 TFLOPS]{.quote}」[@flashattention-3-blog#release]。' | render 2>&1) \
  || fail "a quote of a proven passage did not render: $out"
[ $status -eq 0 ] && echo "ok: a quote of an unverifiable passage fails, named; its citation and a proven quote render"
exit $status
