#!/usr/bin/env python3
"""version/programs, wasm/version/programs: every chapter program's --version, three lines.

- Line 1 names the tree's last edition (editions/latest.txt): `第 N 版（date）` alone only when
  every chapter's outputs are that edition's, else `第 N 版（date）之后的预览版，…` (never the
  edition alone in a build with changes pending), or `尚未发布` before the first edition.
- Line 2 names COMMIT, the commit the build was configured with (BOOK_BUILD_COMMIT: scripts/package
  passes it), as `提交 <12 hex digits>`; with none (an author's build) it says it is a development
  build. The commit is compiled in (common/tools/edition_info.py), never asked of git at build time.
- Line 3 is the digest of the chapter's outputs as the tree has them now (a stale program fails),
  `与第 N 版相同` when they are the edition's, `第 N 版未收本章` when it had no such chapter.

Usage: version_commit.py --commit=[COMMIT] PROGRAM...                native programs
       version_commit.py --commit=[COMMIT] --node NODE PROGRAM.js...   wasm programs, in one Node process
"""
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "lib"))
import editions  # noqa: E402
import suite  # noqa: E402

DEVELOPMENT = "提交 未记录：这是开发构建（只有发布版和软件包的构建记下提交）"


def outputs(argv):
    """{program file: (status, stdout)} of each program's --version."""
    if argv[0] == "--node":
        runner = Path(__file__).resolve().parent / "wasm" / "version-all.js"
        done = subprocess.run([argv[1], str(runner), *argv[2:]], capture_output=True, text=True, check=True)
        return {f: (r["status"], r["stdout"]) for f, r in json.loads(done.stdout).items()}
    return {f: (done.returncode, done.stdout) for f in argv
            for done in [subprocess.run([f, "--version"], capture_output=True, text=True)]}


def problems_of(program, status, text, commit, edition, digest, edition_digest, book_same):
    """What is wrong with PROGRAM's --version TEXT (a list of sentences; empty: nothing): EDITION
    is the last edition's number, DIGEST and EDITION_DIGEST the chapter's outputs' now and in it
    ('' when it had no such chapter), BOOK_SAME whether every chapter's outputs are the edition's."""
    lines = text.split("\n")
    if status != 0 or len(lines) != 4 or lines[3] != "":
        return [f"exit {status}, {len(lines) - 1} lines (expected 0, 3)"]
    problems = []
    if edition == 0:
        same = None
        if lines[0] != f"{program} 尚未发布（还没有第 1 版）":
            problems.append(f"line 1 {lines[0]!r}: the tree has no edition yet")
    else:
        head = rf"{re.escape(program)} 第 {edition} 版（[0-9-]+）"
        same = bool(re.fullmatch(head, lines[0]))
        if not same and not re.fullmatch(head + "之后的预览版，含尚未发布的改动", lines[0]):
            problems.append(f"line 1 {lines[0]!r} names neither edition {edition} (editions/latest.txt) "
                            "nor a preview after it")
    want = f"提交 {commit[:12]}" if commit else DEVELOPMENT
    if lines[1] != want:
        problems.append(f"line 2 is {lines[1]!r}, the build was configured with "
                        f"BOOK_BUILD_COMMIT={commit or '(empty)'}: want {want!r} (build again: cmake --build)")
    if not lines[2].startswith(f"输出摘要 {digest}"):
        problems.append(f"line 3 {lines[2]!r}: the tree's outputs' digest is {digest} (build again: cmake --build)")
    elif same is not None:
        if same != book_same:
            problems.append(f"line 1 {lines[0]!r}: the edition alone only when every chapter's outputs are "
                            f"the edition's, and {'they are' if book_same else 'some are not: a preview'}")
        tail = (f"，与第 {edition} 版相同" if digest == edition_digest else
                f"，第 {edition} 版未收本章" if not edition_digest else f"，与第 {edition} 版（{edition_digest}）不同")
        if tail not in lines[2]:
            problems.append(f"line 3 {lines[2]!r} does not say {tail[1:]!r}")
    return problems


def main(argv):
    if len(argv) < 2 or not argv[0].startswith("--commit=") or argv[1:] == ["--node"] or \
            (argv[1] == "--node" and len(argv) < 4):
        print(__doc__.split("\n\n")[-1], file=sys.stderr)
        return 2
    commit, argv = argv[0].removeprefix("--commit="), argv[1:]
    latest = editions.latest()
    edition, was = (latest.number, latest.digests) if latest else (0, {})
    digests = editions.chapter_digests(editions.current_outputs())
    chapter_of = {program: chapter for chapter, program in suite.chapters()}
    failures = 0
    for file, (status, text) in outputs(argv).items():
        program = Path(file).name.removesuffix(".js")
        chapter = chapter_of.get(program)
        for problem in problems_of(program, status, text, commit, edition, digests.get(chapter, "?"),
                                   was.get(chapter, ""), digests == was):
            failures += 1
            print(f"version_commit.py: {file} --version: {problem}")
    print(f"version_commit.py: {len(argv) - (2 if argv[0] == '--node' else 0)} programs, "
          f"{'BOOK_BUILD_COMMIT=' + commit[:12] if commit else 'a development build'}, {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
