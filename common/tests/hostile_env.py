#!/usr/bin/env python3
"""hostile_env.py NAME PROGRAM [ARGS...] [:: NAME PROGRAM [ARGS...]]...

Programs in a reader's hostile environment; ARGS are a valid command line
for PROGRAM (with no --plot). Which checks a program gets follows from its flag
table (PROGRAM_flag_table beside it): the --plot checks when it has --plot, the
--profile checks when it has --profile. ctest's chapters/hostile-environment gives every
chapter's program at once: one interpreter start-up for the book. Checks:

  * --profile on a named pipe, a device and a directory exits 2 with one line
    (a FIFO open used to block forever; a 20 s guard turns a hang into a failure);
  * a failed write to stdout (/dev/full) exits non-zero with exactly
    "NAME: error: cannot write standard output: No space left on device",
    for the normal output and for --help;
  * a non-blocking stdout (EAGAIN) is waited on, not an error: --help into a
    one-page pipe that is already full;
  * a closed pipe ends quietly: killed by SIGPIPE, or, with SIGPIPE ignored,
    exit 141 and nothing on stderr;
  * --plot through a symbolic link replaces its target and keeps the link;
    onto a link to /dev/full or onto a directory it exits 2 with nothing on
    stdout and the target untouched; no temporary file is ever left behind;
    a read-only file is refused and kept (as root, who may write it, the
    program runs as nobody through setpriv; skipped without setpriv);
  * issue 23: --plot onto the --profile file (by name or through a link) is
    refused naming both flags, the profile untouched; with stdout failing
    (/dev/full) the old SVG stays; SIGTERM, SIGINT or SIGHUP while stdout
    blocks leaves no temporary; a 250-byte file name works; a replaced file
    keeps its mode, its owner (as root) and its hard links; a write the disk
    refuses (RLIMIT_FSIZE: "File too large") exits 1 with the OS's reason;
    the largest figure the limits accept takes under 1.5 s of CPU (the goal
    is 0.2 s on the default preset; the margin is for ASan and a busy machine),
    and with too little memory for it ends "out of memory", exit 1.

The checks are independent, each in a folder of its own, so they run side by
side, every program's together (a thread each, up to WORKERS at once): most of
their time is the program's start-up, under ASan tens of milliseconds a run.
Those that set a resource limit in the child (preexec_fn, unsafe beside
threads), measure the child's CPU time or need a pipe with no reader run alone
afterwards. A program that
fails prints what failed and the command that reruns its checks alone.
"""
import fcntl
import os
import resource
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

from chapter_filter import narrowed  # common/tests/chapter_filter.py
from side_by_side import side_by_side  # common/tests/side_by_side.py

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
READER_PROFILE = os.path.join(REPO, "common/tests/profiles/reader-gpu.yaml")
WORKERS = 4
PIPE_PAGE = 4096  # F_SETPIPE_SZ's smallest size, one page
F_SETPIPE_SZ = 1031
# The largest figure each program accepts (its list limits, or a profile's 32 roofs).
LARGEST = {
    "head_roofline": ["--heads", ",".join(str(h) for h in range(1, 257)),
                      "--topk", ",".join(str(64 * t) for t in range(1, 65))],
    "op_traffic": ["--profile", os.path.join(REPO, "common/tests/profiles/most-roofs.yaml")],
    "op_ledger": ["--profile", os.path.join(REPO, "common/tests/profiles/most-roofs.yaml")],
}


class Checks:
    """A program (NAME, PROGRAM, ARGS) and the outcomes of one group of checks on it,
    printed in the groups' order at the end."""

    def __init__(self, name, program, args, help_text):
        self.name, self.program, self.args = name, program, args
        self.help = help_text  # its --help, run once for the checks that compare with it
        self.lines = []
        self.failures = []

    def run(self, extra, **kw):
        return subprocess.run([self.program] + self.args + extra, capture_output=True, timeout=20, **kw)

    def check(self, what, ok, detail=""):
        self.lines.append(("ok   " if ok else "FAIL ") + what + ("" if ok else f": {detail}"))
        if not ok:
            self.failures.append(what)

    def note(self, line):
        self.lines.append(line)


def one_error_line(r):
    return r.returncode == 2 and r.stdout == b"" and r.stderr.count(b"\n") == 1


def profile_kinds(c, tmp):
    """--profile on a FIFO, a device and a directory: exit 2 with one line, never a hang."""
    fifo = os.path.join(tmp, "fifo.yaml")
    os.mkfifo(fifo)
    for path in (fifo, "/dev/null", tmp):
        r = subprocess.run([c.program, "--profile", path] + c.args, capture_output=True, timeout=20)
        c.check(f"--profile {path} exits 2 with one line", one_error_line(r) and b"--profile" in r.stderr,
                r.stderr.decode(errors="replace"))


def full_stdout(c, extra):
    with open("/dev/full", "wb") as full:
        r = subprocess.run([c.program] + (extra or c.args), stdout=full, stderr=subprocess.PIPE, timeout=20)
    want = f"{c.name}: error: cannot write standard output: No space left on device\n".encode()
    c.check(f"{' '.join(extra) or 'output'} > /dev/full fails with one line", r.returncode == 1 and r.stderr == want,
            f"exit {r.returncode}, stderr {r.stderr!r}")


def closed_pipe(c, ignore):
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the program writes
    # This interpreter ignores SIGPIPE; subprocess restores the default in the child
    # unless restore_signals=False, which leaves it ignored (no preexec_fn, so thread-safe).
    r = subprocess.run([c.program] + c.args, stdout=write_end, stderr=subprocess.PIPE, timeout=20,
                       restore_signals=not ignore)
    os.close(write_end)
    want = 141 if ignore else -signal.SIGPIPE
    c.check(f"a closed pipe ends quietly (SIGPIPE {'ignored' if ignore else 'default'})",
            r.returncode == want and r.stderr == b"", f"exit {r.returncode}, stderr {r.stderr!r}")


def sleeping(proc):
    """The process waits in the kernel (state S): for --help, whose only system call that
    can wait is the poll for room in stdout, that is the poll."""
    try:
        with open(f"/proc/{proc.pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] == b"S"
    except OSError:
        return True


def nonblocking_stdout(c):
    """--help into a non-blocking one-page pipe that is full: the program's first write
    meets EAGAIN and it must wait for room, never fail. The pipe is read only once the
    program waits (or has ended), whatever the machine's speed: no fixed sleep."""
    expected = c.help
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, F_SETPIPE_SZ, PIPE_PAGE)
    filler = b"#" * PIPE_PAGE
    os.write(write_end, filler)
    fcntl.fcntl(write_end, fcntl.F_SETFL, fcntl.fcntl(write_end, fcntl.F_GETFL) | os.O_NONBLOCK)
    proc = subprocess.Popen([c.program, "--help"], stdout=write_end, stderr=subprocess.PIPE)
    os.close(write_end)
    deadline = time.monotonic() + 20
    while proc.poll() is None and not sleeping(proc) and time.monotonic() < deadline:
        time.sleep(0.001)
    got = b""
    while chunk := os.read(read_end, 65536):
        got += chunk
    os.close(read_end)
    proc.wait(timeout=20)
    got = got[len(filler):] if got.startswith(filler) else got
    c.check("a non-blocking, full stdout pipe gets the whole output", proc.returncode == 0 and got == expected,
            f"exit {proc.returncode}, {len(got)} of {len(expected)} bytes, {proc.stderr.read()!r}")
    proc.stderr.close()


def plot_links(c, tmp):
    figures = os.path.join(tmp, "figures")
    os.mkdir(figures)
    real = os.path.join(figures, "real.svg")
    with open(real, "w") as f:
        f.write("old")
    link = os.path.join(tmp, "link.svg")
    os.symlink(real, link)
    r = c.run(["--plot", link])
    c.check("--plot through a symlink replaces its target", r.returncode == 0 and os.path.islink(link)
            and open(real).read().startswith("<?xml"), f"exit {r.returncode}, {r.stderr!r}")
    c.check("no temporary file beside the target", sorted(os.listdir(figures)) == ["real.svg"], os.listdir(figures))


def plot_onto_full(c, tmp):
    full_link = os.path.join(tmp, "full.svg")
    os.symlink("/dev/full", full_link)
    r = c.run(["--plot", full_link])
    c.check("--plot onto a link to /dev/full exits 2", one_error_line(r) and b"--plot" in r.stderr, r.stderr)


def plot_onto_directory(c, tmp):
    os.mkdir(os.path.join(tmp, "dir.svg"))
    r = c.run(["--plot", os.path.join(tmp, "dir.svg")])
    c.check("--plot onto a directory exits 2", one_error_line(r) and b"--plot" in r.stderr, r.stderr)


def plot_onto_read_only(c, tmp):
    locked = os.path.join(tmp, "locked.svg")
    with open(locked, "w") as f:
        f.write("old")
    os.chmod(locked, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    as_user = []
    if os.geteuid() == 0:  # root may write the file: run the program as nobody, when setpriv can
        setpriv = shutil.which("setpriv")
        if setpriv:
            for folder in (os.path.dirname(tmp), tmp):  # nobody must reach the file to be refused by its mode
                os.chmod(folder, 0o755)
            os.chown(locked, 65534, 65534)
            as_user = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    if os.geteuid() == 0 and not as_user:
        c.note("skip --plot onto a read-only file: running as root, who may write it, and no setpriv")
        return
    r = subprocess.run(as_user + [c.program] + c.args + ["--plot", locked], capture_output=True, timeout=20)
    c.check("--plot onto a read-only file exits 2 and keeps it" + (" (as nobody)" if as_user else ""),
            one_error_line(r) and b"Permission denied" in r.stderr and open(locked).read() == "old", r.stderr)


OLD_SVG = b"<svg>old</svg>\n"


def old_svg(tmp, mode=None):
    svg = os.path.join(tmp, "kept.svg")
    with open(svg, "wb") as f:
        f.write(OLD_SVG)
    if mode is not None:
        os.chmod(svg, mode)
    return svg


def plot_onto_profile(c, tmp):
    """Issue 23: an output never replaces an input (for the programs that read a profile)."""
    profile = os.path.join(tmp, "profile.svg")
    shutil.copy(READER_PROFILE, profile)
    link = os.path.join(tmp, "profile-link.svg")
    os.symlink(profile, link)
    before = open(profile, "rb").read()
    for out in (profile, link):
        r = c.run(["--profile", profile, "--plot", out])
        c.check(f"--plot onto the --profile file ({'a link' if out == link else 'the same name'}) is refused",
                one_error_line(r) and b"--plot" in r.stderr and b"--profile" in r.stderr
                and open(profile, "rb").read() == before, r.stderr)


def stdout_fails_keeps_svg(c, tmp):
    svg = old_svg(tmp)
    with open("/dev/full", "wb") as full:
        r = subprocess.run([c.program] + c.args + ["--plot", svg], stdout=full, stderr=subprocess.PIPE, timeout=20)
    c.check("stdout failing leaves the old SVG (both or neither)", r.returncode == 1 and open(svg, "rb").read() == OLD_SVG,
            f"exit {r.returncode}, {r.stderr!r}")


def signal_while_blocked(c, tmp, sig):
    """stdout is a pipe we filled, so the program blocks writing it after the SVG's
    temporary is written: the signal then must remove the temporary."""
    svg = old_svg(tmp)
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, F_SETPIPE_SZ, PIPE_PAGE)
    os.set_blocking(write_end, False)
    try:
        while os.write(write_end, b"x" * PIPE_PAGE):
            pass
    except BlockingIOError:
        pass
    os.set_blocking(write_end, True)
    # The signal at its default in the program, whatever this script inherited (run from nohup or
    # a background job, SIGHUP or SIGINT arrive ignored, and an ignored signal rightly stays so).
    default = f"--default-signal={signal.Signals(sig).name.removeprefix('SIG')}"
    proc = subprocess.Popen(["env", default, c.program] + c.args + ["--plot", svg], stdout=write_end,
                            stderr=subprocess.PIPE)
    os.close(write_end)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and proc.poll() is None and not any(".tmp-" in f for f in os.listdir(tmp)):
        time.sleep(0.002)
    staged = [f for f in os.listdir(tmp) if ".tmp-" in f]
    proc.send_signal(sig)
    proc.wait(timeout=20)
    proc.stderr.close()
    os.close(read_end)
    left = [f for f in os.listdir(tmp) if ".tmp-" in f]
    c.check(f"{signal.Signals(sig).name} while stdout blocks removes the temporary and keeps the SVG",
            staged and not left and proc.returncode == -sig and open(svg, "rb").read() == OLD_SVG,
            f"staged {staged}, left {left}, exit {proc.returncode}")


def long_name(c, tmp):
    path = os.path.join(tmp, "x" * 246 + ".svg")  # 250 bytes: NAME_MAX is 255
    r = c.run(["--plot", path])
    c.check("a 250-byte --plot name is written", r.returncode == 0 and os.path.exists(path), r.stderr)


def keeps_mode_owner_links(c, tmp):
    svg = old_svg(tmp, 0o640)
    twin = os.path.join(tmp, "twin.svg")
    os.link(svg, twin)
    if os.geteuid() == 0:
        os.chown(svg, 65534, 65534)
    r = c.run(["--plot", svg])
    info = os.stat(svg)
    c.check("a replaced SVG keeps its mode, owner and hard links",
            r.returncode == 0 and stat.S_IMODE(info.st_mode) == 0o640 and os.path.samefile(svg, twin)
            and open(twin, "rb").read().startswith(b"<?xml")
            and (os.geteuid() != 0 or (info.st_uid, info.st_gid) == (65534, 65534)),
            f"exit {r.returncode}, mode {oct(info.st_mode)}, owner {info.st_uid}, links {info.st_nlink}")


def keeps_mode(c, tmp):
    svg = old_svg(tmp, 0o600)
    r = c.run(["--plot", svg])
    c.check("a replaced SVG with one link keeps its mode", r.returncode == 0 and
            stat.S_IMODE(os.stat(svg).st_mode) == 0o600, oct(os.stat(svg).st_mode))


# Run alone, after the others: they set limits in the child (preexec_fn) or read the
# children's CPU time, which runs beside them would add to (groups() lists them).
def disk_refuses(c, tmp):
    svg = old_svg(tmp)

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    r = c.run(["--plot", svg], preexec_fn=small_files)
    c.check("a write the disk refuses exits 1 with the OS's reason, the old file kept",
            r.returncode == 1 and r.stdout == b"" and b"File too large" in r.stderr and b"accepted" not in r.stderr
            and r.stderr.count(b"\n") == 1 and open(svg, "rb").read() == OLD_SVG, f"exit {r.returncode}, {r.stderr!r}")


def largest_figure(c, tmp):
    svg = old_svg(tmp)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([c.program] + c.args + LARGEST[c.name] + ["--plot", svg], capture_output=True, timeout=60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    c.check(f"the largest accepted figure takes under 1.5 s of CPU ({cpu:.2f} s)", r.returncode == 0 and cpu < 1.5,
            f"exit {r.returncode}, {r.stderr[:300]!r}")
    # Too little memory for it (RLIMIT_AS; not under ASan, which needs terabytes of address
    # space to start): one line and exit 1, or enough after all, never "internal error".
    if b"__asan_init" in open(c.program, "rb").read():
        return
    for megabytes in (12, 16, 24):
        limit = megabytes << 20
        r = subprocess.run([c.program] + c.args + LARGEST[c.name] + ["--plot", svg], capture_output=True, timeout=60,
                           preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)))
        want = f"{c.name}: error: out of memory (the limits in --help keep every accepted input far below it)\n"
        c.check(f"with {megabytes} MB of address space: the figure, or 'out of memory' and exit 1",
                r.returncode == 0 or (r.returncode == 1 and r.stderr == want.encode() and r.stdout == b""),
                f"exit {r.returncode}, {r.stderr[:300]!r}")


def flags_of(program):
    """The flags PROGRAM's table declares, from its <program>_flag_table beside it
    (common/cmake/Chapters.cmake): a check runs on every program that has its flags."""
    table = subprocess.run([program + "_flag_table"], capture_output=True, timeout=20, check=True)
    return {line.split("\t")[0] for line in table.stdout.decode().splitlines() if line}


def groups(name, flags):
    """(check, arguments) of the side-by-side checks on program NAME, whose table declares
    FLAGS, then of those that run alone."""
    together = [(full_stdout, []), (full_stdout, ["--help"]), (nonblocking_stdout,)]
    # A closed pipe alone too: a child another thread forks holds every open descriptor
    # until it execs, the pipe's read end included, and the program would find a reader.
    alone = [(closed_pipe, False), (closed_pipe, True)]
    if "--plot" in flags:
        together += [(plot_links, "dir"), (plot_onto_full, "dir"), (plot_onto_directory, "dir"),
                     (plot_onto_read_only, "dir"), (stdout_fails_keeps_svg, "dir")]
        together += [(signal_while_blocked, "dir", sig) for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)]
        together += [(long_name, "dir"), (keeps_mode_owner_links, "dir"), (keeps_mode, "dir")]
        alone += [(disk_refuses, "dir")] + ([(largest_figure, "dir")] if name in LARGEST else [])
    if "--profile" in flags:
        together = [(profile_kinds, "dir")] + together
        if "--plot" in flags:
            together += [(plot_onto_profile, "dir")]
    return together, alone


def programs(argv):
    """[(NAME, PROGRAM, ARGS)] of `NAME PROGRAM [ARGS...] [:: NAME PROGRAM [ARGS...]]...`."""
    found, group = [], []
    for word in argv + ["::"]:
        if word != "::":
            group.append(word)
            continue
        if group:
            if len(group) < 2:
                sys.exit(__doc__)
            found.append((group[0], group[1], group[2:]))
        group = []
    if not found:  # no program given: nothing would be checked
        sys.exit(__doc__)
    return found


def main():
    targets = narrowed(programs(sys.argv[1:]), "hostile_env", lambda t: t[1])
    helps = side_by_side(lambda t: subprocess.run([t[1], "--help"], capture_output=True, timeout=20).stdout,
                         targets, WORKERS)
    targets = [(*target, help_text) for target, help_text in zip(targets, helps)]
    together, alone = [], []
    for target in targets:
        side, lone = groups(target[0], flags_of(target[1]))
        together += [(target, group) for group in side]
        alone += [(target, group) for group in lone]
    with tempfile.TemporaryDirectory() as tmp:
        def start(job):
            target, (check, *rest) = job
            c = Checks(*target)
            rest = [tempfile.mkdtemp(prefix=f"{check.__name__}-", dir=tmp) if a == "dir" else a for a in rest]
            try:
                check(c, *rest)
            except Exception as e:  # a hang (TimeoutExpired) or a broken step fails its check, not the others
                c.check(f"{check.__name__}: {type(e).__name__}", False, e)
            return c
        done = side_by_side(start, together, WORKERS) + [start(job) for job in alone]
        leftovers = [os.path.join(d, f) for d, _, files in os.walk(tmp) for f in files if ".tmp-" in f]
    failed_programs = []
    for name, program, args, _ in targets:
        mine = [c for c in done if c.program == program and c.name == name and c.args == args]
        checks = sum(1 for c in mine for line in c.lines if not line.startswith("skip"))
        failures = [f for c in mine for f in c.failures]
        print(f"== {name} ({program}): {checks} checks, {len(failures)} failed")
        for c in mine:
            for line in c.lines:
                print(line)
        if failures or not checks:
            failed_programs.append(name)
            print("rerun: cd " + shlex.quote(REPO) + " && " + shlex.join([sys.executable, os.path.abspath(__file__),
                                                                           name, program, *args]))
    if leftovers:
        print(f"FAIL no temporary file left anywhere: {leftovers}")
        failed_programs.append("(temporaries)")
    print(f"{len(targets)} programs in hostile environments, {len(failed_programs)} failed"
          + (f": {', '.join(failed_programs)}" if failed_programs else ""))
    return 1 if failed_programs else 0


if __name__ == "__main__":
    sys.exit(main())
