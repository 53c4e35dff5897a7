# shellcheck shell=bash
# Sourced by scripts/build-book, scripts/test and scripts/rebuild-chapter, which
# run from the repository root: configuring a CMake preset (CMakePresets.json).

# preset_dir PRESET: prints the preset's build folder: build for default,
# build-<preset> for the others.
preset_dir() {
  if [ "$1" = default ]; then echo build; else echo "build-$1"; fi
}

# configure_preset PRESET [cmake args...]: cmake --preset PRESET [args...]. A build
# folder from before the presets used Ninja keeps its old generator: it is
# configured afresh (--fresh).
configure_preset() {
  local preset=$1 cache fresh=()
  shift
  cache=$(preset_dir "$preset")/CMakeCache.txt
  [ -f "$cache" ] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$cache" && fresh=(--fresh)
  cmake --preset "$preset" "${fresh[@]}" "$@"
}
