#!/usr/bin/env bash
# cpack_each_test.sh: scripts/lib/cpack_each.sh (scripts/package's CPack runs), with a stand-in
# cpack first on PATH (package/install runs it with the real one):
#   1. a config naming "DEB;TGZ": one run per generator, each into its own folder, and the two
#      at once (each stand-in waits until it sees the other started);
#   2. one run failing: exit 1, its log and the generator's name on stderr;
#   3. a config naming no generator: exit 1, saying so.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p "$work/bin" "$work/staging"
# The stand-in: cpack --config CONFIG -G GENERATOR -B DIR. It marks its start, waits up to 20 s for
# the other generator's mark, and makes DIR/made.GENERATOR; STAND_IN_FAILS=GENERATOR fails that one.
cat >"$work/bin/cpack" <<'EOF'
#!/usr/bin/env bash
generator=$4 dir=$6
mkdir -p "$dir" && touch "$dir.started"
[ "${STAND_IN_FAILS:-}" != "$generator" ] || { echo "stand-in: $generator broke"; exit 1; }
for _ in $(seq 200); do
  [ "$(ls "$(dirname "$dir")"/*.started | wc -l)" -ge 2 ] && { touch "$dir/made.$generator"; exit 0; }
  sleep 0.1
done
echo "stand-in: $generator never saw the other run start"
exit 1
EOF
chmod +x "$work/bin/cpack"
echo 'set(CPACK_GENERATOR "DEB;TGZ")' >"$work/config.cmake"
each() { PATH="$work/bin:$PATH" bash "$root/scripts/lib/cpack_each.sh" "$work/config.cmake" "$work/staging"; }

each 2>"$work/err" || fail "step 1: exit $? ($(cat "$work/err"))"
[ -f "$work/staging/DEB/made.DEB" ] && [ -f "$work/staging/TGZ/made.TGZ" ] ||
  fail "step 1: not one package per generator, each in its folder: $(cd "$work/staging" && find . -type f | sort)"

rm -rf "$work/staging" && mkdir -p "$work/staging"
status=0
STAND_IN_FAILS=TGZ each 2>"$work/err" || status=$?
[ $status -eq 1 ] || fail "step 2: a failed run exits $status, not 1"
grep -q "stand-in: TGZ broke" "$work/err" || fail "step 2: the failed run's log is not shown: $(cat "$work/err")"
grep -q "cpack -G TGZ failed" "$work/err" || fail "step 2: the failed generator is not named: $(cat "$work/err")"

echo 'set(CPACK_PACKAGE_NAME "x")' >"$work/config.cmake"
status=0
each 2>"$work/err" || status=$?
[ $status -eq 1 ] && grep -q "sets no CPACK_GENERATOR" "$work/err" ||
  fail "step 3: a config with no generator: exit $status, $(cat "$work/err")"
echo "PASS: one CPack run per generator, side by side; a failed one named with its log; no generator refused"
