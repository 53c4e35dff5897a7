# shellcheck shell=bash disable=SC2154  # $root and book_chapters come from book/render.sh
# Sourced by book/render.sh: the HTML pages' run control (book/run/run.js) and
# the chapter programs it runs, compiled by the wasm preset (scripts/build-book
# builds them into build-wasm/; BOOK_WASM_DIR names another build folder).
# Without them the pages are rendered without the control; the EPUB and the
# PDF never have it.
run_wasm_dir=${BOOK_WASM_DIR:-$root/build-wasm}

# wasm_check_start: asks book/run/wasm_fresh.py, in the background, whether every chapter's
# program is as new as its sources (a tenth of a second: the render writes its Ninja file
# meanwhile); wasm_programs_built waits for the answer.
wasm_check_start() {
  local chapter program
  run_wasm_targets=() run_wasm_pid=
  while read -r chapter program; do
    run_wasm_targets+=("chapters/$chapter/$program.js")
    [ -f "$run_wasm_dir/chapters/$chapter/$program.js" ] || return 0
  done < <(book_chapters)
  [ -f "$run_wasm_dir/build.ninja" ] || return 0
  run_wasm_why=$(mktemp)
  trap 'rm -f "$run_wasm_why"' EXIT  # a render that stops before the answer leaves no file
  python3 "$root/book/run/wasm_fresh.py" "$run_wasm_dir" "${run_wasm_targets[@]}" >"$run_wasm_why" 2>&1 &
  run_wasm_pid=$!
}

# wasm_programs_built: true when every chapter's program is built and as new as its sources:
# a page never runs a program other than the one its outputs came from (scripts/rebuild-chapter
# and scripts/preview rebuild build/, not build-wasm/: when a file ninja made a program from is
# newer than it, book/run/wasm_fresh.py, the pages go without the control and the render says
# so). Decided once per render.
wasm_programs_built() {
  [ -z "${run_wasm_verdict:-}" ] || return "$run_wasm_verdict"
  [ -n "${run_wasm_targets+set}" ] || wasm_check_start
  local target status=0
  run_wasm_verdict=1
  for target in "${run_wasm_targets[@]}"; do
    [ -f "$run_wasm_dir/$target" ] || return 1
  done
  if [ -n "$run_wasm_pid" ]; then
    wait "$run_wasm_pid" || status=$?
    if [ $status -ne 0 ]; then
      echo "render: the wasm programs in $run_wasm_dir are older than their sources ($(cat "$run_wasm_why")): pages rendered" \
        "without their 运行 control (scripts/build-book builds them; or cmake --build --preset wasm)" >&2
    fi
    rm -f "$run_wasm_why"
    [ $status -eq 0 ] || return 1
  fi
  run_wasm_verdict=0
}

# copy_run_assets HTML_DIR: HTML_DIR/run/ gets run.js, run.css, every
# program's .js and files.js, the sample files a case may name (a page opened
# from file:// cannot read them itself).
copy_run_assets() {
  wasm_programs_built || return 0
  local dir=$1/run chapter program programs=()
  mkdir -p "$dir"
  while read -r chapter program; do
    programs+=("$run_wasm_dir/chapters/$chapter/$program.js")
  done < <(book_chapters)
  cp "$root/book/run/run.js" "$root/book/run/run.css" "${programs[@]}" "$dir/"  # one cp, not one a chapter
  python3 - "$root" >"$dir/files.js" <<'PY'
import json, pathlib, sys
root = pathlib.Path(sys.argv[1])
# The built-in profiles' files, the sample profiles and the chapters' own (golden cases name them). A file that is not
# UTF-8 (a test profile the loader must refuse) cannot be a JavaScript string: left out.
files = {}
for p in sorted([*(root / "common/profiles").glob("*.yaml"), *(root / "common/tests/profiles").glob("*.yaml"),
                 *(root / "chapters").glob("*/profiles/*.yaml")]):
    try:
        files[str(p.relative_to(root))] = p.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        pass
print("window.bookRunFiles = " + json.dumps(files, ensure_ascii=False) + ";")
PY
}
