#!/usr/bin/env python3
"""docs_test.py SOURCE_DIR BUILD_DIR WORK_DIR: the docs test (ctest `docs`, label docs).

README.md, CONTRIBUTING.md and every docs/*.md are checked as scripts/tests/docs_check.py
says (sh blocks run, shown output compared, links and paths in the tree), in a scratch copy
of the sources (WORK_DIR/run.*, no build folders, its `build` a link to BUILD_DIR, HOME a
folder of its own so `cmake --install build --prefix ~/.local` stays inside it), and the
generated sections must be what their sources give (scripts/update-docs). Nothing is
compiled: the blocks run the programs BUILD_DIR already holds.

Before the docs, it proves it can fail: scripts/tests/docs-faults/faults.md plants a stale
command, a wrong shown output, a broken link, a broken anchor, a renamed path and a dated
figure outside docs/performance.md, each on a line marked `fault: KIND`; the test fails
unless it reports exactly those. A limit changed in the copy's limits.hpp must make the
limits section stale. The run folder is removed when
the test passes and kept, with its log, when it fails.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import doc_sections  # noqa: E402
import docs_check  # noqa: E402

FAULTS = Path("scripts/tests/docs-faults/faults.md")
# The docs whose job is dated facts: measurements, each with its command and commit.
MAY_BE_DATED = {"docs/performance.md"}
MARK = re.compile(r"fault: (?P<kind>[a-z]+)")


def docs_files(tree):
    return [tree / "README.md", tree / "CONTRIBUTING.md", *sorted((tree / "docs").glob("*.md"))]


def check(path, tree, env, log, test_names):
    text = path.read_text(encoding="utf-8")
    undated = [] if docs_check.rel(path, tree) in MAY_BE_DATED else docs_check.check_undated(path, tree, text)
    return (docs_check.check_links(path, tree, text) + docs_check.check_paths(path, tree, text, test_names)
            + undated + docs_check.run_blocks(path, tree, text, tree, env, log))


def ctest_names(build):
    """The build's ctest test names: `book/render` in the docs names a test, not a file. Read from
    the CTestTestfile.cmake files, not `ctest -N`, which would rewrite the running ctest's log."""
    names = set()
    for testfile in build.rglob("CTestTestfile.cmake"):
        names.update(re.findall(r"^add_test\(\[(=*)\[(.+?)\]\1\]", testfile.read_text(encoding="utf-8"), re.M))
    return frozenset(name for _, name in names)


def copy_tree(source, tree, build):
    tree.mkdir(parents=True)
    pack = subprocess.Popen(["tar", "-C", str(source), "--exclude=./build*", "--exclude=./.git", "-cf", "-", "."],
                            stdout=subprocess.PIPE)
    subprocess.run(["tar", "-C", str(tree), "-xf", "-"], stdin=pack.stdout, check=True)
    if pack.wait() != 0:
        sys.exit(f"docs test: copying {source} failed")
    (tree / "build").symlink_to(build)
    if (source.parent / "shared").is_dir():  # ../shared/reference, as the tree sees it
        (tree.parent / "shared").symlink_to(source.parent / "shared")


def prove_faults(tree, env, log, test_names):
    """Problems with the proof (empty when the planted faults are each found, and nothing else)."""
    path = tree / FAULTS
    want = {(number, m["kind"]) for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1)
            for m in MARK.finditer(line)}
    found = check(path, tree, env, log, test_names)
    got = {(f.line, f.kind) for f in found}
    problems = [f"planted fault not found: {FAULTS}:{line}: {kind}" for line, kind in sorted(want - got)]
    problems += [f"reported but not planted: {f}" for f in found if (f.line, f.kind) not in want]
    limits = tree / "common/include/ledger/limits.hpp"
    original = limits.read_text(encoding="utf-8")
    changed = re.sub(r"(kMaxRoofs = )(\d+);", lambda m: f"{m[1]}{int(m[2]) + 1};", original)
    limits.write_text(changed, encoding="utf-8")
    try:
        if not any(name == "limits" for _, name, _ in update_docs(tree).stale(tree)):
            problems.append("kMaxRoofs changed in limits.hpp, yet the limits section is not reported stale")
    finally:
        limits.write_text(original, encoding="utf-8")
    return problems


def measured_sections(tree):
    """Problems with docs/performance.md's generated sections: each must name the command that
    measured it and its commit, its tool must write it, and writing it must leave the rest."""
    path = tree / "docs" / "performance.md"
    original = path.read_text(encoding="utf-8")
    problems = []
    for name, (tool, first, stop, body) in doc_sections.sections(path).items():
        where = f"docs/performance.md:{first}: generated section {name}"
        if not re.match(r"Measured by `[^`]+` at commit ", body):
            problems.append(f"{where} does not start `Measured by `COMMAND` at commit ...`")
        if not (tree / tool).is_file() or f'"{name}"' not in (tree / tool).read_text(encoding="utf-8"):
            problems.append(f"{where}: {tool} does not write it")
        doc_sections.write(path, name, tool, "probe")
        after = path.read_text(encoding="utf-8").split("\n")
        path.write_text(original, encoding="utf-8")
        lines = original.split("\n")
        kept_before, kept_after = lines[:first - 1], lines[stop:]
        if (after[:first - 1] != kept_before or after[first:first + 1] != ["probe"]
                or after[first + 1:] != kept_after):
            problems.append(f"{where}: writing it does not replace exactly the section")
    return problems


def readme_commands(tree):
    """Problems with the README's first lines: the two commands, the second the one CI runs."""
    blocks = docs_check.parse((tree / "README.md").read_text(encoding="utf-8"))[0]
    first = [line.split("#")[0].strip() for line in blocks[0].text.splitlines()] if blocks else []
    if first != ["scripts/build-book", "scripts/test"]:
        return [f"README.md: its first block must be the two commands scripts/build-book and scripts/test, "
                f"not {first}"]
    ci = [line.strip() for line in (tree / ".ci" / "run").read_text(encoding="utf-8").splitlines()
          if line.strip() and not line.startswith(("#", "set ", "cd "))]
    if ci != [first[1]]:
        return [f".ci/run must run the README's test command `{first[1]}` and nothing else, runs {ci}"]
    return []


def update_docs(tree):
    import importlib.machinery
    import importlib.util
    loader = importlib.machinery.SourceFileLoader("update_docs", str(tree / "scripts" / "update-docs"))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("update_docs", loader))
    loader.exec_module(module)
    return module


def main(source, build, work):
    started = time.monotonic()
    work.mkdir(parents=True, exist_ok=True)
    run = Path(tempfile.mkdtemp(prefix="run.", dir=work))
    tree, home = run / "tree", run / "home"
    copy_tree(source, tree, build)
    home.mkdir()
    env = dict(os.environ, HOME=str(home), PATH=f"{home}/.local/bin:{os.environ['PATH']}")
    failures = []
    with open(run / "docs-test.log", "w", encoding="utf-8") as log:
        test_names = ctest_names(build)
        failures += [f"the test's own proof: {p}" for p in prove_faults(tree, env, log, test_names)]
        files = docs_files(tree)
        blocks = [b for path in files for b in docs_check.parse(path.read_text(encoding="utf-8"))[0]
                  if b.info == "sh" and b.runs]
        if not blocks or not any(b.output for b in blocks):
            failures.append("the docs have no sh block the test runs, or none whose output it compares")
        for path in files:
            try:
                failures += [str(f) for f in check(path, tree, env, log, test_names)]
                doc_sections.sections(path)
            except doc_sections.SectionError as error:
                failures.append(str(error))
        failures += measured_sections(tree) + readme_commands(tree)
        failures += [f"{p}: generated section {name} is stale; `scripts/update-docs --write` regenerates it:\n{diff}"
                     for p, name, diff in update_docs(tree).stale(tree)]
    seconds = time.monotonic() - started
    if failures:
        print("\n".join(f"FAIL: {f}" for f in failures))
        print(f"docs test: {len(failures)} problem(s); each command's output is in {run}/docs-test.log. "
              f"Rerun: ctest --test-dir {build} -R '^docs$' --output-on-failure")
        return 1
    shutil.rmtree(run)
    print(f"docs test: {', '.join(docs_check.rel(p, tree) for p in files)} hold ({len(blocks)} sh blocks run, "
          f"{sum(1 for b in blocks if b.output)} outputs compared); {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: docs_test.py SOURCE_DIR BUILD_DIR WORK_DIR")
    sys.exit(main(Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve(), Path(sys.argv[3])))
