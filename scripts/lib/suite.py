"""The suite's lists, read one way for every Python tool: chapters/chapters.list (`<chapter>
<program>` per line, in reading order), golden/<chapter>/cases.list and chapters/<chapter>/chapter.toml.

cases.list's grammar (CONTRIBUTING.md, "Golden cases"), the same in every reader (GoldenTests.cmake,
the Lua filters, this module): a line is blank, a comment (`#` first after optional blanks), or a
case name and words of WORD's characters; no quoting, escaping or trailing comment.
"""
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHAPTER_LIST = ROOT / "chapters" / "chapters.list"
CASE_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")
WORD = re.compile(r"[A-Za-z0-9@._,/:=+-]+")
OUT = "@OUT@"  # a case writing a file: the test passes a temporary path, the golden file is <case>.svg


class ListError(Exception):
    """A malformed list: the message names the file and line."""


def read_tree(rel):
    """The text of the tree's file REL, None when it is missing. The readers below take another
    such function to read the lists as a commit has them (record_audit.py)."""
    path = ROOT / rel
    return path.read_text(encoding="utf-8") if path.is_file() else None


def _text(rel, read):
    text = read(str(rel))
    if text is None:
        raise ListError(f"{rel} is missing")
    return text


def _entries(text):
    """(line number, words) of every line that is neither blank nor a comment."""
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield number, stripped.split()


# chapters/chapters.list's grammar, the same in its four readers (CMake, book/chapters.sh,
# book/filters/repo.lua, this one: scripts/tests/chapter-list-test.sh): blank and `#` lines are
# skipped, every other reads `<NN-slug> <program>`; CRs are ignored, as CMake's file(STRINGS) does.
CHAPTER_SKIP = re.compile(r"[ \t]*(#.*)?")
CHAPTER_LINE = re.compile(r"([0-9][0-9]-[a-z0-9-]+)[ \t]+([a-z][a-z0-9_]*)[ \t]*")


def chapters(read=read_tree):
    """[(chapter, program)] in reading order; ListError naming the line if one breaks the grammar."""
    out = []
    rel = CHAPTER_LIST.relative_to(ROOT)
    for number, line in enumerate(_text(rel, read).replace("\r", "").split("\n"), 1):
        if CHAPTER_SKIP.fullmatch(line):
            continue
        match = CHAPTER_LINE.fullmatch(line)
        if not match:
            raise ListError(f"{rel}:{number}: a line must read `<NN-slug> <program>`, got: {line}")
        if match[1] in (c for c, _ in out):
            raise ListError(f"{rel}:{number}: chapter {match[1]} is listed twice")
        out.append((match[1], match[2]))
    return out


def resolve_chapter(arg):
    """`28` or `28-op-ledger` -> (chapter, program), as book/chapters.sh and repo.lua read it: a
    prefix (`28-op`) or an empty name is refused, never guessed."""
    for chapter, program in chapters():
        if arg in (chapter, chapter.split("-", 1)[0]):
            return chapter, program
    names = " ".join(c for c, _ in chapters())
    raise ListError(f"unknown chapter '{arg}' (accepted: exactly {names}, or their numbers)")


@dataclass(frozen=True)
class Case:
    name: str
    words: tuple  # the flags, one word each
    line: int
    wide: bool = False  # in chapter.toml's [golden] wide: its lines may pass the width limit

    @property
    def writes_file(self):
        return OUT in self.words

    @property
    def golden_name(self):
        return self.name + (".svg" if self.writes_file else ".txt")

    @property
    def flags(self):
        return " ".join(self.words)


def cases(chapter, read=read_tree):
    """The cases of golden/<chapter>/cases.list, checked against the grammar."""
    rel = f"golden/{chapter}/cases.list"
    out, seen = [], {}
    wide = set(chapter_data(chapter, read).get("golden", {}).get("wide", []))
    for number, words in _entries(_text(rel, read)):
        name, flags = words[0], tuple(words[1:])
        if not CASE_NAME.fullmatch(name):
            raise ListError(f"{rel}:{number}: case name '{name}' must be lower-case letters, digits and '-'")
        for word in flags:
            if not WORD.fullmatch(word):
                raise ListError(f"{rel}:{number}: case {name}: word '{word}' has a character outside "
                                "[A-Za-z0-9@._,/:=+-] (no quotes, no comment after a case)")
        if name in seen:
            raise ListError(f"{rel}:{number}: case {name} is already on line {seen[name]}")
        seen[name] = number
        out.append(Case(name, flags, number, name in wide))
    return out


def chapter_data(chapter, read=read_tree):
    """chapters/<chapter>/chapter.toml as a dict ({} when the chapter has none)."""
    return tomllib.loads(read(f"chapters/{chapter}/chapter.toml") or "")


def configure_command(preset="default"):
    """configure.sh's configure_preset PRESET, a command to run in ROOT: the bash tools' one way."""
    return ["bash", "-c", 'source scripts/lib/configure.sh && configure_preset "$1"', "configure", preset]


def configured(preset="default"):
    """configure.sh's configured: PRESET's build folder has a cache made for this tree."""
    return subprocess.run(["bash", "-c", 'source scripts/lib/configure.sh && configured "$1"', "configured", preset],
                          cwd=ROOT).returncode == 0


def fail(tool, message, status=2):
    print(f"{tool}: {message}", file=sys.stderr)
    sys.exit(status)
