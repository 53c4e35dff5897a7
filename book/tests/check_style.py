#!/usr/bin/env python3
"""check_style.py [--every-rule] [STYLE_FILE] [PAGE.md|METADATA.yaml...]: the house style of the book's prose.

Reads the rules of book/style-banned.txt (data: `ban`, `apart`, `define`; the
file's header explains them) and every page of the book (chapters/chapters.list
and index.md) and the text of book/metadata.yaml (the title and subtitle on the
cover, the title page and every tab; each field a paragraph), parsed by Pandoc,
and checks the prose only: code spans, code
blocks (golden outputs, excerpts, figures), math, raw HTML, link targets and
attributes are left out. Prints one line per finding with the sentence and the
rule's advice; exit status 1 on any finding, 0 on none, 2 on a bad rule.
With --every-rule (the test of the rules themselves, on book/tests/style/bad.md)
it succeeds only when every rule finds something in the given pages.
"""
import json
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import booksource  # noqa: E402

ROOT = booksource.ROOT


def rules(path):
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        body, _, advice = line.partition(" -- ")
        kind, _, rest = body.strip().partition(" ")
        rest = rest.strip()
        try:
            if kind == "ban":
                out.append(("ban", re.compile(rest), None, advice.strip()))
            elif kind == "apart":
                a, b = rest.split()
                out.append(("apart", re.compile(a), re.compile(b), advice.strip()))
            elif kind == "define":
                term, page = rest.split()
                out.append(("define", term, page, advice.strip()))
            else:
                raise ValueError(f"unknown rule '{kind}'")
        except (re.error, ValueError) as e:
            print(f"{path}:{number}: bad rule: {e}", file=sys.stderr)
            sys.exit(2)
    return out


def prose(node, out):
    """Appends the prose of a Pandoc AST node to out; code and math become ⟨⟩."""
    if isinstance(node, list):
        for item in node:
            prose(item, out)
        return
    if not isinstance(node, dict):
        return
    t = node.get("t")
    if t == "Str":
        out.append(node["c"])
    elif t in ("Space", "SoftBreak", "LineBreak"):
        out.append(" ")
    elif t in ("Code", "Math", "RawInline"):
        out.append("⟨⟩")
    elif t in ("CodeBlock", "RawBlock"):
        out.append("\n")
    elif t == "Quoted":  # Pandoc's smart quotes: “…” or ‘…’ in the source
        left, right = ("“", "”") if node["c"][0]["t"] == "DoubleQuote" else ("‘", "’")
        out.append(left)
        prose(node["c"][1], out)
        out.append(right)
    elif t == "Strong":
        out.append("**")
        prose(node["c"], out)
        out.append("**")
    elif t in ("Link", "Image"):
        prose(node["c"][1], out)  # the text, not the target
    elif t in ("Span", "Div"):
        prose(node["c"][1], out)  # the content, not the attributes
    elif t in ("Para", "Plain", "Header"):
        prose(node["c"], out)
        out.append("\n")
    else:
        prose(node.get("c"), out)


def metadata_blocks(yaml_path):
    """The text fields of a metadata file (Pandoc's --metadata-file), each as a paragraph."""
    meta = json.loads(subprocess.run(
        ["pandoc", "--from", "markdown", "--to", "json", "--metadata-file", str(yaml_path)],
        input="", check=True, capture_output=True, text=True).stdout)["meta"]
    paragraphs = []

    def walk(value):
        t = value.get("t")
        if t == "MetaMap":
            for key in sorted(value["c"]):
                walk(value["c"][key])
        elif t == "MetaList":
            for item in value["c"]:
                walk(item)
        elif t == "MetaInlines":
            paragraphs.append({"t": "Para", "c": value["c"]})
        elif t == "MetaBlocks":
            paragraphs.extend(value["c"])
        elif t == "MetaString":
            paragraphs.append({"t": "Para", "c": [{"t": "Str", "c": value["c"]}]})

    for key in sorted(meta):
        walk(meta[key])
    return paragraphs


def blocks(path):
    return metadata_blocks(path) if path.suffix == ".yaml" else booksource.pandoc_blocks(path)


def sentences(text):
    for paragraph in text.split("\n"):
        for s in re.split(r"(?<=[。！？])", paragraph):
            if s.strip():
                yield s.strip()


def shown(path):
    """path relative to the repository when it is inside it."""
    try:
        return path.resolve().relative_to(ROOT)
    except ValueError:
        return path


def pages():
    names = [name for name, _program in booksource.suite.chapters()] + ["index"]
    return [ROOT / "book" / f"{name}.md" for name in names] + [ROOT / "book" / "metadata.yaml"]


def main(argv):
    every_rule = len(argv) > 1 and argv[1] == "--every-rule"
    if every_rule:
        argv = argv[:1] + argv[2:]
    style = pathlib.Path(argv[1]) if len(argv) > 1 else ROOT / "book" / "style-banned.txt"
    paths = [pathlib.Path(p) for p in argv[2:]] or pages()
    checks = rules(style)
    findings = []
    fired = set()
    texts = {}
    for path in paths:
        out = []
        prose(blocks(path), out)
        texts[path.stem] = "".join(out)
        for sentence in sentences(texts[path.stem]):
            for index, (kind, a, b, advice) in enumerate(checks):
                if kind == "ban" and (m := a.search(sentence)):
                    fired.add(index)
                    findings.append(f"{shown(path)}: 「{m.group(0)}」 in: {sentence}  -- {advice}")
                elif kind == "apart" and a.search(sentence) and b.search(sentence):
                    fired.add(index)
                    findings.append(f"{shown(path)}: {a.pattern} and {b.pattern} in one sentence: {sentence}  -- {advice}")
    for index, (kind, term, page, advice) in enumerate(checks):
        if kind != "define":
            continue
        users = [name for name, text in texts.items() if term in text]
        if users and f"**{term}**" not in texts.get(page, ""):
            fired.add(index)
            findings.append(f"book/{page}.md: 「{term}」 is used ({', '.join(users)}) but not defined "
                            f"there in bold (**{term}**)  -- {advice}")
    for f in findings:
        print(f)
    if every_rule:
        silent = [f"{k} {a if isinstance(a, str) else a.pattern}" for i, (k, a, _b, _adv) in enumerate(checks)
                  if i not in fired]
        for rule in silent:
            print(f"check_style --every-rule: rule '{rule}' finds nothing in {', '.join(map(str, paths))}",
                  file=sys.stderr)
        return 1 if silent else 0
    if findings:
        print(f"check_style: {len(findings)} finding(s); the rules are {style} (book/STYLE.md)", file=sys.stderr)
        return 1
    print(f"check_style: {len(paths)} page(s), {len(checks)} rule(s), no finding")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
