#!/usr/bin/env python3
"""check_links.py PAGE.html...: every link of each page to another page of the book
(a relative `x.html` or `x.html#id`, or `#id`) reaches a file that exists and, when it
names one, an element with that id. Prints each dead link; exits 1 if any."""
import html.parser
import sys
from pathlib import Path


class Collector(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])


def parse(path):
    collector = Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip().splitlines()[0])
    dead, checked = [], 0
    for page in map(Path, sys.argv[1:]):
        own = parse(page)
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
    print(f"{checked} links checked, {len(dead)} dead")
    return 1 if dead or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
