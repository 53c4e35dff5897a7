# shellcheck shell=bash
# Sourced by common/wasm/build-*.sh. debian_source WORK PACKAGE=VERSION: downloads
# the Debian source package (its .dsc and tarballs, nothing unpacked) into WORK,
# through a private sources list and state folder under WORK/apt, so the system's
# apt setup is not touched. The source lines are the system's own package sources
# with `deb` turned into `deb-src` (deb822 .sources files and one-line sources.list
# alike): the source comes from wherever this machine's packages come from.
debian_source() {
  local work=$1 wanted=$2 apt_dir=$1/apt f
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/parts"
  for f in /etc/apt/sources.list.d/*.sources; do
    if [ -e "$f" ]; then sed 's/^Types: deb$/Types: deb-src/' "$f" >"$apt_dir/parts/$(basename "$f")"; fi
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    if [ -e "$f" ]; then sed -n 's/^deb \(.*\)$/deb-src \1/p' "$f"; fi
  done >"$apt_dir/sources.list"
  local apt_private=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=$apt_dir/parts"
    -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o "APT::Sandbox::User=root")
  apt-get "${apt_private[@]}" -q update >/dev/null
  (cd "$work" && apt-get "${apt_private[@]}" -q source --download-only "$wanted" >/dev/null)
}
