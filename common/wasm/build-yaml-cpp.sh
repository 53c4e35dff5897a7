#!/usr/bin/env bash
# build-yaml-cpp.sh PREFIX
# yaml-cpp compiled to WebAssembly and installed into PREFIX (include/, lib/,
# lib/cmake/yaml-cpp), for the wasm preset's --profile. Debian packages yaml-cpp
# for the host only, so this takes the source of the very version installed
# (libyaml-cpp-dev) from Debian with `apt-get source`, through a private sources
# list and state folder under PREFIX: the system's apt setup is not touched.
# Does nothing when PREFIX already holds the library.
set -euo pipefail
prefix=$(mkdir -p "$1" && cd "$1" && pwd)
[ -f "$prefix/lib/libyaml-cpp.a" ] && exit 0
version=$(dpkg-query -W -f='${source:Version}' libyaml-cpp-dev)
work=$prefix/src
apt_dir=$work/apt
rm -rf "$work" && mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/parts"
# The source lines are the system's own package sources with `deb` turned into `deb-src`
# (deb822 .sources files and one-line sources.list alike), so the source comes from
# wherever this machine's packages come from.
for f in /etc/apt/sources.list.d/*.sources; do
  if [ -e "$f" ]; then sed 's/^Types: deb$/Types: deb-src/' "$f" >"$apt_dir/parts/$(basename "$f")"; fi
done
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  if [ -e "$f" ]; then sed -n 's/^deb \(.*\)$/deb-src \1/p' "$f"; fi
done >"$apt_dir/sources.list"
apt_private=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=$apt_dir/parts"
  -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o "APT::Sandbox::User=root")
apt-get "${apt_private[@]}" -q update >/dev/null
(cd "$work" && apt-get "${apt_private[@]}" -q source --download-only "yaml-cpp=$version" >/dev/null)
dsc=$(ls "$work"/yaml-cpp_*.dsc)
dpkg-source -q -x "$dsc" "$work/yaml-cpp" >/dev/null
emcmake cmake -S "$work/yaml-cpp" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS="-Os -fwasm-exceptions" -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DYAML_CPP_BUILD_TESTS=OFF -DYAML_CPP_BUILD_TOOLS=OFF -DYAML_CPP_BUILD_CONTRIB=OFF -DYAML_BUILD_SHARED_LIBS=OFF \
  -DCMAKE_CROSSCOMPILING_EMULATOR="" >/dev/null
cmake --build "$work/build" -j"$(nproc)"
cmake --install "$work/build" >/dev/null
