#!/usr/bin/env python3
"""plotless-chapter.py TREE CHAPTER: drops --plot from a chapter scripts/new-chapter just made
in TREE, as the docs allow an author to (CONTRIBUTING.md; docs/testing.md: the --plot checks
run only on a program whose flag table has --plot). Used by new-chapter-test.sh for its second
chapter: a plot-less template chapter must pass every check the suite runs on it.

Each edit names the template text it removes and fails, naming it, when the template no longer
has it (then this file follows the template), so the chapter is never half plot-less.
"""
import re
import sys
from pathlib import Path


def edit(path, pattern, replacement="", flags=0):
    """PATH with every match of PATTERN replaced; fails when PATTERN matches nothing."""
    text = path.read_text(encoding="utf-8")
    new, count = re.subn(pattern, replacement, text, flags=flags)
    if count == 0:
        sys.exit(f"plotless-chapter: {path} has no {pattern!r}: the template changed, update {__file__}")
    path.write_text(new, encoding="utf-8")


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    tree, chapter = Path(argv[1]), argv[2]
    code, golden = tree / "chapters" / chapter, tree / "golden" / chapter
    page = tree / "book" / f"{chapter}.md"
    app = code / "app.cpp"
    edit(app, r'#include "plot\.hpp"\n')
    edit(app, r" \[--plot FILE\.svg\]")  # the usage line
    edit(app, r"  --plot FILE\.svg .*\n(?: {20,}.*\n)*")  # the flag's help lines
    edit(app, r".* --plot roofline\.svg\n")  # its example
    edit(app, r',\s*\{"plot", text_value\("FILE\.svg"\)\}')  # the flag table's entry
    edit(app, r".*plot_path.*\n")  # reading the flag, writing the figure
    edit(app, r"  // --plot never replaces the --profile file")
    edit(code / "CMakeLists.txt", r" plot\.cpp")
    for name in ("plot.cpp", "plot.hpp"):
        (code / name).unlink()
    edit(code / "chapter.toml", r"\n# The flag sets whose --plot figure.*?\n\[figure_labels\]\nsets = .*\n",
         "\n", re.S)
    edit(code / "fuzz.dict", r'"--plot"\n')
    edit(code / "bad-input.list", r"^--plot .*\n", flags=re.M)
    edit(golden / "cases.list", r"^.*--plot @OUT@.*\n", flags=re.M)  # its comment and the case
    edit(page, r"，在\[@fig:[^\]]*\]里都落在内存屋顶上")
    edit(page, r"\n```\{#fig:[^\n]*\}\n```\n")
    left = [str(p.relative_to(tree)) for p in (app, code / "fuzz.dict", code / "bad-input.list",
                                                golden / "cases.list", page)
            if re.search(r"--plot|@fig:", p.read_text(encoding="utf-8"))]
    if left:
        sys.exit(f"plotless-chapter: --plot or a figure is still in {', '.join(left)}")
    print(f"plotless-chapter: {chapter} has no --plot, no figure and no figure-label sets")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
