#!/usr/bin/env python3
"""render_inputs.py WORK_DIR PAGE... | --planted WORK_DIR: the render cache's inputs, observed.

book/render.sh keeps a page while what its record names holds (book/render_memo.py): the key's
fixed part (book/filters/, the scripts), the command line's files, and what the filters logged
reading through book/filters/repo.lua. A filter that opened a file another way (io.open) would
make a page that is not rendered again when that file changes. So this renders PAGE... (a
chapter, `02` or `02-op-traffic`; `index`; `errata`) into WORK_DIR/out, every Pandoc run under strace
(scripts/lib/traced_inputs.py), and fails, naming the page and the file, when Pandoc read a
file of the tree (or of ../shared) that its record does not cover. The other pages are left out
(empty stand-ins), and so is the search: one page costs its render, about a second.

With BOOK_CHECK_MEMO (scripts/build-book) WORK_DIR's render cache stays between runs that passed:
a page whose record still holds is taken from it, not rendered (so not traced) again. That is
sound because the cache is kept only from a run in which every page it holds was rendered under
strace and passed, by this very check (its scripts' digest is kept beside it; a failed run or a
changed check empties it), and a record that holds means the same inputs, so the same reads.
Without BOOK_CHECK_MEMO every page is rendered from nothing.

--planted: the proof that it can fail, kept in the test: in a copy of the tree whose
book/filters/golden.lua also io.open()s the last chapter's golden cases.list, the first chapter's
page is rendered and the check must name that file.
"""
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "lib"))
import suite  # noqa: E402  the chapter list
import traced_inputs  # noqa: E402  strace's command and its log's reads

BOOK_PAGES = ("index", "errata")  # the pages besides the chapters'


def wrap_pandoc(work):
    """WORK/bin/pandoc: the real Pandoc under strace, each run's calls in WORK/traces/<n>.trace
    and its arguments in <n>.json."""
    real = shutil.which("pandoc")
    (work / "bin").mkdir()
    (work / "traces").mkdir()
    wrapper = work / "bin" / "pandoc"
    words = [sys.executable, str(Path(__file__).resolve()), "--trace", str(work / "traces"), real]
    # Quoted: the tree may sit in a folder with spaces (the template test's copy does).
    wrapper.write_text(f'#!/bin/sh\nexec {" ".join(map(shlex.quote, words))} "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)


def trace(folder, argv):
    """The wrapper's side: runs argv under strace, keeps its arguments beside the trace."""
    log = tempfile.NamedTemporaryFile(dir=folder, suffix=".trace", delete=False).name
    Path(log).with_suffix(".json").write_text(json.dumps({"argv": argv, "cwd": os.getcwd()}), encoding="utf-8")
    return subprocess.run(traced_inputs.traced(argv, log)).returncode


def coverage(tree, record):
    """The real paths of the files the record covers, and of the folders it covers whole."""
    files, folders = set(), []
    for name in [*record.get("keyed", []), *record.get("reads", {})]:
        path = os.path.realpath(tree / name)
        if os.path.isdir(path):
            folders.append(path + "/")
        else:
            files.add(path)
    for what in record.get("derived", {}):
        files.add(os.path.realpath(tree / what.split(":", 1)[1]))  # `@<what>:book/<page>.md`
    return files, tuple(folders)


def uncovered(tree, work):
    """[(page, file)] of what a traced page render read in the tree (or ../shared) that its
    record does not cover; and how many page renders were checked."""
    inside = [os.path.realpath(tree) + "/"]
    if (tree.parent / "shared").is_dir():
        inside.append(os.path.realpath(tree.parent / "shared") + "/")
    ignored = os.path.realpath(work) + "/"
    found, checked = [], 0
    for meta in sorted((work / "traces").glob("*.json")):
        run = json.loads(meta.read_text(encoding="utf-8"))
        argv = run["argv"]
        target = argv[argv.index("-o") + 1] if "-o" in argv else ""
        if not target.endswith(".tmp"):
            continue  # pandoc --version, the pages' summaries (render_memo.py's derived-now)
        name = Path(target[:-len(".tmp")]).name
        record = json.loads((work / "out" / ".cache" / f"{name}.json").read_text(encoding="utf-8"))
        files, folders = coverage(tree, record)
        with open(meta.with_suffix(".trace"), encoding="utf-8", errors="surrogateescape") as log:
            reads = traced_inputs.parse(log, run["cwd"]).reads
        checked += 1
        for path in sorted(reads):
            if path.startswith(tuple(inside)) and not path.startswith(ignored) \
                    and path not in files and not path.startswith(tuple(folders)):
                found.append((name, os.path.relpath(path, tree)))
    return found, checked


def render(tree, work, pages):
    """Renders PAGE... of tree into work/out, Pandoc traced; the other pages are empty stand-ins
    (render.sh renders a page that is not there yet) and the search waits."""
    html = work / "out" / "html"
    html.mkdir(parents=True)
    wanted = [page if page in BOOK_PAGES else suite.resolve_chapter(page)[0] for page in pages]
    for stem in [*BOOK_PAGES, *(c for c, _ in suite.chapters())]:
        if stem not in wanted:
            (html / f"{stem}.html").write_text("", encoding="utf-8")
    chapters = [stem for stem in wanted if stem not in BOOK_PAGES] or [suite.chapters()[0][0]]
    if chapters[0] not in wanted:  # render.sh renders at least one chapter's page: a stand-in's
        (html / f"{chapters[0]}.html").unlink()
    env = dict(os.environ, PATH=f"{work / 'bin'}:{os.environ['PATH']}", BOOK_SEARCH="later")
    done = subprocess.run(["bash", str(tree / "book" / "render.sh"), str(work / "out"), *chapters], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        sys.exit(f"render-inputs: FAILED: book/render.sh failed:\n{done.stdout}")


# The faces render.sh makes (book/render_memo.py fonts, a second and a half) stay between runs:
# they are made again only when their sources change, and the test is about Pandoc's reads.
KEPT = ("out/.cache/fonts", "out/.cache/fonts.json")


def checker_digest():
    """What this check's verdicts rest on besides the render's own records: its scripts."""
    digest = hashlib.sha256()
    for script in (Path(__file__).resolve(), Path(traced_inputs.__file__).resolve()):
        digest.update(script.read_bytes())
    return digest.hexdigest()


PASSED = "passed"  # WORK/passed: the checker's digest, written when a run passed


def reused_work(work):
    """WORK with its render cache kept (BOOK_CHECK_MEMO) when the last run passed under this very
    check; otherwise emptied as fresh_work does. Returns True when the cache was kept."""
    marker = work / PASSED
    if not marker.is_file() or marker.read_text(encoding="utf-8") != checker_digest():
        fresh_work(work)
        return False
    marker.unlink()
    for entry in work.iterdir():
        if entry.name != "out":
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    for entry in (work / "out").iterdir():
        if entry.name != ".cache":
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    return True


def fresh_work(work):
    """WORK emptied, but for KEPT."""
    saved = work.with_name(work.name + ".kept")
    shutil.rmtree(saved, ignore_errors=True)
    for rel in KEPT:
        if (work / rel).exists():
            (saved / rel).parent.mkdir(parents=True, exist_ok=True)
            (work / rel).rename(saved / rel)
    shutil.rmtree(work, ignore_errors=True)
    if saved.exists():
        saved.rename(work)
    work.mkdir(parents=True, exist_ok=True)


def check(tree, work, pages, keep_cache=False):
    """Renders PAGE... of tree, traced; prints each read its record misses. Returns them, how
    many page renders were traced, and whether a passing run's cache was kept (keep_cache only)."""
    kept = reused_work(work) if keep_cache else fresh_work(work)
    wrap_pandoc(work)
    render(tree, work, pages)
    found, checked = uncovered(tree, work)
    for name, path in found:
        print(f"render-inputs: FAILED: the render of {name} read {path}, which its record "
              f"(.cache/{name}.json: book/render_memo.py) does not cover: a filter must read the tree through "
              "book/filters/repo.lua (repo.read, repo.derive), or the file must be in the key")
    if not checked and not kept:
        print("render-inputs: FAILED: no page was rendered under strace (was it taken from a cache?)")
    return found, checked, kept


def planted(work):
    """The proof: the first chapter's page in a copy of the tree whose golden.lua also io.open()s
    the last chapter's cases.list (a page shows no other chapter's cases)."""
    chapters = [c for c, _ in suite.chapters()]
    if len(chapters) < 2:
        sys.exit("render-inputs --planted: the book has one chapter; the planted read needs another's golden file")
    page, planted_read = chapters[0], f"golden/{chapters[-1]}/cases.list"
    tree = work.with_name(work.name + "-tree")
    shutil.rmtree(tree, ignore_errors=True)
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns("build*", ".git"), symlinks=True)
    golden_lua = tree / "book" / "filters" / "golden.lua"
    golden_lua.write_text(f"do local f = assert(io.open('{tree / planted_read}', 'rb')); f:read('a'); f:close() end\n"
                          + golden_lua.read_text(encoding="utf-8"), encoding="utf-8")
    found, _, _ = check(tree, work, [page])
    if (f"{page}.html", planted_read) not in found:
        print(f"render-inputs --planted: FAILED: golden.lua io.open()ed {planted_read} while {page}'s page rendered, "
              "and the check did not name it")
        return 1
    shutil.rmtree(tree)
    print(f"render-inputs --planted: ok (the failure above is the planted one: a filter's io.open of {planted_read})")
    return 0


def main(argv):
    if len(argv) >= 3 and argv[0] == "--trace":
        return trace(argv[1], argv[2:])
    if not traced_inputs.available():
        sys.exit("render-inputs: strace not found (scripts/install-deps installs it)")
    if len(argv) == 2 and argv[0] == "--planted":
        return planted(Path(argv[1]).resolve())
    if len(argv) < 2 or argv[0].startswith("-"):
        sys.exit(__doc__)
    work = Path(argv[0]).resolve()
    found, checked, kept = check(ROOT, work, argv[1:], keep_cache=bool(os.environ.get("BOOK_CHECK_MEMO")))
    if found or not (checked or kept):
        return 1
    cached = len(argv) - 1 - checked
    from_cache = (f"; {cached} page(s) from the render cache: their records still hold, kept from a run that "
                  f"traced them and passed (BOOK_CHECK_MEMO)" if kept and cached > 0 else "")
    print(f"render-inputs: ok ({checked} page renders traced: every file of the tree Pandoc read is in its record"
          f"{from_cache})")
    if os.environ.get("BOOK_CHECK_MEMO"):
        (work / PASSED).write_text(checker_digest(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
