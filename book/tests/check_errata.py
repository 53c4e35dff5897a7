#!/usr/bin/env python3
"""check_errata.py HTML_DIR: the 勘误与变更 page (errata.html) lists every recorded change to a
published output (editions/edition-*.txt and editions/pending.txt) by its ID, linked to the
output, and sets a figure's change as a sentence, never as its SVG diff: pages of coordinates no
reader can read (book/filters/editions.lua), linked to the figure in its page, or saying the
book does not show it. A text output's diff lines are shown. A book with changes the last edition
did not publish (records pending, outputs it did not have) is a preview after it, never the edition
alone: the colophon (index.html) and the 勘误与变更 page say so, and the page lists every number of
the prose that changed since, old → new, each linked to the number in its page. Each entry's
reason ends as a sentence does (。)."""
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
    failures += edition_statements(html_dir, text, page)
    figures = sum(c.path.endswith(".svg") for c in changes)
    return verdict(f"{html_dir}/errata.html", failures,
                   f"errata.html: {len(changes)} recorded change(s) listed, {figures} figure(s) as a sentence, no SVG diff",
                   rerun=f"python3 book/tests/check_errata.py {html_dir}")


def edition_statements(html_dir, text, errata_html=""):
    """The colophon's 版次 and the 勘误与变更 page's newest section: a preview while the book holds
    what the last edition did not publish, with the prose numbers changed since."""
    edition = editions.latest()
    if edition is None:
        return []
    colophon = html.unescape(re.sub(r"<[^>]+>", "", (Path(html_dir) / "index.html").read_text(encoding="utf-8")))
    preview = f"第 {edition.number} 版（{edition.date}）之后的预览版"
    new = [p for _, p in editions.published_outputs() if p not in edition.outputs]
    pending = editions.load_pending()
    if not (pending or new):
        return [] if f"版次：第 {edition.number} 版，{edition.date}" in colophon else \
            [f"index.html: the colophon does not say 版次：第 {edition.number} 版，{edition.date}"]
    why = f"{len(pending)} change(s) pending, {len(new)} output(s) edition {edition.number} did not have"
    out = [] if f"版次：{preview}" in colophon else [f"index.html: the colophon does not say 版次：{preview} ({why})"]
    if f"版次：第 {edition.number} 版，" in colophon:
        out.append(f"index.html: the colophon says 版次：第 {edition.number} 版 alone ({why})")
    heading = f"{preview}：尚未发布的改动"
    if heading not in text:
        return out + [f"errata.html: no section {heading} ({why})"]
    section = text[text.index(heading):text.find(f"第 {edition.number} 版（{edition.date}）\n", text.index(heading))]
    was = {(page, key): value for page, key, value in edition.numbers}
    changed = 0
    for page, key, value in editions.prose_numbers():
        if was.get((page, key), value) != value:
            changed += 1
            if f"{was[(page, key)]} → {value}" not in section and not value.startswith("$"):
                out.append(f"errata.html: the pending changes do not list {page}'s number {key}: {was[(page, key)]} → {value}")
    # Each row old → new is one number that changed: none listed that did not (an escaping
    # difference between the edition file and the page), none set as LaTeX source.
    rows = section.count(" → ") - ("旧值 → 新值" in section)
    if rows != changed:
        out.append(f"errata.html: the pending changes list {rows} prose number(s) old → new, {changed} changed")
    # Each changed number links to its place: the chapter page's bound number there prints the new value.
    links = 0
    for row in re.findall(r'<tr class="(?:odd|even)">(.*?)</tr>', errata_html, re.S):
        link = re.search(r'href="([\w-]+)\.html#(n-[\w-]+)"', row)
        if not link:
            continue
        links += 1
        new_value = html.unescape(re.sub(r"<[^>]+>", "", row.split("</td>")[-2])).split("→")[-1].strip()
        target = Path(html_dir) / f"{link.group(1)}.html"
        held = target.is_file() and re.search(rf'<span id="{link.group(2)}" class="bound"[^>]*>(.*?)</span>',
                                              target.read_text(encoding="utf-8"), re.S)
        shown = held and html.unescape(re.sub(r"<[^>]+>", "", held.group(1))).strip()
        if not held or (shown != new_value and not new_value.startswith("$") and "math" not in held.group(1)):
            out.append(f"errata.html: the changed number {new_value} links to {link.group(1)}.html#{link.group(2)},"
                       f" which holds {shown or 'no bound number'}")
    if links != changed:
        out.append(f"errata.html: {links} changed prose number(s) link to their place, {changed} changed")
    raw = re.search(r"[^\n]*(\$|\\[a-z]+)[^\n]* → [^\n]*", section)
    if raw:
        out.append(f"errata.html: a prose number is printed as LaTeX source: {raw.group(0).strip()[:60]!r}")
    return out


if __name__ == "__main__":
    run_main(main, __doc__, 1)
