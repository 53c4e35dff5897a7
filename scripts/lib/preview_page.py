"""scripts/preview's quick way to a chapter's page after an edit of its Markdown alone: the one
Pandoc run book/render.sh would make for it, run directly.

book/render.sh spends about 0.3 CPU s of bash (more at 36 chapters) around a page's Pandoc run:
the run's key, the render cache, the assets, the figures, every other page's check. When only
book/<chapter>.md changed, none of that changes what it writes but the page itself. So the
preview asks render.sh once which command it runs for a page (probe(): render.sh in a scratch
folder with scripts/lib/preview_pandoc first on PATH, which records the command and writes an
empty page) and then runs that command itself, with the edited page's name in it. The page is
byte for byte what render.sh writes (scripts/preview's test checks it). The command is asked
again after every rebuild that is not such an edit; when a file render.sh builds the command
from has changed since (stamp()), or render.sh ran no recordable pandoc, render.sh renders the
page as before. A page whose figures changed (a figure added or removed) is left to render.sh
too, which copies and prunes them.
"""
import os
import re
import shutil
from pathlib import Path

import suite

ROOT = suite.ROOT
SHIM = Path(__file__).resolve().parent / "preview_pandoc"
FIGURE = re.compile(rb'figures/[^"\s<>]+\.svg')


def stamp(wasm_dir):
    """What render.sh builds a page's command from, besides its arguments' own bytes (read by
    Pandoc when it runs): the script, what it sources, the chapter list and the run control's
    programs (book/run/assets.sh gives a page the control when they are built)."""
    files = [ROOT / "book" / "render.sh", ROOT / "book" / "run" / "assets.sh", ROOT / "book" / "chapters.sh",
             suite.CHAPTER_LIST]
    files += sorted(wasm_dir.glob("chapters/*/*.js")) if wasm_dir.is_dir() else []
    out = []
    for f in files:
        try:
            st = f.stat()
            out.append((str(f), st.st_mtime_ns, st.st_size))
        except FileNotFoundError:
            out.append((str(f), None, None))
    return out


class PageCommand:
    """render.sh's Pandoc command for one chapter's page, to run for any chapter's page."""

    def __init__(self, logs, out_dir):
        self.scratch = logs / "probe"
        self.out_dir = out_dir  # build/book
        self.wasm_dir = Path(os.environ.get("BOOK_WASM_DIR") or ROOT / "build-wasm")
        self.argv = self.source_at = self.output_at = self.stamp = None

    def probe(self, chapter, run):
        """Asks render.sh for CHAPTER's command, by run(step, command, env) (the preview's
        Builder.run: stopped with the preview, raising on failure); False (and no command)
        when it cannot tell."""
        self.argv = None
        real = shutil.which("pandoc")
        if real is None:
            return False
        shutil.rmtree(self.scratch, ignore_errors=True)
        html, record, shim_dir = self.scratch / "html", self.scratch / "record", self.scratch / "bin"
        for d in (html, record, shim_dir):
            d.mkdir(parents=True)
        (shim_dir / "pandoc").symlink_to(SHIM)
        # Every other page is there already (render.sh renders those that are not), and the
        # monospace fonts are the ones build/book has (render.sh makes them when they are not).
        for other in ["index", *(c for c, _ in suite.chapters()), "errata"]:
            if other != chapter:
                (html / f"{other}.html").touch()
        fonts = self.out_dir / ".cache" / "fonts"
        if fonts.is_dir():
            shutil.copytree(fonts, self.scratch / ".cache" / "fonts")
        before = stamp(self.wasm_dir)
        env = {"BOOK_SEARCH": "later", "PREVIEW_PANDOC_RECORD": str(record), "PREVIEW_REAL_PANDOC": real,
               "PATH": f"{shim_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
        try:
            run("ask render.sh for a page's command", ["bash", "book/render.sh", str(self.scratch), chapter], env)
        except Exception:  # noqa: BLE001 (its failure only leaves the page to render.sh)
            return False
        recorded = record / f"{chapter}.html"
        if not recorded.is_file() or stamp(self.wasm_dir) != before:
            return False
        argv = recorded.read_bytes().decode("utf-8").split("\0")[:-1]
        source = str(ROOT / "book" / f"{chapter}.md")
        sources = [i for i, a in enumerate(argv) if a == source]
        outputs = [i + 1 for i, a in enumerate(argv[:-1]) if a == "-o"]
        if len(sources) != 1 or len(outputs) != 1:
            return False
        self.argv, self.source_at, self.output_at, self.stamp = [real, *argv], sources[0] + 1, outputs[0] + 1, before
        return True

    def ready(self):
        return self.argv is not None and stamp(self.wasm_dir) == self.stamp

    def command(self, chapter, output):
        """The Pandoc command that writes CHAPTER's page to OUTPUT."""
        argv = list(self.argv)
        argv[self.source_at] = str(ROOT / "book" / f"{chapter}.md")
        argv[self.output_at] = str(output)
        return argv


def figures(page_bytes):
    """The figures a page links to (render.sh copies those and prunes the rest)."""
    return set(FIGURE.findall(page_bytes))
