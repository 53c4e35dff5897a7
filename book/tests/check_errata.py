#!/usr/bin/env python3
"""check_errata.py HTML_DIR: the 勘误与变更 page (errata.html) lists every recorded change to a
published output (editions/edition-*.txt and editions/pending.txt) by its ID, linked to the
output, and sets a figure's change as a sentence, never as its SVG diff: pages of coordinates no
reader can read (book/filters/editions.lua), linked to the figure in its page, or saying the
book does not show it. A text output's diff lines are shown. Each entry's reason ends as a
sentence does (。)."""
import html
import re
from pathlib import Path

from booksource import run_main, verdict  # also puts scripts/lib on the path
import editions  # noqa: E402


def main(html_dir):
    page = (Path(html_dir) / "errata.html").read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    changes = list(editions.load_pending())
    for n in range(1, editions.latest_number() + 1):
        changes += editions.Edition.load(n).changes
    failures = []
    for change in changes:
        if f"输出 {change.ident}" not in text:
            failures.append(f"{change.path}: 输出 {change.ident} is not listed")
        entry = re.search(rf"输出 {change.ident}（[^）]*）\s*\S+：([^\n]*)", text)
        if entry and not re.search(r"[。！？]$", entry.group(1).strip()):
            failures.append(f"{change.path}: 输出 {change.ident}'s entry does not end as a sentence (。): {entry.group(1).strip()[-40:]!r}")
        shown = [d for d in change.diff if d[:1] in "+-" and d[1:].strip() and d[1:] in text]
        if change.path.endswith(".svg"):
            if shown:
                failures.append(f"{change.path}: a figure's SVG diff is printed ({len(shown)} lines, e.g. {shown[0][:80]!r})")
            linked = f'href="{change.path.split("/")[1]}.html#out-{change.ident}"' in page
            if not linked and not re.search(rf"输出 {change.ident}（[^）]*）[^。]*。?\s*这是一张图（书中未收）", text):
                failures.append(f"{change.path}: 输出 {change.ident} neither links to the figure nor says the book does not show it")
        elif change.diff and not shown:
            failures.append(f"{change.path}: none of its diff lines is shown")
    figures = sum(c.path.endswith(".svg") for c in changes)
    return verdict(f"{html_dir}/errata.html", failures,
                   f"errata.html: {len(changes)} recorded change(s) listed, {figures} figure(s) as a sentence, no SVG diff",
                   rerun=f"python3 book/tests/check_errata.py {html_dir}")


if __name__ == "__main__":
    run_main(main, __doc__, 1)
