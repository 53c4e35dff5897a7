#!/usr/bin/env python3
"""A program's man page and its bash and zsh completions, generated from what
<program>_manual prints (common/packaging/manual_main.cpp): the flag table, each
choice flag's values from the program's own lists, and the --help text.

    shell_docs.py MANUAL_PROGRAM VERSION OUT_DIR [PROGRAM...]

runs MANUAL_PROGRAM (<program>_manual) and writes OUT_DIR/<program>.1 (Chinese, roff)
and <program>.1.gz (gzip -9n, as Debian installs man pages), OUT_DIR/<program>.bash and
OUT_DIR/_<program> (zsh). Nothing is copied from the help by hand: the man
page's sections are the help's own blocks (its usage, its first line as the
name line, 选项 with one item per flag line, 示例), and every flag of the table
must have its line in the help, or the generator fails (exit 1, naming it).
"""
import gzip
import json
import re
import subprocess
import sys
from pathlib import Path

USAGE = '用法: '  # the help's first line; its continuation lines are indented by its width (6 columns)
SECTIONS = {'选项:': '选项', '示例:': '示例'}
# A flag's value is a file when its name says so (FILE, FILE.svg): completed with file names.
# FILE alone is a file the program reads (--profile): also completed with the paths under the
# installed data folder, where the program finds them too (ledger/installed_data.hpp).
FILE_VALUE = re.compile(r'^FILE')
INPUT_FILE_VALUE = 'FILE'
DATA_FOLDER = 'share/op-perf-book'  # beside the program's bin/: ledger::kPackageName
# An item line of the options: two spaces, the tag, two or more spaces, the text (or nothing).
ITEM = re.compile(r'^  (\S(?:.*?\S)?)(?:\s{2,}(\S.*))?$')
FLAG_TAG = re.compile(r'^(?:-(\w), )?--([a-z0-9][a-z0-9-]*)(?: (\S+))?$')


class ManualError(Exception):
    pass


def roff_text(text):
    """A line of text as roff reads it literally: backslashes, minus signs, a leading dot."""
    text = text.replace('\\', '\\e').replace('-', '\\-')
    return '\\&' + text if text.startswith(('.', "'")) else text


def roff_tag(tag):
    """An option's tag, the flag names bold and the value's name italic (`-h, --help`, `--op 子串[,...]`)."""
    words = []
    for word in tag.split(' '):
        if word.startswith('-'):
            comma = word.endswith(',')
            words.append('\\fB' + roff_text(word.rstrip(',')) + '\\fR' + (',' if comma else ''))
        else:
            words.append('\\fI' + roff_text(word) + '\\fR')
    return ' '.join(words)


def indent_of(line):
    return len(line) - len(line.lstrip(' '))


def split_help(help_text, program):
    """(usage lines, name line, [(section, [item or text line])]) of the help, in its order."""
    lines = help_text.rstrip('\n').split('\n')
    if not lines or not lines[0].startswith(USAGE):
        raise ManualError(f'{program} --help does not start with "{USAGE}"')
    blank = lines.index('') if '' in lines else len(lines)
    usage = [lines[0][len(USAGE):]] + [line[6:] if line.startswith(' ' * 6) else line.lstrip() for line in lines[1:blank]]
    rest = lines[blank + 1:]
    while rest and not rest[0]:
        rest.pop(0)
    if not rest:
        raise ManualError(f'{program} --help has no description after its usage')
    name_line = rest[0]  # also the description's first line: the name line may stop mid-sentence
    sections = [('描述', [])]
    item = None  # the option item being read: [tag, text column, lines]
    for line in rest:
        if line in SECTIONS:
            sections.append((SECTIONS[line], []))
            item = None
            continue
        body = sections[-1][1]
        if item is not None and line and indent_of(line) > 2:
            item[2].append(line[min(item[1], indent_of(line)):])
            continue
        item = None
        match = ITEM.match(line)
        if match and (sections[-1][0] == '选项' or FLAG_TAG.match(match.group(1))):
            tag, text = match.group(1), match.group(2)
            column = line.index(text) if text else len(line) + 2
            item = [tag, column, [text] if text else []]
            body.append(item)
        else:
            body.append(line)
    return usage, name_line, sections


def flags_in_help(help_text):
    """The flags --help's option lines document, read as chapters/flag-table reads them
    (common/tests/flag_table.py): an indented line starting with a flag, and a line such as
    `--m 4096 --n 4096；...` (op_ledger's shape flags, under their case) lists each flag before its prose."""
    found = set()
    for line in help_text.splitlines():
        match = re.match(r'^ +(?:-\w, )?(--[a-z0-9].*)', line)
        if match:
            found.update(re.findall(r'--([a-z0-9][a-z0-9-]*)', re.split(r'[^\x00-\x7f]', match.group(1))[0]))
    return found


def man_page(manual, version):
    program = manual['program']
    usage, name_line, sections = split_help(manual['help'], program)
    missing = [f['name'] for f in manual['flags'] if f['name'] not in flags_in_help(manual['help'])]
    if missing:
        raise ManualError(f'{program} --help has no line for --{", --".join(missing)}: '
                          'every flag of the table needs its line there (the man page is made from it)')
    out = [f'.\\" {program}(1), generated by common/packaging/shell_docs.py from the program\'s',
           '.\\" flag table and --help text: edit those, never this file.',
           f'.TH {program.upper()} 1 "" "op\\-perf\\-book {roff_text(version)}" "算子性能书的程序"',
           '.ad l',  # left-aligned: justifying Chinese stretches the spaces between words
           '.SH 名称',
           f'{roff_text(program)} \\- {roff_text(name_line)}',
           '.SH 概述',
           '.nf']
    out += [roff_text(line) for line in usage]
    out.append('.fi')
    for title, body in sections:
        out.append(f'.SH {title}')
        verbatim = []

        def flush():
            while verbatim and not verbatim[-1]:
                verbatim.pop()
            if verbatim:
                out.extend(['.PP', '.nf'])  # .PP: text after an option item is not indented as its body
                out.extend(roff_text(line) if line else '' for line in verbatim)
                out.append('.fi')
            verbatim.clear()

        for entry in body:
            if isinstance(entry, list):
                flush()
                out += ['.TP', roff_tag(entry[0]) if FLAG_TAG.match(entry[0]) else roff_text(entry[0]), '.nf']
                out += [roff_text(line) for line in entry[2]]
                out.append('.fi')
            elif entry or verbatim:
                verbatim.append(entry)
        flush()
    out += ['.SH 文件',
            '.TP',
            '\\fI/usr/share/op\\-perf\\-book/\\fR',
            '.nf',
            '书里用到的机器 profile，保留它们在源码树里的相对路径。',
            '\\fB\\-\\-profile\\fR 的相对路径在当前目录下不存在时，程序到这里找同名的文件，',
            '所以书里印的命令（如 \\fB\\-\\-profile common/profiles/h100\\-sxm.yaml\\fR）在任何目录下都能运行。',
            '.fi',
            '.TP',
            '\\fI/usr/share/doc/op\\-perf\\-book/\\fR',
            '.nf',
            '这本书：html/index.html、book.epub、book.pdf。',
            '.fi',
            '.SH 参见',
            ', '.join(f'\\fB{roff_text(p)}\\fR(1)' for p in manual.get('others', []) if p != program) or 'op_ledger(1)']
    return '\n'.join(out) + '\n'


def bash_words(words):
    for word in words:
        if re.search(r"[\s'\"\\$`]", word):
            raise ManualError(f'completion value {word!r} cannot be completed as one word')
    return ' '.join(words)


def bash_completion(manual):
    program = manual['program']
    function = '_' + re.sub(r'\W', '_', program)
    names = []
    cases = []
    for flag in manual['flags']:
        names.append('--' + flag['name'])
        if flag['alias']:
            names.append('-' + flag['alias'])
        if not flag['value']:
            continue
        if flag['completions']:
            action = f"COMPREPLY=($(compgen -W '{bash_words(flag['completions'])}' -- \"$cur\"))"
        # File names one a line (mapfile), never split at blanks: `my profile.yaml` stays one.
        elif flag['value'] == INPUT_FILE_VALUE:
            action = (f'mapfile -t COMPREPLY < <(compgen -f -- "$cur"); {function}_data_files; '
                      'compopt -o filenames -o nospace 2>/dev/null')
        elif FILE_VALUE.match(flag['value']):
            action = 'compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur")'
        else:
            action = 'COMPREPLY=()'  # a number or free text: nothing to offer
        cases.append(f'    --{flag["name"]}) {action}; return ;;')
    return '\n'.join([
        f'# bash completion for {program}: generated by common/packaging/shell_docs.py from its flag table.',
        f'# The files under the installed data folder ({DATA_FOLDER} beside bin/), as the program finds them.',
        f'{function}_data_files() {{',
        f'  local data f',
        f'  data=$(dirname "$(type -P {program})")/../{DATA_FOLDER}',
        '  [[ -d $data ]] || return 0',
        '  while IFS= read -r f; do',
        '    [[ -d $data/$f ]] && f+=/',
        '    COMPREPLY+=("$f")',
        '  done < <(cd "$data" && compgen -f -- "$cur")',
        '}',
        f'{function}() {{',
        '  local cur=${COMP_WORDS[COMP_CWORD]} prev=',
        '  (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}',
        '  case $prev in',
        *cases,
        '  esac',
        f"  COMPREPLY=($(compgen -W '{bash_words(names)}' -- \"$cur\"))",
        '}',
        f'complete -F {function} {program}',
    ]) + '\n'


def zsh_quote(text):
    return text.replace("'", "'\\''")


def zsh_completion(manual):
    program = manual['program']
    _, _, sections = split_help(manual['help'], program)
    first_lines = {}
    for _, body in sections:
        for entry in body:
            if isinstance(entry, list) and FLAG_TAG.match(entry[0]) and entry[2]:
                first_lines[FLAG_TAG.match(entry[0]).group(2)] = entry[2][0]
    specs = []
    for flag in manual['flags']:
        description = re.sub(r'[\[\]:\\]', ' ', first_lines.get(flag['name'], '')).strip()
        names = ['--' + flag['name']] + (['-' + flag['alias']] if flag['alias'] else [])
        if not flag['value']:
            for name in names:
                specs.append(f"'{zsh_quote(name)}[{zsh_quote(description)}]'")
            continue
        if flag['completions']:
            action = '(' + ' '.join(flag['completions']) + ')'
        elif FILE_VALUE.match(flag['value']):
            action = '_files'
        else:
            action = ' '
        value_name = re.sub(r'[:\\]', ' ', flag['value'])
        for name in names:
            specs.append(f"'{zsh_quote(name)}=[{zsh_quote(description)}]:{zsh_quote(value_name)}:{zsh_quote(action)}'")
    return '\n'.join([f'#compdef {program}',
                      f'# zsh completion for {program}: generated by common/packaging/shell_docs.py from its flag table.',
                      '_arguments -s \\',
                      *[f'  {spec} \\' for spec in specs[:-1]],
                      f'  {specs[-1]}']) + '\n'


def main(argv):
    if len(argv) < 4:
        print('usage: shell_docs.py MANUAL_PROGRAM VERSION OUT_DIR [PROGRAM...]', file=sys.stderr)
        return 2
    manual = json.loads(subprocess.run([argv[1]], check=True, capture_output=True).stdout.decode('utf-8'))
    manual['others'] = argv[4:]
    out = Path(argv[3])
    program = manual['program']
    try:
        files = {f'{program}.1': man_page(manual, argv[2]),
                 f'{program}.bash': bash_completion(manual),
                 f'_{program}': zsh_completion(manual)}
    except ManualError as error:
        print(f'shell_docs.py: {argv[1]}: {error}', file=sys.stderr)
        return 1
    data = {name: text.encode('utf-8') for name, text in files.items()}
    data[f'{program}.1.gz'] = gzip.compress(data[f'{program}.1'], compresslevel=9, mtime=0)
    out.mkdir(parents=True, exist_ok=True)
    for name, content in data.items():
        temporary = out / (name + '.tmp')
        temporary.write_bytes(content)
        temporary.replace(out / name)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
