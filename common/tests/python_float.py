#!/usr/bin/env python3
"""python_float.py HEAD_ROOFLINE

The help of every program says numbers are read as Python's float() reads
them (whole numbers as int() does). For each string below, python3 itself is
asked; head_roofline must agree: --l2-bw (a float flag) and --cores (an
integer flag) either give the very same value in --format json, or, when
Python refuses the text or the value is not finite and > 0, exit 2 with one
line on stderr. The strings cover ASCII syntax, Unicode decimal digits
(full-width ４０９６, Arabic-Indic, Devanagari, mathematical digits) and
Unicode white space (U+3000, NBSP, U+2028, U+0085).
"""
import json
import math
import subprocess
import sys

STRINGS = [
    "5e12", " 5e12 ", "+5e12", "5_000e9", "5E12", ".5", "5.", "0", "-1", "nan", "inf", "-inf", "infinity",
    "1e400", "1e-400", "", " ", "1__0", "_1", "1_", "0x10", "1e", "1,5", "4096 4096", "nan(1)",
    "４０９６", "4096\u3000", "\u30004096", "\u00a04096\u00a0", "4096\u2028", "\u00854096", "\u2003\u20094096",
    "٤٠٩٦", "४०९६", "𝟒𝟎𝟗𝟔", "１_０００", "1.５", "1e１２", "－４０９６", "４０９６.", "٤٫٥", "4096\u3000x",
    "\x1c4096", "\x0b4096\x0c", "Ⅳ", "²", "4096\u200b", "\t4096\n", "٤٠٩٦e٣",
]


def python_float(text):
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and value > 0 else None


def python_int(text):
    try:
        value = int(text)
    except ValueError:
        return None
    return value if 0 < value < 2 ** 63 else None


def run(program, flag, text):
    r = subprocess.run([program, flag, text, "--format", "json"], capture_output=True)
    if r.returncode != 0:
        return r.returncode, r.stderr.decode("utf-8", "replace")
    return 0, json.loads(r.stdout)["constants"]


def main():
    program = sys.argv[1]
    failures = 0
    for text in STRINGS:
        for flag, key, python in (("--l2-bw", "l2_bw", python_float), ("--cores", "cores", python_int)):
            want = python(text)
            status, got = run(program, flag, text)
            ok = (status == 2 and got.count("\n") == 1) if want is None else (status == 0 and got[key] == want)
            if not ok:
                failures += 1
                shown = got if status else got[key]
                print(f"FAIL: {flag} {text!r}: python3 gives {want!r}, the program exit {status}: {shown!r}")
                print(f"  rerun: {program} {flag} {text!r} --format json")
    print(f"{2 * len(STRINGS) - failures} agree with python3, {failures} differ")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
