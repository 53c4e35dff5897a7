# shellcheck shell=bash
# Configuring a CMake preset, from the repository root: sourced by the bash tools, run by the
# Python ones (suite.py's configure_command, configured).

# preset_dir PRESET: build for default, build-<preset> for the others.
preset_dir() {
  if [ "$1" = default ]; then echo build; else echo "build-$1"; fi
}

# configured_elsewhere DIR: prints the source tree DIR/CMakeCache.txt was configured for when it
# is not this one, or DIR is not where the cache was made (a tree copied or moved with its build
# folders). False otherwise, and for a DIR that is a symbolic link: the docs test's copy links the
# tree's build/ on purpose, so that nothing is compiled.
configured_elsewhere() {
  local cache=$1/CMakeCache.txt home made
  [ -f "$cache" ] && [ ! -L "$1" ] || return 1
  home=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$cache")
  made=$(sed -n 's/^CMAKE_CACHEFILE_DIR:INTERNAL=//p' "$cache")
  [ "$(realpath -m "$home")" = "$(pwd -P)" ] && [ "$(realpath -m "$made")" = "$(cd "$1" && pwd -P)" ] && return 1
  echo "$home"
}

# configured PRESET: the preset's build folder has a cache made for this tree, so a folder moved
# with the tree goes through configure_preset too, and never builds the other tree.
configured() {
  local dir
  dir=$(preset_dir "$1")
  [ -f "$dir/CMakeCache.txt" ] && ! configured_elsewhere "$dir" >/dev/null
}

# configure_preset PRESET [cmake args...]: cmake --preset PRESET [args...]. A build folder from
# before the presets used Ninja would keep its old generator: configured --fresh. One configured
# for another tree would make CMake fail ("CMakeCache.txt directory ... is different") or build
# the other tree: said on stderr, its cache removed, and configured afresh.
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

# configured_as CACHE [-DNAME=VALUE...]: CACHE (a Ninja folder's) is newer than CMakePresets.json
# and dpkg's record of installed packages (programs found at configure time, compilers), and holds
# each NAME=VALUE. Configuring again would then change nothing: ninja re-runs CMake itself when a
# CMakeLists.txt or a declared input changed. A configure costs 4.5 CPU s a folder at 36 chapters.
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

# debian_python_first: `python3` is Debian's /usr/bin/python3 for the caller and all it starts:
# the suite needs Debian's packages (install-deps), and a version manager's shim (pyenv's, on CI)
# costs 0.15 CPU s a start against 0.02. Only python3 moves: the rest of PATH stays as it is.
debian_python_first() {
  [ -x /usr/bin/python3 ] && [ "$(command -v python3)" != /usr/bin/python3 ] || return 0
  local dir=${XDG_CACHE_HOME:-$HOME/.cache}/ledger-suite/debian-python  # the user's own: no one else's python3
  [ "$(readlink "$dir/python3" 2>/dev/null)" = /usr/bin/python3 ] ||
    { mkdir -p "$dir" && ln -sfn /usr/bin/python3 "$dir/python3"; } || return 0  # two at once: the other made it
  export PATH="$dir:$PATH"
}

# hold_tree_lock TOOL: the tree's lock (build/.suite.lock) for this script and all it starts:
# scripts/lib/tree_lock.py locks the file this shell opens on descriptor 9. A script run by the
# holder (LEDGER_SUITE_LOCK names the same lock) already holds it.
hold_tree_lock() {
  local lock
  mkdir -p build
  lock=$(realpath -m "$(pwd)/build/.suite.lock")
  [ -n "${LEDGER_SUITE_LOCK:-}" ] && [ "$(realpath -m "$LEDGER_SUITE_LOCK")" = "$lock" ] && return 0
  exec 9>>"$lock"
  python3 -S "$(dirname "${BASH_SOURCE[0]}")/tree_lock.py" "$1" 9 || exit 1
  export LEDGER_SUITE_LOCK=$lock
}
