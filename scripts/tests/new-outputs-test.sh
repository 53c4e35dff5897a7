#!/usr/bin/env bash
# new-outputs-test.sh: the outputs no edition released (docs/editions.md), a new chapter's as
# scripts/new-chapter leaves it, in a scratch copy of the tree's sources (a git repository of its
# own, edition 1 released with a stand-in gate, no build; the chapter's program is a stand-in,
# $FRESH, as update-golden allows):
#  1. update-golden --write --reason for the chapter edition 1 did not have is refused (exit 2, one
#     line), writing nothing: no output there needs a reason, and none is recorded;
#  2. its three template cases get IDs 41-1..41-3; replaced by the author's (one kept, two gone,
#     one new), the IDs of the two go with them and the new case gets the lowest free one, 41-1: a
#     template burns no ID; check-editions passes;
#  3. an ID no edition released may change (41-2 -> 41-7 passes the check); one edition 1 released
#     may not (scripts/forged-editions).
# ctest runs it as scripts/new-outputs (labels cli and tools).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
scratch_tree "$root"
fail() { echo "new-outputs-test: FAILED: $*" >&2; exit 1; }
git_identity new-outputs-test
unreleased_repo
RELEASE_GATE=true scripts/release-edition --date 2026-12-01 >"$scratch/release.log" 2>&1 || { cat "$scratch/release.log"; fail "release edition 1"; }
echo "41-fresh fresh" >>chapters/chapters.list
mkdir -p golden/41-fresh && printf 'one --a\ntwo --b\nthree --c\n' >golden/41-fresh/cases.list
printf '#!/bin/sh\necho "fresh $*"\n' >"$scratch/fresh" && chmod +x "$scratch/fresh"
export FRESH=$scratch/fresh
ids() { grep -P '\tgolden/41-fresh/' editions/ids.txt | sort | tr '\t\n' ' ' || true; }

status=0
cp editions/ids.txt "$scratch/ids.before"
scripts/update-golden 41 --write --reason "新的一章" --class 变更 >/dev/null 2>"$scratch/reason.log" || status=$?
[ "$status" -eq 2 ] && [ "$(wc -l <"$scratch/reason.log")" -eq 1 ] && grep -q -- '--reason.*edition 1' "$scratch/reason.log" ||
  { cat "$scratch/reason.log" >&2; fail "--reason for a chapter edition 1 did not have: exit $status, not refused in one line"; }
[ ! -e golden/41-fresh/one.txt ] && [ ! -e editions/pending.txt ] && cmp -s editions/ids.txt "$scratch/ids.before" ||
  fail "the refused update-golden wrote something"
echo "ok   --reason for a new chapter is refused: $(cat "$scratch/reason.log")"

scripts/update-golden 41 --write >"$scratch/write.log" 2>&1 || { cat "$scratch/write.log"; fail "update-golden 41 --write"; }
[ "$(ids)" = "41-1 golden/41-fresh/one.txt 41-2 golden/41-fresh/two.txt 41-3 golden/41-fresh/three.txt " ] ||
  fail "the template's cases got $(ids)"
printf 'two --b\nfour --d\n' >golden/41-fresh/cases.list && rm golden/41-fresh/one.txt golden/41-fresh/three.txt
scripts/update-golden 41 --write >"$scratch/replace.log" 2>&1 || { cat "$scratch/replace.log"; fail "update-golden 41 --write (replaced)"; }
[ "$(ids)" = "41-1 golden/41-fresh/four.txt 41-2 golden/41-fresh/two.txt " ] ||
  fail "after replacing the template's cases the chapter's IDs are $(ids), not 41-1 four, 41-2 two"
scripts/check-editions >/dev/null 2>"$scratch/check.log" || { cat "$scratch/check.log"; fail "check-editions on the new chapter"; }
echo "ok   the template's cases replaced: their IDs freed, the new case has 41-1"

sed -i 's/^41-2\tgolden\/41-fresh\/two.txt$/41-7\tgolden\/41-fresh\/two.txt/' editions/ids.txt
[ "$(ids)" = "41-1 golden/41-fresh/four.txt 41-7 golden/41-fresh/two.txt " ] || fail "could not renumber 41-2"
scripts/check-editions >/dev/null 2>"$scratch/check.log" || { cat "$scratch/check.log"; fail "an ID no edition released, renumbered, fails the check"; }
echo "ok   an ID no edition released may change"
echo "new-outputs-test: ok"
