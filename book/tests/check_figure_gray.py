#!/usr/bin/env python3
"""check_figure_gray.py [SVG...]

Every figure must survive grayscale print. For each golden SVG (default: all
of golden/*/*.svg) it finds the series: each colour the figure draws lines or
point markers in (the light grid, the frame and the white background are not
series), each with its line patterns (stroke-dasharray, solid) and its marker
shapes (circle, square, triangle up or down, diamond; filled or hollow). It
renders every series colour in grayscale with ImageMagick (`convert
-colorspace Gray`, as a reader's grayscale printout or e-ink would) and fails
when two series print within TOLERANCE gray levels (of 255) of each other AND
use the same line patterns and the same markers: a reader could not tell
them apart. The grayscale rendering of each figure is written beside the
report (--keep DIR) for looking at.
"""
import argparse
import pathlib
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from booksource import verdict

ROOT = pathlib.Path(__file__).resolve().parents[2]
NS = "{http://www.w3.org/2000/svg}"
TOLERANCE = 24  # gray levels of 255 two colours must differ by to tell apart on paper
NOT_SERIES = {"#ffffff", "#d8d8dc", "#eeeef0", "none", ""}


def marker_shape(tag, el):
    if tag == "circle":
        return "circle"
    if tag == "rect":
        return "square"
    pts = [tuple(float(v) for v in p.split(",")) for p in el.get("points").split()]
    if len(pts) == 4:
        return "diamond"
    cy = sum(p[1] for p in pts) / len(pts)
    return "triangle-up" if pts[0][1] < cy else "triangle-down"


def series_of(svg_path):
    """{colour: (frozenset of line patterns, frozenset of markers)}"""
    root = ET.parse(svg_path).getroot()
    width, height = root.get("width"), root.get("height")
    lines, markers = {}, {}
    for el in root.iter():
        tag = el.tag.replace(NS, "")
        if tag in ("line", "polyline"):
            colour = (el.get("stroke") or "").lower()
            if colour not in NOT_SERIES:
                lines.setdefault(colour, set()).add(el.get("stroke-dasharray", "solid"))
        elif tag in ("circle", "rect", "polygon"):
            fill = (el.get("fill") or "").lower()
            stroke = (el.get("stroke") or "").lower()
            if tag == "rect" and (fill == "none" or (el.get("width") == width and el.get("height") == height)):
                continue  # the plot frame, the background
            hollow = fill in NOT_SERIES
            colour = stroke if hollow else fill
            if colour in NOT_SERIES:
                continue
            markers.setdefault(colour, set()).add(("hollow " if hollow else "") + marker_shape(tag, el))
    return {c: (frozenset(lines.get(c, ())), frozenset(markers.get(c, ()))) for c in set(lines) | set(markers)}


def grays(colours, tmp):
    """Each colour as ImageMagick prints it in grayscale: 0 (black) .. 255 (white)."""
    colours = sorted(colours)
    swatch = pathlib.Path(tmp) / "swatches.svg"
    rects = "".join(f'<rect x="{10 * i}" y="0" width="10" height="10" fill="{c}"/>' for i, c in enumerate(colours))
    swatch.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="{10 * len(colours)}" height="10">{rects}</svg>')
    out = subprocess.run(["convert", str(swatch), "-colorspace", "Gray", "-depth", "8", "txt:-"], check=True,
                         capture_output=True, text=True).stdout
    values = {}
    for line in out.splitlines():
        m = re.match(r"(\d+),5: \((\d+(?:\.\d+)?)", line)
        if m and int(m.group(1)) % 10 == 5:
            values[colours[int(m.group(1)) // 10]] = float(m.group(2))
    return values


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("svgs", nargs="*")
    ap.add_argument("--keep", help="write each figure's grayscale PNG into this folder")
    args = ap.parse_args()
    svgs = [pathlib.Path(p) for p in args.svgs] or sorted(ROOT.glob("golden/*/*.svg"))
    if not svgs:
        print("check_figure_gray: no SVG to check")
        return 1
    failures, checked = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for svg in svgs:
            series = series_of(svg)
            gray = grays(series, tmp)
            if len(gray) != len(series):
                failures.append(f"{svg}: ImageMagick rendered {len(gray)} of {len(series)} colours")
                continue
            checked += 1
            names = sorted(series)
            for i, a in enumerate(names):
                for b in names[i + 1:]:
                    if abs(gray[a] - gray[b]) <= TOLERANCE and series[a] == series[b]:
                        failures.append(f"{svg.relative_to(ROOT) if svg.is_relative_to(ROOT) else svg}: series {a} and "
                                        f"{b} print as gray {gray[a]:.0f} and {gray[b]:.0f} with the same lines "
                                        f"{sorted(series[a][0])} and markers {sorted(series[a][1])}")
            if args.keep:
                pathlib.Path(args.keep).mkdir(parents=True, exist_ok=True)
                subprocess.run(["convert", str(svg), "-colorspace", "Gray",
                                str(pathlib.Path(args.keep) / (svg.parent.name + "--" + svg.stem + "-gray.png"))],
                               check=True)
    return verdict("figures in grayscale", failures,
                   f"{checked} figures: every series apart in grayscale (by gray level, line pattern or marker)",
                   rerun="python3 book/tests/check_figure_gray.py [--keep DIR] [SVG...]")


if __name__ == "__main__":
    sys.exit(main())
