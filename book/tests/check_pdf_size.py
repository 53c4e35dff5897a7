#!/usr/bin/env python3
"""check_pdf_size.py BOOK.pdf

The print edition stays small enough to download and mail: at most
MAX_BYTES for today's three chapters. What made it big were the figures,
each embedding its own CJK fonts (5.09 MB, 4.5 MB of it three figures);
book/filters/figure_svg.lua lets XeLaTeX set figure text in the book's
fonts instead. Fails naming the size, the limit and the largest embedded
fonts (pdffonts) as the likely cause.
"""
import pathlib
import subprocess
import sys

MAX_BYTES = 1_500_000


def main(pdf):
    pdf = pathlib.Path(pdf)
    size = pdf.stat().st_size
    if size <= MAX_BYTES:
        print(f"ok: {pdf} is {size / 1e6:.2f} MB (limit {MAX_BYTES / 1e6:.1f} MB)")
        return 0
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True).stdout
    print(f"FAIL: {pdf} is {size / 1e6:.2f} MB, more than {MAX_BYTES / 1e6:.1f} MB; its fonts:\n{fonts}")
    print(f"rerun: python3 book/tests/check_pdf_size.py {pdf}")
    return 1


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
