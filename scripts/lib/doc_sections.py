"""Generated sections of the docs: text a script writes between two marker lines,

    <!-- BEGIN GENERATED NAME by TOOL: written by that script, not by hand -->
    ...
    <!-- END GENERATED NAME -->

so the figures and limits the docs state come from where they are measured or
declared (scripts/bench, scripts/bench-scale, scripts/update-docs) and nobody types
them by hand. Everything outside the markers is left byte for byte as it was.
"""
import re
from pathlib import Path

BEGIN = re.compile(r"^<!-- BEGIN GENERATED (?P<name>[a-z0-9-]+) by (?P<tool>\S+): .* -->$")
END = "<!-- END GENERATED {name} -->"


class SectionError(Exception):
    """A generated section missing or malformed: the message names the file and line."""


def begin_line(name, tool):
    return f"<!-- BEGIN GENERATED {name} by {tool}: written by that script, not by hand -->"


def sections(path):
    """{name: (tool, first body line index, end line index, body text)} of every section in path."""
    lines = Path(path).read_text(encoding="utf-8").split("\n")
    found = {}
    i = 0
    while i < len(lines):
        match = BEGIN.match(lines[i])
        if match:
            name = match["name"]
            end = END.format(name=name)
            try:
                stop = lines.index(end, i + 1)
            except ValueError:
                raise SectionError(f"{path}:{i + 1}: generated section {name} has no line {end!r}") from None
            if name in found:
                raise SectionError(f"{path}:{i + 1}: generated section {name} appears twice")
            found[name] = (match["tool"], i + 1, stop, "\n".join(lines[i + 1:stop]))
            i = stop
        elif lines[i].startswith("<!-- END GENERATED"):
            raise SectionError(f"{path}:{i + 1}: {lines[i]} without its BEGIN line")
        i += 1
    return found


def write(path, name, tool, body):
    """Replaces section `name` of path with body, atomically (a temporary file renamed over it)."""
    path = Path(path)
    lines = path.read_text(encoding="utf-8").split("\n")
    current = sections(path)
    if name not in current:
        raise SectionError(f"{path}: no generated section {name} (a line {begin_line(name, tool)!r} "
                           f"and a line {END.format(name=name)!r})")
    _, first, stop, _ = current[name]
    text = "\n".join(lines[:first - 1] + [begin_line(name, tool)] + body.rstrip("\n").split("\n") + lines[stop:])
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


def provenance(argv, root):
    """The line a generated figure starts with: the command as run, the commit, the date, the machine."""
    import os
    import shlex
    import subprocess
    import time

    def git(*args):
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True)
        return done.stdout.strip() if done.returncode == 0 else ""

    commit = git("rev-parse", "--short", "HEAD") or "unknown (no git)"
    if git("status", "--porcelain", "--untracked-files=no"):
        commit += " with uncommitted changes"
    load = os.getloadavg()[0]
    return (f"Measured by `{shlex.join(argv)}` at commit {commit}, {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} "
            f"UTC, on {os.cpu_count()} cores (load average {load:.1f} when it started).")
