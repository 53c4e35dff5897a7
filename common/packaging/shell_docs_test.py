#!/usr/bin/env python3
"""packaging/shell-docs (label unit): common/packaging/shell_docs.py on a small manual of
its own, checked against hand-written expectations, and on planted faults it must refuse.

    shell_docs_test.py
"""
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import shell_docs  # noqa: E402

HELP = '''用法: demo [-h] [--pick {a,b}] [--out FILE.svg]
            [--size N]

演示程序：一行说明。
第二行 -- 带一个反斜杠 \\ 。

选项:
  -h, --help        显示本帮助并退出
  --pick KEY        选一个：
                      a  第一个
  --out FILE.svg    写一个文件
  --profile FILE    读一个文件
  --size N          大小（默认 1）
.dot 开头的行

示例:
  demo --pick a
'''

FLAGS = [
    {'name': 'help', 'alias': 'h', 'value': '', 'completions': []},
    {'name': 'pick', 'alias': '', 'value': 'KEY', 'completions': ['a', 'b']},
    {'name': 'out', 'alias': '', 'value': 'FILE.svg', 'completions': []},
    {'name': 'profile', 'alias': '', 'value': 'FILE', 'completions': []},
    {'name': 'size', 'alias': '', 'value': 'int', 'completions': []},
]


def manual(help_text=HELP, flags=FLAGS):
    return {'program': 'demo', 'help': help_text, 'flags': flags, 'others': ['demo', 'other']}


def refused(make, why):
    try:
        make()
    except shell_docs.ManualError:
        return []
    return [f'not refused: {why}']


def completes(script, words, cwd=None):
    """What the bash completion `script` offers for `words` (the last one being completed), in cwd."""
    with tempfile.NamedTemporaryFile('w', suffix='.bash', delete=False) as f:
        f.write(script)
    program = ('source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _demo; '
               'printf "%s\\n" "${COMPREPLY[@]}"')
    out = subprocess.run(['bash', '--norc', '--noprofile', '-c', program, 'x', f.name, *words],
                         capture_output=True, text=True, timeout=20, check=True, cwd=cwd).stdout
    Path(f.name).unlink()
    return sorted(line for line in out.splitlines() if line)


def main():
    failures = []
    page = shell_docs.man_page(manual(), '1.0')
    expected_lines = [
        '.TH DEMO 1 "" "op\\-perf\\-book 1.0" "算子性能书的程序"',
        'demo \\- 演示程序：一行说明。',
        '.SH 概述',
        '            [\\-\\-size N]'[6:],        # the usage's continuation, dedented by 用法's width
        '第二行 \\-\\- 带一个反斜杠 \\e 。',      # minus signs and the backslash escaped
        '\\fB\\-h\\fR, \\fB\\-\\-help\\fR',     # flag names bold
        '\\fB\\-\\-pick\\fR \\fIKEY\\fR',       # the value's name italic
        '  a  第一个',                          # a continuation keeps its own indentation
        '\\&.dot 开头的行',                      # a leading dot is text, not a request
        '.SH 示例',
        '\\fBother\\fR(1)',                      # 参见 names the other programs, not itself
    ]
    lines = page.split('\n')
    failures += [f'man page: no line {line!r}' for line in expected_lines if line not in lines]
    result = subprocess.run(['groff', '-ww', '-z', '-K', 'utf8', '-T', 'utf8', '-man'], input=page.encode(),
                            capture_output=True, timeout=20)
    if result.returncode != 0 or result.stderr:
        failures.append(f'groff -ww warns about the man page: {result.stderr.decode()}')
    script = shell_docs.bash_completion(manual())
    for words, want in [(['demo', '--p'], ['--pick', '--profile']), (['demo', '--pick', ''], ['a', 'b']),
                        (['demo', '--size', ''], []),
                        (['demo', '-'], ['--help', '--out', '--pick', '--profile', '--size', '-h'])]:
        got = completes(script, words)
        if got != sorted(want):
            failures.append(f'bash completion of {words}: got {got}, want {sorted(want)}')
    # A file name with a space is one completion, not two words (issue 61).
    with tempfile.TemporaryDirectory() as folder:
        for name in ('my profile.yaml', 'my plot.svg'):
            (Path(folder) / name).touch()
        for words, want in [(['demo', '--profile', 'my p'], ['my plot.svg', 'my profile.yaml']),
                            (['demo', '--out', 'my pl'], ['my plot.svg'])]:
            got = completes(script, words, cwd=folder)
            if got != sorted(want):
                failures.append(f'bash completion of {words} beside {want}: got {got}')
    zsh = shell_docs.zsh_completion(manual())
    if "'--pick=[选一个：]:KEY:(a b)'" not in zsh:
        failures.append(f'zsh completion: no --pick spec with its values:\n{zsh}')

    # Planted faults: each must be refused.
    failures += refused(lambda: shell_docs.man_page(manual(HELP.replace('  --size N          大小（默认 1）\n', '')), '1'),
                        'a flag of the table with no line in --help')
    failures += refused(lambda: shell_docs.man_page(manual('usage: demo\n\nx\n'), '1'),
                        'a help that does not start with 用法')
    bad_values = [dict(FLAGS[1], completions=['a b'])]
    failures += refused(lambda: shell_docs.bash_completion(manual(flags=bad_values)),
                        'a completion value with a space')
    for failure in failures:
        print(f'packaging/shell-docs: {failure}', file=sys.stderr)
    if failures:
        print(f'rerun: {sys.executable} {Path(__file__).resolve()}', file=sys.stderr)
        return 1
    print('packaging/shell-docs: man page, bash and zsh completion of a sample manual as expected; 3 planted faults refused')
    return 0


if __name__ == '__main__':
    sys.exit(main())
