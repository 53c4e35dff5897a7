#!/usr/bin/env python3
"""check_json.py GOLDEN_JSON...

Reads op_traffic's --format json output (a golden file) with Python's own JSON
parser and recomputes every row from its "kind" and "shape" with the chapter's
formulas, in the program's order of operations, so each float must match
exactly: flops, bytes, intensity = flops / bytes, the times and the verdict on
the machine the file names, and the machine's balance point.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "common", "tests"))
from json_recheck import recheck  # noqa: E402  common/tests/json_recheck.py

ELEMENT_BYTES = {"fp32": 4.0, "fp16": 2.0, "bf16": 2.0, "fp8": 1.0, "int8": 1.0}


def ledger(kind, s):
    """(flops, bytes) of one row, as costs.cpp counts them."""
    if kind == "elementwise_add":
        e = ELEMENT_BYTES[s["dtype"]]
        return 1.0 * s["n"], 3.0 * s["n"] * e
    if kind == "pointwise_chain":
        e, n, ops = ELEMENT_BYTES[s["dtype"]], s["n"], s["ops"]
        return 1.0 * ops * n, (2.0 * n * e if s["fused"] else 2.0 * ops * n * e)
    if kind == "layernorm":
        e, elems = ELEMENT_BYTES[s["dtype"]], s["rows"] * s["hidden"]
        return 8.0 * elems, (2.0 if s["fused"] else 4.0) * elems * e
    if kind == "gemm":
        e, m, n, k = ELEMENT_BYTES[s["dtype"]], s["m"], s["n"], s["k"]
        return 2.0 * m * n * k, (m * k + k * n + m * n) * e
    if kind == "attention_prefill":
        e, bh, q, d = ELEMENT_BYTES[s["dtype"]], s["batch"] * s["heads"], s["seq_len"], s["head_dim"]
        flops = bh * (4.0 * q * q * d + 5.0 * q * q)
        scores = 0.0
        if s["materialized"]:  # written, read and written by softmax, read by PV
            scores = 2.0 * bh * q * q * e
            scores += 2.0 * bh * q * q * e
            scores += 2.0 * bh * q * q * e
        return flops, 4.0 * bh * q * d * e + scores
    if kind == "attention_decode":
        e, bh, kv, d = ELEMENT_BYTES[s["dtype"]], s["batch"] * s["heads"], s["kv_len"], s["head_dim"]
        return bh * (4.0 * kv * d + 5.0 * kv), 2.0 * bh * kv * d * e
    if kind == "adamw":
        state, grad = ELEMENT_BYTES[s["state_dtype"]], ELEMENT_BYTES[s["grad_dtype"]]
        return 15.0 * s["params"], (grad + 3.0 * state + 3.0 * state) * s["params"]
    if kind == "allreduce":
        e, w = ELEMENT_BYTES[s["grad_dtype"]], s["world"]
        return 0.0, 2.0 * s["params"] * e / w * (w - 1.0)
    raise ValueError(f"unknown kind {kind!r}")


def check(path, problems):
    # Every number as a double, as the program computes them.
    doc = json.load(open(path, encoding="utf-8"), parse_int=float)
    machine = doc["machine"]
    peak, bandwidth = machine["peak_flops_per_s"], machine["bandwidth_bytes_per_s"]
    expect = problems.expect
    expect("machine", "balance", machine["balance"], peak / bandwidth)
    if not doc["rows"]:
        problems.append("no rows")
    for row in doc["rows"]:
        where = row["name"]
        flops, nbytes = ledger(row["kind"], row["shape"])
        memory_time, compute_time = nbytes / bandwidth, flops / peak
        expect(where, "flops", row["flops"], flops)
        expect(where, "bytes", row["bytes"], nbytes)
        expect(where, "intensity", row["intensity"], flops / nbytes)
        expect(where, "memory_time_s", row["memory_time_s"], memory_time)
        expect(where, "compute_time_s", row["compute_time_s"], compute_time)
        expect(where, "sol_time_s", row["sol_time_s"], max(memory_time, compute_time))
        expect(where, "bound", row["bound"], "memory-bound" if memory_time >= compute_time else "compute-bound")


if __name__ == "__main__":
    recheck(check, "every row recomputed from its shape", __doc__)
