#!/usr/bin/env bash
# golden-test.sh KEPT_FILE GOLDEN_FILE PROGRAM [ARGS...]
# Runs PROGRAM ARGS, and passes only if it exits 0 and its stdout equals
# GOLDEN_FILE byte for byte. On failure prints a unified diff (golden -> actual)
# and the command to rerun.
#
# A case that writes a file names it with the word @OUT@ after its flag
# (`--plot @OUT@`): the word becomes a temporary path with GOLDEN_FILE's
# extension, and that file is compared with GOLDEN_FILE instead of stdout.
# When it differs it is kept as KEPT_FILE, which the rerun command writes too:
# GoldenTests.cmake names it in the test's build folder with the chapter and the
# case (never a fixed name in the temporary folder every tree and chapter shares).
# An .svg must also be well-formed XML (xmllint), and the flag must not change
# stdout: it is compared with the stdout of the same command without
# `<flag> @OUT@`.
set -u
kept=$1; shift
golden=$1; shift
program=$1; shift
if [ ! -f "$golden" ]; then
  echo "FAIL: golden file missing: $golden"; exit 1
fi
if [ ! -x "$program" ]; then
  echo "FAIL: program missing or not executable: $program"; exit 1
fi

# The common case, a case writing no file: stdout streams into cmp, with no temporary
# folder to make and remove (a golden case cost five processes, now three). Any mismatch or
# failure runs the case again below, with a temporary folder, to report the difference.
case " $* " in
  *" @OUT@ "*) ;;
  *)
    "$program" "$@" | cmp -s "$golden" -
    statuses="${PIPESTATUS[0]} ${PIPESTATUS[1]}"
    [ "$statuses" = "0 0" ] && exit 0
    ;;
esac

work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# The arguments with @OUT@ replaced, and without `<flag> @OUT@`. The rerun command names a
# file that outlives this test (the temporary folder is removed at exit): the failing file is
# copied there, and rerunning writes it again.
out_file="" args=() plain_args=() rerun_args=()
for arg in "$@"; do
  if [ "$arg" = "@OUT@" ]; then
    out_file="$work/out.${golden##*.}"
    args+=("$out_file") rerun_args+=("$kept")
    unset 'plain_args[-1]'
  else
    args+=("$arg") plain_args+=("$arg") rerun_args+=("$arg")
  fi
done
rerun="cd $(printf '%q' "$PWD") && $(printf '%q ' "$program" "${rerun_args[@]}")"
keep() { [ -z "$out_file" ] || [ ! -f "$out_file" ] || { cp "$out_file" "$kept" && echo "the file it wrote: $kept"; }; }

"$program" "${args[@]}" >"$work/stdout"
status=$?
if [ $status -ne 0 ]; then
  echo "FAIL: exit status $status (expected 0)"
  echo "rerun: $rerun"
  exit 1
fi
actual="$work/stdout" what="program output"
if [ -n "$out_file" ]; then
  actual=$out_file what="the file the program wrote"
  if [ ! -f "$out_file" ]; then
    echo "FAIL: the program exited 0 but wrote no file at @OUT@"
    echo "rerun: $rerun"
    exit 1
  fi
fi
if ! cmp -s "$golden" "$actual"; then
  echo "FAIL: $what differs from $golden"
  diff -u --label "golden: ${golden#"${GOLDEN_ROOT:-}"}" --label "actual: $what" "$golden" "$actual" | head -n 200
  python3 "$(dirname "$0")/../tests/invisible-diff.py" "$golden" "$actual"  # CR, tabs, NBSP, no final newline...
  keep
  echo "rerun: $rerun"
  exit 1
fi
[ -n "$out_file" ] || exit 0

if [ "${golden##*.}" = svg ]; then
  if ! command -v xmllint >/dev/null; then
    echo "FAIL: xmllint not found, needed to check the SVG (scripts/install-deps installs libxml2-utils)"; exit 1
  fi
  if ! xmllint --noout "$out_file"; then
    echo "FAIL: the SVG is not well-formed XML (xmllint's message above)"
    keep
    echo "rerun: $rerun"
    exit 1
  fi
fi
"$program" "${plain_args[@]}" >"$work/plain-stdout"
if ! cmp -s "$work/plain-stdout" "$work/stdout"; then
  echo "FAIL: writing the file changed stdout"
  diff -u --label "stdout without the file: $(printf '%q ' "$program" "${plain_args[@]}")" --label "stdout with it" \
    "$work/plain-stdout" "$work/stdout" | head -n 50
  echo "rerun: $rerun"
  exit 1
fi
