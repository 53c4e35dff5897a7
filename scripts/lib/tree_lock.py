"""The tree lock, flock(2) on build/.suite.lock: one tool that builds in build/ at a time in a
tree (HOLDERS), or two would overwrite each other's objects, golden runs and book. The second
waits, saying so, or stops (exit 1) with LEDGER_LOCK_WAIT=no; one its holder runs
(LEDGER_SUITE_LOCK names the same lock) does not wait.

The Python tools call hold() and release(); configure.sh's hold_tree_lock runs `tree_lock.py
TOOL FD` on a descriptor of its shell (a flock belongs to the open file: it stays held).
"""
import fcntl
import os
import sys

HOLDERS = "scripts/build-book, scripts/test, scripts/rebuild-chapter, update-golden, release-edition or preview build"


def lock_path(root):
    """By its real path: a copy of the tree whose build/ links to this one's (the docs test's) shares it."""
    return os.path.realpath(os.path.join(str(root), "build", ".suite.lock"))


def lock(fd, tool):
    """Takes the lock on the open file fd, waiting saying so, or exits 1 with LEDGER_LOCK_WAIT=no."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        if os.environ.get("LEDGER_LOCK_WAIT") == "no":
            print(f"{tool}: another {HOLDERS} is using this tree (lock: build/.suite.lock); stopped "
                  "(LEDGER_LOCK_WAIT=no)", file=sys.stderr, flush=True)
            sys.exit(1)
        print(f"{tool}: waiting for the other {HOLDERS} on this tree to finish (lock: build/.suite.lock)",
              file=sys.stderr, flush=True)
        fcntl.flock(fd, fcntl.LOCK_EX)


def hold(root, tool):
    """Takes the tree's lock for this process (and its children); returns the open file, or
    None when a parent already holds it."""
    path = lock_path(root)
    held = os.environ.get("LEDGER_SUITE_LOCK")
    if held and os.path.realpath(held) == path:
        return None
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    lock(fd, tool)  # or exits
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
