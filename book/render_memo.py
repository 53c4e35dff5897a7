#!/usr/bin/python3
"""book/render.sh's cache: the files Pandoc wrote, made again only when what they rest on changed.

  render_memo.py output CACHE TARGET LABEL -- PANDOC_ARGS...
      TARGET (a page, the EPUB, the PDF's LaTeX), rendered by `pandoc PANDOC_ARGS -o TARGET.tmp`
      and renamed (a failed render leaves nothing half-written), or the kept copy when it holds.
  render_memo.py restore CACHE < JOBS
      each job (TARGET, LABEL and PANDOC_ARGS, each ended by a NUL, the job by one more) whose kept
      file holds, copied to its TARGET as `output` would, in one Python start for all the pages
      of a render rather than one a page; prints those TARGETs, one a line. The rest are left to
      `output`.
  render_memo.py derive CACHE
      what every page tells the others now (below), computed ahead of a whole-book render.
  render_memo.py fonts CACHE DIR
      the outputs' monospace faces (book/html/mono_fonts.py) into DIR, made again only when the
      set of characters they hold (book/html/mono_chars.py) or the scripts changed.

It keys and stores the way every memo of the suite does (scripts/lib/memo_store.py): a SHA-256
over named files, one JSON record per name in CACHE (OUT/.cache/), written whole and renamed,
and only after the render passed. The store keeps records; the rendered files themselves are
kept beside them (CACHE/<name> and CACHE/<name>.json, CACHE/fonts/ and CACHE/fonts.json).

A kept file is the render when:
  - the kept file is the one its record was written for (its SHA-256 in the record);
  - the key holds: the tools (BOOK_RENDER_TOOLS: Pandoc's and rsvg-convert's versions, which
    render.sh reads once), book/filters/, render.sh and this memo's code, the figure folder
    (BOOK_FIGURE_DIR) and SOURCE_DATE_EPOCH, and the command line, an argument that names a file
    by its bytes;
  - every file the filters logged reading (BOOK_READ_LOG, book/filters/repo.lua) is byte for
    byte what it was, and one logged missing is missing still; for the PDF's LaTeX, so is every
    figure it wrote into BOOK_FIGURE_DIR;
  - what it took from other pages is what they tell now: repo.derive logs `@<what>:<page>` with
    the digest of what it took (a page's titles, its numbered figures), checked against
    summaries_digest.lua's lines for the pages as they are, so a page is not made again when
    only another page's prose changed. Those lines are computed once per render (CACHE/derived-now,
    which render.sh removes at its start), and only when a kept file's other inputs hold.
The record names the files its key hashed ("keyed") beside what the filters read ("reads",
"derived"): book/tests/render_inputs.py checks under strace that Pandoc reads nothing else.
"""
import hashlib
import os
import sys
from pathlib import Path

BOOK = Path(__file__).resolve().parent
ROOT = BOOK.parent
sys.path.insert(0, str(ROOT / "scripts" / "lib"))
import memo_store  # noqa: E402  the suite's one key scheme and store

# The key's fixed part: the filters and the code that runs them and keys their work.
FIXED = ("book/filters", "book/render.sh", "book/render_memo.py", "scripts/lib/memo_store.py")
# The files the outputs' faces may hold a character of, and the script that makes them.
FONT_SCRIPTS = ("book/html/mono_fonts.py", "book/html/mono_chars.py")


def run(argv, out=None, err=None, **how):
    """A process's exit status; out and err: a file, "null" for none, None for this process's own.
    (subprocess is imported only here: every page's render starts this module, a preview waits
    for it, and a kept file's reuse runs no process.)"""
    import subprocess
    null = {"null": subprocess.DEVNULL}
    return subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=null.get(out, out), stderr=null.get(err, err),
                          **how).returncode


def copy(source, target):
    """source's bytes as target, renamed into place."""
    tmp = target.with_name(f".{target.name}.{os.getpid()}")
    tmp.write_bytes(source.read_bytes())
    tmp.replace(target)


def fail(label):
    print(f"render: FAILED: {label}", file=sys.stderr)
    return 1


def hash_named(digest, rel):
    """A file or folder of the tree into digest, under its name (memo_store.hash_path)."""
    digest.update(f"{rel}\0".encode())
    memo_store.hash_path(digest, ROOT / rel)


def name_of(path):
    """A path as the record names it: relative to the tree when inside it."""
    real = os.path.realpath(path)
    return os.path.relpath(real, ROOT) if real.startswith(f"{ROOT}/") else real


_fixed_part = None


def run_key(args):
    """The key of `pandoc ARGS` (the module's docstring) and the files it hashed."""
    global _fixed_part
    if _fixed_part is None:  # the same for every job of a `restore`: hashed once
        _fixed_part = hashlib.sha256()
        _fixed_part.update(f"tools {os.environ.get('BOOK_RENDER_TOOLS', '')}\0".encode())
        _fixed_part.update(f"figures {os.environ.get('BOOK_FIGURE_DIR', '')}\0"
                           f"epoch {os.environ.get('SOURCE_DATE_EPOCH', '')}\0".encode())
        for rel in FIXED:
            hash_named(_fixed_part, rel)
    digest = _fixed_part.copy()
    keyed = list(FIXED)
    for arg in args:
        if os.path.isfile(arg):
            memo_store.hash_file(digest, arg, "file")
            name = name_of(arg)
            if not name.startswith("book/filters/"):  # those are in the fixed part already
                keyed.append(name)
        else:
            digest.update(f"arg {arg}\0".encode())
    return digest.hexdigest(), keyed


def derived_now(cache):
    """{`@<what>:book/<page>.md`: digest} of what every page tells the others now; {} when it
    cannot be computed (then every kept file that took something from a page is made again)."""
    path = cache / "derived-now"
    if not path.exists():
        tmp = path.with_name(f".derived-now.{os.getpid()}")
        with open(tmp, "wb") as lines:
            if run(["pandoc", "--from", "markdown", "--to", "plain", "--lua-filter", "book/filters/summaries_digest.lua",
                    "-o", "/dev/null"], out=lines, err="null", cwd=ROOT) != 0:
                lines.truncate(0)
        tmp.replace(path)
    lines = (line.split("  ", 1) for line in path.read_text(encoding="utf-8").splitlines() if "  " in line)
    return {what: digest for digest, what in lines}


def holds(cache, kept, record, key):
    """True when the kept file is the render: its record has this key, the kept file is the one
    the record was written for (a cache copied while a render wrote it, or edited, is not), and
    what it read holds."""
    if record.get("key") != key:
        return False
    kept_digest = memo_store.file_digest(kept)  # None: no kept file
    if kept_digest is None or record.get("kept") != kept_digest:
        return False
    if not memo_store.reads_hold(record.get("reads", {}), lambda name: ROOT / name):
        return False
    derived = record.get("derived", {})
    if not derived:
        return True
    now = derived_now(cache)
    return all(now.get(what) == digest for what, digest in derived.items())


def observed(log):
    """The record's "reads" and "derived" from a BOOK_READ_LOG (`<sha1>  <path>`, `-  <path>`,
    `<sha1>  @<what>:<page>`); None when a file read was changed while Pandoc ran (what was
    read is no longer on disk: nothing is kept)."""
    reads, derived = {}, {}
    lines = set(log.read_text(encoding="utf-8").splitlines()) if log.exists() else set()
    for line in sorted(lines):
        sha1, _, name = line.partition("  ")
        if name.startswith("@"):
            if derived.setdefault(name, sha1) != sha1:
                return None
            continue
        data = None
        if sha1 != "-":
            try:
                data = (ROOT / name).read_bytes()
            except OSError:
                return None
            if hashlib.sha1(data).hexdigest() != sha1:
                return None
        digest = data and hashlib.sha256(data).hexdigest()
        if reads.setdefault(name, digest) != digest:
            return None
    return reads, derived


def figures_written():
    """The figures the PDF's LaTeX uses, as it wrote them into BOOK_FIGURE_DIR."""
    folder = os.environ.get("BOOK_FIGURE_DIR")
    if not folder:
        return {}
    return {str(p): memo_store.file_digest(p) for p in sorted(Path(folder).rglob("*")) if p.is_file()}


def restored(cache, store, target, key):
    """True when TARGET's kept file holds for KEY: then it is copied to TARGET."""
    kept = cache / target.name
    if not holds(cache, kept, store.load(target.name), key):
        return False
    copy(kept, target)
    return True


def restore(cache, jobs):
    """The jobs (bytes: TARGET\0LABEL\0ARG\0...\0\0, one after another) whose kept file holds,
    copied into place; prints their targets."""
    store = memo_store.Store(cache)
    job = []
    for field in jobs.split(b"\0"):
        if field:
            job.append(os.fsdecode(field))
            continue
        if len(job) >= 3 and restored(cache, store, Path(job[0]), run_key(job[2:])[0]):
            print(job[0])
        job = []
    return 0


def output(cache, target, label, args):
    store = memo_store.Store(cache)
    name = target.name
    kept = cache / name
    key, keyed = run_key(args)
    tmp = target.with_name(target.name + ".tmp")
    if restored(cache, store, target, key):
        return 0
    store.forget(name)  # the record goes first: an interrupted run leaves no false one
    log = cache / f".{name}.reads"
    log.unlink(missing_ok=True)
    if run(["pandoc", *args, "-o", str(tmp)], env=dict(os.environ, BOOK_READ_LOG=str(log))) != 0:
        tmp.unlink(missing_ok=True)
        log.unlink(missing_ok=True)
        return fail(f"{label} (the message above names what is missing)")
    seen = observed(log)
    log.unlink(missing_ok=True)
    if seen is not None:
        reads, derived = seen
        reads.update(figures_written())
        copy(tmp, kept)
        store.save(name, {"key": key, "keyed": keyed, "kept": memo_store.file_digest(kept), "reads": reads,
                          "derived": derived})
    tmp.replace(target)
    return 0


def fonts(cache, dest):
    store = memo_store.Store(cache)
    kept = cache / "fonts"
    digest = hashlib.sha256()
    for rel in (*FONT_SCRIPTS, "book/render_memo.py", "scripts/lib/memo_store.py"):
        hash_named(digest, rel)
    # The faces rest on the characters they hold, not on the bytes those come from: a C++ edit
    # that brings no new character keeps them (a second and a half of fontTools per render).
    sys.path.insert(0, str(BOOK / "html"))
    import mono_chars
    digest.update("".join(sorted(mono_chars.characters(ROOT))).encode("utf-8", "surrogatepass"))
    key = digest.hexdigest()
    if store.load("fonts").get("key") != key or not kept.is_dir():
        import shutil
        store.forget("fonts")
        shutil.rmtree(kept, ignore_errors=True)
        kept.mkdir(parents=True)
        if run(["/usr/bin/python3", str(BOOK / "html" / "mono_fonts.py"), str(ROOT), str(kept)],
               out="null") != 0:
            return fail("the outputs' fonts (book/html/mono_fonts.py)")
        store.save("fonts", {"key": key})
    dest.mkdir(parents=True, exist_ok=True)
    for face in sorted(kept.glob("*.woff2")):
        copy(face, dest / face.name)
    return 0


def main(argv):
    if len(argv) >= 5 and argv[0] == "output" and argv[4] == "--":
        return output(Path(argv[1]), Path(argv[2]), argv[3], argv[5:])
    if len(argv) == 2 and argv[0] == "restore":
        return restore(Path(argv[1]), sys.stdin.buffer.read())
    if len(argv) == 2 and argv[0] == "derive":
        derived_now(Path(argv[1]))
        return 0
    if len(argv) == 3 and argv[0] == "fonts":
        return fonts(Path(argv[1]), Path(argv[2]))
    print(__doc__.split("\n\n")[0], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
