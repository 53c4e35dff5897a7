#!/usr/bin/env bash
# unicode-path-test.sh WASM_BUILD_DIR: the wasm programs run from a folder named as an author
# names one (`书稿 二/`: CJK and a space), the runner, the programs and their files all in it.
# profile_codegen (linked -O0, so with Emscripten's assertions) must turn a profile there into
# C++, and op_traffic must read a --profile there and write its --plot there, as natively.
set -euo pipefail
build=$(cd "$1" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
here="$work/书稿 二"
mkdir -p "$here"
fail() { echo "unicode-path-test: FAILED: $*" >&2; exit 1; }
cp "$root/common/wasm/node-run.js" "$root/common/wasm/wasm-instance.js" "$build/common/profile_codegen.js" \
  "$build/chapters/02-op-traffic/op_traffic.js" "$here/"
cp "$root/common/profiles/h200.yaml" "$here/h200.yaml"
cd "$here"
status=0
node "$here/node-run.js" "$here/profile_codegen.js" "$here/生成 profiles.cpp" "$here/h200.yaml" \
  >"$work/out" 2>&1 || status=$?
[ $status -eq 0 ] || fail "profile_codegen exited $status under '$here': $(head -c 600 "$work/out")"
grep -q "h200" "$here/生成 profiles.cpp" || fail "profile_codegen wrote no profile to '$here/生成 profiles.cpp'"
echo "ok   profile_codegen (-O0, assertions) under '$here'"
node "$here/node-run.js" "$here/op_traffic.js" --profile h200.yaml --plot "图 roofline.svg" >"$work/out" 2>&1 ||
  fail "op_traffic --profile/--plot under '$here' failed: $(head -c 600 "$work/out")"
grep -q "<svg" "$here/图 roofline.svg" || fail "op_traffic wrote no figure under '$here'"
echo "ok   op_traffic reads its profile and writes its figure under '$here'"
