#!/usr/bin/env python3
"""wasm_fresh.py BUILD_DIR TARGET...: exit 0 when each TARGET (a program's .js, relative to the wasm
build folder) is as new as every file ninja knows it is made from, else 1 naming the newest such
file: a page must never run a program older than the outputs it shows (book/run/assets.sh).
`ninja -n` cannot answer it (CMake's CONFIGURE_DEPENDS globs always plan a re-run), so this reads
what ninja recorded: `ninja -t query` once per level of the graph, and `ninja -t deps`."""
import functools
import os
import subprocess
import sys


def ninja(build, *args):
    return subprocess.run(["ninja", "-C", build, *args], capture_output=True, text=True, check=True,
                          env=dict(os.environ, LC_ALL="C")).stdout.splitlines()


def direct_inputs(build, nodes):
    """{node: (the rule of the edge that makes it, its direct inputs: explicit, implicit and
    order-only)} from one `ninja -t query`; a source file has no edge (rule None)."""
    found, node, section = {}, None, None
    for line in ninja(build, "-t", "query", *nodes):
        if not line.startswith(" "):
            node, section = line.rstrip(":"), None
            found[node] = (None, [])
        elif line.startswith("  ") and not line.startswith("    "):
            section, _, rule = (part.strip() for part in line.partition(":"))  # input: RULE / outputs: / ...
            if section == "input":
                found[node] = (rule, [])
        elif section == "input":
            found[node][1].append(line.strip().removeprefix("|| ").removeprefix("| "))
    return found


def recursive_inputs(build, targets):
    """{target: every input it has, recursively}: what `ninja -t inputs TARGET` lists (it walks
    through a phony edge without listing that edge's inputs)."""
    direct, level = {}, set(targets)
    while level:
        direct.update(direct_inputs(build, sorted(level)))
        level = {i for node in level for i in direct.get(node, (None, []))[1]} - direct.keys()
    closure = {}

    def reach(node):
        if node not in closure:
            closure[node] = set()  # a cycle (ninja refuses them) would stop here
            rule, inputs = direct.get(node, (None, []))
            for i in inputs:
                closure[node] |= reach(i) | (set() if rule == "phony" else {i})
        return closure[node]

    return {target: reach(target) for target in targets}


def main(build, targets):
    # The programs share most of their inputs: each path is stat'ed once, not once per program.
    absolute = functools.lru_cache(maxsize=None)(lambda name: os.path.abspath(os.path.join(build, name)))

    @functools.lru_cache(maxsize=None)
    def mtime(path):
        try:
            return os.stat(path).st_mtime_ns
        except FileNotFoundError:
            return None

    deps, obj = {}, None  # object -> the files it was compiled from
    for line in ninja(build, "-t", "deps"):
        if not line.startswith(" ") and line.strip():
            obj = absolute(line.split(":", 1)[0])
        elif line.strip() and obj:
            deps.setdefault(obj, []).append(absolute(line.strip()))
    for target, names in recursive_inputs(build, targets).items():
        inputs = {absolute(p) for p in names}
        files = inputs.union(*(deps.get(p + ".o", []) for p in inputs))  # x.cxx.o compiled from x.cxx
        built = os.stat(os.path.join(build, target)).st_mtime_ns
        newer = [p for p in files if (mtime(p) or 0) > built]
        if newer:
            print(f"{max(newer, key=mtime)} is newer than {target}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
