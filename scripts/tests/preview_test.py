#!/usr/bin/env python3
"""preview_test.py WORK_DIR [CHAPTER]: scripts/preview as an author uses it
(ctest scripts/preview, labels book and preview).

In a copy of the tree (WORK_DIR/tree, the sources only; its build/ is kept
between runs so that it stays warm) it starts `scripts/preview --port P CHAPTER`
on a free port and, every wait bounded in time:
  1. waits for the first build, tests and render, and fetches the page;
  2. starts a second preview on the same tree: it must refuse, saying why;
  3. adds a sentence to book/<chapter>.md: a browser tab open on the page (headless
     Chromium, scripts/tests/preview_tab.js) reloads by itself and shows it, and the search
     index (built after the page) finds it; no other page (the chapters, the contents,
     勘误与变更) was rendered again (book/render.sh's Ninja build: the edit changed none of their inputs);
  4. adds a number bound to nothing: the page shows the numbers audit's failure (the audit
     runs after the tab reloads), and comes back once the number is taken out; adds a bound
     number (a copy of one the page has): 勘误与变更 is rendered again, no other chapter page;
  5. breaks a golden file: every page shows the failure, with the diff's lines;
  6. restores it: the page comes back, with the new sentence;
  7. sends SIGINT (Ctrl-C): the preview exits 0 and no process runs in the copy.
"""
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARK = "预览测试写下的新句子"
BROKEN = "this line was added by the preview test"
UNBOUND = "预览测试写下的数 987.65，它没有出处。"
BOUND_MARK = "预览测试引用的数"
BOUND = BOUND_MARK + " {}，与上文同源。"


def say(message):
    print(f"preview-test: {message}", flush=True)


def fail(message, log=None):
    if log and log.is_file():
        print(log.read_text(encoding="utf-8", errors="replace")[-4000:], file=sys.stderr)
    print(f"preview-test: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def copy_tree(tree):
    """The sources into tree/, as scripts/tests/new-chapter-test.sh copies them; tree/build stays."""
    tree.mkdir(parents=True, exist_ok=True)
    for p in tree.iterdir():
        if p.name != "build":
            shutil.rmtree(p) if p.is_dir() and not p.is_symlink() else p.unlink()
    subprocess.run(f"tar -C '{ROOT}' --exclude='./build*' --exclude='./.git' -cf - . | tar -C '{tree}' -xf -",
                   shell=True, check=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None, ""


def wait_for(what, predicate, seconds, log):
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        value = predicate()
        if value:
            took = time.monotonic() - start
            say(f"{what}: after {took:.1f} s")
            return took
        time.sleep(0.25)
    fail(f"{what}: not within {seconds} s (the preview's output follows)", log)


def processes_in(tree):
    """Processes (other than this one) whose working folder or command line is in the copy."""
    found = []
    mine = str(tree)
    for pid in filter(str.isdigit, os.listdir("/proc")):
        if int(pid) == os.getpid():
            continue
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
            cwd = os.readlink(f"/proc/{pid}/cwd")
        except OSError:
            continue
        if cwd == mine or cwd.startswith(mine + "/") or mine in cmd:
            found.append(f"{pid}: {cmd.strip()} (in {cwd})")
    return found


def paragraph_line(markdown):
    """The index of the first plain prose line of a page (not a heading, fence, list, table or div)."""
    in_fence = False
    for i, line in enumerate(markdown):
        if line.startswith("```"):
            in_fence = not in_fence
            continue
        if not in_fence and i > 0 and line.strip() and not re.match(r"\s*([#:|>!\[-]|\d+\.|\$\$)", line) \
                and not markdown[i - 1].strip():
            return i
    fail("found no prose line to edit in the page")


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: preview_test.py WORK_DIR [CHAPTER]")
    work = Path(sys.argv[1]).resolve()
    tree = work / "书稿 tree"  # an author's folder named in Chinese, with a space
    # By default the first chapter of the one list.
    chapter = sys.argv[2] if len(sys.argv) == 3 else next(
        line.split()[0] for line in (ROOT / "chapters" / "chapters.list").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#"))
    start = time.monotonic()
    copy_tree(tree)
    say(f"copied the sources into {tree} ({time.monotonic() - start:.1f} s)")

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    page_url = f"{base}/{chapter}.html"
    log = work / "preview.log"
    env = dict(os.environ)
    with open(log, "w") as out:
        preview = subprocess.Popen([sys.executable, str(tree / "scripts" / "preview"), "--port", str(port), chapter],
                                   cwd=tree, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   env=env, start_new_session=True)
    try:
        def state():
            status, body = get(f"{base}/__preview__/state")
            return body if status == 200 and '"version": 0' not in body else None
        wait_for("the first build, tests and render", state, 420, log)
        status, body = get(page_url)
        if status != 200 or 'id="preview-failure"' in body:
            fail(f"{page_url}: status {status}, or it shows a failure:\n{body[:3000]}", log)
        if "/__preview__/reload.js" not in body:
            fail("the served page has no reload script")
        if "__preview__" in (tree / "build" / "book" / "html" / f"{chapter}.html").read_text(encoding="utf-8"):
            fail("the reload script was written into the rendered file (it belongs to the served copy only)")
        say(f"fetched {page_url}")

        second = subprocess.run([sys.executable, str(tree / "scripts" / "preview"), "--port", str(free_port()), chapter],
                                cwd=tree, capture_output=True, text=True, timeout=30)
        if second.returncode != 1 or "already running" not in second.stderr or second.stderr.count("\n") != 1:
            fail(f"a second preview on the same tree: exit {second.returncode}, stderr {second.stderr!r}")
        say(f"a second preview refuses: {second.stderr.strip()}")

        md = tree / "book" / f"{chapter}.md"
        # The search index as it is before the edit (its build/ is kept between runs: an old
        # index may hold the sentence already): the edit's must be a newer one.
        index = tree / "build" / "book" / "html" / "search" / "index.js"
        index_before = index.stat().st_mtime_ns if index.is_file() else 0
        html = tree / "build" / "book" / "html"
        others = [p for p in html.glob("*.html") if p.stem != chapter]
        others_before = {p: p.stat().st_mtime_ns for p in others}
        chromium = os.environ.get("CHROMIUM") or shutil.which("chromium")
        if chromium:
            # A browser tab open on the page: it must reload by itself and show the sentence.
            deps = subprocess.run([str(ROOT / "book" / "search" / "npm-deps.sh")], capture_output=True, text=True,
                                  check=True, timeout=300).stdout.strip()
            tab = subprocess.run(["node", str(ROOT / "scripts" / "tests" / "preview_tab.js"), deps, page_url, str(md), MARK],
                                 capture_output=True, text=True, timeout=120, env={**os.environ, "CHROMIUM": chromium})
            if tab.returncode != 0:
                fail(f"the open tab: {tab.stdout}{tab.stderr}", log)
            say(tab.stdout.strip())
        else:
            say("no chromium: the page is fetched, no tab is watched")
            lines = md.read_text(encoding="utf-8").split("\n")
            at = paragraph_line(lines)
            lines[at] = lines[at] + MARK + "。"
            md.write_text("\n".join(lines), encoding="utf-8")
        wait_for("the new sentence on the page", lambda: MARK in get(page_url)[1], 60, log)
        # The page comes first; the search index is built right after it (BOOK_SEARCH=later).
        wait_for("the new sentence in the search index", lambda: index.is_file() and index.stat().st_mtime_ns >
                 index_before and MARK in index.read_text(encoding="utf-8", errors="replace"), 60, log)

        # A sentence changes the page's prose, not what it tells the others (its titles, its
        # numbered figures, its bound numbers): Ninja renders no other page, 勘误与变更 included
        # (book/render.sh, book/filters/summarize.lua).
        again = [p.name for p in others if p.stat().st_mtime_ns != others_before[p]]
        if again or not others:
            fail(f"a sentence added to {chapter}'s page rendered other pages again: {again}" if again
                 else f"no other page in {html}", log)
        say(f"no other page rendered again ({', '.join(sorted(p.name for p in others))} as they were)")

        # A number the prose binds to nothing: the page shows it (the render passes), then the
        # audit that runs after the reload fails, and every page shows its failure, naming it.
        kept = md.read_text(encoding="utf-8")
        md.write_text(kept + "\n" + UNBOUND + "\n", encoding="utf-8")
        wait_for("the audit's failure of an unbound number on the page",
                 lambda: (lambda b: 'id="preview-failure"' in b and "987.65" in b)(get(page_url)[1]), 60, log)
        md.write_text(kept, encoding="utf-8")
        wait_for("the page back after the number is taken out",
                 lambda: (lambda b: MARK in b and 'id="preview-failure"' not in b)(get(page_url)[1]), 60, log)
        say("an unbound number: the page shows the numbers audit's failure, then comes back")

        # A bound number changes what the page tells 勘误与变更 (.summaries/<chapter>.bound), and
        # only that page's edge reads it: Ninja renders 勘误与变更 again, no other chapter page.
        # (Checked on the summary and the build's edges: restat may keep the page's bytes and
        # mtime, and Ninja may compact its log.)
        span = re.search(r"\[[^\]\n]+\]\{\.n [^}\n]*\}", kept)
        if not span:
            fail(f"no bound number ([…]{{.n …}}) on {chapter}'s page to copy")
        out = tree / "build" / "book"
        bound = f".summaries/{chapter}.bound"
        bound_before = (out / bound).read_bytes()
        md.write_text(kept + "\n" + BOUND.format(span.group(0)) + "\n", encoding="utf-8")
        wait_for("the page with a new bound number", lambda: BOUND_MARK in get(page_url)[1], 60, log)
        wait_for(f"{bound} with the new number", lambda: (out / bound).read_bytes() != bound_before, 60, log)

        def reads_bound(target):
            query = subprocess.run(["ninja", "-C", str(out), "-t", "query", target], capture_output=True,
                                   text=True, check=True, timeout=30).stdout
            return bound in (line.strip().lstrip("| ") for line in query.splitlines())
        if not reads_bound("html/errata.html"):
            fail(f"勘误与变更's edge does not read {bound}: a bound number would not render it again")
        readers = [p.name for p in html.glob("[0-9][0-9]-*.html") if reads_bound(f"html/{p.name}")]
        if readers:
            fail(f"chapter pages whose edges read {bound}: {readers}")
        md.write_text(kept, encoding="utf-8")
        wait_for("the page back after the bound number is taken out",
                 lambda: (lambda b: MARK in b and BOUND_MARK not in b)(get(page_url)[1]), 60, log)
        say("a bound number: 勘误与变更 rendered again, no other chapter page")

        golden = sorted((tree / "golden" / chapter).glob("*.txt"))[0]
        original = golden.read_bytes()
        golden.write_bytes(original + (BROKEN + "\n").encode())
        # The failure with the diff's lines (the audit still running after the last reload may
        # read the broken file first and show its own failure: the golden tests' follows it).
        wait_for(f"the failure of {golden.name} on the page, with the diff's lines",
                 lambda: (lambda b: 'id="preview-failure"' in b and BROKEN in b)(get(page_url)[1]), 120, log)
        if 'id="preview-failure"' not in get(f"{base}/")[1] and (tree / "build/book/html/index.html").is_file():
            fail("the contents page does not show the failure")
        golden.write_bytes(original)
        wait_for("the page back after the golden file is restored",
                 lambda: (lambda b: MARK in b and 'id="preview-failure"' not in b)(get(page_url)[1]), 120, log)

        preview.send_signal(signal.SIGINT)
        try:
            code = preview.wait(timeout=20)
        except subprocess.TimeoutExpired:
            fail("the preview still runs 20 s after Ctrl-C (SIGINT)", log)
        if code != 0:
            fail(f"the preview exited {code} on Ctrl-C", log)
        time.sleep(0.5)
        left = processes_in(tree)
        if left:
            fail("processes left in the copy after Ctrl-C:\n  " + "\n  ".join(left))
        if get(page_url)[0] is not None:
            fail("the server still answers after Ctrl-C")
        say(f"stopped cleanly; ok in {time.monotonic() - start:.0f} s")
    finally:
        if preview.poll() is None:
            os.killpg(preview.pid, signal.SIGKILL)
            preview.wait()


if __name__ == "__main__":
    main()
