"""What a command really read and ran, observed with strace: every file it opened for reading
and every program it executed, in all its processes. A small reusable piece: the memo check
(scripts/lib/memo_trace.py) uses it for the chapters' tests; any other cache of the suite can
ask it what a step read instead of keeping a list.

Why strace and not an LD_PRELOAD shim: a shim sees only what goes through the C library's
dynamic symbols, and the chapter programs are static-pie (no loader, no preload), Go or
Node would bypass it too, and a shim must be built for every compiler; strace sees the system
calls of every process whatever it is made of, is a Debian package, and with --seccomp-bpf
only the traced calls stop the process, so a traced test costs little more than an untraced one.
"""
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field

# open/openat/openat2 that returned a descriptor, decoded by -y to its real path: `= 3</real/path>`.
OPEN = re.compile(r'^(?:open|openat|openat2|creat)\((?:[^,]*, )?"((?:[^"\\]|\\.)*)", ([A-Z_|0-9]+)(?:, [^)]*)?.*\) = \d+<(.*)>$')
EXEC = re.compile(r'^(?:execve|execveat)\((?:[^,]*, )?"((?:[^"\\]|\\.)*)", \[((?:"(?:[^"\\]|\\.)*"(?:, )?)*)\]?.*\) = 0$')
WORD = re.compile(r'"((?:[^"\\]|\\.)*)"')
WRITES = ("O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC")
ESCAPE = re.compile(rb'\\(x[0-9a-fA-F]{2}|[0-7]{1,3}|.)')
SIMPLE = {b"n": b"\n", b"t": b"\t", b"r": b"\r", b"v": b"\v", b"f": b"\f", b'"': b'"', b"\\": b"\\"}


def unescape(text):
    """strace's escaped string (-x: \\xNN for every non-ASCII byte) -> the path as str."""
    def one(match):
        code = match.group(1)
        if code[:1] == b"x":
            return bytes([int(code[1:], 16)])
        if code[:1].isdigit():
            return bytes([int(code, 8)])
        return SIMPLE.get(code, code)
    return os.fsdecode(ESCAPE.sub(one, text.encode("utf-8", "surrogateescape")))


@dataclass
class Observed:
    reads: set = field(default_factory=set)  # real paths of regular files opened for reading only
    runs: set = field(default_factory=set)  # real paths of the programs executed
    writes: set = field(default_factory=set)  # real paths opened for writing (outputs, not inputs)
    listed: set = field(default_factory=set)  # real paths of the folders opened (to list them, mostly)
    commands: list = field(default_factory=list)  # (real path, argv) of every program executed


def available():
    return shutil.which("strace") is not None


def traced(argv, log):
    """The command that runs argv under strace, its calls into the file log (parse reads it)."""
    return ["strace", "-f", "--seccomp-bpf", "-qq", "-x", "-y", "-s", "4096", "-e", "status=successful",
            "-e", "trace=open,openat,openat2,creat,execve,execveat", "-o", log, "--", *argv]


def run_traced(argv, cwd=None, env=None, timeout=None):
    """Runs argv under strace; returns (exit status, output text, Observed). argv starts with every
    signal at its default, as ctest starts a test: a run from nohup or a shell's background job
    inherits SIGHUP and SIGINT ignored, and chapters/hostile-environment's signal checks then
    wait for a program that rightly keeps an ignored signal ignored."""
    with tempfile.TemporaryDirectory(prefix="traced-") as work:
        log = os.path.join(work, "trace")
        done = subprocess.run(traced(["env", "--default-signal", *argv], log), cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=timeout)
        with open(log, encoding="utf-8", errors="surrogateescape") as f:
            observed = parse(f, cwd or os.getcwd())
    return done.returncode, done.stdout.decode("utf-8", "replace"), observed


def parse(lines, cwd):
    """An strace -f -y -x log (one call a line, `PID call(...) = result`) -> Observed."""
    observed = Observed()
    for line in lines:
        call = line.rstrip("\n").split(" ", 1)[-1].lstrip()
        match = OPEN.match(call)
        if match:
            flags, real = match.group(2), unescape(match.group(3))
            (observed.writes if any(w in flags for w in WRITES) else observed.reads).add(real)
            continue
        match = EXEC.match(call)
        if match:
            program = os.path.realpath(os.path.join(cwd, unescape(match.group(1))))
            observed.runs.add(program)
            observed.commands.append((program, [unescape(w) for w in WORD.findall(match.group(2))]))
    # A regular file only (not a folder listed, a pipe or a device), and not one it wrote itself.
    observed.listed = {p for p in observed.reads if os.path.isdir(p)}
    observed.reads = {p for p in observed.reads - observed.writes if os.path.isfile(p)}
    return observed


# Not inputs of anything: the kernel's and the devices' files, the font cache (fontconfig rebuilds it).
NOT_INPUTS = ("/proc/", "/sys/", "/dev/", "/run/", "/var/cache/fontconfig/", "/root/.cache/fontconfig/")


def in_system_folders(path):
    """Whether PATH lies under /usr or /etc but /usr/local: the system's, whoever installed it."""
    return path.startswith(("/usr/", "/etc/")) and not path.startswith("/usr/local/")


def installed(path):
    """Whether PATH (a real path) is the system's: a Debian package installed it, or it lies under
    /usr or /etc but /usr/local. A record rests on such a file through the packages' versions."""
    return bool(dpkg_owner(path)) or in_system_folders(path)


def installed_among(paths):
    """The PATHS (real paths) that installed() says are the system's, from one grep over dpkg's
    lists for those outside /usr and /etc: a traced verdict's reads are mostly the tree's, and
    loading every list (dpkg_owner) to say so cost about 0.25 CPU s a run."""
    system = {p for p in paths if in_system_folders(p)}
    owners = dpkg_owners(sorted(set(paths) - system))
    return system | {p for p, package in owners.items() if package}


def source_of(path):
    """A compiled Python module stands for its source: x/__pycache__/m.cpython-311.pyc -> x/m.py."""
    folder, name = os.path.split(path)
    if os.path.basename(folder) == "__pycache__" and name.endswith(".pyc"):
        return os.path.join(os.path.dirname(folder), name.split(".", 1)[0] + ".py")
    return path


def listing(folder):
    """The names in a folder a command listed, sorted (None when it is gone): what a record keeps
    of it, so a file added to or removed from it is seen."""
    try:
        return sorted(os.listdir(folder))
    except OSError:
        return None


_owners = {}
MERGED = ("/bin/", "/sbin/", "/lib/", "/lib32/", "/lib64/", "/libx32/")  # /usr-merged: /lib -> /usr/lib


def _dpkg_names(path):
    """The names dpkg may list PATH under: itself, and on a /usr-merged system its name without /usr."""
    return [path] + ([path[4:]] if path.startswith("/usr/") and path[4:].startswith(MERGED) else [])


def dpkg_owner(path):
    """The Debian package that installed PATH (a real path), or None. dpkg lists a file under
    the name its package gives it: /lib/x86_64-linux-gnu/libc.so.6 is /usr/lib/... on a
    /usr-merged system, so both names are looked up."""
    if not _owners:
        info = "/var/lib/dpkg/info"
        for name in os.listdir(info) if os.path.isdir(info) else []:
            if name.endswith(".list"):
                package = name[:-5].split(":", 1)[0]
                with open(os.path.join(info, name), encoding="utf-8", errors="surrogateescape") as f:
                    _owners.update(dict.fromkeys(f.read().splitlines(), package))
        _owners[""] = None  # loaded, even when empty
    for name in _dpkg_names(path):
        if name in _owners:
            return _owners[name]
    return None


def dpkg_owners(paths):
    """{path: the Debian package that installed it, or None} for a few PATHS (real paths, looked
    up under both names on a /usr-merged system, as dpkg_owner does), from one grep over dpkg's
    file lists: loading all of them (over a thousand) into Python, as dpkg_owner does once for
    its many lookups, took about a CPU second for the gate's handful of tools."""
    names = {path: _dpkg_names(path) for path in paths}
    info = "/var/lib/dpkg/info"
    lists = sorted(os.path.join(info, n) for n in os.listdir(info) if n.endswith(".list")) if os.path.isdir(info) else []
    found = {}
    if lists and names:
        wanted = "".join(f"{name}\n" for group in names.values() for name in group)
        done = subprocess.run(["grep", "-HxF", "-f", "-", *lists], input=wanted.encode("utf-8", "surrogateescape"),
                              capture_output=True)
        for line in done.stdout.decode("utf-8", "surrogateescape").splitlines():
            listed, sep, name = line.partition(".list:")
            if sep:
                found.setdefault(name, os.path.basename(listed).split(":", 1)[0])
    return {path: next((found[name] for name in group if name in found), None) for path, group in names.items()}
