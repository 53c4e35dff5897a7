# shellcheck shell=bash disable=SC2154  # $root and book_chapters come from book/render.sh
# Sourced by book/render.sh: the HTML pages' run control (book/run/run.js) and the chapter
# programs it runs, from the wasm build (build-wasm/, or BOOK_WASM_DIR); without them, no control.
run_wasm_dir=${BOOK_WASM_DIR:-$root/build-wasm}

# wasm_check_start: asks whether every chapter's program is built and as new as its sources; a
# missing one decides at once, else wasm_fresh.py answers in the background, through a descriptor,
# while the render writes its Ninja file. A folder without build.ninja holds programs alone.
wasm_check_start() {
  local chapter program targets=()
  run_wasm_verdict='' run_wasm_answer=''
  while read -r chapter program; do
    [ -f "$run_wasm_dir/chapters/$chapter/$program.js" ] || { run_wasm_verdict=1; return 0; }
    targets+=("chapters/$chapter/$program.js")
  done < <(book_chapters)
  [ -f "$run_wasm_dir/build.ninja" ] || { run_wasm_verdict=0; return 0; }
  exec {run_wasm_answer}< <(python3 "$root/book/run/wasm_fresh.py" "$run_wasm_dir" "${targets[@]}" 2>&1 && echo 0 || echo 1)
}

# wasm_programs_built: wasm_check_start's answer. A page never runs a program older than its
# outputs (scripts/rebuild-chapter rebuilds build/ only): then it goes without the control.
wasm_programs_built() {
  if [ -z "$run_wasm_verdict" ]; then
    local answer why
    answer=$(cat <&"$run_wasm_answer")
    exec {run_wasm_answer}<&-
    run_wasm_verdict=${answer##*$'\n'}  # the answer's last line: 0, or 1 after why
    why=${answer%"$run_wasm_verdict"}
    [ "$run_wasm_verdict" -eq 0 ] ||
      echo "render: the wasm programs in $run_wasm_dir are older than their sources (${why%$'\n'}): pages" \
        "rendered without their 运行 control (scripts/build-book builds them; or cmake --build --preset wasm)" >&2
  fi
  return "$run_wasm_verdict"
}

# copy_run_assets HTML_DIR: HTML_DIR/run/ gets run.js, run.css, every program's .js and files.js,
# the files a case may name (a page opened from file:// cannot read them).
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
# The profiles golden cases may name; one that is not UTF-8 (a test of the loader) is left out.
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
