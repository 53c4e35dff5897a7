"""The tree lock of scripts/lib/configure.sh (hold_tree_lock) for the Python tools
(scripts/update-golden, scripts/preview): they build in build/ and write golden/ or
build/book/, so they wait for, or refuse beside, a running build-book, test or
rebuild-chapter, and those wait for them. The same file (build/.suite.lock), the same
flock(2), the same LEDGER_LOCK_WAIT=no (exit 1 instead of waiting) and LEDGER_SUITE_LOCK
(a tool run by a holder does not wait for itself)."""
import fcntl
import os
import sys


def lock_path(root):
    """By its real path: a copy of the tree whose build/ links to this one's (the docs test's)
    shares the lock, and a tool its holder runs there does not wait for the holder."""
    return os.path.realpath(os.path.join(str(root), "build", ".suite.lock"))


def hold(root, tool, wait=None):
    """Takes the tree's lock for this process (and its children); returns the open file, or
    None when a parent already holds it. Waits saying so, or exits 1 with LEDGER_LOCK_WAIT=no
    (wait=False refuses whatever the environment says)."""
    path = lock_path(root)
    if os.environ.get("LEDGER_SUITE_LOCK") and os.path.realpath(os.environ["LEDGER_SUITE_LOCK"]) == path:
        return None
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        if wait is False or (wait is None and os.environ.get("LEDGER_LOCK_WAIT", "yes") == "no"):
            os.close(fd)
            print(f"{tool}: another scripts/build-book, scripts/test, scripts/rebuild-chapter, update-golden or "
                  "preview build is using this tree (lock: build/.suite.lock); stopped (LEDGER_LOCK_WAIT=no)",
                  file=sys.stderr, flush=True)
            sys.exit(1)
        print(f"{tool}: waiting for the other scripts/build-book, scripts/test or scripts/rebuild-chapter on this "
              "tree to finish (lock: build/.suite.lock)", file=sys.stderr, flush=True)
        fcntl.flock(fd, fcntl.LOCK_EX)
    os.environ["LEDGER_SUITE_LOCK"] = path
    return fd


def release(fd):
    """Gives the lock back (fd from hold; None: a parent holds it, nothing to do)."""
    if fd is not None:
        os.environ.pop("LEDGER_SUITE_LOCK", None)
        os.close(fd)
