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
free_chapter_number() {
  (cd "$1" && python3 - <<'PY'
import glob
used = {line.split()[0][:2] for line in open("chapters/chapters.list", encoding="utf-8")
        if line.strip() and not line.lstrip().startswith("#")}
used |= {p.split("/")[-1][:2] for p in glob.glob("chapters/[0-9][0-9]-*") + glob.glob("golden/[0-9][0-9]-*")}
used |= {p.split("/")[-1][:2] for p in glob.glob("book/[0-9][0-9]-*.md")}
free = [f"{n:02d}" for n in range(99, 0, -1) if f"{n:02d}" not in used]
print(free[0] if free else "")
PY
  )
}

# start_template_run TOOL WORK_DIR ROOT: a scratch run for a template test. Sets run (a
# folder under WORK_DIR, removed at exit when the test passes, kept with its logs when it
# fails), tree (run/tree, the copy of ROOT's sources), number, chapter (NN-template-check),
# program (template_check) and start; step MESSAGE prints progress, fail MESSAGE stops.
start_template_run() {
  template_tool=$1
  mkdir -p "$2"
  # An author's folder named in Chinese, with a space: the copy builds, tests and renders there too.
  run=$(mktemp -d "$(cd "$2" && pwd)/书稿 run.XXXXXX")
  tree=$run/tree
  trap 'status=$?; [ $status -eq 0 ] && rm -rf "$run"; exit $status' EXIT
  number=$(free_chapter_number "$3")
  [ -n "$number" ] || fail "no free chapter number (01..99 all used)"
  chapter=$number-template-check
  program=template_check
  start=$SECONDS
  copy_sources "$3" "$tree"
}
step() { printf '%s: %-60s (%ds)\n' "$template_tool" "$1" $((SECONDS - start)); }
fail() {
  echo "$template_tool: FAILED: $*" >&2
  exit 1
}
