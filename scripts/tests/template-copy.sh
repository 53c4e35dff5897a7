# shellcheck shell=bash
# Sourced by the template tests (new-chapter-test.sh, new-chapter-wasm-test.sh): the scratch
# copy a new chapter is generated into, and its number; and by the other tests that work in a
# scratch copy of the tree or a fresh work folder.

# copy_sources ROOT DEST: the tree's sources (no build folders, no .git) into DEST.
copy_sources() {
  mkdir -p "$2"
  tar -C "$1" --exclude='./build*' --exclude='./.git' -cf - . | tar -C "$2" -xf -
}

# scratch_tree ROOT: a copy of ROOT's sources in a scratch folder removed at exit. Sets scratch
# (the folder) and tree (scratch/tree, the copy).
scratch_tree() {
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  tree=$scratch/tree
  copy_sources "$1" "$tree"
}

# fresh_work_dir DIR: DIR emptied (made when missing); prints its absolute path.
fresh_work_dir() {
  rm -rf "$1"
  mkdir -p "$1"
  (cd "$1" && pwd)
}

# free_chapter_number ROOT: the highest number no chapter, golden folder or page of ROOT
# uses yet (empty when 01..99 are all used).
free_chapter_number() { chapter_number "$1" last; }

# middle_chapter_number ROOT: a number no chapter, golden folder or page of ROOT uses, between
# the first and the second chapter of chapters/chapters.list (the one nearest their middle), so a
# chapter made with it is inserted in the middle of the reading order; empty when there is none.
middle_chapter_number() { chapter_number "$1" middle; }

chapter_number() {
  (cd "$1" && python3 - "$2" <<'PY'
import glob, sys
listed = [int(line.split()[0][:2]) for line in open("chapters/chapters.list", encoding="utf-8")
          if line.strip() and not line.lstrip().startswith("#")]
used = set(listed)
used |= {int(p.split("/")[-1][:2]) for p in glob.glob("chapters/[0-9][0-9]-*") + glob.glob("golden/[0-9][0-9]-*")}
used |= {int(p.split("/")[-1][:2]) for p in glob.glob("book/[0-9][0-9]-*.md")}
if sys.argv[1] == "middle":
    low, high = (listed + [100, 100])[:2]
    middle = (low + high) // 2
    free = sorted((n for n in range(low + 1, min(high, 100)) if n not in used), key=lambda n: abs(n - middle))
else:
    free = [n for n in range(99, 0, -1) if n not in used]
print(f"{free[0]:02d}" if free else "")
PY
  )
}

# start_template_run TOOL WORK_DIR ROOT: a scratch run for a template test. Sets run (a
# folder under WORK_DIR, removed at exit when the test passes, kept with its logs when it
# fails), tree (run/tree, a clone of ROOT with its work tree copied over it, with run/shared a link to ROOT's ../shared,
# the reference scripts), number (middle_chapter_number: the chapter goes between the first
# two of the reading order), chapter (NN-template-check),
# program (template_check) and start; step MESSAGE prints progress, fail MESSAGE stops.
start_template_run() {
  template_tool=$1
  mkdir -p "$2"
  # An author's folder named in Chinese, with a space: the copy builds, tests and renders there too.
  run=$(mktemp -d "$(cd "$2" && pwd)/书稿 run.XXXXXX")
  tree=$run/tree
  trap 'status=$?; [ $status -eq 0 ] && rm -rf "$run"; exit $status' EXIT
  number=$(middle_chapter_number "$3")
  [ -n "$number" ] || fail "no free chapter number between the first two of chapters/chapters.list"
  chapter=$number-template-check
  program=template_check
  start=$SECONDS
  # What an author's fresh clone holds: ROOT's repository cloned (its history shared) and ROOT's
  # work tree over it, uncommitted changes included; a ROOT without a .git of its own, its sources.
  if [ "$(git -C "$3" rev-parse --show-toplevel 2>/dev/null)" = "$(cd "$3" && pwd -P)" ]; then
    git clone -q --no-checkout --shared "$3" "$tree" && git -C "$tree" reset -q "$(git -C "$3" rev-parse HEAD)"
  fi
  copy_sources "$3" "$tree"
  [ ! -e "$3/../shared" ] || ln -s "$(cd "$3/../shared" && pwd)" "$run/shared"
}
step() { printf '%s: %-60s (%ds)\n' "$template_tool" "$1" $((SECONDS - start)); }
fail() {
  echo "$template_tool: FAILED: $*" >&2
  exit 1
}

# failed_output CTEST_LOG: what each failed test of a ctest --output-on-failure log printed (its
# status line up to the next test's), then the summary: CI keeps no scratch folder to look in.
failed_output() {
  awk '/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: .*\*\*\*/ { on = 1 }
       on && /^ *(Start +[0-9]+:|[0-9]+\/[0-9]+ Test +#[0-9]+: .*(Passed|Not Run))/ { on = 0 }
       on || /tests passed|tests failed|The following tests FAILED|^\t/ { print }' "$1"
}

# git_identity NAME: commits made by the test carry NAME (a scratch repository has no user).
git_identity() {
  export GIT_AUTHOR_NAME=$1 GIT_AUTHOR_EMAIL=$1@localhost GIT_COMMITTER_NAME=$1 GIT_COMMITTER_EMAIL=$1@localhost
}

# unreleased_repo: the scratch copy ($tree, the working folder then) as a git repository of its
# own whose book was never released (no edition files), outside the tree's lock.
unreleased_repo() {
  unset LEDGER_SUITE_LOCK
  cd "$tree"
  rm -f editions/latest.txt editions/edition-*.txt editions/pending.txt
  git init -q . && git add -A && git commit -qm "the book, never released"
}
