#!/usr/bin/env bash
# npm-deps.sh [DEST]: installs the search's npm packages as pinned in package-lock.json into
# DEST/node_modules (default: <repo>/build/search-deps) with `npm ci`, only when the lockfile
# changed, and prints DEST. No install scripts run: MiniSearch is one file, and playwright-core
# drives Debian's chromium, downloading no browser.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest=${1:-$(cd "$here/../.." && pwd)/build/search-deps}
for tool in node npm; do
  command -v "$tool" >/dev/null || { echo "npm-deps: $tool not found (scripts/install-deps --book installs it)" >&2; exit 2; }
done
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
want=$(sha256sum "$here/package-lock.json" | cut -d' ' -f1)
stamp=$dest/installed.sha256
# One install at a time per DEST (parallel renders and tests share it).
exec 9>"$dest/.lock"
flock -w 300 9 || { echo "npm-deps: waited 300 s for another install into $dest" >&2; exit 1; }
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ] || [ ! -f "$dest/node_modules/minisearch/package.json" ]; then
  rm -f "$stamp"
  cp "$here/package.json" "$here/package-lock.json" "$dest/"
  if ! (cd "$dest" && npm ci --ignore-scripts --no-audit --no-fund --prefer-offline --loglevel=error) >"$dest/npm-ci.log" 2>&1; then
    cat "$dest/npm-ci.log" >&2
    echo "npm-deps: npm ci failed in $dest (needs the npm registry once; later installs come from npm's cache)" >&2
    exit 1
  fi
  echo "$want" >"$stamp"
fi
echo "$dest"
