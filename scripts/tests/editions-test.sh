#!/usr/bin/env bash
# editions-test.sh WORK_DIR: the release and errata workflow (docs/editions.md) as an author
# and a reader meet it, in a scratch copy of the tree (WORK_DIR/run.XXXXXX/tree, a git
# repository of its own; removed when the run passes, kept with its logs when it fails).
#
#  1. The author's book: chapter 28 prints reader-profile-gemm as JSON and a sentence binds
#     two numbers of it; edition 1 is released (scripts/release-edition).
#  2. common/tests/profiles/reader-gpu.yaml's hbm calibration changes 0.9 -> 0.6: three
#     outputs change (02 reader-profile, 28 reader-profile-gemm and reader-profile-sweep) and
#     the two numbers. update-golden --write without a reason refuses, naming them, and
#     writes nothing; written anyway, the gate's check fails naming all three, and
#     release-edition refuses; --reason records them; a record that no longer matches its
#     file fails the check, naming it. Then the programs' --version, the colophon and the
#     勘误与变更 page (rendered alone) say the book is a preview after edition 1, the page with
#     the two numbers old -> new.
#  3. Edition 2 is released; op_ledger --version names it; edition 1's digests still identify
#     edition 1's outputs (git show of its commit) and the digest its --version printed.
#  4. The book rendered (HTML, EPUB, PDF): the 勘误与变更 page lists for edition 2 exactly those
#     three outputs by ID, their old and new lines, the reason and its class, and the two
#     numbers old -> new; edition 1 says nothing has changed yet.
# Cost: the copy's configure and two programs (ccache serves them from the tree's build; the
# commits have fixed dates, so the generated edition files compile the same every run), one
# render of the HTML pages and one of the whole book, from nothing. ctest runs it as scripts/editions (label tools).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: $0 WORK_DIR" >&2; exit 2; }
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
start_template_run editions-test "$1" "$root"
reference=$(cd "$root/.." && pwd)/shared/reference  # chapter 02's reference script (update-golden's default)
export BOOK_SEARCH_DEPS=${BOOK_SEARCH_DEPS:-$root/build/search-deps}
git_identity editions-test
export GIT_AUTHOR_DATE=2026-12-01T00:00:00Z GIT_COMMITTER_DATE=2026-12-01T00:00:00Z
cd "$tree"
commit() { git add -A && git commit -qm "$1"; }
# expect_fail STATUS LOG COMMAND...: COMMAND must exit STATUS; its stderr goes to LOG.
expect_fail() {
  local want=$1 log=$2 status=0
  shift 2
  "$@" >/dev/null 2>"$log" </dev/null || status=$?
  [ "$status" -eq "$want" ] || { cat "$log" >&2; fail "$* exited $status, expected $want"; }
}
# named LOG PATH...: LOG names every PATH.
named() {
  local log=$1 path
  shift
  for path in "$@"; do grep -qF "$path" "$log" || { cat "$log" >&2; fail "$log does not name $path"; }; done
}
outputs=(golden/02-op-traffic/reader-profile.txt golden/28-op-ledger/reader-profile-gemm.txt
         golden/28-op-ledger/reader-profile-sweep.txt)
gate="scripts/check-editions && ctest --test-dir build -R '^(02-op-traffic/reader-profile|28-op-ledger/reader-profile-(gemm|sweep))\$' && book/tests/audit_numbers.sh 28-op-ledger"

# 1. The author's book, and edition 1 (the copy starts as if never released; the IDs stay).
rm -f editions/latest.txt editions/edition-*.txt editions/pending.txt
sed -i 's|^reader-profile-gemm .*|& --format json|' golden/28-op-ledger/cases.list
printf '\n读者 profile 的访存标定是 [0.9]{.n src="reader-profile-gemm" at="memory_roof.calibration"}，平衡点约 [167]{.n src="reader-profile-gemm" at="balance"}。\n' \
  >>book/28-op-ledger.md
git init -q . && commit "the book as its author has it"
{ cmake --preset default && cmake --build build --target op_traffic op_ledger -j2; } >"$run/build.log" 2>&1 ||
  { tail -n 30 "$run/build.log"; fail "configure and build the copy (log: $run/build.log)"; }
scripts/update-golden 28 --write >"$run/update-1.log" 2>&1 || { cat "$run/update-1.log"; fail "update-golden 28 --write"; }
# update-golden built op_ledger before it wrote the files: it builds again, so --version's digest is the new one.
python3 common/tests/version_commit.py --commit= build/chapters/28-op-ledger/op_ledger >"$run/version-0.txt" 2>&1 ||
  { cat "$run/version-0.txt"; fail "op_ledger --version is stale after update-golden --write"; }
commit "chapter 28: reader-profile-gemm as JSON, two numbers bound to it"
step "the copy built, its book written"
RELEASE_GATE=$gate scripts/release-edition --date 2026-12-01 >"$run/release-1.log" 2>&1 ||
  { cat "$run/release-1.log"; fail "release-edition (edition 1)"; }
grep -qx 'EDITION=1' editions/latest.txt || fail "editions/latest.txt does not name edition 1"
git log -1 --format=%s | grep -q '^Edition 1 ' || fail "edition 1 was not committed"
cmake --build build --target op_ledger >>"$run/build.log" 2>&1 || fail "rebuild op_ledger (log: $run/build.log)"
build/chapters/28-op-ledger/op_ledger --version >"$run/version-1.txt"
grep -qx 'op_ledger 第 1 版（2026-12-01）' "$run/version-1.txt" &&
  grep -q '，与第 1 版相同$' "$run/version-1.txt" || { cat "$run/version-1.txt"; fail "op_ledger --version at edition 1"; }
step "edition 1 released; op_ledger --version names it"

# 2. The calibration changes: three outputs and two numbers.
sed -i 's/^    calibration: 0\.9$/    calibration: 0.6/' common/tests/profiles/reader-gpu.yaml
git diff --quiet common/tests/profiles/reader-gpu.yaml && fail "the calibration was not changed"
expect_fail 2 "$run/no-reason.log" scripts/update-golden --reference "$reference" 02 28 --write
named "$run/no-reason.log" "${outputs[@]}"
[ "$(git status --porcelain | wc -l)" -eq 1 ] || { git status --short; fail "update-golden without a reason wrote something"; }
for path in "${outputs[@]}"; do  # written by hand, as a careless author might
  chapter=$(cut -d/ -f2 <<<"$path") case=$(basename "$path" .txt)
  program=$(awk -v c="$chapter" '$1 == c {print $2}' chapters/chapters.list)
  # shellcheck disable=SC2046  # the case's words, split as cases.list means them
  "build/chapters/$chapter/$program" $(awk -v c="$case" '$1 == c {$1 = ""; print}' "golden/$chapter/cases.list") >"$path"
done
[ "$(git status --porcelain | wc -l)" -eq 4 ] || { git status --short; fail "the three outputs did not change"; }
expect_fail 1 "$run/gate-no-reason.log" scripts/check-editions
named "$run/gate-no-reason.log" "${outputs[@]}"
commit "calibration 0.6, outputs written without a reason"
expect_fail 1 "$run/release-refused.log" env RELEASE_GATE=true scripts/release-edition
grep -q 'no reason is recorded' "$run/release-refused.log" || { cat "$run/release-refused.log"; fail "release-edition did not refuse"; }
expect_fail 1 "$run/release-dirty.log" env RELEASE_GATE=true sh -c 'touch stray && scripts/release-edition'
grep -q 'uncommitted changes' "$run/release-dirty.log" && rm stray || { cat "$run/release-dirty.log"; fail "release-edition on a dirty tree"; }
step "no reason: update-golden refuses, the check fails, release refuses"
reason="读者 profile 的 hbm 标定改为实测的 copy 值 0.6"
scripts/update-golden --reference "$reference" 02 28 --write --reason "$reason" --class 变更 >"$run/update-2.log" 2>&1 ||
  { cat "$run/update-2.log"; fail "update-golden --reason"; }
[ "$(grep -c '^change' editions/pending.txt)" -eq 3 ] || { cat editions/pending.txt; fail "not three records"; }
scripts/check-editions >/dev/null 2>"$run/check.log" || { cat "$run/check.log"; fail "the check with the reasons recorded"; }
cp "${outputs[2]}" "$run/kept" && echo "stray line" >>"${outputs[2]}"
expect_fail 1 "$run/mismatch.log" scripts/check-editions
grep -q "the record of ${outputs[2]} describes" "$run/mismatch.log" || { cat "$run/mismatch.log"; fail "a mismatched record passed"; }
cp "$run/kept" "${outputs[2]}"
expect_fail 83 "$run/numbers.log" book/tests/audit_numbers.sh 28-op-ledger  # Pandoc's filter error: the prose still says 0.9 and 167
grep -q 'the prose says 167, the source gives 250' "$run/numbers.log" || { cat "$run/numbers.log"; fail "the numbers check"; }
sed -i 's/\[0\.9\]{\.n src="reader-profile-gemm"/[0.6]{.n src="reader-profile-gemm"/; s/\[167\]{\.n src="reader-profile-gemm"/[250]{.n src="reader-profile-gemm"/' \
  book/28-op-ledger.md
commit "the reasons recorded, the prose's numbers follow"
step "the reasons recorded; a record that does not match fails"

# Between the editions: every program is a preview after edition 1 (op_traffic's and op_ledger's
# outputs changed, head_roofline's did not), and so is the book: the colophon and the 勘误与变更 page,
# rendered alone, whose newest section lists the two numbers the prose changed.
python3 common/tests/version_commit.py --commit= build/chapters/02-op-traffic/op_traffic build/chapters/28-op-ledger/op_ledger \
  >"$run/version-pending.txt" 2>&1 || { cat "$run/version-pending.txt"; fail "--version with changes pending"; }
build/chapters/28-op-ledger/op_ledger --version | grep -qx 'op_ledger 第 1 版（2026-12-01）之后的预览版，含尚未发布的改动' ||
  fail "op_ledger --version with changes pending does not say it is a preview after edition 1"
BOOK_SEARCH=later bash book/render.sh "$run/pending" errata >"$run/render-pending.log" 2>&1 ||
  { tail -n 30 "$run/render-pending.log"; fail "book/render.sh OUT errata (log: $run/render-pending.log)"; }
python3 book/tests/check_errata.py "$run/pending/html" >"$run/errata-pending.log" 2>&1 &&
  grep -q '0\.9 → 0\.6' "$run/pending/html/errata.html" && grep -q '167 → 250' "$run/pending/html/errata.html" ||
  { cat "$run/errata-pending.log"; fail "the 勘误与变更 page with changes pending (the book: $run/pending)"; }
step "changes pending: --version, the colophon and 勘误与变更 say it is a preview, with the numbers"

# 3. Edition 2.
RELEASE_GATE=$gate scripts/release-edition --date 2026-12-02 >"$run/release-2.log" 2>&1 ||
  { cat "$run/release-2.log"; fail "release-edition (edition 2)"; }
[ ! -e editions/pending.txt ] || fail "edition 2 left editions/pending.txt"
expect_fail 1 "$run/first-refused.log" env RELEASE_GATE=true scripts/release-edition --first
grep -q 'edition 2 is out' "$run/first-refused.log" || { cat "$run/first-refused.log"; fail "release-edition --first after edition 2"; }
cmake --build build --target op_ledger >>"$run/build.log" 2>&1 || fail "rebuild op_ledger (log: $run/build.log)"
build/chapters/28-op-ledger/op_ledger --version >"$run/version-2.txt"
grep -qx 'op_ledger 第 2 版（2026-12-02）' "$run/version-2.txt" &&
  grep -q '，与第 2 版相同$' "$run/version-2.txt" || { cat "$run/version-2.txt"; fail "op_ledger --version at edition 2"; }
python3 - "$run/version-1.txt" <<'PY' || fail "edition 1's digests"
import hashlib, subprocess, sys
sys.path.insert(0, "scripts/lib")
import editions
one, two = editions.Edition.load(1), editions.Edition.load(2)
shown = {}
for path, sha in one.outputs.items():  # every output as edition 1's commit holds it
    data = subprocess.run(["git", "show", f"{one.commit}:{path}"], capture_output=True, check=True).stdout
    assert hashlib.sha256(data).hexdigest() == sha, f"edition 1's digest of {path} is not its output's"
    shown[path] = hashlib.sha256(data).hexdigest()
assert editions.chapter_digests(shown) == one.digests, "edition 1's chapter digests"
printed = open(sys.argv[1], encoding="utf-8").read().split("输出摘要 ")[1][:12]
assert printed == one.digests["28-op-ledger"] != two.digests["28-op-ledger"], "the digest --version printed at edition 1"
assert one.digests["36-head-roofline"] == two.digests["36-head-roofline"], "chapter 36 did not change"
assert len(two.changes) == 3 and {c.path for c in two.changes} == {
    "golden/02-op-traffic/reader-profile.txt", "golden/28-op-ledger/reader-profile-gemm.txt",
    "golden/28-op-ledger/reader-profile-sweep.txt"}, "edition 2's changes"
for c in two.changes:  # the recorded lines are the edition-1 and edition-2 files' lines
    old = subprocess.run(["git", "show", f"{one.commit}:{c.path}"], capture_output=True, check=True).stdout.decode()
    new = open(c.path, encoding="utf-8").read()
    assert c.diff and all(d[1:] in old.splitlines() for d in c.diff if d.startswith("-")), c.path
    assert all(d[1:] in new.splitlines() for d in c.diff if d.startswith("+")), c.path
PY
step "edition 2 released; --version names it; edition 1's digests hold"

# 4. The 勘误与变更 page in all three formats.
bash book/render.sh "$run/book" >"$run/render.log" 2>&1 || { tail -n 30 "$run/render.log"; fail "render (log: $run/render.log)"; }
python3 - "$run/book" "$reason" <<'PY' || fail "the 勘误与变更 page (the book: $run/book)"
import html, re, subprocess, sys, zipfile
sys.path.insert(0, "scripts/lib")
import editions
book, reason = sys.argv[1], sys.argv[2]
two, ids = editions.Edition.load(2), editions.load_ids()
want = {ids[c.path] for c in two.changes}
texts = {"HTML": open(f"{book}/html/errata.html", encoding="utf-8").read()}
with zipfile.ZipFile(f"{book}/book.epub") as epub:
    texts["EPUB"] = next(t for t in (epub.read(n).decode() for n in epub.namelist() if n.endswith(".xhtml"))
                         if 'id="edition-2"' in t)
texts["PDF"] = subprocess.run(["pdftotext", f"{book}/book.pdf", "-"], capture_output=True, check=True, text=True).stdout
for kind, text in texts.items():
    if kind != "PDF":
        text = html.unescape(re.sub(r"<[^>]+>", "", text))
    flat = re.sub(r"\s+|↪", "", text)
    start = flat.rindex("第2版（2026-12-02）") if kind == "PDF" else flat.index("第2版（2026-12-02）")
    end = flat.index("第1版（2026-12-01）", start)
    section = flat[start:end]
    listed = set(re.findall(r"输出(\d+-\d+)", section))
    assert listed == want, f"{kind}: edition 2 lists {sorted(listed)}, not {sorted(want)}"
    for c in two.changes:
        assert f"变更：{reason}".replace(" ", "") in section, f"{kind}: the reason and class of {c.path}"
        for d in c.diff[:6]:
            # pdftotext may set a line's +/- apart from the line: the PDF is read without them.
            line = d[1:] if kind == "PDF" and d[:1] in "+-" else d
            assert re.sub(r"\s+", "", line) in section, f"{kind}: {c.path}'s line {d!r}"
    for old, new in (("0.9", "0.6"), ("167", "250")):
        assert f"{old}→{new}" in section, f"{kind}: the number {old} -> {new}"
    assert "这是本书的第一版：还没有任何改动。" in flat[end:], f"{kind}: edition 1's section"
    print(f"{kind}: edition 2 lists {' '.join(sorted(want))}, their lines, the reason and 0.9 → 0.6, 167 → 250")
PY
step "the 勘误与变更 page in HTML, EPUB and PDF"
echo "editions-test: ok in $((SECONDS - start)) s"
