# Chapter 28: the published op_ledger.py is lost, so each golden file is the
# stdout of the built C++ op_ledger run with the case's flags. What ties these
# files to the published README is ctest's 28-op-ledger/published-lines test.
# Sourced by scripts/update-golden (which sets $root).
#
# The program: $OP_LEDGER if set, else the newest build*/chapters/28-op-ledger/op_ledger.
if [ -n "${OP_LEDGER:-}" ]; then
  program=$OP_LEDGER
else
  program=$(ls -t "$root"/build*/chapters/28-op-ledger/op_ledger 2>/dev/null | head -n 1 || true)
fi
if [ -z "$program" ] || [ ! -x "$program" ]; then
  echo "update-golden: chapter 28's golden files come from the built op_ledger, and none was found" \
       "${OP_LEDGER:+(OP_LEDGER=$OP_LEDGER is not an executable)}; build it first" \
       "(cmake -S . -B build && cmake --build build) or set OP_LEDGER=/path/to/op_ledger" >&2
  exit 2
fi

golden_source() { echo "$program (the built program; check the README's lines with ctest -R 28-op-ledger/published-lines)"; }

generate_case() {  # NAME ARGS
  # In the repository's root, as ctest runs the golden tests: a case names
  # files by their relative path (--profile common/tests/profiles/...).
  # shellcheck disable=SC2086  # the case's flags are whitespace-separated words
  (cd "$root" && "$program" $2)
}
