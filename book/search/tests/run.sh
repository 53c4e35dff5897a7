#!/usr/bin/env bash
# run.sh TEST.js [ARGS...]: runs one of the search's Node tests with the npm
# packages pinned in book/search/package-lock.json (npm-deps.sh installs them
# when missing): node TEST.js DEPS_DIR ARGS...; under scripts/test (BOOK_MEASURE_SERVE=1)
# through book/tests/chromium_pages.py --run, which runs the
# checks written for it (book/tests/browser_check.js) in the kept browser and the rest as here.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { echo "usage: book/search/tests/run.sh TEST.js [ARGS...]" >&2; exit 2; }
script=$1
shift
deps=$("$here/../npm-deps.sh" "${BOOK_SEARCH_DEPS:-}")
if [ "${BOOK_MEASURE_SERVE:-}" = 1 ]; then
  exec python3 "$here/../../tests/chromium_pages.py" --run "$here/$script" "$deps" "$@"
fi
exec node "$here/$script" "$deps" "$@"
