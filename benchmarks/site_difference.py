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


class _Reader(HTMLParser):
    """What a reader can reach on a page: its ids, link targets and words."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.hrefs: set[str] = set()
        self.words: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in ("script", "style"):
            self._hidden += 1
        if found.get("id"):
            self.ids.add(found["id"] or "")
        if tag == "a" and found.get("href") is not None:
            self.hrefs.add(found["href"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.words += data.split()


def _read(path: Path) -> _Reader:
    reader = _Reader()
    reader.feed(path.read_text(encoding="utf-8"))
    return reader


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
            ("ids", a.ids - b.ids, b.ids - a.ids),
            ("links", a.hrefs - b.hrefs, b.hrefs - a.hrefs),
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
