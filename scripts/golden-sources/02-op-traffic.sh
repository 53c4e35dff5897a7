# Chapter 02: each golden file is the stdout of the reference script
# op_traffic.py run with the case's flags. Sourced by scripts/update-golden,
# which sets $reference and $root.
#
# The exception, by name: the reference has none of --format, --plot,
# --list-machines and --profile, so the cases below, and only these, come from
# the built C++ op_traffic ($OP_TRAFFIC if set, else the newest
# build*/chapters/02-op-traffic/op_traffic), run in the repository's root as
# ctest runs them (a --profile case names its file by its relative path).
# A case of this list without one of those flags, or a case outside it with
# one, is refused: what the reference can print always comes from the reference.
program_cases=(default-json gemm-attention-json default-plot list-machines reader-profile)

script="$reference/op_traffic.py"
need_file "$script"
command -v python3 >/dev/null || { echo "update-golden: python3 is needed to run $script" >&2; exit 2; }

golden_source() { echo "$script; cases ${program_cases[*]}: the built op_traffic"; }

# The built program, found once when a program case needs it.
program=""
built_op_traffic() {
  if [ -z "$program" ]; then
    program=${OP_TRAFFIC:-$(ls -t "$root"/build*/chapters/02-op-traffic/op_traffic 2>/dev/null | head -n 1 || true)}
    if [ -z "$program" ] || [ ! -x "$program" ]; then
      echo "update-golden: the cases ${program_cases[*]} come from the built op_traffic, and none was found" \
           "${OP_TRAFFIC:+(OP_TRAFFIC=$OP_TRAFFIC is not an executable)}; build it first" \
           "(cmake -S . -B build && cmake --build build) or set OP_TRAFFIC=/path/to/op_traffic" >&2
      exit 2
    fi
  fi
  echo "$program"
}

generate_case() {  # NAME ARGS
  local name=$1 from_program=0 uses_new_flags=0 c
  for c in "${program_cases[@]}"; do [ "$c" != "$name" ] || from_program=1; done
  [[ " $2 " =~ \ --(format|plot|list-machines|profile)[\ =] ]] && uses_new_flags=1
  if [ $from_program -ne $uses_new_flags ]; then
    echo "update-golden: case $name: only the cases listed in program_cases, each using --format, --plot," \
         "--list-machines or --profile," \
         "come from the program; every other case comes from $script" >&2
    exit 2
  fi
  if [ $from_program -eq 1 ]; then
    local binary
    binary=$(built_op_traffic) || exit 2
    # shellcheck disable=SC2086  # the case's flags are whitespace-separated words
    (cd "$root" && "$binary" $2)
  else
    # shellcheck disable=SC2086
    PYTHONIOENCODING=utf-8 python3 "$script" $2
  fi
}
