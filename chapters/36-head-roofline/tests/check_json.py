#!/usr/bin/env python3
"""check_json.py GOLDEN_JSON...

Reads head_roofline's --format json output (a golden file) with Python's own
JSON parser and recomputes every row from the constants it names, as the
report's script does (Python ints, exact int/float comparison):
  l2 bytes per core per cycle = l2_bw / cores / freq
  cores_cube_flops_per_s = cores * fma_per_cycle * 2 * freq
  cube_cycles = h_q * topk * (d + d) // fma_per_cycle
  mem_cycles  = (h_q * d * 2 * 2 + topk * d * 2) / (l2 bytes per core per cycle)
  bound       = compute-bound if cube > mem, memory-bound if cube < mem, else balanced
and checks that the rows are the --heads x --topk pairs in order; and the
threshold on a continuous h_q (floor ignored), in the program's order of
operations on doubles:
  threshold.h_q[topk] = fma * topk / (b * topk - 2 fma)   (null when b * topk <= 2 fma)
  threshold.h_q_limit = fma / b,  threshold.min_topk = 2 fma / b
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "common", "tests"))
from json_recheck import recheck  # noqa: E402  common/tests/json_recheck.py


def check(path, problems):
    doc = json.load(open(path, encoding="utf-8"))
    c = doc["constants"]
    d, cores, fma = c["d"], c["cores"], c["fma_per_cycle"]
    l2_bw, freq = float(c["l2_bw"]), float(c["freq"])
    expect = problems.expect
    per_cycle = l2_bw / cores / freq
    expect("top level", "l2_bytes_per_core_per_cycle", float(doc["l2_bytes_per_core_per_cycle"]), per_cycle)
    expect("top level", "cores_cube_flops_per_s", float(doc["cores_cube_flops_per_s"]), cores * fma * 2.0 * freq)
    pairs = [(h, t) for h in c["heads"] for t in c["topk"]]
    got_pairs = [(row["h_q"], row["topk"]) for row in doc["rows"]]
    if got_pairs != pairs:
        problems.append(f"rows are {got_pairs}, expected --heads x --topk {pairs}")
    for row in doc["rows"]:
        h, topk = row["h_q"], row["topk"]
        where = f"h_q={h} topk={topk}"
        cube = h * topk * (d + d) // fma
        mem = (h * d * 2 * 2 + topk * d * 2) / per_cycle
        if not isinstance(row["cube_cycles"], int):
            problems.append(f"{where}: cube_cycles {row['cube_cycles']!r} is not an exact integer")
        expect(where, "cube_cycles", row["cube_cycles"], cube)
        expect(where, "mem_cycles", float(row["mem_cycles"]), mem)
        bound = "compute-bound" if cube > mem else "memory-bound" if cube < mem else "balanced"
        expect(where, "bound", row["bound"], bound)
    th = doc["threshold"]
    f = float(fma)
    want_h = []
    for t in c["topk"]:
        denominator = per_cycle * float(t) - 2.0 * f
        want_h.append({"topk": t, "h_q": f * float(t) / denominator if denominator > 0.0 else None})
    expect("threshold", "h_q", th["h_q"], want_h)
    expect("threshold", "h_q_limit", float(th["h_q_limit"]), f / per_cycle)
    expect("threshold", "min_topk", float(th["min_topk"]), 2.0 * f / per_cycle)


if __name__ == "__main__":
    recheck(check, "every row recomputed from the constants", __doc__)
