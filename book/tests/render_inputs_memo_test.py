#!/usr/bin/env python3
"""render_inputs_memo_test.py WORK_DIR: book/render-inputs keeps its render cache (BOOK_CHECK_MEMO)
only from a run that passed under the same check (render_inputs.reused_work):
  1. no record of a passing run: the work folder is emptied (the fonts alone kept);
  2. a passing run's record with this check's digest: the cache is kept, the rest emptied, and
     the record consumed (a run that fails after it leaves none);
  3. a record written by another version of the check: emptied again.
"""
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import render_inputs  # noqa: E402


def plant(work, record=None):
    shutil.rmtree(work, ignore_errors=True)
    for rel in ("out/.cache/02-op-traffic.html.json", "out/.cache/fonts.json", "out/html/index.html", "traces/1.trace"):
        (work / rel).parent.mkdir(parents=True, exist_ok=True)
        (work / rel).write_text("x", encoding="utf-8")
    if record is not None:
        (work / render_inputs.PASSED).write_text(record, encoding="utf-8")


def main(work):
    work = Path(work).resolve()
    failures = []
    plant(work)
    if render_inputs.reused_work(work) or (work / "out/.cache/02-op-traffic.html.json").exists() \
            or not (work / "out/.cache/fonts.json").exists():
        failures.append("step 1: without a passing run's record the cache was kept (or the fonts lost)")
    plant(work, render_inputs.checker_digest())
    kept = render_inputs.reused_work(work)
    if not kept or not (work / "out/.cache/02-op-traffic.html.json").exists():
        failures.append("step 2: a passing run's cache was not kept")
    if (work / "out/html").exists() or (work / "traces").exists() or (work / render_inputs.PASSED).exists():
        failures.append("step 2: the last run's pages, traces or record were left behind")
    plant(work, "another version of the check")
    if render_inputs.reused_work(work) or (work / "out/.cache/02-op-traffic.html.json").exists():
        failures.append("step 3: a record of another version of the check kept the cache")
    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    shutil.rmtree(work, ignore_errors=True)
    print("render-inputs-memo: ok (the cache kept only from a passing run of the same check)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
