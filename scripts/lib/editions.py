"""The book's editions as data (docs/editions.md).

editions/ holds, all as tab-separated text lines (Python writes them, the book's Lua filters
and CMake read them; a field escapes \\ as \\\\, a tab as \\t, a CR as \\r):
  latest.txt       KEY=VALUE lines: the last released edition (EDITION, EDITION_DATE,
                   EDITION_COMMIT); CMake reads it (common/cmake/Edition.cmake)
  edition-N.txt    one release: `edition N`, `date`, `commit` (what it was cut from),
                   `digest <chapter> <12 hex>` per chapter, `output <id> <path> <sha256>` per
                   published output, `number <page> <key> <text>` per number the prose binds,
                   then the changes since edition N-1 (below)
  ids.txt          `<id> <path>`: each published output's stable ID (输出 28-3); once an
                   edition released it, never renumbered or reused (assign_ids)
  pending.txt      the changes recorded since the last edition, which the next one publishes:
                   `change <id> <path> <class> <old sha256> <new sha256> <reason>`, then
                   `diff <line>` lines (the compact diff: @@ headers, -old and +new lines)
A published output is a golden file scripts/update-golden writes: each case's file and the
chapter's verbatim ones.
"""
import datetime
import difflib
import hashlib
import re
import subprocess

import suite

ROOT = suite.ROOT
DIR = ROOT / "editions"
LATEST = DIR / "latest.txt"
IDS = DIR / "ids.txt"
PENDING = DIR / "pending.txt"
CLASSES = {"勘误": "勘误", "erratum": "勘误", "变更": "变更", "change": "变更"}
CLASS_HELP = "勘误 (erratum: the old output was wrong) or 变更 (change: a source changed)"


class EditionError(Exception):
    """Bad edition data or a refused step: the message names the file."""


def escape(text):
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\r", "\\r")


def unescape(text):
    return re.sub(r"\\(.)", lambda m: {"t": "\t", "r": "\r"}.get(m[1], m[1]), text)


def fields(line):
    return [unescape(f) for f in line.split("\t")]


def record_line(*parts):
    return "\t".join(escape(str(p)) for p in parts) + "\n"


def write_atomically(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8", newline="\n")
    tmp.replace(path)


def sha256(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def rel(path):
    return str(path.relative_to(ROOT))


# -- published outputs and their IDs ------------------------------------------------------------

def published_outputs(read=suite.read_tree):
    """[(chapter, 'golden/<chapter>/<file>')] in reading order: what scripts/update-golden writes."""
    out = []
    for chapter, _ in suite.chapters(read):
        names = list(suite.chapter_data(chapter, read).get("golden", {}).get("verbatim", {}))
        names += [case.golden_name for case in suite.cases(chapter, read)]
        out += [(chapter, f"golden/{chapter}/{name}") for name in names]
    return out


def chapter_number(chapter):
    return str(int(chapter[:2]))


def load_ids():
    """{path: id} from editions/ids.txt."""
    ids = {}
    if IDS.is_file():
        for line in IDS.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                ident, path = fields(line)[:2]
                ids[path] = ident
    return ids


def released():
    """{path: (id, edition number)} of every output an edition released."""
    out = {}
    for number in range(1, latest_number() + 1):
        out.update({path: (ident, number) for path, ident in Edition.load(number).ids.items()})
    return out


def assign_ids():
    """Gives each published output without an ID its chapter's lowest free number; returns their
    paths. An ID an edition released is its file's forever, never given again; one no edition
    released goes with its case (the template's, replaced by the author's), burning nothing."""
    published, by_edition, old = published_outputs(), released(), load_ids()
    paths = {path for _, path in published}
    ids = {path: ident for path, ident in old.items() if path in paths or path in by_edition}
    taken = set(ids.values()) | {ident for ident, _ in by_edition.values()}
    added = []
    for chapter, path in published:
        if path in ids:
            continue
        number, n = chapter_number(chapter), 1
        while f"{number}-{n}" in taken:
            n += 1
        ids[path] = f"{number}-{n}"
        taken.add(ids[path])
        added.append(path)
    if ids != old or not IDS.is_file():
        header = "# Each published output's stable ID (输出 <chapter>-<n>): scripts/update-golden and\n" \
                 "# scripts/release-edition add new ones; never edit, renumber or reuse one (docs/editions.md).\n"
        write_atomically(IDS, header + "".join(record_line(i, p) for p, i in ids.items()))
    return added


# -- digests ------------------------------------------------------------------------------------

def short_digest(pairs):
    """12 hex digits naming a set of (path, sha256): what a program's --version prints."""
    text = "".join(f"{sha}  {path}\n" for path, sha in sorted(pairs))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def chapter_digests(outputs):
    """{chapter: digest} of {path: sha256}."""
    by_chapter = {}
    for path, sha in outputs.items():
        by_chapter.setdefault(path.split("/")[1], []).append((path, sha))
    return {chapter: short_digest(pairs) for chapter, pairs in by_chapter.items()}


def current_outputs():
    return {path: sha256(ROOT / path) for _, path in published_outputs() if (ROOT / path).is_file()}


# -- the numbers the prose binds ----------------------------------------------------------------

# `[162]{.n src="gemm-512-json" at="balance"}`: book/filters/numbers.lua's spans.
NUMBER_SPAN = re.compile(r"\[([^\[\]]+)\]\{\.n ([^}]*)\}")


def prose_numbers(read=suite.read_tree):
    """[(page, key, text)] of each bound number; key is its attributes (#k for the k-th span with
    the same ones), so it survives edits around it."""
    out = []
    for chapter, _ in suite.chapters(read):
        page = f"book/{chapter}.md"
        seen = {}
        for match in NUMBER_SPAN.finditer(read(page) or ""):
            attrs = " ".join(match[2].split())
            seen[attrs] = seen.get(attrs, 0) + 1
            key = attrs if seen[attrs] == 1 else f"{attrs} #{seen[attrs]}"
            out.append((page, key, match[1]))
    return out


# -- editions -----------------------------------------------------------------------------------

class Change:
    def __init__(self, ident, path, klass, old_sha, new_sha, reason, diff, where=""):
        self.ident, self.path, self.klass = ident, path, klass
        self.old_sha, self.new_sha, self.reason, self.diff = old_sha, new_sha, reason, diff
        self.where = where  # file:line of its change line, as read

    def lines(self):
        return record_line("change", self.ident, self.path, self.klass, self.old_sha, self.new_sha, self.reason) + \
            "".join(record_line("diff", d) for d in self.diff)


def parse_changes(lines, source):
    """The change records of [(line number, line)], blank and comment lines skipped."""
    changes = []
    for number, line in lines:
        if not line or line.startswith("#"):
            continue
        f = fields(line)
        if f[0] == "change" and len(f) == 7:
            changes.append(Change(*f[1:], [], f"{source}:{number}"))
        elif f[0] == "diff" and len(f) == 2 and changes:
            changes[-1].diff.append(f[1])
        else:
            raise EditionError(f"{source}:{number}: not a change or diff line: {line[:60]}")
    return changes


FIELDS = {"edition": 2, "date": 2, "commit": 2, "digest": 3, "output": 4, "number": 4}  # an edition file's lines


class Edition:
    def __init__(self, number):
        self.number, self.date, self.commit = number, "", ""
        self.digests, self.outputs, self.numbers, self.changes = {}, {}, [], []
        self.ids = {}
        self.lines = {}  # ("commit",), ("digest", chapter), ("output", path), ("number", page, key): its line, as read

    @property
    def path(self):
        return DIR / f"edition-{self.number}.txt"

    @classmethod
    def load(cls, number):
        edition = cls(number)
        path = edition.path
        if not path.is_file():
            raise EditionError(f"{rel(path)} is missing (editions/latest.txt names edition {number})")
        rest = []
        for number_, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            f = fields(line)
            if len(f) != FIELDS.get(f[0], len(f)):
                raise EditionError(f"{rel(path)}:{number_}: a {f[0]} line has {FIELDS[f[0]]} fields, not {len(f)}")
            if f[0] in ("change", "diff"):
                rest.append((number_, line))
            elif f[0] == "edition":
                pass
            elif f[0] == "date":
                edition.date = f[1]
            elif f[0] == "commit":
                edition.commit = f[1]
                edition.lines[("commit",)] = number_
            elif f[0] == "digest":
                edition.digests[f[1]] = f[2]
                edition.lines[("digest", f[1])] = number_
            elif f[0] == "output":
                edition.ids[f[2]] = f[1]
                edition.outputs[f[2]] = f[3]
                edition.lines[("output", f[2])] = number_
            elif f[0] == "number":
                edition.numbers.append((f[1], f[2], f[3]))
                edition.lines[("number", f[1], f[2])] = number_
            elif not line.startswith("#"):
                raise EditionError(f"{rel(path)}:{number_}: unknown line: {line[:60]}")
        edition.changes = parse_changes(rest, rel(path))
        return edition

    def text(self):
        out = [f"# Edition {self.number} of the book: written by scripts/release-edition; never edit it.\n",
               record_line("edition", self.number), record_line("date", self.date), record_line("commit", self.commit)]
        out += [record_line("digest", c, d) for c, d in self.digests.items()]
        out += [record_line("output", self.ids[p], p, s) for p, s in self.outputs.items()]
        out += [record_line("number", *n) for n in self.numbers]
        out += [c.lines() for c in self.changes]
        return "".join(out)


def latest_number():
    """The last released edition's number, 0 before the first."""
    if not LATEST.is_file():
        return 0
    for line in LATEST.read_text(encoding="utf-8").splitlines():
        if line.startswith("EDITION="):
            return int(line.split("=", 1)[1])
    raise EditionError(f"{rel(LATEST)} has no EDITION= line")


def latest():
    number = latest_number()
    return Edition.load(number) if number else None


def load_pending():
    if not PENDING.is_file():
        return []
    return parse_changes(enumerate(PENDING.read_text(encoding="utf-8").splitlines(), 1), rel(PENDING))


def save_pending(changes):
    if not changes:
        PENDING.unlink(missing_ok=True)
        return
    header = "# Changes to published outputs since the last edition: scripts/update-golden --reason records\n" \
             "# them, scripts/release-edition publishes them. Never edit by hand (docs/editions.md).\n"
    write_atomically(PENDING, header + "".join(c.lines() for c in changes))


# -- recording a change (scripts/update-golden) -------------------------------------------------

def compact_diff(old, new):
    """The changed lines only: @@ headers, -old, +new (no context)."""
    old_lines = old.decode("utf-8", "replace").splitlines()
    new_lines = new.decode("utf-8", "replace").splitlines()
    return [line for line in difflib.unified_diff(old_lines, new_lines, n=0, lineterm="")
            if not line.startswith(("---", "+++"))]


def edition_bytes(edition, path):
    """The output as the edition published it: the file itself while unchanged, else from git."""
    if (ROOT / path).is_file() and sha256(ROOT / path) == edition.outputs[path]:
        return (ROOT / path).read_bytes()
    done = subprocess.run(["git", "-C", str(ROOT), "show", f"{edition.commit}:{path}"], capture_output=True)
    if done.returncode != 0 or hashlib.sha256(done.stdout).hexdigest() != edition.outputs[path]:
        raise EditionError(f"cannot read {path} as edition {edition.number} published it "
                           f"(git show {edition.commit[:12]}:{path})")
    return done.stdout


def unrecorded(outputs):
    """The last edition and the paths of `outputs` ([(path, bytes)]) that differ from what it
    published with no record in editions/pending.txt that matches them."""
    edition = latest()
    if edition is None:
        return None, []
    pending = {c.path: c for c in load_pending()}
    out = []
    for path, fresh in outputs:
        sha = hashlib.sha256(fresh).hexdigest()
        if path in edition.outputs and sha != edition.outputs[path]:
            known = pending.get(path)
            if not (known and known.old_sha == edition.outputs[path] and known.new_sha == sha):
                out.append(path)
    return edition, out


def record(outputs, reason, klass):
    """Brings editions/pending.txt up to date for the golden files as update-golden --write
    leaves them ([(path, bytes)]): a record with the reason for each output that differs from the
    last edition (one recorded for the same bytes stays unless a reason is given), none for one
    back as the edition had it. EditionError, before anything is written, when a reason is missing."""
    edition, needing = unrecorded(outputs)
    changed = [p for p, fresh in outputs if edition and p in edition.outputs
               and hashlib.sha256(fresh).hexdigest() != edition.outputs[p]]
    if reason is not None and not changed:  # never taken silently: it would be recorded nowhere
        raise EditionError(f"--reason given, but no output here differs from what edition {edition.number} published "
                           "(a case or chapter it did not have needs none); nothing was written" if edition else
                           "--reason given, but no edition is released yet: no output needs one; nothing was written")
    if edition is None:
        return
    if needing and (not reason or not reason.strip() or "\n" in reason):
        raise EditionError(f"{' '.join(needing)}: edition {edition.number} published "
                           f"{'it' if len(needing) == 1 else 'them'}; give one line saying why with --reason TEXT "
                           f"and --class ({CLASS_HELP}); nothing was written")
    if reason and klass not in CLASSES:
        raise EditionError(f"--class must be {CLASS_HELP}, got '{klass or ''}'; nothing was written")
    ids = load_ids()
    pending = {c.path: c for c in load_pending()}
    for path, fresh in outputs:
        if path not in edition.outputs:
            continue
        sha = hashlib.sha256(fresh).hexdigest()
        if sha == edition.outputs[path]:
            pending.pop(path, None)
        elif path in needing or reason:
            diff = compact_diff(edition_bytes(edition, path), fresh)
            pending[path] = Change(ids.get(path, edition.ids.get(path, "?")), path, CLASSES[klass],
                                   edition.outputs[path], sha, reason.strip(), diff)
    save_pending(list(pending.values()))


# -- the gate's check ---------------------------------------------------------------------------

def problems():
    """What makes the gate red: an output without an ID or differing from the last edition's
    without a record, a record that does not match its output, a forged record (record_audit.py)."""
    import record_audit  # it reads the records through this module
    out = record_audit.problems()
    ids = load_ids()
    current = current_outputs()
    for _, path in published_outputs():
        if path not in ids:
            out.append(f"{path} has no output ID in editions/ids.txt: run scripts/update-golden "
                       f"{path.split('/')[1][:2]} --write")
    edition = latest()
    pending = load_pending()
    if edition is None:
        if pending:
            out.append("editions/pending.txt records changes, but no edition is released yet: delete it")
        return out
    recorded = {c.path: c for c in pending}
    fix = "scripts/update-golden CHAPTER --write --reason TEXT --class 勘误|变更"
    for path, sha in edition.outputs.items():
        now = current.get(path)
        if now is None:
            out.append(f"{path}: edition {edition.number} published it and it is gone (an output is never removed)")
        elif now != sha and path not in recorded:
            out.append(f"{path} differs from edition {edition.number}'s and no reason is recorded for it "
                       f"in editions/pending.txt ({fix})")
    for change in pending:
        now = current.get(change.path)
        if change.path not in edition.outputs:
            out.append(f"editions/pending.txt records {change.path}, which edition {edition.number} did not publish")
        elif change.old_sha != edition.outputs[change.path]:
            out.append(f"editions/pending.txt: the record of {change.path} starts from {change.old_sha[:12]}, "
                       f"edition {edition.number} published {edition.outputs[change.path][:12]}")
        elif now != change.new_sha:
            out.append(f"editions/pending.txt: the record of {change.path} describes {change.new_sha[:12]}, "
                       f"the file is {(now or 'missing')[:12]} ({fix})")
        elif now == edition.outputs[change.path]:
            out.append(f"editions/pending.txt records a change of {change.path}, which is as edition "
                       f"{edition.number} published it")
        elif change.klass not in ("勘误", "变更"):
            out.append(f"editions/pending.txt: the record of {change.path} has class '{change.klass}' ({CLASS_HELP})")
    return out


# -- cutting an edition (scripts/release-edition) -----------------------------------------------

def cut(number, date, commit):
    """Writes edition-<number>.txt from the tree, with the pending changes, and latest.txt; clears
    pending.txt. The caller checked that the gate is green."""
    assign_ids()
    ids = load_ids()
    edition = Edition(number)
    edition.date, edition.commit = date, commit
    edition.outputs = current_outputs()
    edition.ids = {p: ids[p] for p in edition.outputs}
    edition.digests = chapter_digests(edition.outputs)
    edition.numbers = prose_numbers()
    edition.changes = load_pending() if number > 1 else []
    write_atomically(edition.path, edition.text())
    write_atomically(LATEST, "# The book's last released edition (scripts/release-edition writes it; "
                     "CMake reads it: common/cmake/Edition.cmake).\n"
                     f"EDITION={number}\nEDITION_DATE={date}\nEDITION_COMMIT={commit}\n")
    save_pending([])
    return edition


def today():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
