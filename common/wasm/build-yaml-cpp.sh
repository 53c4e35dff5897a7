#!/usr/bin/env bash
# build-yaml-cpp.sh PREFIX
# yaml-cpp compiled to WebAssembly and installed into PREFIX (include/, lib/,
# lib/cmake/yaml-cpp), for the wasm preset's --profile. Debian packages yaml-cpp
# for the host only, so this takes the source of the very version installed
# (libyaml-cpp-dev) from Debian with `apt-get source` (common/wasm/debian-source.sh:
# a private sources list and state folder under PREFIX; the system's apt setup is untouched).
# Does nothing when PREFIX already holds the library.
set -euo pipefail
prefix=$(mkdir -p "$1" && cd "$1" && pwd)
[ -f "$prefix/lib/libyaml-cpp.a" ] && exit 0
version=$(dpkg-query -W -f='${source:Version}' libyaml-cpp-dev)
work=$prefix/src
rm -rf "$work" && mkdir -p "$work"
# shellcheck source=common/wasm/debian-source.sh
source "$(dirname "$0")/debian-source.sh"
debian_source "$work" "yaml-cpp=$version"
dsc=$(ls "$work"/yaml-cpp_*.dsc)
dpkg-source -q -x "$dsc" "$work/yaml-cpp" >/dev/null
emcmake cmake -S "$work/yaml-cpp" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS="-Os -fwasm-exceptions" -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DYAML_CPP_BUILD_TESTS=OFF -DYAML_CPP_BUILD_TOOLS=OFF -DYAML_CPP_BUILD_CONTRIB=OFF -DYAML_BUILD_SHARED_LIBS=OFF \
  -DCMAKE_CROSSCOMPILING_EMULATOR="" >/dev/null
cmake --build "$work/build" -j"$(nproc)"
cmake --install "$work/build" >/dev/null
