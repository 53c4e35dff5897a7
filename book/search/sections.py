#!/usr/bin/env python3
"""sections.py HTML_DIR: the search's documents, read from the rendered pages.

Prints a JSON list on stdout, one document per section of every page in HTML_DIR (index.html
first): {"id": "28-op-ledger.html#运行", "href": ..., "chapter": "第 28 章　...", "section": "运行",
"text": "..."}. A level-2 or level-3 heading with an id starts a section ("h2 title › h3 title");
a page's first document is its title and the text before the first such heading. Navigation,
scripts, styles, SVG and MathML's TeX are left out. The rendered HTML, not the Markdown, so the
index holds what the page shows: golden outputs, code and inserted numbers included.
"""
import html.parser
import json
import pathlib
import re
import sys

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SKIP_TAGS = {"nav", "script", "style", "svg", "annotation", "head", "template", "noscript"}
SKIP_CLASSES = {"nav", "chapter-toc", "book-search", "topbar", "skip-link"}  # the page's chrome
# Where a block ends the text gets a space; inline elements (emphasis, links, code) add
# none, so a Chinese phrase split by markup (它<strong>不测</strong>) stays one phrase.
BLOCKS = {"p", "div", "li", "ul", "ol", "pre", "table", "tr", "td", "th", "br", "blockquote", "figure",
          "figcaption", "dt", "dd", "section", "math", "h1", "h2", "h3", "h4", "h5", "h6"}


def squeeze(text):
    return re.sub(r"\s+", " ", text).strip()


class Page(html.parser.HTMLParser):
    def __init__(self, href):
        super().__init__(convert_charrefs=True)
        self.href = href
        self.stack = []  # (tag, skipped) of every open non-void element
        self.title = []  # the page's first <h1> (class="title"), or else <title>
        self.h1s = 0  # the <h1> elements begun: only the first names the page
        self.doc_title = []
        self.heading = None  # (level, id, [text]) while inside a section heading
        self.h2 = ""
        self.sections = [{"anchor": "", "section": None, "text": []}]

    def skipping(self):
        return any(skipped for _, skipped in self.stack)

    def space(self):
        if not self.skipping() and not self.heading:
            self.sections[-1]["text"].append(" ")

    def handle_starttag(self, tag, attrs):
        if tag in BLOCKS:
            self.space()
        if tag in VOID:
            return
        a = dict(attrs)
        classes = set((a.get("class") or "").split())
        skipped = tag in SKIP_TAGS or bool(classes & SKIP_CLASSES)
        self.stack.append((tag, skipped))
        if tag == "h1":
            self.h1s += 1
        if tag in ("h2", "h3") and a.get("id") and not self.skipping():
            self.heading = (int(tag[1]), a["id"], [])

    def handle_endtag(self, tag):
        if tag in BLOCKS:
            self.space()
        if tag in VOID:
            return
        # Pop to the matching element (pandoc's HTML is well formed; this only guards).
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break
        if self.heading and tag == f"h{self.heading[0]}":
            level, anchor, text = self.heading
            self.heading = None
            title = squeeze("".join(text))
            if level == 2:
                self.h2 = title
            name = title if level == 2 or not self.h2 else f"{self.h2} › {title}"
            self.sections.append({"anchor": anchor, "section": name, "text": []})

    def handle_data(self, data):
        tags = [t for t, _ in self.stack]
        if "title" in tags:
            self.doc_title.append(data)
        if self.skipping():
            return
        if "h1" in tags and self.h1s == 1 and not self.sections[-1]["anchor"]:
            self.title.append(data)
        elif self.heading:
            self.heading[2].append(data)
        else:
            self.sections[-1]["text"].append(data)


def page_documents(path):
    page = Page(path.name)
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    chapter = squeeze("".join(page.title)) or squeeze("".join(page.doc_title)) or path.stem
    docs = []
    for s in page.sections:
        text = squeeze("".join(s["text"]))
        href = f"{path.name}#{s['anchor']}" if s["anchor"] else path.name
        docs.append({"id": href, "href": href, "chapter": chapter, "section": s["section"] or chapter, "text": text})
    return docs


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: sections.py HTML_DIR")
    folder = pathlib.Path(sys.argv[1])
    pages = sorted(folder.glob("*.html"), key=lambda p: (p.name != "index.html", p.name))
    if not pages:
        sys.exit(f"sections.py: no HTML page in {folder}")
    docs = [d for p in pages for d in page_documents(p)]
    json.dump(docs, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
