#!/usr/bin/env python3
"""hostile_env.py NAME PROGRAM [ARGS...]

A program in a reader's hostile environment; ARGS are a valid command line
for it (with no --plot). Checks:

  * --profile on a named pipe, a device and a directory exits 2 with one line
    (a FIFO open used to block forever; a 20 s guard turns a hang into a failure);
  * a failed write to stdout (/dev/full) exits non-zero with exactly
    "NAME: error: cannot write standard output: No space left on device",
    for the normal output and for --help;
  * a non-blocking stdout (EAGAIN) is waited on, not an error;
  * a closed pipe ends quietly: killed by SIGPIPE, or, with SIGPIPE ignored,
    exit 141 and nothing on stderr;
  * --plot through a symbolic link replaces its target and keeps the link;
    onto a link to /dev/full or onto a directory it exits 2 with nothing on
    stdout and the target untouched; no temporary file is ever left behind;
    a read-only file is refused and kept (as root, who may write it, the
    program runs as nobody through setpriv; skipped without setpriv).
"""
import fcntl
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

name, program, args = sys.argv[1], sys.argv[2], sys.argv[3:]
failures = []


def run(extra, **kw):
    return subprocess.run([program] + args + extra, capture_output=True, timeout=20, **kw)


def check(what, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else f": {detail}"))
    if not ok:
        failures.append(what)


def one_error_line(r):
    return r.returncode == 2 and r.stdout == b"" and r.stderr.count(b"\n") == 1


with tempfile.TemporaryDirectory() as tmp:
    if name != "head_roofline":  # the programs that read a profile
        fifo = os.path.join(tmp, "fifo.yaml")
        os.mkfifo(fifo)
        for path in (fifo, "/dev/null", tmp):
            r = subprocess.run([program, "--profile", path] + args, capture_output=True, timeout=20)
            check(f"--profile {path} exits 2 with one line", one_error_line(r) and b"--profile" in r.stderr,
                  r.stderr.decode(errors="replace"))

    for extra in ([], ["--help"]):
        with open("/dev/full", "wb") as full:
            r = subprocess.run([program] + (extra or args), stdout=full, stderr=subprocess.PIPE, timeout=20)
        want = f"{name}: error: cannot write standard output: No space left on device\n".encode()
        check(f"{' '.join(extra) or 'output'} > /dev/full fails with one line", r.returncode == 1 and r.stderr == want,
              f"exit {r.returncode}, stderr {r.stderr!r}")

    for ignore in (False, True):
        read_end, write_end = os.pipe()
        os.close(read_end)  # the reader is gone before the program writes
        pre = (lambda: signal.signal(signal.SIGPIPE, signal.SIG_IGN)) if ignore else None
        r = subprocess.run([program] + args, stdout=write_end, stderr=subprocess.PIPE, timeout=20, preexec_fn=pre)
        os.close(write_end)
        want = 141 if ignore else -signal.SIGPIPE
        check(f"a closed pipe ends quietly (SIGPIPE {'ignored' if ignore else 'default'})",
              r.returncode == want and r.stderr == b"", f"exit {r.returncode}, stderr {r.stderr!r}")

    # A non-blocking stdout with a one-page pipe, and --help (more than a page): the program
    # waits for room, never fails with EAGAIN.
    expected = subprocess.run([program, "--help"], capture_output=True, timeout=20).stdout
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, fcntl.F_SETFL, fcntl.fcntl(write_end, fcntl.F_GETFL) | os.O_NONBLOCK)
    fcntl.fcntl(write_end, 1031, 4096)  # F_SETPIPE_SZ
    proc = subprocess.Popen([program, "--help"], stdout=write_end, stderr=subprocess.PIPE)
    os.close(write_end)
    time.sleep(0.05)  # let the pipe fill
    got = b""
    while chunk := os.read(read_end, 65536):
        got += chunk
    os.close(read_end)
    proc.wait(timeout=20)
    check("a non-blocking, small stdout pipe gets the whole output", proc.returncode == 0 and got == expected,
          f"exit {proc.returncode}, {len(got)} of {len(expected)} bytes, {proc.stderr.read()!r}")
    proc.stderr.close()

    figures = os.path.join(tmp, "figures")
    os.mkdir(figures)
    real = os.path.join(figures, "real.svg")
    with open(real, "w") as f:
        f.write("old")
    link = os.path.join(tmp, "link.svg")
    os.symlink(real, link)
    r = run(["--plot", link])
    check("--plot through a symlink replaces its target", r.returncode == 0 and os.path.islink(link)
          and open(real).read().startswith("<?xml"), f"exit {r.returncode}, {r.stderr!r}")
    check("no temporary file beside the target", sorted(os.listdir(figures)) == ["real.svg"], os.listdir(figures))

    full_link = os.path.join(tmp, "full.svg")
    os.symlink("/dev/full", full_link)
    r = run(["--plot", full_link])
    check("--plot onto a link to /dev/full exits 2", one_error_line(r) and b"--plot" in r.stderr, r.stderr)
    os.mkdir(os.path.join(tmp, "dir.svg"))
    r = run(["--plot", os.path.join(tmp, "dir.svg")])
    check("--plot onto a directory exits 2", one_error_line(r) and b"--plot" in r.stderr, r.stderr)

    locked = os.path.join(tmp, "locked.svg")
    with open(locked, "w") as f:
        f.write("old")
    os.chmod(locked, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    as_user = []
    if os.geteuid() == 0:  # root may write the file: run the program as nobody, when setpriv can
        setpriv = shutil.which("setpriv")
        if setpriv:
            os.chmod(tmp, 0o755)
            os.chown(locked, 65534, 65534)
            as_user = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    if os.geteuid() == 0 and not as_user:
        print("skip --plot onto a read-only file: running as root, who may write it, and no setpriv")
    else:
        r = subprocess.run(as_user + [program] + args + ["--plot", locked], capture_output=True, timeout=20)
        check("--plot onto a read-only file exits 2 and keeps it" + (" (as nobody)" if as_user else ""),
              one_error_line(r) and b"Permission denied" in r.stderr and open(locked).read() == "old", r.stderr)
    leftovers = [f for f in os.listdir(tmp) if ".tmp-" in f]
    check("no temporary file left anywhere", not leftovers, leftovers)

print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
