#!/usr/bin/env python3
"""The gate memo's inputs, observed: runs every test scripts/build-book may leave out (a
chapter's <chapter>/..., book/<chapter>/..., wasm/<chapter>/... and its part of the book-wide
chapters/... checks) under strace (scripts/lib/traced_inputs.py), and fails when one read or
ran a file that its chapter's fingerprint (scripts/lib/gate_memo.py) does not cover, naming
the test, the file and the rule that would cover it. What it saw is kept in
BUILD/memo-observed.json: gate_memo.py adds those files to the chapters' fingerprints.

Usage: memo_trace.py BUILD_DIR [CHAPTER...]     (scripts/test runs it for build/ and build-wasm/)

The rules (gate_memo.py hashes each):
  tree      a file of the source tree outside every chapter's own paths, or in a chapter's profiles/
  own       chapters/<it>/, golden/<it>/, and book/<it>.md for the page's tests (book/<it>/...,
            chapters/...) only: the programs' tests (<it>/..., wasm/<it>/...) rest on the
            fingerprint without the page, so one of them reading the page fails here
  built     the files directly in build*/chapters/<it>/
  declared  chapters/<it>/chapter.toml: [golden] reference and verbatim (in ../shared/reference),
            [memo] reads (paths from the tree's root: another chapter's file, a file outside)
  packages  a file a Debian package installed, or the system's own under /usr and /etc: the
            version of every installed package
  program   a program outside dpkg (a pyenv python) and the files under its prefix: their bytes;
            and the .pth files python3 reads at every start (gate_memo.python_startup_files)
A program's commit stamp (scripts/lib/build_stamp.py) is the one part of a built program the
fingerprint leaves out: a test that runs a chapter program's --version (the program, or the .js
Node runs, then --version alone) fails here too; version/programs tests it, never left out.
Not inputs: /proc, /sys, /dev, /run, the tests' own temporary folder (their TMPDIR), what the test
itself wrote, folders.
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gate_memo  # noqa: E402
import suite  # noqa: E402
import traced_inputs  # noqa: E402

ROOT = suite.ROOT


def chapter_tests(build, chapters):
    """[(chapter, name, command, cwd, env, timeout)] of the tests build-book may leave out."""
    shown = subprocess.run(["ctest", "--test-dir", str(build), "--show-only=json-v1"], capture_output=True,
                           text=True, check=True)
    tests = []
    for test in json.loads(shown.stdout)["tests"]:
        props = {p["name"]: p["value"] for p in test.get("properties", [])}
        env = dict(os.environ)
        env.pop("LEDGER_SUITE_LOCK", None)
        for item in props.get("ENVIRONMENT", []):
            key, _, value = item.partition("=")
            env[key] = value
        cwd = props.get("WORKING_DIRECTORY", str(build))
        timeout = float(props.get("TIMEOUT", 1500))
        cost = float(props.get("COST", 0))
        name = test["name"]
        for chapter in chapters:
            prefixes = (f"{chapter}/", f"book/{chapter}/", f"wasm/{chapter}/")
            if name.startswith(prefixes):
                tests.append((cost, (chapter, name, test["command"], cwd, env, timeout)))
            elif name.startswith("chapters/"):  # the book-wide checks, for this chapter alone
                tests.append((cost, (chapter, name, test["command"], cwd, dict(env, LEDGER_CHECK_CHAPTERS=chapter), timeout)))
    # The costliest first (their COST, as ctest -j orders them), else in ctest's order: the runs
    # end together rather than on a long test started last.
    tests.sort(key=lambda costed: -costed[0])
    return [test for _, test in tests]


def reads_page(name):
    """Whether the test NAME rests on its chapter's pages fingerprint (gate_memo.py), which holds
    the page: the page's tests and the book-wide checks; not the programs' tests."""
    return name.startswith(("book/", "chapters/"))


def owner_chapter(rel, chapters):
    if rel.startswith("chapters/") and rel.split("/")[2:3] == ["profiles"]:
        return None  # a chapter's profiles are shared: every page's run control carries them all
    for chapter in chapters:
        if rel.startswith((f"chapters/{chapter}/", f"golden/{chapter}/")) or rel == f"book/{chapter}.md":
            return chapter
    return None


def declared(chapter):
    """Real paths chapters/<chapter>/chapter.toml names as its inputs (the memo's own list)."""
    return set(gate_memo.declared_inputs(chapter))


class Rules:
    def __init__(self, chapters, temp):
        self.chapters = chapters
        self.root = os.path.realpath(ROOT)
        # The traced tests' own temporary folder (their TMPDIR), not the system's: a tree, or a
        # test's planted file, may well lie under /tmp, and is no scratch file for that.
        self.temp = os.path.realpath(temp)
        self.declared = {c: declared(c) for c in chapters}

    def rule(self, chapter, name, path, prefixes):
        """The rule covering PATH for CHAPTER's test NAME: (rule, detail), or (None, what to do)."""
        if path.startswith(traced_inputs.NOT_INPUTS):
            return "ignored", ""
        if path in self.declared[chapter]:
            return "declared", ""
        if path.startswith(self.root + "/"):
            rel = path[len(self.root) + 1:]
            top = rel.split("/", 1)[0]
            if top.startswith("build"):
                if rel.count("/") == 3 and rel.split("/")[1:3] == ["chapters", chapter]:
                    return "built", ""
                if rel.split("/")[1:3] == ["book", "test-render"]:
                    return "render", ""  # made by book/render, which every gate runs (never left out)
                return None, (f"a build product outside {top}/chapters/{chapter}/: build it there, or add it to "
                              "the fingerprint in scripts/lib/gate_memo.py")
            if top == ".git":
                return None, "the test reads .git: nothing may depend on the repository's history"
            if top in gate_memo.UNSHARED:
                return None, f"{top}/ is left out of every fingerprint (gate_memo.UNSHARED): hash it, or stop reading it"
            owner = owner_chapter(rel, self.chapters)
            if owner == chapter and rel == f"book/{chapter}.md" and not reads_page(name):
                return None, (f"the chapter's page, which its programs' fingerprint leaves out (gate_memo.py): "
                              f"name a test that reads it book/{chapter}/...")
            if owner is None or owner == chapter:
                return ("own" if owner else "tree"), ""
            return None, (f"another chapter's file: add \"{rel}\" to [memo] reads in chapters/{chapter}/chapter.toml")
        if path.startswith(self.temp + "/"):
            return "ignored", ""  # a test's scratch files (the tree itself may lie in the temporary folder)
        if traced_inputs.installed(path):
            return "packages", ""
        if any(path.startswith(p) for p in prefixes) or path in STARTUP:
            return "program", ""
        return None, ("a file outside the tree: add its path, from the tree's root, to [memo] reads in "
                      f"chapters/{chapter}/chapter.toml")


STARTUP = set(gate_memo.python_startup_files())  # hashed by gate_memo.tool_lines


def version_runs(commands):
    """The chapter programs (real paths in build*/chapters/) run with --version alone, which
    prints the commit stamp: `PROGRAM --version`, or `node RUNNER PROGRAM.js --version`."""
    root = os.path.realpath(ROOT) + "/"
    out = set()
    for program, argv in commands:
        if len(argv) < 2 or argv[-1] != "--version":
            continue
        target = program if len(argv) == 2 else os.path.realpath(argv[-2])
        rel = target[len(root):] if target.startswith(root) else ""
        if rel.startswith("build") and rel.split("/")[1:2] == ["chapters"]:
            out.add(target)
    return out


def program_prefixes(runs):
    """The installation folders of the programs run that dpkg did not install (x/bin/prog -> x/)."""
    out = set()
    for run in runs:
        if traced_inputs.dpkg_owner(run) is None and not run.startswith(os.path.realpath(ROOT) + "/"):
            folder = os.path.dirname(run)
            installed = os.path.basename(folder) in ("bin", "sbin", "libexec", "shims")
            out.add((os.path.dirname(folder) if installed else folder) + "/")
    return out


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    if not traced_inputs.available():
        suite.fail("memo-trace", "strace not found (scripts/install-deps installs it)")
    build = Path(argv[1]).resolve()
    chapters = argv[2:] or [c for c, _ in suite.chapters()]
    scratch = tempfile.TemporaryDirectory(prefix="memo-trace-tmp.")
    rules = Rules(chapters, scratch.name)
    tests = chapter_tests(build, chapters)

    def one(test):
        chapter, name, command, cwd, env, timeout = test
        status, output, seen = traced_inputs.run_traced(command, cwd=cwd, env=dict(env, TMPDIR=scratch.name),
                                                        timeout=timeout)
        return test, status, output, seen

    problems, observed, failed = [], {c: set() for c in chapters}, []
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for (chapter, name, command, *_), status, output, seen in pool.map(one, tests):
            if status != 0:
                failed.append(f"{name} (exit {status}; traced):\n{output[-2000:]}")
            for program in sorted(version_runs(seen.commands)):
                problems.append(f"{name}: runs {program} --version, whose commit stamp chapter {chapter}'s fingerprint "
                                "leaves out (scripts/lib/build_stamp.py); test --version in version/programs instead")
            prefixes = program_prefixes(seen.runs)
            for path in sorted({traced_inputs.source_of(p) for p in seen.reads | seen.runs}):
                rule, detail = rules.rule(chapter, name, path, prefixes)
                if rule is None:
                    problems.append(f"{name}: reads {path}, which chapter {chapter}'s fingerprint does not cover; {detail}")
                elif rule in ("declared", "program"):
                    observed[chapter].add(path)
    out = build / "memo-observed.json"
    out.write_text(json.dumps({c: sorted(p) for c, p in observed.items()}, indent=1, ensure_ascii=False) + "\n",
                   encoding="utf-8")
    for line in failed:
        print(f"memo-trace: FAILED under strace: {line}")
    for line in problems:
        print(f"memo-trace: NOT COVERED: {line}")
    print(f"memo-trace: {len(tests)} tests of {len(chapters)} chapters traced in {build.name}/: "
          f"{len(problems)} uncovered read(s), {len(failed)} failure(s); observed inputs in {out.relative_to(ROOT)}")
    scratch.cleanup()
    return 1 if problems or failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
