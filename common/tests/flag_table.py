#!/usr/bin/env python3
"""flag_table.py CHAPTER PROGRAM FLAG_TABLE [CHAPTER PROGRAM FLAG_TABLE ...]

Every chapter given, in one process (ctest's chapters/flag-table: one interpreter
start-up for the book instead of one per chapter). A program's flag table (its Boost
options_description, printed by FLAG_TABLE, one flag a line:
`--name<TAB>-alias<TAB>value<TAB>reference`) is the one source of the flags.
Checks, against it:

  * `PROGRAM --help`: its option lines (indented, starting `-h, --help` or `--name`;
    a line such as `--m 4096 --n 4096；...` lists each flag before its prose) list
    exactly the table's flags and aliases, and its usage lines name no other;
  * chapters/CHAPTER/fuzz.dict, when there is one: its `"--name"` entries are
    exactly the table's flags;
  * [[numeric]] of chapters/CHAPTER/chapter.toml (the bad-value matrix): every
    flag there is in the table with that value kind, and every flag of the table
    with a numeric kind (int, real, list) is there.

Each failure names its chapter; a failing chapter prints the command that reruns it alone.
"""
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

from chapter_filter import narrowed  # common/tests/chapter_filter.py
from side_by_side import side_by_side  # common/tests/side_by_side.py

ROOT = Path(__file__).resolve().parents[2]
NUMERIC_KINDS = {"int", "real", "list"}


def read_table(dump):
    table = {}
    out = subprocess.run([dump], capture_output=True, text=True, check=True, timeout=20).stdout
    for line in out.splitlines():
        name, alias, value, reference = line.split("\t")
        table[name] = {"alias": alias, "value": value, "reference": reference == "reference"}
    return table


def check_chapter(chapter, program, dump):
    failures = []
    table = read_table(dump)
    if "--help" not in table:
        failures.append("the table declares no --help")
    names = set(table)
    # --version is common's, outside every table (common/entry/program_main.cpp, ledger/edition.hpp):
    # each --help lists it too.
    help_names = names | {"--version"}
    aliases = {entry["alias"] for entry in table.values() if entry["alias"]}

    help_text = subprocess.run([program, "--help"], capture_output=True, text=True, timeout=20).stdout
    listed, listed_aliases = set(), set()
    for line in help_text.splitlines():
        found = re.match(r"^ +(?:(-\w), )?(--[a-z0-9].*)", line)
        if not found:
            continue
        if found.group(1):
            listed_aliases.add(found.group(1))
        # "--m 4096 --n 4096 --k 4096 --dtype fp16；..." lists each flag up to the prose.
        listed.update(re.findall(r"--[a-z0-9][a-z0-9-]*", re.split(r"[^\x00-\x7f]", found.group(2))[0]))
    if listed != help_names:
        failures.append(f"--help's option lines list {sorted(listed - help_names)} beyond the table and miss "
                        f"{sorted(help_names - listed)}")
    if listed_aliases != aliases:
        failures.append(f"--help's aliases {sorted(listed_aliases)} differ from the table's {sorted(aliases)}")
    usage = help_text.split("\n\n", 1)[0]
    stray = set(re.findall(r"--[a-z0-9][a-z0-9-]*", usage)) - help_names
    if stray:
        failures.append(f"--help's usage names {sorted(stray)}, which the table does not declare")

    fuzz_dict = ROOT / "chapters" / chapter / "fuzz.dict"
    if fuzz_dict.is_file():
        entries = set(re.findall(r'^"(--[^"]+)"$', fuzz_dict.read_text(encoding="utf-8"), re.MULTILINE))
        if entries != names:
            failures.append(f"{fuzz_dict.relative_to(ROOT)} has {sorted(entries - names)} beyond the table and "
                            f"misses {sorted(names - entries)}")

    toml = ROOT / "chapters" / chapter / "chapter.toml"
    numeric = tomllib.loads(toml.read_text(encoding="utf-8")).get("numeric", [])
    in_matrix = set()
    for group in numeric:
        for flag in group["flags"]:
            in_matrix.add(flag)
            value = table.get(flag, {}).get("value")
            if value != group["kind"]:
                failures.append(f"{toml.relative_to(ROOT)}: {flag} is kind {group['kind']!r} in [[numeric]], "
                                f"the table says {value!r}")
    for name, entry in table.items():
        if entry["value"] in NUMERIC_KINDS and name not in in_matrix:
            failures.append(f"{toml.relative_to(ROOT)}: {name} (kind {entry['value']}) is in no [[numeric]] group, "
                            "so the bad-value matrix skips it")

    lines = [f"FAIL {chapter}: {failure}" for failure in failures]
    if failures:
        lines.append("  rerun: cd " + shlex.quote(str(ROOT)) + " && "
                     + shlex.join([sys.executable, __file__, chapter, program, dump]))
    lines.append(f"{chapter}: {len(table)} flags; --help, fuzz.dict and [[numeric]] checked: "
                 f"{'ok' if not failures else f'{len(failures)} problem(s)'}")
    return lines, bool(failures)


def main(args):
    if not args or len(args) % 3:
        sys.exit(__doc__)
    chapters = narrowed([args[i:i + 3] for i in range(0, len(args), 3)], "flag_table", lambda c: c[0])
    results = side_by_side(lambda chapter: check_chapter(*chapter), chapters, 4)
    for lines, _ in results:
        print("\n".join(lines))
    failed = sum(bad for _, bad in results)
    print(f"{len(chapters)} chapters' flag tables checked, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
