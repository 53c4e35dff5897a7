"""The tree lock: one of scripts/build-book, scripts/test, scripts/rebuild-chapter,
scripts/update-golden, scripts/release-edition and scripts/preview's builds at a time in a tree. They share build/
(and build-*/), and two at once would overwrite each other's objects, golden runs and book.
flock(2) on build/.suite.lock; the second waits, saying so, or with LEDGER_LOCK_WAIT=no stops
(exit 1). A tool that a holder runs (LEDGER_SUITE_LOCK names the same lock) does not wait.

The one implementation: the Python tools call hold() and release(); the bash ones
(scripts/lib/configure.sh's hold_tree_lock) open the lock file on a descriptor of their own and
run `tree_lock.py TOOL FD`, which locks that open file for them (a flock belongs to the open
file, so it stays held by the shell once this process has exited).
"""
import fcntl
import os
import sys

HOLDERS = "scripts/build-book, scripts/test, scripts/rebuild-chapter, update-golden, release-edition or preview build"


def lock_path(root):
    """By its real path: a copy of the tree whose build/ links to this one's (the docs test's)
    shares the lock, and a tool its holder runs there does not wait for the holder."""
    return os.path.realpath(os.path.join(str(root), "build", ".suite.lock"))


def held_by_parent(path):
    held = os.environ.get("LEDGER_SUITE_LOCK")
    return bool(held) and os.path.realpath(held) == path


def lock(fd, tool, wait=None):
    """Takes the lock on the open file fd, waiting saying so, or exits 1 with LEDGER_LOCK_WAIT=no
    (wait=False refuses whatever the environment says)."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        if wait is False or (wait is None and os.environ.get("LEDGER_LOCK_WAIT", "yes") == "no"):
            print(f"{tool}: another {HOLDERS} is using this tree (lock: build/.suite.lock); stopped "
                  "(LEDGER_LOCK_WAIT=no)", file=sys.stderr, flush=True)
            sys.exit(1)
        print(f"{tool}: waiting for the other {HOLDERS} on this tree to finish (lock: build/.suite.lock)",
              file=sys.stderr, flush=True)
        fcntl.flock(fd, fcntl.LOCK_EX)


def hold(root, tool, wait=None):
    """Takes the tree's lock for this process (and its children); returns the open file, or
    None when a parent already holds it."""
    path = lock_path(root)
    if held_by_parent(path):
        return None
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        lock(fd, tool, wait)
    except SystemExit:
        os.close(fd)
        raise
    os.environ["LEDGER_SUITE_LOCK"] = path
    return fd


def release(fd):
    """Gives the lock back (fd from hold; None: a parent holds it, nothing to do)."""
    if fd is not None:
        os.environ.pop("LEDGER_SUITE_LOCK", None)
        os.close(fd)


if __name__ == "__main__":  # tree_lock.py TOOL FD: lock the shell's open FD (configure.sh)
    if len(sys.argv) != 3 or not sys.argv[2].isdigit():
        sys.exit("usage: tree_lock.py TOOL FD")
    lock(int(sys.argv[2]), sys.argv[1])
