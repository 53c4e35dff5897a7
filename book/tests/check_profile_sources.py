#!/usr/bin/env python3
"""check_profile_sources.py [--planted]: every built-in machine profile cites a bibliography entry.

book/sources/profiles.list names, for each common/profiles/<key>.yaml, the entry of
book/sources/references.yaml behind it and the words every roof's `source` field must contain
(the entry's document, as the profile names it). Fails on a profile with no line, a line with no
profile, an entry the bibliography lacks, and a roof whose source names another document.
--planted: the proof, kept in the test: a copy of the profiles with one roof's source changed
to another document, and a list without one profile, must each fail.
"""
import pathlib
import re
import shutil
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
LIST = ROOT / "book" / "sources" / "profiles.list"
BIBLIOGRAPHY = ROOT / "book" / "sources" / "references.yaml"


def entries():
    return set(re.findall(r"^- id: (\S+)\s*$", BIBLIOGRAPHY.read_text(encoding="utf-8"), re.M))


def roofs(path):
    """(roof key, source) of a profile, read as the loader's format writes them (common/profiles/README.md)."""
    out, key = [], None
    for line in path.read_text(encoding="utf-8").splitlines():
        if m := re.match(r"^  - key: (\S+)", line):
            key = m.group(1)
        elif (m := re.match(r"^    source: (.*)$", line)) and key:
            out.append((key, m.group(1).strip().strip("'\"")))
    return out


def problems(profiles_dir, list_path):
    found = []
    lines = {}
    for number, line in enumerate(list_path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split(None, 2)
        if len(parts) != 3:
            found.append(f"{list_path.name}:{number}: expected `<profile> <entry|-> <words>`")
            continue
        lines[parts[0]] = (number, parts[1], parts[2])
    known = entries()
    profiles = {p.stem: p for p in sorted(profiles_dir.glob("*.yaml"))}
    for key, path in profiles.items():
        if key not in lines:
            found.append(f"common/profiles/{key}.yaml: no line in book/sources/profiles.list (the entry its sources cite)")
            continue
        number, entry, words = lines[key]
        if entry != "-" and entry not in known:
            found.append(f"profiles.list:{number}: {key}: no entry `{entry}` in book/sources/references.yaml")
        for roof, source in roofs(path):
            if words not in source:
                found.append(f"common/profiles/{key}.yaml: roof {roof}: its source does not name "
                             f"「{words}」 (profiles.list:{number}, entry {entry}): {source}")
    for key in lines:
        if key not in profiles:
            found.append(f"profiles.list:{lines[key][0]}: {key}: no common/profiles/{key}.yaml")
    return found


def planted():
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        shutil.copytree(ROOT / "common" / "profiles", tmp / "profiles")
        h200 = tmp / "profiles" / "h200.yaml"
        text = h200.read_text(encoding="utf-8")
        h200.write_text(re.sub(r"(?m)^(    source: \")tile-ai/TileOPs commit 131707b1fc68", r"\1a vendor slide", text, count=1),
                        encoding="utf-8")
        changed = problems(tmp / "profiles", LIST)
        short = tmp / "profiles.list"
        short.write_text("".join(l for l in LIST.read_text(encoding="utf-8").splitlines(True)
                                 if not l.startswith("mi300x")), encoding="utf-8")
        missing = problems(ROOT / "common" / "profiles", short)
    ok = any("h200.yaml" in p and "a vendor slide" in p for p in changed) and any("mi300x.yaml" in p for p in missing)
    if not ok:
        print("FAIL: a planted source naming another document, or a profile with no line, was not found:")
        print("\n".join(changed + missing) or "  (no problem reported)")
        return 1
    print("ok: a roof whose source names another document and a profile with no line each fail")
    return 0


def main(argv):
    if argv[1:] == ["--planted"]:
        return planted()
    found = problems(ROOT / "common" / "profiles", LIST)
    for p in found:
        print(p)
    if found:
        print("rerun: ctest --test-dir build -R book/sources-profiles --output-on-failure")
        return 1
    print(f"ok: every profile of common/profiles cites its entry ({LIST.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
