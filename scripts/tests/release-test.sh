#!/usr/bin/env bash
# release-test.sh: scripts/release-edition cuts an edition only from the commit its gate tested
# (docs/editions.md), in a scratch copy of the tree's sources (a git repository of its own, never
# released), with stand-in gates ($RELEASE_GATE) and no build:
#  1. a dirty tree (a changed file, an untracked one) is refused, naming both;
#  2. a commit made while the gate runs is refused (HEAD moved), and nothing is cut; so is one made
#     after that check, as the edition is committed (its commit moves HEAD only from the tested one);
#  3. during the gate the tree lock is held: another tool of the tree is turned away;
#     the edition is cut and records the commit the gate tested, and its commit changes editions/ alone.
# ctest runs it as scripts/release (labels cli and tools).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
scratch_tree "$root"
fail() { echo "release-test: FAILED: $*" >&2; exit 1; }
git_identity release-test
unset LEDGER_SUITE_LOCK
cd "$tree"
rm -f editions/latest.txt editions/edition-*.txt editions/pending.txt
git init -q . && git add -A && git commit -qm "the book, never released"
start=$(git rev-parse HEAD)
# release LOG GATE: scripts/release-edition with GATE; its status, stderr into LOG.
release() {
  local status=0
  RELEASE_GATE=$2 scripts/release-edition --date 2026-12-01 >/dev/null 2>"$1" </dev/null || status=$?
  echo "$status"
}
uncut() {  # uncut LOG: no edition written or committed
  [ ! -e editions/latest.txt ] && [ ! -e editions/edition-1.txt ] || { cat "$1" >&2; fail "$2: an edition was written"; }
  ! git log --format=%s | grep -q '^Edition ' || { cat "$1" >&2; fail "$2: an edition was committed"; }
}

echo "changed" >>README.md && touch stray
[ "$(release "$scratch/dirty.log" true)" -eq 1 ] || { cat "$scratch/dirty.log" >&2; fail "a dirty tree was not refused"; }
grep -q 'uncommitted changes.*README\.md.*stray' "$scratch/dirty.log" ||
  { cat "$scratch/dirty.log" >&2; fail "the refusal does not name README.md and stray"; }
uncut "$scratch/dirty.log" "a dirty tree"
git checkout -q README.md && rm stray
echo "ok   a dirty tree is refused, naming what is dirty"

status=$(release "$scratch/race.log" 'echo "a commit during the gate" >>README.md && git commit -qam race')
[ "$status" -eq 1 ] && grep -q "HEAD moved during the gate: it tested ${start:0:12}" "$scratch/race.log" ||
  { cat "$scratch/race.log" >&2; fail "a commit during the gate: exit $status, not refused naming the tested commit"; }
uncut "$scratch/race.log" "a commit during the gate"
[ -z "$(git status --porcelain)" ] || { git status --short >&2; fail "the refused release left changes"; }
echo "ok   a commit made during the gate is refused; nothing is cut"

# A commit that lands after the HEAD check, as the edition is staged (a stand-in git on PATH makes
# it at release-edition's first `git add`): the edition's commit must not go on top of it.
real_git=$(command -v git)
mkdir -p "$scratch/bin"
cat >"$scratch/bin/git" <<EOF
#!/usr/bin/env bash
if [ "\${3:-}" = add ] && [ ! -e "$scratch/raced" ]; then
  touch "$scratch/raced"
  (cd "$tree" && unset GIT_INDEX_FILE && echo "a commit in the window" >>README.md && "$real_git" commit -qam window) >&2
fi
exec "$real_git" "\$@"
EOF
chmod +x "$scratch/bin/git"
tested=$(git rev-parse HEAD)
status=$(PATH="$scratch/bin:$PATH" release "$scratch/window.log" true)
[ -e "$scratch/raced" ] || fail "the stand-in git never raced release-edition's git add"
[ "$status" -eq 1 ] && grep -q "HEAD moved .*it tested ${tested:0:12}" "$scratch/window.log" ||
  { cat "$scratch/window.log" >&2; fail "a commit after the HEAD check: exit $status, not refused naming the tested commit"; }
[ "$(git log -1 --format=%s)" = window ] && [ "$(git rev-parse HEAD^)" = "$tested" ] ||
  { git log --oneline -3 >&2; fail "a commit after the HEAD check: HEAD is not the racing commit on the tested one"; }
uncut "$scratch/window.log" "a commit after the HEAD check"
[ -z "$(git status --porcelain)" ] || { git status --short >&2; fail "the refused release left changes"; }
echo "ok   a commit made after the HEAD check is refused (the commit moves HEAD only from the tested one)"

tested=$(git rev-parse HEAD)
intruder="env -u LEDGER_SUITE_LOCK LEDGER_LOCK_WAIT=no bash -c 'source scripts/lib/configure.sh && hold_tree_lock intruder' 2>'$scratch/intruder.log'"
status=$(release "$scratch/release.log" "! $intruder")
[ "$status" -eq 0 ] || { cat "$scratch/release.log" "$scratch/intruder.log" >&2; fail "release-edition exited $status (the intruder took the lock?)"; }
grep -q 'intruder: another .* is using this tree' "$scratch/intruder.log" || { cat "$scratch/intruder.log" >&2; fail "the intruder was not turned away by the lock"; }
[ "$(sed -n 's/^commit\t//p' editions/edition-1.txt)" = "$tested" ] || fail "edition-1.txt does not record the tested commit $tested"
[ "$(git rev-parse HEAD^)" = "$tested" ] && [ -z "$(git diff --name-only HEAD^ HEAD -- . ':(exclude)editions')" ] ||
  fail "the edition's commit is not a child of the tested commit changing editions/ alone"
echo "ok   the lock is held through the gate; edition 1 records the commit its gate tested"
echo "release-test: ok"
