#!/usr/bin/env python3
"""measure_server_test.py: chromium_pages.measure through the kept measure_pages.js (--serve),
as the page checks use it under scripts/test (BOOK_MEASURE_SERVE=1), on pages of its own:
  1. the reports are those of a browser of the check's own (no BOOK_MEASURE_SERVE);
  2. a second job is answered by the same server (its socket not made again); a stylesheet
     changed before the next job is read again (the server keeps its tabs between jobs);
  3. two jobs at once get their own reports, from one server;
  4. a socket left behind by a server that died: a new server answers;
  5. a job still arriving when the server's idle time runs out (its first bytes sent before, the
     rest after: the next check, about IDLE_S after the last one's) is answered,
     not run on a browser that is closing;
  6. idle for longer than BOOK_MEASURE_IDLE_S: the server is gone, its socket, lock and log too, and
     its Chromium left nothing in the temporary folder (a browser killed while it shut down leaves
     org.chromium.Chromium.*, one a run).
Between 3 and 4, a check written as a browser_check.js module (book/a11y, book/search and
book/sidebar are), as chromium_pages.py --run sends one:
  3a. run by the server, it prints what `node CHECK.js` of its own does, with the caller's
      environment, folder and exit status;
  3b. the check edited between two jobs: the next job runs the edited check;
  3c. a run past the check's deadline is answered, FAIL and exit 1, and the server answers the next.
The servers run with a temporary folder of the test's own (TMPDIR), so what they leave is seen.
"""
import concurrent.futures
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import chromium_pages  # noqa: E402

IDLE_S = 3
LEAVE_S = IDLE_S + 20
MEASURE = "() => ({ width: document.documentElement.scrollWidth, text: document.body.textContent.trim(), " \
          "color: getComputedStyle(document.body).color })"


def fail(message):
    print(f"FAIL: measure_server_test: {message}")
    sys.exit(1)


def loads(folder, names):
    return [{"url": (folder / name).as_uri(), "width": 375, "height": 600, "dark": dark}
            for name in names for dark in (False, True)]


def measured(folder, names):
    jobs = loads(folder, names)
    return chromium_pages.measure(jobs, MEASURE, 60)


def main():
    work = Path(tempfile.mkdtemp(prefix="measure-server-"))
    temporary = work / "tmp"  # the servers' and browsers' temporary folder (inherited from here)
    temporary.mkdir()
    os.environ["TMPDIR"] = tempfile.tempdir = str(temporary)
    (work / "css.css").write_text("body { margin: 0; color: rgb(1, 2, 3) } @media (prefers-color-scheme: dark) { "
                                  "body { color: rgb(200, 201, 202) } }\n", encoding="utf-8")
    for name, width in (("a.html", 300), ("b.html", 900)):
        (work / name).write_text(f'<!doctype html><link rel="stylesheet" href="css.css"><body>'
                                 f'<div style="width:{width}px">{name}</div>\n', encoding="utf-8")
    os.environ.pop("BOOK_MEASURE_SERVE", None)  # scripts/test's: a browser of the check's own first
    own = measured(work, ["a.html", "b.html"])
    if [r[0]["width"] for r in own] != [375, 375, 900, 900] or own[1][0]["color"] != "rgb(200, 201, 202)":
        fail(f"a browser of its own measured {own}")
    os.environ["BOOK_MEASURE_SERVE"] = "1"
    os.environ["BOOK_MEASURE_IDLE_S"] = str(IDLE_S)
    deps = chromium_pages_deps()
    where = lambda: chromium_pages.server_socket(deps, {"CHROMIUM": chromium_pages.chromium()})  # noqa: E731
    path = where()

    if measured(work, ["a.html", "b.html"]) != own:
        fail("step 1: the kept server measured otherwise than a browser of its own")
    if not path.exists():
        fail(f"step 1: no server socket at {path}")
    first = path.stat().st_ino
    if measured(work, ["b.html"]) != own[2:] or where() != path or path.stat().st_ino != first:
        fail("step 2: the second job was not answered by the same server")

    css = (work / "css.css").read_text(encoding="utf-8")
    (work / "css.css").write_text(css.replace("rgb(1, 2, 3)", "rgb(4, 5, 6)"), encoding="utf-8")
    changed = measured(work, ["a.html", "b.html"])
    (work / "css.css").write_text(css, encoding="utf-8")
    if [r[0]["color"] for r in changed] != ["rgb(4, 5, 6)", "rgb(200, 201, 202)"] * 2:
        fail(f"step 2: a stylesheet changed between two jobs was not read again: {changed}")

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        at_once = list(pool.map(lambda name: measured(work, [name]), ["a.html", "b.html"]))
    if at_once != [own[:2], own[2:]] or path.stat().st_ino != first:
        fail(f"step 3: two jobs at once: {at_once}")

    checks_in_the_server(work, deps)

    stop(path)
    crashed = set(temporary.iterdir())  # what the killed server and its browser may leave
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(path))  # a socket file no one listens on
    dead.close()
    if measured(work, ["a.html"]) != own[:2]:
        fail("step 4: after a server died, its socket left behind, the job was not measured")

    job = json.dumps({"measure": MEASURE, "loads": loads(work, ["a.html"]), "tabs": 1, "deadline": 60}).encode()
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.settimeout(90)
            client.connect(str(path))
            client.sendall(job[:10])
            time.sleep(IDLE_S + 1)
            client.sendall(job[10:])
            client.shutdown(socket.SHUT_WR)
            reply = b"".join(iter(lambda: client.recv(1 << 16), b""))
    except OSError as e:
        fail(f"step 5: the server went while a job was still arriving at its idle time: {e}")
    try:
        answer = json.loads(reply)
    except ValueError:
        fail(f"step 5: a job still arriving at the idle time got no answer: {reply[:200]!r}")
    if [r.get("report") for r in answer.get("results", [])] != [r[0] for r in own[:2]]:
        fail(f"step 5: a job still arriving at the idle time was answered {str(answer)[:300]}")

    # Gone at IDLE_S after the last job, with its browser's files once Chromium has closed: waited
    # for, up to LEAVE_S (a busy machine closes a browser slowly), not slept through.
    files = (path, path.with_suffix(".lock"), path.with_suffix(".log"))
    litter = lambda: sorted(p.name for p in set(temporary.iterdir()) - crashed - {path.parent})  # noqa: E731
    deadline = time.monotonic() + LEAVE_S
    while (any(p.exists() for p in files) or litter()) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = [p.name for p in files if p.exists()]
    if left:
        fail(f"step 6: {LEAVE_S} s after its last job the server, idle after {IDLE_S} s, left {left}")
    if litter():
        fail(f"step 6: the server left, and its browser left {litter()} in the temporary folder {temporary}")
    shutil.rmtree(work)
    print("PASS: the kept server measures what a browser of the check's own does, answers the next jobs and two "
          "at once, runs a browser_check.js check as its own Node does (edited: the edit; late: FAIL), replaces one "
          "that died, answers a job still arriving at its idle time, and leaves when idle")


CHECK = """'use strict';
const {{ check }} = require({browser_check});
async function run(io) {{
  const [name, wait] = io.args;
  if (wait) await new Promise((resolve) => setTimeout(resolve, Number(wait) * 1000));
  const tabs = await io.tabs();
  const tab = await tabs.take();
  await tab.page.goto(require('url').pathToFileURL(io.path(name)).href);
  const pooled = await tab.page.evaluate(() => document.body.textContent.trim());
  tabs.give(tab);
  const context = await (await io.browser()).newContext({{ viewport: {{ width: 375, height: 600 }} }});
  const page = await context.newPage();
  await page.goto(require('url').pathToFileURL(io.path(name)).href);
  const own = await page.evaluate(() => document.documentElement.scrollWidth);
  const said = (await io.python(['-c', 'import os; print(os.environ["CHECK_SAYS"])'])).stdout.trim();
  io.out(`{word} ${{pooled}} ${{own}} ${{said}}`);
  io.err('a line on stderr');
  return 3;
}}
module.exports = check(module, run, {deadline});
"""


def checks_in_the_server(work, deps):
    """Steps 3a-3c: a browser_check.js check run by the kept server."""
    script = work / "check.js"
    write = lambda word, deadline=60: script.write_text(CHECK.format(  # noqa: E731
        browser_check=json.dumps(str(chromium_pages.BROWSER_CHECK)), word=word, deadline=deadline), encoding="utf-8")
    env = {**os.environ, "CHROMIUM": chromium_pages.chromium(), "CHECK_SAYS": "hello"}

    def job(*args):
        answer = chromium_pages.served({"script": str(script), "deps": deps, "args": list(args), "env": env,
                                        "cwd": str(work)}, deps, env, 60)
        return answer.get("status"), answer.get("out"), answer.get("err"), answer.get("error")

    write("seen")
    own = subprocess.run(["node", str(script), deps, "b.html"], capture_output=True, text=True, env=env, cwd=work)
    want = (3, "seen b.html 900 hello\n", "a line on stderr\n", None)
    if (own.returncode, own.stdout, own.stderr, None) != want:
        fail(f"step 3a: the check in a Node of its own: exit {own.returncode}, {own.stdout!r}, {own.stderr!r}")
    if job("b.html") != want:
        fail(f"step 3a: the check run by the server: {job('b.html')}, not {want}")
    write("edited")
    if job("a.html")[1] != "edited a.html 375 hello\n":
        fail(f"step 3b: the check edited between two jobs: the server ran {job('a.html')}")
    write("late", deadline=1)
    status, out, _, _ = job("a.html", "5")
    if status != 1 or "FAIL: still running after 1 s" not in out:
        fail(f"step 3c: a run past its deadline was answered exit {status}, {out!r}")
    write("after")
    if job("a.html")[1] != "after a.html 375 hello\n":
        fail(f"step 3c: after a run past its deadline the server answered {job('a.html')}")


def chromium_pages_deps():
    """The npm packages' folder, as measure() finds it."""
    run = subprocess.run(["bash", str(chromium_pages.NPM_DEPS), os.environ.get("BOOK_SEARCH_DEPS", "")],
                         capture_output=True, text=True, check=True)
    return run.stdout.strip()


def stop(path):
    """Stops the server on PATH the way a crash would: its process killed, its socket left."""
    if subprocess.run(["pkill", "-KILL", "-f", "--", f"--serve {path}"], check=False).returncode != 0:
        fail(f"step 4: no server process serving {path} to stop")
    for _ in range(100):
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
                probe.connect(str(path))
        except ConnectionRefusedError:
            break
        except FileNotFoundError:
            break
        time.sleep(0.05)
    path.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
