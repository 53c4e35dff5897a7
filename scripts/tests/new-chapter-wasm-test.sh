#!/usr/bin/env bash
# new-chapter-wasm-test.sh WORK_DIR WASM_BUILD_DIR WASM_DEPS_CACHE: a new chapter's
# page runs its program in the page, with nothing written for it (issue 25).
#
# In a scratch copy of the tree (WORK_DIR/run.XXXXXX/tree, removed when the run
# passes) it runs `scripts/new-chapter --no-build NN-template-check`, configures
# the copy's wasm preset (yaml-cpp and Boost.Program_options from WASM_DEPS_CACHE,
# built there already by the tree's own wasm build), builds only the new program
# (profile_codegen, a build-time tool, linked at -O0), writes the chapter's golden
# files with it (under Node), and renders the new chapter's page alone with the run
# control: the other chapters' programs are those of WASM_BUILD_DIR, the tree's
# wasm build. Then book/run/run-in-page-test.sh clicks
# the page's controls in headless Chromium and compares them with the golden
# files, and checks a bad flag shows exit status 2. ctest runs it in the wasm
# preset as wasm/new-chapter (labels wasm, template).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 3 ] || { echo "usage: $0 WORK_DIR WASM_BUILD_DIR WASM_DEPS_CACHE" >&2; exit 2; }
# shellcheck source=scripts/tests/template-copy.sh
source "$root/scripts/tests/template-copy.sh"
wasm_build=$(cd "$2" && pwd)
start_template_run new-chapter-wasm-test "$1" "$root"

(cd "$tree" && scripts/new-chapter --no-build "$chapter") >"$run/new-chapter.log" 2>&1 ||
  { tail -n 40 "$run/new-chapter.log"; fail "scripts/new-chapter --no-build $chapter (log: $run/new-chapter.log)"; }
step "scripts/new-chapter --no-build $chapter"

# The copy's objects one source each (UNITY_BUILD=OFF), so ccache serves them at any path: a unity
# file #includes each source by its absolute path, and em++ writes this folder's Chinese name into
# its line markers as octal escapes, which ccache 4.7.5 cannot make relative to its base_dir; so
# every run, each in a new folder, compiled 7 of the copy's 8 unity objects again (25-28 s). One
# source at a time, the second run in another folder takes 7.5 s. scripts/new-chapter builds its
# copy as an author does, unity and all (GCC writes the name as UTF-8, and ccache hits there).
(cd "$tree" && cmake --preset wasm -DUNITY_BUILD=OFF -DWASM_DEPS_CACHE="$3") >"$run/build.log" 2>&1 ||
  { tail -n 40 "$run/build.log"; fail "the wasm configure of the copy (log: $run/build.log)"; }
step "configured the copy's wasm preset"

(cd "$tree" && cmake --build build-wasm --target "$program" -j2) >>"$run/build.log" 2>&1 ||
  { tail -n 40 "$run/build.log"; fail "the wasm build of $program (log: $run/build.log)"; }
generated=common/generated/builtin_profile_data.cpp
cmp -s "$tree/build-wasm/$generated" "$wasm_build/$generated" ||
  fail "the copy's $generated differs from the tree's build ($wasm_build/$generated)"
launcher=$tree/build-wasm/chapters/$chapter/$program-node
step "built $program for wasm"

# The golden files come from the program (the template's chapter.toml); here from the wasm one.
(cd "$tree" && env "${program^^}=$launcher" scripts/update-golden "$number" --write) >"$run/golden.log" 2>&1 ||
  { tail -n 40 "$run/golden.log"; fail "scripts/update-golden $number --write with the wasm $program (log: $run/golden.log)"; }
step "golden files from the wasm $program"

# The programs the page loads: the tree's wasm build for every other chapter, the new one's.
programs=$run/wasm
# shellcheck source=book/chapters.sh
while read -r listed listed_program; do
  mkdir -p "$programs/chapters/$listed"
  if [ "$listed" = "$chapter" ]; then
    source_js=$tree/build-wasm/chapters/$chapter/$program.js
  else
    source_js=$wasm_build/chapters/$listed/$listed_program.js
  fi
  [ -f "$source_js" ] || fail "$source_js is missing: build the wasm preset first"
  ln -s "$source_js" "$programs/chapters/$listed/$listed_program.js"
done < <(cd "$tree" && root=$tree && source book/chapters.sh && book_chapters)

[ -d "$root/build/search-deps" ] && export BOOK_SEARCH_DEPS=${BOOK_SEARCH_DEPS:-$root/build/search-deps}
bash "$tree/book/run/run-in-page-test.sh" "$run/page" "$programs" "$chapter" >"$run/page.log" 2>&1 ||
  { tail -n 40 "$run/page.log"; fail "the run control of book/$chapter.md in Chromium (log: $run/page.log)"; }
tail -n 3 "$run/page.log"
step "the page's run control matches the golden files"
echo "new-chapter-wasm-test: ok in $((SECONDS - start)) s"
