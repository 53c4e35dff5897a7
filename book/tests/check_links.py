#!/usr/bin/env python3
"""check_links.py PAGE.html|HTML_DIR...: every link of each page (a folder: its *.html) to another
page of the book (a relative `x.html` or `x.html#id`, or `#id`) reaches a file that exists and,
when it names one, an element with that id. And every page reaches the book's back matter: a link
named 术语表 to the glossary's heading, one named 版权页 to the colophon's, and one named 参考文献
to the whole book's bibliography, which lists every entry of book/sources/references.yaml (not a
chapter's own, numbered for that chapter alone). Prints each fault; exits 1 if any."""
import html.parser
import re
import sys
from pathlib import Path

REFERENCES = Path(__file__).resolve().parent.parent / "sources" / "references.yaml"
BACK_MATTER = ("术语表", "版权页", "参考文献")


class Collector(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.ids, self.texts = [], set(), {}  # texts: id -> the text of its element
        self.open = []  # [id, tag, depth, text pieces] of the elements with an id still open
        self.link = None  # [href, text pieces] of the <a> open
        self.named = []  # (href, text) of every link
        self.entries = {}  # id of a heading -> the bibliography entries (ref-ID) under it
        self.last_heading = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for o in self.open:
            if o[1] == tag:
                o[2] += 1
        if attrs.get("id"):
            self.ids.add(attrs["id"])
            self.open.append([attrs["id"], tag, 1, []])
            if re.fullmatch(r"h[1-6]", tag):
                self.last_heading = attrs["id"]
            if attrs["id"].startswith("ref-") and self.last_heading is not None:
                self.entries.setdefault(self.last_heading, set()).add(attrs["id"][4:])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
            self.link = [attrs["href"], []]

    def handle_endtag(self, tag):
        for o in list(self.open):
            if o[1] == tag:
                o[2] -= 1
                if o[2] == 0:
                    self.texts[o[0]] = "".join(o[3]).strip()
                    self.open.remove(o)
        if tag == "a" and self.link:
            self.named.append((self.link[0], "".join(self.link[1]).strip()))
            self.link = None

    def handle_data(self, data):
        for o in self.open:
            o[3].append(data)
        if self.link:
            self.link[1].append(data)


def parse(path, cache={}):
    if path not in cache:
        collector = Collector()
        collector.feed(path.read_text(encoding="utf-8"))
        cache[path] = collector
    return cache[path]


def back_matter(page, own, entries):
    """The faults of PAGE's links to the glossary, the colophon and the whole book's 参考文献."""
    out = []
    for name in BACK_MATTER:
        hrefs = [href for href, text in own.named if text == name]
        if not hrefs:
            out.append(f"{page.name}: no link named {name} (the back matter, reached from every page)")
            continue
        target, _, anchor = hrefs[0].partition("#")
        path = page.parent / target if target else page
        if not path.is_file() or anchor not in parse(path).ids:
            continue  # the dead link is reported below
        there = parse(path)
        if name != "参考文献":
            if name not in there.texts.get(anchor, ""):
                out.append(f"{page.name}: its {name} link {hrefs[0]!r} reaches an element that is not the {name}")
            continue
        missing = sorted(entries - there.entries.get(anchor, set()))
        if missing:
            out.append(f"{page.name}: its 参考文献 link {hrefs[0]!r} reaches no bibliography of the whole book "
                       f"({len(missing)} of {len(entries)} entries missing there: {', '.join(missing[:4])})")
    return out


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip().splitlines()[0])
    pages = []
    for arg in map(Path, sys.argv[1:]):
        pages += sorted(arg.glob("*.html")) if arg.is_dir() else [arg]
    entries = set(re.findall(r"^- id: (\S+)", REFERENCES.read_text(encoding="utf-8"), re.M))
    dead, checked = [], 0
    for page in pages:
        own = parse(page)
        dead += back_matter(page, own, entries)
        for href in own.links:
            if "://" in href or href.startswith("mailto:"):
                continue
            target, _, anchor = href.partition("#")
            path = page.parent / target if target else page
            checked += 1
            if not path.is_file():
                dead.append(f"{page.name}: link {href!r}: no file {path.name}")
            elif anchor and anchor not in parse(path).ids:
                dead.append(f"{page.name}: link {href!r}: {path.name} has no id {anchor!r}")
    for line in dead:
        print(line)
    print(f"{len(pages)} pages, {checked} links checked, {len(dead)} faults (dead links, back matter not reached)")
    return 1 if dead or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
