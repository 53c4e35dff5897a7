#!/usr/bin/env bash
# epubcheck.sh BOOK.epub: runs epubcheck and says how to rerun on failure.
set -u
# Debian installs epubcheck as a bare jar that only runs through binfmt_misc
# (jarwrapper), which containers and CI runners often lack: call java directly.
# C1-only JIT and the serial GC halve the start-up of this short run. No perf data file
# (hsperfdata_<user>/ in the temporary folder, which scripts/test wants left empty).
epubcheck_cmd() {
  local bin
  bin=$(readlink -f "$(command -v epubcheck)")
  if [ "$(head -c 2 "$bin")" = "PK" ]; then
    java -XX:-UsePerfData -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -jar "$bin" "$@"
  else
    "$bin" "$@"
  fi
}
command -v epubcheck >/dev/null || { echo "FAIL: epubcheck not found (scripts/install-deps --book)"; exit 1; }
[ -f "$1" ] || { echo "FAIL: $1: no such EPUB (book/render makes build/book/test-render/book.epub)"; exit 1; }
if epubcheck_cmd --quiet "$(realpath -- "$1")"; then
  echo "ok: epubcheck passes $1"
  exit 0
fi
echo "FAIL: epubcheck found errors in $1 (listed above)"
echo "rerun: java -jar /usr/share/java/epubcheck.jar $1   (Debian's epubcheck)"
echo "   or: ctest --test-dir build -L book --output-on-failure"
exit 1
