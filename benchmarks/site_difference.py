"""What a reader could reach on two builds of the same collection, compared page by page:
the words a page shows, the links it has (their targets) and the ids it carries (what a
link can land on).

Builds the synthetic collection (``synthetic.py``) with this checkout and with another
installation of the package (``--before-python``, e.g. the code before the pages-as-HTML
rewrite), then lists, for every page of either site, the words, link targets and ids one
has and the other has not. Words are compared as sets (a page may say the same in another
order of its blocks); text in ``script`` and ``style`` is not a reader's.

    python benchmarks/site_difference.py --before-python ../before/.venv/bin/python [--reports 50 200]
"""

from __future__ import annotations

import argparse
import collections
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_build import plugin_project  # noqa: E402

#: elements that start a new line of what a reader sees (the rest flow within a line)
BLOCKS = frozenset(
    "address article aside blockquote br caption dd details dialog div dl dt fieldset figcaption figure footer form "
    "h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul".split()
)
#: attributes whose value is an address the page links to or loads
TARGETS = {"a": "href", "link": "href", "script": "src", "img": "src", "source": "src", "iframe": "src", "form": "action"}


class PageReader(HTMLParser):
    """What a reader can reach on a page: its ids and link targets in document order, its
    words and its lines of text (text in ``script`` and ``style`` is not a reader's)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.hrefs: list[str] = []  # where the page's links go (``a href``)
        self.targets: list[str] = []  # every address the page links to or loads (TARGETS)
        self.words: list[str] = []
        self.lines: list[str] = []
        self._line: list[str] = []
        self._hidden = 0
        self._pre = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in ("script", "style"):
            self._hidden += 1
        if tag in BLOCKS:
            self._break()
        if tag == "pre":
            self._pre += 1
        if found.get("id"):
            self.ids.append(found["id"] or "")
        if tag == "a" and found.get("href") is not None:
            self.hrefs.append(found["href"] or "")
        if tag in TARGETS and found.get(TARGETS[tag]) is not None:
            self.targets.append(f"{tag} {found[TARGETS[tag]]}")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in ("script", "style", "pre"):
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1
        if tag == "pre":
            self._pre -= 1
        if tag in BLOCKS:
            self._break()

    def handle_data(self, data: str) -> None:
        if self._hidden:
            return
        self.words += data.split()
        parts = data.split("\n") if self._pre else [data]
        for number, part in enumerate(parts):
            if number:
                self._break()
            self._line += part.split()

    def close(self) -> None:
        super().close()
        self._break()

    def _break(self) -> None:
        if self._line:
            self.lines.append(" ".join(self._line))
            self._line = []


def read_page(html: str) -> PageReader:
    """The page ``html`` as a reader reaches it."""
    reader = PageReader()
    reader.feed(html)
    reader.close()
    return reader


def _read(path: Path) -> PageReader:
    return read_page(path.read_text(encoding="utf-8"))


def differences(before: Path, after: Path) -> tuple[list[str], collections.Counter[str]]:
    """What only the first build has, a line per page and kind (a reader lost it); and how
    many pages have more in the second, by kind (what was added)."""
    pages_before = {p.relative_to(before) for p in before.rglob("*.html")}
    pages_after = {p.relative_to(after) for p in after.rglob("*.html")}
    lost = [f"only before: {page}" for page in sorted(pages_before - pages_after)]
    added: collections.Counter[str] = collections.Counter(pages=len(pages_after - pages_before))
    for page in sorted(pages_before & pages_after):
        a, b = _read(before / page), _read(after / page)
        for kind, gone, new in (
            ("ids", set(a.ids) - set(b.ids), set(b.ids) - set(a.ids)),
            ("links", set(a.hrefs) - set(b.hrefs), set(b.hrefs) - set(a.hrefs)),
            ("words", set(a.words) - set(b.words), set(b.words) - set(a.words)),
        ):
            if gone:
                lost.append(f"{page}: {kind} only before: {sorted(gone)[:8]}{'…' if len(gone) > 8 else ''}")
            if new:
                added[kind] += 1
    return lost, added


def build(python: str, project: Path, site: Path) -> Path:
    subprocess.run([python, "-m", "mkdocs", "build", "-q", "-d", str(site)], cwd=project, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before-python", required=True, help="a Python with the other installation of the package")
    parser.add_argument("--reports", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--records", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for count in args.reports:
            project = plugin_project(Path(tmp) / f"project-{count}", count, args.records)
            before = build(args.before_python, project, Path(tmp) / f"before-{count}")
            after = build(sys.executable, project, Path(tmp) / f"after-{count}")
            lost, added = differences(before, after)
            pages = len(list(after.rglob("*.html")))
            more = ", ".join(f"{n} with more {kind}" for kind, n in added.items() if n) or "none"
            print(f"{count} reports, {pages} pages: {len(lost)} losses; pages with something new: {more}")
            for line in lost:
                print("  " + line)


if __name__ == "__main__":
    main()
