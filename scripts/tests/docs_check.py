"""What the docs test checks in one Markdown file (README.md, CONTRIBUTING.md, docs/*.md).

- Every fenced ```sh block runs, as written, with bash from the tree's root (`set -e -o
  pipefail`: a line that fails fails the block and is named), unless the line directly above
  its fence is `*Not run by the docs test: <reason>.*`. When a fenced ```output block follows
  it (blank lines between allowed), the block's stdout must be that block's text.
- Every Markdown link to a file reaches a file or folder of the tree, and its #fragment (or a
  link's own #fragment) a heading of that Markdown file (GitHub's anchors).
- Every code span naming a path of the tree (`common/...`, `scripts/...`; no placeholder such
  as <chapter>) names one that exists, or a ctest test (`book/render`), so a renamed file breaks
  the docs that name it. The example chapter 05-kv-cache, which a documented command would make,
  is the one exception.
- No prose line carries a date (2026-12-01) or a commit (commit 13a3b2b; a code span may show
  one as an example), except in the files the test names (docs/performance.md): a figure
  measured at a time lives there, with its command and commit.

A finding is (file, line, kind, message); kinds: command, output, link, anchor, path, dated.
"""
import difflib
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

NOT_RUN = re.compile(r"^\*Not run by the docs test: .+\.\*$")
FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`\s]*)")  # indented in a list item
LINK = re.compile(r"(?<!!)\[(?:[^\]\[]|\[[^\]]*\])*\]\((?P<target>[^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE_SPAN = re.compile(r"(?<!`)`(?P<text>[^`\n]+)`(?!`)")
# Folders a path in the docs starts with; build*/ and ../shared are made or kept elsewhere.
TREE_FOLDERS = ("book/", "chapters/", "common/", "docs/", "golden/", "scripts/", ".ci/")
PLACEHOLDER = re.compile(r"[<>*{}$@\[\]]|\bNN\b|\.\.\.|…")
EXAMPLE_CHAPTER = "05-kv-cache"  # CONTRIBUTING.md's `scripts/new-chapter 05-kv-cache` would make its files
BLOCK_TIMEOUT_S = 120


@dataclass
class Block:
    info: str
    first: int  # 1-based line of the opening fence
    text: str
    runs: bool = True
    output: "Block | None" = None


@dataclass
class Finding:
    path: str
    line: int
    kind: str
    message: str

    def __str__(self):
        return f"{self.path}:{self.line}: {self.kind}: {self.message}"


def parse(text):
    """(blocks, prose lines as (line number, text)) of a Markdown text; nested fences kept whole."""
    lines = text.split("\n")
    blocks, prose = [], []
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            prose.append((i + 1, lines[i]))
            i += 1
            continue
        fence, indent = match["fence"], len(match["indent"])
        close = re.compile(r"^ {0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}\s*$")
        j = i + 1
        while j < len(lines) and not close.match(lines[j]):
            j += 1
        body = [re.sub(f"^ {{0,{indent}}}", "", line) for line in lines[i + 1:j]]
        blocks.append(Block(match["info"], i + 1, "\n".join(body) + ("\n" if body else ""),
                            runs=not (i > 0 and NOT_RUN.match(lines[i - 1].strip()))))
        i = j + 1
    for previous, block in zip(blocks, blocks[1:]):
        between = lines[previous.first + previous.text.count("\n"):block.first - 1]
        if previous.info == "sh" and block.info == "output" and all(not line.strip() for line in between[1:]):
            previous.output = block
    return blocks, prose


def slug(heading):
    """GitHub's anchor of a heading: lower case, punctuation out (not - or _), spaces to -."""
    text = re.sub(r"`|\*\*|\*|\[|\]\([^)]*\)", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(text):
    found, seen = set(), {}
    for _, line in parse(text)[1]:
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match:
            base = slug(match[1])
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def check_links(path, root, text):
    findings = []
    for number, line in parse(text)[1]:
        for match in LINK.finditer(CODE_SPAN.sub(lambda m: " " * len(m[0]), line)):
            target = match["target"]
            if re.match(r"^[a-z]+:", target):
                continue  # a web address: not the tree's
            file_part, _, fragment = target.partition("#")
            where = (path.parent / file_part).resolve() if file_part else path.resolve()
            shown = where.relative_to(root.resolve()) if where.is_relative_to(root.resolve()) else where
            if not where.is_relative_to(root.resolve()) or not where.exists():
                findings.append(Finding(rel(path, root), number, "link", f"{target}: {shown} does not exist"))
            elif fragment and where.suffix == ".md" and fragment not in anchors(where.read_text(encoding="utf-8")):
                findings.append(Finding(rel(path, root), number, "anchor", f"{target}: {shown} has no heading "
                                        f"#{fragment}"))
    return findings


def check_paths(path, root, text, test_names=frozenset()):
    findings = []
    for number, line in parse(text)[1]:
        for match in CODE_SPAN.finditer(line):
            words = match["text"].split()
            word = words[0].rstrip(":,;") if words else ""
            if not word.startswith(TREE_FOLDERS) or PLACEHOLDER.search(word) or EXAMPLE_CHAPTER in word:
                continue
            if word in test_names:
                continue
            if not (root / word).exists():
                findings.append(Finding(rel(path, root), number, "path", f"`{match['text']}`: {word} does not exist"))
    return findings


DATED = re.compile(r"\b20\d\d-\d\d-\d\d\b|\bcommit [0-9a-f]{7,40}\b")


def check_undated(path, root, text):
    """Findings for a date or commit in prose: measurements, which carry them, live in
    docs/performance.md; anywhere else a dated fact is one that goes stale unseen."""
    return [Finding(rel(path, root), number, "dated", f"{match[0]!r}: dated figures belong in docs/performance.md")
            for number, line in parse(text)[1] for match in DATED.finditer(CODE_SPAN.sub("``", line))]


def run_blocks(path, root, text, cwd, env, log):
    """Runs path's sh blocks in cwd; returns findings and logs each command and its output."""
    findings = []
    failed_line = cwd / ".docs-test-failed-line"
    for block in parse(text)[0]:
        if block.info != "sh" or not block.runs:
            continue
        failed_line.write_text("")
        # Three lines before the block's: the md line of bash's $LINENO is block.first + LINENO - 3.
        script = f"exec 3>>'{failed_line}'\nset -e -o pipefail\ntrap 'echo \"$LINENO\" >&3' ERR\n" + block.text
        log.write(f"$ # {rel(path, root)}:{block.first}\n{block.text}")
        log.flush()
        try:
            done = subprocess.run(["bash", "-c", script], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                  capture_output=True, timeout=BLOCK_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            findings.append(Finding(rel(path, root), block.first, "command",
                                    f"the block did not end within {BLOCK_TIMEOUT_S} s"))
            continue
        lines = failed_line.read_text().split()
        stdout, stderr = done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace")
        log.write(stdout + stderr + f"(exit status {done.returncode})\n\n")
        if done.returncode != 0:
            at = block.first + int(lines[0]) - 3 if lines else block.first
            command = text.split("\n")[at - 1] if lines else block.text
            findings.append(Finding(rel(path, root), at, "command", f"exit status {done.returncode}: "
                                    f"{command.strip()}\n    {stderr.strip()[-600:]}"))
        elif block.output is not None and stdout != block.output.text:
            diff = "".join(difflib.unified_diff(block.output.text.splitlines(True), stdout.splitlines(True),
                                                "shown in the docs", "printed now"))
            findings.append(Finding(rel(path, root), block.output.first, "output",
                                    f"the output shown differs from what the block above prints:\n{diff}"))
    failed_line.unlink(missing_ok=True)
    return findings


def rel(path, root):
    try:
        return str(Path(path).resolve().relative_to(Path(root).resolve()))
    except ValueError:
        return str(path)
