"""Measures pages in ONE headless Chromium session (book/html-layout, book/epub-width), and runs
the checks written as browser_check.js modules (book/a11y, book/search, book/sidebar) in that
same session.

book/tests/measure_pages.js loads the pages: Node drives Chromium through
playwright-core, installed as book/search/package-lock.json pins it by
book/search/npm-deps.sh (into $BOOK_SEARCH_DEPS or build/search-deps), the
same packages the search's tests use. A missing node, npm package or browser
is a failure with its reason, never a pass.

Under scripts/test (BOOK_MEASURE_SERVE=1) the checks send their jobs to one measure_pages.js
kept running (`--serve`, a UNIX socket in a folder of this user's own under the temporary folder,
named by a digest of the tree, the script, the npm packages, Node and the browser): each start
of Node, playwright-core and Chromium cost about 0.9 CPU s. The first check starts it
(under a lock, so two at once start one); it exits SERVE_IDLE_S seconds after its last job. It
keeps its tabs between jobs (a new tab's first load of a page costs about twice a later one), and
each load is a fresh load of the page's files as they are then, so a job measures what it would
in a browser of its own. When the server
cannot be reached or started, the check starts its own measure_pages.js, as everywhere else
(ctest run by hand, --all; book/measure-server compares the two).

python3 chromium_pages.py --run CHECK.js DEPS_DIR ARGS... (book/search/tests/run.sh, when the
server is on as above): the browser_check.js check CHECK.js run as a job of that server, its lines
printed and its exit status returned; with the server off or out of reach, or a script that is no
such check, `node CHECK.js DEPS_DIR ARGS...` instead, the same run in a Node and browser of its own.
"""
import fcntl
import hashlib
import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
NPM_DEPS = HERE.parent / "search" / "npm-deps.sh"
MEASURE_PAGES = HERE / "measure_pages.js"
BROWSER_CHECK = HERE / "browser_check.js"
SERVE_IDLE_S = 20  # longer than the gaps between the page checks (book/measure-server: shorter)
CHECKS = {HERE / "a11y.js", HERE / "sidebar_toggle.js", HERE.parent / "search" / "tests" / "search_page.js"}
CHECK_WAIT_S = 600  # a check's run ends at its own deadline (browser_check.js), each under 450 s


class Unavailable(Exception):
    """Chromium, node or the npm packages are missing, or the browser did not run."""


def chromium():
    """$CHROMIUM (ctest sets the one CMake found), else the first on PATH."""
    if os.environ.get("CHROMIUM"):
        return shutil.which(os.environ["CHROMIUM"])
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def measure(loads, function, deadline, tabs=2):
    """Runs the JS `function` on every load (dict: url, width, height, dark, shot; group: loads of
    one page with the same group are one page load, resized and its colour scheme switched between
    them, measure_pages.js) after it loaded.

    Returns one (report, error) per load, in order. Raises Unavailable when nothing could be
    measured at all. No loads: nothing is started."""
    if not loads:
        return []
    browser = chromium()
    if not browser:
        raise Unavailable("chromium not found (scripts/install-deps --book installs it)")
    if not shutil.which("node"):
        raise Unavailable("node not found (scripts/install-deps --book installs it)")
    deps = subprocess.run(["bash", str(NPM_DEPS), os.environ.get("BOOK_SEARCH_DEPS", "")],
                          capture_output=True, text=True)
    if deps.returncode != 0:
        raise Unavailable(f"the npm packages (book/search/npm-deps.sh): {deps.stderr.strip()}")
    job = {"measure": function, "loads": loads, "tabs": tabs, "deadline": deadline}
    env = {**os.environ, "CHROMIUM": browser}
    results = None
    if serving():
        try:
            answer = served(job, deps.stdout.strip(), env, deadline)
            if "error" in answer:
                raise Unavailable(f"measure_pages.js --serve: {answer['error'][-600:]}")
            results = answer["results"]
        except (OSError, ValueError) as e:  # the check goes on with a browser of its own
            print(f"chromium_pages: the kept measure_pages.js is not there ({e}): a browser of this check's own",
                  file=sys.stderr)
    if results is None:
        results = launched(job, deps.stdout.strip(), env, deadline)
    return [(r.get("report"), r.get("error")) for r in results]


def serving():
    """The kept server is on: under scripts/test (BOOK_MEASURE_SERVE=1)."""
    return os.environ.get("BOOK_MEASURE_SERVE") == "1"


def run_check(script, deps, args):
    """`node SCRIPT DEPS ARGS...` (a browser_check.js check), as a job of the kept server when it is
    on; returns its exit status (or does not return: the check's own Node replaces this process)."""
    script = pathlib.Path(script).resolve()
    browser = chromium()
    if serving() and script in CHECKS and browser:
        env = {**os.environ, "CHROMIUM": browser}
        job = {"script": str(script), "deps": deps, "args": args, "env": env, "cwd": os.getcwd()}
        try:
            answer = served(job, deps, env, CHECK_WAIT_S)
        except (OSError, ValueError) as e:
            print(f"chromium_pages: the kept measure_pages.js is not there ({e}): a browser of this check's own",
                  file=sys.stderr)
        else:
            if "error" in answer:
                print(f"FAIL: measure_pages.js --serve: {answer['error'][-600:]}")
                return 1
            sys.stdout.write(answer["out"])
            sys.stderr.write(answer["err"])
            return answer["status"]
    sys.stdout.flush()
    os.execvp("node", ["node", str(script), deps, *args])


def launched(job, deps, env, deadline):
    """RESULTS of the job from a measure_pages.js of its own."""
    try:
        run = subprocess.run(["node", str(MEASURE_PAGES), deps], input=json.dumps(job),
                             capture_output=True, text=True, env=env, timeout=deadline + 30)
    except subprocess.TimeoutExpired:
        raise Unavailable(f"measure_pages.js still running {deadline + 30} s after its start") from None
    if run.returncode != 0:
        raise Unavailable(f"measure_pages.js (exit {run.returncode}): {run.stderr.strip()[-600:]}")
    return json.loads(run.stdout)


def server_socket(deps, env):
    """The kept server's socket: in <tmp>/book-measure-<uid>/ (0700, this user's; a socket's path
    has at most 107 bytes, the tree's may be longer), named by what a server's answers rest on (its
    script, the npm packages' lockfile, Node and the browser) and the tree (one server per tree):
    names, never a folder's time."""
    folder = pathlib.Path(tempfile.gettempdir()) / f"book-measure-{os.getuid()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    owned = folder.lstat()
    if owned.st_uid != os.getuid() or owned.st_mode & 0o077 or folder.is_symlink():
        raise OSError(f"{folder} is not this user's private folder")
    key = hashlib.sha256(MEASURE_PAGES.read_bytes() + BROWSER_CHECK.read_bytes() +
                         (NPM_DEPS.parent / "package-lock.json").read_bytes())
    for part in (str(HERE.parent.parent), deps, env["CHROMIUM"],
                 shutil.which("node") or "node"):
        key.update(part.encode() + b"\0")
        if os.path.isfile(part):  # a program (Node, the browser): another build is another server
            stat = os.stat(part)
            key.update(f"{stat.st_size} {stat.st_mtime_ns}\0".encode())
    return folder / f"{key.hexdigest()[:24]}.sock"


def ask(path, job, deadline):
    """The server's answer to the job; OSError when it is not there."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
        client.settimeout(deadline + 30)
        client.connect(str(path))
        client.sendall(json.dumps(job).encode())
        client.shutdown(socket.SHUT_WR)
        reply = b"".join(iter(lambda: client.recv(1 << 16), b""))
    return json.loads(reply)


def answering(path):
    """True when a server listens on PATH."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        try:
            probe.connect(str(path))
            return True
        except (ConnectionRefusedError, FileNotFoundError):
            return False


def served(job, deps, env, deadline):
    """The kept server's answer to the job, the server started first when none answers."""
    path = server_socket(deps, env)
    if not answering(path):
        with open(path.with_suffix(".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # one start when checks come at once; held only until it listens
            if not answering(path):
                path.unlink(missing_ok=True)  # a socket left by a server that died: no one answers on it
                with open(path.with_suffix(".log"), "w") as log:
                    idle = os.environ.get("BOOK_MEASURE_IDLE_S", str(SERVE_IDLE_S))
                    subprocess.Popen(["node", str(MEASURE_PAGES), deps, "--serve", str(path), idle],
                                     stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env,
                                     start_new_session=True)
                for _ in range(300):  # Chromium starts in about half a second
                    if answering(path):
                        break
                    time.sleep(0.05)
    return ask(path, job, deadline)


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] != "--run":
        sys.exit("usage: python3 chromium_pages.py --run CHECK.js DEPS_DIR [ARGS...]")
    sys.exit(run_check(sys.argv[2], sys.argv[3], sys.argv[4:]))
