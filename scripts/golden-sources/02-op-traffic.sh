# Chapter 02: each golden file is the stdout of the reference script
# op_traffic.py run with the case's flags. Sourced by scripts/update-golden,
# which sets $reference.
script="$reference/op_traffic.py"
need_file "$script"
command -v python3 >/dev/null || { echo "update-golden: python3 is needed to run $script" >&2; exit 2; }

golden_source() { echo "$script"; }

generate_case() {  # NAME ARGS
  # shellcheck disable=SC2086  # the case's flags are whitespace-separated words
  PYTHONIOENCODING=utf-8 python3 "$script" $2
}
