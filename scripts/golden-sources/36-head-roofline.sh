# Chapter 36: each golden file is the stdout of the reference head_roofline.py.
# A case without reader flags runs the script as it is. A case with reader
# flags runs a temporary copy of the script whose constants are replaced by
# the flags' values (each flag is the constant it stands for, parsed as the
# program parses it):
#   --d N             D_QK = int('N')
#   --l2-bw X         L2_TOTAL_BW = float('X')
#   --cores N         NUM_CORES = int('N')
#   --freq X          FREQ = float('X')
#   --fma-per-cycle N FMA_PER_CYCLE = int('N')
#   --heads A,B,...   HEAD_CANDIDATES = [int(x) for x in 'A,B,...'.split(',')]
#   --topk A,B,...    TOPK_CANDIDATES = [int(x) for x in 'A,B,...'.split(',')]
# --assert-report is passed to the script (only without reader flags: the
# report's table describes the report's constants).
# golden/36-head-roofline/report-table.txt is the report's table, copied
# byte for byte from flashmla-report-table.txt.
# Sourced by scripts/update-golden, which sets $reference and $root.
#
# The exception, by name: the reference has neither --format nor --plot, so
# the cases in program_cases, and only these, come from the built C++
# head_roofline ($HEAD_ROOFLINE if set, else the newest
# build*/chapters/36-head-roofline/head_roofline); update-golden's
# is_program_case refuses a listed case without one of those flags and an
# unlisted case with one.
program_flags=(format plot)
program_cases=(default-json all-constants-json l2-bw-8e12-json exact-compare-2p53-json default-plot all-constants-plot)

script="$reference/head_roofline.py"
report_table="$reference/flashmla-report-table.txt"
need_file "$script"
need_file "$report_table"
command -v python3 >/dev/null || { echo "update-golden: python3 is needed to run $script" >&2; exit 2; }

golden_source() { echo "$script (reader flags: a copy with its constants edited); cases ${program_cases[*]}: the built head_roofline"; }

# Golden files copied verbatim: "NAME<TAB>SOURCE" per line.
verbatim_files() { printf '%s\t%s\n' report-table.txt "$report_table"; }

# The Python expression a reader flag's value stands for.
constant_of_flag() {  # FLAG -> NAME<TAB>EXPRESSION-TEMPLATE (VALUE stands for the quoted value)
  case "$1" in
    --d) printf 'D_QK\tint(VALUE)' ;;
    --l2-bw) printf 'L2_TOTAL_BW\tfloat(VALUE)' ;;
    --cores) printf 'NUM_CORES\tint(VALUE)' ;;
    --freq) printf 'FREQ\tfloat(VALUE)' ;;
    --fma-per-cycle) printf 'FMA_PER_CYCLE\tint(VALUE)' ;;
    --heads) printf 'HEAD_CANDIDATES\t[int(x) for x in VALUE.split(",")]' ;;
    --topk) printf 'TOPK_CANDIDATES\t[int(x) for x in VALUE.split(",")]' ;;
    *) return 1 ;;
  esac
}

generate_case() {  # NAME ARGS
  if is_program_case "$1" "$2"; then
    local program
    program=$(built_program 36-head-roofline head_roofline "${HEAD_ROOFLINE:-}")
    # shellcheck disable=SC2086  # the case's flags are whitespace-separated words
    (cd "$root" && "$program" $2)
    return
  fi
  local name=$1 words passed=() edits=() i=0 word flag value constant
  read -r -a words <<<"$2"
  while [ $i -lt ${#words[@]} ]; do
    word=${words[$i]}
    i=$((i + 1))
    if [ "$word" = --assert-report ]; then passed+=("$word"); continue; fi
    case "$word" in
      --*=*) flag=${word%%=*} value=${word#*=} ;;
      *) flag=$word value=${words[$i]:-}; i=$((i + 1)) ;;
    esac
    if ! constant=$(constant_of_flag "$flag"); then
      echo "update-golden: case $name: unknown flag '$flag' (accepted: --assert-report, --d, --l2-bw, --cores, --freq, --fma-per-cycle, --heads, --topk)" >&2
      return 2
    fi
    case "$value" in
      ''|*[\'\\]*) echo "update-golden: case $name: $flag needs a value without quotes or backslashes, got '$value'" >&2; return 2 ;;
    esac
    edits+=("$constant" "$value" "$flag")
  done
  if [ ${#edits[@]} -eq 0 ]; then
    PYTHONIOENCODING=utf-8 python3 "$script" "${passed[@]}"
    return
  fi
  if [ ${#passed[@]} -gt 0 ]; then
    echo "update-golden: case $name: --assert-report only checks the report's own constants; drop the reader flags" >&2
    return 2
  fi
  local copy
  copy=$(mktemp -d)
  # Replaces each constant's assignment line; every constant must be found exactly once.
  python3 - "$script" "$copy/head_roofline.py" "$name" "${edits[@]}" <<'PY' || { rm -rf "$copy"; return 2; }
import re, sys
source, target, case, edits = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
text = open(source, encoding="utf-8").read()
for k in range(0, len(edits), 3):
    spec, value, flag = edits[k:k + 3]
    name, template = spec.split("\t")
    expression = template.replace("VALUE", repr(value))
    line = f"{name} = {expression}  # golden case {case}: {flag} {value}"
    text, count = re.subn(rf"^{name} = .*$", lambda m: line, text, flags=re.M)
    if count != 1:
        sys.exit(f"update-golden: {source}: expected one assignment of {name}, found {count}")
open(target, "w", encoding="utf-8").write(text)
PY
  local status=0
  PYTHONIOENCODING=utf-8 python3 "$copy/head_roofline.py" || status=$?
  rm -rf "$copy"
  return $status
}
