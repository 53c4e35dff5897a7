#!/usr/bin/env bash
# forged-editions-test.sh: scripts/check-editions fails, naming the file and line, on each forged
# edition record (docs/editions.md), in a scratch copy of the tree's sources (a git repository of
# its own, no build): editions 1 and 2 are released there (stand-in gates), edition 2 with one
# recorded change, and one more change is pending. The check passes on that; then each forgery,
# made alone on a copy of editions/, must fail it:
#   an ID renumbered (2-1 -> 2-99), an ID reused, an ID for no golden case, a pending record
#   with an empty reason, a record duplicated, an edition's output hash or digest rewritten, an
#   edition naming a commit not in the repository, an edition's change records dropped, an
#   edition's output line dropped (its digest recomputed to match), a prose number altered or
#   dropped, and edition 1 rewritten to the current outputs with pending.txt deleted.
# ctest runs it as scripts/forged-editions (labels cli and tools).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
scratch_tree "$root"
fail() { echo "forged-editions-test: FAILED: $*" >&2; exit 1; }
git_identity forged-editions-test
unreleased_repo
release() { RELEASE_GATE=true scripts/release-edition --date "$1" >"$scratch/release.log" 2>&1 || { cat "$scratch/release.log"; fail "release $1"; }; }
# change PATH REASON: PATH gets one more line and its record, as update-golden --reason writes it; committed.
change() {
  echo "one more line" >>"$1"
  python3 - "$1" "$2" <<'PY'
import sys
sys.path.insert(0, "scripts/lib")
import editions
editions.record([(sys.argv[1], open(sys.argv[1], "rb").read())], sys.argv[2], "变更")
PY
  git add -A && git commit -qm "$1 changed"
}
release 2026-12-01
change golden/02-op-traffic/default.txt "读者可见的改动"
release 2026-12-02
change golden/28-op-ledger/gemm-512.txt "又一处改动"
scripts/check-editions >/dev/null 2>"$scratch/clean.log" || { cat "$scratch/clean.log"; fail "the check fails on the honest records"; }
cp -a editions "$scratch/editions"

# forged NAME PATTERN SCRIPT: SCRIPT (python, in the tree) forges editions/; the check must exit 1
# with a line matching PATTERN (file:line: ...); then editions/ is put back.
forged() {
  local name=$1 pattern=$2 status=0
  python3 -c "$3"
  scripts/check-editions >/dev/null 2>"$scratch/check.log" || status=$?
  [ "$status" -eq 1 ] && grep -qE "$pattern" "$scratch/check.log" ||
    { cat "$scratch/check.log" >&2; fail "$name: the check exited $status without a line matching '$pattern'"; }
  rm -rf editions && cp -a "$scratch/editions" editions
  echo "ok   $name: $(grep -E "$pattern" "$scratch/check.log" | head -n 1 | cut -c1-150)"
}
sub='import re, sys
def sub(path, old, new, count=1):
    text = open(path, encoding="utf-8").read()
    assert old in text, (path, old)
    open(path, "w", encoding="utf-8").write(text.replace(old, new, count))
'
forged "an ID renumbered" '^check-editions: editions/ids\.txt:3: .*2-99.*released it as 2-1' \
  "$sub
sub('editions/ids.txt', '2-1\tgolden/02-op-traffic/default.txt', '2-99\tgolden/02-op-traffic/default.txt')"
forged "an ID reused" '^check-editions: editions/ids\.txt:4: .*ID 2-1 is already' \
  "$sub
sub('editions/ids.txt', '2-2\tgolden/02-op-traffic/h100-spec.txt', '2-1\tgolden/02-op-traffic/h100-spec.txt')"
forged "an ID for no golden case" '^check-editions: editions/ids\.txt:[0-9]+: golden/02-op-traffic/nope\.txt: not a published output' \
  "open('editions/ids.txt', 'a', encoding='utf-8').write('2-90\tgolden/02-op-traffic/nope.txt\n')"
forged "a pending record with an empty reason" '^check-editions: editions/pending\.txt:3: the record of golden/28-op-ledger/gemm-512\.txt gives no reason' \
  "$sub
sub('editions/pending.txt', '\t又一处改动\n', '\t \n')"
forged "a pending record duplicated" '^check-editions: editions/pending\.txt:[0-9]+: a second record of golden/28-op-ledger/gemm-512\.txt' \
  "text = open('editions/pending.txt', encoding='utf-8').read()
records = text[text.index('change\t'):]
open('editions/pending.txt', 'a', encoding='utf-8').write(records)"
forged "an edition's output hash rewritten" '^check-editions: editions/edition-2\.txt:[0-9]+: golden/02-op-traffic/h100-spec\.txt: the edition records 000000000000' \
  "import re
path = 'editions/edition-2.txt'
text = open(path, encoding='utf-8').read()
text = re.sub(r'(golden/02-op-traffic/h100-spec.txt\t)[0-9a-f]{64}', lambda m: m[1] + '0' * 64, text)
open(path, 'w', encoding='utf-8').write(text)"
forged "an edition's digest rewritten" "^check-editions: editions/edition-2\.txt:[0-9]+: chapter 36-head-roofline's digest is [0-9a-f]{12} at commit" \
  "import re
path = 'editions/edition-2.txt'
text = open(path, encoding='utf-8').read()
text = re.sub(r'(digest\t36-head-roofline\t)[0-9a-f]{12}', r'\g<1>123456789abc', text)
open(path, 'w', encoding='utf-8').write(text)"
forged "an edition naming a commit not in the repository" '^check-editions: editions/edition-2\.txt:4: commit .?[0-9a-f]{40}.? is not in this repository' \
  "import re
path = 'editions/edition-2.txt'
text = open(path, encoding='utf-8').read()
text = re.sub(r'(?m)^commit\t[0-9a-f]{40}$', 'commit\t' + 'e' * 40, text)
open(path, 'w', encoding='utf-8').write(text)"
forged "an edition's change records dropped" '^check-editions: editions/edition-2\.txt: the record of golden/02-op-traffic/default\.txt pending at [0-9a-f]{12} is missing' \
  "path = 'editions/edition-2.txt'
lines = open(path, encoding='utf-8').read().splitlines(keepends=True)
open(path, 'w', encoding='utf-8').writelines(l for l in lines if not l.startswith(('change\t', 'diff\t')))"
# An output line dropped from edition 2, its chapter's digest recomputed from the lines left: every
# hash and digest then matches the commit; the outputs the commit publishes do not.
forged "an edition's output line dropped, its digest recomputed" '^check-editions: editions/edition-2\.txt: golden/28-op-ledger/sweep\.txt is published at commit [0-9a-f]{12} .*the edition does not list it' \
  "import sys
sys.path.insert(0, 'scripts/lib')
import editions
two = editions.Edition.load(2)
del two.outputs['golden/28-op-ledger/sweep.txt']
two.digests = editions.chapter_digests(two.outputs)
open(two.path, 'w', encoding='utf-8').write(two.text())"
forged "an edition's prose number altered" '^check-editions: editions/edition-2\.txt:[0-9]+: the prose number book/28-op-ledger\.md .* is not the one at commit [0-9a-f]{12}' \
  "import re
path = 'editions/edition-2.txt'
lines = open(path, encoding='utf-8').read().splitlines(keepends=True)
n = next(i for i, l in enumerate(lines) if l.startswith('number\tbook/28-op-ledger.md\t'))
lines[n] = re.sub(r'\t[^\t]*$', '\t99999\n', lines[n])
open(path, 'w', encoding='utf-8').writelines(lines)"
forged "an edition's prose number dropped" '^check-editions: editions/edition-2\.txt: the prose number book/02-op-traffic\.md .* at commit [0-9a-f]{12} is not in the edition' \
  "path = 'editions/edition-2.txt'
lines = open(path, encoding='utf-8').read().splitlines(keepends=True)
n = next(i for i, l in enumerate(lines) if l.startswith('number\tbook/02-op-traffic.md\t'))
open(path, 'w', encoding='utf-8').writelines(lines[:n] + lines[n + 1:])"
# The hostile round's: edition 2 gone, edition 1 rewritten to say the current outputs are its, no
# record pending: --version would call the changed outputs edition 1's.
forged "edition 1 rewritten to the current outputs, the records dropped" '^check-editions: editions/edition-1\.txt:[0-9]+: golden/02-op-traffic/default\.txt: the edition records' \
  "import os, sys
sys.path.insert(0, 'scripts/lib')
import editions
os.remove('editions/edition-2.txt'); os.remove('editions/pending.txt')
latest = open('editions/latest.txt').read().replace('EDITION=2', 'EDITION=1')
open('editions/latest.txt', 'w').write(latest)
one = editions.Edition.load(1)
one.outputs = editions.current_outputs()
one.digests = editions.chapter_digests(one.outputs)
open(one.path, 'w', encoding='utf-8').write(one.text())"
echo "forged-editions-test: ok"
