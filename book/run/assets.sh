# shellcheck shell=bash disable=SC2154  # $root and book_chapters come from book/render.sh
# Sourced by book/render.sh: the HTML pages' run control (book/run/run.js) and
# the chapter programs it runs, compiled by the wasm preset (scripts/build-book
# builds them into build-wasm/; BOOK_WASM_DIR names another build folder).
# Without them the pages are rendered without the control; the EPUB and the
# PDF never have it.
run_wasm_dir=${BOOK_WASM_DIR:-$root/build-wasm}

# wasm_check_start: whether every chapter's program is built and as new as its sources. A missing
# one decides it at once; otherwise book/run/wasm_fresh.py is asked in the background (a tenth of a
# second: the render writes its Ninja file meanwhile), its answer read through a descriptor (no
# file to clean up), and wasm_programs_built waits for it. Without build-wasm/'s build.ninja the
# programs there are taken as they are (BOOK_WASM_DIR may name a folder of programs alone).
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

# wasm_programs_built (after wasm_check_start): true when every chapter's program is built and as
# new as its sources: a page never runs a program other than the one its outputs came from
# (scripts/rebuild-chapter and scripts/preview rebuild build/, not build-wasm/: when a file ninja
# made a program from is newer than it, the pages go without the control and the render says so).
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
