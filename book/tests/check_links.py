#!/usr/bin/env python3
"""check_links.py PAGE.html|HTML_DIR...: every link of each page (a folder: its *.html) to another
page of the book (a relative `x.html` or `x.html#id`, or `#id`) reaches a file that exists and,
when it names one, an element with that id. And every page reaches the book's back matter: a link
named 术语表 to the glossary's heading, one named 版权页 to the colophon's, and one named 参考文献
to the whole book's bibliography, which lists every entry of book/sources/references.yaml (not a
chapter's own, numbered for that chapter alone). The glossary (术语表, on the index page) has
every term of book/terms.txt with its definition, sorted by 汉语拼音 (`pinyin:`; a Latin term by
its letters), each linking to an anchor at the term's first use in its chapter, not the chapter's
top, and no English in nested brackets. Prints each fault; exits 1 if any."""
import html.parser
import re
import sys
from pathlib import Path

REFERENCES = Path(__file__).resolve().parent.parent / "sources" / "references.yaml"
TERMS = Path(__file__).resolve().parent.parent / "terms.txt"


def glossary(page):
    """The faults of the 术语表 on PAGE (the index): a term without a definition, out of order,
    linking to a chapter's top, or with nested brackets."""
    text = page.read_text(encoding="utf-8")
    m = re.search(r'id="glossary".*?<ul>(.*?)</ul>', text, re.S)
    if not m:
        return [f"{page.name}: no 术语表 list"]
    records = [dict(re.findall(r"^(\w+):\s*(.*?)\s*$", r, re.M))
               for r in re.split(r"\n\s*\n", re.sub(r"(?m)^#.*\n", "", TERMS.read_text(encoding="utf-8")))]
    key = {r["term"]: (r.get("pinyin") or r["term"]).lower() for r in records if "term" in r}
    out, order = [], []
    for item in re.findall(r"<li>(.*?)</li>", m.group(1), re.S):
        term = re.sub(r"<[^>]+>", "", (re.search(r"<strong>(.*?)</strong>", item) or [None, ""])[1])
        plain = re.sub(r"<[^>]+>", "", item)
        order.append(term)
        if term not in key:
            out.append(f"{page.name}: 术语表 entry {term!r} is no term of book/terms.txt")
        if not re.search(r"）：[^。]+。见", plain):
            out.append(f"{page.name}: 术语表 entry {term!r} has no definition: {plain.strip()!r}")
        if re.search(r"（[^）]*[(（][^）]*[)）][^）]*）", plain):
            out.append(f"{page.name}: 术语表 entry {term!r} nests brackets: {plain.strip()!r}")
        href = (re.search(r'<a href="([^"]+)"', item) or [None, ""])[1]
        if "#" not in href:
            out.append(f"{page.name}: 术语表 entry {term!r} links to the top of {href!r}, not the term's first use")
    keys = [key.get(t, t) for t in order]
    if keys != sorted(keys):
        at = next(i for i in range(1, len(keys)) if keys[i] < keys[i - 1])
        out.append(f"{page.name}: the 术语表 is not sorted by 汉语拼音: {order[at - 1]!r} before {order[at]!r}")
    missing = sorted(set(key) - set(order))
    if missing:
        out.append(f"{page.name}: the 术语表 lacks {', '.join(missing)}")
    return out
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
    dead += [line for page in pages if page.name == "index.html" for line in glossary(page)]
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
