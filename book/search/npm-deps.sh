#!/usr/bin/env bash
# npm-deps.sh [DEST]: installs the search's npm packages, exactly as pinned in
# book/search/package-lock.json (versions and sha512 integrity), into
# DEST/node_modules (default: <repo>/build/search-deps) with `npm ci`, and
# prints DEST. It runs again only when the lockfile changed (a stamp beside it),
# so a render costs nothing once they are there; npm's cache makes a re-install
# work offline. Called by book/render.sh and by scripts/install-deps --book.
# Nothing runs from the packages' install scripts (--ignore-scripts): MiniSearch
# is one UMD file, playwright-core drives Debian's /usr/bin/chromium and
# downloads no browser.
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
