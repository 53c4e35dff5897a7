# shellcheck shell=bash
# Sourced by scripts/build-book and scripts/package: build/book/gated.txt (`commit <HEAD>`, `book
# <digest>`) records that build/book/ is the render a gate tested on a clean commit. Any other
# render into build/book/ (scripts/preview, rebuild-chapter) changes the digest.

# clean_commit: prints HEAD when the tree is the top of a git checkout with nothing uncommitted
# (git status, untracked files too); else nothing.
clean_commit() {
  local top
  top=$(git rev-parse --show-toplevel 2>/dev/null) && [ "$(realpath "$top")" = "$(pwd -P)" ] || return 0
  [ -z "$(git status --porcelain --untracked-files=normal)" ] || return 0
  git rev-parse HEAD
}

# book_digest BOOK_DIR: one SHA-256 of every file of BOOK_DIR's html/, book.epub and book.pdf.
book_digest() {
  (cd "$1" && find html book.epub book.pdf -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-64)
}
