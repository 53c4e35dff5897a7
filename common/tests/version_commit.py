#!/usr/bin/env python3
"""version/programs, wasm/version/programs: every chapter program's --version names the commit
its tree is at now, and whether it has uncommitted changes (git, asked here), or says it is not
known when the tree is no git repository of its own. The commit reaches a program after the link
(scripts/lib/build_stamp.py), so a commit that relinked nothing must still show: this test is
never left out of scripts/build-book's gate (its name is no chapter's), and fails, naming the
program, when one was not stamped again.

Usage: version_commit.py PROGRAM...             native programs
       version_commit.py --node NODE PROGRAM.js...  wasm programs, in one Node process
"""
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def git(*args):
    done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else None


def expected_commit_line():
    top = git("rev-parse", "--show-toplevel")
    if top is None or Path(top).resolve() != ROOT.resolve():
        return "提交 未知（不是从 git 检出构建的）"
    dirty = "，另有未提交的改动" if git("status", "--porcelain", "--untracked-files=normal") else ""
    return f"提交 {git('rev-parse', 'HEAD')[:12]}{dirty}"


def outputs(argv):
    """{program file: (status, stdout)} of each program's --version."""
    if argv[0] == "--node":
        runner = Path(__file__).resolve().parents[1] / "wasm" / "version-all.js"
        done = subprocess.run([argv[1], str(runner), *argv[2:]], capture_output=True, text=True, check=True)
        return {f: (r["status"], r["stdout"]) for f, r in json.loads(done.stdout).items()}
    return {f: (done.returncode, done.stdout) for f in argv
            for done in [subprocess.run([f, "--version"], capture_output=True, text=True)]}


def main(argv):
    if not argv or argv == ["--node"] or (argv[0] == "--node" and len(argv) < 3):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    want = expected_commit_line()
    failures = 0
    for file, (status, text) in outputs(argv).items():
        program = Path(file).name.removesuffix(".js")
        lines = text.split("\n")
        problems = []
        if status != 0 or len(lines) != 4 or lines[3] != "":
            problems.append(f"exit {status}, {len(lines) - 1} lines (expected 0, 3)")
        elif not re.fullmatch(rf"{program} (第 [0-9]+ 版（[0-9-]+）|尚未发布（还没有第 1 版）)", lines[0]):
            problems.append(f"line 1 {lines[0]!r} names no edition")
        elif lines[1] != want:
            problems.append(f"line 2 is {lines[1]!r}, the tree says {want!r}: build again (cmake --build), "
                            "which stamps the commit into every program (scripts/lib/build_stamp.py)")
        elif not re.match(r"输出摘要 [0-9a-f]+", lines[2]):
            problems.append(f"line 3 {lines[2]!r} names no digest")
        for problem in problems:
            failures += 1
            print(f"version_commit.py: {file} --version: {problem}")
    print(f"version_commit.py: {len(argv) - (2 if argv[0] == '--node' else 0)} programs, {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
