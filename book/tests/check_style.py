#!/usr/bin/env python3
"""check_style.py [--every-rule] [STYLE_FILE] [PAGE.md|METADATA.yaml...]: the house style of the book's prose.
check_style.py [--every-rule] --programs BUILD_DIR | --program-text FILE...: the same words in what the
programs print into the book (the golden figures' labels, every program's --help; FILE: an SVG's
labels or a text file), by the rules marked for programs.

Reads the rules of book/style-banned.txt (data: `ban`, `apart`, `define`, `longest`,
`precision`; the file's header explains them), the terms of book/terms.txt (each
term's `not` becomes a `ban`; its page must use it) and every page of the book (chapters/chapters.list
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
            elif kind == "longest":
                out.append(("longest", int(rest), None, advice.strip()))
            elif kind == "precision":
                out.append(("precision", None, None, advice.strip()))
            else:
                raise ValueError(f"unknown rule '{kind}'")
        except (re.error, ValueError) as e:
            print(f"{path}:{number}: bad rule: {e}", file=sys.stderr)
            sys.exit(2)
    return out


def terms(path):
    """book/terms.txt: a list of {term, en, defined, not, programs, pinyin, note} records (its header explains them)."""
    records, current = [], None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("#"):
            continue
        if not line.strip():
            current = None
            continue
        key, sep, value = line.partition(":")
        if not sep or key.strip() not in ("term", "en", "defined", "not", "programs", "pinyin", "note"):
            print(f"{path}:{number}: expected `term|en|defined|not|programs|pinyin|note: value`", file=sys.stderr)
            sys.exit(2)
        if current is None:
            current = {"line": number}
            records.append(current)
        current[key.strip()] = value.strip()
    for r in records:
        if not all(k in r for k in ("term", "en", "defined")):
            print(f"{path}:{r['line']}: a term needs term, en and defined", file=sys.stderr)
            sys.exit(2)
    return records


def term_rules(records, path):
    """Each term's `not` as a ban rule; the indexes of those also checked in program text."""
    out, for_programs = [], set()
    for r in records:
        if "not" not in r:
            continue
        try:
            out.append(("ban", re.compile(r["not"]), None, f"写「{r['term']}」（{r['en']}；{path.name}）"))
        except re.error as e:
            print(f"{path}:{r['line']}: bad regex: {e}", file=sys.stderr)
            sys.exit(2)
        if r.get("programs") == "yes":
            for_programs.add(len(out) - 1)
    return out, for_programs


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
    elif t in ("Code", "Math"):
        # ⟨⟩, as long as the reader sees it (for `longest`): zero-width spaces, which no rule matches;
        # math about half its TeX.
        text = node["c"][1]
        out.append("⟨" + "\u200b" * max(0, (len(text) if t == "Code" else len(text) // 2) - 2) + "⟩")
    elif t == "RawInline":
        out.append("⟨⟩")
    elif t == "Cite":  # [@entry#passage] and [@fig:…]: references, not prose
        pass
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


def number_spans(node, out):
    """Appends (attributes, text) of every bound number, a `[..]{.n}` span whose content is text."""
    if isinstance(node, list):
        for item in node:
            number_spans(item, out)
    elif isinstance(node, dict):
        if node.get("t") == "Span":
            (_, classes, attrs), content = node["c"]
            if "n" in classes and all(i.get("t") == "Str" for i in content):
                out.append((dict(attrs), "".join(i["c"] for i in content)))
        number_spans(node.get("c"), out)


def quantity(attrs, page):
    """What a bound number states: its source resolved to one name, its path, scale and ratio."""
    def source(src):
        if not src or src.startswith("profile:"):
            return src
        chapter, _, case = src.rpartition("/")
        key = page
        if chapter:
            key = next((c for c, _ in booksource.suite.chapters() if c == chapter or c.startswith(chapter + "-")), chapter)
        return f"{key}/{case}"
    return (source(attrs.get("src")), attrs.get("at"), attrs.get("find"), attrs.get("scale"),
            attrs.get("over"), source(attrs.get("over-src")) if "over-src" in attrs else None)


def precision_findings(paths, advice):
    """One quantity written with two precisions (12.72 and 12.7 and 13 for one balance point)."""
    seen = {}
    for path in paths:
        if path.suffix != ".md":
            continue
        spans = []
        number_spans(booksource.pandoc_blocks(path), spans)
        for attrs, text in spans:
            m = re.search(r"\d+(?:\.(\d+))?", text)
            if m and attrs.get("at"):
                seen.setdefault(quantity(attrs, path.stem), []).append((len(m.group(1) or ""), text, path.stem))
    for key, uses in seen.items():
        if len({decimals for decimals, _, _ in uses}) > 1:
            written = "、".join(f"{text}（{page}）" for _, text, page in uses)
            yield f"{key[0]} {key[1]}: one quantity written as {written}  -- {advice}"


def svg_labels(path):
    """The text of every <text> element of an SVG (what the reader reads in the figure)."""
    import xml.etree.ElementTree as ET
    return "\n".join("".join(e.itertext()) for e in ET.parse(path).iter() if e.tag.endswith("}text") or e.tag == "text")


def program_texts(build_dir):
    """(name, text) of every golden figure and of every chapter program's --help."""
    out = [(str(svg.relative_to(ROOT)), svg_labels(svg)) for svg in sorted((ROOT / "golden").glob("*/*.svg"))]
    for chapter, program in booksource.suite.chapters():
        exe = pathlib.Path(build_dir) / "chapters" / chapter / program
        if not exe.is_file():
            print(f"check_style: {exe} not found: build the programs first (cmake --build {build_dir})", file=sys.stderr)
            sys.exit(2)
        run = subprocess.run([str(exe), "--help"], capture_output=True, text=True, timeout=60)
        if run.returncode != 0:
            print(f"check_style: {exe} --help exited {run.returncode}: {run.stderr.strip()}", file=sys.stderr)
            sys.exit(2)
        out.append((f"{program} --help", run.stdout))
    return out


def main(argv):
    args = argv[1:]
    every_rule = bool(args) and args[0] == "--every-rule"
    if every_rule:
        args = args[1:]
    programs = None
    if args and args[0] == "--programs" and len(args) == 2:
        programs = program_texts(args[1])
        args = []
    elif args and args[0] == "--program-text":
        programs = [(f, svg_labels(f) if f.endswith(".svg") else pathlib.Path(f).read_text(encoding="utf-8"))
                    for f in args[1:]]
        args = []
    style = pathlib.Path(args[0]) if args else ROOT / "book" / "style-banned.txt"
    terms_path = ROOT / "book" / "terms.txt"
    records = terms(terms_path)
    checks = rules(style)
    extra, for_programs = term_rules(records, terms_path)
    for_programs = {index + len(checks) for index in for_programs}
    checks += extra
    paths = [pathlib.Path(p) for p in args[1:]] or pages()
    findings = []
    fired = set()
    texts = {}
    if programs is not None:
        checks = [c if i in for_programs else ("off", None, None, None) for i, c in enumerate(checks)]
        sources = programs
    else:
        sources = []
        for path in paths:
            out = []
            prose(blocks(path), out)
            texts[path.stem] = "".join(out)
            sources.append((shown(path), texts[path.stem]))
    for name, text in sources:
        for sentence in sentences(text):
            for index, (kind, a, b, advice) in enumerate(checks):
                if kind == "ban" and (m := a.search(sentence)):
                    fired.add(index)
                    findings.append(f"{name}: 「{m.group(0)}」 in: {sentence.replace(chr(0x200b), '')}  -- {advice}")
                elif kind == "apart" and a.search(sentence) and b.search(sentence):
                    fired.add(index)
                    findings.append(f"{name}: {a.pattern} and {b.pattern} in one sentence: {sentence}  -- {advice}")
                elif kind == "longest" and len(sentence) > a:
                    fired.add(index)
                    findings.append(f"{name}: a sentence of {len(sentence)} characters (more than {a}): "
                                    f"{sentence.replace(chr(0x200b), '')}  -- {advice}")
    for index, (kind, term, page, advice) in enumerate(checks):
        if kind == "precision":
            for finding in precision_findings(paths, advice):
                fired.add(index)
                findings.append(finding)
        if kind != "define":
            continue
        users = [name for name, text in texts.items() if term in text]
        if users and f"**{term}**" not in texts.get(page, ""):
            fired.add(index)
            findings.append(f"book/{page}.md: 「{term}」 is used ({', '.join(users)}) but not defined "
                            f"there in bold (**{term}**)  -- {advice}")
    if programs is None and not args:  # the whole book: every term is used on the page that defines it
        for r in records:
            page = texts.get(r["defined"])
            if page is None or not all(part in page for part in r["term"].split("、")):
                findings.append(f"{terms_path.relative_to(ROOT)}:{r['line']}: 「{r['term']}」 is not on its page "
                                f"book/{r['defined']}.md (defined:)")
    for f in findings:
        print(f)
    if every_rule:
        silent = [f"{k} {a if isinstance(a, (str, int)) or a is None else a.pattern}"
                  for i, (k, a, _b, _adv) in enumerate(checks) if i not in fired and k != "off"]
        where = "the program texts" if programs is not None else ", ".join(map(str, paths))
        for rule in silent:
            print(f"check_style --every-rule: rule '{rule}' finds nothing in {where}", file=sys.stderr)
        return 1 if silent else 0
    if findings:
        print(f"check_style: {len(findings)} finding(s); the rules are {style} and {terms_path} (book/STYLE.md)",
              file=sys.stderr)
        if programs is not None:
            print("check_style: the bans of book/terms.txt's terms marked `programs: yes` apply to every program's "
                  "--help too (its text is in chapters/<chapter>/app.cpp) and to the golden figures' labels "
                  "(chapters/<chapter>/plot.cpp); fix the words there", file=sys.stderr)
        return 1
    what = f"{len(sources)} program text(s)" if programs is not None else f"{len(paths)} page(s)"
    print(f"check_style: {what}, {sum(k != 'off' for k, *_ in checks)} rule(s), no finding")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
