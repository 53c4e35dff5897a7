#!/usr/bin/env python3
"""check_outputs.py RENDERED_HTML CHAPTER_MD

Passes when the rendered page shows every golden output the chapter's Markdown
names, verbatim after HTML unescaping, each case under its command line, and
every golden figure it names: the SVG inline, byte for byte (without its XML
declaration and heading; each middle dot of its text in a Latin face), with the
command that writes it.
"""
import difflib
import html
import re
import sys

from booksource import ROOT, figure_blocks, golden_blocks, suite, run_main, verdict

LATIN_DOT = """<tspan font-family="'DejaVu Sans', 'Noto Sans', sans-serif">·</tspan>"""



def pre_texts(page):
    """The text of every <pre> block, tags removed and entities unescaped."""
    blocks = re.findall(r"<pre\b[^>]*>(.*?)</pre>", page, flags=re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", b)) for b in blocks]


def expected_command(case):
    chapter, name = case.split("/", 1)
    program = dict(suite.chapters())[chapter]
    flags = {c.name: c.flags for c in suite.cases(chapter)}.get(name)
    if flags is None:
        return None
    return f"$ {program} {flags}".rstrip()


def closest_diff(want, blocks):
    """A short diff against the most similar block, to show what differs."""
    best = max(blocks, key=lambda b: difflib.SequenceMatcher(None, want, b).quick_ratio(), default="")
    diff = difflib.unified_diff(want.splitlines(), best.splitlines(), "golden", "rendered", lineterm="", n=1)
    return "\n".join(list(diff)[:30])


def main(html_path, md_path):
    page = open(html_path, encoding="utf-8").read()
    blocks = pre_texts(page)
    failures = []
    named = list(golden_blocks(md_path))
    for rel, case, _classes in named:
        golden = ROOT / rel
        if not golden.is_file():
            failures.append(f"golden file missing: {rel}")
            continue
        want = golden.read_text(encoding="utf-8").removesuffix("\n")
        if not any(want in b for b in blocks):
            failures.append(f"output of {rel} not shown verbatim\n{closest_diff(want, blocks)}")
        if case:
            command = expected_command(case)
            if command is None:
                failures.append(f"case {case} is not in golden/{case.split('/')[0]}/cases.list")
            elif command not in blocks:
                failures.append(f"command line `{command}` (case {case}) not shown")
    figures = list(figure_blocks(md_path))
    # A caption's command as its text reads: inline code is cut into unbreakable parts (page.lua).
    unbroken = re.sub(r'<span class="path-part">([^<]*)</span>|<wbr/>', r"\1", page)
    for rel, case in figures:
        golden = ROOT / rel
        if not golden.is_file():
            failures.append(f"golden figure missing: {rel}")
            continue
        svg = re.sub(r"^<\?xml[^>]*\?>\s*", "", golden.read_text(encoding="utf-8")).removesuffix("\n")
        # The book leaves out the figure's own heading (the caption is the title) and
        # starts the viewBox below it: every other line must be there, in order.
        lines = svg.split("\n")
        svg = "\n".join(line for line in lines[1:] if 'class="heading"' not in line)
        # and sets a middle dot of its text in a Latin face (figure_svg.lua's latin_dots).
        svg = re.sub(r"(<text [^>]*>)(.*?)(</text>)",
                     lambda m: m.group(1) + m.group(2).replace("·", LATIN_DOT) + m.group(3), svg)
        if not lines[0].startswith("<svg ") or svg not in page:
            failures.append(f"figure {rel} not inline in the page, byte for byte")
        if case:
            command = expected_command(case)
            if command is None:
                failures.append(f"case {case} is not in golden/{case.split('/')[0]}/cases.list")
            elif html.escape(command.replace("@OUT@", case.split("/", 1)[1] + ".svg"), quote=False) not in unbroken:
                failures.append(f"command line `{command}` (figure {case}) not shown")
    return verdict(f"{html_path} (from {md_path})", failures,
                   f"{len(named)} golden outputs and {len(figures)} figures shown in {html_path}")


if __name__ == "__main__":
    run_main(main, __doc__, 2)
