# Chapter 02: each golden file is the stdout of the reference script
# op_traffic.py run with the case's flags. Sourced by scripts/update-golden,
# which sets $reference and $root.
#
# The exception, by name: the reference has none of the flags in
# program_flags, so the cases in program_cases, and only these, come from the
# built C++ op_traffic ($OP_TRAFFIC if set, else the newest
# build*/chapters/02-op-traffic/op_traffic), run in the repository's root as
# ctest runs them (a --profile case names its file by its relative path).
# update-golden's is_program_case refuses a listed case without one of those
# flags and an unlisted case with one: what the reference can print always
# comes from the reference.
program_flags=(format plot list-machines profile)
program_cases=(default-json gemm-attention-json h200-spec-json kv131072-json kv131072-batch8-json default-plot list-machines
               reader-profile)

script="$reference/op_traffic.py"
need_file "$script"
command -v python3 >/dev/null || { echo "update-golden: python3 is needed to run $script" >&2; exit 2; }

golden_source() { echo "$script; cases ${program_cases[*]}: the built op_traffic"; }

generate_case() {  # NAME ARGS
  if is_program_case "$1" "$2"; then
    local program
    program=$(built_program 02-op-traffic op_traffic "${OP_TRAFFIC:-}")
    # shellcheck disable=SC2086  # the case's flags are whitespace-separated words
    (cd "$root" && "$program" $2)
  else
    # shellcheck disable=SC2086
    PYTHONIOENCODING=utf-8 python3 "$script" $2
  fi
}
