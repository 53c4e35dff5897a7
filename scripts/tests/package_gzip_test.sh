#!/usr/bin/env bash
# package_gzip_test.sh: scripts/lib/package_gzip.py, on .deb files dpkg-deb builds uncompressed
# (-Znone, as CPack does with CPACK_DEBIAN_COMPRESSION_TYPE none). package/install checks the real
# package with lintian, dpkg -x and tar; this checks the compression and its cache:
#   1. from an empty cache: the .deb's data.tar.gz holds the very tar bytes it was given (dpkg-deb
#      reads it), the tarball holds the same files and modes under its own folder (GNU tar reads
#      it), and each file of 16 KiB or more was compressed once for the two;
#   2. again, from the cache: nothing compressed, the same bytes;
#   3. one file changed: only it is compressed again, and the cache keeps only what was used;
#   4. a cache entry replaced by another file's member, another truncated: neither is used;
#   5. refused, one line and nothing written: a .deb already compressed, a file outside /usr;
#      no arguments: exit 2.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
gz=(python3 "$root/scripts/lib/package_gzip.py")
tree=$work/tree
mkdir -p "$tree/DEBIAN" "$tree/usr/bin" "$tree/usr/share/doc/t" "$tree/usr/share/t/a-folder-name-long-enough-that-the-path-passes-one-hundred-bytes-in-the-tar-header"
printf 'Package: t\nVersion: 1\nArchitecture: all\nMaintainer: t <t@example.org>\nDescription: t\n' >"$tree/DEBIAN/control"
seq 1 20000 >"$tree/usr/bin/big" && chmod 755 "$tree/usr/bin/big"
seq 5 9000 >"$tree/usr/share/t/a-folder-name-long-enough-that-the-path-passes-one-hundred-bytes-in-the-tar-header/页面.txt"
echo "small" >"$tree/usr/share/doc/t/small.txt"
make_deb() { dpkg-deb --root-owner-group "$@" --build "$tree" "$work/t_1_all.deb" >/dev/null; }
run() { "${gz[@]}" "$work/t_1_all.deb" "$1" t-1 "$work/cache"; }
# same_as_tree OUT: the .deb in OUT holds the input's tar bytes and the tree; the tarball the tree.
same_as_tree() {
  dpkg-deb --fsys-tarfile "$work/t_1_all.deb" >"$work/given.tar"
  dpkg-deb --fsys-tarfile "$1/t_1_all.deb" | cmp -s - "$work/given.tar" || fail "$2: the .deb's data is not the tar it was given"
  [ "$(ar t "$1/t_1_all.deb" | tr '\n' ' ')" = "debian-binary control.tar data.tar.gz " ] ||
    fail "$2: the .deb's members: $(ar t "$1/t_1_all.deb" | tr '\n' ' ')"
  rm -rf "$work/x" && mkdir -p "$work/x/deb" "$work/x/tar"
  dpkg-deb -x "$1/t_1_all.deb" "$work/x/deb" && diff -r "$work/x/deb/usr" "$tree/usr" >/dev/null || fail "$2: dpkg-deb -x differs from the tree"
  gzip -t "$1/t-1.tar.gz" || fail "$2: gzip -t refuses the tarball"
  tar -xzf "$1/t-1.tar.gz" -C "$work/x/tar" && diff -r "$work/x/tar/t-1" "$tree/usr" >/dev/null || fail "$2: the tarball differs from the tree"
  [ "$(tar -tzf "$1/t-1.tar.gz" | grep -vc '^t-1/')" = 0 ] || fail "$2: a tarball entry outside t-1/"
  [ "$(stat -c %a "$work/x/tar/t-1/bin/big")" = 755 ] || fail "$2: the tarball lost a file's mode"
}

make_deb -Znone
mkdir -p "$work/out1" "$work/out2" "$work/out3" "$work/out4" "$work/out5"
run "$work/out1" >"$work/said" || fail "step 1: exit $?"
same_as_tree "$work/out1" "step 1"
grep -q "^package_gzip: 2 file contents compressed, 2 taken from" "$work/said" ||
  fail "step 1: want the two files of 16 KiB or more compressed once for both: $(cat "$work/said")"

run "$work/out2" >"$work/said" || fail "step 2: exit $?"
grep -q "^package_gzip: 0 file contents compressed, 4 taken from" "$work/said" || fail "step 2: $(cat "$work/said")"
cmp -s "$work/out1/t_1_all.deb" "$work/out2/t_1_all.deb" && cmp -s "$work/out1/t-1.tar.gz" "$work/out2/t-1.tar.gz" ||
  fail "step 2: from the cache, other bytes than from nothing"

seq 2 20000 >"$tree/usr/bin/big"
make_deb -Znone
run "$work/out3" >"$work/said" || fail "step 3: exit $?"
same_as_tree "$work/out3" "step 3"
grep -q "^package_gzip: 1 file contents compressed, 3 taken from" "$work/said" || fail "step 3: $(cat "$work/said")"
[ "$(find "$work/cache" -type f | wc -l)" = 2 ] || fail "step 3: the cache keeps what was not used: $(find "$work/cache" -type f)"

mapfile -t kept < <(find "$work/cache" -type f | sort)
cp "${kept[0]}" "$work/first.gz"
cp "${kept[1]}" "${kept[0]}"
head -c 100 "$work/first.gz" >"${kept[1]}"
run "$work/out4" >"$work/said" || fail "step 4: exit $?"
same_as_tree "$work/out4" "step 4"
grep -q "^package_gzip: 2 file contents compressed, 2 taken from" "$work/said" ||
  fail "step 4: a wrong or truncated cache entry was used: $(cat "$work/said")"

# refused NAME WANT: the run exits 1 with one line on stderr matching WANT, and writes nothing.
refused() {
  local status=0
  run "$work/out5" >/dev/null 2>"$work/err" || status=$?
  [ $status -eq 1 ] && [ "$(wc -l <"$work/err")" = 1 ] && grep -q "$2" "$work/err" ||
    fail "step 5, $1: exit $status, $(cat "$work/err")"
  [ -z "$(ls -A "$work/out5")" ] || fail "step 5, $1: wrote $(ls -A "$work/out5")"
}
make_deb -Zgzip
refused "already compressed" "not one uncompressed data.tar: CPACK_DEBIAN_COMPRESSION_TYPE must be none"
mkdir -p "$tree/etc" && echo x >"$tree/etc/x.conf"
make_deb -Znone
refused "outside /usr" "'./etc', outside ./usr/"
status=0
"${gz[@]}" 2>"$work/err" || status=$?
[ $status -eq 2 ] && grep -q "^usage: package_gzip.py" "$work/err" || fail "step 5: no arguments: exit $status, $(cat "$work/err")"
echo "PASS: the .deb and the tarball hold the given tar's files, the same bytes from the cache, only a changed file compressed again, a bad cache entry not used, refusals"
