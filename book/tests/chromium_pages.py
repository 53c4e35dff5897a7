"""Measures pages in ONE headless Chromium session (book/html-layout, book/epub-width).

book/tests/measure_pages.js loads the pages: Node drives Chromium through
playwright-core, installed as book/search/package-lock.json pins it by
book/search/npm-deps.sh (into $BOOK_SEARCH_DEPS or build/search-deps), the
same packages the search's tests use. A missing node, npm package or browser
is a failure with its reason, never a pass. Each check starts its own Node and
Chromium and nothing is kept running after it.
"""
import json
import os
import pathlib
import shutil
import subprocess

HERE = pathlib.Path(__file__).resolve().parent
NPM_DEPS = HERE.parent / "search" / "npm-deps.sh"
MEASURE_PAGES = HERE / "measure_pages.js"


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
    them, measure_pages.js; args: the function's argument) after it loaded.

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
    results = launched(job, deps.stdout.strip(), env, deadline)
    return [(r.get("report"), r.get("error")) for r in results]


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
