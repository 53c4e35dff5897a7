#!/usr/bin/env python3
"""check_claims.py [PAGE.md...] [--planted]: a hardware number in the prose cites its profile's source.

book/STYLE.md ("Claims"): every statement about hardware cites its entry. A number bound to a
machine profile is such a statement, and the binding says which profile: a span
`[…]{.n src="profile:<key>" …}`, or a span bound to a program's `--format json` output at a field
that is a profile's input (a roof's `theoretical` or `calibration`, the machine's
`peak_flops_per_s` or `bandwidth_bytes_per_s`, a roof's `flops_per_s` or `bytes_per_s`), where
the output's `machine` names the profile. The sentence holding the number must cite
the bibliography entry behind that profile, `[@entry]` or `[@entry#passage]`:

  * a built-in profile's entry is its line of book/sources/profiles.list;
  * a chapter's own profile (chapters/<chapter>/profiles/<key>.yaml) takes the entries whose
    document its roofs' `source` fields name, in profiles.list's words;
  * a profile no document backs (`-` in profiles.list) needs a citation of whatever source the
    sentence does rely on.

A sentence ends at 。！？ outside 「」, math and code. Derived numbers (balance points, times,
ratios) are the book's own arithmetic and are not checked here.
--planted: the proof: book/tests/claims/bad.md must fail exactly on its lines marked `<!-- bad -->`.
"""
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROFILE_FIELDS = {"theoretical", "calibration", "peak_flops_per_s", "bandwidth_bytes_per_s",
                  "flops_per_s", "bytes_per_s"}
SPAN = re.compile(r"\[([^\[\]]*)\]\{\.n ([^}]*)\}")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
CITE = re.compile(r"\[[^\[\]]*@[^\[\]]*\]")
CITE_ID = re.compile(r"(?:^\[|;\s*)-?@([A-Za-z][\w.-]*)")


def profiles_list():
    """{profile: (entry or None, document words)}."""
    out = {}
    for line in (ROOT / "book/sources/profiles.list").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split(None, 2)
        out[parts[0]] = (None if parts[1] == "-" else parts[1], parts[2].strip() if len(parts) > 2 else "")
    return out


def roof_sources(path):
    return [m.group(1).strip().strip("'\"") for m in
            re.finditer(r"^    source: (.*)$", path.read_text(encoding="utf-8"), re.M)]


def chapter_machines():
    """{machine key: profile} of the chapters' own --machine keys (op_traffic's h200-measured is h200)."""
    out = {}
    for f in ROOT.glob("chapters/*/*.cpp"):
        for m in re.finditer(r'chapter_machine\(\s*"([^"]+)",\s*"([^"]+)"', f.read_text(encoding="utf-8")):
            out[m.group(1)] = m.group(2)
    return out


def entries_for(profile, listed):
    """(entries any of which the sentence must cite; or None for a profile with no document)."""
    profile = chapter_machines().get(profile, profile)
    if profile in listed:
        entry = listed[profile][0]
        return None if entry is None else {entry}
    files = list(ROOT.glob(f"chapters/*/profiles/{profile}.yaml")) + list(ROOT.glob(f"common/profiles/{profile}.yaml"))
    found = set()
    for f in files:
        for source in roof_sources(f):
            for entry, words in listed.values():
                if entry and words and words in source:
                    found.add(entry)
    return found


def chapter_dir(name):
    if (ROOT / "golden" / name).is_dir():
        return name
    hits = sorted(p.name for p in (ROOT / "golden").glob(f"{name}-*") if p.is_dir())
    return hits[0] if hits else None


_json_cache = {}


def golden(chapter, case):
    key = (chapter, case)
    if key not in _json_cache:
        path = ROOT / "golden" / chapter / f"{case}.txt"
        try:
            _json_cache[key] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            _json_cache[key] = None
    return _json_cache[key]


def span_profile(attrs, page_chapter):
    """The profile a span's number is an input of, or None."""
    src, at = attrs.get("src", ""), attrs.get("at", "")
    if src.startswith("profile:"):
        return src[len("profile:"):]
    last = re.sub(r"\[[^\]]*\]", "", at).split(".")[-1]
    if last not in PROFILE_FIELDS:
        return None
    chapter, _, case = src.rpartition("/")
    chapter = chapter_dir(chapter) if chapter else page_chapter
    data = golden(chapter, case) if chapter else None
    if isinstance(data, list):
        data = data[0] if data else None
    if not isinstance(data, dict):
        return None
    machine = data.get("machine")
    return machine.get("key") if isinstance(machine, dict) else machine


def sentences(line):
    """(start, end) of each sentence of a prose line: ends at 。！？ outside 「」, $…$ and `…`."""
    out, start, quote, math, code = [], 0, 0, False, False
    for i, ch in enumerate(line):
        if code:
            code = ch != "`"
        elif ch == "`":
            code = True
        elif ch == "$":
            math = not math
        elif not math and ch == "「":
            quote += 1
        elif not math and ch == "」":
            quote = max(0, quote - 1)
        elif not (math or quote) and ch in "。！？":
            out.append((start, i + 1))
            start = i + 1
    if start < len(line):
        out.append((start, len(line)))
    return out


def check_page(path, listed, page_chapter=None):
    problems = []
    if page_chapter is None:
        page_chapter = chapter_dir(path.stem)
    fence = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith("```"):
            fence = not fence
            continue
        if fence or "{.n " not in line:
            continue
        for start, end in sentences(line):
            sentence = line[start:end]
            cited = {m.group(1) for c in CITE.finditer(sentence) for m in CITE_ID.finditer(c.group(0))}
            cited -= {"fig", "tbl"}
            for span in SPAN.finditer(sentence):
                attrs = dict(ATTR.findall(span.group(2)))
                profile = span_profile(attrs, page_chapter)
                if not profile:
                    continue
                need = entries_for(profile, listed)
                value = span.group(1)
                where = f'{path.relative_to(ROOT) if ROOT in path.parents else path}:{number}'
                short = re.sub(r"\{[^}]*\}", "", sentence).strip()
                short = short if len(short) < 90 else short[:87] + "…"
                if need is None:
                    if not cited:
                        problems.append(f"{where}: {value} is an input of profile `{profile}`, which no document backs "
                                        f"(profiles.list `-`): its sentence must cite the source it relies on: 「{short}」")
                elif not need:
                    problems.append(f"{where}: {value} is an input of profile `{profile}`, whose roofs name no "
                                    f"document of book/sources/profiles.list: 「{short}」")
                elif not (need & cited):
                    problems.append(f"{where}: {value} is an input of profile `{profile}`; its sentence cites no "
                                    f"{' or '.join('[@' + e + ']' for e in sorted(need))}: 「{short}」")
    return problems


def main(argv):
    listed = profiles_list()
    if argv[:1] == ["--planted"]:
        bad = ROOT / "book/tests/claims/bad.md"
        found = check_page(bad, listed, page_chapter="02-op-traffic")
        lines = bad.read_text(encoding="utf-8").splitlines()
        expected = {i for i, l in enumerate(lines, 1) if "<!-- bad -->" in l}
        reported = {int(p.split(":")[1]) for p in found}
        if reported != expected:
            print(f"check_claims.py --planted: expected failures on lines {sorted(expected)}, got {sorted(reported)}:")
            print("\n".join("  " + p for p in found))
            return 1
        print(f"check_claims.py --planted: the {len(expected)} planted sentences fail, the good ones pass")
        return 0
    pages = [pathlib.Path(a).resolve() for a in argv] or sorted(ROOT.glob("book/[0-9]*.md")) + [ROOT / "book/index.md"]
    problems = []
    for page in pages:
        problems += check_page(page, listed)
    if problems:
        print("check_claims.py: hardware numbers without their profile's source (book/STYLE.md, Claims):")
        print("\n".join("  " + p for p in problems))
        return 1
    print(f"check_claims.py: every profile-bound number cites its source ({len(pages)} pages)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
