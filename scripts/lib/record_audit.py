"""The edition records checked for forgery (docs/editions.md), each problem naming its file and
line: the IDs, the change records, and each edition file against the commit it names (read with git).
"""
import hashlib
import re
import subprocess

import editions
import suite
from editions import IDS, ROOT, fields, rel


def in_repository():
    """Whether the tree is a git checkout: a tarball has no commits to check the edition files against."""
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--show-toplevel"], capture_output=True,
                          text=True).stdout.strip() == str(ROOT)


def problems():
    out = id_problems()
    out += record_problems(editions.load_pending())
    if in_repository():
        for number in range(1, editions.latest_number() + 1):
            out += edition_problems(editions.Edition.load(number))
    return out


def id_problems():
    if not IDS.is_file():
        return []
    outputs = {path: chapter for chapter, path in editions.published_outputs()}
    released = editions.released()
    out, given, seen = [], {}, set()
    for n, line in enumerate(IDS.read_text(encoding="utf-8").splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        where, f = f"{rel(IDS)}:{n}", fields(line)
        ident, path = (f + [""])[:2]
        if len(f) != 2 or path not in outputs:
            fix = "" if path in released else " (scripts/update-golden --write drops the ID of a case no edition released)"
            out.append(f"{where}: {path or line}: not a published output (a case of golden/<chapter>/cases.list){fix}")
        elif not re.fullmatch(rf"{editions.chapter_number(outputs[path])}-[1-9][0-9]*", ident):
            out.append(f"{where}: {path}: ID '{ident}' is not {editions.chapter_number(outputs[path])}-<n>, its chapter's")
        elif ident in given:
            out.append(f"{where}: {path}: ID {ident} is already {given[ident]}'s (an ID is never reused)")
        elif path in seen:
            out.append(f"{where}: {path} has a second ID ({ident})")
        elif path in released and released[path][0] != ident:
            out.append(f"{where}: {path}: ID {ident}, but edition {released[path][1]} released it as "
                       f"{released[path][0]} (an ID is never renumbered)")
        given.setdefault(ident, path)
        seen.add(path)
    return out


def record_problems(changes):
    out, seen = [], set()
    for change in changes:
        if not change.reason.strip():
            out.append(f"{change.where}: the record of {change.path} gives no reason")
        if change.path in seen:
            out.append(f"{change.where}: a second record of {change.path} (one record per output)")
        seen.add(change.path)
    return out


def edition_problems(edition):
    """The edition file against the commit it names."""
    name, commit = rel(edition.path), edition.commit
    where = f"{name}:{edition.lines.get(('commit',), 1)}"
    known = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True)
    if not commit or known.returncode != 0:
        return [f"{where}: commit '{commit}' is not in this repository ({ROOT}): edition {edition.number}'s "
                "records cannot be checked against the outputs it names"]
    paths = list(edition.outputs) + ["editions/pending.txt"]
    blobs = show(commit, paths)
    out = record_problems(edition.changes)
    at = {}
    for path, sha in edition.outputs.items():
        line = f"{name}:{edition.lines[('output', path)]}"
        if blobs[path] is None:
            out.append(f"{line}: {path} is not in commit {commit[:12]}, which the edition names")
            continue
        at[path] = hashlib.sha256(blobs[path]).hexdigest()
        if at[path] != sha:
            out.append(f"{line}: {path}: the edition records {sha[:12]}, commit {commit[:12]} has {at[path][:12]}")
    out += published_problems(edition)
    for chapter, digest in editions.chapter_digests(at).items():
        if edition.digests.get(chapter) != digest:
            line = f"{name}:{edition.lines.get(('digest', chapter), '?')}"
            out.append(f"{line}: chapter {chapter}'s digest is {digest} at commit {commit[:12]}, "
                       f"the edition records {edition.digests.get(chapter, 'none')}")
    if edition.number > 1:  # edition N publishes the records pending at its commit, all and only those
        text = (blobs["editions/pending.txt"] or b"").decode("utf-8")
        pending = editions.parse_changes(enumerate(text.splitlines(), 1), f"{commit[:12]}:editions/pending.txt")
        kept = {c.lines() for c in edition.changes}
        for change in pending:
            if change.lines() not in kept:
                out.append(f"{name}: the record of {change.path} pending at {commit[:12]} is missing or altered")
        was = {c.lines() for c in pending}
        for change in edition.changes:
            if change.lines() not in was:
                out.append(f"{change.where}: the record of {change.path} was not pending at {commit[:12]}")
    return out


def published_problems(edition):
    """The edition lists exactly the outputs its commit publishes and the numbers its pages bind there."""
    name, commit = rel(edition.path), edition.commit
    try:
        published = [path for _, path in editions.published_outputs(reader(commit))]
        numbers = editions.prose_numbers(reader(commit))
    except (editions.EditionError, suite.ListError) as e:
        return [f"{name}: the published outputs at commit {commit[:12]} cannot be read: {e}"]
    out = [f"{name}: {path} is published at commit {commit[:12]} (its cases.list), the edition does not list it"
           for path in published if path not in edition.outputs]
    out += [f"{name}:{edition.lines[('output', path)]}: {path} is not a published output at commit {commit[:12]}"
            for path in edition.outputs if path not in published]
    out += [f"{name}:{edition.lines[('number', page, key)]}: the prose number {page} {key} = {text} is not the "
            f"one at commit {commit[:12]}" for page, key, text in edition.numbers if (page, key, text) not in numbers]
    out += [f"{name}: the prose number {page} {key} = {text} at commit {commit[:12]} is not in the edition"
            for page, key, text in numbers if (page, key, text) not in edition.numbers]
    return out


def reader(commit):
    """suite.read_tree's twin: a file's text as COMMIT has it (None when missing)."""
    def read(path):
        blob = show(commit, [path])[path]
        return None if blob is None else blob.decode("utf-8")
    return read


def show(commit, paths):
    """{path: bytes at commit, or None}: one git cat-file for them all."""
    request = "".join(f"{commit}:{path}\n" for path in paths).encode()
    data = subprocess.run(["git", "-C", str(ROOT), "cat-file", "--batch"], input=request,
                          capture_output=True, check=True).stdout
    out, at = {}, 0
    for path in paths:
        end = data.index(b"\n", at)
        header = data[at:end].split()
        if header[-1] == b"missing" or header[1] != b"blob":
            out[path], at = None, end + 1
            continue
        size = int(header[2])
        out[path], at = data[end + 1:end + 1 + size], end + 1 + size + 1
    return out
