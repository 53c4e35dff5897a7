#!/usr/bin/env bash
# Usage: book/epub/cover.sh METADATA.yaml OUT.png
# The EPUB's cover, drawn at render time from the book's title, subtitle and
# author in metadata.yaml (no picture is kept in the repository): an SVG with the
# title broken after its colon, turned into a 1200×1600 PNG by rsvg-convert.
set -euo pipefail
[ $# -eq 2 ] || { sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
field() { sed -n "s/^$1: *//p" "$2" | head -n 1; }
escape() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'; }
title=$(field title "$1" | escape)
subtitle=$(field subtitle "$1" | escape)
# The author: the text of the creator whose role is author (metadata.yaml's creator list).
author=$(sed -n '/^ *- role: author/{n;s/^ *text: *//p}' "$1" | head -n 1 | escape)
[ -n "$title" ] || { echo "cover: no title: in $1" >&2; exit 1; }
# The title's two lines: up to and including its full-width colon, and the rest.
first=${title%%：*}
rest=${title#*：}
if [ "$first" = "$title" ]; then first=$title rest=; else first="$first："; fi
svg=$(mktemp --suffix=.svg)
trap 'rm -f "$svg"' EXIT
cat > "$svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600" viewBox="0 0 1200 1600">
  <rect width="1200" height="1600" fill="#f6f4ef"/>
  <rect x="0" y="0" width="1200" height="36" fill="#1f3b5a"/>
  <g font-family="Noto Sans CJK SC" fill="#1f2328">
    <text x="110" y="560" font-size="104" font-weight="700">$first</text>
    <text x="110" y="700" font-size="104" font-weight="700">$rest</text>
    <rect x="110" y="780" width="420" height="6" fill="#1f3b5a"/>
    <text x="110" y="880" font-size="40" fill="#4a5560">$subtitle</text>
    <text x="110" y="1040" font-size="48" font-weight="700" fill="#1f3b5a">$author</text>
  </g>
  <text x="110" y="1480" font-family="DejaVu Sans Mono" font-size="34" fill="#4a5560">\$ scripts/build-book</text>
</svg>
SVG
rsvg-convert --format png --width 1200 --height 1600 --output "$2.tmp" "$svg"
mv -f "$2.tmp" "$2"
