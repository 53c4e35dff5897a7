# shellcheck shell=bash
# Sourced by scripts/build-book, scripts/test, scripts/rebuild-chapter and scripts/fuzz, and run by
# the Python tools (suite.py's configure_command, configured), all from the repository root:
# configuring a CMake preset (CMakePresets.json).

# preset_dir PRESET: prints the preset's build folder: build for default,
# build-<preset> for the others.
preset_dir() {
  if [ "$1" = default ]; then echo build; else echo "build-$1"; fi
}

# configured_elsewhere DIR: prints the source tree DIR/CMakeCache.txt was configured for when it
# is not this one (the current directory), or DIR is not where the cache was made: a tree copied
# or moved together with its build folders. Silent and false otherwise, and for a DIR that is a
# symbolic link: one pointed at another tree's build on purpose (the docs test's copy links the
# tree's build/ so that nothing is compiled), never taken away from it.
configured_elsewhere() {
  local cache=$1/CMakeCache.txt home made
  [ -f "$cache" ] && [ ! -L "$1" ] || return 1
  home=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$cache")
  made=$(sed -n 's/^CMAKE_CACHEFILE_DIR:INTERNAL=//p' "$cache")
  [ "$(realpath -m "$home")" = "$(pwd -P)" ] && [ "$(realpath -m "$made")" = "$(cd "$1" && pwd -P)" ] && return 1
  echo "$home"
}

# configured PRESET: true when the preset's build folder has a cache made for this tree, not one
# copied or moved with it (configured_elsewhere). What the scripts that configure only a folder not
# yet configured ask first (rebuild-chapter, fuzz; update-golden and preview through suite.py's
# configured), so a moved folder goes through configure_preset too, never builds the other tree.
configured() {
  local dir
  dir=$(preset_dir "$1")
  [ -f "$dir/CMakeCache.txt" ] && ! configured_elsewhere "$dir" >/dev/null
}

# configure_preset PRESET [cmake args...]: cmake --preset PRESET [args...]. A build
# folder from before the presets used Ninja keeps its old generator: it is
# configured afresh (--fresh). One configured for another tree (this tree copied or moved
# with it) would make CMake fail ("CMakeCache.txt directory ... is different") or build and
# test the other tree: it is said in one line on stderr, and its CMakeCache.txt and
# CMakeFiles/ go, so it is configured afresh for this tree.
configure_preset() {
  local preset=$1 cache fresh=() other
  shift
  cache=$(preset_dir "$preset")/CMakeCache.txt
  if other=$(configured_elsewhere "$(dirname "$cache")"); then
    echo "configure: $(dirname "$cache")/ was configured for $other, not this tree ($(pwd -P)): configuring it afresh" >&2
    rm -rf "$cache" "$(dirname "$cache")/CMakeFiles"
  fi
  if configured_as "$cache" "$@"; then
    echo "configure: $(dirname "$cache")/ is configured with these settings, after the last change to" \
      "CMakePresets.json and the last package installed: the build re-runs CMake itself if a CMakeLists.txt" \
      "or an input it declared changed"
    return 0
  fi
  [ -f "$cache" ] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$cache" && fresh=(--fresh)
  cmake --preset "$preset" "${fresh[@]}" "$@"
}

# configured_as CACHE [-DNAME=VALUE...]: true when CACHE (a Ninja build folder's CMakeCache.txt)
# is newer than CMakePresets.json and than dpkg's record of installed packages (a program found
# or not at configure time, a compiler's version), and holds each NAME=VALUE given. Then
# configuring again would change nothing that `cmake --build` does not: ninja re-runs CMake when a
# CMakeLists.txt, a glob or an input declared in CMAKE_CONFIGURE_DEPENDS changed. At 36 chapters a
# configure costs 4.5 CPU s a folder.
configured_as() {
  local cache=$1 arg name value
  shift
  [ -f "$cache" ] && [ -f "$(dirname "$cache")/build.ninja" ] && grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$cache" || return 1
  [ "$cache" -nt CMakePresets.json ] && { [ ! -f /var/lib/dpkg/status ] || [ "$cache" -nt /var/lib/dpkg/status ]; } || return 1
  for arg in "$@"; do
    [[ $arg == -D*=* ]] || return 1
    name=${arg#-D}; value=${name#*=}; name=${name%%=*}; name=${name%%:*}
    grep -qxE "${name}:[A-Z]+=${value}" "$cache" || return 1
  done
}

# debian_python_first: `python3` is Debian's /usr/bin/python3 for the caller and everything it
# starts (the tests' scripts, their helpers). The suite's Python needs Debian's packages
# (install-deps installs them there), and a version manager's python3 earlier on PATH (pyenv's
# shim, on the CI machines) starts through a chain of shell scripts: 0.15 CPU s a start, and
# up to 0.7 s wall under load, against 0.02. Only python3 moves: the rest of PATH stays as it is.
debian_python_first() {
  [ -x /usr/bin/python3 ] && [ "$(command -v python3)" != /usr/bin/python3 ] || return 0
  local dir=${XDG_CACHE_HOME:-$HOME/.cache}/ledger-suite/debian-python  # the user's own: no one else's python3
  [ "$(readlink "$dir/python3" 2>/dev/null)" = /usr/bin/python3 ] ||
    { mkdir -p "$dir" && ln -sfn /usr/bin/python3 "$dir/python3"; } || return 0  # two at once: the other made it
  export PATH="$dir:$PATH"
}

# hold_tree_lock TOOL: the tree's lock (build/.suite.lock) for this script and everything it
# starts, released when they end: scripts/lib/tree_lock.py says who waits for whom and locks the
# file this shell opens on descriptor 9. A script that another one runs (its LEDGER_SUITE_LOCK,
# by the lock's real path) already holds it.
hold_tree_lock() {
  local lock
  mkdir -p build
  lock=$(realpath -m "$(pwd)/build/.suite.lock")
  [ -n "${LEDGER_SUITE_LOCK:-}" ] && [ "$(realpath -m "$LEDGER_SUITE_LOCK")" = "$lock" ] && return 0
  exec 9>>"$lock"
  python3 -S "$(dirname "${BASH_SOURCE[0]}")/tree_lock.py" "$1" 9 || exit 1
  export LEDGER_SUITE_LOCK=$lock
}
