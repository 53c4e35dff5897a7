#!/usr/bin/env python3
"""figure_labels.py CHAPTER PROGRAM_PATH
   figure_labels.py --svg FILE...

Runs a chapter program with --plot over a spread of reader flag sets (the
golden cases' and many more: every built-in machine, many topk values and
heads, extreme shapes) and measures every figure it writes:

  * no two text labels overlap,
  * no label is crossed by a drawn line (a roof, a curve, a dashed marker
    line, the plot frame; the light grid lines are meant to run under text),
  * no label covers a point marker,
  * every label lies inside the figure;

and the chapter's published figures (golden/<chapter>/*.svg) the same way.

Text extents use the metrics the programs lay labels out with
(common/src/svg.cpp text_width and common/src/label_layout.cpp text_box):
0.6 em per character, 1 em per CJK / full-width one; 0.85 em above the
baseline, 0.2 em below. A rotated label is measured as its rotated rectangle.
Each failure prints the flag set, the two things that collide and the
command to rerun. The program runs side by side (WORKERS at once, each run
writing its own file), each figure measured as soon as it is written.
"""
import math
import os
import re
import subprocess
import sys
import tempfile
import tomllib
import xml.etree.ElementTree as ET

from side_by_side import side_by_side  # common/tests/side_by_side.py

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORKERS = 4
NS = "{http://www.w3.org/2000/svg}"
GRID_COLORS = {"#d8d8dc", "#eeeef0"}  # drawn under everything, text may sit on them
TOLERANCE = 0.5  # pixels two shapes may touch by (rounding to two decimals, anti-aliasing)

PROFILES = sorted(f for f in os.listdir(os.path.join(REPO, "common/profiles")) if f.endswith(".yaml"))
BUILTIN = [p[:-5] for p in PROFILES]
# Profiles at the edges of the ranges the loader accepts (common/tests/profiles).
EXTREME = ["common/tests/profiles/extreme-slow-memory.yaml", "common/tests/profiles/extreme-slow-compute.yaml"]


def flag_sets(chapter):
    """The flag sets of [figure_labels] in chapters/<chapter>/chapter.toml: `sets` as they
    are, then every combination of each [[figure_labels.product]]'s parts."""
    with open(os.path.join(REPO, "chapters", chapter, "chapter.toml"), "rb") as f:
        data = tomllib.load(f).get("figure_labels")
    if not data:
        raise SystemExit(f"figure_labels.py: chapters/{chapter}/chapter.toml has no [figure_labels] flag sets")
    named = {
        "@machines": [["--machine", m] for m in BUILTIN],
        "@profiles": [["--profile", f"common/profiles/{p}"] for p in PROFILES],
        "@extreme-profiles": [["--profile", p] for p in EXTREME],
    }
    sets = [list(s) for s in data.get("sets", [])]
    for product in data.get("product", []):
        combos = [[]]
        for part in product["parts"]:
            if isinstance(part, str) and part not in named:
                raise SystemExit(f"figure_labels.py: chapters/{chapter}/chapter.toml: unknown part {part!r} "
                                 f"(accepted: a list of flag lists, {', '.join(named)})")
            alternatives = named[part] if isinstance(part, str) else part
            combos = [c + list(a) for c in combos for a in alternatives]
        sets += combos
    return sets


def wide(cp):
    return (0x1100 <= cp <= 0x115F or 0x2E80 <= cp <= 0xA4CF or 0xAC00 <= cp <= 0xD7A3 or 0xF900 <= cp <= 0xFAFF
            or 0xFE30 <= cp <= 0xFE4F or 0xFF00 <= cp <= 0xFF60 or 0xFFE0 <= cp <= 0xFFE6
            or 0x20000 <= cp <= 0x3FFFD)


def text_width(text, size):
    return sum(1.0 if wide(ord(c)) else 0.6 for c in text) * size


def rotate(point, angle_deg, centre):
    a = math.radians(angle_deg)
    x, y = point[0] - centre[0], point[1] - centre[1]
    return (centre[0] + x * math.cos(a) - y * math.sin(a), centre[1] + x * math.sin(a) + y * math.cos(a))


def shrink(poly, by):
    cx = sum(p[0] for p in poly) / len(poly)
    cy = sum(p[1] for p in poly) / len(poly)
    out = []
    for x, y in poly:
        dx, dy = x - cx, y - cy
        d = math.hypot(dx, dy)
        out.append((x - dx / d * by, y - dy / d * by) if d > by else (cx, cy))
    return out


def axes_of(poly):
    axes = []
    for i in range(len(poly)):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % len(poly)]
        if (x1, y1) != (x2, y2):
            axes.append((y1 - y2, x2 - x1))
    return axes


def overlap(a, b):
    """Separating-axis test for two convex polygons (a segment is a two-point polygon)."""
    for ax in axes_of(a) + axes_of(b):
        pa = [p[0] * ax[0] + p[1] * ax[1] for p in a]
        pb = [p[0] * ax[0] + p[1] * ax[1] for p in b]
        if max(pa) <= min(pb) or max(pb) <= min(pa):
            return False
    return True


def parse_rotation(transform):
    if not transform:
        return 0.0, None
    inner = transform[transform.index("(") + 1:transform.index(")")].split()
    return float(inner[0]), (float(inner[1]), float(inner[2]))


def measure(svg_text):
    root = ET.fromstring(svg_text)
    width, height = float(root.get("width")), float(root.get("height"))
    labels, segments, markers = [], [], []
    for el in root.iter():
        tag = el.tag.replace(NS, "")
        if tag == "text":
            x, y = float(el.get("x")), float(el.get("y"))
            size = float(el.get("font-size", "12"))
            # A subscript (h_q's q) is a <tspan> of its own size; the text after it another <tspan>.
            content = "".join(el.itertext())
            w = text_width(el.text or "", size)
            for span in el:
                w += text_width(span.text or "", float(span.get("font-size", size)))
                w += text_width(span.tail or "", size)
            anchor = el.get("text-anchor", "start")
            left = x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0.0)
            poly = [(left, y - 0.85 * size), (left + w, y - 0.85 * size), (left + w, y + 0.2 * size),
                    (left, y + 0.2 * size)]
            angle, centre = parse_rotation(el.get("transform"))
            if angle:
                poly = [rotate(p, angle, centre) for p in poly]
            labels.append((content, poly))
        elif tag in ("line", "polyline"):
            if el.get("stroke") in GRID_COLORS or not el.get("stroke"):
                continue
            if tag == "line":
                pts = [(float(el.get("x1")), float(el.get("y1"))), (float(el.get("x2")), float(el.get("y2")))]
            else:
                pts = [tuple(float(v) for v in p.split(",")) for p in el.get("points").split()]
            name = f"<{tag} stroke={el.get('stroke')}>"
            segments += [(name, [pts[i - 1], pts[i]]) for i in range(1, len(pts))]
        elif tag == "circle":
            cx, cy, r = float(el.get("cx")), float(el.get("cy")), float(el.get("r"))
            markers.append((f"<circle at {cx:.0f},{cy:.0f}>", [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r),
                                                              (cx - r, cy + r)]))
        elif tag == "polygon":  # a triangle or diamond marker
            pts = [tuple(float(v) for v in p.split(",")) for p in el.get("points").split()]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            markers.append((f"<polygon at {sum(xs) / len(xs):.0f},{sum(ys) / len(ys):.0f}>",
                            [(min(xs), min(ys)), (max(xs), min(ys)), (max(xs), max(ys)), (min(xs), max(ys))]))
        elif tag == "rect":
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            if el.get("fill") == "none":  # the plot frame: its four edges are lines
                c = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
                segments += [("<frame>", [c[i], c[(i + 1) % 4]]) for i in range(4)]
            elif not (x == 0 and y == 0 and w == width and h == height):  # not the background
                markers.append((f"<rect at {x:.0f},{y:.0f}>", [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]))

    problems = []

    def bbox(poly):
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        return min(xs), min(ys), max(xs), max(ys)

    def apart(a, b):
        return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]

    shrunk = [(t, shrink(p, TOLERANCE)) for t, p in labels]
    shrunk = [(t, p, bbox(p)) for t, p in shrunk]
    segments = [(n, seg, bbox(seg)) for n, seg in segments]
    markers = [(n, shrink(box, TOLERANCE)) for n, box in markers]
    markers = [(n, box, bbox(box)) for n, box in markers]
    for i, (ta, pa, ba) in enumerate(shrunk):
        if ba[0] < 0 or ba[2] > width or ba[1] < 0 or ba[3] > height:
            problems.append(f"label {ta!r} leaves the {width:.0f}x{height:.0f} figure")
        for tb, pb, bb in shrunk[i + 1:]:
            if not apart(ba, bb) and overlap(pa, pb):
                problems.append(f"labels {ta!r} and {tb!r} overlap")
        for name, seg, bs in segments:
            if not apart(ba, bs) and overlap(pa, seg):
                problems.append(f"label {ta!r} is crossed by {name} {seg[0][0]:.1f},{seg[0][1]:.1f} -> "
                                f"{seg[1][0]:.1f},{seg[1][1]:.1f}")
                break
        for name, box, bm in markers:
            if not apart(ba, bm) and overlap(pa, box):
                problems.append(f"label {ta!r} covers {name}")
                break
    return problems


def main():
    if sys.argv[1] == "--svg":  # measure given files only: figure_labels.py --svg a.svg b.svg
        bad = 0
        for path in sys.argv[2:]:
            problems = measure(open(path, encoding="utf-8").read())
            bad += bool(problems)
            print(f"{path}: {len(problems)} problem(s)" + "".join(f"\n  {p}" for p in problems))
        return 1 if bad else 0
    chapter, program = sys.argv[1], sys.argv[2]
    failures = checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        def plot(numbered):
            """(flags, argv, the finished run, the figure's problems or None without a figure) of
            one flag set: measured here, while the other threads wait for their runs."""
            index, flags = numbered
            out = os.path.join(tmp, f"fig-{index}.svg")
            args = [program] + flags + ["--plot", out]
            run = subprocess.run(args, cwd=REPO, capture_output=True, timeout=60)
            missing = re.search(r"its compute roofs: ([^,)]+).*choose one with --roof",
                                run.stderr.decode(errors="replace"))
            if run.returncode == 2 and missing:  # a machine without the case's roof: take its first compute roof
                flags = flags + ["--roof", missing.group(1)]
                args = [program] + flags + ["--plot", out]
                run = subprocess.run(args, cwd=REPO, capture_output=True, timeout=60)
            problems = None
            if os.path.exists(out):
                with open(out, encoding="utf-8") as f:
                    problems = measure(f.read())
                os.remove(out)
            return flags, args, run, problems

        for flags, args, run, problems in side_by_side(plot, enumerate(flag_sets(chapter)), WORKERS):
            rerun = "cd " + REPO + " && " + " ".join(args[:-2]) + " --plot fig.svg"
            if run.returncode not in (0, 1) or problems is None:
                failures += 1
                print(f"FAIL: exit {run.returncode}, no figure: {run.stderr.decode(errors='replace').strip()}")
                print(f"  rerun: {rerun}")
                continue
            checked += 1
            if problems:
                failures += 1
                print(f"FAIL: {' '.join(flags) or '(defaults)'}: {len(problems)} problem(s)")
                for p in problems[:8]:
                    print(f"  {p}")
                print(f"  rerun: {rerun}")
    # The published figures themselves (golden/<chapter>/*.svg), as the book shows them.
    golden = os.path.join(REPO, "golden", chapter)
    for svg in sorted(f for f in os.listdir(golden) if f.endswith(".svg")):
        checked += 1
        problems = measure(open(os.path.join(golden, svg), encoding="utf-8").read())
        if problems:
            failures += 1
            print(f"FAIL: golden/{chapter}/{svg}: {len(problems)} problem(s)")
            for p in problems[:8]:
                print(f"  {p}")
            print("  regenerate it with scripts/update-golden --write once the program is fixed")
    print(f"{checked} figures measured, {failures} failed")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
