#!/usr/bin/env bash
# errata-workflow-test.sh WORK_DIR: an ordinary erratum published as an author publishes it
# (issue 64), in a scratch copy of the tree (WORK_DIR/书稿 run.XXXXXX/tree; removed when the run
# passes, kept with its logs when it fails):
#  1. a new calibration: H200's tf32 tensor-core peak 494.7e12 -> 600e12 (h200.yaml and
#     h200-spec.yaml; chapter 28's outputs change) and its fp8 peak 1979e12 -> 2500e12
#     (h200.yaml; two numbers of chapter 28's prose change, their text edited as the numbers
#     audit asks);
#  2. op_ledger built in the copy (ccache serves the tree's objects), scripts/update-golden 28
#     --write with a reason;
#  3. the gate of the change: scripts/check-editions, chapter 28's golden tests, the numbers
#     audit of chapter 28 and of the index, and --version saying the chapter is a preview with
#     changes not yet released;
#  4. the book rendered (HTML and PDF): book/errata's and book/pdf's checks and every check of
#     book/pdf-layout on the new PDF (no overfull line, nothing in the margin: the print template
#     absorbs the grown numbers, output IDs and paths), and the 勘误与变更 page, in the HTML and
#     the PDF, lists every changed output by ID and the two numbers old -> new.
# ctest runs it as scripts/errata-workflow (label tools: scripts/test and CI, not build-book).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: $0 WORK_DIR" >&2; exit 2; }
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
start_template_run errata-workflow "$1" "$root"
export BOOK_SEARCH_DEPS=${BOOK_SEARCH_DEPS:-$root/build/search-deps} BOOK_SEARCH=later
cd "$tree"

# 1. The new calibration.
sed -i 's/^    theoretical: 494\.7e12$/    theoretical: 600e12/' common/profiles/h200.yaml common/profiles/h200-spec.yaml
sed -i 's/^    theoretical: 1979e12$/    theoretical: 2500e12/' common/profiles/h200.yaml
[ "$(grep -c -e '^    theoretical: 600e12$' -e '^    theoretical: 2500e12$' common/profiles/h200.yaml)" -eq 2 ] &&
  grep -q '^    theoretical: 600e12$' common/profiles/h200-spec.yaml || fail "the profiles no longer hold tf32 494.7e12 and fp8 1979e12: update this test"
step "h200: tf32 494.7e12 -> 600e12, fp8 1979e12 -> 2500e12"

# 2. The program and the outputs.
{ cmake --preset default -DBOOK_TESTS=OFF && cmake --build build --target op_ledger -j2; } >"$run/build.log" 2>&1 ||
  { tail -n 30 "$run/build.log"; fail "configure and build op_ledger in the copy (log: $run/build.log)"; }
step "op_ledger built in the copy"
reason="H200 的 tf32 与 fp8 张量核峰值换成新的标定"
scripts/update-golden 28 --write --reason "$reason" --class 变更 >"$run/update-golden.log" 2>&1 ||
  { tail -n 30 "$run/update-golden.log"; fail "update-golden 28 --write"; }
written=$(grep -c '^  written ' "$run/update-golden.log" || true)
[ "$written" -ge 10 ] || { cat "$run/update-golden.log"; fail "update-golden wrote $written outputs, expected chapter 28's tf32 and fp8 rows"; }
step "update-golden wrote $written outputs, with the reason"

# 3. The gate of the change. The prose's two fp8 numbers are stale: the audit names them, the
# author writes the new ones.
if book/tests/audit_numbers.sh 28-op-ledger >"$run/numbers-stale.log" 2>&1; then fail "the numbers audit passed with the prose at 1979"; fi
for said in "1979, the source gives 2500" "307, the source gives 387"; do
  grep -q "the prose says $said" "$run/numbers-stale.log" || { cat "$run/numbers-stale.log"; fail "the audit did not say: $said"; }
done
sed -i -e 's/\[1979\]{\.n src="fused-norm-rope-quant-json"/[2500]{.n src="fused-norm-rope-quant-json"/' \
       -e 's/\[307\]{\.n src="gemm-512-json"/[387]{.n src="gemm-512-json"/' book/28-op-ledger.md
scripts/check-editions >"$run/check-editions.log" 2>&1 || { cat "$run/check-editions.log"; fail "scripts/check-editions"; }
ctest --test-dir build -L golden -R '^28-op-ledger/' >"$run/ctest.log" 2>&1 || { tail -n 30 "$run/ctest.log"; fail "chapter 28's golden tests"; }
for page in 28-op-ledger index; do
  book/tests/audit_numbers.sh "$page" >"$run/numbers-$page.log" 2>&1 || { cat "$run/numbers-$page.log"; fail "the numbers audit of $page"; }
done
build/chapters/28-op-ledger/op_ledger --version >"$run/version.txt"
grep -q '之后的预览版，含尚未发布的改动$' "$run/version.txt" && grep -q '勘误与变更' "$run/version.txt" ||
  { cat "$run/version.txt"; fail "op_ledger --version does not report the change waiting for the next edition"; }
step "the gate: editions, golden tests, numbers audit, --version a preview"

# 4. The book: the PDF's checks and the 勘误与变更 page.
book/render.sh --pdf "$run/book" 28 >"$run/render.log" 2>&1 || { tail -n 30 "$run/render.log"; fail "render (log: $run/render.log)"; }
python3 book/tests/check_errata.py "$run/book/html" || fail "book/errata on the new render"
python3 book/tests/check_pdf.py "$run/book/book.pdf" || fail "book/pdf on the new PDF"
python3 book/tests/check_pdf_layout.py all "$run/book/book.pdf" || fail "book/pdf-layout on the new PDF"
python3 - "$run/book" <<'PY' || fail "the 勘误与变更 page (the book: $run/book)"
import html, re, subprocess, sys
sys.path.insert(0, "scripts/lib")
import editions
book = sys.argv[1]
want = {c.ident for c in editions.load_pending() if c.path.startswith("golden/28-op-ledger/")}
texts = {"HTML": html.unescape(re.sub(r"<[^>]+>", "", open(f"{book}/html/errata.html", encoding="utf-8").read())),
         "PDF": subprocess.run(["pdftotext", f"{book}/book.pdf", "-"], capture_output=True, check=True, text=True).stdout}
for kind, text in texts.items():
    flat = re.sub(r"\s+|↪", "", text)
    section = flat[flat.rindex("尚未发布的改动"):]
    listed = {i for i in re.findall(r"输出(28-\d+)（", section)}
    assert listed == want, f"{kind}: the changes waiting list {sorted(listed)}, not {sorted(want)}"
    for old, new in (("1979", "2500"), ("307", "387")):
        assert f"{old}→{new}" in section, f"{kind}: the number {old} -> {new}"
    print(f"{kind}: {len(want)} changed outputs of chapter 28 by ID, 1979 → 2500, 307 → 387")
PY
step "book/errata, book/pdf, book/pdf-layout pass; 勘误与变更 lists the change"
echo "errata-workflow: ok in $((SECONDS - start)) s"
