#!/usr/bin/env python3
"""invisible-diff.py GOLDEN ACTUAL: after a golden mismatch, names what a unified diff does
not show (golden-test.sh prints it under the diff): a CR at a line's end, tabs, trailing
spaces, no-break and other Unicode spaces, zero-width characters, a byte-order mark, and a
missing final newline. Prints nothing when the difference is all visible."""
import sys

NAMES = {"\r": "CR", "\t": "TAB", "\u00a0": "NBSP (U+00A0)", "\u200b": "ZERO WIDTH SPACE (U+200B)",
         "\ufeff": "BYTE ORDER MARK (U+FEFF)", "\u3000": "IDEOGRAPHIC SPACE (U+3000)", "\u2009": "THIN SPACE (U+2009)",
         "\u202f": "NARROW NBSP (U+202F)", "\u200d": "ZERO WIDTH JOINER (U+200D)", "\u00ad": "SOFT HYPHEN (U+00AD)"}
MARKS = {"\r": "␍", "\t": "→", "\u00a0": "⍽", "\ufeff": "[BOM]"}
MAX_LINES = 20


def invisible(line):
    """The invisible things in a line (without its \\n), as names."""
    found = [NAMES[c] for c in dict.fromkeys(line) if c in NAMES]
    body = line.rstrip("\r")
    if body != body.rstrip(" "):
        found.append(f"{len(body) - len(body.rstrip(' '))} trailing space(s)")
    return found


def marked(line):
    body = "".join(MARKS.get(c, f"<U+{ord(c):04X}>" if c in NAMES else c) for c in line)
    stripped = body.rstrip(" ")
    return stripped + "·" * (len(body) - len(stripped))


def main(golden_path, actual_path):
    golden, actual = (open(p, "rb").read().decode("utf-8", "replace") for p in (golden_path, actual_path))
    notes = []
    for name, text in (("golden", golden), ("actual", actual)):
        if text and not text.endswith("\n"):
            notes.append(f"the {name} file has no newline at its end")
    g_lines, a_lines = golden.split("\n"), actual.split("\n")
    shown = 0
    for number, (g, a) in enumerate(zip(g_lines, a_lines), 1):
        if g == a or shown >= MAX_LINES:
            continue
        only = [n for n in invisible(g) + invisible(a) if (n in invisible(g)) != (n in invisible(a))]
        if only:
            shown += 1
            notes.append(f"line {number}: golden {', '.join(invisible(g)) or 'none'} / actual {', '.join(invisible(a)) or 'none'}"
                         f"\n    golden: {marked(g)}\n    actual: {marked(a)}")
    if notes:
        print("invisible differences (␍ CR, → tab, · trailing space, ⍽ NBSP):")
        print("\n".join(f"  {n}" for n in notes))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
