#!/usr/bin/env python3
"""Runs every `$ …` command line the rendered book prints, as a reader types it, and
compares what it prints with the block printed under it.

    book_commands.py HTML_DIR --cwd DIR --path DIR [--path DIR...] [--label TEXT]

HTML_DIR is a rendered book's html/ (the test render, or the one the package installs);
the commands are the book's own (book/filters/golden.lua writes each golden block as
<pre class="command"> `$ program flags` then <pre class="output">, and each figure's
caption names its `$ … --plot FILE.svg` command and links the SVG), never a hand list.
Each command runs under bash in DIR with the --path folders first on PATH: a golden
block's stdout must be its output block plus the newline the page drops, with exit 0
and nothing on stderr; a figure's command must write FILE.svg in DIR with the bytes of
the SVG the page links. A figure file already in DIR is refused rather than replaced,
and removed after its run. Before anything else the comparison is shown to catch a
planted fault (a changed byte in a block, in a figure), or the test fails.
Exit 0 when every command matches; 1 with a diff and the command to rerun otherwise.
"""
import argparse
import difflib
import html
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

GOLDEN = re.compile(r'<pre class="command"><code>\$ (.*?)</code></pre>\s*<pre class="output"><code>(.*?)</code></pre>',
                    re.S)
FIGURE = re.compile(r'<figure\b.*?</figure>', re.S)
FIGURE_COMMAND = re.compile(r'<code>\$ (.*?)</code>')
FIGURE_LINK = re.compile(r'<a href="(figures/[^"]+\.svg)" class="figure-open">')


def book_commands(html_dir):
    """[(page, command, expected stdout or None, expected SVG path or None)] in the book's order."""
    found = []
    for page in sorted(Path(html_dir).glob('*.html')):
        # Inline code is cut into unbreakable parts (book/filters/page.lua): read as its text.
        text = re.sub(r'<span class="path-part">([^<]*)</span>|<wbr/>', r'\1', page.read_text(encoding='utf-8'))
        for match in GOLDEN.finditer(text):
            found.append((page.name, html.unescape(match.group(1)), html.unescape(match.group(2)) + '\n', None))
        for figure in FIGURE.findall(text):
            command, link = FIGURE_COMMAND.search(figure), FIGURE_LINK.search(figure)
            if command and link:
                found.append((page.name, html.unescape(command.group(1)), None, Path(html_dir) / link.group(1)))
    return found


def plot_file(command):
    words = shlex.split(command)
    for i, word in enumerate(words):
        if word == '--plot' and i + 1 < len(words):
            return words[i + 1]
        if word.startswith('--plot='):
            return word[len('--plot='):]
    return None


def compare_stdout(expected, actual, command):
    """A failure text (a unified diff), or None when the bytes match."""
    if actual == expected:
        return None
    diff = difflib.unified_diff(expected.splitlines(keepends=True), actual.splitlines(keepends=True),
                                'the book\'s block', f'$ {command}')
    return ''.join(diff)[:4000]


def compare_file(expected_path, written, command):
    expected = expected_path.read_bytes()
    if written == expected:
        return None
    return f'$ {command}: the SVG written ({len(written)} bytes) differs from the page\'s {expected_path.name} ({len(expected)} bytes)'


def run(command, cwd, env):
    return subprocess.run(['bash', '-c', command], cwd=cwd, env=env, capture_output=True, timeout=60)


def check(entry, cwd, env):
    page, command, expected, svg = entry
    target = None
    if svg is not None:
        name = plot_file(command)
        if name is None:
            return f'{page}: the figure\'s command `$ {command}` writes no --plot file'
        target = Path(cwd) / name
        if target.exists():
            return f'{page}: {target} is in the way of `$ {command}` (remove it; the test never replaces a file)'
    try:
        result = run(command, cwd, env)
    finally:
        written = None
        if target is not None and target.exists():
            written = target.read_bytes()
            target.unlink()
    stderr = result.stderr.decode('utf-8', 'replace')
    if result.returncode != 0 or stderr:
        return f'{page}: `$ {command}` exited {result.returncode}; stderr: {stderr.strip()[:500]}'
    if svg is not None:
        if written is None:
            return f'{page}: `$ {command}` wrote no {target.name}'
        problem = compare_file(svg, written, command)
        return f'{page}: {problem}' if problem else None
    problem = compare_stdout(expected, result.stdout.decode('utf-8', 'replace'), command)
    return f'{page}: `$ {command}` printed another block:\n{problem}' if problem else None


def planted_faults_caught(entries):
    """The comparisons themselves, on a changed byte: both must report it."""
    block = next((e for e in entries if e[2]), None)
    figure = next((e for e in entries if e[3] is not None), None)
    if block is None or figure is None:
        return 'the book shows no golden block or no figure: nothing was compared'
    changed = block[2][:-2] + ('x' if block[2][-2:-1] != 'x' else 'y') + '\n'
    if compare_stdout(block[2], changed, block[1]) is None:
        return 'a planted fault (one changed character in a block) was not caught'
    data = figure[3].read_bytes()
    if compare_file(figure[3], data[:-1] + b'!', figure[1]) is None:
        return 'a planted fault (one changed byte in a figure) was not caught'
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('html_dir')
    parser.add_argument('--cwd', required=True)
    parser.add_argument('--path', action='append', required=True)
    parser.add_argument('--label', default='book commands')
    args = parser.parse_args()
    entries = book_commands(args.html_dir)
    problem = planted_faults_caught(entries)
    if problem:
        print(f'{args.label}: {problem}', file=sys.stderr)
        return 1
    env = dict(os.environ)
    env['PATH'] = os.pathsep.join([str(Path(p).resolve()) for p in args.path] + [env.get('PATH', '/usr/bin:/bin')])
    env['LC_ALL'] = 'C.UTF-8'
    failures = [f for f in (check(e, args.cwd, env) for e in entries) if f]
    figures = sum(1 for e in entries if e[3] is not None)
    for failure in failures:
        print(f'{args.label}: {failure}', file=sys.stderr)
    print(f'{args.label}: {len(entries) - len(failures)} of {len(entries)} commands the book prints '
          f'({figures} figures) matched, run in {args.cwd} with {", ".join(args.path)} first on PATH')
    if failures:
        print(f'rerun: {" ".join(shlex.quote(a) for a in sys.argv)}', file=sys.stderr)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
