#!/usr/bin/env bash
# run.sh TEST.js [ARGS...]: runs one of the search's Node tests with the npm
# packages pinned in book/search/package-lock.json (npm-deps.sh installs them
# when missing): node TEST.js DEPS_DIR ARGS...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { echo "usage: book/search/tests/run.sh TEST.js [ARGS...]" >&2; exit 2; }
script=$1
shift
deps=$("$here/../npm-deps.sh" "${BOOK_SEARCH_DEPS:-}")
exec node "$here/$script" "$deps" "$@"
