#!/usr/bin/env bash
# cpack_each.sh CONFIG STAGING: runs CPack once per generator that CONFIG names (CPACK_GENERATOR,
# "DEB;TGZ"), all at once, each into STAGING/<generator>/ with its log STAGING/<generator>.log.
# Why: a CPack run makes its generators one after the other, and nearly all of each is one
# single-threaded gzip of the same install tree (CMake 3.25 compresses gzip on one thread and has
# no compression level to set); two runs side by side make the .deb and the .tar.gz in the time
# of one. Each run installs into its own folder, and neither builds anything (no preinstall).
# Exits 1, printing the failed runs' logs, when any run failed; prints nothing otherwise.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: cpack_each.sh CONFIG STAGING" >&2; exit 2; }
config=$1 staging=$2
generators=$(sed -n 's/^set(CPACK_GENERATOR "\([^"]*\)")$/\1/p' "$config")
[ -n "$generators" ] || { echo "cpack_each.sh: $config sets no CPACK_GENERATOR" >&2; exit 1; }
pids=() names=()
for generator in ${generators//;/ }; do
  cpack --config "$config" -G "$generator" -B "$staging/$generator" >"$staging/$generator.log" 2>&1 &
  pids+=($!) names+=("$generator")
done
failed=0
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" && continue
  failed=1
  cat "$staging/${names[$i]}.log" >&2
  echo "cpack_each.sh: cpack -G ${names[$i]} failed (its log above)" >&2
done
exit $failed
