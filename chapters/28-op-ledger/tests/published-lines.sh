#!/usr/bin/env bash
# published-lines.sh GOLDEN_DIR
# Chapter 28's golden files come from the program (the published source is
# lost); this test ties them to the README. The lines the README publishes
# (GOLDEN_DIR/published/) must appear in the golden files, in order:
#   - fused-norm-rope-quant.txt: equal after collapsing white-space runs to one
#     space and stripping each line (the README's copy lost its white space);
#   - sweep.txt: byte for byte.
# On failure prints the first published line not found and the command to rerun.
set -u
dir=$1
failures=0

# check_in_order MODE PUBLISHED GOLDEN   (MODE: collapse | exact)
check_in_order() {
  local mode=$1 published=$2 golden=$3
  for f in "$published" "$golden"; do
    [ -f "$f" ] || { echo "FAIL: missing file: $f"; failures=$((failures + 1)); return; }
  done
  local report
  report=$(LC_ALL=C awk -v mode="$mode" '
    function norm(s) {
      if (mode == "collapse") { gsub(/[ \t]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s) }
      return s
    }
    BEGIN { n = 0; i = 0 }  # numeric from the start: an unset i would index want[""]
    FNR == NR { want[n++] = $0; next }
    i < n && norm($0) == norm(want[i]) { i++ }
    END {
      if (i == n) exit 0
      printf "published line %d of %d not found (in order, %s) after the lines before it:\n", i + 1, n, mode == "collapse" ? "modulo white space" : "byte for byte"
      for (j = i; j < n; j++) printf "  missing: %s\n", want[j]
      exit 1
    }' "$published" "$golden")
  if [ $? -ne 0 ]; then
    failures=$((failures + 1))
    echo "FAIL: $golden lacks the README's published lines ($published)"
    echo "$report"
  else
    echo "ok: $(wc -l <"$published") published lines found in $golden"
  fi
}

check_in_order collapse "$dir/published/fused-norm-rope-quant.txt" "$dir/fused-norm-rope-quant.txt"
check_in_order exact "$dir/published/sweep.txt" "$dir/sweep.txt"

if [ $failures -ne 0 ]; then
  echo "The golden files must reproduce the README; fix the program, then regenerate them with"
  echo "  scripts/update-golden 28 --write"
  echo "rerun: ctest --output-on-failure -R 28-op-ledger/published-lines   (or: bash $0 $dir)"
  exit 1
fi
