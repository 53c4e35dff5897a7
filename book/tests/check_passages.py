#!/usr/bin/env python3
"""check_passages.py [--sources DIR] [--planted] [--seal COPY...]: every stored passage is proven.

A passage file, book/sources/passages/<entry>.txt, names in its header the exact version of its
source and the stored copy of it the book keeps (docs/sources.md, "Storing a passage"):

    # source: github:<owner>/<repo>@<40-hex commit>:<path>[:<lines>]
    #     or  url:<address> (then also `# retrieved: <date>`)
    # copy: copies/<entry>/<file>        (relative to book/sources/; one line per copy)
    # unverifiable: <reason>             (instead of `copy:`, when no public copy can be stored)
    # bibliography-note: <中文>          (with `unverifiable:`: the 参考文献 ends the entry with
    #                                     「（无法核对：<中文>）」, book/filters/sources.lua)

A stored copy, book/sources/copies/<entry>/<file>, is a header of `#` lines with the same
`# source:` line and `# sha256: <hex>` of its body, a line `---`, then the body: the source's own
lines verbatim, in runs each opened by `@@ lines A-B` (the run's line numbers in the source).

The check fails, naming file and line, on
  * a passage file with no `# source:`, or a `github:` source not pinned to a full commit, or a
    source inside this tree (a passage copied from the book's own data proves nothing);
  * an entry the bibliography lacks, or whose URL does not name the source's commit;
  * no `# copy:` and no `# unverifiable:`; a copy that is missing, names another source, has a
    wrong sha256, or a run whose length differs from its `lines A-B`;
  * a passage line (white space collapsed) that its copies do not hold, in the passage's order;
  * a stored copy no passage file names.
A passage file marked `# unverifiable:` passes, but is listed on stdout with its reason, so a
reader of the log sees which claims rest on a source the tree cannot hold (book/filters/sources.lua
also refuses a quote of such a passage).

--planted: the proof, kept in the test: book/tests/passages/planted/ is a sources folder made of
mistakes, and each line of its expected.txt must be reported.
--seal COPY...: write each copy's sha256 line from its body (after an honest edit of the copy).
"""
import hashlib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = ROOT / "book" / "sources"
PLANTED = ROOT / "book" / "tests" / "passages" / "planted"
GITHUB = re.compile(r"^github:([\w.-]+/[\w.-]+)@([0-9a-f]{40}):([^:]+)(?::([\d,\s-]+))?$")


def collapse(text):
    return re.sub(r"\s+", " ", text).strip()


def split_copy(text):
    """(header lines, body text) of a stored copy; body None when there is no `---` line."""
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.rstrip("\n") == "---":
            return [l.rstrip("\n") for l in lines[:i]], "".join(lines[i + 1:])
        if not line.startswith("#"):
            break
    return [l.rstrip("\n") for l in lines], None


def header_value(header, key):
    for line in header:
        m = re.match(r"^#\s*" + key + r":\s*(.*?)\s*$", line)
        if m:
            return m.group(1)
    return None


def sha256(body):
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def bibliography(path):
    """{id: URL} of references.yaml (the two fields this check reads)."""
    out, current = {}, None
    for line in path.read_text(encoding="utf-8").splitlines():
        if m := re.match(r"^- id: (\S+)\s*$", line):
            current = m.group(1)
            out[current] = ""
        elif (m := re.match(r"^\s+URL: (\S+)\s*$", line)) and current:
            out[current] = m.group(1)
    return out


def parse_passages(path):
    """header {key: [(line number, value)]}, passages [(id, line number, [(line number, text)])]."""
    header, passages, current = {}, [], None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if m := re.match(r"^#\s*(source|retrieved|copy|unverifiable|bibliography-note):\s*(.*?)\s*$", line):
            header.setdefault(m.group(1), []).append((number, m.group(2)))
        elif m := re.match(r"^@(\S+)", line):
            current = (m.group(1), number, [])
            passages.append(current)
        elif line.startswith(">") and current:
            current[2].append((number, re.sub(r"^> ?", "", line)))
    return header, passages


def ranges(spec):
    """'1-17, 40' -> [(1, 17), (40, 40)]."""
    out = []
    for part in spec.split(","):
        a, _, b = part.strip().partition("-")
        out.append((int(a), int(b or a)))
    return out


def check_copy(copy_path, source, rel, where):
    """Problems of one stored copy; and its body, collapsed line by line (None when unusable)."""
    problems = []
    if not copy_path.is_file():
        return [f"{where}: stored copy {rel} is missing"], None
    header, body = split_copy(copy_path.read_text(encoding="utf-8"))
    if body is None:
        return [f"{rel}:1: no `---` line ends the header (docs/sources.md)"], None
    if header_value(header, "source") != source:
        problems.append(f"{rel}: its `# source:` is {header_value(header, 'source')!r}, "
                        f"the passage file's is {source!r}")
    stated = header_value(header, "sha256")
    if stated != sha256(body):
        problems.append(f"{rel}: sha256 {stated} does not match its body ({sha256(body)}); "
                        f"an honest edit is sealed with check_passages.py --seal {rel}")
    runs, lines = [], body.splitlines()
    start = len(header) + 2
    for i, line in enumerate(lines):
        if m := re.match(r"^@@ lines (\d+)-(\d+)$", line):
            runs.append([int(m.group(1)), int(m.group(2)), i + start, 0])
        elif runs:
            runs[-1][3] += 1
        else:
            problems.append(f"{rel}:{i + start}: body text before the first `@@ lines A-B`")
            break
    for a, b, number, count in runs:
        if count != b - a + 1:
            problems.append(f"{rel}:{number}: `@@ lines {a}-{b}` holds {count} lines, not {b - a + 1}")
    github = GITHUB.match(source or "")
    if github and github.group(4) and ranges(github.group(4)) != [(a, b) for a, b, _, _ in runs]:
        problems.append(f"{rel}: its runs {[(a, b) for a, b, _, _ in runs]} are not the lines its source names "
                        f"({github.group(4)})")
    text = "\n".join(collapse(l) for l in lines if not re.match(r"^@@ lines \d+-\d+$", l))
    return problems, text


def check(sources, out=sys.stdout):
    problems, unverifiable = [], []
    refs = bibliography(sources / "references.yaml")
    named_copies = set()
    shown = sources.resolve().relative_to(ROOT) if ROOT in sources.resolve().parents else sources
    for path in sorted((sources / "passages").glob("*.txt")):
        rel = f"{shown}/passages/{path.name}"
        entry = path.stem
        header, passages = parse_passages(path)
        if entry not in refs:
            problems.append(f"{rel}:1: no entry `{entry}` in references.yaml")
        if not header.get("source"):
            problems.append(f"{rel}:1: no `# source:` line naming the source's exact version")
            continue
        number, source = header["source"][0]
        github = GITHUB.match(source)
        if github:
            repo, commit, file = github.group(1), github.group(2), github.group(3)
            url = refs.get(entry, "")
            if entry in refs and commit not in url:
                problems.append(f"{rel}:{number}: references.yaml's URL for `{entry}` ({url}) does not name commit {commit}")
        elif source.startswith("url:"):
            if not header.get("retrieved"):
                problems.append(f"{rel}:{number}: a url: source needs `# retrieved: <date>`")
        else:
            problems.append(f"{rel}:{number}: `# source: {source}` is neither github:<owner>/<repo>@<commit>:<path> "
                            f"nor url:<address> (a passage copied from the tree's own data proves nothing)")
            continue
        if header.get("unverifiable"):
            reason = header["unverifiable"][0][1]
            ids = ", ".join("@" + p[0] for p in passages)
            unverifiable.append(f"UNVERIFIABLE {rel} ({ids}): {reason}")
            if header.get("copy"):
                problems.append(f"{rel}:{header['unverifiable'][0][0]}: marked unverifiable but names a copy")
            if not header.get("bibliography-note"):
                problems.append(f"{rel}:{header['unverifiable'][0][0]}: marked unverifiable but no "
                                f"`# bibliography-note: <中文>` says why to the reader (the 参考文献 prints "
                                f"「（无法核对：…）」 after the entry)")
            continue
        if not header.get("copy"):
            problems.append(f"{rel}:{number}: no `# copy:` of the source stored and no `# unverifiable: <reason>`")
            continue
        texts = []
        for cnumber, crel in header["copy"]:
            named_copies.add(crel)
            copy_problems, text = check_copy(sources / crel, source, f"{shown}/{crel}", f"{rel}:{cnumber}")
            problems += copy_problems
            if text is not None:
                texts.append(text)
        if not texts:
            continue
        body = "\n\n".join(texts)
        for pid, pnumber, plines in passages:
            at = 0
            for lnumber, ptext in plines:
                needle = collapse(ptext)
                if not needle:
                    continue
                found = body.find(needle, at)
                if found < 0:
                    problems.append(f"{rel}:{lnumber}: passage @{pid}: 「{needle}」 is not in its stored copy "
                                    f"({', '.join(c for _, c in header['copy'])})"
                                    + (" after the line before it" if body.find(needle) >= 0 else ""))
                else:
                    at = found + len(needle)
    copies = sources / "copies"
    if copies.is_dir():
        for copy in sorted(copies.rglob("*")):
            if copy.is_file() and str(copy.relative_to(sources)) not in named_copies:
                problems.append(f"{shown}/{copy.relative_to(sources)}: a stored copy no passage file names")
    for line in unverifiable:
        print(line, file=out)
    return problems


def seal(paths):
    for p in paths:
        path = pathlib.Path(p)
        text = path.read_text(encoding="utf-8")
        header, body = split_copy(text)
        if body is None:
            sys.exit(f"{p}: no `---` line ends the header")
        new = [re.sub(r"^# sha256:.*$", f"# sha256: {sha256(body)}", l) for l in header]
        path.write_text("\n".join(new) + "\n---\n" + body, encoding="utf-8")
        print(f"sealed {p}: {sha256(body)}")


def main(argv):
    if argv[:1] == ["--seal"]:
        seal(argv[1:])
        return 0
    if argv[:1] == ["--planted"]:
        import io
        log = io.StringIO()
        found = check(PLANTED, out=log)
        report = "\n".join(found) + "\n" + log.getvalue()
        missed = [e for e in (PLANTED / "expected.txt").read_text(encoding="utf-8").splitlines()
                  if e.strip() and not e.startswith("#") and e not in report]
        if missed:
            print("check_passages.py --planted: these planted faults were not reported:", *missed, sep="\n  ")
            print("it reported:\n" + report)
            return 1
        print(f"check_passages.py --planted: all {len(found)} planted faults reported")
        return 0
    sources = pathlib.Path(argv[argv.index("--sources") + 1]) if "--sources" in argv else SOURCES
    found = check(sources)
    if found:
        print("check_passages.py: stored passages not proven by their stored copies:")
        for p in found:
            print("  " + p)
        return 1
    print("check_passages.py: every stored passage stands in its stored copy")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
