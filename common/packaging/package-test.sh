#!/usr/bin/env bash
# package/install (label tools; docs/install.md): the package as a reader installs it.
#   package-test.sh BUILD_DIR SCRATCH_DIR BOOK_DIR
# 1. scripts/lib/make_package.sh makes the .deb and the .tar.gz from BUILD_DIR, with the book
#    rendered in BOOK_DIR; made again, both are the same bytes (docs/install.md, "Reproducible");
# 2. lintian: no error, and no warning but those common/packaging/lintian-warnings.txt justifies;
# 3. `dpkg -x` into a scratch root: every `$ …` command of the book it installs, run from a
#    folder outside the tree with the root's usr/bin first on PATH, prints its block
#    (tests/book_commands.py), and a --profile found nowhere is still one line and exit 2;
#    the tarball's programs likewise find the book's profiles;
# 4. each man page: man-db renders it without a warning, groff -ww is silent, and man finds it
#    as the default page and in zh_CN/ (where man-db looks for a zh_CN locale);
# 5. bash completion through compgen for a few prefixes; zsh reads its completions (zsh -n).
# Each check of 2, 4 and 5 first meets a planted fault and must catch it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tree=$(cd "$here/../.." && pwd)
build=$(cd "$1" && pwd)
scratch=$2
book=$3
python=${LEDGER_PYTHON:-python3}
fail() { echo "package/install: $*" >&2; echo "rerun: ctest --test-dir $build -R '^package/install\$' --output-on-failure" >&2; exit 1; }
step() { echo "== $*"; }
rm -rf "$scratch"
mkdir -p "$scratch/elsewhere"

step "the .deb and the .tar.gz from $build, the book from $book, as scripts/package makes them"
mkdir -p "$scratch/out"
# make_package OUT: the package into OUT, its lines in OUT.log.
make_package() {
  LEDGER_BOOK_DIR=$book LEDGER_REQUIRE_BOOK=1 bash "$tree/scripts/lib/make_package.sh" "$build/CPackConfig.cmake" \
    "$1" >"$1.log" 2>&1 || { cat "$1.log" >&2; fail "making the package failed"; }
}
make_package "$scratch/out"
deb=$(ls "$scratch"/out/*.deb) tarball=$(ls "$scratch"/out/*.tar.gz) || fail "no .deb or no .tar.gz was made"
ar t "$deb" | grep -qx 'data.tar.gz' ||
  fail "$(basename "$deb") holds no data.tar.gz: $(ar t "$deb" | paste -sd ' ')"
step "the same build packaged again: the same bytes"
make_package "$scratch/again"
for made in "$deb" "$tarball"; do
  cmp "$made" "$scratch/again/$(basename "$made")" ||
    fail "$(basename "$made") made twice from the same build differs (SOURCE_DATE_EPOCH, tar's --sort/--mtime/--owner: scripts/lib/make_package.sh)"
done

# lintian_verdict FILE: the problems in lintian's output FILE (empty: none).
lintian_verdict() {
  local allowed
  allowed=$(grep -v '^#' "$here/lintian-warnings.txt" | awk 'NF {print $1}' | sort -u)
  grep '^E: ' "$1" | sed 's/^/error: /' || true
  grep '^W: ' "$1" | awk '{print $3}' | sort -u | comm -23 - <(echo "$allowed") | sed 's/^/warning not justified in common\/packaging\/lintian-warnings.txt: /' || true
  grep '^W: ' "$1" | awk '{print $3}' | sort -u | comm -13 - <(echo "$allowed") | sed 's/^/listed in lintian-warnings.txt but no longer raised (remove it): /' || true
}
step "lintian $(basename "$deb")"
command -v lintian >/dev/null || fail "lintian is not installed (scripts/install-deps --book installs it)"
printf 'E: op-perf-book: planted-error\nW: op-perf-book: planted-warning\n' >"$scratch/lintian-planted.txt"
[ "$(lintian_verdict "$scratch/lintian-planted.txt" | grep -c 'planted')" = 2 ] || fail "the lintian verdict misses a planted error or warning"
# Lintian (2.116 in Debian 12) leaves an mldbm-elf-* file in the temporary folder on every run: it
# gets a folder of its own in the scratch, and the real one must not gain such a file.
# Lintian's own temporary folder is the run's, not the build's: lintian 2.116 reads a TMPDIR named
# in Chinese (an author's 书稿 folder) as Latin-1, fails on every file it unpacked there
# ("syntax-error-in-debian-changelog") and leaves its pool in a folder of that mis-read name.
lintian_tmp=$(mktemp -d "${TMPDIR:-/tmp}/package-test-lintian.XXXXXX")
litter() { find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'mldbm-*' -newer "$lintian_tmp" 2>/dev/null || true; }
TMPDIR=$lintian_tmp lintian "$deb" 2>&1 | grep -v 'running with root privileges' >"$scratch/lintian.txt" || true
rm -rf "$lintian_tmp"
[ -z "$(litter)" ] || fail "lintian left $(litter) in the temporary folder: its own (TMPDIR) was not used"
problems=$(lintian_verdict "$scratch/lintian.txt")
[ -z "$problems" ] || { cat "$scratch/lintian.txt" >&2; fail "lintian: $problems"; }
sed 's/^/  /' "$scratch/lintian.txt"

step "dpkg -x into $scratch/root"
dpkg -x "$deb" "$scratch/root"
usr=$scratch/root/usr
# Every chapter's program, read from the one list (a chapter added there is checked too).
programs=$(awk '!/^[[:space:]]*(#|$)/ {print $2}' "$tree/chapters/chapters.list")
# shellcheck disable=SC2046  # one path per program
for f in $(printf 'bin/%s ' $programs) share/doc/op-perf-book/html/index.html \
         share/doc/op-perf-book/book.epub share/doc/op-perf-book/book.pdf; do
  [ -f "$usr/$f" ] || fail "the .deb has no /usr/$f"
done
"$python" "$here/tests/book_commands.py" "$usr/share/doc/op-perf-book/html" --cwd "$scratch/elsewhere" \
  --path "$usr/bin" --label "installed book commands" || fail "a command of the installed book printed another block"
# Every golden case that names a profile file (the paths the book names), from the other folder.
profile_cases=0
while read -r chapter program; do
  while read -r case flags; do
    [[ $flags == *--profile* && $flags != *@OUT@* ]] || continue
    # shellcheck disable=SC2086  # the case's words: split at blanks, none a glob (CONTRIBUTING.md, "Golden cases")
    (cd "$scratch/elsewhere" && exec "$usr/bin/$program" $flags) | cmp -s - "$tree/golden/$chapter/$case.txt" ||
      fail "$program $flags (golden/$chapter/$case.txt), run from another folder, printed another output"
    profile_cases=$((profile_cases + 1))
  done < <(grep -v '^[[:space:]]*\(#\|$\)' "$tree/golden/$chapter/cases.list")
done < <(grep -v '^[[:space:]]*\(#\|$\)' "$tree/chapters/chapters.list")
[ "$profile_cases" -gt 0 ] || fail "no golden case names a --profile file: nothing was checked"
echo "installed programs: $profile_cases golden cases with a --profile path matched, from another folder"
status=0
(cd "$scratch/elsewhere" && exec "$usr/bin/op_ledger" --profile common/profiles/nope.yaml --case gemm) \
  >"$scratch/missing.out" 2>"$scratch/missing.err" || status=$?
[ "$status" = 2 ] && [ ! -s "$scratch/missing.out" ] && [ "$(wc -l <"$scratch/missing.err")" = 1 ] &&
  grep -q "common/profiles/nope.yaml: cannot open.*nor under $usr/share/op-perf-book/" "$scratch/missing.err" ||
  fail "a missing --profile file from another folder: want one line naming it and the data folder, exit 2: $(cat "$scratch/missing.err")"

step "the tarball: $(basename "$tarball")"
mkdir -p "$scratch/tar"
tar -xzf "$tarball" -C "$scratch/tar"
tar_bin=$(ls -d "$scratch"/tar/*/bin)
(cd "$scratch/elsewhere" && "$tar_bin/op_ledger" --profile common/tests/profiles/reader-gpu.yaml --case gemm) |
  cmp - "$tree/golden/28-op-ledger/reader-profile-gemm.txt" || fail "the tarball's op_ledger printed another reader-profile-gemm"
for f in share/man/man1/op_ledger.1.gz share/bash-completion/completions/op_ledger share/doc/op-perf-book/book.pdf; do
  [ -f "$tar_bin/../$f" ] || fail "the tarball has no $f"
done

# man_warnings PAGE: what man-db (as lintian runs it) and groff -ww say about PAGE (empty: nothing).
man_warnings() {
  { man --warnings -E UTF-8 -l -Tutf8 -Z "$1" >/dev/null; } 2>&1
  { zcat -f "$1" | groff -ww -z -K utf8 -T utf8 -man; } 2>&1
}
step "man pages"
printf '.TH PLANTED 1\n.SH 名称\nplanted \\- 例子\n.XQ 未知的宏\n' >"$scratch/planted.1"
[ -n "$(man_warnings "$scratch/planted.1")" ] || fail "the man page check misses a planted unknown macro"
for program in $programs; do
  for page in "$usr/share/man/man1/$program.1.gz" "$usr/share/man/zh_CN/man1/$program.1.gz"; do
    [ -f "$page" ] || fail "no $page"
    warnings=$(man_warnings "$page")
    [ -z "$warnings" ] || fail "$page: $warnings"
    man -l "$page" 2>/dev/null | grep -q -- "--help" || fail "$page: the rendered page lists no --help"
  done
  [ "$(man -M "$usr/share/man" -w "$program")" = "$usr/share/man/man1/$program.1.gz" ] || fail "man finds no default page of $program"
  [ "$(man -M "$usr/share/man/zh_CN" -w "$program")" = "$usr/share/man/zh_CN/man1/$program.1.gz" ] || fail "man finds no zh_CN page of $program"
done

# completes FILE WORD...: what the completion in FILE offers for the command line WORD... (the last
# word is the one being completed), one a line, sorted.
completes() {
  local file=$1
  shift
  (cd "$scratch/elsewhere" && PATH=$usr/bin:$PATH bash --norc --noprofile -c '
    source "$1"; shift
    function=$(complete -p "$1" | sed -n "s/.*-F \([^ ]*\) .*/\1/p")
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
    "$function"
    printf "%s\n" "${COMPREPLY[@]}"' completes "$file" "$@") | sort
}
step "bash completion (compgen)"
completions=$usr/share/bash-completion/completions
sed 's/ h200-spec//' "$completions/op_traffic" >"$scratch/planted-completion"
[ "$(completes "$scratch/planted-completion" op_traffic --machine h200-)" != "$(printf 'h200-measured\nh200-spec')" ] ||
  fail "the completion check misses a planted missing value"
check_completion() {
  local want=$1
  shift
  local got
  got=$(completes "$completions/$1" "$@")
  [ "$got" = "$(printf '%b' "$want" | sort)" ] || fail "completing '$*': got '$(echo $got)', want '$(printf '%b' "$want" | tr '\n' ' ')'"
}
check_completion '--machine' op_traffic --mach
check_completion 'h200-measured\nh200-spec' op_traffic --machine h200-
check_completion 'Attention\nAdamW' op_traffic --op A
check_completion 'fused-norm-rope-quant' op_ledger --case fu
check_completion 'matrix_core.fp16' op_ledger --roof matrix_core.fp1
check_completion 'bf16' op_ledger --dtype b
check_completion 'text\njson\nmarkdown' op_ledger --format ''
check_completion '--heads' head_roofline --hea
check_completion 'text\njson' head_roofline --format ''
# A --profile path the book prints, from a folder without it: completed from the installed data folder.
check_completion 'common/profiles/h100-spec.yaml\ncommon/profiles/h100-sxm.yaml' op_traffic --profile common/profiles/h100-s
check_completion 'common/' op_ledger --profile comm

step "zsh completion"
command -v zsh >/dev/null || fail "zsh is not installed (scripts/install-deps --book installs it)"
printf '#compdef planted\n_arguments -s \\\n  '"'"'--x[' >"$scratch/_planted"
! zsh -n "$scratch/_planted" 2>/dev/null || fail "zsh -n misses a planted unterminated quote"
for program in $programs; do
  zsh -n "$usr/share/zsh/vendor-completions/_$program" || fail "zsh cannot read _$program"
done
echo "package/install: $(basename "$deb") and $(basename "$tarball") passed"
