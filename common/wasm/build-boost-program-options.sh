#!/usr/bin/env bash
# build-boost-program-options.sh PREFIX
# Boost.Program_options compiled to WebAssembly, as PREFIX/lib/libboost_program_options.a,
# with PREFIX/include/boost a link to the host's Boost headers (they are the same for
# every target; only the library must be compiled for wasm). Debian packages the library
# for the host only, so its sources (libs/program_options/src/*.cpp) come from Debian's
# source package of the installed version (common/wasm/debian-source.sh). Only that
# folder is unpacked from the tarball. Does nothing when PREFIX already holds the library.
set -euo pipefail
prefix=$(mkdir -p "$1" && cd "$1" && pwd)
[ -f "$prefix/lib/libboost_program_options.a" ] && exit 0
source_version=$(dpkg-query -W -f='${source:Package}=${source:Version}' libboost-program-options-dev)
# libboost-program-options-dev is Debian's default-version package (boost-defaults); the
# library's own source package is that of the versioned -dev package it depends on.
versioned=$(dpkg-query -W -f='${Depends}' libboost-program-options-dev | grep -o 'libboost-program-options[0-9.]*-dev' | head -1)
[ -n "$versioned" ] && source_version=$(dpkg-query -W -f='${source:Package}=${source:Version}' "$versioned")
work=$prefix/src
rm -rf "$work" && mkdir -p "$work" "$prefix/lib" "$prefix/include"
# shellcheck source=common/wasm/debian-source.sh
source "$(dirname "$0")/debian-source.sh"
debian_source "$work" "$source_version"
tarball=$(ls "$work"/*.orig.tar.*)
tar -C "$work" -xf "$tarball" --wildcards '*/libs/program_options/src/*'
sources=("$work"/*/libs/program_options/src/*.cpp)
[ -e "${sources[0]}" ] || { echo "build-boost-program-options: no libs/program_options/src/*.cpp in $tarball" >&2; exit 1; }
ln -sfn /usr/include/boost "$prefix/include/boost"
objects=()
for src in "${sources[@]}"; do
  obj=$work/$(basename "$src" .cpp).o
  em++ -std=c++17 -Os -fwasm-exceptions -DNDEBUG -DBOOST_ALL_NO_LIB -DBOOST_BIND_GLOBAL_PLACEHOLDERS -I"$prefix/include" -c "$src" -o "$obj"
  objects+=("$obj")
done
emar rcs "$prefix/lib/libboost_program_options.a" "${objects[@]}"
rm -rf "$work"
